"""Simulation settings → many games played over the cores → a list of compact summaries.

Game ``i`` of a run with seed ``S`` is played with seed ``S + i``, so any one game can be
replayed alone (``sgs replay --seed S+i`` with the same mode, players, agents and
``--data``). The library is built once in the parent; worker processes inherit it when the
platform forks and build their own, with the same extra data, otherwise.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Generator, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sgs_tools.engine.game import Setup
from sgs_tools.engine.library import Library
from sgs_tools.engine.modes import new_game


@dataclass(frozen=True)
class Settings:
    mode: str = "identity"
    players: int = 5
    games: int = 100
    seed: int = 0
    agents: str = "random"
    generals: tuple[str, ...] | None = None
    first_game: bool = False
    step_budget: int = Setup.step_budget
    max_turns: int = Setup.max_turns
    data: tuple[str, ...] = ()
    """Extra data files or folders (``--data``) loaded with the bundled game, as given."""
    focus: tuple[str, str] | None = None
    """(general, role): that general plays the first seat of that role (sgs balance)."""

    def setup(self, seed: int) -> Setup:
        return Setup(mode=self.mode, players=self.players, seed=seed,
                     generals=list(self.generals) if self.generals else None,
                     first_game=self.first_game, agents=self.agents,
                     step_budget=self.step_budget, max_turns=self.max_turns, record=False,
                     focus=self.focus)

    def replay_command(self, seed: int) -> str:
        bits = ["sgs", "replay", "--mode", self.mode, "--players", str(self.players),
                "--seed", str(seed)]
        if self.agents != "random":
            bits += ["--agents", self.agents]
        if self.generals:
            bits += ["--generals", ",".join(self.generals)]
        if self.first_game:
            bits.append("--first-game")
        if self.focus:
            bits += ["--focus", "=".join(self.focus)]
        for path in self.data:
            bits += ["--data", path]
        return " ".join(shlex.quote(b) for b in bits)

    def library(self) -> Library:
        """The bundled game plus this run's ``--data``, as `sgs test --data` loads it."""
        return load_library([Path(p) for p in self.data])


def load_library(data: list[Path] | None = None,
                 targets: list[Path] | None = None) -> Library:
    """The bundled game plus extra data files or folders, and the expansions the target
    paths sit in (scenario files left out); the loading of every `--data` option
    (:func:`sgs_tools.project.library`)."""
    from sgs_tools import project

    return project.library(data, targets)


@dataclass
class Summary:
    """What statistics need from one game."""

    seed: int
    winning_side: str
    winners: list[int]
    turns: int
    rounds: int
    steps: int
    seats: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    error_kind: str | None = None
    error_skill: str | None = None
    skills: dict[str, list[int]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


_LIB: Library | None = None
_LIB_DATA: tuple[str, ...] = ()
_SETTINGS: Settings | None = None


def library() -> Library:
    """This process's library: loaded once, with the extra data of the current settings."""
    global _LIB, _LIB_DATA
    data = _SETTINGS.data if _SETTINGS is not None else ()
    if _LIB is None or data != _LIB_DATA:
        _LIB = _SETTINGS.library() if _SETTINGS is not None else load_library()
        _LIB_DATA = data
    return _LIB


def play_one(seed: int) -> Summary:
    settings = _SETTINGS
    assert settings is not None
    try:
        r = new_game(library(), settings.setup(seed)).play()
    except Exception as exc:  # a crash of the engine itself: reported, never fatal
        import traceback

        where = traceback.extract_tb(exc.__traceback__)[-1]
        return Summary(seed, "", [], 0, 0, 0, [],
                       f"{type(exc).__name__}: {exc} (at {os.path.basename(where.filename)}:"
                       f"{where.lineno})", "crash", None)
    return Summary(seed, r.winning_side, r.winners, r.turns, r.rounds, r.steps, r.seats,
                   r.error, r.error_kind, r.error_skill, getattr(r, "skills", {}))


def _init(settings: Settings) -> None:
    global _SETTINGS
    _SETTINGS = settings


BACKENDS = ("process", "ray")
"""Where games are played: a local process pool, or a Ray cluster (the optional
``cluster`` extra). The same seeds give the same summaries on every backend."""


def _init_worker(settings: Settings) -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool and says so once."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _init(settings)


def run(settings: Settings, workers: int | None = None,
        progress: Callable[[int, int], None] | None = None,
        lib: Library | None = None, backend: str = "process",
        address: str | None = None) -> list[Summary]:
    """Play every game; results come back in seed order. ``lib`` must hold the data of
    ``settings.data``; without it that library is loaded here. ``backend="ray"`` plays
    the same seeded chunks on a Ray cluster (``address``: an existing cluster; none: a
    local instance)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (expected {' or '.join(BACKENDS)})")
    out = list(run_iter(settings, workers, progress, lib, backend, address))
    out.sort(key=lambda s: s.seed)
    return out


def run_iter(settings: Settings, workers: int | None = None,
             progress: Callable[[int, int], None] | None = None,
             lib: Library | None = None, backend: str = "process",
             address: str | None = None) -> Generator[Summary, None, None]:
    """Play every game, yielding each summary as it finishes (in no fixed order). Seeds are
    streamed to the workers (or Ray tasks, a window at a time), so memory does not grow
    with ``settings.games``."""
    global _LIB, _LIB_DATA
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (expected {' or '.join(BACKENDS)})")
    _init(settings)
    if lib is not None:
        _LIB, _LIB_DATA = lib, settings.data
    if backend == "ray":
        from sgs_tools.sim import cluster

        yield from cluster.run_iter(settings, workers, progress, address)
        return
    library()
    seeds = range(settings.seed, settings.seed + settings.games)
    workers = workers or os.cpu_count() or 1
    workers = max(1, min(workers, len(seeds)))
    for done, summary in enumerate(_results(settings, seeds, workers), start=1):
        if progress is not None:
            progress(done, len(seeds))
        yield summary


def play_chunk(settings: Settings, first: int, count: int) -> list[Summary]:
    """Games ``first`` .. ``first + count - 1`` (seeds), played in this process."""
    _init(settings)
    return [play_one(seed) for seed in range(first, first + count)]


MAX_CHUNK = 16
"""Games per task of the process pool at most (fewer IPC round trips)."""


def guided_chunks(seeds: range, workers: int) -> Iterator[tuple[int, int]]:
    """(first seed, count) tasks covering ``seeds`` in order, each at most
    :data:`MAX_CHUNK` games and a quarter of each worker's share of the games left, so
    they shrink to one game at the end: no worker waits long for another's last chunk
    (guided self-scheduling)."""
    first, end = seeds.start, seeds.stop
    while first < end:
        size = max(1, min(MAX_CHUNK, (end - first) // (4 * workers)))
        yield first, size
        first += size


def _play_range(task: tuple[int, int]) -> list[Summary]:
    first, count = task
    return [play_one(seed) for seed in range(first, first + count)]


def _results(settings: Settings, seeds: range, workers: int) -> Iterator[Summary]:
    if workers == 1:
        for seed in seeds:
            yield play_one(seed)
        return
    import multiprocessing as mp

    methods = mp.get_all_start_methods()
    ctx = mp.get_context("fork" if "fork" in methods else "spawn")
    with ctx.Pool(workers, initializer=_init_worker, initargs=(settings,)) as pool:
        for games in pool.imap_unordered(_play_range, guided_chunks(seeds, workers)):
            yield from games

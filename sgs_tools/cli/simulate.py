"""`sgs simulate`: options → many seeded games over the cores → win rates and problems."""

from __future__ import annotations

import contextlib
import re
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from sgs_tools.cli.common import (
    DATA_HELP,
    MAX_GAMES,
    agent_roles_problem,
    agents_problem,
    check_data,
    data_or_here,
    first_game_problem,
    load_library,
    mode_to_play,
    not_positive,
    plays_guozhan,
)

_last = [0.0]

def _progress(done: int, total: int, started: float) -> None:
    now = time.perf_counter()
    if done != total and now - _last[0] < 0.2:
        return
    _last[0] = now
    width = 30
    filled = width * done // total
    rate = done / max(now - started, 1e-9)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games "
                     f"({rate:.0f}/s)")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()



def simulate(
    mode: Annotated[str | None, typer.Option(
        "--mode", metavar="[identity|korean|guozhan|samurai|MODE]",
        help="The mode to play: a bundled one, or a mode of the loaded data that the engine "
        "plays (based on one of them). Default: identity, or inside an expansion that does "
        "not join identity, the first mode it joins.", show_default=False)] = None,
    players: Annotated[int, typer.Option("--players", "-n", help="Players per game.")] = 5,
    games: Annotated[int, typer.Option("--games", "-g", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s",
                                      help="Game i is played with seed SEED + i.")] = 0,
    agents: Annotated[str, typer.Option(
        "--agents", metavar="[random|heuristic|rollout[:R[:T]]]",
        help="One kind for every seat, or a comma list with one per seat.")] = "random",
    generals: Annotated[str | None, typer.Option(
        "--generals", help="Comma-separated generals by seat instead of choosing.")] = None,
    first_game: Annotated[bool, typer.Option(
        "--first-game", help="The mode's first-game rules (the Korean edition: no "
                             "generals, 4 HP, the lord 5).")] = False,
    workers: Annotated[int | None, typer.Option(
        "--workers", "-w", help="Worker processes (default: every core).")] = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="Also write the report as JSON to this file.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite --json if it exists.")
                     ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    backend: Annotated[str, typer.Option(
        "--backend", metavar="[process|ray]",
        help="Play on the local process pool, or on a Ray cluster (pip install "
             "'sgs-tools[cluster]'); the same seeds give the same report.")] = "process",
    address: Annotated[str | None, typer.Option(
        "--address", help="With --backend ray: the cluster's HEAD:PORT (default: a local "
                          "Ray instance).")] = None,
    data: Annotated[list[Path] | None, typer.Option(
        "--data", metavar="PATH", help=DATA_HELP, show_default=False)] = None,
) -> None:
    """Play many games and report win rates per role and general, with replay commands
    for every game that crashed, broke an invariant, ran out of steps or stalled."""
    import json

    from sgs_tools.engine.errors import SetupError
    from sgs_tools.engine.game import Game
    from sgs_tools.sim import stats
    from sgs_tools.sim.runner import Settings, run_iter

    below_one = not_positive(games=games, players=players, workers=workers)
    if below_one:
        typer.echo(f"sgs simulate: {below_one}", err=True)
        raise typer.Exit(2)
    if games > MAX_GAMES:
        typer.echo(f"sgs simulate: --games is at most {MAX_GAMES:,}", err=True)
        raise typer.Exit(2)
    if mode is not None and not re.fullmatch(r"[a-z][a-z0-9_]*", mode):
        typer.echo(f"sgs simulate: {mode!r} is not a mode id", err=True)
        raise typer.Exit(2)
    if backend not in ("process", "ray"):
        typer.echo(f"sgs simulate: --backend is process or ray, not {backend!r}", err=True)
        raise typer.Exit(2)
    bad_agents = agents_problem(agents, players)
    if bad_agents:
        typer.echo(f"sgs simulate: {bad_agents}", err=True)
        raise typer.Exit(2)
    kinds = [k.strip() for k in agents.split(",") if k.strip()]
    if json_out is not None and json_out.is_dir():
        typer.echo(f"sgs simulate: --json {json_out} is a folder; give a file's path",
                   err=True)
        raise typer.Exit(2)
    if json_out is not None and not json_out.parent.is_dir():
        typer.echo(f"sgs simulate: cannot write {json_out}: the folder "
                   f"{json_out.parent} does not exist", err=True)
        raise typer.Exit(2)
    if json_out is not None and json_out.exists() and not force:
        typer.echo(f"sgs simulate: {json_out} exists; use --force to overwrite it", err=True)
        raise typer.Exit(2)
    check_data("simulate", data)
    data = data_or_here(data)
    lib = load_library("simulate", data)
    mode = mode_to_play("simulate", mode, lib)
    bad = agent_roles_problem(agents, lib, mode) or (
        first_game_problem(lib, mode) if first_game else None)
    if bad:
        typer.echo(f"sgs simulate: {bad}", err=True)
        raise typer.Exit(2)
    if mode == "samurai" and any("rollout" in k for k in kinds):
        typer.echo("sgs simulate: the samurai game has random and heuristic agents only "
                   "(rollout plays the identity and Guozhan engine)", err=True)
        raise typer.Exit(2)
    settings = Settings(mode=mode, players=players, games=games, seed=seed, agents=agents,
                        generals=tuple(g.strip() for g in generals.split(","))
                        if generals else None, first_game=first_game,
                        data=tuple(str(p) for p in data or []))
    if settings.generals:
        table_problem = general_list_problem(lib, mode, settings.generals)
        if table_problem:
            typer.echo(f"sgs simulate: --generals {table_problem}", err=True)
            raise typer.Exit(2)
    try:  # fail fast on a bad mode, player count or general list
        if mode == "samurai":
            from sgs_tools.engine.samurai import SamuraiGame

            SamuraiGame(lib, settings.setup(seed))
        else:
            Game(lib, settings.setup(seed)).deal()
    except SetupError as exc:
        typer.echo(f"sgs simulate: {exc}", err=True)
        raise typer.Exit(2) from None
    started = time.perf_counter()
    played = [0]

    def progress(done: int, total: int) -> None:
        played[0] = done
        if not quiet:
            _progress(done, total, started)

    from sgs_tools.sim.cluster import ClusterError

    try:
        with contextlib.closing(run_iter(settings, workers, progress, lib, backend,
                                         address)) as games_played:
            report = stats.summarise(settings, games_played,
                                     alone=stats.lone_roles(lib.mode(mode).raw))
    except ClusterError as exc:
        typer.echo(f"sgs simulate: {exc}", err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        sys.stderr.write(f"\nsgs simulate: interrupted after {played[0]} of {games} games\n")
        raise typer.Exit(130) from None
    report.seconds = time.perf_counter() - started
    mode_gaps = [f"{src}: {', '.join(words)}" for src, words in
                 sorted(lib.mode_gaps(lib.mode(mode))[1].items())]
    if mode == "samurai":
        from sgs_tools.engine.samurai.hooks import index

        mode_gaps = [f"{src}: {', '.join(words)}" for src, words in
                     sorted(index(lib).gaps.items())]
    text = stats.render(report)
    if mode_gaps:
        text += "\nengine gaps (hooks never run):\n" + "".join(
            f"  {g}\n" for g in mode_gaps)
    typer.echo(text, nl=False)
    if json_out is not None:
        out = report.to_json()
        out["engine_gaps"] = mode_gaps
        try:
            json_out.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n",
                                encoding="utf-8")
        except OSError as exc:
            typer.echo(f"sgs simulate: cannot write {json_out}: {exc.strerror}", err=True)
            raise typer.Exit(2) from None
    # a stall fails the run, as a crash does
    raise typer.Exit(1 if report.crashed or report.stalled else 0)


def general_list_problem(lib: Any, mode: str, generals: tuple[str, ...]) -> str | None:
    """Why a ``--generals`` list makes a table that could not exist, or None: a general
    named twice (a box has one card of each), or a Guozhan pair of two kingdoms (the rules
    deal two of one kingdom), or a general that does not exist (with the nearest ids)."""
    names = [n.strip() for g in generals for n in g.split("+")]
    twice = sorted({n for n in names if n and names.count(n) > 1})
    if twice:
        return (f"names {', '.join(map(repr, twice))} more than once; a table has one of "
                "each general")
    known = lib.catalog.generals
    unknown = [n for n in names if n and n not in known]
    if unknown and mode != "samurai":  # (the samurai deal reads its own names)
        from sgs_tools.data.schemas import suggest

        hint = suggest(unknown[0], set(known))
        return f"names unknown general {unknown[0]!r}" + (f" ({hint})" if hint else "")
    if mode != "samurai" and plays_guozhan(lib, mode):
        for pair in generals:
            two = [n.strip() for n in pair.split("+")]
            kingdoms = {known[n].kingdom for n in two if n in known}
            if len(two) == 2 and len(kingdoms) > 1:
                return (f"pairs {two[0]!r} and {two[1]!r}, of two kingdoms; a Guozhan "
                        "seat's two generals are of one kingdom")
    return None

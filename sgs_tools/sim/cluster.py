"""Settings → the same seeded games played on a Ray cluster → summaries in seed order.

An existing distributed engine, not a home-made one: each chunk of seeds is a Ray task
(``sim.runner.play_chunk``), retried by Ray if its worker is lost; progress is counted as
chunks come back from any worker; Ctrl-C cancels the outstanding tasks and leaves the
cluster as it was (a local instance started here is shut down). Ray is the optional
``cluster`` extra: ``pip install 'sgs-tools[cluster]'``; ``ray start --head`` on one
machine and ``ray start --address HEAD:6379`` on the others make a cluster, and
``sgs simulate --backend ray --address HEAD:6379`` uses it.
"""

from __future__ import annotations

import importlib.util
import itertools
from collections.abc import Callable, Generator
from typing import Any

from sgs_tools.sim.runner import Settings, Summary, play_chunk

CHUNK = 64
"""Seeds per task: large enough that scheduling costs little, small enough to spread."""
RETRIES = 3
WINDOW_PER_CPU = 4
"""Chunks out at once per CPU of the cluster: enough to keep every CPU busy."""


class ClusterError(Exception):
    """Ray is missing, or the cluster cannot be reached."""


def available() -> bool:
    return importlib.util.find_spec("ray") is not None


def chunks(settings: Settings, size: int = CHUNK) -> list[tuple[int, int]]:
    """(first seed, count) for every chunk, covering the run's seeds in order."""
    out = []
    end = settings.seed + settings.games
    first = settings.seed
    while first < end:
        out.append((first, min(size, end - first)))
        first += size
    return out


def run(settings: Settings, workers: int | None = None,
        progress: Callable[[int, int], None] | None = None,
        address: str | None = None) -> list[Summary]:
    """Every game's summary, in seed order."""
    out = list(run_iter(settings, workers, progress, address))
    out.sort(key=lambda s: s.seed)
    return out


def run_iter(settings: Settings, workers: int | None = None,
             progress: Callable[[int, int], None] | None = None,
             address: str | None = None) -> Generator[Summary, None, None]:
    """Every game's summary as its chunk comes back (in no fixed order). At most
    ``WINDOW_PER_CPU`` chunks per CPU of the cluster are out at once, more submitted as
    they return, so neither the driver nor Ray's object store holds more than a window of
    results, whatever ``settings.games`` (a million-game sweep runs in flat memory)."""
    if not available():
        raise ClusterError("the ray backend needs Ray: pip install 'sgs-tools[cluster]'")
    import ray

    started_here = not ray.is_initialized()
    done = 0
    try:  # from here on a Ctrl-C (even during start-up) leaves through the shutdown
        if started_here:
            try:
                kwargs: dict[str, Any] = {"include_dashboard": False,
                                          "log_to_driver": False, "configure_logging": False}
                if address:
                    ray.init(address=address, **kwargs)
                else:
                    ray.init(num_cpus=workers, **kwargs)
            except Exception as exc:  # Ray raises a bare Exception when a node times out
                if ray.is_initialized():
                    ray.shutdown()
                raise ClusterError(f"cannot reach the Ray cluster at {address or 'local'}: "
                                   f"{exc}") from None
        task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(play_chunk)
        cpus = max(1, int(float(ray.cluster_resources().get(  # type: ignore[no-untyped-call]
            "CPU", 1))))
        window = WINDOW_PER_CPU * cpus
        todo = iter(chunks(settings))
        pending: list[Any] = []
        try:
            for first, count in itertools.islice(todo, window):
                pending.append(task.remote(settings, first, count))
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    games = ray.get(ref)
                    for first, count in itertools.islice(todo, 1):
                        pending.append(task.remote(settings, first, count))
                    done += len(games)
                    if progress is not None:
                        progress(done, settings.games)
                    yield from games
        except (KeyboardInterrupt, GeneratorExit):
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
    finally:
        if started_here and ray.is_initialized():
            ray.shutdown()

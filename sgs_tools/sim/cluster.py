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
from collections.abc import Callable
from typing import Any

from sgs_tools.sim.runner import Settings, Summary, play_chunk

CHUNK = 64
"""Seeds per task: large enough that scheduling costs little, small enough to spread."""
RETRIES = 3


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
    if not available():
        raise ClusterError("the ray backend needs Ray: pip install 'sgs-tools[cluster]'")
    import ray

    started_here = not ray.is_initialized()
    out: list[Summary] = []
    try:  # from here on a Ctrl-C (even during start-up) leaves through the shutdown
        if started_here:
            try:
                kwargs: dict[str, Any] = {"include_dashboard": False,
                                          "log_to_driver": False, "configure_logging": False}
                if address:
                    ray.init(address=address, **kwargs)
                else:
                    ray.init(num_cpus=workers, **kwargs)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise ClusterError(f"cannot reach the Ray cluster at {address or 'local'}: "
                                   f"{exc}") from None
        task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(play_chunk)
        pending: list[Any] = []
        try:
            for first, count in chunks(settings):
                pending.append(task.remote(settings, first, count))
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    out.extend(ray.get(ref))
                if progress is not None:
                    progress(len(out), settings.games)
        except KeyboardInterrupt:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
    finally:
        if started_here and ray.is_initialized():
            ray.shutdown()
    out.sort(key=lambda s: s.seed)
    return out

"""Settings → the same seeded games played on a Ray cluster → summaries in seed order.

An existing distributed engine, not a home-made one: each chunk of seeds is a Ray task
(``sim.runner.play_chunk``), retried by Ray if its worker is lost; progress is counted as
chunks come back from any worker; Ctrl-C ends the job, whose outstanding tasks Ray then
stops, and leaves the cluster as it was (a local instance started here is shut down).
Ray is the optional ``cluster`` extra: ``pip install 'sgs-tools[cluster]'``; ``ray start
--head`` on one machine and ``ray start --address HEAD:6379`` on the others make a
cluster, and ``sgs simulate --backend ray --address HEAD:6379`` uses it (with the head's
authentication token, if it has one, in ``~/.ray/auth_token`` or ``RAY_AUTH_TOKEN``).
"""

from __future__ import annotations

import importlib.util
import itertools
import os
from collections.abc import Callable, Generator
from pathlib import Path
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


TOKEN_HINT = ("a cluster with token authentication, as in Ray 2.60 by default, needs its "
              "token here: ~/.ray/auth_token, RAY_AUTH_TOKEN or RAY_AUTH_TOKEN_PATH")


def token_available() -> bool:
    """Whether this machine holds a Ray authentication token, where Ray looks for one."""
    if os.environ.get("RAY_AUTH_TOKEN"):
        return True
    path = os.environ.get("RAY_AUTH_TOKEN_PATH")
    return Path(path).is_file() if path else (Path.home() / ".ray" / "auth_token").is_file()


def use_token_if_any() -> None:
    """Before joining a cluster: send the token if there is one. A head started by ``ray
    start`` with a Ray that authenticates by default (2.60 does) refuses a driver that has
    the token but was not told to use it (``RAY_AUTH_MODE`` unset), and one without
    authentication accepts a driver that sends it, so a token is sent whenever it is
    there, unless ``RAY_AUTH_MODE`` says otherwise."""
    if "RAY_AUTH_MODE" not in os.environ and token_available():
        os.environ["RAY_AUTH_MODE"] = "token"


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
                    use_token_if_any()
                    ray.init(address=address, **kwargs)
                else:  # a new local instance, even where `ray start` left one running
                    ray.init(address="local", num_cpus=workers, **kwargs)
            except Exception as exc:  # Ray raises a bare Exception when a node times out
                if ray.is_initialized():
                    ray.shutdown()
                hint = (f" ({TOKEN_HINT})" if address and not token_available() else "")
                raise ClusterError(f"cannot reach the Ray cluster at {address or 'local'}: "
                                   f"{exc}{hint}") from None
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
            # A Ray session started here ends with its job: ray.shutdown() below stops the
            # local instance, or leaves the cluster, whose raylets then kill this job's
            # workers. Cancelling first is only needed for a caller's own session, which
            # stays up: Ray 2.60's driver aborts ("Tried to complete task that was not
            # pending") when a chunk finishes while ray.cancel(force=True) is on its way.
            if not started_here:
                for ref in pending:
                    ray.cancel(ref)
            raise
    finally:
        if started_here and ray.is_initialized():
            ray.shutdown()

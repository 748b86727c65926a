"""The Ray backend (sgs_tools/sim/cluster.py): the same seeds give the same report as the
process pool. Ray is in the test extras, so CI runs this; elsewhere it is skipped only
where Ray is not installed."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.sim import cluster
from sgs_tools.sim.runner import Settings, Summary

runner = CliRunner()
needs_ray = pytest.mark.skipif(not cluster.available() and os.environ.get("CI") != "true",
                               reason="Ray is not installed (pip install 'sgs-tools[cluster]')")


def test_chunks_cover_the_seeds_in_order() -> None:
    got = cluster.chunks(Settings(seed=5, games=130), size=64)
    assert got == [(5, 64), (69, 64), (133, 2)]
    assert sum(n for _f, n in got) == 130


class FakeRay(types.ModuleType):
    """Just the part of Ray that ``cluster.run_iter`` uses, counting what is out at once."""

    def __init__(self) -> None:
        super().__init__("ray")
        self.up = False
        self.submitted = 0
        self.out = 0
        self.most_out = 0
        self.cancelled = 0
        self.shut = False

    def is_initialized(self) -> bool:
        return self.up

    def init(self, **_kwargs: Any) -> None:
        self.up = True

    def shutdown(self) -> None:
        self.up, self.shut = False, True

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 2.0}

    def remote(self, **_kwargs: Any) -> Any:
        fake = self

        class Task:
            def __init__(self, _fn: Any) -> None:
                pass

            def remote(self, _settings: Settings, first: int, count: int) -> tuple[int, int]:
                fake.submitted += 1
                fake.out += 1
                fake.most_out = max(fake.most_out, fake.out)
                return (first, count)

        return Task

    def wait(self, pending: list[Any], num_returns: int = 1) -> tuple[list[Any], list[Any]]:
        return pending[:num_returns], pending[num_returns:]

    def get(self, ref: tuple[int, int]) -> list[Summary]:
        self.out -= 1
        first, count = ref
        return [Summary(seed, "lord_side", [0], 1, 1, 1) for seed in range(first, first + count)]

    def cancel(self, _ref: Any, force: bool = False) -> None:
        self.cancelled += 1


@pytest.fixture
def fake_ray(monkeypatch: pytest.MonkeyPatch) -> FakeRay:
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setattr(cluster, "available", lambda: True)
    return fake


def test_a_long_ray_run_streams_a_window_of_chunks_at_a_time(fake_ray: FakeRay) -> None:
    """A million-game sweep must not submit every chunk at once nor hold every result:
    at most WINDOW_PER_CPU chunks per cluster CPU are out, and games come back as their
    chunk does."""
    settings = Settings(seed=3, games=cluster.CHUNK * 50 + 7)
    window = cluster.WINDOW_PER_CPU * 2
    games = cluster.run_iter(settings)
    first = next(games)
    assert first.seed == 3 and fake_ray.submitted <= window + 1
    seeds = [first.seed] + [s.seed for s in games]
    assert sorted(seeds) == list(range(3, 3 + settings.games))
    assert fake_ray.submitted == 51 and fake_ray.most_out <= window
    assert fake_ray.shut and fake_ray.cancelled == 0


def test_a_ray_run_left_early_cancels_its_chunks_and_its_local_instance(
        fake_ray: FakeRay) -> None:
    games = cluster.run_iter(Settings(games=cluster.CHUNK * 20))
    next(games)
    games.close()
    assert fake_ray.cancelled == fake_ray.out > 0 and fake_ray.shut


@needs_ray
def test_ray_and_the_process_pool_give_the_same_report(tmp_path: Path) -> None:
    reports = {}
    for backend in ("process", "ray"):
        out = tmp_path / f"{backend}.json"
        result = runner.invoke(app, ["simulate", "--games", "24", "--players", "4",
                                     "--seed", "9", "--workers", "2", "-q", "--backend",
                                     backend, "--json", str(out)])
        assert result.exit_code == 0, result.output
        report = json.loads(out.read_text(encoding="utf-8"))
        report.pop("seconds")
        reports[backend] = report
    assert reports["ray"] == reports["process"]


def test_an_unknown_backend_is_refused() -> None:
    result = runner.invoke(app, ["simulate", "--games", "2", "--backend", "spark"])
    assert result.exit_code == 2
    assert "process or ray" in result.output


def _descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text(encoding="utf-8")
            except OSError:
                continue
            children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
    found: set[int] = set()
    stack = [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()[:200]
    except OSError:
        return b""


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()
    except OSError:
        return False
    return state[0] != "Z"


@needs_ray
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process tree in /proc")
def test_ctrl_c_stops_a_ray_job_and_its_local_cluster() -> None:
    """Ctrl-C (SIGINT to the process group, as a terminal sends it) during a Ray job: exit
    130 with one line, no traceback, and every process the job started (the local Ray
    instance and its workers) gone."""
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-c", "from sgs_tools.cli.main import run; run()", "simulate",
         "--games", "1000000", "--workers", "2", "--backend", "ray", "-q"],
        cwd=root, env={**os.environ, "PYTHONPATH": str(root)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, start_new_session=True)
    seen: set[int] = set()
    try:
        _interrupt_and_check(proc, seen)
    finally:  # a failed check must not leave a million-game job running on the machine
        seen |= _descendants(proc.pid)
        for pid in [proc.pid, *seen]:
            if _running(pid):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        proc.wait()


def _interrupt_and_check(proc: subprocess.Popen[bytes], seen: set[int]) -> None:
    deadline = time.monotonic() + 240
    workers = 0
    while time.monotonic() < deadline and proc.poll() is None:
        seen |= _descendants(proc.pid)
        workers = sum(1 for p in seen if _running(p) and b"ray::play_chunk" in _cmdline(p))
        if workers:  # the cluster is up and a worker is playing a chunk
            break
        time.sleep(0.5)
    assert workers, "no Ray worker started"
    time.sleep(2)
    seen |= _descendants(proc.pid)
    os.killpg(proc.pid, signal.SIGINT)
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err[-2000:]
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err[-2000:]
    assert b"sgs simulate: interrupted after" in err
    deadline = time.monotonic() + 30
    while any(_running(p) for p in seen) and time.monotonic() < deadline:
        time.sleep(0.5)
    left = [p for p in seen if _running(p)]
    assert not left, [_cmdline(p) for p in left]


def test_a_ray_start_that_times_out_is_a_clear_error(fake_ray: FakeRay,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray raises a bare Exception when a node times out during start-up (seen on a loaded
    machine): `sgs simulate` says so in one line, exit 2, no traceback."""
    def timed_out(**_kwargs: Any) -> None:
        raise Exception("The current node timed out during startup.")

    monkeypatch.setattr(fake_ray, "init", timed_out)
    with pytest.raises(cluster.ClusterError, match="timed out during startup"):
        next(cluster.run_iter(Settings(games=4)))
    result = runner.invoke(app, ["simulate", "--games", "4", "-q", "--backend", "ray"])
    assert result.exit_code == 2, result.output
    assert "cannot reach the Ray cluster at local" in result.output
    assert "Traceback" not in result.output

"""The Ray backend (sgs_tools/sim/cluster.py): the same seeds give the same report as the
process pool. Ray is in the test extras, so CI runs this; elsewhere it is skipped only
where Ray is not installed."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Iterator
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


def test_a_ray_run_left_early_shuts_down_the_session_it_started(fake_ray: FakeRay) -> None:
    """Its chunks end with the session (the job's workers are killed): no ray.cancel,
    which in Ray 2.60 can abort the driver when a chunk finishes meanwhile."""
    games = cluster.run_iter(Settings(games=cluster.CHUNK * 20))
    next(games)
    games.close()
    assert fake_ray.out > 0 and fake_ray.cancelled == 0 and fake_ray.shut


def test_a_ray_run_left_early_in_a_callers_session_cancels_its_chunks(
        fake_ray: FakeRay) -> None:
    """A session the caller started stays up, so the chunks still out are cancelled."""
    fake_ray.up = True
    games = cluster.run_iter(Settings(games=cluster.CHUNK * 20))
    next(games)
    games.close()
    assert fake_ray.cancelled == fake_ray.out > 0 and not fake_ray.shut


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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def ray_head(tmp_path: Path) -> Iterator[tuple[str, dict[str, str], subprocess.Popen[bytes]]]:
    """A cluster head as the README starts one (`ray start --head`), on loopback only,
    with a home of its own: Ray 2.60 makes an authentication token there, which
    `sgs simulate --address` has to find and send. Stopped (its whole process group)
    at the end."""
    port = _free_port()
    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items()
           if k not in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")}
    env.update(HOME=str(tmp_path), PYTHONPATH=str(root))
    head = subprocess.Popen(
        [sys.executable, "-m", "ray.scripts.scripts", "start", "--head", "--block",
         "--port", str(port), "--node-ip-address", "127.0.0.1", "--num-cpus", "2",
         "--include-dashboard", "false", "--disable-usage-stats"],
        env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert head.poll() is None, "ray start --head ended"
            with socket.socket() as s, contextlib.suppress(OSError):
                s.settimeout(1)
                s.connect(("127.0.0.1", port))
                break
            time.sleep(0.5)
        else:
            pytest.fail("ray start --head did not listen within 120 s")
        yield f"127.0.0.1:{port}", env, head
    finally:
        seen = _descendants(head.pid)
        with contextlib.suppress(OSError):
            os.killpg(head.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            head.wait(timeout=60)
        for pid in [head.pid, *seen, *_descendants(head.pid)]:
            if _running(pid):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        head.wait()
        # ray start names its cluster here for later drivers; this one is gone
        current = Path(tempfile.gettempdir()) / "ray" / "ray_current_cluster"
        with contextlib.suppress(OSError):
            if current.read_text(encoding="utf-8").strip().endswith(f":{port}"):
                current.unlink()


def _simulate(env: dict[str, str], *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", "from sgs_tools.cli.main import run; run()", "simulate",
         "--backend", "ray", *args], cwd=env["PYTHONPATH"], env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


@needs_ray
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process tree in /proc")
def test_a_cluster_started_with_ray_start_plays_the_same_games_and_stops_on_ctrl_c(
        ray_head: tuple[str, dict[str, str], subprocess.Popen[bytes]],
        tmp_path: Path) -> None:
    """The README's cluster path, on one machine: `ray start --head`, then `sgs simulate
    --address`. The report is the process pool's for the same seeds; without --address
    a local instance is started beside it; Ctrl-C ends the job (exit 130, one line), its
    chunks stop on the cluster's workers, and the cluster stays up."""
    address, env, head = ray_head
    out = tmp_path / "ray.json"
    job = _simulate(env, "--address", address, "--games", "24", "--players", "4",
                    "--seed", "9", "-q", "--json", str(out))
    _o, err = job.communicate(timeout=300)
    assert job.returncode == 0, err[-2000:]
    pool = tmp_path / "pool.json"
    result = runner.invoke(app, ["simulate", "--games", "24", "--players", "4", "--seed",
                                 "9", "--workers", "2", "-q", "--json", str(pool)])
    assert result.exit_code == 0, result.output
    reports = [json.loads(p.read_text(encoding="utf-8")) for p in (out, pool)]
    for r in reports:
        r.pop("seconds")
    assert reports[0] == reports[1]
    # without --address a local instance of its own, though `ray start` has one running
    job = _simulate(env, "--games", "8", "--players", "4", "--workers", "1", "-q")
    _o, err = job.communicate(timeout=300)
    assert job.returncode == 0, err[-2000:]

    job = _simulate(env, "--address", address, "--games", "1000000", "-q")
    try:
        deadline = time.monotonic() + 120
        busy: list[int] = []
        while not busy and time.monotonic() < deadline and job.poll() is None:
            busy = [p for p in _descendants(head.pid)
                    if _running(p) and b"ray::play_chunk" in _cmdline(p)]
            time.sleep(0.5)
        assert busy, "no chunk was played on the cluster"
        time.sleep(2)
        os.killpg(job.pid, signal.SIGINT)
        _o, err = job.communicate(timeout=120)
    finally:
        if job.poll() is None:
            job.kill()
            job.wait()
    assert job.returncode == 130, err[-2000:]
    assert b"Traceback" not in err and b"sgs simulate: interrupted after" in err
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and any(
            _running(p) and b"ray::play_chunk" in _cmdline(p) for p in _descendants(head.pid)):
        time.sleep(0.5)
    assert not [p for p in _descendants(head.pid)
                if _running(p) and b"ray::play_chunk" in _cmdline(p)]
    assert head.poll() is None, "the cluster went down with the job"


def test_a_token_is_sent_to_a_cluster_only_where_there_is_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    cluster.use_token_if_any()
    assert "RAY_AUTH_MODE" not in os.environ and not cluster.token_available()
    (tmp_path / ".ray").mkdir()
    (tmp_path / ".ray" / "auth_token").write_text("x" * 64, encoding="utf-8")
    cluster.use_token_if_any()
    assert os.environ["RAY_AUTH_MODE"] == "token"
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")  # the user's word stands
    cluster.use_token_if_any()
    assert os.environ["RAY_AUTH_MODE"] == "disabled"
    monkeypatch.setenv("RAY_AUTH_TOKEN_PATH", str(tmp_path / "none"))
    assert not cluster.token_available()
    monkeypatch.setenv("RAY_AUTH_TOKEN", "y" * 64)
    assert cluster.token_available()


def test_a_cluster_refusing_the_driver_without_a_token_says_where_one_goes(
        fake_ray: FakeRay, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))

    def refused(**_kwargs: Any) -> None:
        raise ConnectionError("Failed to connect to Ray cluster at 10.0.0.1:6379")

    monkeypatch.setattr(fake_ray, "init", refused)
    result = runner.invoke(app, ["simulate", "--games", "4", "-q", "--backend", "ray",
                                 "--address", "10.0.0.1:6379"])
    assert result.exit_code == 2, result.output
    assert "cannot reach the Ray cluster at 10.0.0.1:6379" in result.output
    assert "~/.ray/auth_token" in result.output and "Traceback" not in result.output

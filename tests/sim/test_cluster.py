"""The Ray backend (sgs_tools/sim/cluster.py): the same seeds give the same report as the
process pool. Ray is in the test extras, so CI runs this; elsewhere it is skipped only
where Ray is not installed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.sim import cluster
from sgs_tools.sim.runner import Settings

runner = CliRunner()
needs_ray = pytest.mark.skipif(not cluster.available() and os.environ.get("CI") != "true",
                               reason="Ray is not installed (pip install 'sgs-tools[cluster]')")


def test_chunks_cover_the_seeds_in_order() -> None:
    got = cluster.chunks(Settings(seed=5, games=130), size=64)
    assert got == [(5, 64), (69, 64), (133, 2)]
    assert sum(n for _f, n in got) == 130


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
    import signal
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-c", "from sgs_tools.cli.main import run; run()", "simulate",
         "--games", "1000000", "--workers", "2", "--backend", "ray", "-q"],
        cwd=root, env={**os.environ, "PYTHONPATH": str(root)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, start_new_session=True)
    seen: set[int] = set()
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

"""`sgs validate --watch` and `sgs test --watch`, run as a user runs them: a process left
running while files are saved, stopped with Ctrl-C."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.watch import changed, snapshot
from tests.cli.conftest import new_pack

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture()
def exp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new expansion whose general has two skills."""
    return new_pack(tmp_path, monkeypatch, skills=("brave:勇:Brave:용", "bold:胆:Bold:담"))


class Running:
    """A command left running; its output read line by line in the background."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "sgs_tools.cli.main", *args],
                                     cwd=cwd, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def wait_for(self, text: str, timeout: float = 60) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            self.seen.append(line)
            if text in line:
                return line
        self.stop()
        raise AssertionError(f"never saw {text!r}; output:\n{''.join(self.seen)}")

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            code = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        self.reader.join(timeout=10)
        assert self.proc.stdout is not None
        self.proc.stdout.close()
        return code


def _save(path: Path, text: str) -> None:
    time.sleep(0.05)
    path.write_text(text, encoding="utf-8")
    st = path.stat()  # a coarse clock must still see a new modification time
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


def test_snapshot_sees_edits_additions_and_removals(exp: Path) -> None:
    before = snapshot([exp])
    general = exp / "generals" / "hero.yaml"
    _save(general, general.read_text(encoding="utf-8") + "# edited\n")
    (exp / "tests" / "brave.yaml").unlink()
    (exp / "generals" / "new.yaml").write_text("kind: general\n", encoding="utf-8")
    (exp / ".github" / "x.yaml").write_text("x: 1\n", encoding="utf-8")  # not data
    diff = {p.relative_to(exp.resolve()).as_posix() for p in changed(before, snapshot([exp]))}
    assert diff == {"generals/hero.yaml", "tests/brave.yaml", "generals/new.yaml"}


def test_validate_watch_reruns_on_save(exp: Path) -> None:
    general = exp / "generals" / "hero.yaml"
    good = general.read_text(encoding="utf-8")
    run = Running(["validate", "--watch"], exp)
    run.wait_for("ok: ")
    run.wait_for("watching")
    _save(general, good.replace("kingdom: shu", "kingdom: shuu"))
    run.wait_for("error[unknown-kingdom]")
    _save(general, good)
    run.wait_for("now clean: generals/hero.yaml")
    assert run.stop() == 0


def test_test_watch_reruns_only_the_changed_scenario(exp: Path) -> None:
    scenario = exp / "tests" / "brave.yaml"
    good = scenario.read_text(encoding="utf-8")
    run = Running(["test", "--watch"], exp)
    run.wait_for("2 scenarios: 2 passed")
    run.wait_for("watching")
    _save(scenario, good.replace("hand: 3", "hand: 5"))
    run.wait_for("running the 1 changed scenario")
    run.wait_for("1 scenario: 0 passed, 1 failed")
    general = exp / "generals" / "hero.yaml"  # data changed: every scenario runs again
    _save(general, general.read_text(encoding="utf-8") + "# a comment\n")
    run.wait_for("2 scenarios: 1 passed, 1 failed")
    assert run.stop() == 0

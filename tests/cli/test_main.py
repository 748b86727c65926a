"""The `sgs` entry point (sgs_tools/cli/main.py run()): how it ends when things go wrong."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["replay", "--seed", "1"], ["validate", "--format", "sarif"],
                                  ["--help"]])
def test_output_onto_a_full_disk_is_one_line_and_exit_2(args: list[str]) -> None:
    """Review: `sgs replay > file` on a full disk (ENOSPC on stdout) was an internal error
    with a traceback (exit 3); it is an I/O error (exit 2) in one line."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-c", "from sgs_tools.cli.main import run; run()",
                               *args], stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=300, env={**os.environ, "SGS_NO_CACHE": "1"})
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == "sgs: cannot write the output: No space left on device\n"


def test_ctrl_c_says_interrupted_and_exits_130() -> None:
    """Review: typer turns Ctrl-C into a silent exit 130, so `sgs balance` (like validate,
    test and site build) stopped without a word; it says "sgs: interrupted" now, and no
    traceback. (Early or late, the signal gives the same line: before typer runs, run()
    catches the KeyboardInterrupt itself.)"""
    import signal
    import time

    proc = subprocess.Popen(
        [sys.executable, "-c", "from sgs_tools.cli.main import run; run()", "balance",
         "--games", "1000000", "--workers", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        time.sleep(5)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert err.endswith("sgs: interrupted\n"), err
    assert "Traceback" not in err


def test_a_prompt_with_no_answer_is_a_usage_error(tmp_path: Path) -> None:
    """Review: `sgs init DIR` with stdin at its end printed click's "Aborted!" and exited 1,
    the code for "problems found"; an unanswered prompt is a usage error (2)."""
    proc = subprocess.run([sys.executable, "-c", "from sgs_tools.cli.main import run; run()",
                           "init", str(tmp_path / "pack")], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Aborted!" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "pack").exists()

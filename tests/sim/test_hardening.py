"""Regression tests for issue 15 (hardening) in `sgs simulate`: each named after its item."""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sgs_tools.project import validate
from sgs_tools.sim import stats
from sgs_tools.sim.runner import Settings, Summary, run_iter

ROOT = Path(__file__).resolve().parents[2]


def test_simulate_a_billion_games_streams_its_seeds() -> None:
    settings = Settings(games=10**12, seed=7, max_turns=60)
    first = list(itertools.islice(run_iter(settings, workers=1), 3))
    assert [s.seed for s in first] == [7, 8, 9]


def test_the_report_folds_summaries_one_at_a_time() -> None:
    settings = Settings(games=5000)

    def stream() -> object:
        for i in range(5000):
            if i % 2:
                yield Summary(i, "", [], 10, 3, 0, [], "Boom", "crash", None)
            else:
                yield Summary(i, "rebel", [1], 10, 3, 0, [{"seat": 1, "role": "rebel"}])

    rep = stats.summarise(settings, stream())  # type: ignore[arg-type]
    assert (rep.games, rep.finished, rep.crashed) == (5000, 2500, 2500)
    assert len(rep.problems) == stats.MAX_LISTED
    assert [p["seed"] for p in rep.problems[:3]] == [1, 3, 5]
    assert rep.mean_turns == 10.0 and rep.max_turns == 10
    assert f"({2500}, the first {stats.MAX_LISTED} shown)" in stats.render(rep)


def test_deck_count_is_bounded_by_the_schema(tmp_path: Path) -> None:
    deck = tmp_path / "cards" / "huge" / "deck.yaml"
    deck.parent.mkdir(parents=True)
    deck.write_text("kind: deck\nid: huge\nname: {zh: 大}\ncards:\n"
                    "  - {card: slash, count: 999999999999999999}\n", encoding="utf-8")
    problems = validate([deck]).problems
    assert [(p.location.line, p.code) for p in problems] == [(5, "out-of-range")], problems
    assert "1000" in problems[0].message


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to a process group")
def test_ctrl_c_with_two_workers_says_interrupted_without_tracebacks() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", "from sgs_tools.cli.main import run; run()", "simulate",
         "--games", "1000000000", "--workers", "2"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        start_new_session=True)
    try:
        assert proc.stderr is not None
        seen = b""
        deadline = time.monotonic() + 60
        while b"games (" not in seen and time.monotonic() < deadline:  # games are being played
            chunk = os.read(proc.stderr.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
        assert b"games (" in seen, seen
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole group
        _out, err = proc.communicate(timeout=60)
        err = seen + err
        assert proc.returncode == 130, err
        assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err
        assert b"sgs simulate: interrupted after" in err
    finally:  # a failed check must not leave a billion-game run on the machine
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

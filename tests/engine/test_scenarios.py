"""Every scenario in tests/scenarios passes; a failing expectation is reported at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs_tools.engine.library import Library
from sgs_tools.scenario.runner import collect, run_file
from tests.conftest import TESTS

SCENARIOS = collect([TESTS / "scenarios"])


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(lib: Library, path: Path) -> None:
    outcome, _doc = run_file(lib, path, path.name)
    assert outcome.ok, "\n".join(f"{p.location}: {p.message} ({p.hint})"
                                 for p in outcome.problems)


def test_failures_point_at_the_expectation(lib: Library, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "kind: scenario\n"
        "seats:\n"
        "  - {general: caocao, role: lord}\n"
        "  - {general: zhangfei, role: rebel, hand: [slash ♠7]}\n"
        "start: {seat: 1, phase: play}\n"
        "script:\n"
        "  - {seat: 1, pick: slash}\n"
        "expect:\n"
        "  events:\n"
        "    - {e: damage, seat: 0, n: 2}\n"
        "  state:\n"
        "    seats:\n"
        "      0: {hp: 4}\n", encoding="utf-8")
    outcome, _doc = run_file(lib, path, "bad.yaml")
    where = [(p.location.line, p.location.col) for p in outcome.problems]
    assert where == [(10, 7), (13, 15)]
    assert "expected event {e: damage, seat: 0, n: 2}" in outcome.problems[0].message
    assert "damage" in (outcome.problems[0].hint or "")
    assert outcome.problems[1].message == "seat 0 hp is 3, expected 4"


def test_unused_script_steps_are_reported(lib: Library, tmp_path: Path) -> None:
    path = tmp_path / "unused.yaml"
    path.write_text(
        "kind: scenario\n"
        "seats: [{role: lord}, {role: rebel, hand: [jink]}]\n"
        "start: {seat: 1, phase: play}\n"
        "script:\n"
        "  - {seat: 1, pick: duel}\n", encoding="utf-8")
    outcome, _doc = run_file(lib, path, "unused.yaml")
    assert len(outcome.problems) == 1
    p = outcome.problems[0]
    assert (p.location.line, p.location.col) == (5, 21)
    assert "never used" in p.message
    assert "play phase: end" in (p.hint or "")


def test_format_errors_are_located(lib: Library, tmp_path: Path) -> None:
    path = tmp_path / "format.yaml"
    path.write_text(
        "kind: scenario\n"
        "seats:\n"
        "  - {general: caocao, hnad: [slash]}\n"
        "  - {hand: [slash ♠]}\n"
        "expect: {colour: red}\n", encoding="utf-8")
    outcome, _doc = run_file(lib, path, "format.yaml")
    found = {(p.location.line, p.message) for p in outcome.problems}
    assert (3, "unknown seat key 'hnad'") in found
    assert any(line == 4 and "needs both a suit and a rank" in m for line, m in found)
    assert (5, "unknown expectation 'colour'") in found


def test_unknown_cards_and_generals(lib: Library, tmp_path: Path) -> None:
    path = tmp_path / "unknown.yaml"
    path.write_text(
        "kind: scenario\n"
        "seats:\n"
        "  - {general: caocaoo}\n"
        "  - {hand: [slsh]}\n", encoding="utf-8")
    outcome, _doc = run_file(lib, path, "unknown.yaml")
    messages = [p.message for p in outcome.problems]
    assert "unknown general 'caocaoo'" in messages
    assert "unknown card 'slsh'" in messages

"""Bad scenario files are located errors, never a hang or a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app

runner = CliRunner()

MISSING_SEAT = """kind: scenario
name: distance to a missing seat
seats:
  - {general: liubei, role: lord}
  - {general: caocao, role: rebel}
turns: 0
expect:
  distance: [{from: 0, to: 2, is: 1}]
  winner: [x, 1]
"""

BAD_SEAT = """kind: scenario
name: list general
seats:
  - {general: [liubei], role: king}
  - {general: caocao}
turns: 100000000
"""


def test_bad_expectations_are_located(tmp_path: Path) -> None:
    path = tmp_path / "hang.yaml"
    path.write_text(MISSING_SEAT, encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1
    assert "hang.yaml:8:14: error[expect]: distance: seats are numbers from 0 to 1" in (
        result.output)
    assert "a winner list holds seat numbers" in result.output


def test_bad_seat_fields_are_located(tmp_path: Path) -> None:
    path = tmp_path / "seat.yaml"
    path.write_text(BAD_SEAT, encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1
    for text in ("general must be a single word", "unknown role 'king'",
                 "turns is a whole number from 0 to 1000"):
        assert text in result.output


def test_build_refuses_a_missing_scenario_path(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "--no-site", "--scenarios", str(tmp_path / "no"),
                                 "--build-dir", str(tmp_path / "b")])
    assert result.exit_code == 2
    assert "no such file or folder" in result.output


TABLE = """kind: scenario
name: {name}
seats:
  - {{general: liubei, role: lord, hand: [{hand}], judgement: [{judgement}]}}
  - {{general: caocao, role: rebel}}
deck: [{deck}]
start: {{seat: 0{start}}}
{extra}
"""

CASES = {
    # name: (fields, expected "line:col: message")
    "phase-typo": ({"extra": "phases: [play, discrad]"},
                   "8:16: error[scenario]: unknown phase 'discrad'"),
    "start-phase-typo": ({"start": ", phase: ply"},
                         "7:25: error[scenario]: unknown phase 'ply'"),
    "start-not-first": ({"start": ", phase: draw", "extra": "phases: [play]"},
                        "7:25: error[scenario]: start phase 'draw' is not the first"),
    "view-in-hand": ({"hand": "jink ♦3 as indulgence"},
                     "4:42: error[scenario]: 'as indulgence' has no meaning here"),
    "view-in-deck": ({"deck": "slash as peach"},
                     "6:8: error[scenario]: 'as peach' has no meaning here"),
    "not-delayed": ({"judgement": "slash ♠7"},
                    "4:57: error[scenario]: 'slash' is not a delayed trick"),
    "unknown-view": ({"judgement": "jink ♦3 as indulgense"},
                     "4:57: error[scenario]: unknown card 'indulgense' after 'as'"),
    "same-card-twice": ({"hand": "slash ♠7", "deck": "slash ♠7"},
                        "6:8: error[scenario]: slash ♠7 is already placed (at line 4)"),
    "defaults-typo": ({"extra": "defaults: {yesno: yes}"},
                      "8:12: error[scenario]: unknown decision kind 'yesno'"),
    "times-word": ({"extra": "expect:\n  events: [{e: draw, times: two}]"},
                   "9:29: error[scenario]: times is a whole number"),
    "times-in-no-events": ({"extra": "expect:\n  no_events: [{e: draw, times: 1}]"},
                           "9:25: error[scenario]: times has no meaning in no_events"),
    "script-seat": ({"extra": "script: [{seat: 5, pick: yes}]"},
                    "8:17: error[scenario]: there is no seat 5"),
    "event-typo": ({"extra": "expect:\n  events: [{e: damge}]"},
                   "9:16: error[scenario]: unknown event kind 'damge'"),
    "start-key-typo": ({"start": ", phaze: play"},
                       "7:18: error[scenario]: unknown start key 'phaze'"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_nonsense_tables_are_located_errors(tmp_path: Path, case: str) -> None:
    fields, expected = CASES[case]
    values = {"name": case, "hand": "", "judgement": "", "deck": "", "start": "",
              "extra": "", **fields}
    path = tmp_path / f"{case}.yaml"
    path.write_text(TABLE.format(**values), encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{case}.yaml:{expected}" in result.output
    assert "Traceback" not in result.output


def test_a_yaml_syntax_error_shows_its_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("kind: scenario\nseats: [{general: liubei}\nturns: 0\n", encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1
    assert "broken.yaml:3:1: error[yaml-syntax]" in result.output
    assert " 3 | turns: 0" in result.output

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
    # both found before anything is played, each at its value
    assert "hang.yaml:8:28: error[scenario]: there is no seat 2" in result.output
    assert "hang.yaml:9:12: error[scenario]: each winner is a seat number" in result.output


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


# -- names are checked: event fields, cards, natures, sides, generals, skills -------------

NAMES = """kind: scenario
name: names
seats:
  - {{general: {general}, role: lord, skills: [{skills}]}}
  - {{general: caocao, role: rebel}}
turns: 0
expect:
{expect}
"""

NAME_CASES = {
    # name: (fields, expected "line:col: message", expected hint or None)
    "field-typo": ({"expect": "  no_events: [{e: damage, seta: 1}]"},
                   "8:27: error[scenario]: a 'damage' event has no field 'seta'",
                   "did you mean 'seat'?"),
    "source-typo": ({"expect": "  no_events: [{e: damage, seat: 1, soruce: 0}]"},
                    "8:36: error[scenario]: a 'damage' event has no field 'soruce'",
                    "did you mean 'source'?"),
    "field-of-another-event": ({"expect": "  events: [{e: death, source: 1}]"},
                               "8:23: error[scenario]: a 'death' event has no field "
                               "'source'", "'death' events have killer, role, seat"),
    "card-typo": ({"expect": "  no_events: [{e: damage, seat: 1, card: slahs}]"},
                  "8:42: error[scenario]: unknown card 'slahs'", "did you mean 'slash'?"),
    "card-typo-with-suit": ({"expect": "  events: [{e: use, card: slahs ♠7, times: 0}]"},
                            "8:27: error[scenario]: unknown card 'slahs'", None),
    "cards-list-typo": ({"expect": "  events: [{e: draw, cards: [jink, jnik ♥2]}]"},
                        "8:36: error[scenario]: unknown card 'jnik'", "did you mean 'jink'?"),
    "nature-typo": ({"expect": "  no_events: [{e: damage, seat: 1, nature: fier}]"},
                    "8:44: error[scenario]: unknown nature 'fier'", "did you mean 'fire'?"),
    "times-is-still-allowed": ({"expect": "  events: [{e: damage, times: 0, sourse: 1}]"},
                               "8:34: error[scenario]: a 'damage' event has no field "
                               "'sourse'", None),
    "winner-typo": ({"expect": "  winner: rebles"},
                    "8:11: error[scenario]: unknown side 'rebles' in mode identity",
                    "did you mean 'rebels'?"),
    "win-side-typo": ({"expect": "  events: [{e: win, side: lord}]"},
                      "8:27: error[scenario]: unknown side 'lord' in mode identity",
                      "the identity sides: lord_side, rebels, renegade, none"),
    "distance-extra-key": ({"expect": "  distance: [{from: 0, to: 1, is: 1, extra: 2}]"},
                           "8:38: error[scenario]: unknown distance key 'extra'", None),
    "attack-range-key-typo": ({"expect": "  attack_range: [{seet: 0, is: 1}]"},
                              "8:19: error[scenario]: unknown attack_range key 'seet'",
                              "did you mean 'seat'?"),
    "state-deck-typo": ({"expect": "  state: {deck: [slash, peech]}"},
                        "8:25: error[scenario]: unknown card 'peech'",
                        "did you mean 'peach'?"),
    "state-hand-typo": ({"expect": "  state: {seats: {0: {hand: [jnik]}}}"},
                        "8:30: error[scenario]: unknown card 'jnik'", None),
    "state-seat-field-typo": ({"expect": "  state: {seats: {0: {hnad: 0}}}"},
                              "8:23: error[scenario]: unknown seat field 'hnad'",
                              "did you mean 'hand'?"),
    "general-typo": ({"general": "zhangfie"},
                     "4:15: error[scenario]: unknown general 'zhangfie'",
                     "did you mean 'zhangfei'?"),
    "skill-typo": ({"skills": "paoxiao, ganglei"},
                   "4:55: error[scenario]: unknown skill 'ganglei'",
                   "did you mean 'ganglie'?"),
}


@pytest.mark.parametrize("case", sorted(NAME_CASES))
def test_names_are_checked(tmp_path: Path, case: str) -> None:
    fields, expected, hint = NAME_CASES[case]
    values = {"general": "zhangfei", "skills": "paoxiao", "expect": "  winner: none",
              **fields}
    path = tmp_path / f"{case}.yaml"
    path.write_text(NAMES.format(**values), encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{case}.yaml:{expected}" in result.output
    assert result.output.count("error[") == 1, result.output
    if hint is not None:
        assert hint in result.output


def test_every_no_events_typo_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "typos.yaml"
    path.write_text(NAMES.format(general="zhangfei", skills="paoxiao", expect=(
        "  no_events: [{e: damage, seta: 1}, {e: damage, seat: 1, soruce: 0}, "
        "{e: damage, seat: 1, card: slahs}, {e: damage, seat: 1, nature: fier}]")),
        encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1
    for text in ("no field 'seta'", "no field 'soruce'", "unknown card 'slahs'",
                 "unknown nature 'fier'"):
        assert text in result.output


def test_good_names_pass(tmp_path: Path) -> None:
    path = tmp_path / "good.yaml"
    path.write_text(NAMES.format(general="zhangfei", skills="paoxiao", expect=(
        "  no_events: [{e: damage, seat: 1, source: 0, card: slash ♠7, nature: fire},\n"
        "              {e: draw, cards: [jink]}, {e: win, side: rebels}]\n"
        "  events: [{e: damage, times: 0, nature: normal}]\n"
        "  winner: none\n"
        "  distance: [{from: 0, to: 1, is: 1}]\n"
        "  attack_range: [{seat: 0, is: 1}]\n"
        "  state: {discard: 0, seats: {0: {hand: [], general: zhangfei}}}")),
        encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 0, result.output


def test_a_data_file_is_not_a_scenario() -> None:
    from sgs_tools import paths

    cards = paths.bundled_root() / "cards" / "standard" / "cards.yaml"
    line = next(i for i, text in enumerate(cards.read_text(encoding="utf-8").splitlines(), 1)
                if text.startswith("kind:"))
    result = runner.invoke(app, ["test", str(cards)])
    assert result.exit_code == 1
    assert f"cards.yaml:{line}:1: error[scenario]: this file is not a scenario (kind: cards)" \
        in result.output
    assert "unknown key" not in result.output


def test_the_mode_hint_has_one_space(tmp_path: Path) -> None:
    path = tmp_path / "mode.yaml"
    path.write_text("kind: scenario\nmode: chess\nseats: [{}]\n", encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1
    assert "help: scenarios run in: identity, korean, guozhan, samurai" in result.output


def test_a_card_is_shown_as_written(tmp_path: Path) -> None:
    path = tmp_path / "twice.yaml"
    path.write_text(TABLE.format(name="twice", hand="", judgement="lightning ♠A",
                                 deck="lightning ♠A", start="", extra=""), encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1
    assert "twice.yaml:6:8: error[scenario]: lightning ♠A is already placed (at line 4)" in (
        result.output)


def test_a_long_pile_is_cut_short(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(NAMES.format(general="zhangfei", skills="paoxiao",
                                 expect="  state: {deck: [peach, peach]}"), encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1
    line = next(t for t in result.output.splitlines() if "error[expect]: deck is" in t)
    assert line.count(",") < 12 and "more]" in line, line


def test_a_general_without_guozhan_health_is_located_at_its_name(tmp_path: Path) -> None:
    """The standard Guan Yu (no halves) as a Guozhan deputy: the error points at his name
    in the seat's ``generals`` list, not at the start of the seat."""
    path = tmp_path / "halves.yaml"
    path.write_text(
        "kind: scenario\nname: a standard general at a Guozhan table\nmode: guozhan\n"
        "seats:\n"
        "  - {generals: [gz_liubei, guanyu], revealed: [true, false]}\n"
        "  - {generals: [gz_caocao, gz_xuchu]}\n"
        "start: {seat: 0, phase: play}\nphases: [play]\n"
        "expect:\n  state:\n    seats:\n      0: {hp: 4}\n", encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1
    assert ("halves.yaml:5:28: error[scenario]: general 'guanyu' has no Guozhan health"
            in result.output), result.output

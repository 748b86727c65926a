"""Regression tests for issue 15 (hardening) in scenarios: each named after its item."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from sgs_tools.cli.main import app

runner = CliRunner()

UNHASHABLE = """kind: scenario
name: an event kind written as a list
mode: identity
seats:
  - {general: zhangliao, role: lord}
  - {general: huanggai, role: rebel}
turns: 1
expect:
  events:
    - {e: [damage]}
    - {e: {damage: 1}}
"""

NOBODY_WINS = """kind: scenario
name: nobody can win
mode: identity
seats:
  - {general: zhangliao, role: lord}
  - {general: huanggai, role: loyalist}
until: game_over
"""


def test_unhashable_scenario_expectation_in_sgs_test_and_validate(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(UNHASHABLE, encoding="utf-8")
    for command in ("test", "validate"):
        result = runner.invoke(app, [command, str(path)])
        assert result.exit_code == 1, (command, result.output)
        assert "s.yaml:10:11: error[scenario]: unknown event kind ['damage']" in result.output
        assert "s.yaml:11:11: error[scenario]: unknown event kind {'damage': 1}" in (
            result.output)


def test_until_game_over_hitting_the_turn_limit_fails_at_the_until_line(
        tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(NOBODY_WINS, encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1, result.output
    assert "s.yaml:7:8: error[scenario]: until: game_over, but nobody had won" in result.output
    assert "0 passed, 1 failed" in result.output


SAMURAI_NUMBERS = """kind: scenario
mode: samurai
name: a seed and a step budget that are not numbers
seed: ♠
step_budget: [1]
seats:
  - houses: [[date_masamune], []]
  - houses: [[uesugi_kenshin], []]
  - houses: [[mori_motonari], []]
phases: [declaration]
"""


def test_samurai_scenario_step_budget_not_a_number_is_located(tmp_path: Path) -> None:
    """Found by the scenario fuzzer: `step_budget: ♠` in a samurai scenario was int()-ed
    and crashed `sgs test` with a ValueError."""
    path = tmp_path / "s.yaml"
    path.write_text(SAMURAI_NUMBERS, encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output
    assert "s.yaml:4:" in result.output and "seed is a whole number" in result.output
    assert "s.yaml:5:" in result.output and "step_budget is a whole number" in result.output


SAMURAI_HOUSES = """kind: scenario
mode: samurai
name: expected houses that are not lists of card ids
seats:
  - houses: [[date_masamune], []]
  - houses: [[uesugi_kenshin], []]
  - houses: [[mori_motonari], []]
phases: [declaration]
expect:
  state:
    seats:
      0: {houses: [[date_masamune, {a: 1}], []]}
"""


def test_samurai_expected_houses_of_the_wrong_shape_are_located(tmp_path: Path) -> None:
    """Found by the scenario fuzzer: a dict among the expected houses' cards crashed the
    comparison (sorting str and dict) with a TypeError."""
    path = tmp_path / "s.yaml"
    path.write_text(SAMURAI_HOUSES, encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output
    assert "houses is a list of houses, each a list of card ids" in result.output


SAMURAI_SHAPES = """kind: scenario
mode: samurai
name: lists and mappings of the wrong type
seats:
  - houses: [[date_masamune], []]
  - houses: [[uesugi_kenshin], []]
  - houses: [[mori_motonari], []]
deck: 3
dice: 4
script: 5
phases: declaration
expect:
  events:
    - {e: [honor]}
    - 7
    - {e: honor, times: many}
  no_events: {e: honor}
  state: {seats: {0: 1.5}, discard: 2}
"""


def test_samurai_scenario_fields_of_the_wrong_shape_are_located(tmp_path: Path) -> None:
    """Review (the scenario fuzzer, run longer): `script: 5`, an event written as a list,
    `state: {seats: {0: 1.5}}` and the like crashed `sgs test` on a samurai scenario
    (TypeError / AttributeError) instead of a problem at the line."""
    path = tmp_path / "s.yaml"
    path.write_text(SAMURAI_SHAPES, encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output
    for line, message in ((8, "deck is a list"), (9, "dice is a list"),
                          (10, "script is a list"), (11, "phases is a list"),
                          (14, "an event is a mapping with 'e: EVENT'"),
                          (15, "an event is a mapping with 'e: EVENT'"),
                          (16, "times is a whole number"),
                          (17, "no_events is a list of events"),
                          (18, "seats maps a seat number to its state"),
                          (18, "discard is a list of card ids")):
        assert f"s.yaml:{line}:" in result.output and message in result.output, (line,
                                                                               message)


GUOZHAN_NULL_GENERALS = """kind: scenario
name: a Guozhan seat whose generals are null
mode: guozhan
seats:
  - {generals: [gz_jiaxu, gz_lvbu], revealed: [true, false], hand: [slash ♠7]}
  - {generals: [gz_caocao, gz_xuchu], revealed: [true, false], hp: 1}
  - {generals: [gz_liubei, gz_guanyu], revealed: [true, false], hand: [peach ♥3]}
  - {generals: null, revealed: [false, false]}
start: {seat: 0, phase: play}
phases: [play]
script:
  - {seat: 0, pick: slash ♠7}
"""


def test_guozhan_seat_with_null_generals_is_located(tmp_path: Path) -> None:
    """Review (the scenario fuzzer, run longer): `generals: null` passed the format check
    (it counted as written) and the engine then crashed with an IndexError."""
    path = tmp_path / "s.yaml"
    path.write_text(GUOZHAN_NULL_GENERALS, encoding="utf-8")
    for command in ("test", "validate"):
        result = runner.invoke(app, [command, str(path)])
        assert result.exit_code == 1, (command, result.output)
        assert ("s.yaml:8:16: error[scenario]: generals is a list of two general ids"
                in result.output), result.output


def test_a_scenario_name_with_escape_sequences_is_shown_as_pictures(tmp_path: Path) -> None:
    """Review: `sgs test -v` printed a scenario's name raw (ESC/BEL could retitle or clear
    the user's terminal)."""
    path = tmp_path / "s.yaml"
    path.write_text(NOBODY_WINS.replace("name: nobody can win",
                                        'name: "evil\\e]0;pwn\\a\\e[2J"'), encoding="utf-8")
    result = runner.invoke(app, ["test", "-v", str(path)])
    assert "evil␛]0;pwn␇␛[2J" in result.output
    assert not any(ch in result.output for ch in "\x1b\x07")


def test_a_non_utf8_scenario_shows_its_line_as_validate_does(tmp_path: Path) -> None:
    """Review, session 8: `sgs test` reported a non-UTF-8 scenario without its source
    line and caret (it reread the file as UTF-8, which failed); `sgs validate` showed them."""
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b'kind: scenario\nname: "caf\xe9"\n')
    for command in ("test", "validate"):
        result = runner.invoke(app, [command, str(bad)])
        assert result.exit_code == 1, (command, result.output)
        assert ':2:11: error[not-utf8]' in result.output, (command, result.output)
        assert ' 2 | name: "caf\ufffd"' in result.output, (command, result.output)


def test_an_event_kind_far_from_every_kind_names_the_closest_and_where_all_are(
        tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(UNHASHABLE.replace("{e: [damage]}", "{e: damaged_badly}")
                    .replace("    - {e: {damage: 1}}\n", ""), encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1, result.output
    assert "unknown event kind 'damaged_badly'" in result.output
    assert "closest kinds: damage" in result.output
    assert "'e' values of the scenario schema" in result.output
    assert "tests/scenarios/README.md" not in result.output


GUOZHAN_ONE_GENERAL = """kind: scenario
name: a guozhan seat written as an identity seat
mode: guozhan
seats:
  - {general: caocao}
  - {general: liubei, role: rebel}
  - {generals: [sunquan, zhouyu]}
turns: 1
"""


def test_a_guozhan_seat_with_one_general_is_one_error_per_mistake(tmp_path: Path) -> None:
    """Review, session 8: {general: caocao} at a Guozhan table gave two errors, one of them
    saying the seat had no 'general' (it had one: it needs two)."""
    path = tmp_path / "s.yaml"
    path.write_text(GUOZHAN_ONE_GENERAL, encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1, result.output
    out = result.output
    assert out.count("error[scenario]") == 3, out
    assert ("s.yaml:5:6: error[scenario]: a guozhan seat has two generals "
            "(generals: [MAIN, DEPUTY]), not one 'general'") in out
    assert "s.yaml:6:6: error[scenario]: a guozhan seat has two generals" in out
    assert "s.yaml:6:23: error[scenario]: a guozhan seat has no 'role'" in out
    assert "needs generals" not in out

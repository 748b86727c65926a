"""A scenario expectation that can never match is a located error, not a pass (session 6
review): a ``no_events`` pattern naming a seat the table does not have, an unknown skill,
phase or decision kind, or a value of the wrong type passed without checking anything, and
a misspelt kingdom or faction in an expected Guozhan seat failed with a puzzling message.
Samurai scenarios get their own format checked by `sgs validate`, not the identity one."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs_tools import paths, project
from sgs_tools.data.loader import load_file, loads
from sgs_tools.engine.library import Library
from sgs_tools.scenario.format import ScenarioError, check_format, parse_scenario

TABLE = """kind: scenario
name: a table where nothing happens
seats:
  - {general: liubei, role: lord}
  - {general: caocao, role: rebel}
start: {seat: 0, phase: play}
phases: [play]
expect:
  no_events:
    - PATTERN
"""

GUOZHAN = """kind: scenario
name: an expected Guozhan seat
mode: guozhan
seats:
  - {generals: [gz_liubei, gz_guanyu], revealed: [true, false]}
  - {generals: [gz_caocao, gz_xuchu]}
start: {seat: 0, phase: play}
phases: [play]
expect:
  state:
    seats:
      0: {FIELD: VALUE}
"""


@pytest.fixture(scope="module")
def lib() -> Library:
    return project.library()


def _problems(text: str, lib: Library | None) -> list[str]:
    try:
        parse_scenario(loads(text, "s.yaml"), lib)
    except ScenarioError as exc:
        return [f"{p.location.line}:{p.location.col}: {p.message}" for p in exc.problems]
    return []


@pytest.mark.parametrize(("pattern", "message"), [
    ("{e: damage, seat: 9}", "there is no seat 9"),
    ("{e: damage, source: 7}", "there is no seat 7"),
    ("{e: damage, seat: -1}", "there is no seat -1"),
    ("{e: damage, seat: '0'}", "seat is a seat number"),
    ("{e: damage, seat: [0]}", "seat is a seat number"),
    ("{e: target, targets: [9]}", "there is no seat 9"),
    ("{e: target, targets: 1}", "targets is a list of seat numbers"),
    ("{e: redirect, to: 4}", "there is no seat 4"),
    ("{e: skill, skill: nosuchskill}", "unknown skill 'nosuchskill'"),
    ("{e: damage, n: x}", "n is a whole number"),
    ("{e: phase, phase: plya}", "unknown phase 'plya'"),
    ("{e: decide, kind: nokind}", "unknown decision kind 'nokind'"),
    ("{e: draw, seat: 0, cards: -1}", "a number of cards is at least 0"),
    ("{e: reveal_general, general: gz_nobody}", "unknown general 'gz_nobody'"),
    ("{e: reveal_general, general: main}", "unknown general 'main'"),
    # review, session 9: a misspelt faction or slot made the no_events pass unchecked
    ("{e: reveal_general, faction: wie}", "unknown faction 'wie'"),
    ("{e: reveal_general, faction: 3}", "unknown faction 3"),
    ("{e: reveal_general, slot: mian}", "slot is main or deputy, not 'mian'"),
    ("{e: hide_general, slot: 1}", "slot is main or deputy, not 1"),
])
def test_a_no_events_pattern_that_can_never_match_is_an_error(
        lib: Library, pattern: str, message: str) -> None:
    problems = _problems(TABLE.replace("PATTERN", pattern), lib)
    assert any(p.startswith("10:") and message in p for p in problems), problems


@pytest.mark.parametrize("pattern", [
    "{e: damage, seat: 1, source: 0}", "{e: death, killer: null}", "{e: skill, skill: rende}",
    "{e: phase, phase: discard}", "{e: decide, kind: yes_no}", "{e: draw, cards: 2}",
    "{e: move, to: discard}", "{e: use, targets: [1]}", "{e: move, seat: -1, to: discard}",
    # a card's own effect is logged under the card's id (an armour, a weapon)
    "{e: skill, skill: eight_diagram}", "{e: prevent, seat: 0, skill: ice_sword}",
    # lose_skills names the Guozhan slot whose skills went, or nothing
    "{e: lose_skills, seat: 0, general: main}", "{e: lose_skills, general: ''}",
    "{e: lose_skills, seat: 1, general: deputy}",
    "{e: reveal_general, faction: careerist}", "{e: reveal_general, faction: wei}",
    "{e: reveal_general, slot: deputy}", "{e: hide_general, slot: main}",
])
def test_patterns_that_could_match_are_accepted(lib: Library, pattern: str) -> None:
    assert _problems(TABLE.replace("PATTERN", pattern), lib) == []


def test_winning_seats_must_exist(lib: Library) -> None:
    text = TABLE.replace("  no_events:\n    - PATTERN\n", "  winner: [0, 9]\n")
    assert any("there is no seat 9" in p for p in _problems(text, lib))


@pytest.mark.parametrize(("field", "value", "message"), [
    ("kingdom", "xyz", "unknown kingdom 'xyz'"),
    ("faction", "7", "unknown faction 7"),
    ("faction", "shuu", "unknown faction 'shuu'"),
    ("revealed", "[maybe]", "revealed is true, false or a pair"),
    ("careerist", "'no'", "careerist is true or false"),
    ("generals", "[gz_liubei]", "generals is a list of two general ids"),
    ("generals", "[gz_liubei, gz_nobody]", "unknown general 'gz_nobody'"),
    ("alive", "'yes'", "alive is true or false"),
    ("hp", "two", "hp is a whole number"),
])
def test_an_expected_guozhan_seat_field_of_the_wrong_kind_is_an_error(
        lib: Library, field: str, value: str, message: str) -> None:
    text = GUOZHAN.replace("FIELD", field).replace("VALUE", value)
    assert any(message in p for p in _problems(text, lib)), _problems(text, lib)


@pytest.mark.parametrize(("field", "value"), [
    ("kingdom", "shu"), ("kingdom", "null"), ("faction", "careerist"),
    ("faction", "shu"), ("revealed", "[true, false]"), ("careerist", "false"),
    ("generals", "[gz_liubei, gz_guanyu]"),
])
def test_expected_guozhan_seat_fields_that_could_hold_are_accepted(
        lib: Library, field: str, value: str) -> None:
    text = GUOZHAN.replace("FIELD", field).replace("VALUE", value)
    assert _problems(text, lib) == []


def test_bundled_samurai_scenarios_pass_the_format_check_validate_runs() -> None:
    """`sgs validate tests/scenarios` checked samurai scenarios against the identity format
    (106 false errors: houses, dice, money …); ``check_format`` uses the samurai one."""
    samurai = [f for f in sorted(paths.bundled_scenarios().glob("*.yaml"))
               if "mode: samurai" in f.read_text(encoding="utf-8")]
    assert samurai
    for f in samurai:
        assert check_format(load_file(f)) == [], f


def test_a_bad_samurai_scenario_format_is_located(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("kind: scenario\nname: x\nmode: samurai\nseats:\n  - {housez: []}\n"
                    "dice: 3\nexpect: {winnr: 0}\n", encoding="utf-8")
    messages = {(p.location.line, p.message) for p in check_format(load_file(path))}
    assert (5, "unknown seat key 'housez'") in messages
    assert (6, "dice is a list") in messages
    assert (7, "unknown expectation 'winnr'") in messages


def test_the_same_general_as_main_and_deputy_is_refused(lib: Library) -> None:
    text = GUOZHAN.replace("gz_liubei, gz_guanyu], revealed", "gz_liubei, gz_liubei], revealed"
                           ).replace("      0: {FIELD: VALUE}\n", "      0: {hp: 4}\n")
    problems = _problems(text, lib)
    assert any(p.startswith("5:28:") and "'gz_liubei' is already this seat's main general"
               in p for p in problems), problems
def test_a_guozhan_pair_of_two_kingdoms_is_refused_at_the_deputy(lib: Library) -> None:
    """The deal never seats Shu Liu Bei with Wei Cao Cao (`sgs simulate --generals`
    refuses the pair too): a scenario that does tests a table that cannot happen."""
    text = GUOZHAN.replace("gz_liubei, gz_guanyu], revealed", "gz_liubei, gz_caocao], revealed"
                           ).replace("gz_caocao, gz_xuchu", "gz_caoren, gz_xuchu"
                                     ).replace("      0: {FIELD: VALUE}\n", "      0: {hp: 4}\n")
    problems = _problems(text, lib)
    assert any(p.startswith("5:28:") and "'gz_caocao' is of wei" in p
               and "'gz_liubei' of shu" in p for p in problems), problems
    # Without a game loaded (what `sgs validate` checks) kingdoms are not known: no error.
    assert not any("kingdom" in p for p in _problems(text, None)), _problems(text, None)


def test_every_bundled_scenario_passes_the_pattern_checks(lib: Library) -> None:
    """The checks refuse what can never match and nothing the engine logs: the bundled
    scenarios (equipment effects logged under the card's id, ``lose_skills`` naming a
    Guozhan slot) all pass them."""
    failures = {}
    for f in sorted(paths.bundled_scenarios().glob("*.yaml")):
        text = f.read_text(encoding="utf-8")
        if "mode: samurai" in text:
            continue
        problems = _problems(text, lib)
        if problems:
            failures[f.name] = problems
    assert failures == {}

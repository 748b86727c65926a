"""The scenario JSON Schema: in step with format.py and the engine, true of every scenario.

The schema is for editors (`# yaml-language-server: $schema=…` on each scenario's first
line); `sgs test` checks scenarios with sgs_tools/scenario/format.py. The two must agree:
every bundled scenario passes both, the negative cases below fail both, and each list of
words the schema spells out is compared with the Python (or mode data) it comes from.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from sgs_tools import paths
from sgs_tools.data import schemas
from sgs_tools.data.loader import Document, load_file, loads
from sgs_tools.engine import LOG_EVENTS, PLAYED_MODES
from sgs_tools.engine.agents import DECISION_KINDS
from sgs_tools.scenario import format as scenario_format
from sgs_tools.scenario.format import ScenarioError, parse_scenario
from sgs_tools.scenario.runner import collect
from tests.conftest import TESTS

SCENARIOS = [p for p in collect([TESTS / "scenarios"]) if not p.name.startswith("samurai_")]
"""The samurai scenarios have their own table format (sgs_tools/scenario/samurai.py)."""
SCHEMA: dict[str, Any] = schemas.schema("scenario")
DEFS: dict[str, Any] = SCHEMA["$defs"]
TOP: dict[str, Any] = SCHEMA["properties"]
EXPECT: dict[str, Any] = TOP["expect"]["properties"]
SCHEMA_LINE = "# yaml-language-server: $schema=../../sgs_tools/data/schemas/scenario.schema.json"


def _errors(data: Any) -> list[str]:
    """Schema errors, by the strict validator sgs uses and by a plain 2020-12 one (as an
    editor would resolve the references); both must agree."""
    strict = sorted(e.message for e in schemas.validator("scenario").iter_errors(data))
    plain = sorted(e.message for e in Draft202012Validator(SCHEMA).iter_errors(data))
    assert bool(strict) == bool(plain), (strict, plain)
    return strict


def _doc(extra: str) -> Document:
    """A scenario: two seats, then ``extra``; an ``extra`` giving seats replaces them."""
    head = "kind: scenario\n" if extra.startswith("seats:") else BASE
    return loads(head + extra, "case.yaml")


def _format_accepts(doc: Document) -> bool:
    try:
        parse_scenario(doc)
    except ScenarioError:
        return False
    return True


def _modes() -> list[dict[str, Any]]:
    root = paths.bundled_root() / "modes"
    return [load_file(root / f"{mode}.yaml").data for mode in PLAYED_MODES]


# -- the words the schema lists are the engine's words -----------------------------------

def test_keys_are_format_py_keys() -> None:
    assert set(TOP) == scenario_format.TOP_KEYS
    assert set(DEFS["seat"]["properties"]) == scenario_format.SEAT_KEYS
    assert set(EXPECT) == scenario_format.EXPECT_KEYS


def test_decision_kinds_are_the_engine_kinds() -> None:
    assert set(TOP["defaults"]["properties"]) == DECISION_KINDS
    assert TOP["defaults"]["additionalProperties"] is False


def test_event_kinds_are_the_log_events() -> None:
    assert DEFS["event"]["properties"]["e"]["enum"] == sorted(LOG_EVENTS)


def test_modes_are_the_played_modes() -> None:
    assert TOP["mode"]["enum"] == list(PLAYED_MODES)
    assert TOP["mode"]["default"] == PLAYED_MODES[0] == "identity"


def test_turns_limit_is_max_turns() -> None:
    assert TOP["turns"]["maximum"] == scenario_format.MAX_TURNS


def test_phases_are_the_played_modes_phases() -> None:
    phases = {str(p["id"]) for mode in _modes() for p in mode["phases"]}
    assert set(DEFS["phase"]["enum"]) == phases
    assert set(TOP["start"]["properties"]["phase"]["enum"]) == phases | {None}


def test_winner_sides_are_the_played_modes_sides() -> None:
    sides = {str(s["id"]) for mode in _modes() for s in mode["victory"]["sides"]
             if "factions" not in s}
    # Guozhan's winning side is the faction that won: a kingdom, or a careerist.
    sides |= {str(f) for mode in _modes() for s in mode["victory"]["sides"]
              for f in s.get("factions") or []}
    side_form = EXPECT["winner"]["anyOf"][0]
    assert set(side_form["enum"]) == sides | {"none"}


def test_kingdoms_are_the_general_kingdoms() -> None:
    kingdoms = schemas.schema("general")["properties"]["kingdom"]["enum"]
    assert DEFS["seat"]["properties"]["kingdom"]["enum"] == [*kingdoms, None]


# -- every bundled scenario -----------------------------------------------------------------

def test_all_scenarios_are_here() -> None:
    """collect() finds every scenario file (the README aside), and there are many."""
    on_disk = sorted(p for p in (TESTS / "scenarios").glob("*.yaml"))
    assert sorted(collect([TESTS / "scenarios"])) == on_disk
    assert len(SCENARIOS) >= 120


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_declares_and_passes_the_schema(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == SCHEMA_LINE, f"{path.name} must start with the schema line"
    m = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert m is not None
    assert (path.parent / m.group(1)).resolve() == (
        schemas.schema_dir() / "scenario.schema.json").resolve()
    doc = load_file(path)
    assert _errors(doc.data) == []
    assert _format_accepts(doc)


def test_readme_example_passes_both() -> None:
    readme = (TESTS / "scenarios" / "README.md").read_text(encoding="utf-8")
    m = re.search(r"```yaml\n(.*?)```", readme, re.S)
    assert m is not None
    assert m.group(1).splitlines()[0] == SCHEMA_LINE
    doc = loads(m.group(1), "README.md")
    assert _errors(doc.data) == []
    assert _format_accepts(doc)


# -- edge cases: the schema and format.py agree ---------------------------------------------

BASE = "kind: scenario\nseats: [{role: lord}, {role: rebel}]\n"

ACCEPTED = {
    "minimal": "",
    "empty values count as absent": "start:\nscript:\nexpect:\ndefaults:\nphases:\ndeck:\n",
    "name left empty": "description: two seats\nname:\n",
    "card forms": "deck: [slash, slash ♠7, slash ♠ 7, spade 7 slash, ♠7 slash, "
                  "spades 10 slash, heart A peach, jink ♦q]\n",
    "judgement as a delayed trick": "seats: [{judgement: [jink ♦3 as indulgence, "
                                    "lightning ♠A]}, {}]\n",
    "picks": "script: [{seat: 0, pick: slash}, {seat: 1, pick: 0, when: target}, "
             "{seat: 0, pick: [1, 2]}, {seat: 1, pick: [a, b]}, {seat: 0, pick: true}]\n",
    "defaults": "defaults: {yes_no: yes, play: end, general: 0}\n",
    "start and phases": "start: {seat: 1, phase: play}\nphases: [play, discard]\n",
    "until and turns": "until: game_over\nturns: 0\nstep_budget: 50\nseed: 3\nrest: discard\n",
    "every expectation": (
        "expect:\n"
        "  events: [{e: damage, seat: 0, source: null, card: slash ♠7, times: 0}]\n"
        "  no_events: [{e: death}]\n"
        "  state:\n"
        "    seats: {0: {hp: 1, hand: 0, equipment: [crossbow], alive: true}}\n"
        "    deck: [slash ♠5]\n"
        "    discard: 3\n"
        "    current: 1\n"
        "  winner: [0, 1]\n"
        "  error: step-budget\n"
        "  distance: [{from: 0, to: 1, is: 1}]\n"
        "  in_range: [{from: 0, to: 1, is: true}]\n"
        "  attack_range: [{seat: 1, is: 1}, {is: 1}]\n"),
    "winner side": "expect: {winner: lord_side}\n",
}


@pytest.mark.parametrize("extra", list(ACCEPTED.values()), ids=list(ACCEPTED))
def test_both_accept(extra: str) -> None:
    doc = _doc(extra)
    assert _errors(doc.data) == []
    assert _format_accepts(doc)


REJECTED = {
    "unknown top key": "colour: red\n",
    "unknown seat key": "seats: [{general: caocao, hnad: [slash]}]\n",
    "no seats": "seats: []\n",
    "one seat": "seats: [{role: lord}]\n",
    "unknown role": "seats: [{role: king}]\n",
    "negative hp": "seats: [{hp: -1}]\n",
    "max_hp 0": "seats: [{max_hp: 0}]\n",
    "alive is a word": "seats: [{alive: dead}]\n",
    "unknown agent": "seats: [{agent: smart}]\n",
    "unknown gender": "seats: [{gender: robot}]\n",
    "skills not a list": "seats: [{skills: ganglie}]\n",
    "suit without rank": "seats: [{hand: [slash ♠]}]\n",
    "rank without suit": "deck: [slash 7]\n",
    "two names": "deck: [slash jink]\n",
    "no name": "deck: [♠7]\n",
    "'as' outside the judgement zone": "seats: [{hand: [jink ♦3 as indulgence]}]\n",
    "too many turns": "turns: 1001\n",
    "negative turns": "turns: -1\n",
    "seed is text": "seed: one\n",
    "until forever": "until: forever\n",
    "rest in hand": "rest: hand\n",
    "phases not a list": "phases: play\n",
    "unknown start key": "start: {seat: 0, turn: 2}\n",
    "negative start seat": "start: {seat: -1}\n",
    "unknown decision kind": "defaults: {yesno: yes}\n",
    "default answer is a list": "defaults: {play: [end]}\n",
    "step without pick": "script: [{seat: 0}]\n",
    "unknown step key": "script: [{seat: 0, pick: slash, why: test}]\n",
    "negative step seat": "script: [{seat: -1, pick: slash}]\n",
    "unknown expectation": "expect: {colour: red}\n",
    "unknown event": "expect: {events: [{e: damaged}]}\n",
    "event without e": "expect: {events: [{seat: 0}]}\n",
    "events not a list": "expect: {events: {e: damage}}\n",
    "times in no_events": "expect: {no_events: [{e: death, times: 0}]}\n",
    "negative times": "expect: {events: [{e: death, times: -1}]}\n",
    "unknown state": "expect: {state: {table: 1}}\n",
    "state seat not a number": "expect: {state: {seats: {first: {hp: 1}}}}\n",
    "distance without is": "expect: {distance: [{from: 0, to: 1}]}\n",
    "distance with an unknown key": "expect: {distance: [{from: 0, to: 1, is: 1, extra: 2}]}\n",
    "unknown state seat field": "expect: {state: {seats: {0: {mood: 1}}}}\n",
    "hand count is text": "expect: {state: {seats: {0: {hand: two}}}}\n",
    "unreadable expected card": "expect: {state: {discard: [slash ♠]}}\n",
}


@pytest.mark.parametrize("extra", list(REJECTED.values()), ids=list(REJECTED))
def test_both_reject(extra: str) -> None:
    doc = _doc(extra)
    assert _errors(doc.data) != []
    assert not _format_accepts(doc)


# The schema says more than format.py in a few places, where `sgs test` finds the mistake
# only when it runs the scenario or knows the game's data (or, for kind, does not take the
# file for a scenario).
SCHEMA_ONLY = {
    "no kind": "seats: [{role: lord}, {role: rebel}]\n",
    "unknown phase": BASE + "phases: [lunch]\n",
    "unknown start phase": BASE + "start: {phase: lunch}\n",
    "unknown winning side": BASE + "expect: {winner: lords}\n",
    # an expansion may add a mode of its own: the loaded game says which modes exist
    # (sgs validate checks a scenario's mode against it, sgs test too)
    "unknown mode": BASE + "mode: chess\n",
}


@pytest.mark.parametrize("text", list(SCHEMA_ONLY.values()), ids=list(SCHEMA_ONLY))
def test_schema_rejects_what_only_the_run_would_catch(text: str) -> None:
    doc = loads(text, "case.yaml")
    assert _errors(doc.data) != []
    assert _format_accepts(doc)


def test_event_fields_are_the_logged_fields() -> None:
    """Each event kind's allowed fields in the schema are exactly what the engine logs."""
    from sgs_tools.engine import LOG_FIELDS

    blocks = {b["if"]["properties"]["e"]["const"]: set(b["then"]["properties"])
              for b in DEFS["event"]["allOf"]}
    assert blocks == {kind: set(fields) | {"e", "times"} for kind, fields in LOG_FIELDS.items()}


@pytest.mark.parametrize("pattern", [{"e": "damage", "seta": 1},
                                     {"e": "damage", "seat": 1, "soruce": 0},
                                     {"e": "use", "card": "slash", "times": 1, "nture": "fire"}])
def test_a_misspelt_event_field_is_refused_by_the_schema(pattern: dict[str, Any]) -> None:
    data = {"kind": "scenario", "seats": [{"general": "liubei"}, {"general": "caocao"}],
            "expect": {"no_events": [pattern], "events": [pattern]}}
    assert _errors(data)
    fine = {**data, "expect": {"events": [{"e": "damage", "seat": 1, "source": 0}]}}
    assert _errors(fine) == []

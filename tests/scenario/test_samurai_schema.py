"""The samurai scenario JSON Schema (samurai_scenario.schema.json): in step with
sgs_tools/scenario/samurai.py, true of every samurai scenario, and refusing the shapes the
runner refuses — with the problem located where it is."""

from __future__ import annotations

from typing import Any

import pytest

from sgs_tools.data import schemas
from sgs_tools.data.loader import load_file, loads
from sgs_tools.scenario import samurai
from sgs_tools.scenario.runner import collect
from tests.conftest import TESTS

SCENARIOS = [p for p in collect([TESTS / "scenarios"]) if p.name.startswith("samurai_")]
SCHEMA: dict[str, Any] = schemas.schema("samurai_scenario")
LINE = "# yaml-language-server: $schema=../../sgs_tools/data/schemas/samurai_scenario.schema.json"

BASE = """kind: scenario
mode: samurai
seats:
  - houses: [[oda_nobunaga], []]
  - houses: [[takeda_shingen], []]
  - houses: [[uesugi_kenshin], []]
phases: [honor]
"""


def test_keys_are_the_runners_keys() -> None:
    assert set(SCHEMA["properties"]) == samurai.TOP_KEYS
    assert set(SCHEMA["$defs"]["seat"]["properties"]) == samurai.SEAT_KEYS
    assert set(SCHEMA["properties"]["expect"]["properties"]) == samurai.EXPECT_KEYS
    assert set(SCHEMA["$defs"]["seat_state"]["properties"]) == samurai.STATE_SEAT_KEYS
    assert SCHEMA["$defs"]["phase"]["enum"] == list(samurai.PHASES)


def test_there_are_samurai_scenarios() -> None:
    assert len(SCENARIOS) >= 15


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_samurai_scenario_declares_and_passes_the_schema(path: Any) -> None:
    assert path.read_text(encoding="utf-8").splitlines()[0] == LINE
    assert schemas.check(load_file(path), "samurai_scenario") == []


def test_the_quick_check_compiles() -> None:
    quick = schemas.quick_check("samurai_scenario")
    assert quick is not None
    assert quick(loads(BASE, "ok.yaml").data)


@pytest.mark.parametrize(("houses", "where", "message"), [
    ("[oda_nobunaga]", "0", "expected a list"),       # a house that is not a list
    ("[[oda_nobunaga], [1]]", "1/0", "expected a string"),  # a card that is not an id
    ("[[oda_nobunaga], [], []]", "", "too long"),     # three houses
    ("oda_nobunaga", "", "expected a list"),          # not a list of houses
])
def test_a_bad_houses_expectation_is_a_located_schema_error(houses: str, where: str,
                                                            message: str) -> None:
    text = BASE + f"expect:\n  state:\n    seats:\n      0: {{houses: {houses}}}\n"
    doc = loads(text, "bad.yaml")
    problems = schemas.check(doc, "samurai_scenario")
    assert problems, houses
    line = text.splitlines().index(f"      0: {{houses: {houses}}}") + 1
    assert all(p.location.line == line for p in problems), [str(p.location) for p in problems]
    want = doc.where(("expect", "state", "seats", "0", "houses",
                      *[int(x) for x in where.split("/") if x]))
    assert [(p.location.line, p.location.col) for p in problems
            if message in p.message] == [(want.line, want.col)]


def test_a_good_houses_expectation_passes() -> None:
    text = BASE + "expect:\n  state:\n    seats:\n      0: {houses: [[oda_nobunaga], []]}\n"
    assert schemas.check(loads(text, "ok.yaml"), "samurai_scenario") == []

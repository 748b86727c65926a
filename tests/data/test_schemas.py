"""The JSON Schemas themselves: valid 2020-12, documented everywhere, used by every file."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from sgs_tools import paths
from sgs_tools.data import schemas
from sgs_tools.data.loader import load_file
from sgs_tools.data.validate import OTHER_KINDS

NAMES = sorted(p.name.removesuffix(".schema.json") for p in schemas.schema_files())
"""Every shipped schema: the data kinds' and the scenario tests' (which validate skips)."""


def test_every_schema_is_walked() -> None:
    assert set(schemas.KINDS.values()) | {"scenario", "samurai_scenario"} == set(NAMES)


def test_scenarios_are_not_data_files() -> None:
    # `sgs validate` skips scenarios (they are checked by `sgs test`), so no data kind may
    # map to the scenario schema.
    assert "scenario" in OTHER_KINDS
    assert "scenario" not in schemas.KINDS
    assert "scenario" not in schemas.KINDS.values()


def _properties(node: Any, where: str = "") -> list[tuple[str, Any]]:
    """Every property schema at every depth, with a path for messages."""
    found: list[tuple[str, Any]] = []
    if isinstance(node, dict):
        for name, sub in (node.get("properties") or {}).items():
            found.append((f"{where}/{name}", sub))
        for key, sub in node.items():
            if key in ("properties", "$defs", "items", "additionalProperties",
                       "patternProperties") or key in ("anyOf", "oneOf", "allOf"):
                children = sub.values() if isinstance(sub, dict) and key in (
                    "properties", "$defs", "patternProperties") else (
                    sub if isinstance(sub, list) else [sub])
                for child in children:
                    found.extend(_properties(child, f"{where}/{key}"))
    return found


@pytest.mark.parametrize("name", NAMES)
def test_schema_is_valid_2020_12(name: str) -> None:
    Draft202012Validator.check_schema(schemas.schema(name))


@pytest.mark.parametrize("name", NAMES)
def test_every_property_has_title_and_description(name: str) -> None:
    props = _properties(schemas.schema(name))
    assert props
    missing = [where for where, sub in props
               if isinstance(sub, dict) and not ("title" in sub and "description" in sub)]
    assert missing == []


@pytest.mark.parametrize("path", paths.bundled_files(), ids=lambda p: p.name)
def test_data_file_declares_its_schema(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    m = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert m, f"{path} must start with a yaml-language-server $schema line"
    target = (path.parent / m.group(1)).resolve()
    assert target.is_file(), f"{path}: {m.group(1)} does not exist"
    kind = load_file(path).data["kind"]
    assert target.name == f"{schemas.KINDS[kind]}.schema.json"


CARD = """kind: cards
set: pack
cards:
  - id: sword
    name: {zh: 剑}
    type: equipment
    subtype: weapon
    range: 2
"""


@pytest.mark.parametrize(("old", "new", "said"), [
    ("    range: 2\n", "", "missing-key: missing required key 'range'"),
    ("    subtype: weapon\n", "    subtype: armour\n",
     "unknown-key: key 'range' is not allowed here"),
    ("    type: equipment\n    subtype: weapon\n", "    type: basic\n",
     "unknown-key: key 'range' is not allowed here"),
])
def test_a_weapon_has_a_range_and_nothing_else_does(old: str, new: str, said: str) -> None:
    """Review, session 8: a weapon without 'range' and a basic card with one both
    validated, though the data format says a weapon requires it (weapons only)."""
    from sgs_tools.data.loader import loads

    assert schemas.check(loads(CARD, "cards.yaml"), "card") == []
    problems = schemas.check(loads(CARD.replace(old, new), "cards.yaml"), "card")
    assert [f"{p.code}: {p.message}" for p in problems] == [said]

"""The quick schema check (sgs_tools/data/fastschema.py) says "valid" exactly where
jsonschema finds no error: on the bundled data, the example files and mutated data."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from bench.fuzz_data import HOSTILE, _walk
from bench.fuzz_data import mutate as mutate_text
from sgs_tools import paths
from sgs_tools.data import fastschema, schemas
from sgs_tools.data.loader import loads
from sgs_tools.errors import LoadError
from tests.conftest import EXAMPLES


def _samples() -> list[tuple[str, Any]]:
    """(schema name, data) of every bundled and example data file that loads."""
    out = []
    for path in [*paths.bundled_files(), *sorted(EXAMPLES.rglob("*.yaml"))]:
        try:
            data = loads(Path(path).read_text(encoding="utf-8"), str(path)).data
        except (LoadError, UnicodeDecodeError):
            continue
        kind = data.get("kind") if isinstance(data, dict) else None
        name = schemas.KINDS.get(kind) if isinstance(kind, str) else None
        if name is not None:
            out.append((name, data))
    return out


SAMPLES = _samples()


def agree(name: str, data: Any) -> None:
    quick = schemas.quick_check(name)
    assert quick is not None
    valid = not any(True for _ in schemas.validator(name).iter_errors(data))
    assert quick(data) == valid, (name, valid, data)


def test_every_schema_compiles() -> None:
    for name in set(schemas.KINDS.values()):
        assert schemas.quick_check(name) is not None, name


def test_the_bundled_and_example_files_agree() -> None:
    assert len(SAMPLES) > 100
    for name, data in SAMPLES:
        agree(name, data)


def _mutated(data: Any, rng: random.Random) -> Any:
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        where = rng.choice(_walk(data)[1:] or [()])
        if not where:
            break
        parent = data
        for key in where[:-1]:
            parent = parent[key]
        op = rng.randrange(4)
        if op == 0:
            parent[where[-1]] = copy.deepcopy(rng.choice(HOSTILE))
        elif op == 1 and isinstance(parent, dict):
            del parent[where[-1]]
        elif op == 2 and isinstance(parent, dict):
            parent[rng.choice(["extra", "kind", "id", "count", "effect", "hp", "halves",
                               "subtype", "name", "zh"])] = copy.deepcopy(rng.choice(HOSTILE))
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(parent[where[-1]]))  # a repeated item
    return data


@pytest.mark.parametrize("seed", range(4))
def test_mutated_data_agrees(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(400):
        name, data = rng.choice(SAMPLES)
        agree(name, _mutated(data, rng))


def test_mutated_files_agree() -> None:
    """Text mutations (bench/fuzz_data.py), loaded as `sgs validate` loads them."""
    rng = random.Random(7)
    texts = [p.read_text(encoding="utf-8") for p in paths.bundled_files()]
    checked = 0
    for _ in range(600):
        try:
            data = loads(mutate_text(rng.choice(texts), rng)).data
        except LoadError:
            continue
        kind = data.get("kind") if isinstance(data, dict) else None
        name = schemas.KINDS.get(kind) if isinstance(kind, str) else None
        if name is not None:
            agree(name, data)
            checked += 1
    assert checked > 200


def test_a_keyword_or_a_type_rule_it_does_not_know_is_left_to_jsonschema() -> None:
    from jsonschema import Draft202012Validator

    strict = type(schemas.validator("card"))  # whole numbers are ints, never 5.0
    assert fastschema.compile_validator(strict(
        {"type": "array", "contains": {"const": 1}})) is None
    assert fastschema.compile_validator(Draft202012Validator({"type": "integer"})) is None
    quick = fastschema.compile_validator(strict(
        {"type": "object", "properties": {"a": {"type": "integer", "minimum": 1}},
         "required": ["a"], "additionalProperties": False}))
    assert quick is not None
    assert quick({"a": 2}) and not quick({"a": 0}) and not quick({"a": 2, "b": 1})
    assert not quick({"a": True}) and not quick({}) and not quick([])

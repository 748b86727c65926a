"""The fast driver over lark's tables (sgs_tools/dsl/lalr.py): the AST that lark's parse and
the Builder give, positions included, or None wherever lark must speak (every syntax error
keeps lark's message and location, tests/dsl/test_parse.py and test_locations.py)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from bench.fuzz_effects import corpus, mutate
from bench.validate_bench import effect_text
from sgs_tools.dsl import ast as A
from sgs_tools.dsl import lalr
from sgs_tools.dsl.build import Builder, build
from sgs_tools.dsl.parse import MAX_TREE_DEPTH, _normalise, _too_deep, parser
from sgs_tools.dsl.unparse import unparse
from tests.dsl.strategies import EFFECTS


def same(a: Any, b: Any, where: str = "effect") -> str | None:
    """Where ``a`` and ``b`` differ, positions included (the AST's equality leaves
    positions out), or None."""
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        if type(a) is not type(b):
            return f"{where}: {type(a).__name__} vs {type(b).__name__}"
        for f in dataclasses.fields(a):
            found = same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
            if found:
                return found
        return None
    if isinstance(a, (tuple, list)):
        if type(a) is not type(b) or len(a) != len(b):
            return f"{where}: {a!r} vs {b!r}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = same(x, y, f"{where}[{i}]")
            if found:
                return found
        return None
    if type(a) is not type(b) or a != b:
        return f"{where}: {a!r} ({type(a).__name__}) vs {b!r} ({type(b).__name__})"
    return None


def by_lark(text: str) -> A.Effect | None:
    """What sgs_tools.dsl.parse's lark path makes of ``text``: the AST, or None for a
    syntax error or a tree too deep (reported by that path)."""
    source = _normalise(text)
    try:
        tree = parser().parse(source)
    except Exception:  # every error: lark's path reports it
        return None
    if _too_deep(tree) is not None:
        return None
    return build(tree)


def agree(text: str) -> None:
    expected = by_lark(text)
    got = lalr.parse_fast(_normalise(text), MAX_TREE_DEPTH)
    if expected is None:
        assert got is None, f"the fast path accepts what lark refuses: {text!r}"
        return
    assert got is not None, f"the fast path gave up on a text lark parses: {text!r}"
    difference = same(expected, got)
    assert difference is None, f"{difference}\n{text!r}"


def test_lark_is_read_as_expected() -> None:
    """The tables are read (so no text silently takes the slow path everywhere)."""
    assert lalr._tables() is not None


def bundled_texts() -> list[str]:
    """Every ``effect:`` text of every bundled data file (skills, cards, abilities …)."""
    from sgs_tools import paths
    from sgs_tools.data.loader import load_file

    found: set[str] = set()
    for path in paths.bundled_files():
        stack: list[Any] = [load_file(path).data]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                found.update(v for k, v in item.items() if k == "effect" and isinstance(v, str))
                stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
            elif isinstance(item, list):
                stack.extend(item)
    return sorted(found)


def test_every_bundled_effect_gives_the_same_ast() -> None:
    texts = bundled_texts()
    assert len(texts) > 150
    for text in texts:
        agree(text)


def test_generated_effects_give_the_same_ast() -> None:
    for u in range(0, 40_000, 97):
        agree(effect_text(u))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(EFFECTS)
def test_unparsed_random_effects_give_the_same_ast(effect: A.Effect) -> None:
    agree(unparse(effect))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mutated_effects_agree_or_fall_back(seed: int) -> None:
    """Mutations make syntax errors, deep nesting, odd line breaks and keywords in odd
    places: the fast path accepts exactly what lark accepts, with the same AST."""
    compiled, _names = corpus()
    texts = sorted({c.text for c in compiled})
    rng = random.Random(seed)
    for _ in range(250):
        agree(mutate(rng.choice(texts), rng))


def test_deep_nesting_is_left_to_lark() -> None:
    text = "after damaged:\n  if " + "not " * (MAX_TREE_DEPTH + 5) + "hp > 1:\n    draw 1\n"
    assert lalr.parse_fast(_normalise(text), MAX_TREE_DEPTH) is None


def test_an_unexpected_lark_is_not_driven() -> None:
    """A parser built otherwise than sgs_tools.dsl.parse builds it is refused at once."""
    from lark import Lark

    other = Lark("start: NAME\n%import common.CNAME -> NAME\n", parser="lalr")
    with pytest.raises(lalr._Fallback):
        lalr.tables_of(other, Builder())

"""Regression tests for issue 15 (hardening): each is named after the item it guards."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs_tools.data.validate import validate
from sgs_tools.dsl.parse import MAX_TREE_DEPTH, EffectSyntaxError, parse

HEAD = ("kind: general\nid: t\nname: {zh: 测}\nset: fanmade\nkingdom: qun\ngender: male\n"
        "hp: 4\nskills:\n  - id: s1\n    name: {zh: 一}\n    effect: |\n")


def _nested_repeat(n: int) -> str:
    return ("after take_damage:\n" + "".join("  " * (i + 1) + "repeat 2:\n" for i in range(n))
            + "  " * (n + 1) + "draw 1\n")


@pytest.mark.parametrize(("kind", "text"), [
    ("repeat", _nested_repeat(300)),
    ("if-not", "after take_damage:\n" + "".join("  " * (i + 1) + "if not hp > 1:\n"
                                                for i in range(300)) + "  " * 301 + "draw 1\n"),
    ("not-chain", "after take_damage:\n  if " + "not " * 20_000 + "hp > 1:\n    draw 1\n"),
    ("brackets", "after take_damage:\n  draw " + "(" * 5_000 + "1" + ")" * 5_000 + "\n"),
])
def test_nested_depth_is_bounded_with_a_located_error(kind: str, text: str) -> None:
    with pytest.raises(EffectSyntaxError) as info:
        parse(text)
    problem = info.value.problem
    assert "nests too deeply" in problem.message
    assert problem.line >= 2 and problem.col > 1, problem  # located, not at 1:1
    line = text.splitlines()[problem.line - 1]
    assert problem.col <= len(line) + 1


def test_nesting_just_under_the_bound_validates_and_renders(tmp_path: Path) -> None:
    text = _nested_repeat(MAX_TREE_DEPTH * 45 // 100)
    parse(text)
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "".join("      " + line + "\n" for line in text.splitlines()),
                    encoding="utf-8")
    assert validate([path]).problems == []


def test_nested_depth_in_a_data_file_is_reported_in_the_yaml(tmp_path: Path) -> None:
    text = _nested_repeat(300)
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "".join("      " + line + "\n" for line in text.splitlines()),
                    encoding="utf-8")
    problems = validate([path]).problems
    assert [p.code for p in problems] == ["dsl-syntax"]
    assert problems[0].location.line > 12


def test_action_for_without_characters_is_an_error_not_an_index_error(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "      action, for:\n        draw 1\n", encoding="utf-8")
    problems = validate([path]).problems
    assert [p.code for p in problems] == ["dsl-type"]
    assert problems[0].location.line == 12
    assert "'for' needs characters" in problems[0].message

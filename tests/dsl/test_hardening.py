"""Regression tests for issue 15 (hardening): each is named after the item it guards."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs_tools.dsl.parse import MAX_TREE_DEPTH, EffectSyntaxError, parse
from sgs_tools.project import validate

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


@pytest.mark.parametrize("escape", ["\\f", "\\r", "\\x85", "\\u2028", "\\u2029", "\\v"])
def test_locations_after_odd_line_breaks_in_an_effect(tmp_path: Path, escape: str) -> None:
    line = f'    effect: "after take_damage:\\n  draw 1 {escape}\\n  draw 12345678901\\n"\n'
    path = tmp_path / "g.yaml"
    path.write_text(HEAD.replace("    effect: |\n", "") + line, encoding="utf-8")
    problems = validate([path]).problems
    assert problems, escape
    p = problems[0]
    assert p.code == "dsl-syntax" and "too large" in p.message
    assert (p.location.line, p.location.col) == (11, line.index("12345678901") + 1)


@pytest.mark.parametrize("raw", ["\x85", "\u2028", "\u2029", "\r"])
def test_locations_after_raw_line_breaks_in_a_data_file(tmp_path: Path, raw: str) -> None:
    body = f'    effect: "after take_damage:\\n  draw 1 {raw}\\n  draw 12345678901\\n"\n'
    path = tmp_path / "g.yaml"
    path.write_bytes((HEAD.replace("    effect: |\n", "") + body).encode("utf-8"))
    problems = validate([path]).problems
    assert problems, repr(raw)
    p = problems[0]
    assert "too large" in p.message
    assert (p.location.line, p.location.col) == (12, 10), repr(raw)


@pytest.mark.parametrize("text", [
    "if hp > 1:\n  if hp > 2:\n    distance -1 to others\n",
    "at start of draw:\n  until end of turn:\n    if not hp > 1:\n      draw_count +1\n",
])
def test_an_if_where_only_modifiers_work_is_an_error_not_an_attribute_error(
        tmp_path: Path, text: str) -> None:
    """Found by bench/fuzz_effects.py: the grammar lets a static 'if' nest in another, and
    stand in an 'until … :' block; the checker crashed on both."""
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "".join("      " + line + "\n" for line in text.splitlines()),
                    encoding="utf-8")
    problems = validate([path]).problems
    assert any(p.code == "dsl-type" and "'if' cannot" in p.message for p in problems), problems

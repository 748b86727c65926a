"""Checker problems point at the offending word itself, not at the start of its clause."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs_tools.project import validate

HEAD = ("kind: general\nid: t\nname: {zh: 测}\nset: fanmade\nkingdom: qun\ngender: male\n"
        "hp: 4\nskills:\n  - id: s1\n    name: {zh: 一}\n    effect: |\n")


@pytest.mark.parametrize(("body", "where", "words"), [
    ("      action, in plya:\n        draw 1\n", (12, 18), ["unknown phase 'plya'", "play"]),
    ("      action, for wu otherz:\n        draw 1\n", (12, 22), ["'otherz'"]),
    ("      after take_damage:\n        if source.hpp > 1:\n          draw 1\n", (13, 19),
     ["no attribute 'hpp'", "'hp'"]),
    ("      action:\n        pick 1 other as t\n        damage 1 to tt\n", (14, 21),
     ["did you mean 't'"]),
])
def test_checker_points_at_the_word(tmp_path: Path, body: str, where: tuple[int, int],
                                    words: list[str]) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    problems = validate([path]).problems
    assert problems, "expected a problem"
    p = problems[0]
    assert (p.location.line, p.location.col) == where, p
    text = f"{p.message} {p.hint}"
    for word in words:
        assert word in text, text


def test_a_word_of_another_mode_says_which(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "      after take_damage:\n        reveal_general\n",
                    encoding="utf-8")
    problems = validate([path]).problems
    assert problems[0].message == "unknown action 'reveal_general'"
    assert "guozhan vocabulary" in (problems[0].hint or "")


def test_naming_the_result_of_a_step_that_returns_nothing_is_refused(tmp_path: Path) -> None:
    """'as NAME' on a step with no result used to leave NAME unbound, and a condition on
    it then counted as true."""
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "      action:\n        skip draw as x\n        if x.count > 0:\n"
                    "          draw 1\n", encoding="utf-8")
    problems = validate([path]).problems
    assert [(p.location.line, p.location.col, p.code) for p in problems] == [
        (13, 9, "dsl-type")]
    assert "'skip' gives nothing to name" in problems[0].message

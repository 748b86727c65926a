"""Effect-text problems are reported at their line and column in the YAML file."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs_tools.data.validate import validate

HEAD = ("kind: general\nid: t\nname: {zh: 测}\nset: fanmade\nkingdom: qun\ngender: male\n"
        "hp: 4\nskills:\n  - id: s1\n    name: {zh: 一}\n")


@pytest.mark.parametrize(("effect", "where"), [
    ("    effect: |\n      after take_damage:\n        drwa 1\n", (13, 9)),
    ("    effect: |-\n      after take_damage:\n        drwa 1\n", (13, 9)),
    ("    effect: &a |\n      after take_damage:\n        drwa 1\n", (13, 9)),
    ("    effect: !!str |\n      after take_damage:\n        drwa 1\n", (13, 9)),
    ("    effect: |2\n        after take_damage:\n          drwa 1\n", (13, 11)),
    ("    effect: 'view red card as slahs'\n", (11, 31)),
    ("    effect: view red card as slahs\n", (11, 30)),
    ("    effect: |\n      after take_damage:\n      \tdrwa 1\n", (13, 8)),
])
def test_effect_problem_location(tmp_path: Path, effect: str, where: tuple[int, int]) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + effect, encoding="utf-8")
    result = validate([path])
    assert result.problems, "expected a problem"
    p = result.problems[0]
    assert (p.location.line, p.location.col) == where, p

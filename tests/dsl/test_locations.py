"""Effect-text problems are reported at their line and column in the YAML file."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sgs_tools.dsl.effects import scalar_positions
from sgs_tools.project import validate

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
    # Flow scalars over several lines: folding, doubled quotes and escapes are undone.
    ("    effect: view red card\n      as slahs\n", (12, 10)),
    ("    effect: view red card\n\n      as slahs\n", (11, 26)),  # newline: no "as"
    ("    effect: 'view red card\n      as slahs'\n", (12, 10)),
    ("    effect: &x 'view red card\n      as slahs'\n", (12, 10)),
    ('    effect: "view red\\x20card as slahs"\n', (11, 34)),
    ('    effect: "view red card \\\n      as slahs"\n', (12, 10)),
    ('    effect: "view red\\tcard\n      as slahs"\n', (12, 10)),
    ("    effect: >\n      after take_damage:\n        drwa 1\n", (13, 9)),
    ("    effect: >-\n      view red card\n      as slahs\n", (13, 10)),
])
def test_effect_problem_location(tmp_path: Path, effect: str, where: tuple[int, int]) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + effect, encoding="utf-8")
    result = validate([path])
    assert result.problems, "expected a problem"
    p = result.problems[0]
    assert (p.location.line, p.location.col) == where, p


@settings(max_examples=400, deadline=None)
@given(value=st.text(alphabet=st.sampled_from(list("ab 杀\n\t'\"\\#:-")), min_size=1,
                     max_size=60),
       style=st.sampled_from([None, "'", '"', "|", ">"]), width=st.integers(8, 60))
def test_every_character_maps_to_itself(value: str, style: str | None, width: int) -> None:
    """However PyYAML writes a scalar, each character maps back to where it is written."""
    source = yaml.dump({"effect": value}, default_style=style, width=width,
                       allow_unicode=True)
    node = yaml.compose(source)
    scalar = node.value[0][1]
    assume(scalar.value == value)
    lines = source.split("\n")
    positions = scalar_positions(lines, scalar.start_mark.line + 1,
                                 scalar.start_mark.column + 1, value)
    assert positions is not None, source
    assert len(positions) == len(value) + 1
    assert positions == sorted(positions), source  # in reading order
    for ch, (row, col) in zip(value, positions, strict=False):
        if ch in " \n\t":
            continue
        written = lines[row - 1][col - 1]
        assert written == ch or (written == "\\" and scalar.style == '"'), (source, ch)

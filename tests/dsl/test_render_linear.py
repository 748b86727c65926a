"""Issue 15: `if not not … (16 times) hp > 1:` made `sgs explain` and the site build run
for minutes, because every language's text was built at each level (3^n). Each part of an
effect is now rendered once, in the language asked for: the work grows with the effect."""

from __future__ import annotations

import pytest

from sgs_tools.dsl.check import Context, check
from sgs_tools.dsl.parse import parse
from sgs_tools.dsl.render import render
from sgs_tools.dsl.render.core import Renderer
from sgs_tools.dsl.vocabulary import registry


def nested_not(depth: int) -> str:
    return f"action:\n  if {'not ' * depth}hp > 1:\n    draw 1\n"


def rendered(source: str, lang: str) -> str:
    reg = registry(frozenset({"standard"}))
    effect = parse(source)
    analysis = check(effect, Context(reg, frozenset(), frozenset()))
    assert analysis.issues == []
    return render(effect, analysis, reg, lang)


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_if_not_not_16_times_renders_in_linear_time(lang: str, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    calls = [0]
    inner = Renderer._cond

    def counted(self: Renderer, c: object) -> str:
        calls[0] += 1
        return inner(self, c)

    monkeypatch.setattr(Renderer, "_cond", counted)
    counts = []
    for depth in (4, 8, 16):
        calls[0] = 0
        rendered(nested_not(depth), lang)
        counts.append(calls[0])
    # one visit per condition node (each `not` and the comparison), not 3 per level
    assert counts == [5, 9, 17]


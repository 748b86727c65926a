"""The samurai vocabulary expresses every bonus kind, and the engine's primitives run it.

Effects a designer could write on a new samurai card are compiled by the DSL (as the
bundled cards are) and their modifiers run through `hooks.WAR_PRIMITIVES` on war views.
"""

from __future__ import annotations

from typing import Any

import pytest

from sgs_tools.dsl.check import Context, check
from sgs_tools.dsl.compile import compile_effect
from sgs_tools.dsl.parse import parse
from sgs_tools.dsl.vocabulary import registry
from sgs_tools.engine.samurai.hooks import (
    SAMURAI_WORDS,
    WAR_PRIMITIVES,
    Mod,
    WarView,
    hook_gaps,
)

REG = registry(frozenset({"samurai"}))


def _hooks(text: str) -> list[dict[str, Any]]:
    effect = parse(text)
    analysis = check(effect, Context(REG, frozenset(), frozenset(), (), "ability"))
    assert analysis.issues == []
    return compile_effect("new_card.bonus", effect, analysis, REG, ())


def _run(text: str, view: WarView, owner: int = 1) -> int:
    total = 0
    for hook in _hooks(text):
        assert hook_gaps(hook) == []
        for m in hook["modifiers"]:
            assert m["modifier"] in SAMURAI_WORDS["modifier"]
            total += WAR_PRIMITIVES[m["modifier"]](Mod("t", m["modifier"], m["args"]),
                                                   owner, view)
    return total


def _view(side: str = "attack", target: str = "castle", defending_castle: bool = False,
          fighting: bool = True) -> WarView:
    own = {"spearmen": 2, "swordsmen": 1}
    return WarView(side, target, defending_castle, frozenset({1} if fighting else ()),
                   {1: own} if fighting else {}, {"cavalry": 3, "archers": 1}, own)


@pytest.mark.parametrize("text,view,expected", [
    # flat
    ("attack +2 while fighting", _view(), 2),
    ("attack +2 while fighting", _view(fighting=False), 0),
    ("defence +2 while at_war", _view("defence"), 2),
    ("defence +2 while at_war", _view("attack"), 0),
    # per unit type of this card's house
    ("attack +1 per spearmen while fighting", _view(), 2),
    ("war_bonus +1 per swordsmen while fighting", _view("defence"), 1),
    # attacking / defending a castle
    ("attack +1 against castle while fighting", _view(), 1),
    ("attack +1 against castle while fighting", _view(target="shogun"), 0),
    ("war_bonus +2 during defending_castle while at_war", _view("defence", "castle", True), 2),
    ("war_bonus +2 during defending_castle while at_war", _view("defence", "shogun"), 0),
    ("war_bonus +2 during attacking_castle while at_war", _view("attack"), 2),
    ("war_bonus +1 during defending while fighting", _view("attack"), 0),
    # against a unit type: per enemy army, or matched one to one with own armies
    ("war_bonus +1 versus archers while fighting", _view(), 1),
    ("war_bonus +1 per spearmen versus cavalry while fighting", _view(), 2),
    ("war_bonus +1 per swordsmen versus cavalry while fighting", _view(), 1),
])
def test_every_bonus_kind_runs(text: str, view: WarView, expected: int) -> None:
    assert _run(text, view) == expected


def test_an_unknown_during_is_a_gap() -> None:
    hook = {"kind": "static", "modifiers": [
        {"modifier": "war_bonus", "args": {"while": "fighting", "during": "sieging"}}]}
    assert hook_gaps(hook) == ["modifier war_bonus: during 'sieging'"]

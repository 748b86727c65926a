"""Every samurai ability and heirloom bonus, run from its compiled hook through the
engine's primitives, does what its kind and value in the card data say (the rule book's six
abilities; the heirloom kinds of cards/samurai/cards.yaml)."""

from __future__ import annotations

from typing import Any

import pytest

from sgs_tools.engine.library import Library
from sgs_tools.engine.samurai.hooks import CardHooks, WarView, index

UNITS = ("spearmen", "cavalry", "heavy_cavalry", "arquebusiers", "archers", "swordsmen",
         "warrior_monks")


def _cards(lib: Library) -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for c in lib.catalog.cards.values():
        if c.set != "samurai":
            continue
        for ability in c.extra.get("abilities") or []:
            out.append((c.id, str(ability["id"]), dict(ability)))
        if c.extra.get("bonus"):
            out.append((c.id, "bonus", dict(c.extra["bonus"])))
    return out


def _war(side: str, target: str = "castle", fighting: bool = True, n: int = 2) -> WarView:
    units = dict.fromkeys(UNITS, n)
    return WarView(side, target, side == "defence", frozenset({7} if fighting else ()),
                   {7: units} if fighting else {}, {}, units)


def _effects(hooks: CardHooks, card: str) -> dict[str, Any]:
    """What the card's hooks do, measured through the primitives."""
    return {
        "attack_castle": hooks.war_bonus(card, 7, _war("attack")),
        "attack_shogun": hooks.war_bonus(card, 7, _war("attack", "shogun")),
        "attack_idle": hooks.war_bonus(card, 7, _war("attack", fighting=False)),
        "attack_one_army": hooks.war_bonus(card, 7, _war("attack", "shogun", n=1)),
        "defence": hooks.war_bonus(card, 7, _war("defence")),
        "castle_cost": hooks.cost_delta(card, "castle"),
        "army_cost": hooks.cost_delta(card, "army"),
        "income_halves": hooks.income_halves(card),
        "ninja": hooks.ninja_odds(card, "steal_heirloom"),
    }


NONE = {"attack_castle": 0, "attack_shogun": 0, "attack_idle": 0, "attack_one_army": 0,
        "defence": 0, "castle_cost": 0, "army_cost": 0, "income_halves": 0, "ninja": (1, 0)}


def _expected(kind: str, data: dict[str, Any], heirloom: bool) -> dict[str, Any]:
    want = dict(NONE)
    value = data.get("value", 1)
    if kind == "castle_attack":
        want["attack_castle"] = 1
    elif kind == "strength" and not heirloom:
        want.update(attack_castle=value, attack_shogun=value, attack_one_army=value)
    elif kind == "strength":
        want.update(attack_castle=value, attack_shogun=value, attack_idle=value,
                    attack_one_army=value, defence=value)
    elif kind == "defence":
        want["defence"] = value
    elif kind == "army_support":
        want.update(attack_castle=2, attack_shogun=2, attack_one_army=1)
    elif kind == "castle_discount":
        want["castle_cost"] = -1
    elif kind == "extra_income":
        want["income_halves"] = 1
    elif kind == "ninja":
        want["ninja"] = (2, 0)
    return want


def test_there_are_abilities_of_every_kind(lib: Library) -> None:
    kinds = {d["kind"] for _c, _a, d in _cards(lib)}
    assert kinds == {"castle_attack", "castle_discount", "extra_income", "ninja",
                     "army_support", "strength", "defence"}
    assert len(_cards(lib)) >= 60


def test_every_ability_and_heirloom_bonus_does_what_its_kind_says(lib: Library) -> None:
    hooks = index(lib)
    wrong = []
    for card, ability, data in _cards(lib):
        heirloom = ability == "bonus"
        single = CardHooks({card: [m for m in hooks.of(card)
                                   if m.source.startswith(f"{card}.{ability}#")]})
        have = _effects(single, card)
        want = _expected(str(data["kind"]), data, heirloom)
        if have != want:
            wrong.append(f"{card}.{ability} ({data['kind']}): {have} != {want}")
    assert wrong == []


@pytest.mark.parametrize("unit", UNITS)
def test_army_support_counts_its_own_unit_only(lib: Library, unit: str) -> None:
    hooks = index(lib)
    supporters = [(c, a) for c, a, d in _cards(lib)
                  if d["kind"] == "army_support" and d.get("unit") == unit]
    assert supporters, unit
    for card, _ability in supporters:
        units = {u: (3 if u == unit else 5) for u in UNITS}
        view = WarView("attack", "shogun", False, frozenset({1}), {1: units}, {}, units)
        strength = sum(d.get("value", 0) for c, _a, d in _cards(lib)
                       if c == card and d["kind"] == "strength")
        assert hooks.war_bonus(card, 1, view) == 3 + strength

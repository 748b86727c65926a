"""The samurai mode's numbers (modes/samurai.yaml) → exact odds: ninja actions, war dice.

Everything is a ``Fraction``, enumerated from the rules in the data (a six-sided die,
chances counted in sixths, war dice = strength ÷ divisor rounded as the data says, the
higher pip total wins, ties go to the side the data names). Nothing here is sampled.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

SIDES = 6


@cache
def sum_counts(dice: int) -> tuple[int, ...]:
    """Ways for ``dice`` six-sided dice to total each sum (index = sum)."""
    counts = [1]
    for _ in range(dice):
        nxt = [0] * (len(counts) + SIDES)
        for total, ways in enumerate(counts):
            if ways:
                for face in range(1, SIDES + 1):
                    nxt[total + face] += ways
        counts = nxt
    return tuple(counts)


def war_win(attack_dice: int, defence_dice: int, tie: str = "defender") -> Fraction:
    """The chance the attacker wins: a higher pip total (or a tie, when ties go to attackers)."""
    att, dfn = sum_counts(attack_dice), sum_counts(defence_dice)
    wins = 0
    for total, ways in enumerate(att):
        if ways:
            beaten = total + 1 if tie == "attacker" else total  # defender totals below this
            wins += ways * sum(dfn[:beaten])
    return Fraction(wins, SIDES ** (attack_dice + defence_dice))


def dice_for(strength: int, divisor: int, rounding: str = "floor") -> int:
    """War dice for a total strength."""
    value = Fraction(strength, divisor)
    return math.ceil(value) if rounding == "ceil" else (
        round(value) if rounding == "round" else math.floor(value))


def percent(p: Fraction, digits: int = 1) -> str:
    return f"{float(p) * 100:.{digits}f}%"


def percent_label(p: Fraction) -> str:
    """A percentage that never rounds a possible outcome to 0% or a possible loss to 100%."""
    if 0 < p < Fraction(1, 1000):
        return "<0.1%"
    if Fraction(999, 1000) < p < 1:
        return ">99.9%"
    return percent(p)


@dataclass(frozen=True)
class Modifier:
    source: str
    multiply: int = 1
    add_in_six: int = 0
    per: str | None = None


@dataclass(frozen=True)
class Scenario:
    """A set of modifiers in play, with how many of each 'per' modifier (house guards)."""

    label: str
    parts: tuple[tuple[Modifier, int], ...]

    def chance(self, base_in_six: int) -> Fraction:
        """Multiply first, then add; clamp to 0..6 sixths."""
        value = base_in_six
        for mod, times in self.parts:
            value *= mod.multiply ** times
        for mod, times in self.parts:
            value += mod.add_in_six * times
        return Fraction(max(0, min(SIDES, value)), SIDES)


def _effect(mod: Modifier, times: int) -> str:
    effect = []
    if mod.multiply != 1:
        effect.append(f"×{mod.multiply ** times}")
    if mod.add_in_six:
        effect.append(f"{mod.add_in_six * times:+d} in 6".replace("-", "−"))
    return ", ".join(effect)


def _label(mod: Modifier, times: int) -> str:
    name = mod.source.replace("_", " ")
    if mod.per:
        name = f"{times} {name}" + ("s" if times != 1 and not name.endswith("s") else "")
    effect = _effect(mod, times)
    return f"{name} ({effect})" if effect else name


def modifiers_of(ninja: dict[str, Any]) -> list[Modifier]:
    out = []
    for raw in ninja.get("modifiers") or []:
        if isinstance(raw, dict) and isinstance(raw.get("source"), str):
            out.append(Modifier(raw["source"], int(raw.get("multiply", 1) or 1),
                                int(raw.get("add_in_six", 0) or 0), raw.get("per")))
    return out


def scenarios(mods: list[Modifier]) -> list[Scenario]:
    """No modifier; each modifier alone (a 'per' one at 1 and 2); all of them at once."""
    out = [Scenario("no modifier", ())]
    for mod in mods:
        for times in ((1, 2) if mod.per else (1,)):
            out.append(Scenario(_label(mod, times), ((mod, times),)))
    if len(mods) > 1:
        out.append(Scenario("all of these, one guard (" + ", ".join(
            _effect(m, 1) for m in mods) + ")", tuple((m, 1) for m in mods)))
    return out


@dataclass(frozen=True)
class NinjaAction:
    id: str
    name: dict[str, str]
    chance_in_six: int
    excludes: tuple[str, ...]


def ninja_actions(ninja: dict[str, Any]) -> list[NinjaAction]:
    out = []
    for raw in ninja.get("actions") or []:
        if isinstance(raw, dict) and isinstance(raw.get("chance_in_six"), int):
            out.append(NinjaAction(str(raw.get("id", "?")), dict(raw.get("name") or {}),
                                   raw["chance_in_six"], tuple(raw.get("excludes") or ())))
    return out

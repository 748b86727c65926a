"""Samurai odds: exact enumeration, checked against brute force and known values."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from sgs_tools.sitegen import odds


def brute(attack: int, defence: int, tie: str) -> Fraction:
    wins = total = 0
    for roll in itertools.product(range(1, 7), repeat=attack + defence):
        total += 1
        a, d = sum(roll[:attack]), sum(roll[attack:])
        wins += a > d or (tie == "attacker" and a == d)
    return Fraction(wins, total)


@pytest.mark.parametrize("tie", ["defender", "attacker"])
def test_war_win_matches_brute_force(tie: str) -> None:
    for a in range(4):
        for d in range(4):
            assert odds.war_win(a, d, tie) == brute(a, d, tie), (a, d)


def test_known_values() -> None:
    assert odds.war_win(1, 1) == Fraction(5, 12)
    assert odds.war_win(1, 0) == 1
    assert odds.war_win(0, 3) == 0
    assert odds.war_win(2, 1) == Fraction(181, 216)
    assert sum(odds.sum_counts(3)) == 6 ** 3


def test_dice_for_strength() -> None:
    assert [odds.dice_for(s, 3) for s in (0, 2, 3, 5, 6, 20)] == [0, 0, 1, 1, 2, 6]
    assert odds.dice_for(4, 3, "ceil") == 2


def test_ninja_scenarios_multiply_then_add_and_clamp() -> None:
    ninja = {"modifiers": [{"source": "ninja_ability", "multiply": 2},
                           {"source": "castle", "add_in_six": -1},
                           {"source": "house_guard", "add_in_six": -1, "per": "guard"}]}
    cases = {c.label: c for c in odds.scenarios(odds.modifiers_of(ninja))}
    assert cases["no modifier"].chance(2) == Fraction(1, 3)
    assert cases["ninja ability (×2)"].chance(2) == Fraction(2, 3)
    assert cases["2 house guards (−2 in 6)"].chance(1) == 0
    everything = next(c for label, c in cases.items() if label.startswith("all of these"))
    assert everything.chance(2) == Fraction(2, 6)  # 2*2 - 1 - 1
    assert cases["ninja ability (×2)"].chance(4) == 1  # clamped at 6 in 6


def test_percent_label_never_rounds_away_possibility() -> None:
    assert odds.percent_label(Fraction(1, 46656)) == "<0.1%"
    assert odds.percent_label(Fraction(46655, 46656)) == ">99.9%"
    assert odds.percent_label(Fraction(1, 2)) == "50.0%"

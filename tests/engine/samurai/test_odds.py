"""The odds the rules site prints (sitegen/odds.py, exact fractions) hold in the engine.

Seeded ninja actions go through the engine's own `ninja.attempt` on a table set up for
each published cell (the actor with or without a ninja ability hook, the target house
with a castle and house guards), and seeded wars through `war.resolve_dice` (the dice
step of `war.fight`) for every attacker × defender dice cell. Each cell is played often
enough to detect a 2-point error with 90% power, and each observed rate is compared with
its exact value by a two-sided normal test at a family-wise level of 1e-4, Bonferroni-
corrected for the number of cells, so a correct engine passes on any seed while a 2-point
error in any cell fails. The test table may break row limits (two guards and a target in
one house): the published cells include those hypothetical cases.
"""

from __future__ import annotations

import math
from fractions import Fraction
from statistics import NormalDist

import pytest

from sgs_tools.engine.library import Library
from sgs_tools.engine.records import Setup
from sgs_tools.engine.samurai import ninja, war
from sgs_tools.engine.samurai.game import SamuraiGame
from sgs_tools.engine.samurai.state import House, SCard
from sgs_tools.sitegen import odds

FAMILY_ALPHA = 1e-4
POWER_Z = NormalDist().inv_cdf(0.9)
ERROR = 0.02


def _samples(p: float, z: float) -> int:
    """Trials needed to see a 2-point error in a cell of rate p (at least 400)."""
    worst = max(p * (1 - p), (p + ERROR) * (1 - p - ERROR) if p + ERROR < 1 else 0.0,
                (p - ERROR) * (1 - p + ERROR) if p - ERROR > 0 else 0.0)
    return max(400, math.ceil((z + POWER_Z) ** 2 * worst / ERROR ** 2))


def _check(hits: int, n: int, exact: Fraction, z: float) -> str | None:
    p = float(exact)
    if p in (0.0, 1.0):
        return None if hits == n * p else f"{hits}/{n} for an exact {exact}"
    rate = hits / n
    score = (rate - p) / math.sqrt(p * (1 - p) / n)
    return None if abs(score) <= z else f"{hits}/{n} = {rate:.4f} vs {exact} (z {score:.2f})"


def _z(cells: int) -> float:
    return NormalDist().inv_cdf(1 - FAMILY_ALPHA / cells / 2)


def _game(lib: Library, seed: int) -> SamuraiGame:
    return SamuraiGame(lib, Setup(mode="samurai", players=3, seed=seed, record=False,
                                  step_budget=10 ** 9))


def _cards(g: SamuraiGame) -> dict[str, SCard]:
    return {c.id: c for c in g.make_cards()}


NINJA_ACTOR = "takigawa_kazumasu"      # its hook: ninja_odds times 2
PLAIN_ACTOR = "mori_ranmaru"
DAIMYO = "oda_nobunaga"
GUARDS = ["shibata_katsuie", "niwa_nagahide"]   # the daimyo's crest (oda)
OUTSIDER = "imagawa_yoshimoto"


def _ninja_cell(lib: Library, seed: int, action: str, case: odds.Scenario, z: float
                ) -> str | None:
    g = _game(lib, seed)
    cards = _cards(g)
    me, them = g.players[0], g.players[1]
    sources = {m.source: times for m, times in case.parts}
    actor = cards[NINJA_ACTOR if "ninja_ability" in sources else PLAIN_ACTOR]
    guards = [cards[i] for i in GUARDS[:sources.get("house_guard", 0)]]
    castle = [cards["azuchi_castle"]] if "castle" in sources else []
    heirloom = cards["tatenashi"]
    outsider = cards[OUTSIDER]
    daimyo = cards[DAIMYO]
    if action == "assassinate_daimyo":
        house, target = 0, daimyo
    elif action == "steal_heirloom":
        house, target = 1, heirloom
    elif action == "assassinate_samurai":
        house, target = 1, outsider
    else:
        house, target = 1, outsider

    def reset() -> None:
        me.houses = [House(samurai=[cards["toyotomi_hideyoshi"], actor]), House()]
        first = House(samurai=[daimyo])
        second = House(samurai=[outsider])
        (first if house == 0 else second).samurai.extend(guards)
        (first if house == 0 else second).castles.extend(castle)
        second.heirlooms.append(heirloom)
        them.houses = [first, second]
        g.discard.clear()

    reset()
    exact = case.chance(g.rules.ninja_actions[action].chance_in_six)
    assert Fraction(ninja.chance(g, actor, action, them, house), 6) == exact
    assert (target, house) in ninja.targets(g, me, action, them)
    n = _samples(float(exact), z)
    hits = 0
    for _ in range(n):
        reset()
        hits += ninja.attempt(g, me, actor, action, them, target, house)
    return _check(hits, n, exact, z)


def test_every_published_ninja_cell(lib: Library) -> None:
    raw = lib.mode("samurai").raw["samurai"]["ninja"]
    cases = odds.scenarios(odds.modifiers_of(raw))
    actions = odds.ninja_actions(raw)
    z = _z(len(cases) * len(actions))
    bad = []
    for action in actions:
        for case in cases:
            problem = _ninja_cell(lib, 11, action.id, case, z)
            if problem:
                bad.append(f"{action.id} / {case.label}: {problem}")
    assert bad == []
    assert len(cases) * len(actions) == 24


def test_every_published_war_cell(lib: Library) -> None:
    raw = lib.mode("samurai").raw
    top = int(raw["components"]["dice"])
    tie = str(raw["samurai"]["war"]["tie"])
    cells = [(a, d) for a in range(top + 1) for d in range(top + 1)]
    z = _z(len(cells))
    g = _game(lib, 12)
    bad = []
    for a, d in cells:
        exact = odds.war_win(a, d, tie)
        assert war.win_chance(a, d, tie) == exact
        n = _samples(float(exact), z)
        hits = sum(war.resolve_dice(g, a, d)[2] for _ in range(n))
        problem = _check(hits, n, exact, z)
        if problem:
            bad.append(f"{a} vs {d} dice: {problem}")
    assert bad == []


def test_the_check_catches_a_two_point_error() -> None:
    """The sample sizes are large enough: a rate 2 points off fails its cell."""
    z = _z(64)
    for p in (Fraction(1, 6), Fraction(1, 2), Fraction(5, 6)):
        n = _samples(float(p), z)
        off = round((float(p) + ERROR) * n)
        assert _check(off, n, p, z) is not None
        assert _check(round(float(p) * n), n, p, z) is None


@pytest.mark.parametrize("total,dice", [(0, 0), (2, 0), (3, 1), (20, 6), (21, 7), (40, 7)])
def test_strength_to_dice(lib: Library, total: int, dice: int) -> None:
    g = _game(lib, 0)
    assert g.rules.dice(total) == dice
    assert min(odds.dice_for(total, 3), 7) == dice

"""A small rule-following heuristic for the samurai game, and the agents that use it.

The engine scores every option of a decision with these functions (only for agents that
want scores); `SamuraiAgent` takes the best, ties broken by its seeded RNG. The scores
follow the rules a careful player would: honor now (samurai, castles, heirlooms), money
for castles and armies, ninja actions worth their odds, wars only with good odds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from sgs_tools.engine.agents import Agent, Decision, RandomAgent

if TYPE_CHECKING:
    from fractions import Fraction

    from sgs_tools.engine.samurai.game import SamuraiGame
    from sgs_tools.engine.samurai.state import Player, SCard
    from sgs_tools.engine.samurai.war import Side


class SamuraiAgent:
    """Picks the highest-scored option (the engine's ``scores`` hint); random otherwise."""

    wants_context = True

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision) -> list[int]:
        n = len(decision.options)
        scores = decision.context.get("scores")
        if scores is None or len(scores) != n:
            if decision.low == decision.high == 1:
                return [self.rng.randrange(n)]
            return sorted(self.rng.sample(range(n), decision.low))
        ranked = sorted(range(n), key=lambda i: (-scores[i], self.rng.random()))
        return sorted(ranked[:max(1, decision.low)])


def make_samurai_agent(kind: str, seed: int, seat: int) -> Agent:
    if kind == "heuristic":
        return SamuraiAgent(f"samurai-agent:{seed}:{seat}")
    if kind == "random":
        return RandomAgent(f"agent:{seed}:{seat}")
    raise ValueError(f"unknown agent kind {kind!r} (expected random or heuristic)")


# -- scores ----------------------------------------------------------------------------------
def card_value(c: SCard) -> float:
    return float(c.honor) * 3 + (c.attack + c.defence) / 2 + (4 if c.type == "castle" else 0)


def place_score(g: SamuraiGame, p: Player, c: SCard, house: int, cost: int) -> float:
    h = p.houses[house]
    base = card_value(c) + 2
    if c.type == "army":
        base += 1 if len(h.armies) < len(p.houses[1 - house].armies) else 0
    if c.type == "samurai" and not h.samurai:
        base += 3
    return base - cost * 0.3


def move_score(g: SamuraiGame, p: Player, c: SCard, frm: int) -> float:
    return 0.05


def kind_score(g: SamuraiGame, p: Player, kind: str,
               options: Sequence[tuple[str, object, Callable[[], float]]] | None) -> float:
    if kind == "end":
        return 1.0
    if kind == "draw":
        return 2.5 if len(p.hand) < 4 else 0.8
    if kind == "move":
        return 0.0
    best = max((o[2]() for o in options or []), default=0.0)
    if kind == "place":
        return best
    return best  # ninja


def ninja_score(g: SamuraiGame, p: Player, actor: SCard, action: str, target: Player,
                card: SCard, chance: int) -> float:
    if chance <= 0:
        return -5.0
    p_win = chance / 6
    gain = card_value(card) * (2 if action == "persuade_samurai" else 1)
    if action == "assassinate_daimyo":
        gain += 3
    loss = card_value(actor) + (6 if actor is p.daimyo else 0)
    lead = 1.0 + max(0, target.honor - p.honor) / 10
    return p_win * gain * lead - (1 - p_win) * loss


def shogun_score(g: SamuraiGame, p: Player) -> float:
    return 5.0


def retire_score(g: SamuraiGame, p: Player, heir: SCard) -> float:
    d = p.daimyo
    return (card_value(heir) - card_value(d)) - 3 if d is not None else -3.0


def war_score(g: SamuraiGame, p: Player, other: Player, kind: str, chance: Fraction,
              att: Side, dfn: Side) -> float:
    c = float(chance)
    stake = sum(card_value(x) for x in p.houses[att.house].cards())
    prize = 6.0 if kind == "shogun" else 5.0
    prize += sum(card_value(x) for x in other.houses[dfn.house].cards()) / 3
    return c * prize - (1 - c) * stake - 0.5

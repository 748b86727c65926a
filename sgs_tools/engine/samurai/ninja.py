"""Ninja actions: one samurai of the player tries an action against another player; a d6
decides it (the mode's chance in sixths, multiplied first by the actor's ``ninja_odds``
hooks, then lowered by the target house's castle, house guards and ``ninja_defence``
hooks, kept within 0..6); on a failure the samurai sent is discarded."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sgs_tools.engine.samurai import agent as heur
from sgs_tools.engine.samurai.state import House, Player, SCard

if TYPE_CHECKING:
    from sgs_tools.engine.samurai.game import SamuraiGame

SIDES = 6


def chance(g: SamuraiGame, actor: SCard, action: str, target: Player, house: int) -> int:
    """The success chance in sixths."""
    rules = g.rules
    base = rules.ninja_actions[action].chance_in_six
    times, add = g.hooks.ninja_odds(actor.id, action)
    value = base * times + add
    h: House = target.houses[house]
    value -= rules.castle_ninja * len(h.castles)
    value -= rules.guard_defence * len(target.guards(house))
    value -= sum(g.hooks.ninja_defence(c.id) for c in h.cards())
    return max(0, min(SIDES, value))


def targets(g: SamuraiGame, p: Player, action: str, target: Player
            ) -> list[tuple[SCard | None, int]]:
    """(target card, its house) pairs an action may aim at in a player's houses."""
    rules = g.rules
    excludes = rules.ninja_actions[action].excludes
    d = target.daimyo
    if action == "assassinate_daimyo":
        return [(d, 0)] if d is not None else []
    out: list[tuple[SCard | None, int]] = []
    for i, h in enumerate(target.houses):
        if action == "steal_heirloom":
            out.extend((c, i) for c in h.heirlooms)
            continue
        guards = target.guards(i) if "house_guard" in excludes else []
        out.extend((c, i) for c in h.samurai if c is not d and c not in guards)
    return out


def possible(g: SamuraiGame, p: Player) -> bool:
    """Whether the player has a samurai to send and any other player a target."""
    if not p.houses[0].samurai:
        return False
    return any(o is not p and (o.houses[0].samurai or o.houses[1].heirlooms)
               for o in g.players)


def options(g: SamuraiGame, p: Player) -> list[tuple[str, Callable[[], None],
                                                   Callable[[], float]]]:
    actors = [c for h in p.houses for c in h.samurai]
    if not actors:
        return []
    out: list[tuple[str, Callable[[], None], Callable[[], float]]] = []
    for action in g.rules.ninja_actions:
        for target in g.players:
            if target is p:
                continue
            for card, house in targets(g, p, action, target):
                if card is None:
                    continue
                for actor in actors:
                    label = (f"ninja {action} {card.id} of seat {target.seat} "
                             f"by {actor.id}")
                    out.append((label, _runner(g, p, actor, action, target, card, house),
                                _scorer(g, p, actor, action, target, card, house)))
    return out


def _scorer(g: SamuraiGame, p: Player, actor: SCard, action: str, target: Player,
            card: SCard, house: int) -> Callable[[], float]:
    return lambda: heur.ninja_score(g, p, actor, action, target, card,
                                    chance(g, actor, action, target, house))


def _runner(g: SamuraiGame, p: Player, actor: SCard, action: str, target: Player,
            card: SCard, house: int) -> Callable[[], None]:
    def run() -> None:
        attempt(g, p, actor, action, target, card, house)
    return run


def attempt(g: SamuraiGame, p: Player, actor: SCard, action: str, target: Player,
            card: SCard, house: int) -> bool:
    """Roll for one ninja action and carry out its result; True on a success."""
    odds = chance(g, actor, action, target, house)
    roll = g.roll()
    success = roll <= odds
    g.log_event("ninja", seat=p.seat, actor=actor.id, action=action, target=target.seat,
                card=card.id, chance=odds, roll=roll, success=success)
    if not success:
        g.lose_samurai(p, actor, "ninja failed")
        return False
    if action in ("assassinate_daimyo", "assassinate_samurai"):
        g.lose_samurai(target, card, action)
    elif action == "persuade_samurai":
        g.lose_samurai(target, card, action, to="none")
        receive(g, p, card, p.house_of(actor))
    elif action == "steal_heirloom":
        target.houses[house].heirlooms.remove(card)
        receive(g, p, card, p.house_of(actor))
    return True


def receive(g: SamuraiGame, p: Player, card: SCard, prefer: int | None) -> None:
    """A card won by a ninja action: into the actor's house when it has room, else the
    other house, else the hand."""
    limits = g.rules.row_limits
    order = [prefer] if prefer is not None else []
    order += [i for i in (0, 1) if i not in order]
    for i in order:
        h = p.houses[i]
        if card.type == "samurai" and i == 1 and not p.houses[0].samurai:
            continue
        if card.type != "samurai" and not h.samurai:
            continue
        if card.type in limits and len(h.row(card.type)) >= limits[card.type]:
            continue
        h.row(card.type).append(card)
        g.log_event("relocate", seat=p.seat, card=card.id, house=i + 1)
        return
    p.hand.append(card)
    g.log_event("relocate", seat=p.seat, card=card.id, house=0)

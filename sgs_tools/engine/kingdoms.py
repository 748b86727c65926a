"""Kingdoms as the rules read them: in Guozhan a character's faction (known once a general
is revealed; a careerist is a kingdom of one), elsewhere its general's kingdom."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.modes.guozhan import GuozhanRules


def guozhan(g: Game) -> GuozhanRules | None:
    """The game's rules if they deal hidden generals (Guozhan), else None."""
    global _guozhan_rules
    if _guozhan_rules is None:  # imported here (a cycle), once: asked on the hot path
        from sgs_tools.engine.modes.guozhan import GuozhanRules

        _guozhan_rules = GuozhanRules
    return g.rules if isinstance(g.rules, _guozhan_rules) else None


_guozhan_rules: type[GuozhanRules] | None = None


# -- kingdoms -----------------------------------------------------------------------------

def kingdom_of(g: Game, seat: int) -> str | None:
    """The kingdom a character counts as, if known: its faction in Guozhan (a careerist is
    a kingdom of one), else its general's kingdom."""
    rules = guozhan(g)
    if rules is None:
        return g.table.players[seat].kingdom
    faction = rules.faction(seat)
    if faction == "careerist":
        return f"careerist:{seat}"
    return faction


def same_kingdom(g: Game, a: int, b: int) -> bool:
    ka = kingdom_of(g, a)
    return ka is not None and ka == kingdom_of(g, b)


def kingdom_sizes(g: Game) -> dict[str, int]:
    """Living characters of each known kingdom."""
    out: dict[str, int] = {}
    for p in g.table.players:
        if p.alive:
            k = kingdom_of(g, p.seat)
            if k is not None:
                out[k] = out.get(k, 0) + 1
    return out


def revealed_slots(g: Game, seat: int) -> tuple[int, int]:
    """(face-up generals, generals) of a character; a mode without hidden generals shows
    its one general."""
    rules = guozhan(g)
    if rules is None or seat >= len(rules.slots):
        return 1, 1
    up = rules.slots[seat].revealed
    return sum(up), len(up)

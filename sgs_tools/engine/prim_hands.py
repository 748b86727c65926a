"""Words that move cards between characters other than the one acting: a hand card of
someone chosen without looking, one character taking cards from another, and two
characters swapping what they have equipped.

Registered here: the actions ``choose_hand_card``, ``obtain`` and ``swap_equipment``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.primitives import one_seat, pick_cards, primitive
from sgs_tools.engine.state import EQUIPMENT, HAND, PROCESSING

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame


@primitive("choose_hand_card")
def p_choose_hand_card(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """The actor chooses one of a character's hand cards — without looking, unless it is
    their own hand; the card stays where it is (补益 then shows it)."""
    owner = one_seat(g, a.get("from"), f)
    if owner is None or not g.table.players[owner].hand:
        return []
    hand = list(g.table.players[owner].hand)
    return g.choose_cards(f.actor, owner, hand, 1, 1, f"{f.name}: a hand card of seat {owner}",
                          f)


@primitive("obtain")
def p_obtain(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """One character (``by``) takes cards from another (``from``), neither of them need be
    the actor (安恤): the taker chooses, another's hand cards blind, as with ``take``."""
    taker = one_seat(g, a.get("by"), f)
    owner = one_seat(g, a.get("from"), f)
    if taker is None or owner is None or taker == owner:
        return []
    chosen = pick_cards(g, a.get("cards"), f, taker, owner, "take")
    chosen = [u for u in g.table.physical(chosen)
              if g.table.where.get(u, ("", -1))[1] == owner]
    g.move(chosen, HAND, taker, "take", f)
    return chosen


@primitive("swap_equipment")
def p_swap_equipment(g: Game, a: dict[str, Any], f: Frame) -> None:
    """Two characters exchange every card in their equipment areas (甘露): each loses what
    they had (so skills about losing equipment see it) and gets the other's."""
    first = one_seat(g, a.get("who"), f)
    second = one_seat(g, a.get("with"), f)
    if first is None or second is None or first == second:
        return
    t = g.table
    mine = list(t.players[first].equipment.values())
    theirs = list(t.players[second].equipment.values())
    if not mine and not theirs:
        return
    g.log_event("swap_equipment", seat=first, to=second)
    g.move(mine + theirs, PROCESSING, -1, "swap_equipment", f)
    if t.players[second].alive:
        g.move([u for u in mine if t.where.get(u, ("", 0))[0] == PROCESSING], EQUIPMENT,
               second, "swap_equipment", f)
    if t.players[first].alive:
        g.move([u for u in theirs if t.where.get(u, ("", 0))[0] == PROCESSING], EQUIPMENT,
               first, "swap_equipment", f)
    g.discard_processed(mine + theirs)  # an owner who died meanwhile: to the discard pile

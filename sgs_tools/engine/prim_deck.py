"""Deck words: cards put on the bottom of the deck, looked-at cards put back on top in an
order of one's choosing, and a choice among given cards by kind.

Registered here: the actions ``put_on_bottom``, ``order_top``, ``choose_among`` and
``replace_judgement`` (a revealed card as the judgement, 贞烈).
(``arrange_top``, 观星's arrangement, puts any of the looked-at cards on the bottom and the
rest on top; these are the two halves a skill may need on their own.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.primitives import card_list, pick_cards, primitive
from sgs_tools.engine.state import DISCARD, DRAW, EQUIPMENT, HAND, PROCESSING

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame

MOVABLE = (DRAW, DISCARD, PROCESSING)
"""Zones a listed card may be taken from by anyone: not another character's own area."""


def _listed_or_own(g: Game, v: Any, f: Frame, prompt: str) -> list[int]:
    """Named cards still where a step may take them (the piles, the processing area, the
    actor's own hand and equipment), or the actor's choice of their own cards."""
    listed = card_list(g, v, f)
    if listed is None:
        return pick_cards(g, v, f, f.actor, f.actor, prompt)
    where = g.table.where
    out = []
    for u in g.table.physical(listed):
        zone, seat = where.get(u, ("", -1))
        if zone in MOVABLE or (zone in (HAND, EQUIPMENT) and seat == f.actor):
            out.append(u)
    return out


def ordered(g: Game, seat: int, uids: list[int], prompt: str) -> list[int]:
    """``seat`` orders the cards (asked only when there are two or more)."""
    if len(uids) < 2:
        return list(uids)
    order = g.ask(seat, "order", [g.face(u) for u in uids], len(uids), len(uids), prompt)
    return [uids[i] for i in order]


@primitive("put_on_bottom")
def p_put_on_bottom(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """The cards go to the bottom of the deck, in the order the actor chooses (the first
    named ends highest, the last at the very bottom)."""
    chosen = _listed_or_own(g, a.get("cards"), f, "put on the bottom of the deck")
    chosen = ordered(g, f.actor, chosen, "order on the bottom of the deck (last = bottom)")
    for uid in chosen:
        g.move([uid], DRAW, -1, "put_on_bottom", f, bottom=True)
    if chosen:
        g.log_event("put_on_bottom", seat=f.actor, n=len(chosen))
    return chosen


@primitive("order_top")
def p_order_top(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """Those of the named cards still on the deck are put back on top, in the order the
    actor chooses (the first named on top); cards taken away meanwhile stay where they
    went."""
    pile = g.table.draw_pile
    listed = [u for u in card_list(g, a.get("cards"), f) or []
              if g.table.where.get(u, ("", -1))[0] == DRAW]
    if not listed:
        return []
    top = ordered(g, f.actor, listed, "order on top of the deck (first = top)")
    for u in listed:
        pile.remove(u)
    pile.extend(reversed(top))
    g.log_event("order_top", seat=f.actor, n=len(top))
    return top


@primitive("choose_among")
def p_choose_among(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """Choose, among the given cards, those of the kind and number the step names (``any
    heart cards``, ``1 basic card``); returns them."""
    listed = [u for u in card_list(g, a.get("from"), f) or [] if u in g.table.where]
    spec = g.interp.spec_of(a.get("cards")) or {}
    cands = [u for u in listed if g.interp.card_matches(g.table.card(u), spec)]
    low, high = g.interp.count_of(spec, f, len(cands))
    high = min(high, len(cands))
    low = min(low, high)
    if high <= 0:
        return []
    picks = g.ask(f.actor, "cards", [g.face(u) for u in cands], low, high,
                  f"{f.name}: choose")
    return [cands[i] for i in sorted(picks)]


@primitive("replace_judgement")
def p_replace_judgement(g: Game, a: dict[str, Any], f: Frame) -> None:
    """贞烈: the judgement card being revealed is replaced by the given card (one revealed
    from the deck), which is then the judgement; the old one goes to the discard pile."""
    current = f.event.get("judgement")
    listed = [u for u in card_list(g, a.get("cards"), f) or []
              if g.table.where.get(u, ("", -1))[0] in MOVABLE]
    if not isinstance(current, list) or not current or not listed:
        return
    new, old = listed[0], current[0]
    g.move([new], PROCESSING, -1, "retrial", f)
    g.log_event("retrial", seat=f.actor, skill=f.name, old=g.face(old), new=g.face(new))
    g.move([old], DISCARD, -1, "retrial", f)
    f.event["judgement"] = [new]

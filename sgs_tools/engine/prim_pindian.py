"""拼点 (pindian) and the picks that read another character: within their attack range,
or of their kingdom."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.errors import Abort
from sgs_tools.engine.kingdoms import same_kingdom
from sgs_tools.engine.primitives import one_seat, primitive
from sgs_tools.engine.state import DISCARD, PROCESSING

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame


@primitive("pindian")
def p_pindian(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """The actor and the rival each choose a hand card face down; both are shown at once
    and go to the discard pile. The ranks stay readable as ``pindian_number`` and
    ``rival_pindian_number`` for the rest of the effect; returns both cards."""
    me = f.actor
    rival = one_seat(g, a.get("rival"), f)
    t = g.table
    if rival is None or rival == me or not t.players[me].hand or not t.players[rival].hand:
        raise Abort("a pindian needs two characters with hand cards")
    mine = g.choose_cards(me, me, list(t.players[me].hand), 1, 1, "pindian card", f)[0]
    theirs = g.choose_cards(rival, rival, list(t.players[rival].hand), 1, 1,
                            "pindian card", f)[0]
    g.move([mine, theirs], PROCESSING, -1, "pindian", f)
    numbers = (t.card(mine).rank or 0, t.card(theirs).rank or 0)
    f.vars["__pindian"] = numbers
    winner = me if numbers[0] > numbers[1] else rival if numbers[1] > numbers[0] else None
    g.log_event("pindian", seat=me, rival=rival, cards=[g.face(mine), g.face(theirs)],
                winner=winner)
    g.move([u for u in (mine, theirs) if t.where.get(u, ("", 0))[0] == PROCESSING],
           DISCARD, -1, "pindian", f)
    for seat, own, other, rival_seat in ((me, mine, theirs, rival), (rival, theirs, mine, me)):
        if t.players[seat].alive and not g.over:  # 纵适: each side's won / not won
            g.emit("won_pindian" if winner == seat else "lost_pindian", "after", seat,
                   {"own_card": [own], "rival_card": [other], "rival": (rival_seat,)})
    return [mine, theirs]


def _pick_among(g: Game, who: Any, f: Frame, allowed: set[int]) -> tuple[int, ...]:
    if isinstance(who, dict) and "select" in who:
        select = who["select"]
        cands = [c for c in g.interp.select(select, f) if c in allowed]
        low, high = g.interp.selector_count(select, f, len(cands))
    else:
        cands = [c for c in g.interp.players_of(who, f) if c in allowed]
        low = high = len(cands)
    cands = [c for c in cands if g.table.players[c].alive]
    if not cands or len(cands) < low:
        return ()
    high = min(high, len(cands))
    helpful = f.hook is not None and not f.hook.harmful
    return g.choose_players(f.actor, cands, max(low, 0), high, f"{f.name}: choose", f,
                            helpful=helpful)


@primitive("pick_in_range_of")
def p_pick_in_range_of(g: Game, a: dict[str, Any], f: Frame) -> tuple[int, ...]:
    """Choose characters within another character's attack range (like ``pick``)."""
    of = one_seat(g, a.get("of"), f)
    if of is None:
        return ()
    allowed = {p.seat for p in g.table.players if p.alive and g.in_range(of, p.seat)}
    return _pick_among(g, a.get("who"), f, allowed)


@primitive("pick_ally_of")
def p_pick_ally_of(g: Game, a: dict[str, Any], f: Frame) -> tuple[int, ...]:
    """Choose the given character or characters of their kingdom (like ``pick``); a
    character whose kingdom is unknown has no such ally."""
    of = one_seat(g, a.get("of"), f)
    if of is None:
        return ()
    allowed = {p.seat for p in g.table.players
               if p.alive and (p.seat == of or same_kingdom(g, p.seat, of))}
    return _pick_among(g, a.get("who"), f, allowed)

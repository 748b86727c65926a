"""Card words beyond the core: recasting, cards put straight into the discard pile,
choosing among given cards, swapping hands, discarding up to a number, drawing or
recovering up to a number, naming a suit, and damage moved to someone else."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.errors import Abort
from sgs_tools.engine.primitives import SUITS, card_list, one_seat, pick_cards, primitive, seats
from sgs_tools.engine.state import DISCARD, DRAW, HAND
from sgs_tools.engine.wordstate import END_OF_TURN

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame


def own_card_or_pick(g: Game, v: Any, f: Frame, prompt: str) -> list[int]:
    """The card a step names: the card whose effect this is when it matches the filter
    (``recast iron_chain`` from that card's own action), else the actor's choice."""
    spec = g.interp.spec_of(g.interp.value(v, f))
    mine = f.vars.get("card")
    if spec is not None and isinstance(mine, list) and mine:
        card = g.table.card(mine[0])
        if g.interp.card_matches(card, spec) and all(
                g.table.where.get(u, ("", -1)) == (HAND, f.actor)
                for u in g.table.physical(mine)):
            return list(mine)
    return pick_cards(g, v, f, f.actor, f.actor, prompt)


@primitive("recast")
def p_recast(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """重铸: the cards go to the discard pile (neither used nor discarded), then their
    owner draws as many."""
    chosen = g.table.physical(own_card_or_pick(g, a.get("cards"), f, "recast"))
    chosen = [u for u in chosen if g.table.where.get(u, ("", -1))[1] == f.actor]
    if not chosen:
        raise Abort("nothing to recast")
    g.log_event("recast", seat=f.actor, cards=[g.face(u) for u in chosen])
    g.move(chosen, DISCARD, -1, "recast", f)
    g.draw(f.actor, len(chosen), f)
    return chosen


@primitive("put_in_discard_pile")
def p_put_in_discard_pile(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """Cards being processed (revealed, judged, on a general card …) go to the discard
    pile; it is not a discard."""
    listed = card_list(g, a.get("cards"), f)
    if listed is None:
        listed = pick_cards(g, a.get("cards"), f, f.actor, f.actor, "put in the discard pile")
    chosen = [u for u in g.table.physical(listed)
              if g.table.where.get(u, (DISCARD, -1))[0] not in (DISCARD, DRAW)]
    g.move(chosen, DISCARD, -1, "put_in_discard_pile", f)
    return chosen


@primitive("choose_cards")
def p_choose_cards(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """Choose ``n`` of the given (face-up) cards; returns them."""
    listed = [u for u in card_list(g, a.get("from"), f) or [] if u in g.table.where]
    n = g.interp.num(a.get("n", 1), f)
    if not listed or n <= 0:
        return []
    n = min(n, len(listed))
    picks = g.ask(f.actor, "cards", [g.face(u) for u in listed], n, n, f"{f.name}: choose")
    return [listed[i] for i in picks]


@primitive("swap_hands")
def p_swap_hands(g: Game, a: dict[str, Any], f: Frame) -> None:
    first = one_seat(g, a.get("who"), f)
    second = one_seat(g, a.get("with"), f)
    if first is None or second is None or first == second:
        return
    t = g.table
    mine, theirs = list(t.players[first].hand), list(t.players[second].hand)
    g.log_event("swap_hands", seat=first, to=second)
    g.move(mine, HAND, second, "swap", f)
    g.move(theirs, HAND, first, "swap", f)


@primitive("discard_up_to")
def p_discard_up_to(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """Discard at least one and at most ``max`` of the given cards; returns them."""
    high = g.interp.num(a.get("max", 1), f)
    spec = g.interp.spec_of(g.interp.value(a.get("cards"), f)) or {"filters": {}}
    cands = g.interp.candidates(f.actor, spec)
    high = min(high, len(cands))
    if high < 1:
        raise Abort("nothing to discard")
    chosen = g.choose_cards(f.actor, f.actor, cands, 1, high, "discard", f)
    g.discard(chosen, f.actor, f)
    return chosen


@primitive("draw_up_to")
def p_draw_up_to(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    n = g.interp.num(a.get("n", 1), f)
    out: list[int] = []
    for seat in seats(g, a.get("who"), f):
        short = n - len(g.table.players[seat].hand)
        if short > 0:
            out += g.draw(seat, short, f)
    return out


@primitive("recover_to")
def p_recover_to(g: Game, a: dict[str, Any], f: Frame) -> None:
    n = g.interp.num(a.get("n", 1), f)
    for seat in seats(g, a.get("who"), f):
        p = g.table.players[seat]
        target = min(n, p.max_hp)
        if p.hp < target:
            g.recover(seat, target - p.hp, f.owner, f)


@primitive("name_suit")
def p_name_suit(g: Game, a: dict[str, Any], f: Frame) -> str | None:
    """A character names a suit, kept as their ``named_suit`` until the end of the turn."""
    seat = one_seat(g, a.get("by"), f)
    if seat is None:
        return None
    pick = g.ask(seat, "guess", list(SUITS), 1, 1, "name a suit")[0]
    g.word_state.keep(f"named_suit:{seat}", SUITS[pick], END_OF_TURN)
    g.log_event("name_suit", seat=seat, suit=SUITS[pick])
    return SUITS[pick]


@primitive("transfer_damage")
def p_transfer_damage(g: Game, a: dict[str, Any], f: Frame) -> None:
    """Prevent the damage being dealt; the given character takes the same damage (same
    source, amount, nature and card) instead."""
    to = one_seat(g, a.get("to"), f)
    amount = f.event.get("amount")
    if to is None or not isinstance(amount, int) or amount <= 0:
        return
    f.event["amount"] = 0
    source = f.event.get("source")
    by = source[0] if isinstance(source, tuple) and source else None
    card = f.event.get("card")
    g.log_event("transfer_damage", seat=f.actor, to=to, n=amount, skill=f.name)
    g.damage(to, amount, by, f.event.get("nature"), f,
             card=card if isinstance(card, list) else None)


def other_type_cards(g: Game, a: dict[str, Any], f: Frame, owner: int) -> list[int]:
    """The owner's cards matching ``cards`` whose type is unlike every ``like`` card's."""
    types = {g.table.card(u).type for u in card_list(g, a.get("like"), f) or []}
    spec = g.interp.spec_of(a.get("cards")) or {"filters": {}}
    return [u for u in g.interp.candidates(owner, spec) if g.table.card(u).type not in types]


@primitive("discard_other_type")
def p_discard_other_type(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """峻刑, 御策: discard cards each of a type unlike every one of the ``like`` cards;
    returns them ([] when the actor holds too few such cards)."""
    cands = other_type_cards(g, a, f, f.actor)
    spec = g.interp.spec_of(a.get("cards")) or {"filters": {}}
    low, high = g.interp.count_of(spec, f, len(cands))
    if not cands or len(cands) < low:
        return []
    chosen = g.choose_cards(f.actor, f.actor, cands, low, min(high, len(cands)), "discard", f)
    g.discard(chosen, f.actor, f)
    return chosen


@primitive("choose_rank_sum")
def p_choose_rank_sum(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """称象: choose among the given cards, one at a time, any number whose ranks add up to
    less than ``below``; returns them."""
    listed = [u for u in card_list(g, a.get("from"), f) or [] if u in g.table.where]
    below = g.interp.num(a.get("below", 13), f)
    chosen: list[int] = []
    total = 0
    while True:
        cands = [u for u in listed if u not in chosen
                 and total + (g.table.card(u).rank or 0) < below]
        if not cands:
            break
        labels = [g.face(u) for u in cands] + ["done"]
        pick = g.ask(f.actor, "cards", labels, 1, 1, f"{f.name}: choose (ranks under {below})")
        if not pick or pick[0] >= len(cands):
            break
        chosen.append(cands[pick[0]])
        total += g.table.card(cands[pick[0]]).rank or 0
    return chosen

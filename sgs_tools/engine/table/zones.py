"""Cards moving between zones: draw, discard, equip, place, pass on, reshuffle, virtual cards."""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.errors import (
    Abort,
)
from sgs_tools.engine.interp import Frame
from sgs_tools.engine.modifiers import card_filter_ok
from sgs_tools.engine.prim_state import HAND_CHANGED, hand_sizes, hands_changed
from sgs_tools.engine.primitives import return_borrowed
from sgs_tools.engine.records import NOBODY
from sgs_tools.engine.state import (
    DISCARD,
    DRAW,
    EQUIPMENT,
    HAND,
    JUDGEMENT,
    PILE_SPOTS,
    PROCESSING,
    CardInst,
    spot,
)

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


LOSE, GAIN = ("lose_cards", "after"), ("gain_cards", "after")
UNEQUIPPED, DISCARDED = ("unequipped", "after"), ("cards_discarded", "after")
"""emit's keys of the events a move raises (see events.plan_emit)."""


def face(g: Game, uid: int) -> str:
    return g.table.card(uid).face()


def make_virtual(g: Game, name: str, parts: list[int]) -> int:
    uid = g.next_virtual
    g.next_virtual -= 1
    info = g.lib.catalog.cards.get(name)
    physical = [g.table.cards[u] for u in parts if u in g.table.cards]
    suits = {c.suit for c in physical}
    colors = {c.color for c in physical}
    suit = physical[0].suit if len(suits) == 1 else None
    rank = physical[0].rank if len(physical) == 1 else None
    g.table.virtual[uid] = CardInst(
        uid, name, suit, rank, info.type if info else "basic",
        info.subtype if info else None, info.range if info else None,
        info.nature if info else None, tuple(parts),
        tint=colors.pop() if len(colors) == 1 and suit is None else None)
    return uid


def card_for(g: Game, name: str, uids: list[int]) -> int:
    if len(uids) == 1 and uids[0] >= 0 and g.table.cards[uids[0]].card == name:
        return uids[0]
    if len(uids) == 1 and uids[0] < 0:
        return uids[0]
    return g.make_virtual(name, uids)


def move(g: Game, uids: list[int], zone: str, seat: int = -1, reason: str = "",
         f: Frame | None = None, bottom: bool = False) -> None:
    """Move physical cards; raises ``lose_cards`` for characters who lose cards from
    their hand or equipment, and ``gain_cards`` for one who gains cards in hand."""
    if not uids:
        return
    g.changes += 1
    t = g.table
    # (``prim_state.hands_listened``, inline: asked at every move)
    hands = hand_sizes(g, {t.where.get(u, ("", -1))[1] for u in uids if u >= 0} | {seat}) \
        if HAND_CHANGED in g.lib.by_event else None
    if len(uids) == 1 and hands is None and zone != EQUIPMENT:
        # One physical card, neither from nor to an equipment area (most moves: a card
        # played from hand, or sent on from processing): the loop below, for that card.
        uid = uids[0]
        found = t.where.get(uid) if uid >= 0 else None
        if found is not None and found[0] != EQUIPMENT:
            old_zone, old_seat = found
            # (the usual zones looked up here, the others by Table.zone_list)
            if old_zone == HAND:
                t.players[old_seat].hand.remove(uid)
            elif old_zone == PROCESSING:
                t.processing.remove(uid)
            else:
                t.zone_list(old_zone, old_seat).remove(uid)
                if old_zone == JUDGEMENT and zone != JUDGEMENT:
                    g.views.pop(uid, None)
            into = (t.processing if zone == PROCESSING else t.discard_pile
                    if zone == DISCARD else t.zone_list(zone, seat))
            if bottom:
                into.insert(0, uid)
            else:
                into.append(uid)
            t.where[uid] = spot(zone, seat)
            if g.record:
                g.log.append({"e": "move", "to": zone, "seat": seat, "reason": reason,
                              "cards": [g.face(uid)]})
            if (old_zone == HAND and not (zone == HAND and seat == old_seat)
                    and t.players[old_seat].alive and g.emit_plans.get(LOSE) is not NOBODY):
                g.emit("lose_cards", "after", old_seat,
                       {"cards": [uid], "amount": 1, "zones": [HAND]})
            if (zone == HAND and seat >= 0 and t.players[seat].alive
                    and g.emit_plans.get(GAIN) is not NOBODY):
                g.emit("gain_cards", "after", seat, {"cards": [uid], "amount": 1})
            return
    lost: dict[int, tuple[list[int], set[str]]] = {}
    moved = []
    for uid in uids:
        if uid < 0:
            for part in t.virtual[uid].parts:
                if part not in uids:
                    moved.append(part)
            continue
        moved.append(uid)
    where = t.where
    at = spot(zone, seat)  # (a pile's one tuple)
    pile: list[int] | None = None  # (the zone's list, looked up for the first card)
    for uid in moved:
        found = where.get(uid)
        if found is None:
            continue
        old_zone, old_seat = found
        # (Table.remove and Table.put, inline but for equipment: moves are frequent)
        if old_zone == HAND:  # (the usual one, looked up here)
            t.players[old_seat].hand.remove(uid)
        elif old_zone == EQUIPMENT:
            t.remove(uid)
        else:
            t.zone_list(old_zone, old_seat).remove(uid)
        if old_zone == JUDGEMENT and zone != JUDGEMENT:
            g.views.pop(uid, None)
        if old_zone == EQUIPMENT:
            g.statics_dirty = True
            return_borrowed(g, weapon=uid)
        if old_zone in (HAND, EQUIPMENT) and not (zone == old_zone and seat == old_seat):
            entry = lost.get(old_seat)
            if entry is None:
                entry = lost[old_seat] = ([], set())
            entry[0].append(uid)
            entry[1].add(old_zone)
        if zone == EQUIPMENT:
            slot = t.cards[uid].subtype or "weapon"
            t.put(uid, zone, seat, slot)
            g.statics_dirty = True
        else:
            if pile is None:
                pile = t.zone_list(zone, seat)
            if bottom:
                pile.insert(0, uid)
            else:
                pile.append(uid)
            where[uid] = at
    if g.record:
        g.log.append({"e": "move", "to": zone, "seat": seat, "reason": reason,
                         "cards": [g.face(u) for u in moved]})
    for old_seat, (cards, zones) in lost.items():
        if t.players[old_seat].alive:
            if g.emit_plans.get(LOSE) is not NOBODY:  # (nobody listens: not raised)
                g.emit("lose_cards", "after", old_seat,
                       {"cards": cards, "amount": len(cards), "zones": sorted(zones)})
            if EQUIPMENT in zones:
                eq = [u for u in cards if t.cards[u].type == "equipment"]
                for u in eq:
                    g.emit_own(t.cards[u].card, "unequipped", "after", old_seat,
                                  {"card": [u]})
                    # and every character's hooks on it (the card itself has left)
                    if g.emit_plans.get(UNEQUIPPED) is not NOBODY:
                        g.emit("unequipped", "after", old_seat, {"card": [u]})
    if (zone == HAND and seat >= 0 and t.players[seat].alive
            and g.emit_plans.get(GAIN) is not NOBODY):
        g.emit("gain_cards", "after", seat, {"cards": moved, "amount": len(moved)})
    if hands is not None:
        hands_changed(g, hands)


def emit_own(g: Game, source: str, event: str, timing: str, owner: int,
             payload: dict[str, Any]) -> None:
    """Run a card's own hooks for an event (``cancelled``, ``unequipped``)."""
    for hook in g.lib.by_event.get((event, timing), ()):
        if hook.source == source and hook.filter.get("card") is None:
            f = Frame(owner, owner, hook, dict(payload), payload, payload.get("__use"))
            g.log_event("card_effect", seat=owner, card=source, event=event)
            g.run_hook(hook, f)


def reshuffle(g: Game) -> None:
    t = g.table
    if not t.discard_pile:
        return
    pile = list(t.discard_pile)
    t.discard_pile.clear()
    g.rng.shuffle(pile)
    # (each card put under the pile in turn: the last one is at the bottom; in one
    # slice, not an insert at the front a card)
    t.draw_pile[:0] = pile[::-1]
    where, here = t.where, PILE_SPOTS[DRAW]
    for u in pile:
        where[u] = here
    g.log_event("reshuffle", cards=len(pile))


def peek(g: Game, n: int) -> list[int]:
    t = g.table
    if len(t.draw_pile) < n:
        g.reshuffle()
    return list(reversed(t.draw_pile[-n:])) if n > 0 else []


def draw(g: Game, seat: int, n: int, f: Frame | None = None) -> list[int]:
    t = g.table
    out = []
    g.changes += 1
    hand = t.players[seat].hand
    before = len(hand)
    where, here = t.where, (HAND, seat)
    for _ in range(n):
        if not t.draw_pile:
            g.reshuffle()
            if not t.draw_pile:
                break
        uid = t.draw_pile.pop()
        out.append(uid)
        hand.append(uid)  # (Table.put, inline)
        where[uid] = here
    if g.record:
        g.log.append({"e": "draw", "seat": seat,
                         "cards": [g.face(u) for u in out]})
    if out and t.players[seat].alive:
        g.credit(g.DRAWN, len(out), seat)
        if g.emit_plans.get(GAIN) is not NOBODY:
            g.emit("gain_cards", "after", seat, {"cards": out, "amount": len(out)})
    if out and HAND_CHANGED in g.lib.by_event:  # (``prim_state.hands_listened``, inline)
        hands_changed(g, {seat: before})
    return out


def discard(g: Game, uids: list[int], owner: int, f: Frame | None, reason: str = "discard"
            ) -> None:
    """Discard cards; raises ``cards_discarded`` for each character whose own cards (hand
    or equipment) went to the discard pile, and remembers what the current character
    discards during a phase (``phase_ending``'s ``discarded``)."""
    if not uids:
        return
    t = g.table
    owners: dict[int, list[int]] = {}
    for u in t.physical(uids):
        zone, seat = t.where.get(u, ("", -1))
        if zone in (HAND, EQUIPMENT):
            owners.setdefault(seat, []).append(u)
    g.move(uids, DISCARD, -1, reason, f)
    current = owners.get(t.current)
    if current and t.phase:
        g.word_state.setdefault("phase_discards", []).extend(current)
    for seat, cards in owners.items():
        gone = [u for u in cards if t.where.get(u, ("", 0))[0] == DISCARD]
        if gone and t.players[seat].alive and not g.over and g.emit_plans.get(
                DISCARDED) is not NOBODY:  # (nobody listens: not raised)
            g.emit("cards_discarded", "after", seat, {"cards": gone, "amount": len(gone)})


def equip(g: Game, seat: int, uid: int, f: Frame | None) -> None:
    t = g.table
    p = t.players[seat]
    card = t.cards[uid]
    slot = card.subtype or "weapon"
    old = p.equipment.get(slot)
    kinds = [slot]
    st = g.statics  # (asked only if the word may be in force: options.in_force_maybe)
    for a in st.active(seat, "equip_limit") if (
            g._statics_dirty or st.temporary or "equip_limit" in st.words) else ():
        if card_filter_ok(g, a, "card", uid):
            limit = g.interp.num(a.args.get("n", 1), a.frame)
            same = [u for u in p.equipment.values() if card_filter_ok(g, a, "card", u)]
            if len(same) >= limit and same:
                old = same[0]
                kinds.append(t.cards[old].subtype or "")
    if old is not None:
        g.move([old], DISCARD, -1, "replaced", f)
    g.move([uid], EQUIPMENT, seat, "equip", f)


def place(g: Game, uid: int, on: int, f: Frame) -> None:
    """Put a card (the card being used, as what it is used as) in a judgement zone,
    or equipment in an equipment area."""
    t = g.table
    if t.card(uid).type == "delayed_trick" and any(
            g.zone_name(u) == t.card(uid).card for u in t.players[on].judgement):
        raise Abort("that judgement zone already holds this card")
    card = t.card(uid)
    parts = t.physical([uid])
    if not parts:
        return
    if card.type == "equipment":
        g.equip(on, parts[0], f)
        return
    g.move(parts[:1], JUDGEMENT, on, "place", f)
    if t.cards[parts[0]].card != card.card:
        g.views[parts[0]] = card.card


def pass_on(g: Game, f: Frame) -> None:
    """Move the delayed trick being resolved to the next character who can take it."""
    use = f.use
    if use is None:
        return
    parts = [u for u in g.table.physical([use.card])
             if g.table.where.get(u, ("", 0))[0] in (PROCESSING, JUDGEMENT)]
    if not parts:
        return
    t = g.table
    start = use.user
    n = len(t.players)
    for i in range(1, n + 1):
        q = t.players[(start + i) % n]
        if not q.alive:
            continue
        if any(g.zone_name(u) == use.name for u in q.judgement):
            continue
        if not g.can_target(use, q.seat, ignore_user=True):
            continue
        g.move(parts[:1], JUDGEMENT, q.seat, "pass_on", f)
        if t.cards[parts[0]].card != use.name:
            g.views[parts[0]] = use.name
        if g.record:  # (logged only: its fields are not even built otherwise)
            g.log_event("pass_on", card=use.name, to=q.seat)
        return

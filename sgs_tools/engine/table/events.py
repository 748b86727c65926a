"""Events and triggers: who listens to a timing, matching hooks, firing them
in seat order; frequency limits."""


from __future__ import annotations

from bisect import bisect_left
from operator import attrgetter
from typing import TYPE_CHECKING, Any, cast

from sgs_tools.engine import ai
from sgs_tools.engine.errors import (
    Abort,
)
from sgs_tools.engine.interp import ALL_OF_TABLE, PLANS_KEPT, Frame, card_is_named
from sgs_tools.engine.library import Hook
from sgs_tools.engine.modifiers import card_filter_ok, forbidden
from sgs_tools.engine.prim_names import as_treated
from sgs_tools.engine.prim_state import DEFERRED, run_deferred
from sgs_tools.engine.prim_targets import armour_ignored_of
from sgs_tools.engine.prim_views import find_view, pay_view, view_makes, view_names
from sgs_tools.engine.primitives import borrowed_weapon, can_pay
from sgs_tools.engine.records import NOBODY, PHASE_EVENTS, Use
from sgs_tools.engine.state import (
    DISCARD,
    HAND,
    PROCESSING,
    CardInst,
)

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


NO_HOOKS: list[Hook] = []
"""The one empty list of hooks kept for a seat that has none for an event (never changed:
listener lists are only read)."""


def listeners(g: Game, key: tuple[str, str]) -> tuple[list[list[Hook]], list[Hook]]:
    """For one event and timing: each seat's skill hooks, and the card hooks of cards that
    can be at this table (in its deck, or made by a conversion). Both empty: nobody
    listens, and `emit` returns at once.

    Kept in ``g.listening`` until the skills at the table change (``refresh_skills``).
    Built from the library's per-source index (``Library.event_index``): each seat's
    share is the hooks of its few skills, in the library's order — the same lists as
    filtering every hook of the event by the skills at the table, without the pass."""
    found = g.listening.get(key)
    if found is None:
        index = None
        by_seat: list[list[Hook]] = []
        kept = g.seat_listening
        while len(kept) < len(g.skillsets):
            kept.append(None)
        for seat, skills in enumerate(g.skillsets):
            # (a seat's share depends on its own skills alone: kept for those skills by
            # the library, for every game, so a change at one seat rebuilds its share only)
            known = kept[seat]
            if known is None:
                known = kept[seat] = g.lib.listening_for(skills)
            mine = known.get(key)
            if mine is None:
                if index is None:
                    index = g.lib.event_index(key)
                positions, by_source = index
                # (most seats have no skill that listens to a given event: one test)
                lists = [] if by_source.keys().isdisjoint(skills) else [
                    found for found in map(by_source.get, dict.fromkeys(skills)) if found]
                if not lists:
                    mine = NO_HOOKS
                elif len(lists) == 1:
                    # (one skill listens: its list in the library's index is the share, in
                    # the library's order, the same list object for every game — so the
                    # plans made of it are shared too)
                    mine = lists[0]
                else:
                    mine = [h for found in lists for h in found]
                    mine.sort(key=lambda h: positions[id(h)])
                known[key] = mine
            by_seat.append(mine)
        cards = g.card_listening.get(key)
        if cards is None:  # the cards at a table never change: kept for the whole game
            present = g.card_names()
            # (and by the library for every game with the same cards: the game reads
            # the library's lists from its first event on)
            shared = g.lib.card_listening_for(present)
            if shared is not g.card_listening:
                g.card_listening = shared
                cards = shared.get(key)
            if cards is None:
                cards = shared[key] = [
                    h for h in g.lib.by_event.get(key, ()) if h.origin == "card"
                    and h.source in present]
        found = g.listening[key] = (by_seat if any(by_seat) else [], cards)
    return found


CardsAt = tuple[frozenset[str], frozenset[str], frozenset[str]]
"""Of a plan's card hooks when some are cards in hand: the names of its equipment, of
its cards in hand, and of those a conversion can make (``emit`` passes over a seat that
equips none of the first, holds none of the second and converts to none of the third)."""

Plan = tuple[list[list[Hook]], list[Hook], bool, list[int], frozenset[str] | None,
             frozenset[int] | None, CardsAt | None]
"""How ``emit`` raises one event: each seat's skill hooks, the card hooks of the table
(but delayed tricks', which no one holds: ``holds``), whether 'before' hooks resolve
first, the seats with skill hooks (in seat order), when every card hook is an
equipment's, the names of that equipment (then ``emit`` looks only at what is equipped,
and passes over a seat that has none of them), the seats with a skill hook that may
answer an event of another character (``subject_bound``: the others' skill hooks are
passed over unless the event is theirs; None when every hook, skill's or card's, is
``subject_bound``: then only the subject is offered the event, as for a weapon's, an
armour's or Jink's hooks), and else, when there are card hooks, what they name
(``CardsAt``)."""



def all_bound(g: Game, hooks: list[Hook], event: str) -> bool:
    """Whether every hook of a seat's list for an event is ``subject_bound``; kept by the
    library with the list (the library's lists, shared by its games: ``listeners``)."""
    kept = g.lib.compiled["bound"]
    found = kept.get(id(hooks))
    if found is None or found[0] is not hooks or found[1] != event:
        if len(kept) >= PLANS_KEPT:
            kept.clear()
        found = kept[id(hooks)] = (hooks, event, all(subject_bound(h, event)
                                                     for h in hooks))
    return bool(found[2])


def subject_bound(hook: Hook, event: str) -> bool:
    """Whether ``matches`` can only accept this hook for an event whose subject is its
    owner (a trigger "when you …", an awakening): what ``matches`` tests, read ahead."""
    if hook.kind == "awaken":
        return True
    if not hook.filter:
        return event != "awaken_check"
    _phase, _outside_turn, _inside, _outside, who, you, _card, _zones = (
        hook.match or match_plan(hook))
    if who is UNSET:
        return event not in PHASE_EVENTS or event in SUBJECT_PHASES
    if who is None:
        return event in SUBJECT_PHASES
    return bool(you)


def plan_emit(g: Game, event: str, timing: str, key: tuple[Any, ...]) -> Plan:
    """``emit``'s plan for an event key, kept in ``g.emit_plans`` with the listeners it is
    made of (until the skills at the table change).

    For a phase event (its key names the phase) the plan leaves out the hooks whose
    filter names another phase, which never match it (``matches``): a phase's start is
    raised at every phase of every turn, and most of its listeners wait for one phase."""
    by_event = g.lib.by_event
    before = False
    if timing == "when" and (event, "before") in by_event:
        # 'before' hooks resolve first only if someone at this table listens to them: a
        # 'before' raised to nobody does nothing (its plan is NOBODY too, made with this
        # one and dropped with it when the skills at the table change).
        before_key = (event, "before", *key[2:])
        before = (g.emit_plans.get(before_key) or plan_emit(
            g, event, "before", before_key)) is not NOBODY
    base = (event, timing)
    if base not in by_event:
        plan: Plan = ([], [], before, [], None, frozenset(), None) if before else NOBODY
    else:
        by_seat, cards = g.listeners(base)
        if len(key) == 3:
            phase = key[2]

            def mine(hooks: list[Hook]) -> list[Hook]:
                return [h for h in hooks if h.filter.get("phase") in (None, phase)] or NO_HOOKS

            # (each seat's share for this phase is kept with its share of the event, for
            # its skills, by the library: ``listeners``; the table's cards', for the game)
            kept = cast("list[dict[tuple[Any, ...], list[Hook]] | None]", g.seat_listening)
            mine_by_seat = []
            for seat, hooks in enumerate(by_seat):
                if not hooks:  # (no skill of the seat listens to the event at all)
                    mine_by_seat.append(NO_HOOKS)
                    continue
                known = kept[seat] if seat < len(kept) else None
                if known is None:
                    mine_by_seat.append(mine(hooks))
                    continue
                found = known.get(key)
                if found is None:
                    found = known[key] = mine(hooks)
                mine_by_seat.append(found)
            by_seat = mine_by_seat if any(mine_by_seat) else []
            table_cards = cast("dict[tuple[Any, ...], list[Hook]]", g.card_listening)
            found = table_cards.get(key)
            if found is None:
                found = table_cards[key] = mine(cards)
            cards = found
        # A plan is made of the lists alone (the library's, shared by its games): one
        # made of the same lists is kept by the library, with them (so their ids, its
        # key, are not reused), for the next table whose seats listen the same way.
        sig = (key, before, id(cards), *map(id, by_seat))
        plans = g.lib.compiled["plans"]
        kept_plan = plans.get(sig)
        if kept_plan is not None:
            plan = kept_plan[1]
        else:
            hooked = [s for s, hooks in enumerate(by_seat) if hooks]
            if any(h.card_type == "delayed_trick" for h in cards):
                # (a delayed trick's hooks answer from the judgement zone, never here)
                cards = [h for h in cards if h.card_type != "delayed_trick"]
            equipment_only = frozenset(h.source for h in cards) if all(
                h.card_type == "equipment" for h in cards) else None
            cards_at: CardsAt | None = None
            if equipment_only is None:
                in_hand = frozenset(h.source for h in cards if h.card_type != "equipment")
                cards_at = (frozenset(h.source for h in cards if h.card_type == "equipment"),
                            in_hand, in_hand & g.lib.view_cards)
            loose: frozenset[int] | None = frozenset(
                s for s in hooked if not all_bound(g, by_seat[s], event))
            if not loose and all(subject_bound(h, event) for h in cards):
                loose = None
            plan = (by_seat, cards, before, hooked, equipment_only, loose, cards_at) if (
                hooked or cards or before) else NOBODY
            if len(plans) >= PLANS_KEPT:
                plans.clear()
            plans[sig] = ((cards, by_seat), plan)
    g.emit_plans[key] = plan
    return plan


def card_names(g: Game) -> frozenset[str]:
    """The names a card at this table can have: its physical cards', and every card a
    conversion can make."""
    if g._card_names is None:
        names = {c.card for c in g.table.cards.values()}
        names.update(n for views in g.lib.views.values() for v in views
                     for n in view_names(g, v))
        g._card_names = frozenset(names)
    return g._card_names


def emit(g: Game, event: str, timing: str, subject: int | None, payload: dict[str, Any]
         ) -> dict[str, Any]:
    if timing == "after" and DEFERRED in payload:
        run_deferred(g, payload)  # `after this:` steps, once the event has resolved
    # One lookup finds the plan (``plan_emit``): most events have no listener at all.
    if event in PHASE_EVENTS:
        key: tuple[Any, ...] = (event, timing, payload.get("phase"))
    else:
        key = (event, timing)
    plan = g.emit_plans.get(key)
    if plan is None:
        plan = plan_emit(g, event, timing, key)
    if plan is NOBODY:
        return payload
    by_seat, cards, before, hooked, equipment_only, loose, cards_at = plan
    if before:
        # 'before X' hooks resolve first, at the same moment, with the same payload (the
        # damage about to be dealt, …): every event raised 'when' has a 'before'.
        emit(g, event, "before", subject, payload)
        # (looked up again: what resolved may have changed the skills at the table)
        by_seat, cards, before, hooked, equipment_only, loose, cards_at = g.emit_plans.get(
            key) or plan_emit(g, event, timing, key)
    if g.over or not (hooked or cards):
        return payload
    t = g.table
    players = t.players
    n = len(players)
    if loose is None:
        # Every hook answers only its owner's own events: the subject's, if it has some
        # (most such events are raised to another seat), are all that may match.
        if subject is None or not 0 <= subject < n or not players[subject].alive:
            return payload
        held = by_seat[subject] if by_seat else None
        if cards:
            if equipment_only is not None:  # (as in the loop below)
                equipped = g._equipped.get(subject)
                if equipped is None:
                    equipped = g.equipped_names(subject)
                mine = [h for h in cards if h.source in equipped and not (
                    g.use_stack and g.armour_ignored(subject, h.source))] if (
                    equipped and not equipment_only.isdisjoint(equipped)) else None
            else:
                mine = held_cards(g, subject, cards)
            if mine:
                held = held + mine if held else mine
        if held:
            match = g.matches
            # (one hook, the usual case, is matched with no list made unless it matches)
            entries = [h for h in held if match(h, subject, event, subject, payload)] if (
                len(held) > 1) else [held[0]] if match(
                    held[0], subject, event, subject, payload) else None
            if entries:
                fire_entries(g, subject, entries, event, subject, payload)
        return payload
    current = t.current
    if not cards:
        # Only skill hooks: the seats that have some, in seat order from the current
        # player (the others would be passed over with nothing to offer).
        if len(hooked) > 1 and hooked[0] < current:
            # (``hooked`` is in seat order: the seats from the current one on, then the
            # rest — its order from the current player)
            k = bisect_left(hooked, current)
            hooked = hooked[k:] + hooked[:k]
        match = g.matches
        for seat in hooked:
            if seat != subject and seat not in loose:
                continue  # (its hooks answer only events of its own: ``subject_bound``)
            if players[seat].alive:
                entries = [h for h in by_seat[seat]
                           if match(h, seat, event, subject, payload)]
                if entries:
                    fire_entries(g, seat, entries, event, subject, payload)
                    if g.over:
                        break
        return payload
    equipped_of = g._equipped  # (equipped_names' memo: cleared in place, never replaced)
    match = g.matches
    # (the seats in order from the current player: the loops below are the same loop,
    # one for plans of equipment alone and one for the others, each with its test inline)
    order = range(current, current + n) if current else range(n)
    if equipment_only is not None:  # (held_cards' first case, inline: weapons, armour)
        for seat in order:
            if seat >= n:
                seat -= n
            if not players[seat].alive:
                continue
            held = by_seat[seat] if by_seat and (seat == subject or seat in loose) else None
            equipped = equipped_of.get(seat)
            if equipped is None:
                equipped = g.equipped_names(seat)
            if equipped and not equipment_only.isdisjoint(equipped):
                mine = [h for h in cards if h.source in equipped and not (
                    g.use_stack and g.armour_ignored(seat, h.source))]
                if mine:
                    held = held + mine if held else mine
            if held:
                # (as below: one hook is matched with no list made unless it matches)
                entries = [h for h in held if match(h, seat, event, subject, payload)] if (
                    len(held) > 1) else [held[0]] if match(
                        held[0], seat, event, subject, payload) else None
                if entries:
                    fire_entries(g, seat, entries, event, subject, payload)
                    if g.over:
                        break
        return payload
    holders: set[int] | None = None
    every = False
    st = g.statics  # (``any_active("change_name")``, asked only if it may be in force)
    if cards_at is not None and not ((g._statics_dirty or st.temporary or "change_name"
                                      in st.words) and st.any_active("change_name")):
        # Who holds a card of these names, found from where the table's copies lie
        # (a few lookups for the event, not a look through every hand): with names read
        # as printed, a seat none of whose cards is one of them holds none.
        equipment, in_hand, convertible = cards_at
        holders = hand_holders(g, in_hand)
        converts_of_seat = g._converts
        # (one name, no equipment — Nullification's take_effect: a holder holds every
        # card hook of the plan, as ``held_cards`` would find; the others, only those
        # they can convert to)
        every = not equipment and len(in_hand) == 1
    for seat in order:
        if seat >= n:
            seat -= n
        if not players[seat].alive:
            continue
        held = by_seat[seat] if by_seat and (seat == subject or seat in loose) else None
        if holders is not None and seat not in holders:
            # (``may_hold``, inline: asked of most seats at most such events)
            found = False
            if equipment:
                equipped = equipped_of.get(seat)
                if equipped is None:
                    equipped = g.equipped_names(seat)
                found = not equipment.isdisjoint(equipped)
            if not found and convertible:
                converts = converts_of_seat.get(seat)
                if converts is None:  # (as ``held_cards`` keeps them)
                    converts = converts_of_seat[seat] = converts_of(g, g.sources_of(seat))
                found = not convertible.isdisjoint(converts)
        else:
            found = True
        if found:
            mine = cards if every and holders is not None and seat in holders else (
                held_cards(g, seat, cards))
            if mine:
                held = held + mine if held else mine
        # (else ``held_cards`` would find none: ``may_hold``)
        if held:
            # (one hook, the usual case, is matched with no list made unless it matches)
            entries = [h for h in held if match(h, seat, event, subject, payload)] if (
                len(held) > 1) else [held[0]] if match(
                    held[0], seat, event, subject, payload) else None
            if entries:
                fire_entries(g, seat, entries, event, subject, payload)
                if g.over:
                    break
    return payload


def hand_holders(g: Game, names: frozenset[str]) -> set[int]:
    """The seats with a card of one of these names (as printed) in hand."""
    t = g.table
    copies = g.copies
    if copies is None or copies[0] is not t.cards or copies[1] != len(t.cards):
        by_name: dict[str, list[int]] = {}
        for uid, card in t.cards.items():
            by_name.setdefault(card.card, []).append(uid)
        copies = g.copies = (t.cards, len(t.cards), by_name)
    by_name = copies[2]
    where = t.where
    out: set[int] = set()
    for name in names:
        for uid in by_name.get(name, ()):
            found = where.get(uid)
            if found is not None and found[0] == HAND:
                out.add(found[1])
    return out


def may_hold(g: Game, seat: int, cards_at: CardsAt,
             equipped_of: dict[int, list[str]]) -> bool:
    """For a seat that holds none of an event's cards in hand: whether ``held_cards``
    may still find some of its card hooks (equipment it has, a conversion it can make)."""
    equipment, _in_hand, convertible = cards_at
    if equipment:
        equipped = equipped_of.get(seat)
        if equipped is None:
            equipped = g.equipped_names(seat)
        if not equipment.isdisjoint(equipped):
            return True
    if convertible:
        converts = g._converts.get(seat)
        if converts is None:  # (as ``held_cards`` keeps them)
            converts = g._converts[seat] = converts_of(g, g.sources_of(seat))
        return not convertible.isdisjoint(converts)
    return False


def held_cards(g: Game, seat: int, hooks: list[Hook]) -> list[Hook]:
    """The card hooks among ``hooks`` that ``seat`` holds, in order: ``holds`` for each,
    with the seat's hand and equipment looked at once rather than once per hook."""
    out: list[Hook] = []
    hand: frozenset[str] | None = None
    equipped: list[str] | None = None
    converts: set[str] | None = None
    few: bool | None = None
    uids: list[int] = []
    cards: dict[int, CardInst] = {}
    held = False
    for hook in hooks:
        ctype = hook.card_type
        if ctype == "equipment":
            if equipped is None:
                equipped = g.equipped_names(seat)
            if hook.source in equipped and not (g.use_stack and g.armour_ignored(
                    seat, hook.source)):
                out.append(hook)
        elif ctype == "delayed_trick" or hook.origin == "skill":
            if g.holds(seat, hook):
                out.append(hook)
        else:
            name = hook.source
            if hand is None:
                if few is None:  # (one or two card hooks, names read as printed: the
                    # hand is looked through for each, with no set of its names made)
                    few = len(hooks) <= 2 and not g.statics.any_active("change_name")
                    uids = g.table.players[seat].hand
                    cards = g.table.cards
                if few:
                    for u in uids:
                        if cards[u].card == name:
                            held = True
                            break
                    else:
                        held = False
                else:
                    hand = hand_names(g, seat)
            if hand is not None:
                held = name in hand
            if held:
                out.append(hook)
            elif name in g.lib.view_cards:
                if converts is None:  # what the seat's skills and equipment convert to
                    converts = g._converts.get(seat)
                    if converts is None:  # kept with sources_of, until they change
                        converts = g._converts[seat] = converts_of(g, g.sources_of(seat))
                if name in converts and g.response_sources(seat, name):
                    out.append(hook)
    return out


def converts_of(g: Game, sources: list[str]) -> set[str]:
    """The card names these skills and equipment convert cards to; kept by the library
    for sources whose conversions each make one named card (the same at every table;
    one that makes any card of a kind makes those of this table's deck)."""
    key = tuple(sources)
    kept = g.lib.compiled["converts"]
    found: set[str] | None = kept.get(key)
    if found is None:
        views = [v for s in sources for v in g.lib.views.get(s, ())]
        found = {n for v in views for n in view_names(g, v)}
        if all(v.view_card for v in views):
            if len(kept) >= PLANS_KEPT:
                kept.clear()
            kept[key] = found
    return found


def hand_names(g: Game, seat: int) -> frozenset[str]:
    """The names of the cards in a seat's hand. A physical card's name never changes, so
    the names of a hand (its uids, in order) are kept for the game: hands recur — except
    while a ``change_name`` modifier (禁酒) makes some of them read as another card."""
    hand = tuple(g.table.players[seat].hand)
    if g.statics.any_active("change_name"):
        cards = g.table.cards
        return frozenset(as_treated(g, seat, cards[u]).card for u in hand)
    found = g.hand_names.get(hand)
    if found is None:  # (C-level maps: uid → card → name)
        found = g.hand_names[hand] = frozenset(map(_NAME, map(g.table.cards.__getitem__,
                                                              hand)))
    return found


_NAME = attrgetter("card")


def holds(g: Game, seat: int, hook: Hook) -> bool:
    if hook.origin == "skill":
        return hook.source in g.skillsets[seat]
    ctype = hook.card_type
    if ctype == "equipment":
        return hook.source in g.equipped_names(seat) and not g.armour_ignored(
            seat, hook.source)
    if ctype == "delayed_trick":
        return False
    cards = g.table.cards
    name = hook.source
    hand = g.table.players[seat].hand
    st = g.statics  # (``as_treated``'s own test, asked once for the hand: with no
    # change_name that may be in force, each card reads as printed)
    if g._statics_dirty or st.temporary or "change_name" in st.words:
        if any(as_treated(g, seat, cards[u]).card == name for u in hand):
            return True
    else:
        for u in hand:
            if cards[u].card == name:
                return True
    if name not in g.lib.view_cards:
        return False
    return any(view_makes(g, v, name) for s in g.sources_of(seat)
               for v in g.lib.views.get(s, ())) and bool(
        g.response_sources(seat, name))


def armour_ignored(g: Game, seat: int, source: str) -> bool:
    """Armour does nothing against a card whose user ignores armour."""
    if not g.use_stack:
        return False
    info = g.lib.catalog.cards.get(source)
    if info is None or info.subtype != "armour":
        return False
    use = g.use_stack[-1]
    if use.user == seat:
        return False
    return any(card_filter_ok(g, a, "card", use.card)
               for a in g.statics.active(use.user, "ignore_armour")) or armour_ignored_of(
        g, use.user, seat)


def equipped_names(g: Game, seat: int) -> list[str]:
    found = g._equipped.get(seat)
    if found is None:
        found = g._equipped[seat] = g._equipped_names(seat)
    return found


def _equipped_names(g: Game, seat: int) -> list[str]:
    p = g.table.players[seat]
    borrowed = borrowed_weapon(g, seat)
    # 借刀杀人 as first printed (003_…): one weapon at a time, never one's range with the
    # other's skill; the borrowed one is used (range and skill), one's own rests meanwhile
    names = [g.table.cards[u].card for slot, u in p.equipment.items()
             if borrowed is None or slot != "weapon"]
    if borrowed is not None:
        names.append(g.table.cards[borrowed].card)
    for a in g.statics_for_count_as(seat):
        names.append(a)
    return names


def statics_for_count_as(g: Game, seat: int) -> list[str]:
    """The equipment a seat's skills count it as having (``count_as``), for the slots
    it has nothing in."""
    skills = g.skillsets[seat]
    kept = g.count_as.get(seat)
    if kept is None or kept[0] is not skills:
        # (what the skills name is read once for each list of skills: the lists are
        # replaced, never changed, when the skills at the table change)
        kept = g.count_as[seat] = (skills, count_as_names(g, skills))
    named = kept[1]
    if not named:
        return []
    equipment = g.table.players[seat].equipment
    return [n for n, subtype in named if subtype not in equipment]


def count_as_names(g: Game, skills: list[str]) -> list[tuple[str, str | None]]:
    """The known cards (name, subtype) that these skills' ``count_as`` modifiers name,
    in order."""
    out: list[tuple[str, str | None]] = []
    for hook_list in (g.lib.statics.get(s, ()) for s in skills):
        for hook in hook_list:
            for mod in hook.modifiers:
                if mod["modifier"] != "count_as":
                    continue
                spec = g.interp.spec_of((mod.get("args") or {}).get("card")) or {}
                names = (spec.get("filters") or {}).get("name") or []
                for n in names:
                    card = g.lib.catalog.cards.get(n)
                    if card is not None:
                        out.append((n, card.subtype))
    return out


def sources_of(g: Game, seat: int) -> list[str]:
    """Skill and equipment ids whose statics and triggers the character has (kept, like
    ``equipped_names``, until skills or equipment change; callers only read it)."""
    found = g._sources.get(seat)
    if found is None:
        found = g._sources[seat] = [*g.skillsets[seat], *g.equipped_names(seat)]
    return found


YOU: dict[str, Any] = {"var": "you"}
"""A filter's default subject: the owner (read only)."""


UNSET: dict[str, Any] = {}
"""A filter without ``who`` (read only; told apart from an explicit one by identity)."""

MatchPlan = tuple[Any, bool, str | None, str | None, Any, bool, Any, frozenset[str] | None]
"""What ``matches`` reads of a hook's filter: ``phase``, ``outside_turn``, ``in_phase``,
``outside_phase``, ``who`` (``UNSET`` when it has none), whether that is ``you``,
``card``, and the zones of ``from``."""


def match_plan(hook: Hook) -> MatchPlan:
    """A hook's filter as ``matches`` reads it, read once and kept on the hook (its
    filter is library IR, never changed)."""
    flt = hook.filter
    who = flt.get("who", UNSET)
    zones = None
    src = flt.get("from")
    if src is not None:
        spec = src["cards"] if isinstance(src, dict) and isinstance(
            src.get("cards"), dict) else {}
        found = (spec.get("filters") or {}).get("zone")
        zones = frozenset(found) if found else None
    inside, outside = flt.get("in_phase"), flt.get("outside_phase")
    plan: MatchPlan = (
        flt.get("phase"), bool(flt.get("outside_turn")),
        None if inside is None else str(inside), None if outside is None else str(outside),
        who, who is not UNSET and who == YOU, flt.get("card"), zones)
    hook.match = plan
    return plan


SUBJECT_PHASES = ("phase_start", "phase_end")
"""Phase events whose subject is the owner unless a filter says who."""


def matches(g: Game, hook: Hook, owner: int, event: str, subject: int | None,
            payload: dict[str, Any]) -> bool:
    if hook.filter:
        phase, outside_turn, inside, outside, who, you, card, zones = (
            hook.match or match_plan(hook))
        t = g.table
        if phase is not None:
            if event in PHASE_EVENTS:
                if payload.get("phase") != phase:
                    return False
            elif t.phase != phase or t.current != owner:
                return False
        if outside_turn and t.current == owner:
            return False
        # (prim_state.phase_options_ok: a trigger's ``in PHASE`` and ``outside PHASE``)
        if inside is not None and not (t.current == owner and t.phase == inside):
            return False
        if outside is not None and t.current == owner and t.phase == outside:
            return False
        if who is UNSET:  # the owner, but at most phase events (the phase's player)
            if (event not in PHASE_EVENTS or event in SUBJECT_PHASES) and subject != owner:
                return False
        elif who is None:
            if event in SUBJECT_PHASES and subject != owner:
                return False
        elif you:
            if subject != owner:
                return False
        elif not g.subject_ok(who, owner, subject, hook, payload):
            return False
        if card is not None and not g.card_filter(card, payload.get("card")):
            return False
        if zones is not None and zones.isdisjoint(payload.get("zones", ())):
            return False
    elif subject != owner and event not in ("awaken_check",):
        return False
    if hook.kind == "awaken":
        if subject != owner:
            return False
        f = Frame(owner, owner, hook, {}, payload)
        if not g.interp.cond(hook.condition, f):
            return False
    return not hook.frequency or g.frequency_ok(owner, hook.key, hook.frequency, None)


def subject_ok(g: Game, who: Any, owner: int, subject: int | None, hook: Hook,
               payload: dict[str, Any]) -> bool:
    if subject is None:
        return False
    if isinstance(who, dict):
        if who.get("var") == "you":
            return subject == owner
        if "select" in who:
            s = who["select"]
            p = g.table.players[subject]
            f = Frame(owner, owner, hook, {}, payload)
            if s.keys() & ALL_OF_TABLE:
                return subject in g.interp.select(s, f)
            return g.interp.noun_ok(s.get("noun", "players"), p, owner) and all(
                g.interp.filter_ok(x, p, owner, f) for x in s.get("filters", ()))
    f = Frame(owner, owner, hook, {}, payload)
    return subject in g.interp.players_of(who, f)


def card_filter(g: Game, flt: Any, card: Any) -> bool:
    if isinstance(flt, str):
        if isinstance(card, str):
            return card == flt or card.endswith("_" + flt)
        if isinstance(card, list) and card:
            return card_is_named(g.table.card(card[0]), (flt,))
        return False
    spec = g.interp.spec_of(flt)
    if spec is None:
        return True
    if isinstance(card, list) and card:
        return g.interp.card_matches(g.table.card(card[0]), spec)
    if isinstance(card, str):
        names = (spec.get("filters") or {}).get("name") or ()
        return card in names
    return False


def fire_for(g: Game, seat: int, hooks: list[Hook], event: str, subject: int | None,
             payload: dict[str, Any]) -> int:
    """Offer one character the hooks they hold for this event; returns how many ran."""
    entries = [h for h in hooks if g.matches(h, seat, event, subject, payload)]
    return fire_entries(g, seat, entries, event, subject, payload) if entries else 0


def fire_entries(g: Game, seat: int, entries: list[Hook], event: str, subject: int | None,
                 payload: dict[str, Any]) -> int:
    """``fire_for`` once the hooks that match are known (``emit`` finds them itself, and
    most seats it offers an event to have none)."""
    p = g.table.players[seat]
    request = payload.get("__request")
    if len(entries) == 1:  # (the usual case: the one hook, just matched, fires)
        if not p.alive or g.over or (request is not None and request.provided):
            return 0
        return 1 if g.fire(entries[0], seat, payload, subject, False) else 0
    fired = 0
    fresh = True  # (the entries were just matched: nothing has happened since)
    while entries and p.alive and not g.over:
        if request is not None and request.provided:
            break
        compulsory = [h for h in entries if h.locked or not h.optional]
        chosen = False
        if compulsory:
            hook = compulsory[0]
        elif len(entries) == 1:
            hook = entries[0]
        else:
            labels = [h.source for h in entries] + ["pass"]
            pick = g.ask(seat, "trigger", labels, 1, 1, f"{event}: which first",
                            {"benefit": 1})[0]
            if pick == len(entries):
                return fired
            hook = entries[pick]
            chosen = True
        entries.remove(hook)
        if not (fresh and not chosen) and not g.matches(hook, seat, event, subject, payload):
            fresh = False
            continue
        fresh = False
        if g.fire(hook, seat, payload, subject, chosen):
            fired += 1
    return fired


def fire(g: Game, hook: Hook, owner: int, payload: dict[str, Any], subject: int | None,
         chosen: bool = False) -> bool:
    """Run one triggered hook; ``chosen`` means its owner already picked it from a
    list, so an optional hook is not asked about again."""
    use = payload.get("__use")
    f = Frame(owner, owner, hook, {}, payload, use)
    if hook.origin == "card" and hook.card_type not in ("equipment", "delayed_trick"):
        return g.card_response(hook, owner, payload, subject, f)
    if hook.cost and not all(can_pay(g, step, f) for step in hook.cost):
        return False
    if hook.optional and not g.has_targets(hook, f, None):
        return False
    if hook.optional and not hook.locked and not chosen and not g.ask_yes_no(
            owner, hook.source, f, benefit=ai.trigger_benefit(g, owner, hook, payload)
            if getattr(g.agents[owner], "wants_context", False) else 1.0):
        return False
    if hook.origin == "skill" and not g.rules.ready(
            owner, hook, asked=hook.optional and not hook.locked):
        return False
    g.frequency_use(owner, hook.key, hook.frequency)
    first = hook.steps[0] if hook.steps else {}
    if hook.optional or hook.cost or not ("may" in first or "repeat" in first
                                           or "if" in first):
        g.log_event("skill", seat=owner, skill=hook.source)
        f.vars["__announced"] = True
    try:
        g.run_hook(hook, f)
    except Abort:
        return False
    return True


def card_response(g: Game, hook: Hook, owner: int, payload: dict[str, Any],
                  subject: int | None, f: Frame) -> bool:
    """A card in hand answering an event (Peach on the dying, Nullification …):
    its holder may use it; the card's trigger is its effect."""
    options = g.response_sources(owner, hook.source)
    if not options:
        return False
    request = payload.get("__request")
    answering = request if request is not None and request.name == hook.source else None
    if (answering is None or answering.use) and forbidden(
            g, owner, g.probe_card(hook.source)):
        return False  # a use, and a forbid_use modifier forbids it
    benefit = ai.response_benefit(g, owner, hook, payload)
    labels = [o[0] for o in options] + ["pass"]
    verb = answering.verb if answering is not None else "use"
    pick = g.ask(owner, "respond", labels, 1, 1, f"{verb} {hook.source}",
                    {"benefit": benefit})[0]
    if pick == len(options):
        return False
    _label, uids, via = options[pick]
    target = payload.get("target") or payload.get("victim")
    tseat = target[0] if isinstance(target, tuple) and target else owner
    if via and via.startswith("declare:"):
        declared = g.declare(owner, uids, hook.source, f)
        if declared is None:
            return True
        uid = declared
    else:
        if via:
            g.log_event("skill", seat=owner, skill=via)
            g.count_view(owner, via, hook.source)
        uid = g.card_for(hook.source, uids)
    g.frequency_use(owner, hook.key, hook.frequency)
    if request is not None and card_is_named(g.table.card(uid), (request.name,)):
        # Answering a request for this card: it is used or played, as the request says,
        # and answers it.
        g.move(g.table.physical([uid]), PROCESSING, -1, request.verb, f)
        request.provided = [uid]
        answered = g.announce_answer(owner, uid, request, payload.get("__use"),
                                     via=via if via and not via.startswith("declare:")
                                     else None)
        if g.response_counts(owner, payload.get("__use"), f):
            g.run_hook(hook, f)
        else:
            request.provided = []  # answered, but it does not count (无双's cost unpaid)
        g.discard_processed([uid])
        g.answer_done(owner, request, answered)
        return True
    g.move(g.table.physical([uid]), PROCESSING, -1, "use", f)
    use = Use(hook.source, uid, owner, hook, [tseat], via=via)
    use.declared = True
    g.log_event("use", seat=owner, card=g.face(uid), via=via, targets=[tseat])
    g.use_stack.append(use)
    try:
        g.emit("use", "when", owner, {"card": [uid], "targets": (tseat,),
                                         "__use": use})
        inner = Frame(owner, owner, hook, {"card": [uid]}, payload, use)
        if not use.failed and g.takes_effect(use, tseat, inner):
            g.run_hook(hook, inner)
        g.emit("use", "after", owner, {"card": [uid], "targets": (tseat,),
                                          "__use": use})
    finally:
        g.use_stack.pop()
    g.discard_processed([uid])
    return True


def count_view(g: Game, seat: int, source: str, name: str) -> None:
    """A view-as conversion was used: count it against its frequency, and pay its cost."""
    view = find_view(g, seat, source, name)
    if view is not None:
        g.frequency_use(seat, view.key, view.frequency)
        pay_view(g, seat, view)


def discard_processed(g: Game, uids: list[int]) -> None:
    for u in g.table.physical(uids):
        if g.table.where.get(u, ("", 0))[0] == PROCESSING:
            g.move([u], DISCARD, -1, "used")


def run_hook(g: Game, hook: Hook, f: Frame) -> None:
    prev = g.current_frame
    g.current_frame = f
    try:
        if hook.cost:
            g.interp.run(hook.cost, f)
        g.interp.run(hook.steps, f)
    finally:
        g.current_frame = prev


def frequency_ok(g: Game, seat: int, key: str, freq: dict[str, Any] | None,
                 f: Frame | None) -> bool:
    if not freq:
        return True
    period = str(freq.get("per", "turn"))
    times = freq.get("times", 1)
    n = times if isinstance(times, int) else g.interp.num(
        times, f or Frame(seat, seat, None))
    return g.counters.get((period, seat, key), 0) < n


def frequency_use(g: Game, seat: int, key: str, freq: dict[str, Any] | None) -> None:
    if not freq:
        return
    k = (str(freq.get("per", "turn")), seat, key)
    g.counters[k] = g.counters.get(k, 0) + 1


def add_temporary_modifiers(g: Game, f: Frame, mods: list[dict[str, Any]],
                            until: dict[str, Any]) -> None:
    g.changes += 1
    g.statics.add_temporary(f, mods, until)

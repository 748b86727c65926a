"""Play-phase options: what a player may do now (cards, actions, conversions) and doing it."""


from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from sgs_tools.engine.errors import (
    Abort,
)
from sgs_tools.engine.interp import Frame, fixed_count
from sgs_tools.engine.library import Hook
from sgs_tools.engine.modifiers import card_filter_ok, delta, forbidden
from sgs_tools.engine.prim_names import treated_name, treating_skill
from sgs_tools.engine.prim_targets import unlimited_on
from sgs_tools.engine.prim_use import limit_key
from sgs_tools.engine.prim_views import no_cards, pay_view, view_names, view_ok
from sgs_tools.engine.primitives import CARD_SPENDERS, can_pay
from sgs_tools.engine.records import Use
from sgs_tools.engine.state import CardInst

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


def in_force_maybe(g: Game, word: str) -> bool:
    """Whether a modifier with this word may be in force (False: ``Statics.active`` and
    ``any_active`` would find none, and are not asked). Written out inline where it is
    asked most; ``Statics`` refreshes itself when skills or equipment have changed."""
    st = g.statics
    return g._statics_dirty or bool(st.temporary) or word in st.words


def play_options(g: Game, seat: int, phase: dict[str, Any], failed: set[str]
                 ) -> list[tuple[str, str, Any]]:
    """(label, kind, data) for everything the player may do now, "end" aside."""
    return PlaySlots(g, seat, phase, failed).options()


ActionIndex = tuple[list[list[Hook]], list[list[Hook]], bool,
                    list[list[tuple[str, tuple[str, Any, int, Any]]]]]
"""``action_index``: per seat its own action hooks, those it grants others, whether
anybody grants one, and per seat its own hooks' play candidates (label, item)."""


def action_index(g: Game) -> ActionIndex:
    """Per seat, the action hooks of its skills: its own, and those it grants others
    (in skill order); whether any seat grants one; and each seat's own as the play
    candidates ``PlaySlots`` lists (label and item: they never change). Kept until the
    skills at the table change (``refresh_skills``)."""
    found = g.action_lists
    if found is None:
        actions = g.lib.actions
        own = [[h for s in skills for h in actions.get(s, ()) if h.grant is None]
               for skills in g.skillsets]
        granted = [[h for s in skills for h in actions.get(s, ()) if h.grant is not None]
                   for skills in g.skillsets]
        slots = [[(h.source if h.index == 0 else f"{h.source}#{h.index}",
                   ("skill", (h, seat), ACTION, (seat, h, None))) for h in hooks]
                 for seat, hooks in enumerate(own)]
        found = g.action_lists = (own, granted, any(granted), slots)
    return found


def action_hooks(g: Game, seat: int) -> list[tuple[Hook, int]]:
    own, granted, grants, _slots = action_index(g)
    out = [(hook, seat) for hook in own[seat]]
    if not grants:
        return out  # (nobody at the table grants an action: the usual case)
    me = g.table.players[seat]
    for other in g.table.players:
        if other.seat == seat or not other.alive:
            continue
        for hook in granted[other.seat]:
            grant = hook.grant
            assert grant is not None
            f = Frame(other.seat, seat, hook)
            if g.interp.noun_ok(grant.get("noun", "players"), me, other.seat) and all(
                    g.interp.filter_ok(x, me, other.seat, f)
                    for x in grant.get("filters", ())):
                out.append((hook, other.seat))
    return out


def seat_views(g: Game, seat: int) -> list[tuple[str, Hook]]:
    """(source, hook) of every conversion of the seat's skills and equipment, in order:
    kept with the ``sources_of`` list it was read from (a new list once they change)."""
    sources = g._sources.get(seat) or g.sources_of(seat)  # (its memo, read inline)
    kept = g.seat_views.get(seat)
    if kept is not None and kept[0] is sources:
        return kept[1]
    if kept is not None and kept[0] == sources:
        # (a new list of the same sources, made again since equipment moved somewhere:
        # the same conversions, kept with this list now)
        g.seat_views[seat] = (sources, kept[1])
        return kept[1]
    views = g.lib.views
    found = [(source, view) for source in sources for view in views.get(source, ())]
    g.seat_views[seat] = (sources, found)
    return found


def targets_free(g: Game, use: Use) -> bool:
    """Whether ``can_target`` allows every seat for this use: no modifier that could
    forbid a target is anywhere in force, and the card is not a delayed trick (whose
    judgement zones limit it). Then candidates need not be asked one by one."""
    st = g.statics
    if g._statics_dirty or st.temporary:
        return False
    words = st.words
    return not ("untargetable" in words or "taunt" in words) and (
        g.table.card(use.card).type != "delayed_trick")


def use_limit(g: Game, seat: int, name: str, phase: dict[str, Any] | None) -> int | None:
    """How many times ``name`` may be used this play phase (None = no limit)."""
    limit: int | None = None
    limits = g.lib.phase_limit_hooks
    if name in limits:
        hook = limits[name]
    else:  # the first of the card's action hooks limited per phase (the data's, fixed)
        hook = limits[name] = next(
            (h for h in g.lib.actions.get(name, ())
             if h.frequency and h.frequency.get("per") == "phase"), None)
    if hook is not None:
        freq = hook.frequency
        assert freq is not None
        times = freq.get("times", 1)
        limit = times if type(times) is int else g.interp.num(times, Frame(seat, seat, hook))
    if limit is None and phase is not None:
        rules = phase.get("use_limits")
        rule = rules.get(name) if rules else None
        if rule is not None:
            limit = int(rule)
    if limit is None:
        return None
    probes = g.probes
    if name not in probes:  # (made once per name, here: virtual uids are numbered in turn)
        g.probe_card(name)
    st = g.statics
    if not (g._statics_dirty or st.temporary or "uses" in st.words):
        return limit  # (what st.active would say: nobody has the word)
    probe = probes[name]
    for a in st.active(seat, "uses"):
        if card_filter_ok(g, a, "card", probe):
            d = delta(g, a)
            if d is None:
                return None
            limit += d
    return limit


def probe_card(g: Game, name: str) -> int:
    """A virtual card of the given name, for checking filters before a use."""
    uid = g.probes.get(name)
    if uid is None:
        uid = g.probes[name] = g.make_virtual(name, [])
    return uid


def card_usable(g: Game, seat: int, name: str, uid: int, phase: dict[str, Any] | None
                ) -> bool:
    hooks = g.lib.actions.get(name)
    if not hooks:
        return False
    st = g.statics
    # (treated_name, unlimited_on and forbidden are asked only if their words may be in
    # force, ``in_force_maybe`` inline: otherwise they answer None, nobody and False)
    maybe = g._statics_dirty or st.temporary
    named = treated_name(g, seat, uid) if maybe or "change_name" in st.words else None
    if named is not None and named != name:
        return False  # a card that counts as another is used only as that one
    key = g.limit_keys.get(name) or limit_key(g, name)  # (its own cache, read inline)
    limit = g.use_limit(seat, key, phase)
    if limit is not None and g.phase_uses.get((seat, key), 0) >= limit and not unlimited_on(
            g, seat, uid):  # 陷阵: on those characters the card is not limited
        return False
    if (g._statics_dirty or st.temporary or "forbid_use" in st.words) and forbidden(
            g, seat, uid):
        return False
    hook = hooks[0]
    f = Frame(seat, seat, hook, {"card": [uid]}, {})  # (its event: the default, made here)
    if hook.condition is not None and not g.interp.cond(hook.condition, f):
        return False
    return g.has_targets(hook, f, name)


def action_usable(g: Game, seat: int, owner: int, hook: Hook,
                  card: list[int] | None = None) -> bool:
    f = Frame(owner, seat, hook, {"card": card} if card else {})
    if not g.frequency_ok(seat, hook.key, hook.frequency, f):
        return False
    if hook.condition is not None and not g.interp.cond(hook.condition, f):
        return False
    if not all(can_pay(g, step, f) for step in hook.cost):
        return False
    return g.has_targets(hook, f, None)


def has_targets(g: Game, hook: Hook, f: Frame, card: str | None) -> bool:
    """Whether an effect can start: its first pick (its targets) has someone to pick,
    the cards its first steps spend exist, and a leading condition holds."""
    for step in hook.steps:
        word = step.get("do")
        if word in ("pick", "redirect"):
            args = step.get("args") or {}
            who = args.get("who" if word == "pick" else "to")
            if isinstance(who, dict) and "select" in who:
                select = who["select"]
                if card is not None:
                    # A probe: nothing below changes it, so one per card and user is
                    # kept for the game (listed again and again in every play phase).
                    key = (card, f.owner)
                    use = g.probe_uses.get(key)
                    if use is None or use.hook is not hook:
                        use = g.probe_uses[key] = Use(card, g.probe_card(card), f.owner,
                                                      hook)
                    st = g.statics
                    # (targeting_select changes a selector only if one of its words may
                    # be in force: asked only then, as it is asked of every candidate)
                    maybe = g._statics_dirty or st.temporary
                    words = st.words
                    if maybe or "use_distance" in words or "no_distance_limit" in words:
                        select = g.targeting_select(use, select)
                    if not targets_free(g, use):
                        # (stops at the first characters enough: a pick needs at
                        # least one, or the fixed number its count names)
                        return g.interp.select_reaches(
                            select, f, g.interp.selector_need(select, f),
                            partial(g.can_target, use))
                return g.interp.select_reaches(select, f,
                                               g.interp.selector_need(select, f))
            return True
        if word in CARD_SPENDERS:
            if not can_pay(g, step, f):
                return False
            if step.get("as"):
                break  # what follows reads what this step gives: not known beforehand
            continue
        if "if" in step and not step.get("else"):
            return g.interp.cond(step["if"], f)
        break
    if card is not None and hook.card_type == "delayed_trick":
        return not any(g.zone_name(u) == card
                       for u in g.table.players[f.owner].judgement)
    return True


def do_play_option(g: Game, seat: int, option: tuple[str, str, Any], phase: dict[str, Any]
                   ) -> bool:
    _label, kind, data = option
    if kind == "equip":
        return g.use_card(seat, [data], g.table.cards[data].card, in_play=True)
    if kind == "card":
        return g.use_card(seat, [data], g.table.cards[data].card, in_play=True)
    if kind == "view":
        view, uids, name = data
        if uids is None:
            inner = g.interp.spec_of(view.view_spec or {}) or {}
            cands = g.interp.candidates(seat, inner)
            low, high = g.interp.count_of(inner, Frame(seat, seat, view), len(cands))
            uids = g.choose_cards(seat, seat, cands, low, min(high, len(cands)),
                                     f"cards to use as {name}", None)
        g.log_event("skill", seat=seat, skill=view.source)
        g.frequency_use(seat, view.key, view.frequency)
        pay_view(g, seat, view)
        return g.use_card(seat, uids, name, in_play=True, via=view.source)
    if kind == "skill":
        hook, owner = data
        return g.run_action(seat, owner, hook)
    if kind == "card_action":
        hook, uid = data
        return g.run_action(seat, seat, hook, [uid])
    if kind == "use_as":
        skill, name, uid = data
        g.log_event("skill", seat=seat, skill=skill)
        return g.use_card(seat, [uid], name, in_play=True, via=skill)
    if kind == "disguise":
        return g.disguised_use(seat, data)
    return False


def run_action(g: Game, seat: int, owner: int, hook: Hook, card: list[int] | None = None
               ) -> bool:
    """Run a skill's action (or a card's other action, with ``card`` at hand); False
    (not offered again until something changes) if it was undone or changed nothing."""
    f = Frame(owner, seat, hook, {"card": card} if card else {})
    if hook.origin == "skill":
        g.rules.used_skill(owner, hook.source)
    g.frequency_use(seat, hook.key, hook.frequency)
    g.log_event("skill", seat=seat, skill=hook.source)
    before = g.changes
    try:
        g.run_hook(hook, f)
    except Abort:
        return False
    return g.changes != before


def declarable(g: Game, mods: list[Any]) -> list[str]:
    """Card names the ``disguise`` modifiers let a character declare."""
    names: set[str] = set()
    matches = g.interp.card_matches
    for mod in mods:
        kinds_spec = g.interp.spec_of(mod.args.get("kinds")) or {}
        for c in g.table.cards.values():
            # (a name found already is not looked for again in its other copies)
            if c.card not in names and matches(c, kinds_spec):
                names.add(c.card)
    return sorted(names)


def disguised_use(g: Game, seat: int, mods: list[Any]) -> bool:
    """Use a hand card face down as a declared card (the ``disguise`` modifier)."""
    phase = next((ph for ph in g.phases if ph.get("id") == g.table.phase), None)
    names = [n for n in g.declarable(mods) if g.lib.actions.get(n)
             and g.card_usable(seat, n, g.probe_card(n), phase)]
    p = g.table.players[seat]
    if not names or not p.hand:
        return False
    pick = g.ask(seat, "cards", [g.face(u) for u in p.hand], 1, 1,
                    "card to use face down")[0]
    uid = p.hand[pick]
    declared = names[g.ask(seat, "declare", names, 1, 1, "declare it as")[0]]
    return g.use_card(seat, [uid], declared, in_play=True, declared=True)


# == play options listed before they are checked ==========================================
ALWAYS, CARD, AS_CARD, ACTION, VIEW = range(5)
"""How a candidate play option is checked (``PlaySlots.checks``): always legal (an
equipment card, disguise); a hand card used as itself (one check per card name and
decision, as the full list has always done); a card used as another card; a skill's or
card's action; one card of a conversion (the conversion is checked once for all of its
cards)."""


CardSlot = tuple[CardInst, bool, str, tuple[str, Any, int, Any] | None]
"""``card_slot``: the card, whether it has at most one action, its label, its play
candidate item (None: nothing to use it for)."""


def card_slot(g: Game, uid: int, c: CardInst) -> CardSlot:
    """How ``PlaySlots`` lists a hand card with at most one action whose name no
    ``change_name`` changes (kept with the card, shared by the games that share it, as
    it never changes: ``Game.card_slots``): as itself, an equipment card to equip, or not
    at all (a Jink, a Nullification)."""
    acts = g.lib.actions.get(c.card)
    item: tuple[str, Any, int, Any] | None = None
    if c.type == "equipment":
        item = ("equip", uid, ALWAYS, None)
    elif acts:
        item = ("card", uid, CARD, (c.card, uid))
    return (c, acts is None or len(acts) <= 1, c.face(), item)


NO_SLOT: tuple[None, bool, str, None] = (None, False, "", None)
"""What ``PlaySlots`` reads for a hand card whose ``card_slot`` is not kept yet."""


class PlaySlots:
    """The candidate play options of one decision, listed cheaply and checked one by one
    on demand: the legal ones, in order, are exactly what ``play_options`` lists.

    A random agent asked with these (``Decision.legal``) checks only the candidates it
    tries before it finds a legal one, instead of every card and skill the player has."""

    __slots__ = ("g", "items", "known", "labels", "phase", "seat", "usable")

    def __init__(self, g: Game, seat: int, phase: dict[str, Any], failed: set[str]) -> None:
        self.g = g
        self.seat = seat
        self.phase = phase
        self.labels: list[str] = []
        self.items: list[tuple[str, Any, int, Any]] = []
        """Per candidate: its kind and data (as in ``play_options``), how it is checked
        and what with."""
        self.known: dict[int, bool] = {}
        """Candidate index → whether it is legal, once checked."""
        self.usable: dict[str | int, bool] = {}
        """Card name → whether a hand card of that name can be used as itself; and
        conversion candidate group (a number) → whether its card can be used (checked
        once). One dict for both: one fewer made per decision."""
        # (the candidates listed here, rather than in a method of their own: a call
        # fewer per decision)
        p = g.table.players[seat]
        cards = g.table.cards
        actions = g.lib.actions
        label_of = self.labels.append
        add = self.items.append
        # (treated_name's first test, asked once: listing the options changes nothing;
        # and asked only if the word may be in force, ``in_force_maybe``)
        st = g.statics
        renamed = (g._statics_dirty or st.temporary or "change_name" in st.words) and (
            st.any_active("change_name"))
        kept = g.card_slots
        for uid in p.hand:
            c = cards[uid]
            # (unpacked at once: ``NO_SLOT`` for a card whose slot is not kept yet)
            kept_card, simple, label, item = kept.get(uid, NO_SLOT)
            if kept_card is not c:
                kept_card, simple, label, item = kept[uid] = card_slot(g, uid, c)
            if not simple or renamed:
                self.hand_card(uid, c, renamed, failed)
            elif item is not None and label not in failed:  # (what ``hand_card`` gives)
                label_of(label)
                add(item)
        group = 0
        kept_views = g.seat_views.get(seat)
        # (``seat_views``, its memo read inline: most seats have no conversion, kept [])
        views = kept_views[1] if kept_views is not None and kept_views[0] is g._sources.get(
            seat) else seat_views(g, seat)
        for source, view in views:
            # (``frequency_ok`` asked only of a limited one: it allows any other)
            if (view.frequency and not g.frequency_ok(seat, view.key, view.frequency, None)
                    ) or not view_ok(g, seat, view):
                continue
            for name in view_names(g, view):
                if not actions.get(name):
                    continue
                group += 1
                self.view_slots(source, view, name, group, failed)
        index = g.action_lists or action_index(g)  # (its memo, read inline)
        if not index[2]:  # (nobody grants an action: the seat's own, listed once)
            for label, item in index[3][seat]:
                if label not in failed:
                    label_of(label)
                    add(item)
        else:
            for hook, owner in g.action_hooks(seat):
                label = hook.source if hook.index == 0 else f"{hook.source}#{hook.index}"
                if owner != seat:
                    label = f"{label} (of seat {owner})"
                if label not in failed:
                    label_of(label)
                    add(("skill", (hook, owner), ACTION, (owner, hook, None)))
        if (g._statics_dirty or st.temporary or "use_as" in st.words) and st.any_active(
                "use_as"):
            for a in st.active(seat, "use_as"):
                as_name = a.args.get("card")
                spec = g.interp.spec_of(a.args.get("cards")) or {}
                if not isinstance(as_name, str) or not actions.get(as_name):
                    continue
                for uid in g.interp.candidates(seat, spec):
                    label = f"{a.frame.name}: {cards[uid].face()} as {as_name}"
                    if label not in failed:
                        label_of(label)
                        add(("use_as", (a.frame.name, as_name, uid), AS_CARD,
                             (as_name, uid)))
        mods = st.active(seat, "disguise") if (
            g._statics_dirty or st.temporary or "disguise" in st.words) else None
        if mods and p.hand and "disguise" not in failed:
            label_of("disguise")
            add(("disguise", mods, ALWAYS, None))

    def hand_card(self, uid: int, c: CardInst, renamed: bool, failed: set[str]) -> None:
        """The candidates of one hand card (its other actions, then the card itself)."""
        g, seat = self.g, self.seat
        actions = g.lib.actions
        label_of = self.labels.append
        add = self.items.append
        acts = actions.get(c.card)
        if not acts and not renamed and c.type != "equipment":
            return  # (a Jink, a Nullification: nothing to use it for now)
        label = c.face()
        if acts is not None and len(acts) > 1:
            for extra in acts[1:]:
                # A card's other actions (重铸 recast …) run with the card at hand.
                xlabel = f"{label}: {extra.source}#{extra.index}"
                if xlabel not in failed:
                    label_of(xlabel)
                    add(("card_action", (extra, uid), ACTION, (seat, extra, [uid])))
        if label in failed:
            return
        named = treated_name(g, seat, uid) if renamed else None
        if named is not None:  # 禁酒: it is used only as the card it counts as
            skill = treating_skill(g, seat)
            xlabel = f"{skill}: {label} as {named}"
            if xlabel not in failed:
                label_of(xlabel)
                add(("use_as", (skill, named, uid), AS_CARD, (named, uid)))
            return
        if c.type == "equipment":
            label_of(label)
            add(("equip", uid, ALWAYS, None))
        elif acts:
            label_of(label)
            add(("card", uid, CARD, (c.card, uid)))

    def view_slots(self, source: str, view: Hook, name: str, group: int,
                   failed: set[str]) -> None:
        """The candidates of one conversion into one card name."""
        g, seat = self.g, self.seat
        if no_cards(view):  # 酒诗: the card is made from none
            label = f"{source}: as {name}"
            if label not in failed:
                self.labels.append(label)
                self.items.append(("view", (view, [], name), VIEW, (group, name, None)))
            return
        inner = g.interp.spec_of(view.view_spec or {}) or {}
        cands = g.interp.candidates(seat, inner)
        count = inner.get("count")
        # (a frame made only for a count that reads one: most conversions have a number)
        fixed = fixed_count(inner, len(cands))
        low = (fixed or g.interp.count_of(inner, Frame(seat, seat, view), len(cands)))[0]
        if len(cands) < max(1, low):
            return
        first = cands[0]
        if low <= 1 and count not in ("any",):
            cards = g.table.cards
            args = (group, name, first)  # (one for the group's cards: checked once)
            for uid in cands:
                label = f"{source}: {cards[uid].face()} as {name}"
                if uid != -1 and label not in failed:
                    self.labels.append(label)
                    self.items.append(("view", (view, [uid], name), VIEW, args))
        else:
            label = f"{source}: {low} cards as {name}"
            if label not in failed:
                self.labels.append(label)
                self.items.append(("view", (view, None, name), VIEW, (group, name, first)))

    def __len__(self) -> int:
        return len(self.labels)

    def legal(self, i: int) -> bool:
        """Whether candidate ``i`` may be played now (checked once, then remembered);
        with one more option after the candidates, "end", always legal."""
        found = self.known.get(i)
        if found is None:
            found = self.known[i] = self.check(i)
        return found


    def label_or_end(self, i: int) -> str:
        """The label of candidate ``i``, or "end" just after the candidates."""
        labels = self.labels
        return labels[i] if i < len(labels) else "end"

    def check(self, i: int) -> bool:
        """Whether candidate ``i`` may be played now, or True for ``i`` just after the
        candidates ("end"). Not remembered: an agent that tries each candidate once
        (``RandomAgent.first_legal``) asks this instead of ``legal``."""
        items = self.items
        if i == len(items):
            return True
        _kind, _data, how, args = items[i]
        if how == ALWAYS:
            return True
        g = self.g
        if how == CARD:
            name, uid = args
            usable = self.usable
            ok = usable.get(name)
            if ok is None:
                ok = usable[name] = g.card_usable(self.seat, name, uid, self.phase)
            return ok
        if how == AS_CARD:
            name, uid = args
            return g.card_usable(self.seat, name, uid, self.phase)
        if how == ACTION:
            owner, hook, card = args
            return g.action_usable(self.seat, owner, hook, card)
        group, name, first = args
        ok = self.usable.get(group)
        if ok is None:
            probe = g.probe_card(name) if first is None else first
            ok = self.usable[group] = g.card_usable(self.seat, name, probe, self.phase)
        return ok

    def option(self, i: int) -> tuple[str, str, Any]:
        item = self.items[i]
        return (self.labels[i], item[0], item[1])

    def options(self) -> list[tuple[str, str, Any]]:
        """Every legal candidate, in order: the full list of play options."""
        legal = self.legal
        return [(label, item[0], item[1]) for i, (label, item) in enumerate(
            zip(self.labels, self.items, strict=True)) if legal(i)]

"""Using and playing cards: targets, responses, cancelling, resolution."""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine import ai
from sgs_tools.engine.errors import (
    Abort,
    EngineGap,
)
from sgs_tools.engine.interp import Frame, card_is_named
from sgs_tools.engine.library import Hook
from sgs_tools.engine.modifiers import card_filter_ok, delta, forbidden, use_distance
from sgs_tools.engine.prim_names import as_treated, treating_skill
from sgs_tools.engine.prim_refuse import refused
from sgs_tools.engine.prim_state import DEFERRED
from sgs_tools.engine.prim_targets import unlimited_on
from sgs_tools.engine.prim_use import dying_half, limit_key
from sgs_tools.engine.prim_views import no_cards, view_makes, view_ok
from sgs_tools.engine.records import NOBODY, Request, Use
from sgs_tools.engine.state import (
    DISCARD,
    EQUIPMENT,
    PROCESSING,
)
from sgs_tools.engine.table.options import seat_views, targets_free
from sgs_tools.engine.words import DODGED

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


USE_WHEN, USE_AFTER = ("use", "when"), ("use", "after")
"""emit's keys of the events a card's use raises (see events.plan_emit)."""


def use_card(g: Game, user: int, uids: list[int], name: str, preset: list[int] | None = None,
             via: str | None = None, in_play: bool = False, declared: bool = False
             ) -> bool:
    """Use cards (or none: a virtual card) as ``name``; returns False if undone."""
    t = g.table
    info = g.lib.catalog.cards.get(name)
    if info is None:
        raise EngineGap(f"card {name!r}", via or "rules")
    physical = t.physical(uids)
    where = t.where
    origins = []  # (where each card was, for an undone use: a plain loop, most are one)
    for u in physical:
        if u in where:
            origins.append((u, where[u]))
    if via and not via.startswith("declare:"):
        g.rules.used_skill(user, via)
    uid = g.card_for(name, uids)
    hooks = g.lib.actions.get(name)
    hook = hooks[0] if hooks else None
    if preset:
        hook = dying_half(g, name, preset) or hook  # Analeptic used by the dying: recover
    use = Use(name, uid, user, hook, list(preset) if preset else [], preset, via=via)
    st = g.statics
    # (``active`` asked only of a user with the word, as ``Statics.everywhere`` asks: with
    # the statics fresh and nothing temporary, one without it has none in force)
    if g._statics_dirty or st.temporary or "extra_targets" in st.by_word[user]:
        for a in st.active(user, "extra_targets"):
            if card_filter_ok(g, a, "card", uid):
                use.extra += delta(g, a) or 0
    if info.type == "equipment" and physical:
        if g.record:  # (not a skill event: only logged, so its text is built only then)
            g.log_event("use", seat=user, card=g.face(physical[0]), targets=[user])
        g.equip(user, physical[0], None)
        if g.emit_plans.get(USE_WHEN) is not NOBODY:  # (nobody listens: not raised)
            g.emit("use", "when", user, {"card": [uid], "targets": (user,), "__use": use})
        return True
    if g.record:
        g.log_event("use", seat=user, card=g.face(uid), via=via,
                    targets=list(preset or []))
    g.move(physical, PROCESSING, -1, "use")
    # (a Fire Slash counts as a Slash; limit_key's own cache, read inline)
    key = (user, g.limit_keys.get(name) or limit_key(g, name))
    if in_play:
        g.phase_uses[key] = g.phase_uses.get(key, 0) + 1
        if g.phase_kind == "play" and g.table.current == user:  # (count_play, inline)
            played = (user, name)
            g.turn_plays[played] = g.turn_plays.get(played, 0) + 1
    if g._statics_dirty or st.temporary or "next_damage" in st.by_word[user]:
        for a in st.active(user, "next_damage"):  # (else it has none to give)
            if card_filter_ok(g, a, "card", uid):
                use.bonus += delta(g, a) or 0
                st.drop(user, "next_damage")
    g.use_stack.append(use)
    ok = True
    try:
        payload = {"card": [uid], "targets": tuple(preset or ()), "__use": use}
        if declared:
            g.word_state.pop("questioners")
            g.log_event("declare", seat=user, named=name)
            g.emit("declare", "when", user, {"card": physical, "named": name,
                                                "__use": use})
        # (an event nobody listens to is not raised; an 'after' one is if what resolved
        # left steps to run after it: ``emit`` runs them first)
        plans = g.emit_plans
        if not use.failed and plans.get(USE_WHEN) is not NOBODY:
            g.emit("use", "when", user, payload)
        if not use.failed and hook is not None:
            f = Frame(user, user, hook, {"card": [uid]}, payload, use)
            g.resolve(use, f)
        if not use.failed and (plans.get(USE_AFTER) is not NOBODY or DEFERRED in payload):
            g.emit("use", "after", user, payload)
    except Abort:
        ok = False
        for u, (zone, seat) in origins:
            if t.where.get(u, ("", 0))[0] == PROCESSING:
                t.remove(u)
                if zone == EQUIPMENT:
                    t.put(u, zone, seat, t.cards[u].subtype)
                else:
                    t.put(u, zone, seat)
        if in_play:
            g.phase_uses[key] -= 1
        g.log_event("undo", seat=user, card=name)
    finally:
        g.use_stack.pop()
    if use.uncounted:
        pass  # (uncount took it off the count already)
    elif use.failed and in_play and ok:
        g.phase_uses[key] -= 1
    elif in_play and ok and use.targets and (
            g._statics_dirty or st.temporary or "unlimited_on" in st.words) and set(
            use.targets) <= unlimited_on(g, user, uid):  # (else it is nobody)
        g.phase_uses[key] -= 1  # 陷阵: a use on those characters is not counted
    for u in physical:
        if t.where.get(u, ("", 0))[0] == PROCESSING:
            g.move([u], DISCARD, -1, "used")
    return ok


def resolve(g: Game, use: Use, f: Frame) -> None:
    hook = use.hook
    assert hook is not None
    if hook.card_type == "delayed_trick" or g.declares_targets(hook):
        g.run_hook(hook, f)
        return
    # No targets of its own: it takes effect on its user, or on the character it was
    # used on, who then performs its steps.
    targets = use.preset or [use.user]
    use.targets = list(targets)
    use.declared = True
    for tseat in targets:
        if g.over or not g.table.players[tseat].alive:
            continue
        if g.takes_effect(use, tseat, f):
            inner = Frame(use.user, tseat, hook, dict(f.vars), f.event, use)
            g.run_hook(hook, inner)


def declares_targets(hook: Hook) -> bool:
    for step in hook.steps:
        if step.get("do") == "pick":
            return True
        if "for_each" in step and step.get("kind") == "player":
            return True
    return False


def count_play(g: Game, seat: int, name: str) -> None:
    """Count a card used or played by the current player in its play phase (kept until
    the end of the turn: 克己 asks in the discard phase how many Slashes there were)."""
    if g.phase_kind == "play" and g.table.current == seat:
        key = (seat, name)
        g.turn_plays[key] = g.turn_plays.get(key, 0) + 1


def play_phase_count(g: Game, seat: int, name: str) -> int:
    """Cards of a kind (``slash`` counts fire and thunder Slashes too) the seat used or
    played in this turn's play phase."""
    return sum(n for (s, card), n in g.turn_plays.items()
               if s == seat and (card == name or card.endswith("_" + name)))


def targeting_select(g: Game, use: Use, select: dict[str, Any]) -> dict[str, Any]:
    st = g.statics  # (asked only if the word may be in force: options.in_force_maybe)
    within = use_distance(g, use.user, use.card) if (
        g._statics_dirty or st.temporary or "use_distance" in st.words) else None
    if within is not None:
        flt = [x for x in select.get("filters", ()) if x not in ("in_range", "at_distance_1")]
        select = {**select, "filters": flt, "within": within}
    st = g.statics
    if not (g._statics_dirty or st.temporary or "no_distance_limit" in st.words):
        return select  # (what st.active would say: nobody has the word)
    for a in st.active(use.user, "no_distance_limit"):
        if card_filter_ok(g, a, "card", use.card):
            flt = [x for x in select.get("filters", ())
                   if x not in ("in_range", "at_distance_1")]
            out = {**select, "filters": flt}
            out.pop("within", None)
            return out
    return select


def can_target(g: Game, use: Use, seat: int, ignore_user: bool = False) -> bool:
    """Whether the card being used may name ``seat`` as a target."""
    st = g.statics
    # (st.active returns nothing unless some seat has the word or a temporary modifier is
    # in force: checked here first, as this is asked for every candidate of every card)
    maybe = g._statics_dirty or bool(st.temporary)
    if maybe or "untargetable" in st.words:
        for a in st.active(seat, "untargetable"):
            if card_filter_ok(g, a, "card", use.card):
                return False
    card = g.table.card(use.card)
    if card.type == "delayed_trick":
        limit = 1
        for phase in g.phases:
            if "judgement_area_same_card" in phase:
                limit = int(phase["judgement_area_same_card"])
        same = sum(1 for u in g.table.players[seat].judgement
                   if g.zone_name(u) == use.name)
        if same >= limit:
            return False
    if not ignore_user and (maybe or "taunt" in st.words):
        for holder, a in st.everywhere("taunt"):
            if holder in (use.user, seat) or not card_filter_ok(g, a, "card", use.card):
                continue
            if g.in_range(use.user, holder):
                return False
    return True


def pick(g: Game, who: Any, f: Frame) -> tuple[int, ...]:
    if not (isinstance(who, dict) and "select" in who):
        value = g.interp.value(who, f)
        if isinstance(value, tuple):
            return tuple(s for s in value if g.table.players[s].alive)
        return ()
    select = who["select"]
    use = f.use if (f.use is not None and f.hook is f.use.hook
                    and not f.use.declared) else None
    if use is not None and use.preset is not None:
        use.targets = [s for s in use.preset if g.table.players[s].alive]
        return tuple(use.targets)
    if use is not None:
        select = g.targeting_select(use, select)
    cands = list(g.interp.select(select, f))
    if use is not None:
        if not targets_free(g, use):
            cands = [c for c in cands if g.can_target(use, c)]
        cands = beyond_limit(g, use, cands)
    low, high = g.interp.selector_count(select, f, len(cands))
    if use is not None:
        high += use.extra
    if not cands or len(cands) < low:
        if use is not None:
            raise Abort("no legal target")
        return ()
    if high > len(cands):
        high = len(cands)  # (``min``, without the call: asked of every pick)
    if low == high == len(cands) and (select.get("count") is None):
        picked = tuple(cands)
    else:
        helpful = f.hook is not None and not f.hook.harmful
        picked = g.choose_players(f.actor, cands, low if low > 0 else 0, high,
                                     f"{f.name}: choose", f, helpful=helpful)
    if use is not None:
        picked = extra_among(g, use, picked, f)
        use.targets = list(picked)
    return picked


def beyond_limit(g: Game, use: Use, cands: list[int]) -> list[int]:
    """A use past the card's limit this phase (allowed by ``unlimited_on``) may only target
    the characters on whom the card is not limited."""
    st = g.statics  # (asked only if the word may be in force: options.in_force_maybe)
    if not (g._statics_dirty or st.temporary or "unlimited_on" in st.words):
        return cands
    free = unlimited_on(g, use.user, use.card)
    if not free or g.table.current != use.user:
        return cands
    phase = next((ph for ph in g.phases if ph.get("id") == g.table.phase), None)
    name = limit_key(g, use.name)
    limit = g.use_limit(use.user, name, phase)
    if limit is None or g.phase_uses.get((use.user, name), 0) <= limit:
        return cands
    return [c for c in cands if c in free]


def extra_among(g: Game, use: Use, picked: tuple[int, ...], f: Frame) -> tuple[int, ...]:
    """``extra_targets_among``: up to N more targets, chosen among given characters."""
    st = g.statics  # (asked only if the word may be in force: options.in_force_maybe)
    if not picked or not ((g._statics_dirty or st.temporary or "extra_targets_among" in
                           st.words) and st.any_active("extra_targets_among")):
        return picked
    for a in g.statics.active(use.user, "extra_targets_among"):
        if not card_filter_ok(g, a, "card", use.card):
            continue
        n = g.interp.num(a.args.get("n", 1), a.frame)
        among = [s for s in g.interp.players_of(a.args.get("among"), a.frame)
                 if s not in picked and s != use.user and g.table.players[s].alive
                 and g.can_target(use, s)]
        if n > 0 and among:
            more = g.choose_players(use.user, among, 0, min(n, len(among)),
                                    f"{a.frame.name}: extra targets", f)
            picked = (*picked, *more)
    return picked


TARGETED_WHEN, TARGETED_AFTER = ("targeted", "when"), ("targeted", "after")
TARGETING_WHEN, TARGETING_AFTER = ("targeting", "when"), ("targeting", "after")
"""emit's keys of the events a card's declared targets raise (see events.plan_emit)."""


def after_targeting(g: Game, use: Use, f: Frame) -> None:
    """Targets are declared: the targets' and then the user's triggers."""
    if g.record:
        g.log_event("target", seat=use.user, card=use.name, targets=list(use.targets))
    # (an event whose plan says nobody listens, events.NOBODY, is not raised, nor its
    # payload made: what raising it would do; each is looked up as it comes, as what
    # resolves may change who listens)
    plans = g.emit_plans
    for t in list(use.targets):
        payload = None
        if plans.get(TARGETED_WHEN) is not NOBODY:
            payload = {"source": (use.user,), "card": [use.card], "target": (t,),
                       "__use": use}
            g.emit("targeted", "when", t, payload)
        if plans.get(TARGETED_AFTER) is not NOBODY:
            if payload is None:
                payload = {"source": (use.user,), "card": [use.card], "target": (t,),
                           "__use": use}
            g.emit("targeted", "after", t, payload)
    for t in list(use.targets):
        payload = None
        if plans.get(TARGETING_WHEN) is not NOBODY:
            payload = {"target": (t,), "card": [use.card], "__use": use}
            g.emit("targeting", "when", use.user, payload)
        if plans.get(TARGETING_AFTER) is not NOBODY:
            if payload is None:
                payload = {"target": (t,), "card": [use.card], "__use": use}
            g.emit("targeting", "after", use.user, payload)


def redirect(g: Game, use: Use, old: int, new: int, f: Frame) -> bool:
    """``old`` stops being a target of the card and ``new`` becomes one; False (and
    nothing logged) when ``old`` is not its target or ``new`` already is."""
    if old not in use.targets or new in use.targets:
        return False
    use.targets = [new if s == old else s for s in use.targets]
    g.log_event("redirect", card=use.name, frm=old, to=new, skill=f.name)
    return True


def cancel(g: Game, use: Use, targets: list[int], f: Frame) -> None:
    for s in targets:
        if s not in use.cancelled:
            use.cancelled.append(s)
    if g.record:  # (logged only: its fields are not even built otherwise)
        g.log_event("cancel", card=use.name, targets=targets, skill=f.name)


def takes_effect(g: Game, use: Use, target: int, f: Frame) -> bool:
    """The moment a card is about to take effect on one character (Nullification)."""
    if target in use.cancelled and target not in use.forced:
        return False
    st = g.statics  # (each word asked only if it may be in force: ``options.in_force_maybe``;
    # and ``active`` only of a target with the word, as ``Statics.everywhere`` asks: with
    # the statics fresh and nothing temporary, one without it has none in force)
    if g._statics_dirty or st.temporary or "immune" in st.by_word[target]:
        for a in st.active(target, "immune"):
            if card_filter_ok(g, a, "card", use.card) and not (
                    a.hook is not None and g.armour_ignored(target, a.hook.source)):
                g.log_event("immune", seat=target, card=use.name, skill=a.frame.name)
                return False
    if (g._statics_dirty or st.temporary or "may_refuse" in st.words) and refused(
            g, use, target, f):  # may_refuse: a card its target turns down
        return False
    payload = {"card": [use.card], "source": (use.user,), "target": (target,),
               "__use": use}
    g.emit("take_effect", "when", target, payload)
    if target in use.cancelled and target not in use.forced:
        g.emit_own(use.name, "cancelled", "after", use.user,
                      {"card": [use.card], "target": (target,), "__use": use})
        g.emit("cancelled", "after", target, {"card": [use.card],
                                                 "target": (target,), "__use": use})
        return False
    return True


def respond(g: Game, seat: int, name: str, n: int, f: Frame, used: bool = False
            ) -> list[int]:
    """``seat`` must play (``used``: use) ``n`` cards named ``name``; returns them, or []
    if not."""
    use = f.use
    if use is not None:
        st = g.statics  # (asked only if the word may be in force: options.in_force_maybe)
        if g._statics_dirty or st.temporary or "responses_needed" in st.words:
            for a in st.active(use.user, "responses_needed"):
                if (card_filter_ok(g, a, "card", use.card)
                        and a.args.get("response") == name):
                    n = max(n, g.interp.num(a.args.get("n", 1), a.frame))
        required = use.required.get((seat, name), 1)
        if required > n:
            n = required  # (``max``, without the call: asked of every response)
    got: list[int] = []
    for _ in range(n if n > 1 else 1):
        one = g.ask_for_card(seat, name, f, use=used)
        if not one:
            return []
        got += one
    if (use is not None and seat != use.user and name == DODGED[1]
            and card_is_named(g.table.card(use.card), DODGED[:1])):
        g.emit("dodged", "after", use.user,
                  {"target": (seat,), "card": [use.card], "__use": use})
        if seat in use.forced:
            return []
    return got


def ask_play(g: Game, beneficiary: int, helpers: list[int], name: str, f: Frame
             ) -> list[int]:
    for seat in helpers:
        if not g.table.players[seat].alive:
            continue
        got = g.ask_for_card(seat, name, f, helping=beneficiary)
        if got:
            return got
    return []


def response_sources(g: Game, seat: int, name: str) -> list[tuple[str, list[int], str | None]]:
    """Ways a character can produce a card named ``name`` from hand or equipment:
    (label, physical uids, skill or None)."""
    p = g.table.players[seat]
    cards = g.table.cards
    out: list[tuple[str, list[int], str | None]] = []
    st = g.statics  # (as_treated asked only if the word may be in force: in_force_maybe)
    renamed = g._statics_dirty or st.temporary or "change_name" in st.words
    kind = "_" + name
    for u in p.hand:
        card = as_treated(g, seat, cards[u]) if renamed else cards[u]
        named = card.card
        if named != name and not named.endswith(kind):
            continue  # (``card_is_named(card, (name,))``, inline: asked of every card)
        if card is cards[u]:
            out.append((card.face(), [u], None))
        else:  # 禁酒: an Analeptic that counts as a Slash
            skill = treating_skill(g, seat)
            out.append((f"{skill}: {cards[u].face()} as {card.card}", [u], skill))
    for source, view in seat_views(g, seat):
        if not view_makes(g, view, name) or not g.frequency_ok(
                seat, view.key, view.frequency, None) or not view_ok(g, seat, view):
            continue
        if no_cards(view):  # 酒诗: a card made from none
            out.append((f"{source}: as {name}", [], source))
            continue
        inner = g.interp.spec_of(view.view_spec or {}) or {}
        cands = g.interp.candidates(seat, inner)
        low, _ = g.interp.count_of(inner, Frame(seat, seat, view), len(cands))
        if low <= 1:
            out.extend((f"{source}: {cards[u].face()} as {name}", [u], source)
                       for u in cands)
        elif len(cands) >= low:
            out.append((f"{source}: {low} cards as {name}", cands[:low], source))
    mods = st.active(seat, "disguise") if (
        g._statics_dirty or st.temporary or "disguise" in st.words) else None
    if mods and p.hand and name in g.declarable(mods):
        skill = mods[0].frame.name
        out.extend((f"{skill}: declare a hand card as {name}", [u], f"declare:{skill}")
                   for u in p.hand)
    return out


def declare(g: Game, seat: int, uids: list[int], name: str, f: Frame | None) -> int | None:
    """A face-down card declared as ``name`` (``disguise``): the ``declare`` event may
    question it; returns the card to use, or None if it failed."""
    uid = g.make_virtual(name, uids)
    use = Use(name, uid, seat, None)
    g.move(uids, PROCESSING, -1, "declare", f)
    g.log_event("declare", seat=seat, named=name)
    g.word_state.pop("questioners")
    g.emit("declare", "when", seat, {"card": list(uids), "named": name,
                                        "__use": use})
    if use.failed:
        g.discard_processed(uids)
        return None
    return uid


def answers_by_trigger(g: Game, name: str) -> bool:
    """Whether the card answers requests through its own ``asked`` trigger."""
    found = g.trigger_answers.get(name)
    if found is None:
        found = g.trigger_answers[name] = any(
            h.source == name for h in g.lib.by_event.get(("asked", "when"), ()))
    return found


def announce_answer(g: Game, seat: int, uid: int, request: Request, asking: Use | None,
                    via: str | None = None, provided: bool = False) -> dict[str, Any]:
    """A card answering a request is logged as used or played, as the request says (a
    Jink answering a Slash is used, the Korean rule book's 4-7; a Slash answering a Duel
    is played), counted, and its ``use``/``play`` 'when' hooks raised; returns the payload
    for the 'after' hooks (``answer_done``). A card a trigger supplied (Eight Diagram's
    Jink, one a helper played for the asker) is announced the same way, as the asker's."""
    verb = request.verb
    request.played = True
    if g.record:  # (logged only: its fields are not even built otherwise)
        face = g.face(uid)
        if verb == "use" and provided:
            g.log_event("use", seat=seat, card=face, via=via, targets=[], provided=True)
        elif verb == "use":
            g.log_event("use", seat=seat, card=face, via=via, targets=[])
        elif provided:
            g.log_event("play", seat=seat, card=face, via=via, provided=True)
        else:
            g.log_event("play", seat=seat, card=face, via=via)
    if verb == "use":
        own = Use(request.name, uid, seat, None, via=via)
        own.declared = True
        payload: dict[str, Any] = {"card": [uid], "targets": (), "__use": own}
    else:
        payload = {"card": [uid], "__use": asking}
    g.count_play(seat, request.name)
    if g.emit_plans.get((verb, "when")) is not NOBODY:  # (nobody listens: not raised)
        g.emit(verb, "when", seat, payload)
    return payload


def answer_done(g: Game, seat: int, request: Request, payload: dict[str, Any]) -> None:
    """The 'after' hooks of an answer ``announce_answer`` announced."""
    verb = request.verb
    if g.emit_plans.get((verb, "after")) is not NOBODY or DEFERRED in payload:
        g.emit(verb, "after", seat, payload)  # (else nobody listens: not raised)


def ask_for_card(g: Game, seat: int, name: str, f: Frame, helping: int | None = None,
                 use: bool = False) -> list[int]:
    """Ask ``seat`` for a card named ``name``, to play it (``use``: to use it) in
    response: triggers on ``asked`` first, then the seat's own cards and conversions."""
    p = g.table.players[seat]
    if not p.alive:
        return []
    asking = f.use
    if asking is not None and name in asking.denied.get(seat, ()):
        g.log_event("denied", seat=seat, card=name)
        return []
    request = Request(name, seat, use=use)
    g.emit("asked", "when", seat, {"card": name,
                                   "source": (asking.user,) if asking else (),
                                   "__request": request, "__use": asking})
    if request.provided:
        if not request.played:
            payload = announce_answer(g, seat, request.provided[0], request, asking,
                                      provided=True)
            answer_done(g, seat, request, payload)
        return request.provided
    if not p.alive or g.answers_by_trigger(name):
        return []
    options = g.response_sources(seat, name)
    forbid = "forbid_use" if use else "forbid_play"  # 将驰: nor play (打出) a Slash
    st = g.statics  # (each option asked only if the word may be in force, as it asks first)
    if options and (g._statics_dirty or st.temporary or forbid in st.words):
        options = [o for o in options if not answer_forbidden(g, seat, o, name, forbid)]
    if not options:
        return []
    benefit = ai.respond_benefit(g, seat, name, asking, helping)
    n = len(options)
    pick = g.ask_n(seat, "respond", n + 1, lambda i: options[i][0] if i < n else "pass", 1,
                   1, f"{request.verb} {name}", {"benefit": benefit})[0]
    if pick == n:
        return []
    _label, uids, via = options[pick]
    if via and via.startswith("declare:"):
        declared = g.declare(seat, uids, name, f)
        if declared is None:
            return []
        uid = declared
    else:
        if via:
            g.rules.used_skill(seat, via)
            g.log_event("skill", seat=seat, skill=via)
            g.count_view(seat, via, name)
        uid = g.card_for(name, uids)
    g.move(g.table.physical([uid]), PROCESSING, -1, request.verb)
    payload = announce_answer(g, seat, uid, request, asking,
                              via=via if via and not via.startswith("declare:") else None)
    counts = response_counts(g, seat, asking, f)
    for u in g.table.physical([uid]):
        if g.table.where.get(u, ("", 0))[0] == PROCESSING:
            g.move([u], DISCARD, -1, "used" if request.use else "played")
    answer_done(g, seat, request, payload)
    return [uid] if counts else []


def response_counts(g: Game, seat: int, asking: Use | None, f: Frame) -> bool:
    """A ``response_cost`` of the asking card's user (无双): the answering character must
    also discard the listed cards, or the response does not count."""
    st = g.statics  # (asked only if the word may be in force: options.in_force_maybe)
    if asking is None or not ((g._statics_dirty or st.temporary or "response_cost" in
                               st.words) and st.any_active("response_cost")):
        return True
    for a in g.statics.active(asking.user, "response_cost"):
        if not card_filter_ok(g, a, "card", asking.card):
            continue
        spec = g.interp.spec_of(a.args.get("cost")) or {}
        cands = g.interp.candidates(seat, spec)
        low, _high = g.interp.count_of(spec, a.frame, len(cands))
        if len(cands) < low or not g.ask_yes_no(
                seat, f"discard {low} more to make the response count", f):
            return False
        chosen = g.choose_cards(seat, seat, cands, low, low, "response cost", f)
        g.discard(chosen, seat, f)
    return True


def answer_forbidden(g: Game, seat: int, option: tuple[str, list[int], str | None],
                     name: str, word: str = "forbid_use") -> bool:
    """A ``forbid_use`` in force forbids this answer when it is a use, a ``forbid_play``
    when it is played: the card itself when it is one card answering as itself, else a
    card of that name."""
    st = g.statics  # (asked only if the word may be in force: options.in_force_maybe)
    if not ((g._statics_dirty or st.temporary or word in st.words) and st.any_active(word)):
        return False
    _label, uids, via = option
    uid = uids[0] if len(uids) == 1 and not via else g.probe_card(name)
    return forbidden(g, seat, uid, word)

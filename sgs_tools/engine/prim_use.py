"""Use words beyond the core: a card used outside the per-phase count, a character asked
to use a card, a target taken off the current card, responses a card requires, and the
source of a card's damage taken over."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.modifiers import forbidden
from sgs_tools.engine.primitives import one_seat, primitive, seats
from sgs_tools.engine.records import Use

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame
    from sgs_tools.engine.library import Hook


def current_use(f: Frame) -> Use | None:
    found = f.event.get("__use") or f.use
    return found if isinstance(found, Use) else None


def legal_targets(g: Game, user: int, name: str, among: tuple[int, ...]) -> list[int]:
    """Of ``among``, those the card ``name`` used by ``user`` could name as its target
    (its own first pick's filters, distance and protections)."""
    from sgs_tools.engine.interp import Frame

    hooks = g.lib.actions.get(name)
    if not hooks:
        return []
    hook = hooks[0]
    probe = Use(name, g.probe_card(name), user, hook)
    f = Frame(user, user, hook, {"card": [probe.card]})
    allowed: set[int] | None = None
    for step in hook.steps:
        if step.get("do") == "pick":
            who = (step.get("args") or {}).get("who")
            if isinstance(who, dict) and "select" in who:
                allowed = set(g.interp.select(g.targeting_select(probe, who["select"]), f))
            break
    return [s for s in among if (allowed is None or s in allowed)
            and g.table.players[s].alive and g.can_target(probe, s)]


def dying_half(g: Game, name: str, on: list[int]) -> Hook | None:
    """The card's own ``when dying`` clause when it is used on a dying character (酒: used
    by the dying, it recovers 1 HP instead of strengthening the next Slash), else None."""
    players = g.table.players
    if not any(players[s].marks.get("dying") for s in on):
        return None
    for hook in g.lib.by_event.get(("dying", "when"), ()):
        if hook.source == name and hook.origin == "card":
            return hook
    return None


def limit_key(g: Game, name: str) -> str:
    """The name a card's uses are limited and counted under: a kind of a limited card counts
    as that card (a Fire or Thunder Slash is one of the play phase's Slashes)."""
    found = g.limit_keys.get(name)  # (kept per name for the game: it reads only the phases)
    if found is None:
        found = g.limit_keys[name] = phases_limit_of(g, name)
    return found


def phases_limit_of(g: Game, name: str) -> str:
    """``limit_key`` as the phases' use limits say, read afresh."""
    if "_" not in name:
        return name
    for phase in g.phases:
        for limited in phase.get("use_limits") or ():
            if name.endswith("_" + limited):
                return str(limited)
    return name


@primitive("uncount")
def p_uncount(g: Game, a: dict[str, Any], f: Frame) -> None:
    """龙吟: the card being used stops counting toward its user's uses this phase (only
    a card that was counted: used by its user in their play phase, once)."""
    use = current_use(f)
    if use is None or use.uncounted:
        return
    key = (use.user, limit_key(g, use.name))
    if g.phase_uses.get(key, 0) <= 0 or not (
            g.table.current == use.user and g.phase_kind == "play"):
        return
    g.phase_uses[key] -= 1
    use.uncounted = True
    g.log_event("uncount", seat=use.user, card=use.name, skill=f.name)


@primitive("add_target")
def p_add_target(g: Game, a: dict[str, Any], f: Frame) -> None:
    """求援: the given characters also become targets of the card being used (a living
    one not yet its target, once each)."""
    use = current_use(f)
    if use is None:
        return
    added = [s for s in seats(g, a.get("who"), f)
             if s not in use.targets and g.table.players[s].alive]
    for s in added:
        use.targets.append(s)  # in place: the targets being resolved read this list
    if added:
        g.log_event("add_target", card=use.name, targets=added, skill=f.name)


@primitive("use_uncounted")
def p_use_uncounted(g: Game, a: dict[str, Any], f: Frame) -> None:
    """Use a card (a virtual one, from nowhere) on the given targets; it does not count
    toward the card's per-phase limit."""
    by = one_seat(g, a.get("by"), f)
    name = a.get("card")
    if by is None or not isinstance(name, str):
        return
    on = legal_targets(g, by, name, seats(g, a.get("on"), f))
    if not on:
        return
    g.use_card(by, [], name, preset=on, via=f.name)


@primitive("ask_use")
def p_ask_use(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """A character may use the named card (from hand, or by a conversion) on one of the
    given characters; returns the card used, [] if they did not (or could not)."""
    by = one_seat(g, a.get("by"), f)
    name = a.get("card")
    if by is None or not isinstance(name, str):
        return []
    among = g.interp.players_of(a.get("on"), f.child(actor=by))
    on = legal_targets(g, by, name, among)
    if not on or forbidden(g, by, g.probe_card(name)):
        return []
    options = g.response_sources(by, name)
    options = [o for o in options if not (o[2] or "").startswith("declare:")]
    if not options:
        return []
    labels = [o[0] for o in options] + ["pass"]
    pick = g.ask(by, "respond", labels, 1, 1, f"use {name}", {"benefit": 1.0})[0]
    if pick == len(options):
        return []
    _label, uids, via = options[pick]
    target = on[0] if len(on) == 1 else g.choose_players(
        by, on, 1, 1, f"use {name} on", f)[0]
    if via:
        g.log_event("skill", seat=by, skill=via)
        g.count_view(by, via, name)
    g.use_card(by, uids, name, preset=[target], via=via)
    return list(uids)  # the physical cards used (a conversion's too): never empty


@primitive("cancel_target")
def p_cancel_target(g: Game, a: dict[str, Any], f: Frame) -> None:
    """取消: the current card no longer targets these characters (it does not take
    effect on them); with no target left it goes to the discard pile."""
    use = current_use(f)
    if use is None:
        return
    who = a.get("who")
    gone = seats(g, who, f) if who is not None else (f.owner,)
    removed = [s for s in gone if s in use.targets]
    for s in removed:
        while s in use.targets:
            use.targets.remove(s)  # in place: the targets being resolved read this list
        if s not in use.cancelled:
            use.cancelled.append(s)
    if removed:
        g.log_event("cancel_target", card=use.name, targets=removed, skill=f.name)


@primitive("require_responses")
def p_require_responses(g: Game, a: dict[str, Any], f: Frame) -> None:
    """For the current card, the given characters must play the named card this many
    times for each response to count."""
    use = current_use(f)
    name = a.get("response")
    if use is None or not isinstance(name, str):
        return
    n = g.interp.num(a.get("n", 2), f)
    for seat in seats(g, a.get("from"), f):
        key = (seat, name)
        use.required[key] = max(n, use.required.get(key, 1))


@primitive("become_damage_source")
def p_become_damage_source(g: Game, a: dict[str, Any], f: Frame) -> None:
    """You replace the user of the current card as the source of the damage it deals."""
    use = current_use(f)
    if use is not None:
        use.damage_source = f.owner
        g.log_event("source_taken", seat=f.owner, card=use.name, skill=f.name)

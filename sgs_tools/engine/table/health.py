"""Damage, HP loss, recovery, max HP, dying and death; rewards and
victory go to the mode's Rules."""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine import ai
from sgs_tools.engine.interp import Frame
from sgs_tools.engine.modifiers import card_filter_ok, delta, forbidden, no_dying
from sgs_tools.engine.prim_state import DEFERRED, hp_changed
from sgs_tools.engine.primitives import return_borrowed
from sgs_tools.engine.records import NOBODY
from sgs_tools.engine.state import (
    DISCARD,
)

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


TAKE_WHEN, TAKE_AFTER = ("take_damage", "when"), ("take_damage", "after")
DEAL_WHEN, DEAL_AFTER = ("deal_damage", "when"), ("deal_damage", "after")
HP_REDUCED = ("hp_reduced", "after")
RECOVER_WHEN, RECOVER_AFTER = ("recover", "when"), ("recover", "after")
"""emit's keys of the events damage and recovery raise (see events.plan_emit)."""


def damage(g: Game, victim: int, n: int, source: int | None, nature: str | None,
           f: Frame, card: list[int] | None = None) -> None:
    """``card``: the card dealing it when it is not the frame's own (damage moved on)."""
    t = g.table
    if not t.players[victim].alive or g.over:
        return
    use = f.use
    own = (use is not None and f.hook is not None and use.hook is not None
           and f.hook.source == use.hook.source and card is None)
    if own and use is not None and use.damage_source is not None:
        source = use.damage_source  # become_damage_source
    card = card if card is not None else [use.card] if own and use is not None else []
    nature = nature or (use.nature if own and use is not None else None) or (
        t.card(use.card).nature if own and use is not None else None) or "normal"
    payload: dict[str, Any] = {
        "source": (source,) if source is not None else (), "target": (victim,),
        "victim": (victim,), "card": card, "amount": n, "nature": nature,
        "__use": use if own else None}
    if source is not None and t.players[source].alive:
        st = g.statics  # (asked only if the word may be in force: options.in_force_maybe)
        if g._statics_dirty or st.temporary or "damage" in st.words:
            for a in st.active(source, "damage"):
                if card_filter_ok(g, a, "card", card[0] if card else None):
                    payload["amount"] += delta(g, a) or 0
        if own and use is not None:
            payload["amount"] += use.bonus
        if g.emit_plans.get(DEAL_WHEN) is not NOBODY:  # (nobody listens: not raised)
            g.emit("deal_damage", "when", source, payload)
    plans = g.emit_plans  # (an event nobody listens to is not raised: events.NOBODY)
    if plans.get(TAKE_WHEN) is not NOBODY:
        g.emit("take_damage", "when", victim, payload)
    amount = int(payload["amount"])
    p = t.players[victim]
    if amount <= 0 or not p.alive:
        g.log_event("damage_prevented", seat=victim)
        return
    p.hp -= amount
    g.changes += 1
    if source is not None:
        g.credit(g.DAMAGE, amount, source)
    previous = p.hp + amount
    if g.record:  # (logged only: its fields are not even built otherwise)
        g.log_event("damage", seat=victim, source=source, n=amount, nature=nature,
                       card=g.face(card[0]) if card else None, hp=p.hp)
    ai.perceive(g, source, victim, amount)
    if plans.get(HP_REDUCED) is not NOBODY:
        g.emit("hp_reduced", "after", victim, {"amount": amount,
                                               "source": payload["source"]})
    hp_changed(g, victim, previous, p.max_hp)
    if p.hp <= 0 and p.alive and not no_dying(g, victim):
        g.dying(victim, source, f)
    if g.over:
        return
    if source is not None and t.players[source].alive and (
            plans.get(DEAL_AFTER) is not NOBODY or DEFERRED in payload):
        g.emit("deal_damage", "after", source, payload)
    if plans.get(TAKE_AFTER) is not NOBODY or DEFERRED in payload:
        # (raised, for nobody, if what resolved left steps to run after it)
        g.emit("take_damage", "after", victim, payload)


def lose_hp(g: Game, seat: int, n: int, f: Frame | None) -> None:
    p = g.table.players[seat]
    if not p.alive or n <= 0:
        return
    payload: dict[str, Any] = {"amount": n}
    g.emit("lose_hp", "when", seat, payload)
    n = int(payload["amount"])
    if n <= 0:
        return
    p.hp -= n
    g.changes += 1
    g.log_event("lose_hp", seat=seat, n=n, hp=p.hp)
    g.emit("hp_reduced", "after", seat, {"amount": n, "source": ()})
    hp_changed(g, seat, p.hp + n, p.max_hp)
    if p.hp <= 0 and p.alive and not no_dying(g, seat):
        g.dying(seat, None, f)
    if not g.over:
        g.emit("lose_hp", "after", seat, payload)


def recover(g: Game, seat: int, n: int, source: int | None, f: Frame | None) -> None:
    p = g.table.players[seat]
    if not p.alive or n <= 0:
        return
    card = [f.use.card] if f is not None and f.use is not None else []
    payload: dict[str, Any] = {"amount": n, "source": (source,) if source is not None
                               else (), "card": card}
    plans = g.emit_plans  # (an event nobody listens to is not raised: events.NOBODY)
    if plans.get(RECOVER_WHEN) is not NOBODY:
        g.emit("recover", "when", seat, payload)
    amount = min(int(payload["amount"]), p.max_hp - p.hp)
    if amount <= 0:
        return
    p.hp += amount
    g.changes += 1
    g.credit(g.RECOVERED, amount, source if source is not None else seat)
    if g.record:  # (logged only: its fields are not even built otherwise)
        g.log_event("recover", seat=seat, n=amount, hp=p.hp, source=source)
    if source is not None and source != seat:
        ai.perceive_help(g, source, seat)
    if plans.get(RECOVER_AFTER) is not NOBODY or DEFERRED in payload:
        g.emit("recover", "after", seat, payload)
    hp_changed(g, seat, p.hp - amount, p.max_hp)


def change_max_hp(g: Game, seat: int, n: int, f: Frame | None) -> None:
    p = g.table.players[seat]
    previous, previous_max = p.hp, p.max_hp
    p.max_hp += n
    p.hp = min(p.hp, p.max_hp)
    g.log_event("max_hp", seat=seat, max_hp=p.max_hp, hp=p.hp)
    if p.max_hp <= 0:
        g.die(seat, None)
    else:
        hp_changed(g, seat, previous, previous_max)


def dying(g: Game, victim: int, source: int | None, f: Frame | None) -> None:
    t = g.table
    p = t.players[victim]
    if g.record:  # (logged only: its fields are not even built otherwise)
        g.log_event("dying", seat=victim, hp=p.hp)
    payload = {"victim": (victim,), "target": (victim,),
               "source": (source,) if source is not None else ()}
    hooks = g.lib.by_event.get(("dying", "when"), [])
    rescue = str((g.raw.get("death") or {}).get("rescue_card", ""))
    by_rule = bool(rescue) and not any(h.source == rescue for h in hooks)
    p.marks["dying"] = True
    try:
        _rescue(g, victim, hooks, by_rule, rescue, payload)
    finally:
        p.marks.pop("dying", None)
    if p.hp <= 0 and p.alive and not no_dying(g, victim):
        g.die(victim, source)


def _rescue(g: Game, victim: int, hooks: Any, by_rule: bool, rescue: str,
            payload: dict[str, Any]) -> None:
    """Everyone from the current character on may rescue the dying one."""
    t = g.table
    p = t.players[victim]
    for q in t.from_current():
        while (p.hp <= 0 and q.alive and p.alive and not g.over
               and not no_dying(g, victim)):
            held = [h for h in hooks if g.holds(q.seat, h)]
            before = p.hp
            fired = g.fire_for(q.seat, held, "dying", victim, payload) if held else 0
            if p.hp == before and by_rule:
                fired = int(g.rescue_by_rule(q.seat, victim, rescue))
            if not fired or p.hp == before:
                break  # nothing more from this character (a trigger that did not rescue)
        if p.hp > 0 or g.over or no_dying(g, victim):
            break


def rescue_by_rule(g: Game, seat: int, victim: int, rescue: str) -> bool:
    """The mode's rescue card used on a dying character whose card has no trigger
    for it: the card's effect then resolves on the dying character."""
    options = g.response_sources(seat, rescue)
    if options and forbidden(g, seat, g.probe_card(rescue)):
        return False
    if not options:
        return False
    labels = [o[0] for o in options] + ["pass"]
    benefit = ai.rescue_benefit(g, seat, victim)
    pick = g.ask(seat, "respond", labels, 1, 1, f"use {rescue} on seat {victim}",
                    {"benefit": benefit})[0]
    if pick == len(options):
        return False
    _label, uids, via = options[pick]
    if via and via.startswith("declare:"):
        via = None
    if via:
        g.log_event("skill", seat=seat, skill=via)
        g.count_view(seat, via, rescue)
    return g.use_card(seat, uids, rescue, preset=[victim], via=via)


def die(g: Game, victim: int, killer: int | None) -> None:
    t = g.table
    p = t.players[victim]
    if not p.alive:
        return
    # Still leaving the game while its 'when death' hooks run: a hook that changes skills
    # (断肠) must not send the victim into the dying state a second time (settle_dying).
    p.marks["dying"] = True
    g.emit("death", "when", victim, {"victim": (victim,), "killer": (
        killer,) if killer is not None else ()})
    g.rules.on_death(victim)
    if g.record:  # (logged only: its fields are not even built otherwise)
        g.log_event("death", seat=victim, role=p.role, killer=killer)
    cards = g.rules.death_cards(p)  # the mode's death.discard zones
    p.alive = False
    p.marks.pop("dying", None)
    g.move(cards, DISCARD, -1, "death")
    g.refresh_skills()
    return_borrowed(g, holder=victim)
    g.statics.drop_seat(victim)
    g.rules.check_victory()
    if killer is not None and t.players[killer].alive:
        g.rules.rewards(killer, victim)
    g.emit("death", "after", victim, {"victim": (victim,), "killer": (
        killer,) if killer is not None else ()})


def settle_dying(g: Game) -> None:
    """A character left at 0 HP or less only by a ``no_dying`` modifier that no longer
    applies (its skill hidden or lost) enters the dying state now."""
    players = g.table.players
    for p in players:  # (a plain loop: quicker than min over a map for a table's seats)
        if p.hp <= 0 and p.alive:
            break
    else:
        return  # the usual case, asked after every action: nobody living at 0 HP
    for p in players:
        if p.hp > 0:
            continue
        if g.over:
            return
        if p.alive and not p.marks.get("dying") and not no_dying(g, p.seat):
            g.dying(p.seat, None, None)

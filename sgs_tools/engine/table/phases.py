"""The built-in phase kinds (judgement, draw, play, discard), chosen by the mode's phase data."""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine import ai
from sgs_tools.engine.agents import RandomAgent
from sgs_tools.engine.interp import Frame
from sgs_tools.engine.modifiers import delta
from sgs_tools.engine.prim_turns import draw_adjustment, phase_ended
from sgs_tools.engine.records import Use
from sgs_tools.engine.state import (
    DISCARD,
    PROCESSING,
)
from sgs_tools.engine.table.options import PlaySlots
from sgs_tools.engine.table.turns import sweep

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


def judge_phase(g: Game, seat: int, phase: dict[str, Any]) -> None:
    p = g.table.players[seat]
    if not p.judgement:
        return  # (the usual turn: nothing to judge)
    order = list(p.judgement)
    rule = phase.get("judge_order")
    if isinstance(rule, list):
        rank = {str(n): i for i, n in enumerate(rule)}
        order.sort(key=lambda u: rank.get(g.zone_name(u), len(rank)))
    elif rule == "top_first":
        order.reverse()
    for uid in order:
        if g.over or not p.alive:
            return
        if uid not in p.judgement:
            continue
        name = g.zone_name(uid)
        g.views.pop(uid, None)
        card_uid = uid if g.table.cards[uid].card == name else g.make_virtual(
            name, [uid])
        g.move([uid], PROCESSING, -1, "judge_zone")
        hooks = [h for h in g.lib.by_event.get(("delayed_effect", "when"), ())
                 if h.source == name]
        use = Use(name, card_uid, seat, hooks[0] if hooks else None, [seat])
        use.declared = True
        if g.record:  # (logged only: its fields are not even built otherwise)
            g.log_event("delayed", seat=seat, card=name)
        g.use_stack.append(use)
        try:
            if g.takes_effect(use, seat, Frame(seat, seat, use.hook, {}, {}, use)):
                for hook in hooks:
                    f = Frame(seat, seat, hook, {"card": [card_uid]},
                              {"card": [card_uid], "__use": use}, use)
                    g.run_hook(hook, f)
        finally:
            g.use_stack.pop()
        if g.table.where.get(uid, ("", 0))[0] == PROCESSING:
            g.move([uid], DISCARD, -1, "judged")


def zone_name(g: Game, uid: int) -> str:
    return g.views.get(uid) or g.table.cards[uid].card


def draw_phase(g: Game, seat: int, phase: dict[str, Any]) -> None:
    n = int(phase.get("draw", 2))
    extra: list[tuple[str, int]] = []
    st = g.statics  # (asked only if the word may be in force: options.in_force_maybe)
    if g._statics_dirty or st.temporary or "draw_count" in st.words:
        for a in st.active(seat, "draw_count"):
            d = delta(g, a)
            n = n + d if d is not None else n
            if d and a.hook is not None:
                extra.append((a.hook.source, d))
    n += draw_adjustment(g)
    if g.forgo_draw:
        return
    drawn = len(g.draw(seat, n if n > 0 else 0))  # (``max(0, n)``, without the call)
    for source, d in extra:  # what a static skill did, for the balance report
        stats = g.skill_stats.setdefault(source, [0, 0, 0, 0])
        stats[g.USES] += 1
        stats[g.DRAWN] += min(d, drawn)


def play_phase(g: Game, seat: int, phase: dict[str, Any]) -> None:
    p = g.table.players[seat]
    failed: set[str] = set()
    actions = 0
    pid = str(phase.get("id", "play"))
    kept = g.word_state.kept  # (read for emptiness: ``phase_ended`` reads it)
    while p.alive and not g.over and not (kept and phase_ended(g, seat, pid)):
        agent = g.agents[seat]
        lazy = getattr(agent, "takes_candidates", False)
        g.range_memo = {}  # listing the options changes nothing: distances hold meanwhile
        try:
            if lazy:
                # Candidates, checked only as the agent tries them (``Decision.legal``).
                slots = PlaySlots(g, seat, phase, failed)
                n = len(slots.labels)
                if type(agent) is RandomAgent and not g.record and not (
                        g.decisions_checked and g.setup.check_invariants):
                    # (what ``ask_n`` does for it then, without the way through: one
                    # legal pick among n + 1, its checks met by a living player asked
                    # to play, with "end" always legal; it tries each candidate once,
                    # so nothing need remember what a check found)
                    pick = agent.first_legal(n + 1, slots.check)
                else:
                    pick = g.ask_n(seat, "play", n + 1, slots.label_or_end, 1, 1,
                                   "play phase", None, slots.legal)[0]
                option = slots.option(pick) if pick < n else None
            else:
                options = g.play_options(seat, phase, failed)
        finally:
            g.range_memo = None
        if not lazy:
            labels = [o[0] for o in options] + ["end"]
            context = None
            if getattr(agent, "wants_context", False):
                context = {"scores": [ai.play_score(g, seat, o) for o in options] + [0.1]}
            pick = g.ask(seat, "play", labels, 1, 1, "play phase", context)[0]
            option = options[pick] if pick < len(options) else None
        if option is None:
            break
        actions += 1
        if not g.do_play_option(seat, option, phase):
            failed.add(option[0])
        else:
            failed.clear()
        sweep(g)
        if g.setup.check_invariants and g.table.zone_total() != len(
                g.table.cards):
            g.check_invariants()


def discard_phase(g: Game, seat: int, phase: dict[str, Any]) -> None:
    p = g.table.players[seat]
    st = g.statics
    # (each word asked only if it may be in force, ``options.in_force_maybe``: what
    # asking would answer otherwise is nothing)
    if (g._statics_dirty or st.temporary or "skip_discard_limit" in st.words) and st.active(
            seat, "skip_discard_limit"):
        return
    limit = p.hp if phase.get("hand_limit", "current_hp") == "current_hp" else int(
        phase.get("hand_limit", 0))
    if (g._statics_dirty or st.temporary or "hand_limit" in st.words):
        for a in st.active(seat, "hand_limit"):
            d = delta(g, a)
            if d is None:
                return
            limit += d
    if (g._statics_dirty or st.temporary or "hand_limit_for" in st.words):
        for _holder, a in st.everywhere("hand_limit_for"):
            if seat in g.interp.players_of(a.args.get("who"), a.frame):
                d = delta(g, a)
                if d is None:
                    return
                limit += d
    excess = len(p.hand) - (limit if limit > 0 else 0)  # (``max(0, limit)``, no call)
    if excess <= 0:
        return
    chosen = g.choose_cards(seat, seat, list(p.hand), excess, excess,
                               "discard down to the hand limit", None)
    g.discard(chosen, seat, None, reason="hand_limit")

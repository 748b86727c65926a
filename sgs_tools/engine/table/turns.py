"""Turns: the game loop, a turn's phases, period ends and clean-up."""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.errors import (
    GameOver,
)
from sgs_tools.engine.prim_turns import EXTRA_PHASES, phase_ended, run_extra_phases
from sgs_tools.engine.primitives import BORROWED, take_back_skills
from sgs_tools.engine.state import (
    DISCARD,
)
from sgs_tools.engine.table.events import NOBODY
from sgs_tools.engine.table.health import settle_dying

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


def loop(g: Game, first: int | None = None) -> None:
    t = g.table
    seat = first if first is not None else t.current
    while not g.over:
        if t.turn >= g.setup.max_turns:
            g.log_event("stalled", turns=t.turn)
            g.result.winning_side = "none"
            g.over = True
            raise GameOver
        g.take_turn(seat)
        while g.extra_turns and not g.over:
            extra = g.extra_turns.pop(0)
            if t.players[extra].alive:
                g.take_turn(extra)
        nxt = t.next_alive(seat).seat
        if nxt <= seat:
            t.round += 1
        seat = nxt


def take_turn(g: Game, seat: int, phases: list[str] | None = None,
              resume: bool = False) -> None:
    """Play a turn: its start, the phases (only ``phases`` if given), its end.
    ``resume``: the turn had already begun (a scenario started mid-turn), so its start is
    not raised again, but its end is."""
    t = g.table
    p = t.players[seat]
    if not p.alive:
        return
    t.current = seat
    t.turn += 1
    if g.record:
        g.log_event("turn", seat=seat, turn=t.turn)
    if not resume:
        if p.turned_over:
            p.turned_over = False
            g.log_event("skip_turn", seat=seat)
            return
        plans = g.emit_plans  # (as in run_phase: an event nobody listens to is not raised)
        if plans.get(("phase_start", "at", "turn")) is not NOBODY:
            g.emit("phase_start", "at", seat, {"phase": "turn"})
        if plans.get(("phase_begins", "when", "turn")) is not NOBODY:
            # (惴恐: "at the start of another character's turn")
            g.emit("phase_begins", "when", seat, {"phase": "turn", "current": (seat,)})
        g.rules.turn_start(seat)
    if EXTRA_PHASES in g.word_state:  # 当先: an extra phase once the start is over
        run_extra_phases(g, seat)
    for phase in g.phases:
        pid = str(phase["id"])
        if phases is not None and pid not in phases:
            continue
        if not p.alive or g.over:
            break
        g.run_phase(seat, phase)
        if EXTRA_PHASES in g.word_state:
            run_extra_phases(g, seat)
    if p.alive and g.emit_plans.get(("phase_end", "at", "turn")) is not NOBODY:
        g.emit("phase_end", "at", seat, {"phase": "turn"})
    for who, pid in g.word_state.get(EXTRA_PHASES) or ():
        g.log_event("extra_phase_lost", seat=who, phase=pid)  # granted too late to play
    g.end_period("turn")
    g.sweep()
    if g.setup.check_invariants:
        g.check_invariants()


PHASE_KINDS = (("judge_order", "judge"), ("draw", "draw"), ("use_limits", "play"),
               ("hand_limit", "discard"))
"""What a phase does, from the key of its data that says so."""


def phase_kind(phase: dict[str, Any]) -> str:
    """``judge``, ``draw``, ``play``, ``discard``, or ``""`` for a phase that only raises
    its start and end (preparation, finish)."""
    for key, kind in PHASE_KINDS:  # a plain loop: asked once per phase
        if key in phase:
            return kind
    return ""


def run_phase(g: Game, seat: int, phase: dict[str, Any]) -> None:
    t = g.table
    pid = str(phase["id"])
    skipped = g.skipped.get(seat)
    if skipped and pid in skipped:
        skipped.discard(pid)
        g.log_event("skip", seat=seat, phase=pid)
        return
    t.phase = pid
    known = g.phase_kinds.get(id(phase))  # (a phase's data never changes: read once)
    if known is None or known[0] is not phase:
        known = g.phase_kinds[id(phase)] = (phase, phase_kind(phase))
    g.phase_kind = known[1]
    g.forgo_draw = False
    g.word_state.expire("phase")  # what a word kept for one phase never outlives it
    if g.record:  # (a non-skill event: logged only, so not even asked unless recording)
        g.log_event("phase", seat=seat, phase=pid)
    # Every phase of every turn raises these: one whose plan says nobody listens
    # (events.NOBODY) is not raised at all, which is what raising it would do.
    plans = g.emit_plans
    if plans.get(("phase_start", "at", pid)) is not NOBODY:
        g.emit("phase_start", "at", seat, {"phase": pid})
    if plans.get(("phase_begins", "when", pid)) is not NOBODY:
        g.emit("phase_begins", "when", seat, {"phase": pid, "current": (seat,)})
    if plans.get(("awaken_check", "when")) is not NOBODY:
        g.emit("awaken_check", "when", seat, {"phase": pid})
    skipped = g.skipped.get(seat)
    if skipped and pid in skipped:
        skipped.discard(pid)
        g.log_event("skip", seat=seat, phase=pid)
    elif phase_ended(g, seat, pid):
        pass  # ended before it began (end_phase)
    elif t.players[seat].alive:
        # What a phase does is chosen by its data, never by its id.
        kind = g.phase_kind
        if kind == "judge":
            g.judge_phase(seat, phase)
        elif kind == "draw":
            g.draw_phase(seat, phase)
        elif kind == "play":
            g.play_phase(seat, phase)
        elif kind == "discard":
            g.discard_phase(seat, phase)
    if t.players[seat].alive and plans.get(("phase_end", "at", pid)) is not NOBODY:
        g.emit("phase_end", "at", seat, {"phase": pid})
    if not g.over:
        kept = g.word_state.pop("phase_discards", ())
        discarded = [u for u in kept if t.where.get(u, ("", 0))[0] == DISCARD] if kept else []
        if plans.get(("phase_ending", "when", pid)) is not NOBODY:
            g.emit("phase_ending", "when", seat, {"phase": pid, "phase_owner": (seat,),
                                                  "discarded": discarded})
    g.word_state.pop("ended", None)
    g.end_period("phase")
    g.sweep()
    t.phase = ""


def end_period(g: Game, period: str) -> None:
    """The end of a phase or turn: counters, temporary modifiers and what words kept
    (``g.word_state``: a borrowed weapon, a named colour, …) expire as they said."""
    counters = g.counters
    if counters and any(k[0] == period for k in counters):
        g.counters = {k: v for k, v in counters.items() if k[0] != period}
    if period == "phase":
        g.phase_uses.clear()
    g.statics.expire("end", period)
    if period == "turn":
        g.turn_plays.clear()
    expired = g.word_state.expire(period, g.phase_kind if period == "phase" else "")
    if expired:  # (usually nothing was kept)
        if any(k.startswith(BORROWED) for k in expired):
            g.statics_dirty = True  # a borrowed weapon went back
        take_back_skills(g, expired)  # 父魂: skills held until the end of the turn


def sweep(g: Game) -> None:
    """Cards left in the processing area go to the discard pile; anyone kept out of
    the dying state by a rule that no longer applies is dying now."""
    if g.table.processing:
        g.move(list(g.table.processing), DISCARD, -1, "sweep")
    settle_dying(g)

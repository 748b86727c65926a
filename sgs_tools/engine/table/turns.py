"""Turns: the game loop, a turn's phases, period ends and clean-up."""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.errors import (
    GameOver,
)
from sgs_tools.engine.prim_turns import EXTRA_PHASES, phase_ended, run_extra_phases
from sgs_tools.engine.primitives import BORROWED, take_back_skills
from sgs_tools.engine.records import NOBODY
from sgs_tools.engine.state import (
    DISCARD,
)
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
    kept = g.word_state.kept  # (read for emptiness: usually nothing is kept)
    if EXTRA_PHASES in kept:  # 当先: an extra phase once the start is over
        run_extra_phases(g, seat)
    run = g.run_phase
    for phase in g.phases:
        if phases is not None and str(phase["id"]) not in phases:
            continue
        if not p.alive or g.over:
            break
        run(seat, phase)
        if kept and EXTRA_PHASES in kept:
            run_extra_phases(g, seat)
    if p.alive and g.emit_plans.get(("phase_end", "at", "turn")) is not NOBODY:
        g.emit("phase_end", "at", seat, {"phase": "turn"})
    for who, pid in (kept and kept.get(EXTRA_PHASES)) or ():
        g.log_event("extra_phase_lost", seat=who, phase=pid)  # granted too late to play
    end_period(g, "turn")  # (inline only at a phase's end, which comes six times as often)
    sweep(g)
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


def phase_plan(g: Game, phase: dict[str, Any]) -> tuple[Any, ...]:
    """What ``run_phase`` reads of a phase's data, read once (the data never changes):
    the data, its kind (``phase_kind``), its id, and the ``emit`` keys of its start, its
    beginning, its end and its ending."""
    pid = str(phase["id"])
    found = g.phase_kinds[id(phase)] = (
        phase, phase_kind(phase), pid, ("phase_start", "at", pid),
        ("phase_begins", "when", pid), ("phase_end", "at", pid),
        ("phase_ending", "when", pid))
    return found


AWAKEN = ("awaken_check", "when")


def run_phase(g: Game, seat: int, phase: dict[str, Any]) -> None:
    t = g.table
    known = g.phase_kinds.get(id(phase))  # (a phase's data never changes: read once)
    if known is None or known[0] is not phase:
        known = phase_plan(g, phase)
    _, kind, pid, start_key, begins_key, end_key, ending_key = known
    if g.skipped and skip(g, seat, pid):  # (usually nobody skips a phase: one test)
        return
    t.phase = pid
    g.phase_kind = kind
    g.forgo_draw = False
    ws = g.word_state
    kept_values = ws.kept  # (WordState's dict, read for emptiness: usually nothing
    # is kept, and then none of the calls on it below would do anything)
    if kept_values:
        ws.expire("phase")  # what a word kept for one phase never outlives it
    if g.record:  # (a non-skill event: logged only, so not even asked unless recording)
        g.log_event("phase", seat=seat, phase=pid)
    # Every phase of every turn raises these: one whose plan says nobody listens
    # (events.NOBODY) is not raised at all, which is what raising it would do; in a
    # phase none of whose five plans has a listener (``g.quiet_phases``, the usual one)
    # not even looked up.
    plans = g.emit_plans
    quiet = g.quiet_phases  # (emptied, never replaced: asked again at the phase's end)
    if pid not in quiet:
        if plans.get(start_key) is not NOBODY:
            g.emit("phase_start", "at", seat, {"phase": pid})
        if plans.get(begins_key) is not NOBODY:
            g.emit("phase_begins", "when", seat, {"phase": pid, "current": (seat,)})
        if plans.get(AWAKEN) is not NOBODY:
            g.emit("awaken_check", "when", seat, {"phase": pid})
    if g.skipped and skip(g, seat, pid):
        pass
    elif kept_values and phase_ended(g, seat, pid):
        pass  # ended before it began (end_phase)
    elif t.players[seat].alive:
        # What a phase does is chosen by its data, never by its id.
        if kind == "judge":
            g.judge_phase(seat, phase)
        elif kind == "draw":
            g.draw_phase(seat, phase)
        elif kind == "play":
            g.play_phase(seat, phase)
        elif kind == "discard":
            g.discard_phase(seat, phase)
    if pid in quiet:
        if kept_values and not g.over:
            ws.pop("phase_discards", None)
    else:
        if t.players[seat].alive and plans.get(end_key) is not NOBODY:
            g.emit("phase_end", "at", seat, {"phase": pid})
        if not g.over:
            kept = ws.pop("phase_discards", ()) if kept_values else ()
            if plans.get(ending_key) is not NOBODY:
                discarded = [u for u in kept if t.where.get(u, ("", 0))[0] == DISCARD]
                g.emit("phase_ending", "when", seat, {
                    "phase": pid, "phase_owner": (seat,), "discarded": discarded})
        if (plans.get(start_key) is NOBODY and plans.get(begins_key) is NOBODY
                and plans.get(AWAKEN) is NOBODY and plans.get(end_key) is NOBODY
                and plans.get(ending_key) is NOBODY):
            quiet.add(pid)  # (until plans are dropped: ``g.quiet_phases``)
    if kept_values:
        ws.pop("ended", None)
    # end_period(g, "phase") and sweep(g), inline for the usual case (every phase of
    # every turn ends here): with no counters, temporary modifiers or kept words, the
    # period's end only clears the phase's uses, and a sweep with nothing in processing
    # only looks for someone dying
    if g.counters or g.statics.temporary or ws.kept:
        end_period(g, "phase")
    else:
        g.phase_uses.clear()
    if t.processing:
        sweep(g)
    else:
        for p in t.players:
            if p.hp <= 0 and p.alive:
                settle_dying(g)
                break
    t.phase = ""


def skip(g: Game, seat: int, pid: str) -> bool:
    """Whether the seat skips this phase (``characters.skip_phase``); it is skipped once,
    and a seat left with nothing to skip is dropped from ``g.skipped`` (so that an empty
    one says nobody skips)."""
    skipped = g.skipped.get(seat)
    if not skipped or pid not in skipped:
        return False
    skipped.discard(pid)
    if not skipped:
        del g.skipped[seat]
    g.log_event("skip", seat=seat, phase=pid)
    return True


def end_period(g: Game, period: str) -> None:
    """The end of a phase or turn: counters, temporary modifiers and what words kept
    (``g.word_state``: a borrowed weapon, a named colour, …) expire as they said."""
    counters = g.counters
    if counters and any(k[0] == period for k in counters):
        g.counters = {k: v for k, v in counters.items() if k[0] != period}
    if period == "phase":
        g.phase_uses.clear()
    if g.statics.temporary:  # (else expire has nothing to drop)
        g.statics.expire("end", period)
    if period == "turn":
        g.turn_plays.clear()
    ws = g.word_state
    expired = ws.expire(period, g.phase_kind if period == "phase" else "") if (
        ws.kept) else None  # (usually nothing was kept)
    if expired:
        if any(k.startswith(BORROWED) for k in expired):
            g.statics_dirty = True  # a borrowed weapon went back
        take_back_skills(g, expired)  # 父魂: skills held until the end of the turn


def sweep(g: Game) -> None:
    """Cards left in the processing area go to the discard pile; anyone kept out of
    the dying state by a rule that no longer applies is dying now."""
    t = g.table
    if t.processing:
        g.move(list(t.processing), DISCARD, -1, "sweep")
    for p in t.players:  # (settle_dying's first test, inline: asked after every action)
        if p.hp <= 0 and p.alive:
            settle_dying(g)
            return

"""Turn and phase words: a draw phase's count changed, a phase ended early, a skill's
running tally for a period, and "go on?" inside a repeat.

State that belongs to these words lives in ``Game.word_state`` and expires with its
period (``table.turns.end_period`` and ``run_phase`` clear it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.errors import Stop
from sgs_tools.engine.primitives import one_seat, primitive
from sgs_tools.engine.wordstate import END_OF_TURN

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame

PERIODS = ("phase", "turn", "round", "game")


@primitive("adjust_draw")
def p_adjust_draw(g: Game, a: dict[str, Any], f: Frame) -> None:
    """Change how many cards this draw phase's normal draw gives (read by draw_phase)."""
    n = g.interp.num(a.get("n", 0), f)
    g.word_state["draw_adjust"] = int(g.word_state.get("draw_adjust", 0)) + n
    g.log_event("adjust_draw", seat=f.actor, n=n, skill=f.name)


def draw_adjustment(g: Game) -> int:
    return int(g.word_state.kept.get("draw_adjust", 0))


@primitive("end_phase")
def p_end_phase(g: Game, a: dict[str, Any], f: Frame) -> None:
    """The acting character's phase ends at once: before it starts it is skipped,
    during it the phase stops at its next step."""
    phase = a.get("phase") or g.table.phase
    if not isinstance(phase, str):
        return
    ended: set[tuple[int, str]] = g.word_state.setdefault("ended", set())
    ended.add((f.actor, phase))
    g.log_event("end_phase", seat=f.actor, phase=phase, skill=f.name)


def phase_ended(g: Game, seat: int, phase: str) -> bool:
    ended = g.word_state.kept.get("ended")  # (asked at each step of a play phase)
    return isinstance(ended, set) and (seat, phase) in ended


EXTRA_PHASES = "extra_phases"


@primitive("extra_phase")
def p_extra_phase(g: Game, a: dict[str, Any], f: Frame) -> None:
    """Queue an extra phase for the acting character, played once the turn's start or the
    current phase is over (``run_extra_phases``); the queue ends with the turn."""
    phase = a.get("phase")
    if not isinstance(phase, str):
        return
    queued: list[tuple[int, str]] | None = g.word_state.get(EXTRA_PHASES)
    if queued is None:
        queued = g.word_state.keep(EXTRA_PHASES, [], END_OF_TURN)
    queued.append((f.actor, phase))
    g.log_event("extra_phase", seat=f.actor, phase=phase, skill=f.name)


def run_extra_phases(g: Game, seat: int) -> None:
    """Play the extra phases queued for the character whose turn it is, in order (one
    may queue another); one queued for anybody else is lost, and logged as lost."""
    queued: list[tuple[int, str]] | None = g.word_state.get(EXTRA_PHASES)
    while queued and not g.over and g.table.players[seat].alive:
        who, pid = queued.pop(0)
        phase = next((p for p in g.phases if str(p["id"]) == pid), None)
        if who != seat or phase is None:
            g.log_event("extra_phase_lost", seat=who, phase=pid)
            continue
        g.run_phase(seat, phase)


@primitive("add_tally")
def p_add_tally(g: Game, a: dict[str, Any], f: Frame) -> None:
    """Add to this skill's tally for a period; the quantity ``tally`` reads it and the
    count is forgotten when the period ends (kept with the frequency counters)."""
    n = g.interp.num(a.get("n", 1), f)
    period = a.get("period") or "turn"
    if period not in PERIODS:
        period = "turn"
    key = (str(period), f.owner, f"tally:{f.name}")
    g.counters[key] = g.counters.get(key, 0) + n


@primitive("ask_continue")
def p_ask_continue(g: Game, a: dict[str, Any], f: Frame) -> None:
    """Inside a repeat: the character may go round again; declining stops the repeat."""
    seat = one_seat(g, a.get("who"), f)
    rounds = int(f.vars.get("__rounds", 0)) + 1
    f.vars["__rounds"] = rounds
    # The longer it has gone on, the less an agent is told it gains by going on (a loop
    # a player can keep alive forever, 洛神 fed by 鬼才, ends when the agent stops).
    if seat is None or not g.ask_yes_no(seat, f"{f.name}: go on", f,
                                        benefit=1.0 - rounds / 10):
        raise Stop

"""A character's state as conditions read it: whether their general card is face down
(turned over) or face up, and whether their phase of some kind is being played.

Registered here: the selector filters ``face_down`` and ``face_up`` (``STATE_FILTERS``,
which ``Interpreter.filter_ok`` consults), ``phase_options_ok``, the ``in PHASE`` /
``outside PHASE`` options of a trigger, and the emitters of ``hand_size_changed`` and
``hp_changed``. It imports no other engine module, so the table's modules can use it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sgs_tools.engine.errors import Abort

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame
    from sgs_tools.engine.state import Player

STATE_FILTERS: dict[str, Callable[[Game, Player, int, Frame], bool]] = {
    "face_down": lambda g, p, me, f: p.turned_over,
    "face_up": lambda g, p, me, f: not p.turned_over,
    "in_play_phase": lambda g, p, me, f: in_own_phase(g, p.seat, "play"),
}
"""Selector filters of one character's state (``Interpreter.filter_ok`` consults this)."""


def in_own_phase(g: Game, seat: int, phase: str) -> bool:
    """Whether it is ``seat``'s turn and its phase of that kind is being played."""
    return g.table.current == seat and g.table.phase == phase


def phase_options_ok(g: Game, flt: dict[str, Any], owner: int) -> bool:
    """A trigger's ``in PHASE`` (only during its owner's phase of that kind) and ``outside
    PHASE`` (弃牌阶段外: at any time but that) options."""
    inside = flt.get("in_phase")
    if inside is not None and not in_own_phase(g, owner, str(inside)):
        return False
    outside = flt.get("outside_phase")
    return outside is None or not in_own_phase(g, owner, str(outside))


# -- a hand or HP that changes: the hand_size_changed and hp_changed events ------------

HAND_CHANGED = ("hand_size_changed", "after")
HP_CHANGED = ("hp_changed", "after")


def hands_listened(g: Game) -> bool:
    """Whether any hook waits for a hand to change size (then moves count hands; zones'
    ``move`` and ``draw`` ask it inline)."""
    return HAND_CHANGED in g.lib.by_event


def hand_sizes(g: Game, seats: set[int]) -> dict[int, int]:
    players = g.table.players
    return {s: len(players[s].hand) for s in seats if s >= 0}


def hands_changed(g: Game, before: dict[int, int]) -> None:
    """After cards moved: ``hand_size_changed`` for each living character whose number of
    hand cards is not what it was (``previous``), in seat order."""
    players = g.table.players
    for seat, previous in sorted(before.items()):
        p = players[seat]
        if p.alive and len(p.hand) != previous and not g.over:
            g.emit("hand_size_changed", "after", seat,
                   {"previous": previous, "amount": len(p.hand) - previous})


def hp_changed(g: Game, seat: int, previous: int, previous_max: int) -> None:
    """After a character's HP or max HP changed (damage, HP loss, recovery, max HP)."""
    p = g.table.players[seat]
    if HP_CHANGED in g.lib.by_event and p.alive and (p.hp, p.max_hp) != (
            previous, previous_max):
        g.emit("hp_changed", "after", seat, {"previous": previous})


# -- which of two generals carries a skill (Guozhan) -----------------------------------

THIS_GENERAL = "this_general"
SLOT_WORDS = ("head", "deputy")


def this_general(g: Game, f: Frame) -> str | None:
    """In a condition, ``this_general`` is the slot of the general carrying the skill
    being resolved: ``head`` (the main general) or ``deputy`` (None: no such general, as
    in a mode with one general per seat)."""
    slot_of = getattr(g.rules, "general_slot_of", None)
    if slot_of is None:
        return None
    slot = slot_of(f.owner, f.name)
    return SLOT_WORDS[slot] if isinstance(slot, int) and 0 <= slot < 2 else None


# -- steps done once an event has resolved (`after this:`) -------------------------------

DEFERRED = "__after_this"
"""Event payload key: the ``after this:`` steps waiting for the event's 'after' timing."""


def defer_to_after(f: Frame, steps: list[dict[str, Any]]) -> None:
    """Keep steps (with the frame they were reached in) on the event being resolved; the
    event's 'after' timing runs them (酒诗: turned face up once the damage is dealt)."""
    f.event.setdefault(DEFERRED, []).append((f.child(), steps))


def run_deferred(g: Game, payload: dict[str, Any]) -> None:
    """Run the ``after this:`` steps kept on an event, for owners still alive."""
    waiting = payload.pop(DEFERRED, [])
    for frame, steps in waiting:
        if g.over or not g.table.players[frame.owner].alive:
            continue
        previous, g.current_frame = g.current_frame, frame
        try:
            g.interp.run(steps, frame)
        except Abort:
            pass
        finally:
            g.current_frame = previous

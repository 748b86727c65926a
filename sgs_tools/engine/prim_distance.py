"""Distance words: how far one character is from another, as a number (the ``distance``
function) and as a bound on a choice (``other within 2``).

Registered here: ``FUNCTION_WORDS`` (functions whose arguments are not numbers, consulted
by ``Interpreter.value``) and ``within_ok`` (the selector bound, read by
``Interpreter.select`` and the one-character checks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sgs_tools.engine.prim_targets import distance_ignored

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame


def _distance(g: Game, args: list[Any], f: Frame) -> int:
    a, b = (g.interp.players_of(x, f) for x in args[:2])
    if not a or not b:
        return 0
    return g.distance(a[0], b[0])


FUNCTION_WORDS: dict[str, Callable[[Game, list[Any], Frame], int]] = {
    "distance": _distance,
}
"""Functions of characters (not numbers): name → (game, raw arguments, frame) → value."""

BOUNDS = ("within",)
"""Selector bounds a ``select`` may carry besides its noun and filters."""


def within_ok(g: Game, s: dict[str, Any], me: int, seat: int, f: Frame) -> bool:
    """Whether ``seat`` meets the distance bound of selector ``s`` (none: always)."""
    bound = s.get("within")
    if bound is None:
        return True
    if seat == me:
        return False
    if g.distance(me, seat) <= g.interp.num(bound, f):
        return True
    return f.use is not None and f.use.user == me and distance_ignored(g, me, seat)

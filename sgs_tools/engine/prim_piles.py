"""Marks on a general card: a kind of marker its general declares under ``marks:`` is
gained and lost, and counted by its id (see ``prim_counts`` for the counts and for named
piles of cards, which ``put_on_general … named PILE`` fills).

Registered here: the actions ``gain_mark`` and ``lose_mark``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.prim_counts import MARKS, mark_count
from sgs_tools.engine.primitives import primitive, seats

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame


def _change(g: Game, a: dict[str, Any], f: Frame, sign: int) -> None:
    name = a.get("mark")
    if not isinstance(name, str):
        return
    n = g.interp.num(a.get("n", 1), f)
    for seat in seats(g, a.get("who"), f):
        p = g.table.players[seat]
        had = mark_count(p, name)
        now = max(0, had + sign * n)
        if now == had:
            continue
        p.marks[MARKS + name] = now
        g.changes += 1
        g.log_event("mark", seat=seat, mark=name, n=now - had, total=now)


@primitive("gain_mark")
def p_gain_mark(g: Game, a: dict[str, Any], f: Frame) -> None:
    _change(g, a, f, 1)


@primitive("lose_mark")
def p_lose_mark(g: Game, a: dict[str, Any], f: Frame) -> None:
    _change(g, a, f, -1)

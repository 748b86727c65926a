"""Judgements: the top card judged, retrials, the result."""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.interp import Frame
from sgs_tools.engine.records import NOBODY
from sgs_tools.engine.state import (
    PROCESSING,
)

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


JUDGE, JUDGED = ("judge", "when"), ("judged", "after")
"""emit's keys of the events a judgement raises (see events.plan_emit)."""


def judge(g: Game, seat: int, f: Frame) -> list[int]:
    top = g.peek(1)
    if not top:
        return []
    uid = top[0]
    g.move([uid], PROCESSING, -1, "judge")
    if g.record:  # (logged only: its fields are not even built otherwise)
        g.log_event("judge", seat=seat, card=g.face(uid), skill=f.name)
    payload: dict[str, Any] = {"judgement": [uid], "judged": (seat,)}
    judging: dict[int, int] = g.word_state.setdefault("judging", {})
    judging[uid] = seat  # whose card it is for change_suit while it is read
    plans = g.emit_plans  # (an event nobody listens to is not raised: events.NOBODY)
    if plans.get(JUDGE) is not NOBODY:
        g.emit("judge", "when", seat, payload)
    result = payload["judgement"]
    for u in result:
        judging[u] = seat
    if result and result[0] != uid and g.record:  # (logged only: built only then)
        g.log_event("judge_result", seat=seat, card=g.face(result[0]))
    if plans.get(JUDGED) is not NOBODY:
        g.emit("judged", "after", seat, {"judgement": result, "judged": (seat,)})
    return list(result)

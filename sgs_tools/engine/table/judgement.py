"""Judgements: the top card judged, retrials, the result."""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.interp import Frame
from sgs_tools.engine.state import (
    PROCESSING,
)

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


def judge(g: Game, seat: int, f: Frame) -> list[int]:
    top = g.peek(1)
    if not top:
        return []
    uid = top[0]
    g.move([uid], PROCESSING, -1, "judge")
    g.log_event("judge", seat=seat, card=g.face(uid), skill=f.name)
    payload: dict[str, Any] = {"judgement": [uid], "judged": (seat,)}
    judging: dict[int, int] = g.word_state.setdefault("judging", {})
    judging[uid] = seat  # whose card it is for change_suit while it is read
    g.emit("judge", "when", seat, payload)
    result = payload["judgement"]
    for u in result:
        judging[u] = seat
    if result and result[0] != uid:
        g.log_event("judge_result", seat=seat, card=g.face(result[0]))
    g.emit("judged", "after", seat, {"judgement": result, "judged": (seat,)})
    return list(result)

"""Turn and phase words: adjust_draw, end_phase, add_tally/tally, ask_continue; the
phase_ending event."""

from __future__ import annotations

import pytest

from sgs_tools.engine.errors import Stop
from sgs_tools.engine.library import Library
from sgs_tools.engine.primitives import ACTIONS
from sgs_tools.engine.state import HAND

from .gz_table import agent, frame, give, table

PAIRS = ["gz_zhouyu+gz_sunquan", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao"]


def test_adjust_draw_changes_the_draw_phase(lib: Library) -> None:
    g = table(lib, PAIRS)
    ACTIONS["adjust_draw"](g, {"n": {"sign": "+", "amount": 1}}, frame(g, 0))
    g.draw_phase(0, {"id": "draw", "draw": 2})
    assert len(g.table.players[0].hand) == 3


def test_yingzi_draws_one_more_in_a_real_turn(lib: Library) -> None:
    g = table(lib, PAIRS)
    g.table.current = 0
    draw = next(ph for ph in g.phases if "draw" in ph)
    g.run_phase(0, draw)
    assert len(g.table.players[0].hand) == int(draw["draw"]) + 1


def test_end_phase_stops_the_play_phase(lib: Library) -> None:
    g = table(lib, PAIRS)
    g.table.current = 1
    give(g, 1, "slash")
    play = next(ph for ph in g.phases if "use_limits" in ph)
    ACTIONS["end_phase"](g, {"phase": "play"}, frame(g, 1))
    g.play_phase(1, play)  # ended: not one decision
    assert not [d for d in agent(g, 1).seen if d.kind == "play"]
    g.run_phase(1, play)  # a new phase starts afresh
    assert [d for d in agent(g, 1).seen if d.kind == "play"]


def test_tally_counts_for_its_period(lib: Library) -> None:
    g = table(lib, PAIRS)
    f = frame(g, 1, "gz_rende")
    ACTIONS["add_tally"](g, {"n": 2, "period": "phase"}, f)
    ACTIONS["add_tally"](g, {"n": 1, "period": "turn"}, f)
    assert g.interp.quantity("tally", f) == 3
    assert g.interp.quantity("tally", frame(g, 1, "gz_fangquan")) == 0
    g.end_period("phase")
    assert g.interp.quantity("tally", f) == 1
    g.end_period("turn")
    assert g.interp.quantity("tally", f) == 0


def test_ask_continue_stops_when_declined(lib: Library) -> None:
    g = table(lib, PAIRS, rules={0: [("go on", "no")]})
    with pytest.raises(Stop):
        ACTIONS["ask_continue"](g, {"who": {"actor": True}}, frame(g, 0, "gz_luoshen"))


def test_phase_ending_hands_back_what_was_discarded(lib: Library) -> None:
    """二张's 固政: when another character's discard phase ends, give one of the cards
    they discarded back to them and may gain the rest."""
    g = table(lib, ["gz_erzhang+gz_sunquan", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao"])
    g.table.current = 1
    p = g.table.players[1]
    cards = [give(g, 1, n) for n in ("slash", "jink", "peach", "slash", "jink", "analeptic")]
    p.hp = 2
    discard = next(ph for ph in g.phases if "hand_limit" in ph)
    g.run_phase(1, discard)
    back = [u for u in cards if g.table.where[u] == (HAND, 1)]
    gained = [u for u in cards if g.table.where[u] == (HAND, 0)]
    assert len(back) == 3 and len(gained) == 3

"""拼点 and the picks that read another character."""

from __future__ import annotations

import pytest

from sgs_tools.engine.errors import Abort
from sgs_tools.engine.library import Library
from sgs_tools.engine.primitives import ACTIONS
from sgs_tools.engine.state import DISCARD

from .gz_table import frame, give, table

PAIRS = ["gz_taishici+gz_zhouyu", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao",
         "gz_huangzhong+gz_machao"]


def test_pindian_compares_ranks_and_discards_both(lib: Library) -> None:
    g = table(lib, PAIRS)
    mine = next(u for u, c in g.table.cards.items() if c.rank == 13)
    g.move([mine], "hand", 0, "test")
    theirs = next(u for u, c in g.table.cards.items() if c.rank == 1
                  and g.table.where[u][0] != "hand")
    g.move([theirs], "hand", 1, "test")
    f = frame(g, 0, "gz_tianyi", target=(1,))
    ACTIONS["pindian"](g, {"rival": {"var": "target"}}, f)
    assert g.interp.quantity("pindian_number", f) == 13
    assert g.interp.quantity("rival_pindian_number", f) == 1
    assert g.table.where[mine] == g.table.where[theirs] == (DISCARD, -1)
    assert g.log[-2]["e"] == "pindian" and g.log[-2]["winner"] == 0


def test_pindian_needs_two_hands(lib: Library) -> None:
    g = table(lib, PAIRS)
    give(g, 0, "slash")
    with pytest.raises(Abort):
        ACTIONS["pindian"](g, {"rival": {"var": "t"}}, frame(g, 0, t=(1,)))


def test_pick_in_range_of_and_ally_of(lib: Library) -> None:
    g = table(lib, ["gz_taishici+gz_zhouyu", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao",
                    "gz_huangzhong+gz_machao"])
    f = frame(g, 0, target=(1,))
    who = {"select": {"noun": "player", "filters": [], "count": 1}}
    picked = ACTIONS["pick_in_range_of"](g, {"who": who, "of": {"var": "target"}}, f)
    assert len(picked) == 1 and g.in_range(1, picked[0])
    ally = ACTIONS["pick_ally_of"](g, {"who": {"select": {"noun": "other", "filters": [],
                                                          "count": 1}},
                                       "of": {"var": "target"}}, f)
    assert ally and ally[0] in (1, 3)  # seat 3 is shu too

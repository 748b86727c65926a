"""General and kingdom words: selectors about kingdoms and hidden generals, quantities,
and revealing, hiding, viewing and losing generals."""

from __future__ import annotations

import pytest

from sgs_tools.engine.errors import EngineGap
from sgs_tools.engine.library import Library
from sgs_tools.engine.primitives import ACTIONS
from sgs_tools.engine.state import DRAW

from .gz_table import agent, frame, give, table

WEI = "gz_caocao+gz_zhangliao"
WEI2 = "gz_xuchu+gz_dianwei"
SHU = "gz_guanyu+gz_zhangfei"
WU = "gz_ganning+gz_lvmeng"
QUN = "gz_zoushi+gz_lvbu"


def select(g, owner: int, *filters: str, noun: str = "players") -> tuple[int, ...]:
    return g.interp.select({"noun": noun, "filters": list(filters)}, frame(g, owner))


def test_kingdom_selectors_read_factions(lib: Library) -> None:
    g = table(lib, [WEI, WEI2, SHU, WU])
    assert select(g, 0, "same_kingdom") == (0, 1)
    assert select(g, 0, "other_kingdom") == (2, 3)
    f = frame(g, 0, target=(1,))
    assert g.interp.select({"noun": "players", "filters": ["target_kingdom"]}, f) == (0, 1)
    assert g.interp.quantity("kingdom_count", f) == 2
    assert g.interp.quantity("min_kingdom_count", f) == 1
    assert g.interp.quantity("kingdoms_alive", f) == 3


def test_hidden_characters_have_no_kingdom(lib: Library) -> None:
    g = table(lib, [WEI, WEI2, SHU, WU], reveal=False)
    g.rules.reveal(0, 0, rewards=False)  # type: ignore[call-arg]
    assert select(g, 0, "same_kingdom") == (0,)
    assert select(g, 0, "other_kingdom") == ()
    assert select(g, 0, "revealed") == (0,)
    assert select(g, 0, "unrevealed") == (1, 2, 3)
    assert select(g, 0, "partly_hidden") == (0, 1, 2, 3)
    assert select(g, 0, "fully_revealed") == ()
    assert select(g, 0, "careerist") == ()


def test_post_filters_keep_the_best(lib: Library) -> None:
    g = table(lib, [WEI, SHU, WU, QUN])
    give(g, 1, "slash")
    give(g, 1, "jink")
    give(g, 2, "slash")
    assert select(g, 0, "fewest_hand_cards", noun="others") == (3,)
    assert set(select(g, 0, "nearest", noun="others")) == {1, 3}
    g.table.players[2].hp = 1
    assert select(g, 2, "more_hp", noun="others") == (0, 1, 3)


def test_not_dying_reads_the_dying_state(lib: Library) -> None:
    g = table(lib, [WEI, SHU, WU])
    g.table.players[1].marks["dying"] = True
    assert select(g, 0, "not_dying", noun="others") == (2,)


def test_partly_hidden_in_a_condition_runs(lib: Library) -> None:
    """孔融's 名士 (partly_hidden inside a condition) prevents damage from a character
    with a hidden general, and not from one with both revealed."""
    g = table(lib, ["gz_kongrong+gz_panfeng", SHU, WU])
    g.rules.hide(1, 1)  # type: ignore[attr-defined]
    hp = g.table.players[0].hp
    g.damage(0, 1, 1, None, frame(g, 1))
    assert g.table.players[0].hp == hp
    g.damage(0, 1, 2, None, frame(g, 2))
    assert g.table.players[0].hp == hp - 1


def test_hide_general_is_chosen_by_the_user(lib: Library) -> None:
    g = table(lib, [QUN, SHU, WU], rules={0: [("hide a general", "gz_zhangfei")]})
    ACTIONS["hide_general"](g, {"slot": None, "who": {"var": "target"}},
                            frame(g, 0, "gz_qingcheng", target=(1,)))
    assert g.rules.slots[1].revealed == [True, False]  # type: ignore[attr-defined]
    assert not agent(g, 1).seen
    assert g.rules.latent(1, "gz_paoxiao")


def test_reveal_general_this_general(lib: Library) -> None:
    g = table(lib, [QUN, SHU, WU], reveal=False)
    ACTIONS["reveal_general"](g, {"slot": "this_general", "who": {"actor": True}},
                              frame(g, 0, "gz_huoshui"))
    assert g.rules.slots[0].revealed == [True, False]  # type: ignore[attr-defined]
    assert g.rules.faction(0) == "qun"  # type: ignore[attr-defined]


def test_view_one_general_logs_what_was_seen(lib: Library) -> None:
    g = table(lib, [QUN, SHU, WU], reveal=False)
    seen = ACTIONS["view_one_general"](g, {"who": {"var": "target"}},
                                       frame(g, 0, target=(2,)))
    assert seen == "gz_ganning"
    assert g.log[-1]["e"] == "view_general" and g.log[-1]["of"] == 2


def test_remove_general_skills_lasts(lib: Library) -> None:
    g = table(lib, [QUN, SHU, WU], rules={0: [("remove the skills", "deputy")]})
    ACTIONS["remove_general_skills"](g, {"slot": None, "from": {"var": "killer"}},
                                     frame(g, 0, killer=(1,)))
    assert "gz_paoxiao" not in g.table.players[1].skills
    assert "gz_wusheng" in g.skillsets[1]


def test_restore_general(lib: Library) -> None:
    g = table(lib, [QUN, SHU, WU])
    p = g.table.players[1]
    p.turned_over = True
    p.marks["chained"] = True
    ACTIONS["restore_general"](g, {"who": {"var": "x"}}, frame(g, 0, x=(1,)))
    assert not p.turned_over and not p.marks["chained"]


def test_general_pile_and_no_dying(lib: Library) -> None:
    """不屈: cards put on the general card are counted; with no repeated rank the
    character stays out of the dying state at 0 HP or less."""
    g = table(lib, ["gz_zhoutai+gz_huanggai", SHU, WU])
    t = g.table
    ranks: dict[int, int] = {}
    for uid in t.draw_pile:
        ranks.setdefault(t.cards[uid].rank or 0, uid)
    f = frame(g, 0, "gz_buqu", wound=[ranks[3], ranks[5]])
    ACTIONS["put_on_general"](g, {"cards": {"var": "wound"}}, f)
    assert g.interp.quantity("general_pile_count", f) == 2
    assert g.interp.quantity("general_pile_repeats", f) == 0
    t.players[0].hp = -1
    g.check_invariants()  # alive at -1 HP is allowed while no_dying applies
    ACTIONS["put_in_discard_pile"](g, {"cards": {"cards": {"filters": {
        "zone": ["general_pile"]}, "count": 1, "noun": "card"}}}, f)
    assert len(t.players[0].pile) == 1
    g.sweep()  # 1 card on the general card no longer covers -1 HP: dying, no rescue
    assert not t.players[0].alive
    assert all(t.where[u][0] != DRAW or u not in t.players[0].pile for u in t.cards)


def test_hidden_general_words_are_gaps_in_identity(lib: Library) -> None:
    g = table(lib, ["caocao", "liubei", "sunquan", "lvbu"], mode="identity")
    with pytest.raises(EngineGap, match="hide_general"):
        ACTIONS["hide_general"](g, {"who": {"var": "x"}}, frame(g, 0, x=(1,)))
    assert set(select(g, 0, "fully_revealed")) == {0, 1, 2, 3}
    assert select(g, 0, "partly_hidden") == ()


def test_remove_general_and_view_generals(lib: Library) -> None:
    g = table(lib, [QUN, SHU, WU], reveal=False)
    seen = ACTIONS["view_generals"](g, {"who": {"var": "x"}}, frame(g, 0, x=(1,)))
    assert seen == ["gz_guanyu", "gz_zhangfei"]
    ACTIONS["remove_general"](g, {"slot": "deputy", "who": {"var": "x"}},
                              frame(g, 0, x=(1,)))
    assert "gz_paoxiao" not in g.table.players[1].skills
    assert "gz_wusheng" in g.table.players[1].skills

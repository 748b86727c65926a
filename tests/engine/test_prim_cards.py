"""Card words: recast, put in the discard pile, choose among cards, swap hands, discard up
to, draw up to, recover to, name a suit, move damage on."""

from __future__ import annotations

from sgs_tools.engine.library import Library
from sgs_tools.engine.primitives import ACTIONS
from sgs_tools.engine.state import DISCARD, HAND, PROCESSING

from .gz_table import agent, frame, give, table

PAIRS = ["gz_xiaoqiao+gz_zhouyu", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao"]


def test_recast_is_offered_for_iron_chain_and_draws(lib: Library) -> None:
    g = table(lib, PAIRS)
    uid = give(g, 0, "iron_chain")
    options = g.play_options(0, {"id": "play", "use_limits": {}}, set())
    recast = [o for o in options if o[1] == "card_action"]
    assert recast and recast[0][2][1] == uid
    assert g.do_play_option(0, recast[0], {"id": "play"})
    assert g.table.where[uid] == (DISCARD, -1)
    assert len(g.table.players[0].hand) == 1
    assert any(e["e"] == "recast" for e in g.log)
    assert not any(e["e"] == "move" and e["reason"] == "discard" for e in g.log[-4:])


def test_put_in_discard_pile_and_choose_cards(lib: Library) -> None:
    g = table(lib, PAIRS, rules={0: [("choose", "jink")]})
    a, b = give(g, 1, "slash"), give(g, 1, "jink")
    g.move([a, b], PROCESSING, -1, "test")
    f = frame(g, 0, shown=[a, b])
    assert ACTIONS["choose_cards"](g, {"n": 1, "from": {"var": "shown"}}, f) == [b]
    ACTIONS["put_in_discard_pile"](g, {"cards": {"var": "shown"}}, f)
    assert g.table.where[a] == g.table.where[b] == (DISCARD, -1)


def test_swap_hands(lib: Library) -> None:
    g = table(lib, PAIRS)
    a, b, c = give(g, 1, "slash"), give(g, 2, "jink"), give(g, 2, "peach")
    ACTIONS["swap_hands"](g, {"who": {"var": "x"}, "with": {"var": "y"}},
                          frame(g, 0, x=(1,), y=(2,)))
    assert sorted(g.table.players[1].hand) == sorted([b, c])
    assert g.table.players[2].hand == [a]


def test_discard_up_to_returns_the_cards(lib: Library) -> None:
    g = table(lib, PAIRS)
    for name in ("slash", "jink", "peach"):
        give(g, 0, name)
    f = frame(g, 0)
    got = ACTIONS["discard_up_to"](g, {"max": 2, "cards": {"cards": {"filters": {},
                                                                     "noun": "cards"}}}, f)
    assert 1 <= len(got) <= 2 and all(g.table.where[u][0] == DISCARD for u in got)


def test_draw_up_to_and_recover_to(lib: Library) -> None:
    g = table(lib, PAIRS)
    give(g, 1, "slash")
    ACTIONS["draw_up_to"](g, {"n": 4, "who": {"var": "x"}}, frame(g, 0, x=(1,)))
    assert len(g.table.players[1].hand) == 4
    ACTIONS["draw_up_to"](g, {"n": 2, "who": {"var": "x"}}, frame(g, 0, x=(1,)))
    assert len(g.table.players[1].hand) == 4
    p = g.table.players[2]
    p.hp = 1
    ACTIONS["recover_to"](g, {"n": 3, "who": {"var": "x"}}, frame(g, 0, x=(2,)))
    assert p.hp == 3


def test_name_suit_is_kept_for_the_turn(lib: Library) -> None:
    g = table(lib, PAIRS, rules={1: [("name a suit", "club")]})
    ACTIONS["name_suit"](g, {"by": {"var": "x"}}, frame(g, 0, x=(1,)))
    assert g.interp.value({"ref": ["x", "named_suit"]}, frame(g, 0, x=(1,))) == "club"
    g.end_period("turn")
    assert "named_suit" not in g.table.players[1].marks


def test_transfer_damage_moves_it_whole(lib: Library) -> None:
    g = table(lib, PAIRS)
    f = frame(g, 0, "gz_tianxiang", target=(2,))
    f.event.update({"amount": 2, "source": (1,), "card": [], "nature": "fire"})
    hp = g.table.players[2].hp
    ACTIONS["transfer_damage"](g, {"to": {"var": "target"}}, f)
    assert f.event["amount"] == 0
    assert g.table.players[2].hp == hp - 2
    damage = [e for e in g.log if e["e"] == "damage"][-1]
    assert damage["source"] == 1 and damage["nature"] == "fire"


def test_cards_discarded_event_gives_them_away(lib: Library) -> None:
    """孔融's 礼让: cards of his that are discarded may be given to another character."""
    g = table(lib, ["gz_kongrong+gz_panfeng", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao"])
    uid = give(g, 0, "slash")
    g.discard([uid], 0, None)
    assert g.table.where[uid][0] == HAND and g.table.where[uid][1] != 0
    assert agent(g, 0).seen


def test_place_with_nothing_to_place_undoes_the_action(lib: Library) -> None:
    """直谏 without an equipment card in hand does nothing (it used to draw for free)."""
    g = table(lib, ["gz_erzhang+gz_sunquan", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao"])
    give(g, 0, "slash")
    hook = g.lib.actions["gz_zhijian"][0]
    assert not g.run_action(0, 0, hook)
    assert len(g.table.players[0].hand) == 1

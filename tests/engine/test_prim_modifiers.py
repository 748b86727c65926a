"""Modifier words: forbid_use, fixed_distance, use_distance, change_suit, use_as,
extra_targets_among, no_dying (with the Guozhan skills that use them)."""

from __future__ import annotations

from sgs_tools.engine.library import Library
from sgs_tools.engine.modifiers import forbidden
from sgs_tools.engine.records import Use

from .gz_table import frame, give, table

PLAY = {"id": "play", "use_limits": {"slash": 1}}


def test_forbid_use_wansha(lib: Library) -> None:
    """贾诩's 完杀: in his turn others who are not dying cannot use Peach."""
    g = table(lib, ["gz_jiaxu+gz_lvbu", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao"])
    peach = g.probe_card("peach")
    g.table.current = 0
    assert forbidden(g, 1, peach) and not forbidden(g, 0, peach)
    g.table.players[1].marks["dying"] = True
    assert not forbidden(g, 1, peach)
    g.table.current = 1
    g.table.players[1].marks.clear()
    assert not forbidden(g, 1, peach)


def test_forbid_use_for_a_while(lib: Library) -> None:
    g = table(lib, ["gz_taishici+gz_zhouyu", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao"])
    f = frame(g, 0, "gz_tianyi")
    g.add_temporary_modifiers(f, [{"modifier": "forbid_use", "args": {
        "card": {"cards": {"filters": {"name": ["slash"]}}}, "who": {"var": "you"}}}],
        {"edge": "end", "period": "turn"})
    slash = give(g, 0, "slash")
    assert not g.card_usable(0, "slash", slash, PLAY)
    g.end_period("turn")
    assert g.card_usable(0, "slash", slash, PLAY)


def test_fixed_distance(lib: Library) -> None:
    pairs = ["gz_dingfeng+gz_sunquan", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao",
             "gz_huangzhong+gz_machao", "gz_lvbu+gz_zoushi", "gz_xuchu+gz_dianwei"]
    g = table(lib, pairs)
    assert g.distance(0, 3) == 3
    f = frame(g, 0, "gz_fenxun", target=(3,))
    g.add_temporary_modifiers(f, [{"modifier": "fixed_distance",
                                   "args": {"n": 1, "to": {"var": "target"}}}],
                              {"edge": "end", "period": "turn"})
    assert g.distance(0, 3) == 1 and g.distance(0, 2) == 2


def test_use_distance_supply_shortage(lib: Library) -> None:
    """徐晃's 断粮: Supply Shortage on characters within distance 2."""
    pairs = ["gz_xuhuang+gz_caocao", "gz_guanyu+gz_zhangfei", "gz_sunquan+gz_ganning",
             "gz_huangzhong+gz_machao", "gz_lvbu+gz_zoushi"]
    g = table(lib, pairs)
    hook = g.lib.actions["supply_shortage"][0]
    use = Use("supply_shortage", g.probe_card("supply_shortage"), 0, hook)
    f = frame(g, 0)
    select = {"noun": "other", "filters": ["at_distance_1"], "count": 1}
    assert set(g.interp.select(g.targeting_select(use, select), f)) == {1, 2, 3, 4}
    g2 = table(lib, ["gz_caocao+gz_xuchu", *pairs[1:]])
    use2 = Use("supply_shortage", g2.probe_card("supply_shortage"), 0, hook)
    assert set(g2.interp.select(g2.targeting_select(use2, select), frame(g2, 0))) == {1, 4}


def test_change_suit_hongyan(lib: Library) -> None:
    """小乔's 红颜: her spades are hearts, for her cards only."""
    g = table(lib, ["gz_xiaoqiao+gz_zhouyu", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao"])
    mine = give(g, 0, "slash", suit="spade")
    theirs = give(g, 1, "slash", suit="spade")
    f = frame(g, 0, mine=[mine], theirs=[theirs])
    assert g.interp.value({"ref": ["mine", "suit"]}, f) == "heart"
    assert g.interp.value({"ref": ["mine", "color"]}, f) == "red"
    assert g.interp.value({"ref": ["theirs", "suit"]}, f) == "spade"
    assert g.interp.card_matches(g.table.card(mine), {"filters": {"suit": ["heart"]}})


def test_use_as_offers_the_conversion(lib: Library) -> None:
    g = table(lib, ["gz_yanliangwenchou+gz_lvbu", "gz_guanyu+gz_zhangfei",
                    "gz_caocao+gz_zhangliao"])
    g.table.current = 0
    g.table.phase = "play"
    red = give(g, 0, "peach")
    f = frame(g, 0, "gz_shuangxiong")
    g.add_temporary_modifiers(f, [{"modifier": "use_as", "args": {"card": "duel", "cards": {
        "cards": {"filters": {"color": ["red"], "zone": ["hand"]}, "noun": "card"}}}}],
        {"edge": "end", "period": "turn"})
    options = [o for o in g.play_options(0, PLAY, set()) if o[1] == "use_as"]
    assert options and options[0][2] == ("gz_shuangxiong", "duel", red)
    assert g.do_play_option(0, options[0], PLAY)
    assert any(e["e"] == "use" and e["card"].startswith("duel") for e in g.log)


def test_extra_targets_among(lib: Library) -> None:
    """丁奉's 短兵: a Slash may take one more target at distance 1."""
    pairs = ["gz_dingfeng+gz_sunquan", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao",
             "gz_huangzhong+gz_machao"]
    g = table(lib, pairs)
    g.table.current = 0
    g.table.phase = "play"
    slash = give(g, 0, "slash")
    g.use_card(0, [slash], "slash", preset=None, in_play=True)
    target = next(e for e in g.log if e["e"] == "target")
    assert len(target["targets"]) == 2

"""Use words: cancel_target, require_responses, become_damage_source, use_uncounted,
ask_use."""

from __future__ import annotations

from sgs_tools.engine.library import Library
from sgs_tools.engine.primitives import ACTIONS
from sgs_tools.engine.records import Use

from .gz_table import agent, frame, give, table


def test_cancel_target_keeps_snatch_off(lib: Library) -> None:
    """陆逊's 谦逊: Snatch no longer targets him."""
    g = table(lib, ["gz_guanyu+gz_zhangfei", "gz_luxun+gz_sunquan", "gz_caocao+gz_zhangliao"])
    g.table.current = 0
    g.table.phase = "play"
    snatch = give(g, 0, "snatch")
    jink = give(g, 1, "jink")
    g.use_card(0, [snatch], "snatch", preset=[1])
    assert g.table.where[jink] == ("hand", 1)
    assert any(e["e"] == "cancel_target" for e in g.log)


def test_cancel_target_takes_the_seat_off_the_list(lib: Library) -> None:
    g = table(lib, ["gz_guanyu+gz_zhangfei", "gz_luxun+gz_sunquan", "gz_caocao+gz_zhangliao"])
    use = Use("savage_assault", g.probe_card("savage_assault"), 0, None, [1, 2])
    f = frame(g, 1)
    f.event["__use"] = use
    ACTIONS["cancel_target"](g, {"who": {"var": "you"}}, f)
    assert use.targets == [2] and 1 in use.cancelled


def test_require_responses_asks_two_slashes(lib: Library) -> None:
    """吕布's 无双 as the target of a Duel: its user must play two Slashes each time."""
    g = table(lib, ["gz_guanyu+gz_zhangfei", "gz_lvbu+gz_zoushi", "gz_caocao+gz_zhangliao"])
    g.table.current = 0
    g.table.phase = "play"
    duel = give(g, 0, "duel")
    give(g, 0, "slash")
    give(g, 1, "slash")
    hp = g.table.players[0].hp
    g.use_card(0, [duel], "duel", preset=[1])
    assert g.table.players[0].hp == hp - 1  # one Slash is not enough: seat 0 takes the damage


def test_become_damage_source(lib: Library) -> None:
    """孟获's 祸首: he is the source of the damage of another's Savage Assault."""
    g = table(lib, ["gz_guanyu+gz_zhangfei", "gz_menghuo+gz_zhurong", "gz_caocao+gz_zhangliao"])
    g.table.current = 0
    g.table.phase = "play"
    sa = give(g, 0, "savage_assault")
    g.use_card(0, [sa], "savage_assault")
    hits = [e for e in g.log if e["e"] == "damage"]
    assert hits and all(e["source"] == 1 for e in hits)


def test_use_uncounted_does_not_count(lib: Library) -> None:
    g = table(lib, ["gz_jiling+gz_lvbu", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao"])
    g.table.current = 0
    g.table.phase = "play"
    ACTIONS["use_uncounted"](g, {"card": "slash", "on": {"var": "v"}, "by": {"actor": True}},
                             frame(g, 0, v=(1,)))
    assert any(e["e"] == "use" and e["card"] == "slash" for e in g.log)
    assert g.phase_uses.get((0, "slash"), 0) == 0


def test_ask_use_uses_the_card_or_returns_nothing(lib: Library) -> None:
    g = table(lib, ["gz_jiaxu+gz_lvbu", "gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao"],
              rules={1: [("use slash", "slash")]})
    g.table.current = 0
    f = frame(g, 0, p=(1,))
    on = {"select": {"noun": "player", "filters": ["nearest"], "count": 1,
                     "except": [{"var": "p"}]}}
    assert ACTIONS["ask_use"](g, {"card": "slash", "by": {"var": "p"}, "on": on}, f) == []
    slash = give(g, 1, "slash")
    assert ACTIONS["ask_use"](g, {"card": "slash", "by": {"var": "p"}, "on": on}, f) == [slash]
    assert [d for d in agent(g, 1).seen if d.kind == "respond"]


def test_analeptic_used_by_the_dying_recovers(lib: Library) -> None:
    """醇醪 (issue 13): a character treated as using an Analeptic while dying recovers
    1 HP (the card's dying half), not the play-phase half that strengthens a Slash."""
    g = table(lib, ["gz_guanyu+gz_zhangfei", "gz_caocao+gz_zhangliao", "gz_liubei+gz_zhaoyun"])
    p = g.table.players[1]
    p.hp = 0
    p.marks["dying"] = True
    ACTIONS["use"](g, {"card": "analeptic", "on": {"var": "v"}, "by": {"var": "v"}},
                   frame(g, 0, v=(1,)))
    assert p.hp == 1
    assert [e for e in g.log if e["e"] == "recover"] == [
        {"e": "recover", "seat": 1, "n": 1, "hp": 1, "source": 1}]
    assert not g.statics.active(1, "next_damage")
    p.marks.pop("dying")
    ACTIONS["use"](g, {"card": "analeptic", "on": {"var": "v"}, "by": {"var": "v"}},
                   frame(g, 0, v=(1,)))  # not dying: the play-phase half
    assert p.hp == 1 and g.statics.active(1, "next_damage")

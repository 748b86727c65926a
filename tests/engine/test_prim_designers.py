"""The words designers reach for (grammar/vocabulary/designers.yaml), each run by its
primitive on a small identity table: distance bounds and the distance function, …"""

from __future__ import annotations

from typing import Any

from sgs_tools.engine.library import Library
from sgs_tools.engine.prim_state import phase_options_ok
from sgs_tools.engine.primitives import ACTIONS
from sgs_tools.engine.state import HAND

from .gz_table import agent, frame, give, table

FIVE = ["caocao", "liubei", "sunquan", "lvbu", "zhangfei"]


def test_within_bounds_a_choice_by_distance(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    f = frame(g, 0)
    near = g.interp.select({"noun": "others", "filters": [], "within": 1}, f)
    assert sorted(near) == [1, 4]  # the two neighbours of seat 0 at a five-seat table
    two = g.interp.select({"noun": "others", "filters": [], "within": {"quantity": "hp"}}, f)
    assert sorted(two) == [1, 2, 3, 4]  # within 4 (seat 0's HP): everyone
    assert g.interp.names_seat({"select": {"noun": "others", "filters": [], "within": 1}}, 4,
                               f)
    assert not g.interp.names_seat({"select": {"noun": "others", "filters": [],
                                               "within": 1}}, 2, f)


def test_distance_function_reads_the_table(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    f = frame(g, 0, a=(0,), b=(2,))
    call = {"call": "distance", "args": [{"var": "a"}, {"var": "b"}]}
    assert g.interp.value(call, f) == 2
    g.table.players[1].alive = False  # a dead neighbour is skipped
    assert g.interp.value(call, f) == 1
    assert g.interp.value({"call": "distance", "args": [{"var": "a"}, {"var": "nobody"}]},
                          f) == 0


def test_put_on_bottom_takes_own_or_looked_at_cards_in_chosen_order(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    slash, jink = give(g, 0, "slash"), give(g, 0, "jink")
    f = frame(g, 0, mine=[slash, jink])
    got = ACTIONS["put_on_bottom"](g, {"cards": {"var": "mine"}}, f)
    assert got == [slash, jink]  # the actor's order: slash first, so jink is the very bottom
    assert g.table.draw_pile[:2] == [jink, slash]
    assert [d.kind for d in agent(g, 0).seen] == ["order"]
    other = give(g, 1, "peach")
    assert ACTIONS["put_on_bottom"](g, {"cards": {"var": "theirs"}},
                                    frame(g, 0, theirs=[other])) == []  # not another's hand
    assert any(e["e"] == "put_on_bottom" and e["n"] == 2 for e in g.log)


def test_choose_among_and_order_top(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    f = frame(g, 0)
    seen = ACTIONS["look_top"](g, {"n": 3}, f)
    f.vars["seen"] = seen
    hearts = ACTIONS["choose_among"](g, {"cards": {"cards": {"count": "any", "filters": {
        "suit": ["heart"]}}}, "from": {"var": "seen"}}, f)
    assert all(g.table.card(u).suit == "heart" for u in hearts)
    f.vars["hearts"] = hearts
    ACTIONS["gain"](g, {"cards": {"var": "hearts"}}, f)
    rest = [u for u in seen if u not in hearts]
    back = ACTIONS["order_top"](g, {"cards": {"var": "seen"}}, f)
    assert sorted(back) == sorted(rest)
    assert list(reversed(g.table.draw_pile[-len(rest):])) == back  # first chosen on top
    assert all(g.table.where[u][0] == HAND for u in hearts)


def test_face_down_is_state_a_condition_reads(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    f = frame(g, 0, x=(1,))
    down = {"is": "face_down", "subject": {"var": "x"}}
    up = {"is": "face_up", "subject": {"var": "x"}}
    assert not g.interp.cond(down, f) and g.interp.cond(up, f)
    ACTIONS["turn_over"](g, {"who": {"var": "x"}}, f)
    assert g.interp.cond(down, f) and not g.interp.cond(up, f)
    assert g.interp.select({"noun": "others", "filters": ["face_down"]}, f) == (1,)


def test_colour_suit_and_type_counts(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    red = [give(g, 0, "peach", suit="heart"), give(g, 0, "jink", suit="diamond")]
    f = frame(g, 0, red=red, mixed=[*red, give(g, 0, "slash", suit="spade")], none=[])
    value = g.interp.value
    assert value({"ref": ["red", "color_count"]}, f) == 1
    assert value({"ref": ["red", "suit_count"]}, f) == 2
    assert value({"ref": ["red", "type_count"]}, f) == 1  # two basic cards
    assert value({"ref": ["mixed", "color_count"]}, f) == 2
    assert value({"ref": ["none", "color_count"]}, f) == 0
    trick = [give(g, 1, "lightning"), give(g, 1, "dismantlement")]
    assert value({"ref": ["t", "type_count"]}, frame(g, 1, t=trick)) == 1  # both tricks


def test_in_and_outside_a_phase(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    g.table.current, g.table.phase = 0, "discard"
    assert not phase_options_ok(g, {"outside_phase": "discard"}, 0)
    assert phase_options_ok(g, {"outside_phase": "discard"}, 1)  # another's discard phase
    assert phase_options_ok(g, {"in_phase": "discard"}, 0)
    assert not phase_options_ok(g, {"in_phase": "discard"}, 1)
    g.table.phase = "play"
    assert phase_options_ok(g, {"outside_phase": "discard"}, 0)
    assert not phase_options_ok(g, {"in_phase": "discard"}, 0)


def test_hand_size_and_hp_changes_are_events(lib: Library, monkeypatch: Any) -> None:
    from sgs_tools.engine import prim_state
    from sgs_tools.engine.table import zones

    g = table(lib, FIVE, mode="identity")
    seen: list[tuple[str, int | None, dict[str, Any]]] = []
    monkeypatch.setattr(zones, "hands_listened", lambda game: True)
    monkeypatch.setattr(prim_state, "HP_CHANGED", next(iter(g.lib.by_event)))
    real = g.emit

    def emit(event: str, timing: str, subject: int | None, payload: dict[str, Any]
             ) -> dict[str, Any]:
        if event in ("hand_size_changed", "hp_changed"):
            seen.append((event, subject, dict(payload)))
        return real(event, timing, subject, payload)

    monkeypatch.setattr(g, "emit", emit)
    g.draw(0, 2)
    uid = g.table.players[0].hand[0]
    g.move([uid], HAND, 1, "give")
    assert seen == [("hand_size_changed", 0, {"previous": 0, "amount": 2}),
                    ("hand_size_changed", 0, {"previous": 2, "amount": -1}),
                    ("hand_size_changed", 1, {"previous": 0, "amount": 1})]
    seen.clear()
    g.move([uid], HAND, 1, "back to the same hand")  # no change: no event
    assert seen == []
    full = g.table.players[2].hp
    g.lose_hp(2, 1, None)
    g.recover(2, 1, None, None)
    assert [(e, s, p["previous"]) for e, s, p in seen] == [("hp_changed", 2, full),
                                                           ("hp_changed", 2, full - 1)]

"""The words designers reach for (grammar/vocabulary/designers.yaml), each run by its
primitive on a small identity table: distance bounds and the distance function, …"""

from __future__ import annotations

from typing import Any

from sgs_tools.engine.library import Library
from sgs_tools.engine.prim_state import phase_options_ok
from sgs_tools.engine.primitives import ACTIONS, can_pay
from sgs_tools.engine.state import GENERAL_PILE, HAND

from .gz_table import agent, frame, give, table

FIVE = ["caocao", "liubei", "sunquan", "lvbu", "zhangfei"]
PLAY = {"id": "play", "use_limits": {"slash": 1}}


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
    g.refresh_skills()  # (what a death does: the ring of the living is seated afresh)
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
    # (zones asks ``prim_state.hands_listened`` inline: HAND_CHANGED among the events)
    monkeypatch.setattr(zones, "HAND_CHANGED", next(iter(g.lib.by_event)))
    monkeypatch.setattr(prim_state, "HP_CHANGED", next(iter(g.lib.by_event)))
    real = g.emit

    def emit(event: str, timing: str, subject: int | None, payload: dict[str, Any]
             ) -> dict[str, Any]:
        if event in ("hand_size_changed", "hp_changed"):
            seen.append((event, subject, dict(payload)))
        return real(event, timing, subject, payload)

    # (on the class: a game's attributes are slots, with no room for a method of its own)
    monkeypatch.setattr(type(g), "emit", lambda _self, *args: emit(*args))
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


def test_choose_hand_card_is_blind_and_leaves_it(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    cards = [give(g, 1, "slash"), give(g, 1, "jink")]
    got = ACTIONS["choose_hand_card"](g, {"from": {"var": "x"}}, frame(g, 0, x=(1,)))
    assert len(got) == 1 and got[0] in cards and g.table.where[got[0]] == (HAND, 1)
    decision = agent(g, 0).seen[-1]
    assert decision.options == ["hand card 1", "hand card 2"]  # chosen without looking
    assert ACTIONS["choose_hand_card"](g, {"from": {"var": "x"}}, frame(g, 0, x=(2,))) == []


def test_obtain_moves_cards_between_two_others(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    cards = [give(g, 2, "peach"), give(g, 2, "slash")]
    f = frame(g, 0, a=(1,), b=(2,))
    got = ACTIONS["obtain"](g, {"cards": {"cards": {"count": 1, "filters": {"zone": ["hand"]}}},
                                "from": {"var": "b"}, "by": {"var": "a"}}, f)
    assert len(got) == 1 and got[0] in cards and g.table.where[got[0]] == (HAND, 1)
    assert agent(g, 1).seen[-1].options == ["hand card 1", "hand card 2"]  # the taker, blind
    assert not agent(g, 0).seen


def test_swap_equipment_exchanges_both_areas(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    sword, horse, shield = give(g, 1, "qinggang_sword"), give(g, 1, "chitu"), give(g, 2,
                                                                                  "renwang_shield")
    for seat, uid in ((1, sword), (1, horse), (2, shield)):
        g.equip(seat, uid, None)
    ACTIONS["swap_equipment"](g, {"who": {"var": "a"}, "with": {"var": "b"}},
                              frame(g, 0, a=(1,), b=(2,)))
    assert sorted(g.table.players[2].equipment.values()) == sorted([sword, horse])
    assert list(g.table.players[1].equipment.values()) == [shield]
    assert not g.table.processing
    assert any(e["e"] == "swap_equipment" for e in g.log)


def test_a_choice_where_each_one_meets_a_condition(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    give(g, 1, "slash")
    give(g, 3, "jink")
    f = frame(g, 0, a=(1,))
    unequal = {"noun": "others", "filters": [], "except": [{"var": "a"}],
               "where": {"as": "b", "cond": {"compare": "!=",
                                             "left": {"ref": ["b", "hand_count"]},
                                             "right": {"ref": ["a", "hand_count"]}}}}
    assert sorted(g.interp.select(unequal, f)) == [2, 4]  # seat 3 holds as many as seat 1
    assert not g.interp.names_seat({"select": unequal}, 3, f)
    picked = ACTIONS["pick"](g, {"who": {"select": {**unequal, "count": 1}}}, f)
    assert picked in ((2,), (4,))


def test_a_card_name_and_a_type_are_alternatives(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    spec = {"count": 1, "filters": {"card_type": ["equipment_card"], "name": ["slash"]}}
    ok = [give(g, 0, "slash"), give(g, 0, "qinggang_sword")]
    give(g, 0, "jink")
    assert sorted(g.interp.candidates(0, spec)) == sorted(ok)
    red = {"filters": {"card_type": ["equipment_card"], "name": ["slash"], "color": ["red"]}}
    assert all(g.interp.color_of(g.table.card(u)) == "red"
               for u in g.interp.candidates(0, red))


def test_every_primitive_module_imports_first() -> None:
    """A word module imported on its own (before the rest of the engine) loads: no import
    cycle among the primitive families."""
    import subprocess
    import sys
    from pathlib import Path

    engine = Path(__file__).resolve().parents[2] / "sgs_tools" / "engine"
    for path in sorted(engine.glob("prim*.py")):
        name = f"sgs_tools.engine.{path.stem}"
        done = subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True,
                              text=True, check=False)
        assert done.returncode == 0, (name, done.stderr[-500:])


def test_named_piles_count_and_filter_their_cards(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    cards = [give(g, 0, "slash"), give(g, 0, "jink"), give(g, 0, "peach")]
    f = frame(g, 0)
    named = ACTIONS["put_on_general"](g, {"cards": {"cards": {"count": 2, "filters": {
        "zone": ["hand"]}}}, "pile": "quan"}, f)
    assert len(named) == 2 and all(g.table.where[u] == (GENERAL_PILE, 0) for u in named)
    f.vars["last"] = [u for u in cards if u not in named]
    ACTIONS["put_on_general"](g, {"cards": {"var": "last"}}, f)  # unnamed
    assert g.interp.value({"pile": "quan"}, f) == 2
    assert g.interp.value({"quantity": "general_pile_count"}, f) == 3
    spec = {"count": 1, "filters": {"pile": ["quan"]}}
    assert sorted(g.interp.candidates(0, spec)) == sorted(named)
    gone = ACTIONS["put_in_discard_pile"](g, {"cards": {"cards": spec}}, f)
    assert len(gone) == 1 and gone[0] in named and g.interp.value({"pile": "quan"}, f) == 1
    assert can_pay(g, {"do": "put_in_discard_pile", "args": {"cards": {"cards": spec}}}, f)
    ACTIONS["put_in_discard_pile"](g, {"cards": {"cards": spec}}, f)
    assert not can_pay(g, {"do": "put_in_discard_pile", "args": {"cards": {"cards": spec}}}, f)


def test_marks_are_gained_lost_and_counted(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    f = frame(g, 0)
    ACTIONS["gain_mark"](g, {"mark": "ren", "n": 2, "who": {"actor": True}}, f)
    assert g.interp.value({"mark": "ren"}, f) == 2
    lose = {"do": "lose_mark", "args": {"mark": "ren", "n": 3, "who": {"actor": True}}}
    assert not can_pay(g, lose, f)
    ACTIONS["lose_mark"](g, lose["args"], f)
    assert g.interp.value({"mark": "ren"}, f) == 0  # never below none
    assert [e["total"] for e in g.log if e["e"] == "mark"] == [2, 0]


def test_this_general_is_the_slot_carrying_the_skill(lib: Library) -> None:
    g = table(lib, ["gz_zoushi+gz_zhangjiao", "gz_guanyu+gz_zhangfei",
                    "gz_caocao+gz_zhangliao"])
    skill = g.lib.general("gz_zoushi").skills[0].id
    head = frame(g, 0, skill)
    assert g.interp.value("this_general", head) == "head"
    assert g.interp.cond({"is": "head", "subject": "this_general"}, head)
    assert not g.interp.cond({"is": "deputy", "subject": "this_general"}, head)
    swapped = table(lib, ["gz_zhangjiao+gz_zoushi", "gz_guanyu+gz_zhangfei",
                          "gz_caocao+gz_zhangliao"])
    assert swapped.interp.value("this_general", frame(swapped, 0, skill)) == "deputy"
    plain = table(lib, FIVE, mode="identity")
    assert plain.interp.value("this_general", frame(plain, 0, "jianxiong")) is None


def test_head_and_deputy_skills_work_only_in_their_slot() -> None:
    from sgs_tools.engine.modes.guozhan import slot_allows

    class Tagged:
        def __init__(self, *tags: str) -> None:
            self.tags = tags

    assert slot_allows(Tagged("head"), 0) and not slot_allows(Tagged("head"), 1)
    assert slot_allows(Tagged("deputy"), 1) and not slot_allows(Tagged("deputy"), 0)
    assert slot_allows(Tagged(), 0) and slot_allows(Tagged("locked"), 1)


def test_may_refuse_a_card_used_on_you(lib: Library) -> None:
    from sgs_tools.engine.modifiers import Temporary
    from sgs_tools.engine.prim_refuse import refused
    from sgs_tools.engine.records import Use

    g = table(lib, FIVE, mode="identity", rules={1: [("refuse peach", "no")]})
    f = frame(g, 1)
    g.statics.temporary.append(Temporary(1, "may_refuse", {"card": {"cards": {
        "filters": {"name": ["peach"]}}}, "from": {"var": "giver"}}, frame(g, 1, giver=(0,)),
        "end", "turn"))
    peach = Use("peach", give(g, 0, "peach"), 0, None, [1])
    assert not refused(g, peach, 1, f)  # asked, and said no
    agent(g, 1).rules = [("refuse peach", "yes")]
    assert refused(g, peach, 1, f)
    assert g.log[-1] == {"e": "refuse", "seat": 1, "card": "peach", "by": 0, "skill": "rules"}
    other = Use("peach", give(g, 2, "peach"), 2, None, [1])
    assert not refused(g, other, 1, f)  # not from the character it names
    slash = Use("slash", give(g, 0, "slash"), 0, None, [1])
    assert not refused(g, slash, 1, f)  # not a card it covers
    asked = [d.prompt for d in agent(g, 1).seen]
    assert asked == ["refuse peach from seat 0", "refuse peach from seat 0"]


def _until_turn_end(g: Any, seat: int, word: str, args: dict[str, Any], **vars: Any) -> None:
    from sgs_tools.engine.modifiers import Temporary

    g.statics.temporary.append(Temporary(seat, word, args, frame(g, seat, **vars), "end",
                                         "turn"))


def test_distance_armour_and_uses_aimed_at_one_character(lib: Library) -> None:
    from sgs_tools.engine.prim_targets import armour_ignored_of, unlimited_on
    from sgs_tools.engine.records import Use

    g = table(lib, FIVE, mode="identity")
    slash = give(g, 0, "slash")
    use = Use("slash", slash, 0, g.lib.actions["slash"][0])
    f = frame(g, 0)
    f.use = use
    far = g.table.players[2]  # distance 2 from seat 0, beyond its attack range of 1
    assert not g.interp.filter_ok("in_range", far, 0, f)
    _until_turn_end(g, 0, "ignore_distance_to", {"to": {"var": "t"}}, t=(2,))
    _until_turn_end(g, 0, "ignore_armour_of", {"to": {"var": "t"}}, t=(2,))
    _until_turn_end(g, 0, "unlimited_on", {"card": {"cards": {"filters": {"name": ["slash"]}}},
                                           "to": {"var": "t"}}, t=(2,))
    assert g.interp.filter_ok("in_range", far, 0, f)
    assert not g.interp.filter_ok("in_range", far, 0, frame(g, 0))  # not for others' sakes
    assert armour_ignored_of(g, 0, 2) and not armour_ignored_of(g, 0, 3)
    assert unlimited_on(g, 0, slash) == {2}
    g.table.current, g.table.phase = 0, "play"
    g.phase_uses[(0, "slash")] = 1  # the one Slash of the phase already used
    assert g.card_usable(0, "slash", slash, PLAY)  # still usable: on seat 2
    g.end_period("turn")
    assert not g.card_usable(0, "slash", slash, PLAY)


def test_an_uncounted_slash_on_the_aimed_character(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    g.table.current, g.table.phase = 0, "play"
    _until_turn_end(g, 0, "unlimited_on", {"card": {"cards": {"filters": {"name": ["slash"]}}},
                                           "to": {"var": "t"}}, t=(1,))
    slash = give(g, 0, "slash")
    assert g.use_card(0, [slash], "slash", preset=[1], in_play=True)
    assert g.phase_uses.get((0, "slash"), 0) == 0  # a Slash on seat 1 is not counted
    other = give(g, 0, "slash")
    assert g.use_card(0, [other], "slash", preset=[4], in_play=True)
    assert g.phase_uses[(0, "slash")] == 1


def test_a_hand_card_that_counts_as_another(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    g.table.current, g.table.phase = 0, "play"
    _until_turn_end(g, 0, "change_name", {"from": {"cards": {"filters": {
        "name": ["jink"]}, "noun": "cards"}}, "into": "slash"})
    jink = give(g, 0, "jink")
    options = g.play_options(0, PLAY, set())
    assert [o[0] for o in options] == [f"rules: {g.face(jink)} as slash"]  # (no skill here)
    assert not g.card_usable(0, "jink", jink, PLAY)
    sources = g.response_sources(0, "slash")
    assert [s[1] for s in sources] == [[jink]]
    assert g.response_sources(0, "jink") == []
    slashes = g.interp.candidates(0, {"count": 1, "filters": {"name": ["slash"]}})
    assert slashes == [jink]
    assert g.do_play_option(0, options[0], PLAY)
    assert any(e["e"] == "use" and e["card"].startswith("slash") for e in g.log)


def test_after_this_waits_for_the_event_to_resolve(lib: Library) -> None:
    from sgs_tools.engine.prim_state import DEFERRED

    g = table(lib, FIVE, mode="identity")
    payload: dict[str, Any] = {"amount": 1}
    f = frame(g, 0)
    f.event = payload
    g.interp.run([{"after_this": [{"do": "draw", "args": {"n": 2, "who": {"actor": True}}}]}],
                 f)
    assert DEFERRED in payload and not g.table.players[0].hand
    g.emit("take_damage", "after", 0, payload)
    assert len(g.table.players[0].hand) == 2 and DEFERRED not in payload
    g.emit("take_damage", "after", 0, payload)  # run once only
    assert len(g.table.players[0].hand) == 2

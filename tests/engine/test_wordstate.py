"""What a word keeps (sgs_tools/engine/wordstate.py) ends when it says, not by its name."""

from __future__ import annotations

from sgs_tools.engine.wordstate import END_OF_TURN, PHASE, TURN, End, WordState


def test_item_values_last_one_phase_and_kept_ones_their_ends() -> None:
    s = WordState()
    s["draw_adjust"] = 1
    s.keep("named_color:2", "red", END_OF_TURN)
    s.keep("borrow_weapon:0", 17, (End(PHASE, "discard"), End(TURN)))
    assert s.expire(PHASE, "play") == ["draw_adjust"]
    assert "named_color:2" in s and s.get("borrow_weapon:0") == 17
    assert s.expire(PHASE, "discard") == ["borrow_weapon:0"]
    assert s.expire(TURN) == ["named_color:2"]
    assert list(s) == []


def test_a_value_set_again_keeps_its_ends() -> None:
    s = WordState()
    s.keep("questioners", [1], END_OF_TURN)
    s["questioners"] = [1, 2]
    assert s.expire(PHASE) == []
    assert s.expire(TURN) == ["questioners"]
    assert s.setdefault("ended", set()) == set() and s.keys_with("end") == ["ended"]
    assert s.pop("ended") == set() and s.pop("ended", "gone") == "gone"

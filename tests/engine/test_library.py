"""The library: hooks indexed by event, and gaps (words with no primitive) reported."""

from __future__ import annotations

from sgs_tools import project
from sgs_tools.engine import words
from sgs_tools.engine.library import Library
from sgs_tools.engine.primitives import ACTIONS


def test_missing_words_are_gaps() -> None:
    hook = {"skill": "x", "kind": "trigger", "event": "moon_rises", "timing": "after",
            "steps": [{"do": "teleport", "args": {}},
                      {"do": "draw", "args": {"n": {"quantity": "stars"}}}],
            "modifiers": [{"modifier": "levitate", "args": {}}]}
    assert Library.missing_words(hook) == ["event moon_rises", "action teleport",
                                           "quantity stars", "modifier levitate"]


def test_a_hook_with_a_gap_is_never_indexed(lib: Library) -> None:
    for ident, missing in lib.gaps.items():
        assert missing
        for hooks in (lib.actions.get(ident, []), lib.statics.get(ident, []),
                      lib.views.get(ident, [])):
            assert all(not h.gaps for h in hooks)
    for hooks in lib.by_event.values():
        assert all(not h.gaps for h in hooks)


def test_every_core_action_has_a_primitive(lib: Library) -> None:
    core = lib.effects.compiled["slash"].registry
    assert set(core.actions) - set(ACTIONS) - {"view_as"} == set() or all(
        a in ACTIONS for a in ("draw", "discard", "damage", "judge", "respond", "pick"))
    assert "view_as" in words.known("action") or ()


def test_card_hooks_know_their_type(lib: Library) -> None:
    (diagram,) = [h for h in lib.by_event[("asked", "when")] if h.source == "eight_diagram"]
    assert diagram.origin == "card" and diagram.card_type == "equipment"
    assert lib.actions["slash"][0].harmful


def test_census_counts_words(lib: Library) -> None:
    census = lib.word_census(["slash"])
    assert census["action"]["damage"] >= 1
    assert census["action"]["respond_use"] >= 1


def test_an_expansion_deck_joins_the_modes_it_names() -> None:
    from tests.conftest import EXAMPLES

    lib = project.library([EXAMPLES / "positive" / "expansion"])
    identity = lib.catalog.modes["identity"]
    assert lib.catalog.decks_of(identity) == [*identity.decks, "fanmade"]
    cards = [card for card, _suit, _rank in lib.deck(identity)]
    assert "iron_halberd" in cards and len(cards) == 108 + 3
    korean = lib.catalog.modes["korean"]
    assert "iron_halberd" not in [card for card, _s, _r in lib.deck(korean)]

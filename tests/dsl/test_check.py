"""The checker's messages about a misplaced or misread word: what the user wrote, in the
user's words (review, session 8)."""

from __future__ import annotations

from sgs_tools.dsl.check import Context, check
from sgs_tools.dsl.parse import parse
from sgs_tools.dsl.vocabulary import registry

CARDS = frozenset({"slash", "jink", "peach"})


def issues(text: str) -> list[tuple[str, str, str]]:
    analysis = check(parse(text), Context(registry(frozenset({"identity"})), CARDS,
                                          frozenset()))
    return [(i.code, i.message, i.hint or "") for i in analysis.issues]


def test_an_action_outside_a_trigger_says_where_actions_go() -> None:
    """It said "'draw' is a action; it belongs in a block", also for `draw 1` inside a
    top-level `if hp > 2:` block."""
    for text in ("draw 1\n", "if hp > 2:\n  draw 1\n"):
        (code, message, hint), = issues(text)
        assert (code, message) == ("dsl-unknown-word", "unknown modifier 'draw'")
        assert hint.startswith("'draw' is an action: it goes under a trigger ('at start of "
                               "play:'"), hint


def test_a_modifier_under_a_trigger_says_where_modifiers_go() -> None:
    """It said "it belongs at clause level"."""
    (code, message, hint), = issues("at start of play:\n  draw_count +1\n")
    assert (code, message) == ("dsl-unknown-word", "unknown action 'draw_count'")
    assert hint == ("'draw_count' is a modifier (it always holds): write it on a line of "
                    "its own, not under a trigger")


def test_an_unexpected_signed_amount_is_shown_as_written() -> None:
    """It said "unexpected signed in 'recover'" (the syntax node's class name)."""
    (code, message, _hint), = issues("after take_damage:\n  recover -1\n")
    assert (code, message) == ("dsl-unexpected-word",
                               "unexpected signed amount '-1' in 'recover'")


def test_did_you_mean_does_not_list_its_word_again() -> None:
    (_code, _message, hint), = issues("after tkae_damage:\n  draw 1\n")
    assert hint.startswith("did you mean 'take_damage'? (also near: ")
    assert hint.count("'take_damage'") == 1

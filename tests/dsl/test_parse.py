"""The parser: syntax error messages (table-driven), positions, and parse/unparse round trips."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from sgs_tools.dsl import ast as A
from sgs_tools.dsl.parse import SYNTAX_ERRORS, EffectSyntaxError, parse
from sgs_tools.dsl.unparse import unparse
from tests.dsl.strategies import EFFECTS

CASES = [(label, example) for label, examples in SYNTAX_ERRORS.items() for example in examples]


@pytest.mark.parametrize(("label", "example"), CASES)
def test_error_table_examples_give_their_message(label: str, example: str) -> None:
    with pytest.raises(EffectSyntaxError) as info:
        parse(example)
    problem = info.value.problem
    assert problem.message == label.strip()
    assert problem.line >= 1 and problem.col >= 1


def test_positions_point_into_the_text() -> None:
    effect = parse("after take_damage:\n  may judge\n  draw 2 for source\n")
    trigger = effect.clauses[0]
    assert isinstance(trigger, A.Trigger)
    assert (trigger.pos.line, trigger.pos.col) == (1, 1)
    assert (trigger.event_pos.line, trigger.event_pos.col) == (1, 7)
    third = trigger.body[1]
    assert isinstance(third, A.Do)
    assert (third.sentence.pos.line, third.sentence.pos.col) == (3, 3)
    assert (third.sentence.words[2].pos.line, third.sentence.words[2].pos.col) == (3, 14)


def test_keywords_stay_words_where_no_keyword_fits() -> None:
    effect = parse("after take_damage:\n  ask_play jink for you\n")
    trigger = effect.clauses[0]
    assert isinstance(trigger, A.Trigger)
    step = trigger.body[0]
    assert isinstance(step, A.Do)
    assert [w.name for w in step.sentence.words if isinstance(w, A.Word)] == [
        "jink", "for", "you"]


def test_tabs_and_crlf_are_accepted() -> None:
    assert parse("after take_damage:\r\n\tdraw 1\r\n") == parse("after take_damage:\n  draw 1\n")


@pytest.mark.parametrize(("text", "where"), [
    # two spaces and a tab: 6 columns to the parser, 4 in an editor with 4-column tab stops,
    # where 'draw 2' looks like the if's sibling but was read as inside it
    ("after take_damage:\n    if hp < 2:\n      draw 1\n  \tdraw 2\n", (4, 3)),
    ("after take_damage:\n\tif hp < 2:\n\t\tdraw 1\n    draw 2\n", (4, 1)),
    ("after take_damage:\n  draw 1\n\t\n  draw 2\n\tdraw 3\n", (5, 1)),
])
def test_indentation_mixing_tabs_and_spaces_is_refused(text: str,
                                                       where: tuple[int, int]) -> None:
    """Review, session 7: a tab counted as four columns wherever it stood, so a line
    mixing tabs and spaces could sit in another block than the one an editor shows."""
    with pytest.raises(EffectSyntaxError) as info:
        parse(text)
    problem = info.value.problem
    assert (problem.line, problem.col) == where
    assert "tabs and spaces" in problem.message


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(EFFECTS)
def test_unparse_then_parse_is_identity(effect: A.Effect) -> None:
    text = unparse(effect)
    assert parse(text) == effect, text

"""Words that act on what an event is about (``uncount``: the card being used;
``add_target``: the card whose targets are chosen) are refused, with their position, in a
clause that is no trigger on such an event: they would validate and do nothing (issue 13).
Misspelt, they are suggested."""

from __future__ import annotations

import pytest

from sgs_tools.dsl.check import Context, check
from sgs_tools.dsl.parse import parse
from sgs_tools.dsl.vocabulary import registry


def issues(text: str) -> list[tuple[str, int, int, str]]:
    ctx = Context(registry(), frozenset({"slash", "jink"}), frozenset())
    return [(i.code, i.line, i.col, i.message)
            for i in check(parse(text), ctx).issues]


@pytest.mark.parametrize(("word", "events"), [
    ("uncount", "'use'"),
    ("add_target others", "'targeted' or 'targeting' or 'use'"),
])
def test_outside_its_event_it_is_refused_where_it_stands(word: str, events: str) -> None:
    found = issues(f"after take_damage:\n  draw 1\n  {word}\n")
    assert [(c, line, col) for c, line, col, _ in found] == [("dsl-needs-event", 3, 3)]
    assert events in found[0][3] and "'take_damage' trigger" in found[0][3]
    found = issues(f"action:\n  {word}\n")
    assert [c for c, *_ in found] == ["dsl-needs-event"] and "this clause" in found[0][3]


@pytest.mark.parametrize("text", [
    "when use slash of players in_play_phase:\n  uncount\n",
    "when targeted by slash:\n  add_target others\n",
    "when targeting with slash:\n  add_target 1 other except target\n",
])
def test_in_its_event_it_is_accepted(text: str) -> None:
    assert issues(text) == []


def test_a_misspelt_word_is_suggested() -> None:
    found = issues("when use slash:\n  uncont\n")
    assert found and found[0][0] == "dsl-unknown-word"
    ctx = Context(registry(), frozenset({"slash"}), frozenset())
    hint = check(parse("when use slash:\n  uncont\n"), ctx).issues[0].hint or ""
    assert "'uncount'" in hint

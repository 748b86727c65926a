"""Each event declares the timings the rules raise it at; the checker refuses a timing
that never happens ('when dodged', 'after judge') and a card's own event in a skill, at
the clause (issue 13: they validated and never fired)."""

from __future__ import annotations

import pytest

from sgs_tools.dsl.check import Context, check
from sgs_tools.dsl.parse import parse
from sgs_tools.dsl.vocabulary import TIMINGS, full_registry, registry


def issues(text: str, owner: str = "skill") -> list[tuple[int, int, str, str]]:
    tags = ("awakening",) if text.startswith("awaken") else ()
    ctx = Context(registry(), frozenset({"slash", "jink"}), frozenset(), tags, owner)
    return [(i.line, i.col, i.code, i.message) for i in check(parse(text), ctx).issues]


@pytest.mark.parametrize(("text", "message"), [
    ("when dodged:\n  draw 1\n", "'when dodged' never happens: 'dodged' is raised 'after' only"),
    ("after judge:\n  draw 1\n",
     "'after judge' never happens: 'judge' is raised 'before' and 'when' only"),
    ("before judged:\n  draw 1\n", "'before judged' never happens"),
    ("after dying:\n  draw 1\n", "'after dying' never happens: 'dying' is raised 'when' only"),
    ("awaken before turned_over when hp == 1:\n  draw 1\n", "'before turned_over' never"),
])
def test_a_timing_never_raised_is_refused_at_the_clause(text: str, message: str) -> None:
    found = issues(text)
    assert len(found) == 1 and found[0][:3] == (1, 1, "dsl-timing"), found
    assert found[0][3].startswith(message), found


def test_a_cards_own_event_is_refused_in_a_skill_only() -> None:
    found = issues("when delayed_effect:\n  draw 1\n")
    assert [f[2] for f in found] == ["dsl-timing"] and "card's own event" in found[0][3]
    assert issues("when delayed_effect:\n  draw 1\n", owner="card") == []


def test_raised_timings_pass() -> None:
    for text in ("after dodged:\n  draw 1\n", "before judge:\n  draw 1\n",
                 "when dying of others:\n  draw 1\n", "before take_damage:\n  draw 1\n"):
        assert issues(text) == [], text


def test_every_event_declares_timings_among_the_three() -> None:
    for name, event in full_registry().events.items():
        assert event.timings and set(event.timings) <= set(TIMINGS), name

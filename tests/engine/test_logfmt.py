"""`sgs replay`'s log lines: every event reads as a sentence, none as raw fields."""

from __future__ import annotations

import pytest

from sgs_tools.sim.logfmt import line

NAMES = {0: "seat 0 (liubei)", 1: "seat 1 (caocao)", 2: "seat 2 (sunquan)"}


@pytest.mark.parametrize(("entry", "expected"), [
    ({"e": "cancel", "card": "slash", "targets": [1], "skill": "jink"},
     "slash is cancelled for seat 1 (caocao) (jink)"),
    ({"e": "pass_on", "card": "lightning", "to": 2},
     "lightning passes on to seat 2 (sunquan)"),
    ({"e": "reshuffle", "cards": 98},
     "the discard pile is shuffled into a new deck (98 cards)"),
    ({"e": "skip", "seat": 0, "phase": "play"}, "seat 0 (liubei) skips the play phase"),
    ({"e": "redirect", "card": "slash", "frm": 0, "to": 2, "skill": "liuli"},
     "slash is moved from seat 0 (liubei) to seat 2 (sunquan) (liuli)"),
    ({"e": "turn_over", "seat": 1, "turned_over": True}, "seat 1 (caocao) is turned face down"),
])
def test_events_read_as_sentences(entry: dict[str, object], expected: str) -> None:
    text = line(entry, NAMES)
    assert text is not None and text.strip() == expected

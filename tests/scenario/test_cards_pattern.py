"""The card pattern: `sgs test` (format.parse_card) and the scenario schema accept the same
card texts, because both use sgs_tools/scenario/cards_pattern.py."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sgs_tools.data import schemas
from sgs_tools.scenario import cards_pattern
from sgs_tools.scenario.format import CardSpec, parse_card

CARD = re.compile(cards_pattern.CARD_PATTERN)
JUDGEMENT = re.compile(cards_pattern.JUDGEMENT_CARD_PATTERN)

ACCEPTED = ["slash", "slash ♠7", "slash ♠ 7", "spade 7 slash", "♠7 slash", "spades 10 slash",
            "heart A peach", "jink ♦q", "jink 2♥", "jink 10 ♦", "jink 7 Spades",
            "HEART K peach", "  slash ♠7  ", "slash\t♣J", "fire_slash ♦4", "x1 ♠2"]
REJECTED = ["", " ", "slash ♠", "slash 7", "slash jink", "♠7", "Slash", "slash ♠7 ♥7",
            "slash ♠♥7", "slash7♠", "7spade slash", "slash♠7", "a", "spade", "as",
            "slash as", "slash ♠1", "slash ♠11", "slash\n", "slash ♠7\n", "slash\u3000♠7",
            "1slash", "slash-2", "jink ♦3 as indulgence"]
JUDGEMENT_ONLY = ["jink ♦3 as indulgence", "lightning ♠A", "slash as lightning",
                  "jink 3♦  as  indulgence"]


def _reads(text: str) -> bool:
    return isinstance(parse_card(text), CardSpec)


@pytest.mark.parametrize("text", ACCEPTED)
def test_accepted_everywhere(text: str) -> None:
    assert CARD.search(text)
    assert JUDGEMENT.search(text)
    assert _reads(text)


@pytest.mark.parametrize("text", REJECTED)
def test_rejected_as_a_card(text: str) -> None:
    assert not CARD.search(text)


@pytest.mark.parametrize("text", JUDGEMENT_ONLY)
def test_judgement_cards(text: str) -> None:
    assert JUDGEMENT.search(text)
    assert _reads(text)


def test_the_issue_example_reads_both_ways() -> None:
    spec = parse_card("jink 2♥")
    assert isinstance(spec, CardSpec)
    assert (spec.name, spec.suit, spec.rank) == ("jink", "heart", 2)
    assert CARD.search("jink 2♥")


def test_unreadable_says_what_a_card_is() -> None:
    message = parse_card("slash ♠7 ♥7")
    assert isinstance(message, str)
    assert "cannot read card 'slash ♠7 ♥7'" in message and "'name ♠7'" in message


TOKENS = st.sampled_from(["slash", "jink", "as", "indulgence", "♠", "♥", "♦", "♣", "7", "10",
                          "1", "A", "q", "K", "spade", "Hearts", "clubs", " ", "  ", "\t",
                          "x", "_", "9", "\n", "-", "S", "a", "diamondss", "é"])


@given(st.lists(TOKENS, max_size=7).map("".join))
def test_parser_and_schema_pattern_agree(text: str) -> None:
    """What parse_card reads is exactly what the judgement-zone pattern matches."""
    assert bool(JUDGEMENT.search(text)) == _reads(text), text


@given(st.lists(TOKENS, max_size=7).map("".join))
def test_card_pattern_is_the_judgement_pattern_without_as(text: str) -> None:
    spec = parse_card(text)
    plain = isinstance(spec, CardSpec) and spec.view is None
    assert bool(CARD.search(text)) == plain, text


def test_the_shipped_schema_uses_the_patterns() -> None:
    defs = schemas.schema("scenario")["$defs"]
    assert defs["card"]["pattern"] == cards_pattern.CARD_PATTERN
    assert defs["judgement_card"]["pattern"] == cards_pattern.JUDGEMENT_CARD_PATTERN

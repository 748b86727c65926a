"""Which words a mode's data may use: the mechanics every mode has, the words of one mode's
own concepts refused elsewhere with the mode named, and the nearest known words listed for
an unknown one."""

from __future__ import annotations

import pytest

from sgs_tools.dsl.check import Context, check
from sgs_tools.dsl.parse import parse
from sgs_tools.dsl.vocabulary import registry

CARDS = frozenset({"slash", "jink", "peach", "analeptic"})


def issues(text: str, mode: str = "identity") -> list[tuple[str, str, str]]:
    analysis = check(parse(text), Context(registry(frozenset({mode})), CARDS, frozenset()))
    return [(i.code, i.message, i.hint or "") for i in analysis.issues]


# Mechanics first written for Guozhan generals, none about a Guozhan concept: an
# identity-mode general can use each of them.
MECHANICS = {
    "pindian": "action:\n  pick other with_hand_cards as t\n  pindian with t\n"
               "  if pindian_number > rival_pindian_number:\n    draw 1\n",
    "uncounted use": "action:\n  pick other as t\n  use_uncounted slash on t\n",
    "cards discarded": "after cards_discarded of others:\n  may gain cards\n",
    "choosing among revealed cards": "action:\n  reveal_from_deck 3 as shown\n"
                                     "  choose_cards 1 from shown as kept\n  gain kept\n"
                                     "  gain_one shown\n",
    "in another's attack range": "action:\n  pick other as t\n"
                                 "  pick_in_range_of other of t as v\n  damage 1 to v\n",
    "a pile on the general card": "action:\n  reveal_from_deck 1 as shown\n"
                                  "  put_on_general shown\n  draw general_pile_count\n",
}


@pytest.mark.parametrize("text", MECHANICS.values(), ids=list(MECHANICS))
def test_mechanics_are_every_modes(text: str) -> None:
    assert issues(text, "identity") == []
    assert issues(text, "korean") == []


# Words about Guozhan's own concepts: refused in identity, naming the mode that has them.
GUOZHAN_ONLY = {
    "reveal_general": "after take_damage:\n  reveal_general\n",
    "revealed": "after revealed:\n  draw 1\n",
    "unrevealed": "after take_damage:\n  if you is unrevealed:\n    draw 1\n",
    "same_kingdom": "after take_damage:\n  pick same_kingdom others as t\n",
    "kingdom_count": "after take_damage:\n  draw kingdom_count\n",
    "min_kingdom_count": "after take_damage:\n  if amount > min_kingdom_count:\n    draw 1\n",
}


@pytest.mark.parametrize("word", list(GUOZHAN_ONLY))
def test_a_modes_own_word_is_refused_elsewhere_naming_the_mode(word: str) -> None:
    found = issues(GUOZHAN_ONLY[word], "identity")
    assert found, word
    hint = found[0][2]
    assert f"{word!r} is" in hint and "guozhan" in hint and "only the guozhan mode" in hint
    assert issues(GUOZHAN_ONLY[word], "guozhan") == []


def test_an_unknown_function_lists_the_nearest_known() -> None:
    (code, message, hint), = issues("after take_damage:\n  draw (mx(1, 2))\n")
    assert code == "dsl-unknown-function" and "'mx'" in message
    assert hint.startswith("did you mean 'max'?") and "'min'" in hint
    (_code, _message, hint), = issues("after take_damage:\n  draw (foo(1, 2))\n")
    assert hint.startswith("known: ") and "'difference'" in hint and "'half'" in hint


def test_an_unknown_word_lists_the_nearest_known() -> None:
    (code, _message, hint), = issues("after take_damage:\n  drow 1\n")
    assert code == "dsl-unknown-word"
    assert hint.startswith("did you mean 'draw'? (also near: ") and "'draw', " not in hint
    (_code, _message, hint), = issues("after take_damage:\n  frobnicate 1\n")
    assert hint.startswith("nearest known: ")  # nothing close: still the nearest three
    (_code, message, hint), = issues("after tak_damage:\n  draw 1\n")
    assert "'tak_damage'" in message and "did you mean 'take_damage'?" in hint
    (_code, message, hint), = issues("after take_damage:\n  if source in with_hand_crads:\n"
                                     "    draw 1\n")
    assert "with_hand_crads" in message and "'with_hand_cards'" in hint

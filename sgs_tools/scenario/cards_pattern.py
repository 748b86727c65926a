"""How a scenario writes a card (``slash``, ``slash ♠7``, ``heart 5 jink``, ``jink 2♥``,
``jink ♦3 as indulgence``): one definition, used by `sgs test` and by the scenario schema.

The pattern is written once here, in the common subset of Python's ``re`` and ECMAScript
regular expressions (what JSON Schema's ``pattern`` means and what editors run), and
:mod:`sgs_tools.scenario.format` refuses any card text it does not match, so the schema an
editor checks with and the parser `sgs test` reads with accept exactly the same cards.

A card is a name, alone or with a suit and a rank on either side of it. The suit is a
symbol (♠ ♥ ♣ ♦) or a suit word in any case (``spade``, ``Hearts``); the rank is 2–10, A, J,
Q or K (either case), before or after the suit; a suit symbol needs no space beside its
rank. In the judgement zone a card may be placed ``as`` a delayed trick.
"""

from __future__ import annotations

import re


def _any_case(word: str) -> str:
    return "".join(f"[{c.lower()}{c.upper()}]" for c in word)


_SP = "[ \\t]"
SYMBOL = "[♠♥♣♦]"
SUIT_WORD = "(?:" + "|".join(_any_case(w) + "[sS]?" for w in
                             ("spade", "heart", "club", "diamond")) + ")"
RANK = "(?:10|[2-9AJQKajqk])"
_END = "(?![a-z0-9_])"
NAME = ("(?!(?:spades?|hearts?|clubs?|diamonds?|[ajqk]|as)" + _END + ")"
        "[a-z_][a-z0-9_]*")
"""A card id: not a suit word, not a rank letter, not ``as``."""
VIEW = "[a-z_]+"
_SUIT_RANK = (f"(?:{SYMBOL}{_SP}*{RANK}|{SUIT_WORD}{_SP}+{RANK}"
              f"|{RANK}{_SP}*{SYMBOL}|{RANK}{_SP}+{SUIT_WORD})")
_CARD = f"(?:{NAME}(?:{_SP}+{_SUIT_RANK})?|{_SUIT_RANK}{_SP}+{NAME})"

CARD_PATTERN = f"^{_SP}*{_CARD}{_SP}*(?!\\n)$"
"""A card in a hand, the deck, the discard pile or an expected state."""
JUDGEMENT_CARD_PATTERN = f"^{_SP}*{_CARD}(?:{_SP}+as{_SP}+{VIEW})?{_SP}*(?!\\n)$"
"""A card in a judgement zone: as a card, optionally followed by ``as DELAYED_TRICK``."""

CARD_MESSAGE = ("a card is 'name', 'name ♠7' or 'spade 7 name': a card id with, if you "
                "like, a suit (♠ ♥ ♣ ♦ or spade, heart, club, diamond) and a rank "
                "(2-10, A, J, Q, K)")
JUDGEMENT_CARD_MESSAGE = CARD_MESSAGE + ", and in a judgement zone 'as' a delayed trick"

_JUDGEMENT_CARD = re.compile(JUDGEMENT_CARD_PATTERN)


def unreadable(text: object) -> str | None:
    """Why ``text`` is not a card (in any zone), or None when it reads as one."""
    if isinstance(text, str) and _JUDGEMENT_CARD.search(text):
        return None
    return f"cannot read card {str(text)!r}: {CARD_MESSAGE}"

"""Counts: how many colours, suits or types a set of cards shows (智愚's "all the same
colour", 举荐's "three of one type"), and what lies in a general card's named piles and
marks (钟会's 权).

Registered here: ``CARD_ATTRIBUTES`` (attributes of cards, consulted by
``Interpreter.cards_attr``), and the pile and mark readings ``Interpreter`` uses for a
``{"pile": NAME}`` / ``{"mark": NAME}`` number and a card filter's ``pile``. No engine
module is imported here, so the interpreter can use it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.state import Player

KIND_OF_TYPE = {"delayed_trick": "trick"}
"""A delayed trick is a trick: 锦囊牌 is one type of card, basic and equipment the others."""


def _colors(g: Game, uids: list[int]) -> int:
    return len({c for c in (g.interp.color_of(g.table.card(u)) for u in uids) if c})


def _suits(g: Game, uids: list[int]) -> int:
    return len({s for s in (g.interp.suit_of(g.table.card(u)) for u in uids) if s})


def _types(g: Game, uids: list[int]) -> int:
    return len({KIND_OF_TYPE.get(t, t) for t in (g.table.card(u).type for u in uids)})


CARD_ATTRIBUTES: dict[str, Callable[[Game, list[int]], int]] = {
    "color_count": _colors,
    "suit_count": _suits,
    "type_count": _types,
}
"""Attribute of cards → how it is counted (an empty set counts 0)."""


# -- named piles and marks on a general card (a general's `piles:` and `marks:`) --------

PILES = "piles"
"""``Player.marks`` key: uid of a card on the general card → the name of its pile."""
MARKS = "mark:"
"""``Player.marks`` key prefix: ``mark:NAME`` → how many such marks the character has."""


def pile_of(p: Player, uid: int) -> str | None:
    """The named pile a card on ``p``'s general card belongs to (None: unnamed)."""
    named = p.marks.get(PILES)
    return named.get(uid) if isinstance(named, dict) else None


def pile_cards(p: Player, name: str) -> list[int]:
    """The cards of ``p``'s pile called ``name``, in the order they were put there."""
    return [u for u in p.pile if pile_of(p, u) == name]


def mark_count(p: Player, name: str) -> int:
    return int(p.marks.get(MARKS + name, 0))


def name_pile(p: Player, uids: list[int], name: object) -> None:
    """Cards just put on ``p``'s general card join the pile ``name`` (None: no named pile;
    a card that was in a pile before forgets it)."""
    named = p.marks.setdefault(PILES, {})
    for uid in uids:
        if uid not in p.pile:
            continue
        if isinstance(name, str):
            named[uid] = name
        else:
            named.pop(uid, None)

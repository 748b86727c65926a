"""Counts read off a set of cards: how many colours, suits or types they show (智愚's "all
the same colour", 举荐's "three of one type").

Registered here: ``CARD_ATTRIBUTES`` (attributes of cards, consulted by
``Interpreter.cards_attr``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game

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

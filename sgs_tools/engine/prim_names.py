"""A card that counts as another (禁酒: "your Analeptics are Slashes"): the modifier
``change_name``, read wherever a hand card's name matters — play options, responses, the
card hooks a hand holds, and card filters.

Registered here: the modifier ``change_name`` (into ``modifiers.MODIFIERS``) and
``treated_name`` / ``as_treated``. Only the modifiers and the table's state are imported,
so the interpreter can use it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from sgs_tools.engine.modifiers import MODIFIERS, card_filter_ok
from sgs_tools.engine.state import HAND, CardInst

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game

MODIFIERS["change_name"] = "cards in the holder's hand read as another card"


def treated_name(g: Game, seat: int, uid: int) -> str | None:
    """The card a hand card of ``seat`` counts as under a ``change_name`` modifier (None:
    itself). It is then used and played only as that card, and card filters read it so."""
    st = g.statics  # (``any_active``, its answer read first when it is plain)
    if uid < 0 or not ((g._statics_dirty or st.temporary or "change_name" in st.words)
                       and st.any_active("change_name")):
        return None
    if g.table.where.get(uid) != (HAND, seat):
        return None
    for a in g.statics.active(seat, "change_name"):
        into = a.args.get("into")
        if isinstance(into, str) and card_filter_ok(g, a, "from", uid):
            return into
    return None


def as_treated(g: Game, seat: int, card: CardInst) -> CardInst:
    """``card`` as its holder's rules read it (its name changed, if ``change_name``)."""
    st = g.statics
    if not (g._statics_dirty or st.temporary or "change_name" in st.words):
        return card  # (``treated_name``'s first test, without the call)
    named = treated_name(g, seat, card.uid)
    return card if named is None else replace(card, card=named)


def treating_skill(g: Game, seat: int) -> str:
    """The skill whose ``change_name`` makes a card of ``seat`` count as another."""
    found = g.statics.active(seat, "change_name")
    return found[0].frame.name if found else "change_name"

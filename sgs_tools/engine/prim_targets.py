"""Modifiers aimed at one character (陷阵 won: until the end of the turn you ignore the
distance to them and their armour, and Slashes you use on them are not limited).

Registered here: the modifiers ``ignore_distance_to``, ``ignore_armour_of`` and
``unlimited_on`` (into ``modifiers.MODIFIERS``), and the checks the table's rules ask:
``distance_ignored`` (targeting filters), ``armour_ignored_of`` (armour), ``unlimited_on``
(how many uses a card has left).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_tools.engine.modifiers import MODIFIERS, card_filter_ok

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game

MODIFIERS["ignore_distance_to"] = "distance limits of the holder's cards against given characters"
MODIFIERS["ignore_armour_of"] = "armour of given characters against the holder's cards"
MODIFIERS["unlimited_on"] = "uses of a card on given characters, not limited nor counted"


def _aimed(g: Game, holder: int, word: str, seat: int) -> list[object]:
    st = g.statics  # (``any_active``, its answer read first when it is plain)
    if not ((g._statics_dirty or st.temporary or word in st.words) and st.any_active(word)):
        return []
    return [a for a in g.statics.active(holder, word)
            if g.interp.names_seat(a.args.get("to"), seat, a.frame)]


def distance_ignored(g: Game, user: int, seat: int) -> bool:
    """Whether the cards ``user`` uses ignore the distance to ``seat``."""
    return bool(_aimed(g, user, "ignore_distance_to", seat))


def armour_ignored_of(g: Game, user: int, seat: int) -> bool:
    """Whether ``seat``'s armour does nothing against the cards ``user`` uses."""
    return bool(_aimed(g, user, "ignore_armour_of", seat))


def unlimited_on(g: Game, user: int, uid: int) -> set[int]:
    """The characters on whom ``user`` may use this card without limit or count."""
    st = g.statics
    if not ((g._statics_dirty or st.temporary or "unlimited_on" in st.words)
            and st.any_active("unlimited_on")):
        return set()
    out: set[int] = set()
    for a in g.statics.active(user, "unlimited_on"):
        if card_filter_ok(g, a, "card", uid):
            out.update(s for s in g.interp.players_of(a.args.get("to"), a.frame)
                       if g.table.players[s].alive)
    return out

"""Refusing a card: a character with the ``may_refuse`` modifier may refuse the given
cards used on them (by the given characters), and a refused card has no effect on them
(救援 as first printed: the lord may refuse a Peach).

Registered here: the modifier ``may_refuse`` (into ``modifiers.MODIFIERS``) and
``refused``, asked by ``takes_effect`` when a card is about to take effect on someone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_tools.engine.modifiers import MODIFIERS, card_filter_ok

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame
    from sgs_tools.engine.records import Use

MODIFIERS["may_refuse"] = "a card used on the holder that the holder may refuse"


def refused(g: Game, use: Use, target: int, f: Frame) -> bool:
    """Whether ``target`` refuses the card being used on them (asked only when a
    ``may_refuse`` of theirs covers that card and its user)."""
    st = g.statics  # (``any_active``, its answer read first when it is plain)
    if not ((g._statics_dirty or st.temporary or "may_refuse" in st.words)
            and st.any_active("may_refuse")) or use.user == target:
        return False
    for a in g.statics.active(target, "may_refuse"):
        if not card_filter_ok(g, a, "card", use.card):
            continue
        users = a.args.get("from")
        if users is not None and not g.interp.names_seat(users, use.user, a.frame):
            continue
        if g.ask_yes_no(target, f"refuse {use.name} from seat {use.user}", f, benefit=-1.0):
            g.log_event("refuse", seat=target, card=use.name, by=use.user, skill=a.frame.name)
            return True
        return False
    return False

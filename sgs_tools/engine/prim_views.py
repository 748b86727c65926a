"""View-as conversions beyond one card into one card: a conversion whose card is chosen
each time among a kind (奇策: all hand cards as any non-delayed trick), and one with a
cost and a condition, making its card from no card at all (酒诗: turn over, if face up,
to be treated as using an Analeptic).

Registered here: the helpers the play options, responses and triggers use for every
view-as hook — ``view_names`` (what it can make at this table), ``view_ok`` (whether it
may be used now) and ``pay_view`` (its cost, paid as it is used). A card that always
counts as another (禁酒) is ``prim_names``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_tools.engine.interp import Frame
from sgs_tools.engine.primitives import can_pay

if TYPE_CHECKING:
    from sgs_tools.data.model import Card
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.library import Hook

EQUIP_KINDS = ("weapon", "armour", "plus_horse", "minus_horse")


def kind_matches(card: Card, kind: str) -> bool:
    """Whether a card of the catalog is of a kind (a card_type word: ``non_delayed_trick``,
    ``basic``, ``trick`` with delayed tricks, ``horse``, ``weapon`` …)."""
    t, sub = card.type, card.subtype
    if kind == t:
        return True
    if kind == "trick":
        return t in ("trick", "delayed_trick")
    if kind == "non_delayed_trick":
        return t == "trick"
    if kind == "equipment_card":
        return t == "equipment"
    if kind == "horse":
        return sub in ("plus_horse", "minus_horse")
    return sub == kind


def view_names(g: Game, view: Hook) -> list[str]:
    """The card names a conversion can make here: its one card, or every card of its kind
    that is in this game (a card of the deck) and can be used."""
    if view.view_card:
        return [view.view_card]
    kind = view.view_kind
    if not kind:
        return []
    found = g.view_names.get(view.key)
    if found is None:
        cat = g.lib.catalog.cards
        present = sorted({c.card for c in g.table.cards.values()})
        found = g.view_names[view.key] = [n for n in present if n in cat and kind_matches(
            cat[n], kind) and g.lib.actions.get(n)]
    return found


def view_makes(g: Game, view: Hook, name: str) -> bool:
    return view.view_card == name or (not view.view_card and name in view_names(g, view))


def no_cards(view: Hook) -> bool:
    """A conversion that makes its card from no card (``view as analeptic:``)."""
    spec = (view.view_spec or {}).get("cards") if isinstance(view.view_spec, dict) else None
    return isinstance(spec, dict) and spec.get("count") == 0


def view_ok(g: Game, seat: int, view: Hook, f: Frame | None = None) -> bool:
    """Whether ``seat`` may use the conversion now: its ``in PHASE`` option, its ``if``
    condition and its cost (every step of it can be done)."""
    phase = view.filter.get("in_phase")
    if phase and not (g.table.current == seat and g.table.phase == phase):
        return False
    if view.condition is None and not view.cost:
        return True
    frame = f or Frame(seat, seat, view)
    if view.condition is not None and not g.interp.cond(view.condition, frame):
        return False
    return all(can_pay(g, step, frame) for step in view.cost)


def pay_view(g: Game, seat: int, view: Hook) -> None:
    """Pay a conversion's cost as it is used (its steps run for its owner)."""
    if view.cost:
        g.interp.run(view.cost, Frame(seat, seat, view))


def find_view(g: Game, seat: int, source: str, name: str) -> Hook | None:
    for view in g.lib.views.get(source, ()):
        if view_makes(g, view, name):
            return view
    return None

"""The vocabulary words the engine understands, by category: its dispatch tables' keys.

Actions and modifiers are looked up by name in ``primitives.ACTIONS`` and
``modifiers.MODIFIERS``; events are the timings the rules raise. Anything a hook uses
outside these sets is an engine gap (see ``Library.missing_words``).

Another engine (a mode that is another game altogether, such as samurai) declares what it
runs through two small registries, so that ``Library``'s gap count stays honest for it:

- ``register_effect_kind(kind, engine)``: compiled effects of this kind (``ability``,
  ``heirloom`` …) are run by that engine. An effect kind nobody registered is a gap for
  every one of its hooks (``effect kind ability``): no engine runs it.
- ``register_words(category, words)``: words of a category (``action``, ``event``,
  ``selector`` …) that engine's own primitives run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sgs_tools.engine.actions import ACTIONS
from sgs_tools.engine.modifiers import MODIFIERS

HOOK_KINDS = frozenset({"trigger", "action", "view_as", "static", "awaken"})

EVENTS = frozenset({
    # core
    "take_damage", "deal_damage", "lose_hp", "recover", "dying", "death", "use", "play",
    "targeted", "targeting", "dodged", "judge", "judged", "lose_cards", "gain_cards",
    "asked", "turned_over", "phase_start", "phase_end", "phase_begins",
    # cards
    "take_effect", "delayed_effect", "cancelled", "unequipped",
    # standard
    "declare",
    # guozhan
    "revealed", "hp_reduced", "cards_discarded", "phase_ending",
    # designers (prim_state)
    "hand_size_changed", "hp_changed",
    # designers (prim_pindian)
    "won_pindian", "lost_pindian",
})
# (named piles and marks read as numbers are ``{"pile": NAME}`` / ``{"mark": NAME}`` values:
# the general's own words, not vocabulary; Interpreter.value reads them)

QUANTITIES = frozenset({"hp", "max_hp", "lost_hp", "hand_count", "equipment_count",
                        "alive_count", "attack_range", "unlimited", "slashes_in_play_phase",
                        "questioners",
                        # guozhan
                        "pindian_number", "rival_pindian_number", "tally", "kingdom_count",
                        "min_kingdom_count", "kingdoms_alive", "general_pile_count",
                        "general_pile_repeats"})

FUNCTIONS = frozenset({"min", "max", "half", "difference",
                       # designers (prim_distance)
                       "distance"})

ATTRIBUTES = frozenset({
    # player
    "hp", "max_hp", "lost_hp", "hand_count", "equipment_count", "attack_range", "gender",
    "kingdom", "named_color", "named_suit", "count",
    # cards
    "suit", "color", "name", "type", "number", "nature",
    # designers (prim_counts)
    "color_count", "suit_count", "type_count",
})

NOUNS = frozenset({"you", "others", "other", "all", "players", "player", "lord", "current"})

FILTERS = frozenset({"male", "female", "wounded", "wei", "shu", "wu", "qun", "god",
                     "in_range", "at_distance_1", "with_cards", "with_hand_cards",
                     "with_equipment", "alive", "opposite_gender", "with_weapon",
                     "adjacent_to_target", "questioning",
                     # guozhan (interp.KINGDOM_FILTERS, GENERAL_FILTERS …)
                     "same_kingdom", "other_kingdom", "target_kingdom", "revealed",
                     "unrevealed", "partly_hidden", "fully_revealed", "careerist",
                     "not_dying", "more_hp", "nearest", "fewest_hand_cards",
                     # designers: a distance bound (prim_distance.within_ok), the general
                     # card's side (prim_state)
                     "within", "face_down", "face_up", "in_play_phase"})

POST_FILTERS = frozenset({"nearest", "fewest_hand_cards"})
"""Filters that keep the best of the characters the other filters selected (ties all
qualify): they are applied last, to the whole selection."""

CARD_PREDICATES = frozenset({"red", "black", "spade", "heart", "club", "diamond", "basic",
                             "trick", "delayed_trick", "non_delayed_trick", "equipment",
                             "equipment_card", "weapon", "armour", "horse", "plus_horse",
                             "minus_horse"})
"""Words a condition ``X is WORD`` may test of cards rather than of characters."""

SLOT_PREDICATES = frozenset({"head", "deputy"})
"""Words ``this_general is WORD`` tests: which slot carries the skill (prim_state)."""

DODGED = ("slash", "jink")
"""The ``dodged`` event is defined (core.yaml) as a Slash cancelled by a Jink: raised when
a target answers a card of the first kind with responses of the second."""

EFFECT_KINDS: dict[str, str] = {"skill": "engine", "card": "engine"}
"""Compiled effect kind → the engine that runs its hooks (see the module docstring)."""

_EXTRA: dict[str, set[str]] = {}


EFFECT_GAPS: dict[str, Callable[[dict[str, Any]], list[str]]] = {}
"""Effect kind → the function saying what of one compiled hook its engine cannot run,
for engines whose words are not this table's (the samurai game)."""


def register_effect_kind(kind: str, engine: str,
                         gaps: Callable[[dict[str, Any]], list[str]] | None = None) -> None:
    """Declare that ``engine`` runs the compiled effects of ``kind``; ``gaps`` (one hook →
    what of it that engine cannot run) makes the gap count that engine's own."""
    EFFECT_KINDS[kind] = engine
    if gaps is not None:
        EFFECT_GAPS[kind] = gaps


def register_words(category: str, names: Iterable[str]) -> None:
    """Declare words of ``category`` that another engine's primitives run."""
    _EXTRA.setdefault(category, set()).update(names)


def known(category: str) -> frozenset[str] | None:
    """The words of a category the engines run; None for a category nobody checks."""
    base: frozenset[str]
    if category == "action":
        base = frozenset(ACTIONS) | {"view_as"}
    elif category == "modifier":
        base = frozenset(MODIFIERS)
    elif category == "quantity":
        base = QUANTITIES
    elif category == "function":
        base = FUNCTIONS
    elif category == "attribute":
        base = ATTRIBUTES
    elif category == "selector":
        base = NOUNS | FILTERS
    elif category == "predicate":
        base = NOUNS | FILTERS | CARD_PREDICATES | SLOT_PREDICATES
    elif category == "event":
        base = EVENTS
    elif category == "hook_kind":
        base = HOOK_KINDS
    else:
        return None
    extra = _EXTRA.get(category)
    return base | extra if extra else base

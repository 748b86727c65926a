"""The vocabulary words the engine understands, by category: its dispatch tables' keys.

Actions and modifiers are looked up by name in ``primitives.ACTIONS`` and
``modifiers.MODIFIERS``; events are the timings the rules raise. Anything a hook uses
outside these sets is an engine gap (see ``Library.missing_words``).
"""

from __future__ import annotations

from sgs_tools.engine.modifiers import MODIFIERS
from sgs_tools.engine.primitives import ACTIONS

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
})

QUANTITIES = frozenset({"hp", "max_hp", "lost_hp", "hand_count", "equipment_count",
                        "alive_count", "attack_range", "unlimited", "slashes_in_play_phase",
                        "questioners"})

FUNCTIONS = frozenset({"min", "max", "half"})

ATTRIBUTES = frozenset({
    # player
    "hp", "max_hp", "lost_hp", "hand_count", "equipment_count", "attack_range", "gender",
    "kingdom", "named_color", "count",
    # cards
    "suit", "color", "name", "type", "number", "nature",
})

NOUNS = frozenset({"you", "others", "other", "all", "players", "player", "lord", "current"})

FILTERS = frozenset({"male", "female", "wounded", "wei", "shu", "wu", "qun", "god",
                     "in_range", "at_distance_1", "with_cards", "with_hand_cards",
                     "with_equipment", "alive", "opposite_gender", "with_weapon",
                     "adjacent_to_target", "questioning"})

DODGED = ("slash", "jink")
"""The ``dodged`` event is defined (core.yaml) as a Slash cancelled by a Jink: raised when
a target answers a card of the first kind with responses of the second."""

KNOWN: dict[str, frozenset[str]] = {
    "action": frozenset(ACTIONS) | {"view_as"},
    "modifier": frozenset(MODIFIERS),
    "quantity": QUANTITIES,
    "function": FUNCTIONS,
    "attribute": ATTRIBUTES,
    "selector": NOUNS | FILTERS,
}

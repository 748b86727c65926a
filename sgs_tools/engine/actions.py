"""The full dispatch table of action words: `primitives` holds the registry and the words
of no family; each family of words lives in its own module and registers into it when
imported. Importing this module imports them all, so a family imports `primitives` and
never the other way round (no import cycle).
"""

from __future__ import annotations

from sgs_tools.engine import (
    prim_cards,
    prim_deck,
    prim_generals,
    prim_hands,
    prim_names,
    prim_piles,
    prim_pindian,
    prim_refuse,
    prim_targets,
    prim_turns,
    prim_use,
)
from sgs_tools.engine.primitives import ACTIONS

FAMILIES = (prim_cards, prim_deck, prim_generals, prim_hands, prim_names, prim_piles,
            prim_pindian, prim_refuse, prim_targets, prim_turns, prim_use)
"""The modules of words, each registered into ``ACTIONS`` by importing it."""

__all__ = ["ACTIONS", "FAMILIES"]

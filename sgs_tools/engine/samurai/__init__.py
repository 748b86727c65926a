"""The samurai variant (modes/samurai.yaml, after its rule book) played: a game of its own on the
engine's kernel (seeded RNG, agents and decisions, event log, step budget, invariants).

Registered in ``engine.modes.GAMES`` as ``samurai``; ``SAMURAI_WORDS`` (in `hooks`) lists
the samurai vocabulary words this engine runs.
"""

from __future__ import annotations

from sgs_tools.engine.samurai.game import SamuraiGame
from sgs_tools.engine.samurai.hooks import SAMURAI_WORDS

__all__ = ["SAMURAI_WORDS", "SamuraiGame"]

"""The samurai variant is another game altogether: it registers its own game class."""

from __future__ import annotations

from sgs_tools.engine import words
from sgs_tools.engine.modes import GAMES
from sgs_tools.engine.samurai import SamuraiGame
from sgs_tools.engine.samurai.hooks import HOOK_KINDS, hook_gaps

GAMES["samurai"] = SamuraiGame
for _kind in HOOK_KINDS:  # abilities and heirlooms run here: the gap count is this engine's
    words.register_effect_kind(_kind, "samurai", hook_gaps)

"""The samurai variant is another game altogether: it registers its own game class."""

from __future__ import annotations

from sgs_tools.engine.modes import GAMES
from sgs_tools.engine.samurai import SamuraiGame

GAMES["samurai"] = SamuraiGame

"""Modes as rules: one `Rules` subclass per ruleset, found through a registry keyed by the
mode's data.

A mode's rules are looked up by its id, then along its ``based_on`` chain, so a mode that
only changes data (the Korean edition is identity with its own generals and deck) plays
by its base's rules, and an expansion's ``based_on: guozhan`` mode plays Guozhan. Adding
a ruleset means adding a module that registers a subclass with `register`: the game loop
is never edited.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from sgs_tools.engine.errors import SetupError
from sgs_tools.engine.modes.base import RULES, Rules, register

if TYPE_CHECKING:
    from sgs_tools.data.model import Mode
    from sgs_tools.engine.library import Library
    from sgs_tools.engine.records import Result, Setup


BUILTIN = ("identity", "guozhan", "samurai")
"""The modules of this package that register rules (importing one registers it)."""


def load_builtin() -> None:
    """Import the built-in rule modules (each registers its rules or game)."""
    for name in BUILTIN:
        importlib.import_module(f"{__name__}.{name}")


def rules_class(mode: Mode, modes: dict[str, Mode] | None = None) -> type[Rules] | None:
    """The rules a mode plays by (its own id, else its ``based_on`` chain), or None."""
    load_builtin()
    seen: set[str] = set()
    current: Mode | None = mode
    while current is not None and current.id not in seen:
        seen.add(current.id)
        found = RULES.get(current.id)
        if found is not None:
            return found
        base = current.raw.get("based_on")
        current = (modes or {}).get(str(base)) if base else None
    return None


def rules_for(mode: Mode, modes: dict[str, Mode] | None = None) -> type[Rules]:
    found = rules_class(mode, modes)
    if found is None:
        load_builtin()
        raise SetupError(f"the engine has no rules for mode {mode.id!r} (it plays: "
                         f"{', '.join(sorted(RULES))} and the modes based on them)")
    return found


GAMES: dict[str, Callable[[Library, Setup], Playable]] = {}
"""Modes that are another game altogether (not a Sanguosha table), by mode id: their own
game class, built on the same kernel (seeded RNG, agents, event log, step budget)."""


class Playable(Protocol):
    """What a runner needs of a game: play it to the end."""

    def play(self) -> Result: ...


def new_game(lib: Library, setup: Setup) -> Playable:
    """A game of the setup's mode: the Sanguosha table with the mode's rules, or the
    mode's own game (``GAMES``)."""
    load_builtin()
    factory = GAMES.get(setup.mode)
    if factory is not None:
        return factory(lib, setup)
    from sgs_tools.engine.game import Game

    return Game(lib, setup)


def played_modes(modes: dict[str, Mode]) -> list[str]:
    """The ids of the modes the engine can play, in the catalog's order."""
    return [m for m, mode in modes.items()
            if m in GAMES or rules_class(mode, modes) is not None]


__all__ = ["GAMES", "RULES", "Playable", "Rules", "load_builtin", "new_game", "played_modes",
           "register", "rules_class", "rules_for"]

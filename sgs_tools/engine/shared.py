"""A table the library keeps for every game, in a module of its own so that the rules
modules can make one without importing the library (which imports the modes)."""

from __future__ import annotations

from typing import Any


class Shared(dict[Any, Any]):
    """A table the library keeps for every game (listener lists, compiled plans): a
    game's deep copy (``rollout``) shares it rather than copying it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

"""The engine's exceptions: how a game stops early, and what went wrong."""

from __future__ import annotations


class EngineError(Exception):
    """Base class of the errors that end a game abnormally."""

    kind = "error"


class EngineGap(EngineError):
    """A vocabulary word (or a shape of IR) the engine has no primitive for."""

    kind = "engine-gap"

    def __init__(self, word: str, where: str = "") -> None:
        super().__init__(f"no engine primitive for {word}" + (f" (in {where})" if where
                                                              else ""))
        self.word = word
        self.where = where


class StepBudgetExceeded(EngineError):
    """The game ran more steps than its budget: a skill (or the rules) looped."""

    kind = "step-budget"

    def __init__(self, skill: str, budget: int) -> None:
        super().__init__(f"step budget of {budget} exceeded while resolving {skill!r}")
        self.skill = skill


class InvariantBroken(EngineError):
    """A rule the engine must never break (cards conserved, HP in bounds, …) was broken."""

    kind = "invariant"


class SetupError(Exception):
    """The requested game cannot be set up (unknown mode, general, bad player count)."""


class GameOver(Exception):
    """Raised inside the loop when the game ends; the result is on the game."""


class TurnOver(Exception):
    """The current player died: their turn ends at once."""


class Abort(Exception):
    """A card or skill cannot go on (no legal target, cost not paid): undo its use."""


class Stop(Exception):
    """`stop` inside `repeat`."""

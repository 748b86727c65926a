"""State that belongs to one vocabulary word, kept with when it ends.

The table's core knows turns and phases, not what a word remembers between its steps: a
borrowed weapon (借刀杀人), a named colour or suit, who questioned a declared card, how
many cards the draw phase is adjusted by. Each such word keeps its state here, under its
own key, and says when it ends — at the end of the phase (optionally only a phase of one
kind: the borrowed weapon goes back after its holder's discard phase), or at the end of
the turn — so `end_period` expires it without knowing any word by name.

A value set like a dictionary item (``state[key] = value``, ``setdefault``) lasts until the
end of the current phase; `keep` says otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

PHASE, TURN = "phase", "turn"


@dataclass(frozen=True)
class End:
    """When a kept value ends: at the end of a ``period`` (``phase`` or ``turn``); for a
    phase, only one of the given kind (``discard``, …) if ``kind`` is set."""

    period: str
    kind: str = ""

    def due(self, period: str, kind: str) -> bool:
        return self.period == period and (not self.kind or self.kind == kind)


END_OF_PHASE = (End(PHASE),)
END_OF_TURN = (End(TURN),)


class WordState:
    """Word key → value, each with the ends at which it expires."""

    def __init__(self) -> None:
        self.kept: dict[str, Any] = {}
        """Key → value: read it directly on a hot path (``get`` is the same); changed only
        through ``keep``, ``pop`` and the rest, which keep the ends with it."""
        self._ends: dict[str, tuple[End, ...]] = {}

    def keep(self, key: str, value: Any, ends: tuple[End, ...] = END_OF_TURN) -> Any:
        """Keep ``value`` under ``key`` until the first of ``ends``."""
        self.kept[key] = value
        self._ends[key] = ends
        return value

    def __setitem__(self, key: str, value: Any) -> None:
        if key in self.kept:
            self.kept[key] = value  # keeps its ends
        else:
            self.keep(key, value, END_OF_PHASE)

    def __getitem__(self, key: str) -> Any:
        return self.kept[key]

    def __contains__(self, key: object) -> bool:
        return key in self.kept

    def __iter__(self) -> Iterator[str]:
        return iter(self.kept)

    def get(self, key: str, default: Any = None) -> Any:
        return self.kept.get(key, default)

    def setdefault(self, key: str, default: Any, ends: tuple[End, ...] = END_OF_PHASE
                   ) -> Any:
        if key not in self.kept:
            self.keep(key, default, ends)
        return self.kept[key]

    def pop(self, key: str, default: Any = None) -> Any:
        values = self.kept
        if key not in values:
            return default  # (popped at every phase's end: usually nothing is kept)
        self._ends.pop(key, None)
        return values.pop(key)

    def keys_with(self, prefix: str) -> list[str]:
        return [k for k in self.kept if k.startswith(prefix)]

    def expire(self, period: str, kind: str = "") -> list[str]:
        """Drop every value one of whose ends is due now (the end of a ``period``; for a
        phase, one of ``kind``); returns their keys."""
        if not self._ends:
            return []  # asked at every phase's start and end: usually nothing is kept
        due = [k for k, ends in self._ends.items() if any(e.due(period, kind) for e in ends)]
        for key in due:
            self.pop(key)
        return due

"""The localised names of cards, skills and tokens that rules text refers to.

Here, not in the renderer, so that what only carries them (``sgs validate``'s effects
result) does not import the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Names:
    """Localised names of cards and skills, for rendering references."""

    cards: dict[str, dict[str, str]] = field(default_factory=dict)
    skills: dict[str, dict[str, str]] = field(default_factory=dict)
    playable: frozenset[str] | None = None
    """Cards some effect asks a character to play (打出) in response. A conversion into one
    of them reads "use or play"; into any other card, only "use". None: not known, so
    every conversion reads "use or play"."""
    tokens: dict[str, dict[str, str]] = field(default_factory=dict)
    """Named piles and marks on general cards (权): id → names."""

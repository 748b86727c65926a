"""The samurai table: card copies, houses (rows), players, deck and discard pile."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(eq=False)
class SCard:
    """One physical card: its id and the numbers printed on it."""

    uid: int
    id: str
    type: str                   # samurai, heirloom, army, castle, shogun
    cost: int = 0
    attack: int = 0
    defence: int = 0
    honor: Fraction = Fraction(0)
    crest: str | None = None
    unit: str | None = None
    halves: int = 0
    """Honor in half points (every honor value is a multiple of a half)."""

    def __repr__(self) -> str:
        return f"{self.id}#{self.uid}"


@dataclass
class House:
    """One row: samurai (the first of house 1 is the daimyo), armies, castle, heirlooms."""

    samurai: list[SCard] = field(default_factory=list)
    armies: list[SCard] = field(default_factory=list)
    castles: list[SCard] = field(default_factory=list)
    heirlooms: list[SCard] = field(default_factory=list)

    def cards(self) -> list[SCard]:
        return [*self.samurai, *self.armies, *self.castles, *self.heirlooms]

    def row(self, kind: str) -> list[SCard]:
        if kind == "samurai":
            return self.samurai
        if kind == "army":
            return self.armies
        if kind == "castle":
            return self.castles
        if kind == "heirloom":
            return self.heirlooms
        raise KeyError(kind)

    def clear(self) -> list[SCard]:
        out = self.cards()
        self.samurai.clear()
        self.armies.clear()
        self.castles.clear()
        self.heirlooms.clear()
        return out


@dataclass
class Player:
    seat: int
    houses: list[House]
    hand: list[SCard] = field(default_factory=list)
    money: int = 0
    honor: int = 0
    shogun: SCard | None = None
    start_daimyo: str = ""
    honor_from: dict[str, int] = field(default_factory=dict)
    wars_won: int = 0
    castles_taken: int = 0

    @property
    def daimyo(self) -> SCard | None:
        first = self.houses[0].samurai
        return first[0] if first else None

    def in_play(self) -> list[SCard]:
        return [c for h in self.houses for c in h.cards()]

    def house_of(self, card: SCard) -> int | None:
        for i, h in enumerate(self.houses):
            if card in h.row(card.type if card.type != "shogun" else "samurai"):
                return i
        return None

    def guards(self, house: int) -> list[SCard]:
        """House guards of a house: samurai with the daimyo's crest, the daimyo aside."""
        d = self.daimyo
        if d is None or d.crest is None:
            return []
        return [s for s in self.houses[house].samurai if s is not d and s.crest == d.crest]

    def all_cards(self) -> list[SCard]:
        return [*self.hand, *self.in_play(), *([self.shogun] if self.shogun else [])]

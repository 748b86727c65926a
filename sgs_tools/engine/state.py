"""The table as data: physical cards, players with their zones, and the game's piles.

Every physical card has a uid and lives in exactly one zone; ``Table.where`` maps each uid
to its zone so that moving a card is O(1) and conservation is checkable. A card used as
another card (a view-as conversion, or a card used without any physical card) is a
*virtual* card: a CardInst with a negative uid whose ``parts`` are the physical cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

RED_SUITS = frozenset({"heart", "diamond"})
SUIT_SIGNS = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
RANK_SIGNS = {1: "A", 11: "J", 12: "Q", 13: "K"}

# Zones: common piles have seat -1.
DRAW = "draw"
DISCARD = "discard"
PROCESSING = "processing"
HAND = "hand"
EQUIPMENT = "equipment"
JUDGEMENT = "judgement"
GENERAL_PILE = "general_pile"  # cards put on a character's general card (不屈's wounds)

PILE_SPOTS: dict[str, tuple[str, int]] = {
    DRAW: (DRAW, -1), DISCARD: (DISCARD, -1), PROCESSING: (PROCESSING, -1)}
"""Where a card in a shared pile lies, one tuple a pile: the table's moves record these
in ``Table.where``, so that the invariant check (``Game.all_located``), comparing every
card's location, mostly finds the very same tuple."""
OWN_ZONES = (HAND, EQUIPMENT, JUDGEMENT, GENERAL_PILE)


def spot(zone: str, seat: int) -> tuple[str, int]:
    """What ``Table.where`` records for a card in ``zone`` (of ``seat``): a shared pile's
    one tuple (``PILE_SPOTS``), or a new one."""
    return (seat == -1 and PILE_SPOTS.get(zone)) or (zone, seat)


@dataclass(slots=True)
class CardInst:
    """One card: a physical copy from a deck, or a virtual card made of ``parts``."""

    uid: int
    card: str
    suit: str | None
    rank: int | None
    type: str
    subtype: str | None = None
    range: int | None = None
    nature: str | None = None
    parts: tuple[int, ...] = ()
    tint: str | None = None  # a virtual card's colour when its parts share only that
    _face: str | None = field(default=None, init=False, repr=False, compare=False)
    """``face()`` once built: a card's name, suit and rank never change."""

    @property
    def color(self) -> str | None:
        if self.suit is None:
            return self.tint
        return "red" if self.suit in RED_SUITS else "black"

    @property
    def virtual(self) -> bool:
        return self.uid < 0

    def face(self) -> str:
        """``slash ♠7``: the name a player would say, with suit and rank when known."""
        if self._face is None:
            if self.suit is None:
                self._face = self.card
            else:
                rank = RANK_SIGNS.get(self.rank or 0, str(self.rank or ""))
                self._face = f"{self.card} {SUIT_SIGNS.get(self.suit, self.suit)}{rank}"
        return self._face


@dataclass(slots=True)
class Player:
    seat: int
    role: str | None = None
    general: str | None = None
    kingdom: str | None = None
    gender: str | None = "male"
    hp: int = 4
    max_hp: int = 4
    alive: bool = True
    hand: list[int] = field(default_factory=list)
    equipment: dict[str, int] = field(default_factory=dict)
    judgement: list[int] = field(default_factory=list)  # last = top (placed last)
    pile: list[int] = field(default_factory=list)  # on the general card (GENERAL_PILE)
    skills: list[str] = field(default_factory=list)
    turned_over: bool = False
    role_revealed: bool = False
    marks: dict[str, Any] = field(default_factory=dict)

    @property
    def lost_hp(self) -> int:
        return self.max_hp - self.hp

    @property
    def wounded(self) -> bool:
        return self.hp < self.max_hp

    def cards(self) -> list[int]:
        """Hand and equipment: the cards a character owns."""
        return [*self.hand, *self.equipment.values()]

    def all_cards(self) -> list[int]:
        """Hand, equipment, judgement zone and the cards on the general card."""
        return [*self.hand, *self.equipment.values(), *self.judgement, *self.pile]

    def name(self) -> str:
        return f"seat {self.seat}" + (f" ({self.general})" if self.general else "")


@dataclass(slots=True)
class Table:
    """Everything on the table. Card uids index ``cards``; zones hold uids."""

    cards: dict[int, CardInst]
    players: list[Player]
    draw_pile: list[int] = field(default_factory=list)  # last = top of the deck
    discard_pile: list[int] = field(default_factory=list)
    processing: list[int] = field(default_factory=list)
    where: dict[int, tuple[str, int]] = field(default_factory=dict)
    virtual: dict[int, CardInst] = field(default_factory=dict)
    current: int = 0
    phase: str = ""
    turn: int = 0
    round: int = 0

    def card(self, uid: int) -> CardInst:
        found = self.cards.get(uid)
        if found is None:
            return self.virtual[uid]
        return found

    def physical(self, uids: list[int]) -> list[int]:
        """Virtual cards replaced by their parts."""
        out: list[int] = []
        for u in uids:
            if u < 0:
                out.extend(self.virtual[u].parts)
            else:
                out.append(u)
        return out

    def alive(self) -> list[Player]:
        return [p for p in self.players if p.alive]

    def from_seat(self, seat: int) -> list[Player]:
        """Living players in seat order starting from ``seat``."""
        n = len(self.players)
        return [p for p in (self.players[(seat + i) % n] for i in range(n)) if p.alive]

    def from_current(self) -> list[Player]:
        return self.from_seat(self.current)

    def next_alive(self, seat: int) -> Player:
        n = len(self.players)
        for i in range(1, n + 1):
            p = self.players[(seat + i) % n]
            if p.alive:
                return p
        return self.players[seat]

    def zone_list(self, zone: str, seat: int) -> list[int]:
        if zone == DRAW:
            return self.draw_pile
        if zone == DISCARD:
            return self.discard_pile
        if zone == PROCESSING:
            return self.processing
        p = self.players[seat]
        if zone == HAND:
            return p.hand
        if zone == JUDGEMENT:
            return p.judgement
        if zone == GENERAL_PILE:
            return p.pile
        raise KeyError(zone)

    def remove(self, uid: int) -> tuple[str, int]:
        """Take a physical card out of its zone; returns where it was."""
        zone, seat = self.where[uid]
        if zone == EQUIPMENT:
            eq = self.players[seat].equipment
            for slot, u in eq.items():
                if u == uid:
                    del eq[slot]
                    break
        else:
            self.zone_list(zone, seat).remove(uid)
        return zone, seat

    def put(self, uid: int, zone: str, seat: int = -1, slot: str | None = None,
            bottom: bool = False) -> None:
        if zone == EQUIPMENT:
            self.players[seat].equipment[slot or "weapon"] = uid
        else:
            pile = self.zone_list(zone, seat)
            if bottom:
                pile.insert(0, uid)
            else:
                pile.append(uid)
        self.where[uid] = spot(zone, seat)

    def zone_total(self) -> int:
        total = len(self.draw_pile) + len(self.discard_pile) + len(self.processing)
        for p in self.players:
            total += len(p.hand) + len(p.equipment) + len(p.judgement) + len(p.pile)
        return total

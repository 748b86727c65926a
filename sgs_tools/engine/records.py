"""The plain records a game passes around: its setup, its result, a card being used, a
request for a card. No behaviour: the rules live in ``sgs_tools.engine.table``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sgs_tools.engine.library import Hook

PHASE_EVENTS = frozenset({"phase_start", "phase_end", "phase_begins", "phase_ending"})
SLOTS = ("weapon", "armour", "plus_horse", "minus_horse")



NOBODY: Any = ([], [], False, [], None, frozenset(), None)
"""``emit``'s plan for an event that nobody at the table listens to (``Plan`` in
table/events.py): the table's modules test for it before raising an event, and find it
here, below them, so that none of them imports the events module for it."""

@dataclass
class Setup:
    """Everything that fixes a game: mode, seats, generals, seed and agents."""

    mode: str = "identity"
    players: int = 5
    seed: int = 0
    generals: list[str] | None = None
    first_game: bool = False
    agents: str = "random"
    step_budget: int = 200_000
    max_turns: int = 1000
    check_invariants: bool = True
    record: bool = True
    focus: tuple[str, str] | None = None
    """(general, role): the first seat dealt that role plays that general (balance runs
    seat a designer's general in each role in turn)."""


@dataclass
class Result:
    """How a game ended: the winners, its length, and any error, with the log."""

    winners: list[int] = field(default_factory=list)
    winning_side: str = ""
    turns: int = 0
    rounds: int = 0
    steps: int = 0
    error: str | None = None
    error_kind: str | None = None
    error_skill: str | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    seats: list[dict[str, Any]] = field(default_factory=list)
    skills: dict[str, list[int]] = field(default_factory=dict)
    """Per skill: [uses, cards drawn, damage dealt, HP recovered] (see Game.skill_stats)."""
    gaps: list[str] = field(default_factory=list)
    """Skills and cards at this table with hooks the engine cannot run (never run)."""

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass(slots=True)
class Request:
    """A character asked for a card: skills answering the ``asked`` event fill it.
    ``use``: the answer is used (``respond_use``: a Jink answering a Slash), otherwise
    played; ``played``: the answer was already announced (logged, its hooks raised)."""

    name: str
    seat: int
    provided: list[int] = field(default_factory=list)
    played: bool = False
    use: bool = False

    @property
    def verb(self) -> str:
        """The log event and the event hooks its answer raises: ``use`` or ``play``."""
        return "use" if self.use else "play"


@dataclass(eq=False, slots=True, init=False)
class Use:
    """A card being used: what it is, by whom, on whom, and what responses changed."""

    name: str
    card: int
    user: int
    hook: Hook | None
    targets: list[int]
    preset: list[int] | None
    denied: dict[int, list[str]]
    cancelled: list[int]
    forced: list[int]
    declared: bool
    failed: bool
    nature: str | None
    via: str | None
    bonus: int
    extra: int
    damage_source: int | None  # become_damage_source: who deals its damage
    required: dict[tuple[int, str], int]  # require_responses
    uncounted: bool  # uncount: taken off its user's count for the phase

    def __init__(self, name: str, card: int, user: int, hook: Hook | None,
                 targets: list[int] | None = None, preset: list[int] | None = None,
                 via: str | None = None) -> None:
        # (by hand, not the dataclass's: its default factories are a call per list and
        # dict, and a Use is made for every card used; every caller names only these)
        self.name = name
        self.card = card
        self.user = user
        self.hook = hook
        self.targets = [] if targets is None else targets
        self.preset = preset
        self.denied = {}
        self.cancelled = []
        self.forced = []
        self.declared = False
        self.failed = False
        self.nature = None
        self.via = via
        self.bonus = 0
        self.extra = 0
        self.damage_source = None
        self.required = {}
        self.uncounted = False

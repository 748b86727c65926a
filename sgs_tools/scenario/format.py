"""Scenario YAML → a checked Scenario: the table, the scripted decisions, the expectations.

A scenario file (``kind: scenario``) sets up a table and says what must happen::

    kind: scenario
    name: Ganglie after its owner is saved from dying
    mode: identity
    seats:                       # seat 0 first; turns go in seat order
      - {general: xiahoudun, role: lord, hp: 1, hand: [peach]}
      - {general: zhangfei, role: rebel, hand: [slash ♠7]}
    deck: [heart 5 jink]         # top of the deck first; the rest of the deck below
    start: {seat: 1, phase: play}
    script:                      # decisions in order; others get the default answer
      - {seat: 1, pick: slash}
      - {seat: 1, pick: 0}
    expect:
      events: [{e: damage, seat: 0, n: 1}]   # appear in this order in the log
      state: {seats: {0: {hp: 1}}}

Every problem keeps its YAML location so that ``sgs test`` reports it at its line.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sgs_tools.data.loader import Document
from sgs_tools.data.model import RANKS
from sgs_tools.data.schemas import suggest
from sgs_tools.engine import LOG_EVENTS, LOG_FIELDS, PLAYED_MODES
from sgs_tools.engine.agents import DECISION_KINDS
from sgs_tools.errors import Location, Problem
from sgs_tools.scenario import cards_pattern

if TYPE_CHECKING:
    from sgs_tools.engine.library import Library

SUITS = {"♠": "spade", "♥": "heart", "♣": "club", "♦": "diamond", "spade": "spade",
         "heart": "heart", "club": "club", "diamond": "diamond", "spades": "spade",
         "hearts": "heart", "clubs": "club", "diamonds": "diamond"}
SEAT_KEYS = {"general", "role", "hp", "max_hp", "hand", "equipment", "judgement", "skills",
             "kingdom", "gender", "alive", "agent", "generals", "revealed", "careerist",
             "pile", "piles", "marks", "turned_over"}
TWO_GENERAL_MODES = frozenset({"guozhan"})
"""Modes whose seats hold two generals (main and deputy), each hidden or revealed."""
GUOZHAN_SEAT_KEYS = frozenset({"generals", "revealed", "careerist"})
"""Seat keys that only a two-general mode has; ``general`` and ``role`` it has not."""
TOP_KEYS = {"kind", "name", "mode", "seed", "seats", "deck", "discard", "rest", "start",
            "turns",
            "phases", "script", "expect", "defaults", "until", "step_budget", "description"}
MAX_TURNS = 1000
"""A scenario is a small situation; longer games belong to `sgs simulate`."""
EXPECT_KEYS = {"events", "no_events", "state", "winner", "error", "distance", "in_range",
               "attack_range"}
CHECK_KEYS = {"distance": ("from", "to", "is"), "in_range": ("from", "to", "is"),
              "attack_range": ("seat", "from", "is")}
"""The keys of each distance-like check (attack_range takes ``seat``, or ``from``)."""
SEAT_STATE_FIELDS = {"hp", "max_hp", "alive", "hand", "equipment", "judgement",
                     "role_revealed", "turned_over", "general", "role", "skills", "kingdom",
                     "generals", "revealed", "faction", "careerist", "gender",
                     "pile", "piles", "marks"}
"""The fields ``expect: {state: {seats: {N: …}}}`` can check."""
CARD_FIELDS = {"card", "cards", "old", "new"}
"""Event fields that hold cards (a face such as ``slash ♠7``, or a list of faces)."""
CARD_NAME_FIELDS = {("declare", "named")}
"""Event fields that hold a card name although they are not called card."""
NATURES = ("fire", "thunder", "normal")
"""The ``nature`` of a damage event: damage without a nature is logged as ``normal``."""
SEAT_FIELDS = frozenset({"seat", "source", "killer", "frm", "owner", "of", "by"})
"""Event fields that hold one seat number (or null, as a death with no killer has)."""
def event_kinds_hint(word: str) -> str:
    """For an event kind with no near match: the closest few and where all are listed."""
    near = difflib.get_close_matches(word, sorted(LOG_EVENTS), n=5, cutoff=0.3)
    head = f"closest kinds: {', '.join(near)}; " if near else ""
    return (f"{head}the {len(LOG_EVENTS)} kinds are the 'e' values of the scenario "
            "schema (sgs schema export DIR writes it)")


SEAT_TO_EVENTS = frozenset({"redirect", "pass_on"})
"""Events whose ``to`` is a seat (a ``move``'s ``to`` is a zone)."""
SEATS_FIELDS = frozenset({"targets", "seats"})
"""Event fields that hold a list of seat numbers."""
NUMBER_FIELDS = frozenset({"n", "hp", "max_hp", "turn", "turns"})
"""Event fields that hold a whole number."""
PHASE_EVENTS = frozenset({"phase", "skip", "will_skip"})
"""Events whose ``phase`` is a phase of the mode."""


class ScenarioError(Exception):
    """A scenario file that does not describe a game; carries located problems."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class CardSpec:
    """``slash ♠7``, ``heart 5 jink``, ``jink``, ``diamond 3 jink as indulgence``."""

    name: str
    suit: str | None = None
    rank: int | None = None
    view: str | None = None
    where: Location | None = None
    text: str | None = field(default=None, compare=False)
    """The card as the scenario wrote it (``lightning ♠A``), for messages."""

    @property
    def shown(self) -> str:
        return self.text or str(self)

    def __str__(self) -> str:
        bits = [self.name]
        if self.suit:
            bits.append(f"{self.suit} {self.rank or ''}".strip())
        if self.view:
            bits.append(f"as {self.view}")
        return " ".join(bits)


_CARD = re.compile(r"^\s*(?P<body>.+?)(?:\s+as\s+(?P<view>[a-z_]+))?\s*$")
_RANK = r"(?P<rank>10|[2-9]|[AJQKajqk])"


LOST_SKILL_LABELS = frozenset({"main", "deputy", ""})
"""What a ``lose_skills`` event names as its ``general`` besides a general's id: the slot
whose skills went (Guozhan), or nothing (skills held for a period that ended)."""

def parse_card(text: str, where: Location | None = None) -> CardSpec | str:
    """A card spec, or a message saying what is wrong with it."""
    m = _CARD.match(str(text))
    if not m:
        return f"cannot read card {text!r}"
    body, view = m.group("body"), m.group("view")
    words = body.replace("♠", " ♠ ").replace("♥", " ♥ ").replace("♣", " ♣ ").replace(
        "♦", " ♦ ").split()
    name = None
    suit = None
    rank = None
    for w in words:
        low = w.lower()
        if low in SUITS:
            suit = SUITS[low]
        elif re.fullmatch(_RANK, w):
            rank = RANKS.get(w.upper(), 0) or int(w)
        elif re.fullmatch(r"[a-z_][a-z0-9_]*", w) and name is None:
            name = w
        else:
            return f"cannot read {w!r} in card {text!r}"
    if name is None:
        return f"card {text!r} has no name"
    if (suit is None) != (rank is None):
        return f"card {text!r} needs both a suit and a rank, or neither"
    if (why := cards_pattern.unreadable(text)) is not None:
        return why
    return CardSpec(name, suit, rank, view, where, " ".join(str(text).split()))


@dataclass
class SeatSpec:
    seat: int
    general: str | None = None
    role: str | None = None
    hp: int | None = None
    max_hp: int | None = None
    hand: list[CardSpec] = field(default_factory=list)
    equipment: list[CardSpec] = field(default_factory=list)
    judgement: list[CardSpec] = field(default_factory=list)
    pile: list[CardSpec] = field(default_factory=list)
    """Cards on the general card, in no named pile."""
    piles: dict[str, list[CardSpec]] = field(default_factory=dict)
    """Named piles on the general card (权): pile id → its cards."""
    marks: dict[str, int] = field(default_factory=dict)
    turned_over: bool = False
    skills: list[str] | None = None
    kingdom: str | None = None
    gender: str | None = None
    alive: bool = True
    agent: str | None = None
    generals: list[str] | None = None
    """Main and deputy general (two-general modes)."""
    revealed: list[bool] = field(default_factory=lambda: [False, False])
    careerist: bool = False
    keys: tuple[str, ...] = ()
    where: Location | None = None
    general_where: Location | None = None
    generals_where: list[Location] = field(default_factory=list)
    """Where the main and deputy general are named (two-general modes)."""
    skills_where: list[Location] = field(default_factory=list)


@dataclass
class Step:
    """One scripted decision: who answers, the answer, and optionally which question."""

    seat: int
    pick: Any
    when: str | None
    where: Location


@dataclass
class Expectation:
    kind: str
    value: Any
    where: Location
    key: Any = None


@dataclass
class Scenario:
    path: str
    name: str
    mode: str
    seed: int
    seats: list[SeatSpec]
    deck: list[CardSpec]
    discard: list[CardSpec]
    start_seat: int
    start_phase: str | None
    turns: int
    phases: list[str] | None
    until_end: bool
    script: list[Step]
    expectations: list[Expectation]
    defaults: dict[str, str]
    step_budget: int
    where: Location
    rest: str = "deck"
    start_phase_where: Location | None = None
    phases_where: list[Location] = field(default_factory=list)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def card_name(text: str) -> str | None:
    """The card name in a face or card spec (``slash ♠7`` → ``slash``; ``slash ♠`` too)."""
    spec = parse_card(text)
    if isinstance(spec, CardSpec):
        return spec.name
    m = re.match(r"\s*([a-z_][a-z0-9_]*)(?![a-z0-9_])", text)
    return m.group(1) if m else None


def _hint(*parts: str | None) -> str | None:
    text = " ".join(p for p in parts if p)
    return text or None


def parse_scenario(doc: Document, lib: Library | None = None) -> Scenario:
    """Check a loaded scenario document and build the Scenario, or raise ScenarioError.

    With ``lib`` the names are checked too: cards, generals, skills and winning sides
    must exist in its catalog (the bundled game plus any loaded expansion)."""
    r = _Reader(doc, lib)
    data = doc.data
    if not isinstance(data, dict):
        raise ScenarioError([Problem(Location(doc.path, 1, 1), "scenario",
                                     "a scenario is a mapping")])
    kind = data.get("kind")
    if kind is not None and kind != "scenario":
        raise ScenarioError([Problem(
            r.at("kind", key=True), "scenario", f"this file is not a scenario (kind: {kind})",
            "a scenario file says 'kind: scenario'; data files are checked by 'sgs validate'")])
    r.top_keys()
    seats = r.seats()
    start_seat, start_phase = r.start(seats)
    turns, until, phases = r.timing(start_phase)
    script = r.script(seats)
    expectations = r.expectations()
    defaults = r.defaults()
    seed, budget, rest = r.settings()
    mode = r.mode()
    r.mode_seats(mode, seats)
    r.sides(mode)
    r.phases_of(mode)
    deck = r.cards(("deck",), data.get("deck"))
    discard = r.cards(("discard",), data.get("discard"))
    if r.problems:
        raise ScenarioError(sorted(r.problems, key=Problem.sort_key))
    at = r.at
    return Scenario(
        path=doc.path, name=str(data.get("name") or doc.path), mode=mode, seed=seed,
        seats=seats, deck=deck, discard=discard, start_seat=start_seat,
        start_phase=start_phase, turns=turns, phases=phases, until_end=until == "game_over",
        start_phase_where=at("start", "phase") if start_phase is not None else None,
        phases_where=[at("phases", i) for i in range(len(phases or []))],
        script=script, expectations=expectations,
        defaults={str(k): str(v) for k, v in defaults.items()}, step_budget=budget,
        where=Location(doc.path, 1, 1), rest=rest)


def check_format(doc: Document) -> list[Problem]:
    """The located problems of a scenario's format, without playing it (what `sgs
    validate` checks): a samurai scenario by its own format, any other by
    :func:`parse_scenario` (without a game loaded, so names are left to `sgs test`)."""
    if isinstance(doc.data, dict) and doc.data.get("mode") == "samurai":
        from sgs_tools.scenario.samurai import format_problems

        return format_problems(doc)
    try:
        parse_scenario(doc)
    except ScenarioError as exc:
        return list(exc.problems)
    return []


class _Reader:
    """Reads one scenario document section by section, collecting located problems."""

    def __init__(self, doc: Document, lib: Library | None) -> None:
        self.doc = doc
        self.lib = lib
        self.data: dict[str, Any] = doc.data
        self.problems: list[Problem] = []
        self.card_ids = set(lib.catalog.cards) if lib is not None else None
        self.side_checks: list[tuple[Any, Location]] = []
        self.phase_checks: list[tuple[Any, Location]] = []
        self.pattern_path: tuple[str | int, ...] = ()
        """Where the event pattern being checked is (``expect``, events or no_events, i)."""
        self.seat_count = 0
        """How many seats the table has (0 until they are read, or when there are none)."""

    def at(self, *path: str | int, key: bool = False) -> Location:
        return self.doc.where(tuple(path), key=key)

    def bad(self, where: Location, message: str, hint: str | None = None) -> None:
        self.problems.append(Problem(where, "scenario", message, hint))

    def known_card(self, name: str, where: Location, after: str = "") -> None:
        bad, card_ids = self.bad, self.card_ids
        if card_ids is not None and name not in card_ids:
            bad(where, f"unknown card {name!r}{after}", suggest(name, card_ids))

    def known_kingdom(self, name: str) -> bool:
        """A kingdom of the loaded game (the base game's and its expansions'); without a
        game loaded, any word of the id form (the run checks it)."""
        if self.lib is not None:
            return name in self.lib.kingdoms
        return re.fullmatch(r"[a-z][a-z0-9_]*", name) is not None

    def known_general(self, name: Any, where: Location) -> None:
        bad, lib = self.bad, self.lib
        if lib is not None and isinstance(name, str) and name not in lib.catalog.generals:
            bad(where, f"unknown general {name!r}", suggest(name, set(lib.catalog.generals)))

    def known_skills(self, names: Any, path: tuple[str | int, ...]) -> None:
        bad, at, lib = self.bad, self.at, self.lib
        if lib is None or not isinstance(names, list):
            return
        for j, name in enumerate(names):
            if isinstance(name, str) and name not in lib.catalog.skills:
                bad(at(*path, j), f"unknown skill {name!r}",
                    suggest(name, set(lib.catalog.skills)))

    def expected_cards(self, path: tuple[str | int, ...], raw: Any) -> None:
        """A number of cards, or a list of cards, expected in a zone or pile."""
        bad, at, known_card = self.bad, self.at, self.known_card
        if _int(raw):
            if raw < 0:
                bad(at(*path), "a number of cards is at least 0")
            return
        if not isinstance(raw, list):
            bad(at(*path), "expected a number of cards or a list of cards")
            return
        for j, item in enumerate(raw):
            where = at(*path, j)
            spec = parse_card(str(item), where)
            if isinstance(spec, str):
                bad(where, spec, "write a card as 'name', 'name ♠7' or 'spade 7 name'")
            else:
                known_card(spec.name, where)

    def check_pattern(self, key: str, i: int, pattern: dict[Any, Any]) -> None:
        """Every field of an event pattern is a field of that event, with a value that
        could be there: a known card, a nature, a side."""
        bad, at, known_card, side_checks = self.bad, self.at, self.known_card, self.side_checks
        kind = str(pattern["e"])
        fields = LOG_FIELDS[kind]
        self.pattern_path = ("expect", key, i)
        listed = (f"'{kind}' events have {', '.join(sorted(fields))}" if fields
                  else f"'{kind}' events have no fields besides e")
        for fname, fval in pattern.items():
            if fname in ("e", "times"):
                continue
            where = at("expect", key, i, fname)
            if fname not in fields:
                bad(at("expect", key, i, fname, key=True),
                    f"a '{kind}' event has no field {fname!r}",
                    _hint(suggest(str(fname), set(fields)), f"({listed})" if fields else listed))
            elif fname in CARD_FIELDS or (kind, fname) in CARD_NAME_FIELDS:
                if _int(fval) and fval < 0:
                    bad(where, "a number of cards is at least 0")
                items = fval if isinstance(fval, list) else [fval]
                for j, item in enumerate(items):
                    name = card_name(item) if isinstance(item, str) else None
                    if name is not None:
                        known_card(name, at("expect", key, i, fname, j)
                                   if isinstance(fval, list) else where)
            elif fname == "nature" and fval not in NATURES:
                bad(where, f"unknown nature {fval!r}",
                    _hint(suggest(str(fval), set(NATURES)),
                          f"a damage nature is {', '.join(NATURES)} (damage without a "
                          "nature is logged as 'normal')"))
            elif kind == "win" and fname == "side":
                side_checks.append((fval, where))
            else:
                self.check_field_value(kind, fname, fval, where)

    def check_field_value(self, kind: str, fname: str, fval: Any, where: Location) -> None:
        """A pattern field's value of a type (and range) the log can hold there: a pattern
        that can never match would make a ``no_events`` check pass unchecked."""
        bad, lib = self.bad, self.lib
        if fname in SEAT_FIELDS or (fname == "to" and kind in SEAT_TO_EVENTS):
            if fval is not None and not (kind == "move" and fval == -1):  # -1: no seat's
                self.seat_number(fval, where, fname)
        elif fname in SEATS_FIELDS:
            if not isinstance(fval, list):
                bad(where, f"{fname} is a list of seat numbers", f"for example: {fname}: [1, 2]")
            else:
                for j, item in enumerate(fval):
                    self.seat_number(item, self.doc.where((*self.pattern_path, fname, j)),
                                     f"each of {fname}")
        elif fname in NUMBER_FIELDS:
            if not _int(fval):
                bad(where, f"{fname} is a whole number")
        elif fname == "skill":
            if not isinstance(fval, str):
                bad(where, "skill is a skill id")
            elif lib is not None and fval not in lib.catalog.skills \
                    and fval not in lib.catalog.cards:
                # A card's own effect (an equipment's, a trick's) is logged under the
                # card's id, as a skill's is under the skill's.
                bad(where, f"unknown skill {fval!r}",
                    suggest(fval, set(lib.catalog.skills) | set(lib.catalog.cards)))
        elif fname == "general":
            if not isinstance(fval, str):
                bad(where, "general is a general id")
            elif not (kind == "lose_skills" and fval in LOST_SKILL_LABELS):
                self.known_general(fval, where)
        elif fname == "phase" and kind in PHASE_EVENTS:
            self.phase_checks.append((fval, where))
        elif fname == "faction" and fval is not None and not (isinstance(fval, str) and (
                self.known_kingdom(fval) or fval == "careerist")):
            # the log's faction is a kingdom or careerist: a misspelt one never matches
            known = [*sorted(lib.kingdoms), "careerist"] if lib is not None else []
            bad(where, f"unknown faction {fval!r}",
                _hint(suggest(str(fval), set(known)),
                      f"expected one of: {', '.join(known)}" if known else None))
        elif fname == "slot" and kind in ("reveal_general", "hide_general") \
                and fval not in ("main", "deputy"):
            bad(where, f"slot is main or deputy, not {fval!r}")
        elif kind == "decide" and fname == "kind" and fval not in DECISION_KINDS:
            bad(where, f"unknown decision kind {fval!r}",
                _hint(suggest(str(fval), set(DECISION_KINDS)),
                      f"decision kinds: {', '.join(sorted(DECISION_KINDS))}"))

    def check_state_value(self, fname: str, fval: Any, path: tuple[str | int, ...]) -> None:
        """An expected seat field's value of a type the seat can have (a misspelt kingdom
        or ``alive: yes`` would fail with a puzzling message, or never be checked)."""
        bad, where = self.bad, self.at(*path)
        if fname in ("alive", "role_revealed", "turned_over", "careerist"):
            if not isinstance(fval, bool):
                bad(where, f"{fname} is true or false")
        elif fname in ("hp", "max_hp"):
            if not _int(fval):
                bad(where, f"{fname} is a whole number")
        elif fname == "role":
            if fval not in (None, "lord", "loyalist", "rebel", "renegade"):
                bad(where, f"unknown role {fval!r}", "expected lord, loyalist, rebel or renegade")
        elif fname == "gender":
            if fval not in ("male", "female"):
                bad(where, "gender is male or female")
        elif fname in ("kingdom", "faction"):
            # null: hidden (no kingdom yet); a faction may also be careerist
            if fval is not None and not (isinstance(fval, str) and (
                    self.known_kingdom(fval) or (fname == "faction" and fval == "careerist"))):
                known = sorted(self.lib.kingdoms) if self.lib is not None else []
                if fname == "faction":
                    known.append("careerist")
                bad(where, f"unknown {fname} {fval!r}",
                    _hint(suggest(str(fval), set(known)),
                          f"expected one of: {', '.join(known)}, or null" if known else None))
        elif fname == "generals":
            if fval is not None and not (isinstance(fval, list) and len(fval) == 2
                                         and all(isinstance(x, str) for x in fval)):
                bad(where, "generals is a list of two general ids: [MAIN, DEPUTY]")
            elif fval is not None:
                for j, name in enumerate(fval):
                    self.known_general(name, self.at(*path, j))
        elif fname == "revealed" and not (
                isinstance(fval, bool) or (isinstance(fval, list) and len(fval) == 2
                                           and all(isinstance(x, bool) for x in fval))):
            bad(where, "revealed is true, false or a pair such as [true, false]")

    def seat_number(self, value: Any, where: Location, what: str) -> None:
        count = self.seat_count
        if not _int(value):
            self.bad(where, f"{what} is a seat number", "seats are numbered from 0"
                     + (f" to {count - 1}" if count else ""))
        elif value < 0 or (count and value >= count):
            self.bad(where, f"there is no seat {value}",
                     f"seats are numbered 0 to {count - 1}" if count else None)

    def phases_of(self, mode: str) -> None:
        """The ``phase`` of phase, skip and will_skip patterns is a phase of the mode."""
        lib = self.lib
        if lib is None or not self.phase_checks:
            return
        from sgs_tools.engine.errors import SetupError

        try:
            raw = lib.mode(mode).raw
        except SetupError:
            return
        names = [str(p.get("id")) for p in raw.get("phases") or [] if isinstance(p, dict)]
        if not names:
            return
        for value, where in self.phase_checks:
            if value not in names:
                self.bad(where, f"unknown phase {value!r}",
                         _hint(suggest(str(value), set(names)),
                               f"the {mode} phases: {', '.join(names)}"))


    def cards(self, path: tuple[str | int, ...], raw: Any, views: bool = False) -> list[CardSpec]:
        bad, at, known_card = self.bad, self.at, self.known_card
        out: list[CardSpec] = []
        if raw is None:
            return out
        if not isinstance(raw, list):
            bad(at(*path), "expected a list of cards")
            return out
        for i, item in enumerate(raw):
            where = at(*path, i)
            spec = parse_card(str(item), where)
            if isinstance(spec, str):
                bad(where, spec, "write a card as 'name', 'name ♠7' or 'spade 7 name'")
            elif spec.view is not None and not views:
                bad(where, f"'as {spec.view}' has no meaning here",
                    "only a judgement-zone card can be placed as another card (a delayed "
                    "trick, e.g. 'jink ♦3 as indulgence'); elsewhere write the card itself")
            else:
                out.append(spec)
                known_card(spec.name, where)
                if spec.view is not None:
                    known_card(spec.view, where, " after 'as'")
        return out


    def top_keys(self) -> None:
        bad, at, data = self.bad, self.at, self.data
        for key in data:
            if key not in TOP_KEYS:
                bad(at(key, key=True), f"unknown key {key!r}",
                    f"expected one of: {', '.join(sorted(TOP_KEYS))}")


    def seats(self) -> list[SeatSpec]:
        bad, at, known_general = self.bad, self.at, self.known_general
        known_skills, cards, data, doc = self.known_skills, self.cards, self.data, self.doc
        seats: list[SeatSpec] = []
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or not raw_seats:
            bad(at("seats") if "seats" in data else Location(doc.path, 1, 1),
                "a scenario needs 'seats': a list of seats")
            raw_seats = []
        elif len(raw_seats) == 1:
            # (a game of one is over before it starts: every mode deals two or more)
            bad(at("seats"), "a table has at least two seats",
                "add a second seat, e.g. an opponent with no cards")
        for i, raw in enumerate(raw_seats):
            if not isinstance(raw, dict):
                bad(at("seats", i), "a seat is a mapping (general, role, hp, hand, …)")
                continue
            for key in raw:
                if key not in SEAT_KEYS:
                    bad(at("seats", i, key, key=True), f"unknown seat key {key!r}",
                        f"expected one of: {', '.join(sorted(SEAT_KEYS))}")
            s = SeatSpec(i, where=at("seats", i))
            for word in ("general", "role", "kingdom", "gender"):
                value = raw.get(word)
                if value is not None and not isinstance(value, str):
                    bad(at("seats", i, word), f"{word} must be a single word, such as an id")
                    raw = {**raw, word: None}
            if raw.get("role") not in (None, "lord", "loyalist", "rebel", "renegade"):
                bad(at("seats", i, "role"), f"unknown role {raw.get('role')!r}",
                    "expected lord, loyalist, rebel or renegade")
            kingdom = raw.get("kingdom")
            if kingdom is not None and not self.known_kingdom(kingdom):
                known = sorted(self.lib.kingdoms) if self.lib is not None else []
                bad(at("seats", i, "kingdom"), f"unknown kingdom {kingdom!r}",
                    suggest(str(kingdom), known) or (
                        f"kingdoms: {', '.join(known)}" if known else None))
            if raw.get("gender") not in (None, "male", "female"):
                bad(at("seats", i, "gender"), "gender is male or female")
            s.general = raw.get("general")
            if s.general is not None:
                s.general_where = at("seats", i, "general")
                known_general(s.general, s.general_where)
            s.role = raw.get("role")
            for num in ("hp", "max_hp"):
                value = raw.get(num)
                if value is not None and not _int(value):
                    bad(at("seats", i, num), f"{num} must be a whole number")
                elif value is not None and not (value >= 1 if num == "max_hp" else value >= 0):
                    bad(at("seats", i, num), f"{num} {value} is out of range",
                        "max_hp is at least 1; hp is at least 0 (0 only with alive: false)")
                elif value is not None:
                    setattr(s, num, value)
            hp, top = raw.get("hp"), raw.get("max_hp")
            if isinstance(hp, int) and isinstance(top, int) and hp > top:
                bad(at("seats", i, "hp"), f"hp {hp} is above max_hp {top}")
            s.hand = cards(("seats", i, "hand"), raw.get("hand"))
            s.equipment = cards(("seats", i, "equipment"), raw.get("equipment"))
            s.judgement = cards(("seats", i, "judgement"), raw.get("judgement"), views=True)
            s.pile = cards(("seats", i, "pile"), raw.get("pile"))
            piles = raw.get("piles")
            if piles is not None and not (isinstance(piles, dict) and all(
                    isinstance(v, list) for v in piles.values())):
                bad(at("seats", i, "piles"), "piles maps a pile id to its cards",
                    "for example: piles: {quan: [slash, jink]}")
            elif piles:
                s.piles = {str(k): cards(("seats", i, "piles", k), v) for k, v in piles.items()}
            marks = raw.get("marks")
            if marks is not None and not (isinstance(marks, dict) and all(
                    _int(v) and v >= 0 for v in marks.values())):
                bad(at("seats", i, "marks"), "marks maps a mark id to how many",
                    "for example: marks: {ren: 2}")
            elif marks:
                s.marks = {str(k): int(v) for k, v in marks.items()}
            turned = raw.get("turned_over", False)
            if not isinstance(turned, bool):
                bad(at("seats", i, "turned_over"), "turned_over is true or false")
            else:
                s.turned_over = turned
            skills = raw.get("skills")
            if skills is not None:
                if isinstance(skills, list) and all(isinstance(x, str) for x in skills):
                    s.skills = list(skills)
                    s.skills_where = [at("seats", i, "skills", j) for j in range(len(skills))]
                    known_skills(skills, ("seats", i, "skills"))
                else:
                    bad(at("seats", i, "skills"), "skills is a list of skill ids")
            s.kingdom = raw.get("kingdom")
            s.gender = raw.get("gender")
            agent = raw.get("agent")
            if agent not in (None, "random", "heuristic"):
                bad(at("seats", i, "agent"), "agent is random or heuristic",
                    "unscripted decisions of this seat go to that agent instead of defaults")
            else:
                s.agent = agent
            alive = raw.get("alive", True)
            if not isinstance(alive, bool):
                bad(at("seats", i, "alive"), "alive is true or false")
            else:
                s.alive = alive
            self.two_generals(s, raw)
            seats.append(s)
        self.seat_count = len(raw_seats)
        return seats

    def two_generals(self, s: SeatSpec, raw: dict[str, Any]) -> None:
        """A Guozhan seat: ``generals: [MAIN, DEPUTY]``, ``revealed: true`` (both),
        ``false`` or ``[MAIN?, DEPUTY?]``, and ``careerist: true``."""
        bad, at, i = self.bad, self.at, s.seat
        s.keys = tuple(str(k) for k in raw)
        generals = raw.get("generals")
        if "generals" in raw:  # ``generals: null`` too (it left the seat without generals)
            if not (isinstance(generals, list) and len(generals) == 2
                    and all(isinstance(x, str) for x in generals)):
                bad(at("seats", i, "generals"), "generals is a list of two general ids: "
                    "[MAIN, DEPUTY]")
            else:
                s.generals = list(generals)
                s.generals_where = [at("seats", i, "generals", j) for j in range(2)]
                for name, where in zip(generals, s.generals_where, strict=True):
                    self.known_general(name, where)
        revealed = raw.get("revealed", False)
        if isinstance(revealed, bool):
            s.revealed = [revealed, revealed]
        elif (isinstance(revealed, list) and len(revealed) == 2
              and all(isinstance(x, bool) for x in revealed)):
            s.revealed = list(revealed)
        else:
            bad(at("seats", i, "revealed"), "revealed is true (both generals face up), false "
                "(both hidden) or a pair such as [true, false] (main up, deputy hidden)")
        careerist = raw.get("careerist", False)
        if not isinstance(careerist, bool):
            bad(at("seats", i, "careerist"), "careerist is true or false")
        elif careerist and not any(s.revealed):
            bad(at("seats", i, "careerist"), "a careerist has revealed a general",
                "reveal at least one general (revealed: [true, false]) or drop careerist")
        else:
            s.careerist = careerist

    def mode_seats(self, mode: str, seats: list[SeatSpec]) -> None:
        """Seats fit the mode: two generals in Guozhan, one general and a role elsewhere."""
        bad, at = self.bad, self.at
        two = self.family(mode) in TWO_GENERAL_MODES
        for s in seats:
            told = False  # one mistake, one error: a single 'general' is not also "needs"
            for key in s.keys:
                if two and key in ("general", "role"):
                    told = told or key == "general"
                    bad(at("seats", s.seat, key, key=True),
                        f"a {mode} seat has two generals (generals: [MAIN, DEPUTY]), not one "
                        "'general'" if key == "general" else f"a {mode} seat has no 'role'",
                        "write generals: [MAIN, DEPUTY] (and revealed: …); the faction comes "
                        "from the revealed generals" if key == "general" else
                        f"{mode} has factions, not roles: they come from revealed generals "
                        "(careerist: true for a careerist)")
                elif not two and key in GUOZHAN_SEAT_KEYS:
                    bad(at("seats", s.seat, key, key=True),
                        f"{key!r} is for two-general modes ({', '.join(TWO_GENERAL_MODES)})",
                        "add 'mode: guozhan', or give the seat one 'general'")
            if two and s.generals is None and "generals" not in s.keys and s.where and not told:
                bad(s.where, "a Guozhan seat needs generals: [MAIN, DEPUTY]")
        self.one_of_each(seats, two)

    def one_of_each(self, seats: list[SeatSpec], two: bool) -> None:
        """A Guozhan seat's main and deputy are two generals (one card of each is in the
        box; the same general twice broke the hidden-information invariant) of one
        kingdom (checked with a game loaded). The same general at two seats is allowed:
        the engine's word probes seat one so."""
        if not two:
            return
        known = self.lib.catalog.generals if self.lib is not None else {}
        for s in seats:
            if s.generals is None:
                continue
            main, deputy = s.generals
            if main == deputy:
                self.bad(self.at("seats", s.seat, "generals", 1),
                         f"general {deputy!r} is already this seat's main general",
                         "a seat holds two different generals; choose another deputy")
            elif main in known and deputy in known and (
                    known[main].kingdom != known[deputy].kingdom):
                # (as `sgs simulate --generals` refuses such a pair: the deal never makes one)
                self.bad(self.at("seats", s.seat, "generals", 1),
                         f"general {deputy!r} is of {known[deputy].kingdom}, and this seat's "
                         f"main general {main!r} of {known[main].kingdom}",
                         "a Guozhan seat's two generals are of one kingdom; choose a "
                         f"{known[main].kingdom} deputy")

    def start(self, seats: list[SeatSpec]) -> tuple[int, str | None]:
        bad, at, data = self.bad, self.at, self.data
        start = data.get("start") or {}
        start_seat, start_phase = 0, None
        if not isinstance(start, dict):
            bad(at("start"), "start is a mapping: {seat: N, phase: PHASE}")
        else:
            seat = start.get("seat", 0)
            if not _int(seat):
                bad(at("start", "seat"), "start seat is a seat number")
            elif seats and not 0 <= seat < len(seats):
                bad(at("start", "seat"), f"there is no seat {seat}",
                    f"seats are numbered 0 to {len(seats) - 1}")
            else:
                start_seat = seat
            phase = start.get("phase")
            if phase is not None and not isinstance(phase, str):
                bad(at("start", "phase"), "start phase is a phase id such as 'play'")
            start_phase = phase
            for key in start:
                if key not in ("seat", "phase"):
                    bad(at("start", key, key=True), f"unknown start key {key!r}",
                        "expected seat and phase")

        return start_seat, start_phase

    def timing(self, start_phase: str | None) -> tuple[int, Any, list[str] | None]:
        """turns, until and phases."""
        bad, at, data = self.bad, self.at, self.data
        turns = data.get("turns", 1)
        if not _int(turns) or turns < 0 or turns > MAX_TURNS:
            bad(at("turns"), f"turns is a whole number from 0 to {MAX_TURNS} (0 plays nothing)")
            turns = 1
        until = data.get("until")
        if until not in (None, "game_over"):
            bad(at("until"), "until can only be 'game_over'")
        phases = data.get("phases")
        if phases is not None and not (isinstance(phases, list)
                                       and all(isinstance(p, str) for p in phases)):
            bad(at("phases"), "phases is a list of phase ids")
            phases = None
        if phases and start_phase is not None and start_phase != phases[0]:
            from difflib import get_close_matches

            if isinstance(start_phase, str) and get_close_matches(phases[0], [start_phase],
                                                                  cutoff=0.6):
                # Most likely a misspelling: say so where it is, not as a mismatch elsewhere.
                bad(at("phases", 0), f"phase {phases[0]!r} is not the start phase "
                    f"{start_phase!r}; is one of them misspelt?",
                    f"did you mean {start_phase!r}? with 'phases' the first turn starts "
                    "with the first of them")
            else:
                bad(at("start", "phase"), f"start phase {start_phase!r} is not the first "
                    f"of phases {phases}",
                    "with 'phases' the first turn plays exactly those phases, starting with "
                    "the first; drop the start phase or make it match")

        return turns, until, phases

    def script(self, seats: list[SeatSpec]) -> list[Step]:
        bad, at, data = self.bad, self.at, self.data
        script: list[Step] = []
        raw_script = data.get("script") or []
        if not isinstance(raw_script, list):
            bad(at("script"), "script is a list of {seat: N, pick: ANSWER}")
            raw_script = []
        for i, raw in enumerate(raw_script):
            where = at("script", i)
            if not isinstance(raw, dict) or "pick" not in raw or "seat" not in raw:
                bad(where, "a script step is {seat: N, pick: ANSWER} (optionally when: TEXT)")
                continue
            extra = set(raw) - {"seat", "pick", "when"}
            for key in sorted(extra):
                bad(at("script", i, key, key=True), f"unknown script key {key!r}",
                    "expected seat, pick and when")
            if not _int(raw["seat"]):
                bad(at("script", i, "seat"), "seat is a seat number")
                continue
            if seats and not 0 <= raw["seat"] < len(seats):
                bad(at("script", i, "seat"), f"there is no seat {raw['seat']}",
                    f"seats are numbered 0 to {len(seats) - 1}")
                continue
            when = raw.get("when")
            script.append(Step(raw["seat"], raw["pick"], str(when) if when is not None else None,
                               at("script", i, "pick")))

        return script

    def expectations(self) -> list[Expectation]:
        bad, at, data = self.bad, self.at, self.data
        known_general, known_skills = self.known_general, self.known_skills
        expected_cards, check_pattern = self.expected_cards, self.check_pattern
        side_checks = self.side_checks
        expectations: list[Expectation] = []
        expect = data.get("expect") or {}
        if not isinstance(expect, dict):
            bad(at("expect"), "expect is a mapping (events, no_events, state, winner, …)")
            expect = {}
        for key, value in expect.items():
            if key not in EXPECT_KEYS:
                bad(at("expect", key, key=True), f"unknown expectation {key!r}",
                    f"expected one of: {', '.join(sorted(EXPECT_KEYS))}")
                continue
            if key in ("events", "no_events"):
                if not isinstance(value, list):
                    bad(at("expect", key), f"{key} is a list of event patterns")
                    continue
                for i, pattern in enumerate(value):
                    if not isinstance(pattern, dict) or "e" not in pattern:
                        bad(at("expect", key, i), "an event pattern is a mapping with 'e' "
                            "(the event) and the fields to match")
                        continue
                    if not isinstance(pattern["e"], str) or pattern["e"] not in LOG_EVENTS:
                        bad(at("expect", key, i, "e"), f"unknown event kind {pattern['e']!r}",
                            suggest(str(pattern["e"]), set(LOG_EVENTS))
                            or event_kinds_hint(str(pattern["e"])))
                        continue
                    if "times" in pattern and key == "no_events":
                        bad(at("expect", key, i, "times", key=True),
                            "times has no meaning in no_events",
                            "move the pattern to events with times: 0 to say it never happens")
                        continue
                    if "times" in pattern and not (_int(pattern["times"])
                                                   and pattern["times"] >= 0):
                        bad(at("expect", key, i, "times"),
                            "times is a whole number (how often the event happens in the log)")
                        continue
                    check_pattern(key, i, pattern)
                    expectations.append(Expectation(key, pattern, at("expect", key, i)))
            elif key == "state":
                if not isinstance(value, dict):
                    bad(at("expect", "state"), "state is a mapping (seats, deck, discard)")
                    continue
                for skey, sval in value.items():
                    if skey == "seats" and isinstance(sval, dict):
                        for seat_key, fields in sval.items():
                            seat = int(seat_key) if str(seat_key).isdecimal() else seat_key
                            if not _int(seat) or not isinstance(fields, dict):
                                bad(at("expect", "state", "seats", seat_key),
                                    "seats maps a seat number to the fields expected")
                                continue
                            for fname, fval in fields.items():
                                fpath = ("expect", "state", "seats", seat_key, fname)
                                if fname not in SEAT_STATE_FIELDS:
                                    listed = ", ".join(sorted(SEAT_STATE_FIELDS))
                                    bad(at(*fpath, key=True), f"unknown seat field {fname!r}",
                                        suggest(str(fname), SEAT_STATE_FIELDS)
                                        or f"expected one of: {listed}")
                                    continue
                                if fname in ("hand", "equipment", "judgement", "pile"):
                                    expected_cards(fpath, fval)
                                elif fname in ("piles", "marks") and not isinstance(fval,
                                                                                  dict):
                                    bad(at(*fpath), f"{fname} maps an id to what is "
                                        f"expected there")
                                    continue
                                elif fname == "piles":
                                    for pid, pval in fval.items():
                                        expected_cards((*fpath, pid), pval)
                                elif fname == "general":
                                    known_general(fval, at(*fpath))
                                elif fname == "skills":
                                    known_skills(fval, fpath)
                                else:
                                    self.check_state_value(fname, fval, fpath)
                                expectations.append(Expectation(
                                    "seat", fval, at("expect", "state", "seats", seat_key, fname),
                                    (seat, fname)))
                    elif skey in ("deck", "discard", "processing"):
                        expected_cards(("expect", "state", skey), sval)
                        expectations.append(Expectation("pile", sval,
                                                        at("expect", "state", skey), skey))
                    elif skey == "current":
                        expectations.append(Expectation("current", sval,
                                                        at("expect", "state", skey)))
                    else:
                        bad(at("expect", "state", skey, key=True), f"unknown state {skey!r}",
                            "expected seats, deck, discard, processing or current")
            elif key in ("distance", "in_range", "attack_range"):
                if not isinstance(value, list):
                    bad(at("expect", key), f"{key} is a list of checks")
                    continue
                for i, item in enumerate(value):
                    if not isinstance(item, dict) or "is" not in item:
                        bad(at("expect", key, i), f"a {key} check is {{from: A, to: B, is: N}}")
                        continue
                    form = ("{seat: A, is: N}" if key == "attack_range"
                            else "{from: A, to: B, is: N}")
                    for ckey in item:
                        if ckey not in CHECK_KEYS[key]:
                            bad(at("expect", key, i, ckey, key=True),
                                f"unknown {key} key {ckey!r}",
                                _hint(suggest(str(ckey), set(CHECK_KEYS[key])),
                                      f"an {key} check is {form}" if key[0] in "aeiou"
                                      else f"a {key} check is {form}"))
                        elif ckey != "is":  # a check of a seat the table lacks never holds
                            self.seat_number(item[ckey], at("expect", key, i, ckey),
                                             f"{key} {ckey}")
                    expectations.append(Expectation(key, item, at("expect", key, i)))
            else:
                if key == "winner" and isinstance(value, str):
                    side_checks.append((value, at("expect", key)))
                elif key == "winner" and not isinstance(value, list):
                    bad(at("expect", key), "winner is a side id (such as lord_side), 'none', "
                        "or the list of winning seats")
                    continue
                elif key == "winner":
                    for j, item in enumerate(value):
                        self.seat_number(item, at("expect", key, j), "each winner")
                expectations.append(Expectation(key, value, at("expect", key)))

        return expectations

    def defaults(self) -> dict[str, Any]:
        bad, at, data = self.bad, self.at, self.data
        defaults = data.get("defaults") or {}
        if not isinstance(defaults, dict):
            bad(at("defaults"), "defaults maps a decision kind to a default answer")
            defaults = {}
        for kind, answer in defaults.items():
            if kind not in DECISION_KINDS:
                bad(at("defaults", kind, key=True), f"unknown decision kind {kind!r}",
                    suggest(str(kind), set(DECISION_KINDS))
                    or f"expected one of: {', '.join(sorted(DECISION_KINDS))}")
            elif isinstance(answer, (dict, list)) or answer is None:
                bad(at("defaults", kind), "a default answer is one option label, such as "
                    "'pass', 'no' or 'end'")
        return defaults

    def settings(self) -> tuple[int, int, str]:
        """seed, step budget and where the rest of the deck goes."""
        bad, at, data = self.bad, self.at, self.data
        seed = data.get("seed", 0)
        if not _int(seed):
            bad(at("seed"), "seed is a whole number")
            seed = 0
        budget = data.get("step_budget", 20_000)
        if not _int(budget):
            bad(at("step_budget"), "step_budget is a whole number")
            budget = 20_000
        rest = data.get("rest", "deck")
        if rest not in ("deck", "discard"):
            bad(at("rest"), "rest is 'deck' (the unplaced cards, shuffled under the deck) or "
                "'discard' (they start in the discard pile)")
            rest = "deck"
        return seed, budget, rest

    def mode(self) -> str:
        """The mode played: a bundled one, or (with the game loaded) any mode of it the
        engine plays, such as an expansion's mode based on identity; without the game,
        an unknown mode id is left for the run to check."""
        bad, at, data = self.bad, self.at, self.data
        mode = data.get("mode", "identity")
        played = list(PLAYED_MODES)
        if self.lib is not None:
            from sgs_tools.engine.modes import played_modes

            found = played_modes(self.lib.catalog.modes)
            played = [*(m for m in PLAYED_MODES if m in found),
                      *(m for m in found if m not in PLAYED_MODES)]
        elif isinstance(mode, str) and re.fullmatch(r"[a-z][a-z0-9_]*", mode):
            return mode
        if mode not in played:
            bad(at("mode"), f"the reference engine does not play mode {mode!r}",
                _hint(suggest(str(mode), set(played)),
                      f"scenarios run in: {', '.join(played)}"))
            mode = "identity"
        return str(mode)

    def family(self, mode: str) -> str:
        """The bundled mode whose rules ``mode`` plays by (itself, or along based_on)."""
        catalog = self.lib.catalog.modes if self.lib is not None else {}
        seen: set[str] = set()
        while mode not in PLAYED_MODES and mode in catalog and mode not in seen:
            seen.add(mode)
            mode = str(catalog[mode].raw.get("based_on") or "")
        return mode

    def sides(self, mode: str) -> None:
        bad, lib, side_checks = self.bad, self.lib, self.side_checks
        if lib is not None and side_checks:
            from sgs_tools.engine.errors import SetupError

            try:
                victory = lib.mode(mode).raw.get("victory") or {}
            except SetupError:
                victory = {}
            sides = [str(s.get("id")) for s in victory.get("sides") or []
                     if not s.get("factions")]
            # A faction mode's winning side is the faction that won (Guozhan: a kingdom,
            # or careerist).
            sides += [str(f) for s in victory.get("sides") or [] for f in s.get("factions") or []]
            if any(s.get("factions") for s in victory.get("sides") or []):
                # the kingdoms of the expansions joining the mode are factions too
                cat = lib.catalog
                joined = cat.modes.get(mode)
                sides += [k for k in (cat.mode_kingdoms(joined) if joined else [])
                          if k in cat.kingdoms]
            sides += ["none"]
            for side, where in side_checks:
                if str(side) not in sides:
                    bad(where, f"unknown side {side!r} in mode {mode}",
                        _hint(suggest(str(side), set(sides)),
                              f"the {mode} sides: {', '.join(sides)}"))

"""Scenario + library → the table built, the game run with the script, every expectation
checked; failures are Problems located at the YAML line of what failed."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sgs_tools.data.loader import Document, load_file
from sgs_tools.engine.agents import Decision, IllegalChoice, match_option
from sgs_tools.engine.errors import EngineError, GameOver, SetupError
from sgs_tools.engine.game import Game, Setup
from sgs_tools.engine.library import Library
from sgs_tools.engine.prim_counts import MARKS, mark_count, name_pile, pile_cards
from sgs_tools.engine.state import (
    DISCARD,
    DRAW,
    EQUIPMENT,
    GENERAL_PILE,
    HAND,
    JUDGEMENT,
    CardInst,
    Player,
)
from sgs_tools.errors import LoadError, Location, Problem
from sgs_tools.scenario.format import (
    TWO_GENERAL_MODES,
    CardSpec,
    Scenario,
    ScenarioError,
    Step,
    parse_scenario,
)

DEFAULT_ANSWERS = {"play": "end", "yes_no": "no", "respond": "pass", "trigger": "pass"}


@dataclass
class Outcome:
    """One scenario run: its name, what failed, and the game's log."""

    path: str
    name: str
    problems: list[Problem] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


class Script:
    """The scripted decisions, consumed in order; unscripted decisions get defaults."""

    def __init__(self, steps: list[Step], defaults: dict[str, str]) -> None:
        self.steps = steps
        self.pos = 0
        self.defaults = {**DEFAULT_ANSWERS, **defaults}
        self.asked: dict[int, list[str]] = {}
        self.problems: list[Problem] = []

    def decide(self, d: Decision, fallback: Any = None) -> list[int]:
        self.asked.setdefault(d.seat, []).append(
            f"{d.prompt or d.kind}: {', '.join(d.options[:8])}"
            + (" …" if len(d.options) > 8 else ""))
        step = self.steps[self.pos] if self.pos < len(self.steps) else None
        if (step is not None and step.seat == d.seat and d.kind == "trigger"
                and step.when in d.options):
            # Which of several triggers first: "yes, when X" picks X, "no" passes.
            self.pos += 1
            yes = str(step.pick).lower() in ("yes", "true", step.when)
            return [d.options.index(step.when) if yes else len(d.options) - 1]
        if step is not None and step.seat == d.seat and (
                step.when is None or step.when in d.prompt or step.when == d.kind):
            picks = self.resolve(step.pick, d)
            if picks is not None:
                self.pos += 1
                return picks
            if step.when is not None:
                self.pos += 1
                self.problems.append(Problem(
                    step.where, "scenario",
                    f"seat {d.seat} was asked '{d.prompt}' but {step.pick!r} is not a legal "
                    f"answer", f"options: {', '.join(d.options)} (pick {d.low}..{d.high})"))
        if fallback is not None:
            return list(fallback.decide(d))
        return self.default(d)

    @staticmethod
    def resolve(answer: Any, d: Decision) -> list[int] | None:
        wanted = answer if isinstance(answer, list) else [answer]
        picks: list[int] = []
        for w in wanted:
            index = match_option(w, d.options, picks)
            if index is None:
                return None
            picks.append(index)
        if not d.low <= len(picks) <= d.high:
            return None
        return picks

    def default(self, d: Decision) -> list[int]:
        for answer in (self.defaults.get(d.kind), DEFAULT_ANSWERS.get(d.kind)):
            if answer is not None:
                index = match_option(answer, d.options)
                if index is not None:
                    return [index]
        return list(range(d.low))

    def leftovers(self) -> list[Problem]:
        out = []
        for step in self.steps[self.pos:]:
            asked = self.asked.get(step.seat, [])
            hint = ("seat {} was asked: {}".format(step.seat, "; ".join(asked[-6:]))
                    if asked else f"seat {step.seat} was never asked anything")
            out.append(Problem(step.where, "scenario",
                               f"scripted answer {step.pick!r} for seat {step.seat} was "
                               "never used: no matching decision came up", hint))
            break  # the first unused step explains the rest
        return out


class SeatAgent:
    """One seat's decisions: the script first, then the seat's agent or the defaults."""

    def __init__(self, script: Script, fallback: Any = None) -> None:
        self.script = script
        self.fallback = fallback
        self.wants_context = bool(getattr(fallback, "wants_context", False))

    def decide(self, decision: Decision) -> list[int]:
        return self.script.decide(decision, self.fallback)


def skills_of(lib: Library, general: str | None) -> list[str]:
    if not general or general not in lib.catalog.generals:
        return []
    return lib.skill_ids(lib.catalog.generals[general])


def load(path: Path, shown: str, lib: Library | None = None) -> tuple[Document, Scenario]:
    doc = load_file(path, shown)
    return doc, parse_scenario(doc, lib)


class Builder:
    """Turns a scenario's table description into a Game ready to play."""

    def __init__(self, lib: Library, sc: Scenario) -> None:
        self.lib = lib
        self.sc = sc
        self.problems: list[Problem] = []
        self.used: set[int] = set()
        self.placed: dict[int, Location | None] = {}

    def bad(self, where: Location | None, message: str, hint: str | None = None) -> None:
        self.problems.append(Problem(where or self.sc.where, "scenario", message, hint))

    def card(self, g: Game, spec: CardSpec) -> int | None:
        cards = g.table.cards
        if spec.name not in self.lib.catalog.cards:
            from sgs_tools.data.schemas import suggest

            self.bad(spec.where, f"unknown card {spec.name!r}",
                     suggest(spec.name, set(self.lib.catalog.cards)))
            return None
        copies = 0
        for uid, c in cards.items():
            if c.card != spec.name:
                continue
            if spec.suit is not None and (c.suit != spec.suit or c.rank != spec.rank):
                continue
            copies += 1
            if uid in self.used:
                continue
            self.used.add(uid)
            self.placed[uid] = spec.where
            return uid
        if copies and spec.suit is not None:
            first = next((w for u, w in self.placed.items()
                          if cards[u].card == spec.name and cards[u].suit == spec.suit
                          and cards[u].rank == spec.rank), None)
            at = f" (at line {first.line})" if first is not None else ""
            self.bad(spec.where, f"{spec.shown} is already placed{at}: the {self.sc.mode} deck has "
                     f"{copies} such card{'s' if copies > 1 else ''}",
                     "one physical card cannot be in two places; write another copy, or "
                     "leave out the suit and rank to take any free copy")
            return None
        info = self.lib.card(spec.name)
        uid = max(cards) + 1 if cards else 0
        cards[uid] = CardInst(uid, spec.name, spec.suit, spec.rank, info.type, info.subtype,
                              info.range, info.nature)
        self.used.add(uid)
        return uid

    def check_phases(self, g: Game) -> None:
        from sgs_tools.data.schemas import suggest

        names = [str(p["id"]) for p in g.phases]
        hint = f"the {self.sc.mode} phases: {', '.join(names)}"
        wanted = [(self.sc.start_phase, self.sc.start_phase_where)] if (
            self.sc.start_phase is not None) else []
        wanted += list(zip(self.sc.phases or [], self.sc.phases_where, strict=False))
        for name, where in wanted:
            if name is not None and name not in names:
                self.bad(where, f"unknown phase {name!r}",
                         f"{suggest(name, set(names)) or ''} {hint}".strip())

    def two_generals(self, g: Game) -> None:
        """Guozhan seats: two generals each, face up or down; health from both unless
        the seat says otherwise."""
        from sgs_tools.engine.modes.guozhan import GuozhanRules

        rules = g.rules
        if not isinstance(rules, GuozhanRules):
            raise SetupError(f"mode {self.sc.mode!r} does not play by two-general rules")
        for spec in self.sc.seats:
            p = g.table.players[spec.seat]
            if spec.generals is None:
                continue
            try:
                for j, name in enumerate(spec.generals):
                    if self.lib.general(name).halves is None:
                        where = (spec.generals_where[j] if len(spec.generals_where) > j
                                 else spec.where)  # (at the general named)
                        self.bad(where, f"general {name!r} has no Guozhan health (halves)",
                                 "two-general seats take Guozhan generals (gz_…)")
                        return
            except SetupError as exc:
                self.bad(spec.where, str(exc))
                return
            rules.place(spec.seat, spec.generals[0], spec.generals[1], spec.revealed,
                        spec.careerist)
            if spec.max_hp is not None:
                p.max_hp = spec.max_hp
            p.hp = spec.hp if spec.hp is not None else p.max_hp
            p.alive = spec.alive

    def build(self, script: Script) -> Game:
        sc = self.sc
        lib = self.lib
        setup = Setup(mode=sc.mode, players=len(sc.seats), seed=sc.seed,
                      step_budget=sc.step_budget, max_turns=10_000)
        g = Game(lib, setup)
        self.check_phases(g)
        g.build_deck()
        t = g.table
        has_roles = any(s.role for s in sc.seats)
        for spec in sc.seats:
            role = spec.role or (None if has_roles else ("lord" if spec.seat == 0
                                                         else "rebel"))
            p = Player(spec.seat, role=role, role_revealed=role == "lord")
            if spec.general:
                try:
                    general = lib.general(spec.general)
                except SetupError as exc:
                    from sgs_tools.data.schemas import suggest

                    self.bad(spec.general_where or spec.where, str(exc),
                             suggest(spec.general, set(lib.catalog.generals)))
                    general = None
                if general is not None:
                    p.general = general.id
                    p.kingdom = general.kingdom
                    p.gender = general.gender
                    p.max_hp = int(general.hp or 4)
                    p.skills = lib.skill_ids(general)
            else:
                p.gender = None
            if spec.skills is not None:
                for j, s in enumerate(spec.skills):
                    if s not in lib.catalog.skills:
                        from sgs_tools.data.schemas import suggest

                        where = (spec.skills_where[j] if j < len(spec.skills_where)
                                 else spec.where)
                        self.bad(where, f"unknown skill {s!r}",
                                 suggest(s, set(lib.catalog.skills)))
                p.skills = list(spec.skills)
            p.kingdom = spec.kingdom or p.kingdom
            p.gender = spec.gender or p.gender
            if spec.max_hp is not None:
                p.max_hp = spec.max_hp
            p.hp = spec.hp if spec.hp is not None else p.max_hp
            if spec.max_hp is None and p.hp > p.max_hp:
                p.max_hp = p.hp
            p.alive = spec.alive
            g.add_player(p)
        from sgs_tools.engine.modes.guozhan import GuozhanRules

        if sc.mode in TWO_GENERAL_MODES or isinstance(g.rules, GuozhanRules):
            self.two_generals(g)  # Guozhan, or a mode based on it
        for spec in sc.seats:
            p = t.players[spec.seat]
            for c in spec.hand:
                uid = self.card(g, c)
                if uid is not None:
                    t.put(uid, HAND, p.seat)
            for c in spec.equipment:
                uid = self.card(g, c)
                if uid is None:
                    continue
                slot = t.cards[uid].subtype
                if t.cards[uid].type != "equipment" or slot is None:
                    self.bad(c.where, f"{c.name!r} is not equipment")
                    continue
                if slot in p.equipment:
                    self.bad(c.where, f"seat {p.seat} already has a {slot}")
                    continue
                t.put(uid, EQUIPMENT, p.seat, slot)
            for name, pile in (("", spec.pile), *spec.piles.items()):
                for c in pile:
                    uid = self.card(g, c)
                    if uid is not None:
                        t.put(uid, GENERAL_PILE, p.seat)
                        name_pile(p, [uid], name or None)
            for name, n in spec.marks.items():
                p.marks[MARKS + name] = n
            p.turned_over = spec.turned_over
            for c in spec.judgement:
                uid = self.card(g, c)
                shown = c.view or c.name
                if uid is not None and c.view is not None and c.view not in lib.catalog.cards:
                    from sgs_tools.data.schemas import suggest

                    self.bad(c.where, f"unknown card {c.view!r} after 'as'",
                             suggest(c.view, set(lib.catalog.cards)))
                    continue
                if uid is not None and lib.card(shown).type != "delayed_trick":
                    self.bad(c.where, f"{shown!r} is not a delayed trick, so it cannot lie in "
                             "the judgement zone",
                             "write a delayed trick (indulgence, lightning, …) or another "
                             "card 'as' one, e.g. 'jink ♦3 as indulgence'")
                    continue
                if uid is not None:
                    t.put(uid, JUDGEMENT, p.seat)
                    if c.view:
                        g.views[uid] = c.view
        top = [u for u in (self.card(g, c) for c in sc.deck) if u is not None]
        for c in sc.discard:
            uid = self.card(g, c)
            if uid is not None:
                t.put(uid, DISCARD)
        rest = [u for u in t.cards if u not in self.used]
        g.rng.shuffle(rest)
        for u in rest:
            t.put(u, DRAW if sc.rest == "deck" else DISCARD)
        for u in reversed(top):
            t.put(u, DRAW)
        t.current = sc.start_seat
        from sgs_tools.engine.agents import make_agent

        g.agents = [SeatAgent(script, make_agent(s.agent, sc.seed, s.seat) if s.agent
                              else None) for s in sc.seats]
        g.refresh_skills()
        g.log_event("setup", mode=sc.mode, players=len(sc.seats), scenario=sc.name)
        return g


UNTIL_TURNS = 2_000
"""How many turns 'until: game_over' plays before it fails (a limit hit is a failure)."""


def play(g: Game, sc: Scenario) -> None:
    t = g.table
    seat = sc.start_seat
    names = [str(p["id"]) for p in g.phases]
    if sc.turns == 0:
        return
    first = sc.phases
    if first is None and sc.start_phase is not None:
        first = names[names.index(sc.start_phase):]
    if first is not None:
        # From the first phase, the turn is played whole (its start is raised); from a
        # later one it had begun already: only its end is raised.
        g.take_turn(seat, phases=first, resume=not first or first[0] != names[0])
    else:
        g.take_turn(seat)
    remaining = sc.turns - 1 if not sc.until_end else UNTIL_TURNS

    def extra_turns() -> None:
        """Turns a skill gave (放权): played next, as the game loop plays them, and
        counted among the scenario's turns."""
        nonlocal remaining
        while g.extra_turns and not g.over and remaining > 0:
            extra = g.extra_turns.pop(0)
            if t.players[extra].alive:
                remaining -= 1
                g.take_turn(extra)

    extra_turns()
    while remaining > 0 and not g.over:
        nxt = t.next_alive(seat).seat
        if nxt <= seat:
            t.round += 1
        seat = nxt
        remaining -= 1
        g.take_turn(seat)
        extra_turns()


def run_scenario(lib: Library, doc: Document, sc: Scenario) -> Outcome:
    out = Outcome(sc.path, sc.name)
    script = Script(sc.script, sc.defaults)
    builder = Builder(lib, sc)
    try:
        g = builder.build(script)
    except SetupError as exc:
        out.problems.append(Problem(sc.where, "scenario", str(exc)))
        return out
    if builder.problems:
        out.problems = builder.problems
        return out
    error: tuple[str, str] | None = None
    try:
        play(g, sc)
    except GameOver:
        pass
    except EngineError as exc:
        g.fail(exc)
        error = (str(g.result.error_kind), str(exc))
    except IllegalChoice as exc:
        error = ("illegal-choice", str(exc))
    except SetupError as exc:
        out.problems.append(Problem(sc.where, "scenario", str(exc)))
        return out
    out.log = g.log
    out.problems.extend(script.problems)
    for gap in g.gaps():
        source = gap.split(":")[0]
        if any(source in (s.skills or []) or source in skills_of(lib, s.general)
               or any(source in skills_of(lib, two) for two in s.generals or [])
               or any(c.name == source for c in (*s.hand, *s.equipment, *s.judgement))
               for s in sc.seats):
            out.problems.append(Problem(sc.where, "engine-gap",
                                        f"{gap}: the engine has no primitive for these "
                                        "words, so those hooks never run"))
    if sc.until_end and error is None and (
            not g.over or g.result.winning_side in ("", "none")):
        out.problems.append(Problem(
            doc.where(("until",)), "scenario",
            f"until: game_over, but nobody had won after {UNTIL_TURNS:,} turns",
            "a table where no side can win never ends; give the scenario 'turns: N' or "
            "seats that can win"))
    expected_error = [e for e in sc.expectations if e.kind == "error"]
    if error is not None and not expected_error:
        out.problems.append(Problem(sc.where, "scenario",
                                    f"the game stopped with an error: [{error[0]}] "
                                    f"{error[1]}"))
    if not script.problems:
        out.problems.extend(script.leftovers())
    out.problems.extend(check_expectations(g, sc, error))
    return out


# -- expectations -------------------------------------------------------------------------

def value_matches(want: Any, have: Any) -> bool:
    if isinstance(want, list):
        return isinstance(have, list) and len(want) == len(have) and all(
            value_matches(w, h) for w, h in zip(want, have, strict=True))
    if isinstance(want, str) and isinstance(have, str):
        if want == have or have.startswith(want + " "):
            return True
        from sgs_tools.scenario.format import parse_card

        spec = parse_card(want)
        return isinstance(spec, CardSpec) and face_matches(spec, have)
    if isinstance(want, bool) or isinstance(have, bool):
        return want is have
    return bool(want == have)


def face_matches(spec: CardSpec, face: str) -> bool:
    from sgs_tools.engine.state import RANK_SIGNS, SUIT_SIGNS

    name, _, rest = face.partition(" ")
    if name != spec.name:
        return False
    if spec.suit is None:
        return True
    rank = RANK_SIGNS.get(spec.rank or 0, str(spec.rank))
    return rest == f"{SUIT_SIGNS[spec.suit]}{rank}"


def event_matches(pattern: dict[str, Any], entry: dict[str, Any]) -> bool:
    for key, want in pattern.items():
        if key not in entry or not value_matches(want, entry[key]):
            return False
    return True


def as_yaml(value: Any) -> str:
    """A value as the scenario file would write it: ``true``, ``null``, ``[1, 2]``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(as_yaml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {as_yaml(v)}" for k, v in value.items()) + "}"
    return str(value)


def show(entry: dict[str, Any]) -> str:
    bits = [f"{k}: {as_yaml(v)}" for k, v in entry.items() if k != "e"]
    return f"{{e: {entry.get('e')}, {', '.join(bits)}}}"


def card_matches(spec: CardSpec, c: CardInst) -> bool:
    if c.card != spec.name:
        return False
    return spec.suit is None or (c.suit == spec.suit and c.rank == spec.rank)


SHOWN_CARDS = 8
"""How many cards a failure message lists before it only counts the rest."""


def faces(cards: list[CardInst], limit: int = SHOWN_CARDS) -> str:
    """``[slash ♠7, jink ♥2, … and 98 more]``: a pile short enough to read."""
    shown = [c.face() for c in cards[:limit]]
    if len(cards) > limit:
        shown.append(f"… and {len(cards) - limit} more")
    return "[" + ", ".join(shown) + "]"


def cards_match(g: Game, want: Any, uids: list[int], ordered: bool = False
                ) -> str | None:
    """None if the cards are as expected, else what they are."""
    from sgs_tools.scenario.format import parse_card

    have = [g.table.cards[u] for u in uids]
    wanted = len(want) if isinstance(want, list) else 0
    shown = faces(have, max(SHOWN_CARDS, wanted + 2))
    if isinstance(want, int) and not isinstance(want, bool):
        return None if len(have) == want else f"{len(have)} cards {shown}"
    if not isinstance(want, list):
        return f"{shown} (expected a number or a list of cards)"
    specs = [parse_card(str(w)) for w in want]
    if any(isinstance(s, str) for s in specs):
        return f"{shown} (the expected list has an unreadable card)"
    pool = list(have)
    if ordered:
        ok = len(pool) >= len(specs) and all(
            card_matches(s, c) for s, c in zip(specs, pool, strict=False))  # type: ignore[arg-type]
        return None if ok else shown
    for s in specs:
        found = next((c for c in pool if card_matches(s, c)), None)  # type: ignore[arg-type]
        if found is None:
            return shown
        pool.remove(found)
    return None if not pool else shown


def check_expectations(g: Game, sc: Scenario, error: tuple[str, str] | None
                       ) -> list[Problem]:
    problems: list[Problem] = []
    log = g.log
    cursor = 0
    last: dict[str, Any] | None = None
    t = g.table

    def fail(where: Location, message: str, hint: str | None = None) -> None:
        problems.append(Problem(where, "expect", message, hint))

    for exp in sc.expectations:
        if exp.kind == "events" and "times" in exp.value:
            pattern = {k: v for k, v in exp.value.items() if k != "times"}
            count = sum(1 for e in log if event_matches(pattern, e))
            if count != exp.value["times"]:
                fail(exp.where, f"event {show(pattern)} happened {count} times, expected "
                     f"{exp.value['times']}")
            continue
        if exp.kind == "events":
            pattern = exp.value
            found = next((i for i in range(cursor, len(log))
                          if event_matches(pattern, log[i])), None)
            if found is None:
                same = [show(e) for e in log if e.get("e") == pattern.get("e")]
                earlier = any(event_matches(pattern, e) for e in log[:cursor])
                where = f" after {show(last)}" if last is not None else ""
                hint = ("it happened, but before the event matched just above" if earlier
                        else (f"'{pattern.get('e')}' events in the log: "
                              + "; ".join(same[:6]) if same
                              else f"the log has no '{pattern.get('e')}' event"))
                fail(exp.where, f"expected event {show(pattern)}{where}", hint)
                continue
            last = log[found]
            cursor = found + 1
        elif exp.kind == "no_events":
            hit = next((e for e in log if event_matches(exp.value, e)), None)
            if hit is not None:
                fail(exp.where, f"unexpected event {show(hit)}")
        elif exp.kind == "seat":
            seat, fname = exp.key
            if not 0 <= seat < len(t.players):
                fail(exp.where, f"there is no seat {seat}")
                continue
            p = t.players[seat]
            got: Any
            if fname == "piles" and isinstance(exp.value, dict):
                for pid, want in exp.value.items():
                    wrong = cards_match(g, want, pile_cards(p, str(pid)))
                    if wrong is not None:
                        fail(exp.where, f"seat {seat} pile {pid} is {wrong}, expected "
                             f"{as_yaml(want)}")
                continue
            if fname == "marks" and isinstance(exp.value, dict):
                for mid, want in exp.value.items():
                    if mark_count(p, str(mid)) != want:
                        fail(exp.where, f"seat {seat} has {mark_count(p, str(mid))} {mid} "
                             f"marks, expected {as_yaml(want)}")
                continue
            if fname in ("hand", "equipment", "judgement", "pile"):
                uids = (p.hand if fname == "hand" else list(p.equipment.values())
                        if fname == "equipment" else p.judgement if fname == "judgement"
                        else p.pile)
                wrong = cards_match(g, exp.value, uids)
                if wrong is not None:
                    fail(exp.where, f"seat {seat} {fname} is {wrong}, expected "
                         f"{as_yaml(exp.value)}")
                continue
            if fname in ("generals", "revealed", "faction", "careerist"):
                from sgs_tools.engine.modes.guozhan import CAREERIST, GuozhanRules

                rules = g.rules
                if not isinstance(rules, GuozhanRules):
                    fail(exp.where, f"{fname} is a Guozhan seat field (mode is {sc.mode})")
                    continue
                slots = rules.slots[seat]
                got = {"generals": slots.generals, "revealed": slots.revealed,
                       "faction": slots.faction,
                       "careerist": slots.faction == CAREERIST}[fname]
            elif fname not in ("hp", "max_hp", "alive", "role_revealed", "turned_over",
                               "general", "role", "skills", "kingdom", "gender"):
                fail(exp.where, f"unknown seat field {fname!r}",
                     "expected hp, max_hp, alive, hand, equipment, judgement, pile, "
                     "piles, marks, role_revealed, turned_over, general, role, skills, "
                     "kingdom or gender")
                continue
            else:
                got = getattr(p, fname)
            if got != exp.value:
                fail(exp.where, f"seat {seat} {fname} is {as_yaml(got)}, expected "
                     f"{as_yaml(exp.value)}")
        elif exp.kind == "pile":
            pile = {"deck": list(reversed(t.draw_pile)), "discard": t.discard_pile,
                    "processing": t.processing}[exp.key]
            wrong = cards_match(g, exp.value, pile, ordered=exp.key == "deck") if not (
                exp.key == "discard" and isinstance(exp.value, list)) else _contains(
                g, exp.value, pile)
            if wrong is not None:
                fail(exp.where, f"{exp.key} is {wrong}, expected {as_yaml(exp.value)}")
        elif exp.kind == "current":
            if t.current != exp.value:
                fail(exp.where, f"the current seat is {t.current}, expected {exp.value}")
        elif exp.kind == "winner":
            side = g.result.winning_side or "none"
            want = exp.value
            if isinstance(want, list):
                if not all(isinstance(w, int) and not isinstance(w, bool) for w in want):
                    fail(exp.where, "a winner list holds seat numbers")
                elif sorted(g.result.winners) != sorted(want):
                    fail(exp.where, f"winners are {as_yaml(g.result.winners)}, "
                         f"expected {as_yaml(want)}")
            elif side != want:
                fail(exp.where, f"winning side is {as_yaml(side)}, expected {as_yaml(want)}")
        elif exp.kind == "error":
            if error is None:
                fail(exp.where, f"expected the game to stop with an error ({exp.value})")
            elif str(exp.value) not in (error[0], ) and str(exp.value) not in error[1]:
                fail(exp.where, f"the game stopped with [{error[0]}] {error[1]}",
                     f"expected {exp.value}")
        elif exp.kind in ("distance", "in_range", "attack_range"):
            item = exp.value
            seats = len(t.players)
            named = [item.get(k) for k in ("seat", "from", "to") if isinstance(item, dict)
                     and k in item]
            if not isinstance(item, dict) or any(
                    not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < seats
                    for v in named):
                fail(exp.where, f"{exp.kind}: seats are numbers from 0 to {seats - 1}",
                     "attack_range takes seat and is; distance and in_range take from, to, is")
                continue
            try:
                if exp.kind == "attack_range":
                    got = g.attack_range(int(item.get("seat", item.get("from", 0)) or 0))
                elif exp.kind == "distance":
                    got = g.distance(int(item["from"]), int(item["to"]))
                else:
                    got = g.in_range(int(item["from"]), int(item["to"]))
            except (KeyError, ValueError, TypeError, IndexError):
                fail(exp.where, f"an {exp.kind} check needs from, to and is"
                     if exp.kind == "in_range" else
                     "an attack_range check needs seat and is" if exp.kind == "attack_range"
                     else "a distance check needs from, to and is")
                continue
            if got != item["is"]:
                what = (f"attack range of seat {item.get('seat', item.get('from'))}"
                        if exp.kind == "attack_range"
                        else f"{exp.kind} from seat {item['from']} to seat {item['to']}")
                fail(exp.where, f"{what} is {as_yaml(got)}, expected {as_yaml(item['is'])}")
    return problems


def _contains(g: Game, want: list[Any], uids: list[int]) -> str | None:
    from sgs_tools.scenario.format import parse_card

    pool = [g.table.cards[u] for u in uids]
    for w in want:
        spec = parse_card(str(w))
        if isinstance(spec, str) or not any(card_matches(spec, c) for c in pool):
            return faces(pool, max(SHOWN_CARDS, len(want) + 2))
    return None


def collect(paths: list[Path]) -> list[Path]:
    """Scenario files: the given files, and every YAML file under the given folders that
    says ``kind: scenario``."""
    found: list[Path] = []
    for p in paths:
        if p.is_dir():
            for f in sorted(p.rglob("*")):
                if f.suffix in (".yaml", ".yml") and f.is_file() and is_scenario(f):
                    found.append(f)
        elif p.is_file():
            found.append(p)
        else:
            raise FileNotFoundError(str(p))
    return found


def is_scenario(path: Path) -> bool:
    """Whether ``kind: scenario`` is a line of the file's first 4,000 bytes (only those
    are read: a folder may hold a huge YAML file that is not a scenario)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(4000).decode("utf-8", errors="replace")
    except OSError:
        return False
    return any(line.strip() == "kind: scenario" for line in head.splitlines())


def run_file(lib: Library, path: Path, shown: str) -> tuple[Outcome, Document | None]:
    from sgs_tools.scenario import samurai  # the samurai variant's own table and engine

    if samurai.is_samurai(path):
        return samurai.run_file(lib, path, shown)
    try:
        doc, sc = load(path, shown, lib)
    except LoadError as exc:
        if exc.text is not None:  # what the loader read (a non-UTF-8 file's text too)
            return Outcome(shown, shown, [exc.problem]), Document(shown, exc.text, None)
        try:  # the raw text still gives the report its source line and caret
            raw = Document(shown, path.read_text(encoding="utf-8"), None)
        except (OSError, UnicodeDecodeError):
            raw = None
        return Outcome(shown, shown, [exc.problem]), raw
    except ScenarioError as exc:
        try:
            doc = load_file(path, shown)
        except LoadError:
            return Outcome(shown, shown, exc.problems), None
        return Outcome(shown, shown, exc.problems), doc
    return run_scenario(lib, doc, sc), doc


@dataclass
class RunSummary:
    """Every scenario under some paths: outcomes, and the documents for carets."""

    outcomes: list[Outcome] = field(default_factory=list)
    documents: dict[str, Document] = field(default_factory=dict)

    @property
    def passed(self) -> int:
        return sum(1 for o in self.outcomes if o.ok)

    @property
    def failed(self) -> int:
        return sum(1 for o in self.outcomes if not o.ok)

    @property
    def problems(self) -> list[Problem]:
        return [p for o in self.outcomes for p in o.problems]


def run_scenarios(targets: list[Path], lib: Library) -> RunSummary:
    """Run every scenario file found under ``targets`` (see :func:`collect`) against
    ``lib`` (the bundled game with the data the scenarios need:
    :func:`sgs_tools.project.library` with the targets)."""
    from sgs_tools.paths import display_path

    out = RunSummary()
    for path in collect(targets):
        shown = display_path(path)
        outcome, doc = run_file(lib, path, shown)
        out.outcomes.append(outcome)
        if doc is not None:
            out.documents[shown] = doc
    return out

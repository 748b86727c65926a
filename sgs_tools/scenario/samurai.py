"""Samurai scenarios (``kind: scenario``, ``mode: samurai``): a samurai table, scripted
decisions and dice, and what must happen — parsed with located problems and run through
the samurai engine.

```yaml
kind: scenario
mode: samurai
name: A war with support
seed: 0
target: 25                       # the honor target (default: the mode's setting)
seats:                           # 3-6 seats; seat 0 first
  - houses:                      # two rows; the first samurai of house 1 is the daimyo
      - [oda_nobunaga, spearmen, spearmen, azuchi_castle]
      - [shibata_katsuie, cavalry]
    hand: [cavalry]
    money: 3
    honor: 0
    shogun: true                 # holds the shogun card
    agent: heuristic             # unscripted decisions go to this agent (default: first option)
deck: [archers]                  # top of the deck first; the unplaced cards are shuffled below
start: 0                         # the seat whose turn is played first
phases: [declaration]            # the steps of that first turn (default all three)
turns: 1
dice: [6, 6, 1]                  # die results in the order rolled; then seeded dice
script:                          # answers in the order decisions are asked
  - {seat: 0, pick: war on azuchi_castle}
expect:
  events: [{e: war, winner: 0}]  # a subsequence of the log; 'times' counts
  no_events: [{e: house_lost}]
  state:
    seats:
      0: {honor: 3, money: 2, hand: 1, shogun: true, houses: [[oda_nobunaga], []]}
    discard: [shibata_katsuie]   # contains these
  winner: [0]                    # the winning seats, or none
```
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from sgs_tools.data.loader import Document, load_file
from sgs_tools.engine import LOG_FIELDS
from sgs_tools.engine.agents import Agent, Decision, IllegalChoice, match_option
from sgs_tools.engine.errors import SetupError
from sgs_tools.engine.library import Library
from sgs_tools.engine.records import Setup
from sgs_tools.engine.samurai.agent import make_samurai_agent
from sgs_tools.engine.samurai.game import InvariantError, SamuraiGame, StepBudget
from sgs_tools.engine.samurai.state import House, SCard
from sgs_tools.errors import LoadError, Location, Problem

if TYPE_CHECKING:
    from sgs_tools.scenario.runner import Outcome

TOP_KEYS = {"kind", "name", "mode", "seed", "target", "seats", "deck", "start", "phases",
            "turns", "dice", "script", "expect", "step_budget"}
SEAT_KEYS = {"houses", "hand", "money", "honor", "shogun", "agent"}
EXPECT_KEYS = {"events", "no_events", "state", "winner", "error"}
STATE_SEAT_KEYS = {"honor", "money", "hand", "shogun", "houses", "daimyo"}
PHASES = ("honor", "commands", "declaration")


def is_samurai(path: Path) -> bool:
    """A scenario file whose mode is samurai (read from its first 4,000 bytes only)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(4000).decode("utf-8", errors="replace")
    except OSError:
        return False
    lines = [line.strip() for line in head.splitlines()]
    return "kind: scenario" in lines and "mode: samurai" in lines


class _Script:
    """Scripted answers in order, then each seat's agent (or the first option)."""

    def __init__(self, steps: list[tuple[int, Any, Location]], agents: dict[int, Agent]
                 ) -> None:
        self.steps = steps
        self.agents = agents
        self.problems: list[Problem] = []

    def agent(self, seat: int) -> Agent:
        script = self

        class _Seat:
            wants_context = seat in script.agents

            def decide(self, decision: Decision) -> list[int]:
                if script.steps and script.steps[0][0] == seat:
                    _seat, pick, where = script.steps.pop(0)
                    wanted = pick if isinstance(pick, list) else [pick]
                    out: list[int] = []
                    for w in wanted:
                        i = match_option(w, decision.options, out)
                        if i is None:
                            script.problems.append(Problem(
                                where, "script", f"{w!r} is not an option of seat {seat}'s "
                                f"decision '{decision.prompt}'",
                                "options: " + ", ".join(decision.options[:12])
                                + (" …" if len(decision.options) > 12 else "")))
                            raise IllegalChoice(f"scripted {w!r} is not an option")
                        out.append(i)
                    return out
                own = script.agents.get(seat)
                if own is not None:
                    return own.decide(decision)
                return list(range(decision.low))
        return _Seat()


def _problem(doc: Document, path: tuple[Any, ...], message: str, hint: str | None = None,
             key: bool = False) -> Problem:
    return Problem(doc.where(path, key=key), "scenario", message, hint)


def _place(g: SamuraiGame, pool: dict[str, list[SCard]], ident: Any, doc: Document,
           where: tuple[Any, ...], problems: list[Problem]) -> SCard | None:
    if not isinstance(ident, str) or ident not in g.lib.catalog.cards:
        problems.append(_problem(doc, where, f"unknown samurai card {ident!r}"))
        return None
    left = pool.get(ident) or []
    if not left:
        problems.append(_problem(doc, where, f"no copy of {ident} is left to place"))
        return None
    return left.pop()


def _shaped(doc: Document, data: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    """``data`` with every list or mapping the runner walks of the right shape: a value of
    another type is reported at its place and dropped (so a bad file is located problems,
    never an internal error)."""
    data = dict(data)
    for key in ("deck", "dice", "script", "phases"):
        if data.get(key) is not None and not isinstance(data[key], list):
            problems.append(_problem(doc, (key,), f"{key} is a list"))
            data[key] = None
    expect = data.get("expect")
    if not isinstance(expect, dict):
        return data  # build() reports it
    expect = data["expect"] = dict(expect)
    for key in ("events", "no_events"):
        patterns = expect.get(key)
        if patterns is None:
            continue
        if not isinstance(patterns, list):
            problems.append(_problem(doc, ("expect", key), f"{key} is a list of events"))
            expect[key] = None
            continue
        kept = []
        for i, pattern in enumerate(patterns):
            if not isinstance(pattern, dict) or not isinstance(pattern.get("e"), str):
                problems.append(_problem(doc, ("expect", key, i),
                                         "an event is a mapping with 'e: EVENT'"))
            elif "times" in pattern and (isinstance(pattern["times"], bool)
                                         or not isinstance(pattern["times"], int)):
                problems.append(_problem(doc, ("expect", key, i, "times"),
                                         "times is a whole number"))
            else:
                kept.append(pattern)
        expect[key] = kept
    state = expect.get("state")
    if state is None:
        return data
    if not isinstance(state, dict):
        problems.append(_problem(doc, ("expect", "state"), "state is a mapping"))
        expect["state"] = None
        return data
    state = expect["state"] = dict(state)
    seats = state.get("seats")
    if seats is not None and (not isinstance(seats, dict) or any(
            v is not None and not isinstance(v, dict) for v in seats.values())):
        problems.append(_problem(doc, ("expect", "state", "seats"),
                                 "seats maps a seat number to its state (a mapping)"))
        state["seats"] = None
    if state.get("discard") is not None and not isinstance(state["discard"], list):
        problems.append(_problem(doc, ("expect", "state", "discard"),
                                 "discard is a list of card ids"))
        state["discard"] = None
    return data


def _top_and_seats(doc: Document, data: dict[str, Any], problems: list[Problem]
                   ) -> tuple[dict[str, Any], list[Any] | None]:
    """A scenario's top keys checked (unknown ones and the shapes of known ones go into
    ``problems``): the data with ill-shaped values left out, and its seats, or None when
    it has no list of seats."""
    for k in data:
        if k not in TOP_KEYS:
            problems.append(_problem(doc, (k,), f"unknown key {k!r} in a samurai scenario",
                                     "keys: " + ", ".join(sorted(TOP_KEYS)), key=True))
    data = _shaped(doc, data, problems)
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats:
        problems.append(_problem(doc, ("seats",), "seats is a list of 3-6 seats"))
        return data, None
    return data, seats


def _seat_keys(doc: Document, s: int, raw: Any, problems: list[Problem]) -> bool:
    """Whether seat ``s`` is a mapping (if not, a problem); its unknown keys are problems."""
    if not isinstance(raw, dict):
        problems.append(_problem(doc, ("seats", s), "a seat is a mapping"))
        return False
    for k in raw:
        if k not in SEAT_KEYS:
            problems.append(_problem(doc, ("seats", s, k), f"unknown seat key {k!r}",
                                     "seat keys: " + ", ".join(sorted(SEAT_KEYS)), key=True))
    return True


def format_problems(doc: Document) -> list[Problem]:
    """The problems of a samurai scenario's format that need no game loaded (what
    `sgs validate` checks; playing it is `sgs test`'s job): its top keys, seat keys and
    expectation keys, and the shapes of the lists and mappings the runner walks."""
    data = doc.data
    if not isinstance(data, dict):
        return [_problem(doc, (), "a scenario is a mapping")]
    problems: list[Problem] = []
    data, seats = _top_and_seats(doc, data, problems)
    for s, raw in enumerate(seats or []):
        _seat_keys(doc, s, raw, problems)
    expect = data.get("expect")
    if expect is not None and not isinstance(expect, dict):
        problems.append(_problem(doc, ("expect",), "expect is a mapping"))
    elif isinstance(expect, dict):
        for k in expect:
            if k not in EXPECT_KEYS:
                problems.append(_problem(doc, ("expect", k), f"unknown expectation {k!r}",
                                         "expected one of: " + ", ".join(sorted(EXPECT_KEYS)),
                                         key=True))
    return problems


def build(lib: Library, doc: Document) -> tuple[SamuraiGame | None, list[Problem],
                                                dict[str, Any]]:
    """The table a samurai scenario describes, or its located problems."""
    data = doc.data
    problems: list[Problem] = []
    if not isinstance(data, dict):
        return None, [_problem(doc, (), "a scenario is a mapping")], {}
    data, seats = _top_and_seats(doc, data, problems)
    if seats is None:
        return None, problems, {}
    numbers = {"seed": 0, "step_budget": 20_000}
    for key, default in list(numbers.items()):
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(_problem(doc, (key,), f"{key} is a whole number, 0 or more"))
        else:
            numbers[key] = value
    setup = Setup(mode="samurai", players=len(seats), seed=numbers["seed"],
                  step_budget=numbers["step_budget"], record=True)
    try:
        g = SamuraiGame(lib, setup, deal=False)
    except SetupError as exc:
        return None, [*problems, _problem(doc, ("seats",), str(exc))], {}
    if "target" in data:
        if not isinstance(data["target"], int):
            problems.append(_problem(doc, ("target",), "target is a whole number"))
        else:
            g.target = data["target"]
    cards = g.make_cards()
    g.total_cards = len(cards)
    pool: dict[str, list[SCard]] = {}
    for c in reversed(cards):
        pool.setdefault(c.id, []).append(c)
    from sgs_tools.engine.samurai.state import Player

    g.players = [Player(s, [House(), House()]) for s in range(len(seats))]
    agents: dict[int, Agent] = {}
    for s, raw in enumerate(seats):
        p = g.players[s]
        if not _seat_keys(doc, s, raw, problems):
            continue
        houses = raw.get("houses") or []
        if not isinstance(houses, list) or len(houses) > 2:
            problems.append(_problem(doc, ("seats", s, "houses"),
                                     "houses is a list of at most two rows"))
            houses = []
        for h, row in enumerate(houses):
            if row is not None and not isinstance(row, list):
                problems.append(_problem(doc, ("seats", s, "houses", h),
                                         "a house is a list of card ids"))
                continue
            for i, ident in enumerate(row or []):
                placed = _place(g, pool, ident, doc, ("seats", s, "houses", h, i),
                                problems)
                if placed is None:
                    continue
                if placed.type == "shogun":
                    problems.append(_problem(doc, ("seats", s, "houses", h, i),
                                             "the shogun is held with 'shogun: true'"))
                    continue
                p.houses[h].row(placed.type).append(placed)
        hand = raw.get("hand") or []
        if not isinstance(hand, list):
            problems.append(_problem(doc, ("seats", s, "hand"), "a hand is a list of card ids"))
            hand = []
        for i, ident in enumerate(hand):
            held = _place(g, pool, ident, doc, ("seats", s, "hand", i), problems)
            if held is not None:
                p.hand.append(held)
        for key in ("money", "honor"):
            value = raw.get(key, int(g.rules.play["starting_money"]) if key == "money" else 0)
            if not isinstance(value, int) or value < 0:
                problems.append(_problem(doc, ("seats", s, key),
                                         f"{key} is a whole number, 0 or more"))
                value = 0
            setattr(p, key, value)
        if raw.get("shogun"):
            if not pool.get("shogun"):
                problems.append(_problem(doc, ("seats", s, "shogun"),
                                         "only one seat can hold the shogun"))
            else:
                p.shogun = pool["shogun"].pop()
        if "agent" in raw:
            try:
                agents[s] = make_samurai_agent(str(raw["agent"]), setup.seed, s)
            except ValueError as exc:
                problems.append(_problem(doc, ("seats", s, "agent"), str(exc)))
        p.start_daimyo = p.daimyo.id if p.daimyo else ""
    top: list[SCard] = []
    for i, ident in enumerate(data.get("deck") or []):
        on_top = _place(g, pool, ident, doc, ("deck", i), problems)
        if on_top is not None:
            top.append(on_top)
    g.shogun_free = pool["shogun"].pop() if pool.get("shogun") else None
    rest = [c for left in pool.values() for c in left]
    rest.sort(key=lambda c: c.uid)
    g.rng.shuffle(rest)
    g.deck = rest + list(reversed(top))       # drawn from the end: the top is last
    dice = data.get("dice") or []
    if not isinstance(dice, list) or any(not isinstance(d, int) or not 1 <= d <= 6
                                         for d in dice):
        problems.append(_problem(doc, ("dice",), "dice is a list of die results 1-6"))
    else:
        g.scripted_dice = list(dice)
    steps: list[tuple[int, Any, Location]] = []
    for i, step in enumerate(data.get("script") or []):
        if not isinstance(step, dict) or "pick" not in step or not isinstance(
                step.get("seat"), int):
            problems.append(_problem(doc, ("script", i),
                                     "a script step is {seat: N, pick: OPTION}"))
            continue
        steps.append((step["seat"], step["pick"], doc.where(("script", i, "pick"))))
    script = _Script(steps, agents)
    g.agents = [script.agent(s) for s in range(len(seats))]
    g.wants_scores = [s in agents for s in range(len(seats))]
    phases = data.get("phases") or list(PHASES)
    if not isinstance(phases, list) or any(ph not in PHASES for ph in phases):
        problems.append(_problem(doc, ("phases",), "phases lists steps of a turn",
                                 "steps: " + ", ".join(PHASES)))
        phases = list(PHASES)
    start = data.get("start", 0)
    if not isinstance(start, int) or not 0 <= start < len(seats):
        problems.append(_problem(doc, ("start",), "start is a seat number"))
        start = 0
    turns = data.get("turns", 1)
    if not isinstance(turns, int) or turns < 0:
        problems.append(_problem(doc, ("turns",), "turns is a whole number"))
        turns = 1
    expect = data.get("expect") or {}
    if not isinstance(expect, dict):
        problems.append(_problem(doc, ("expect",), "expect is a mapping"))
        expect = {}
    for k in expect:
        if k not in EXPECT_KEYS:
            problems.append(_problem(doc, ("expect", k), f"unknown expectation {k!r}",
                                     "expect: " + ", ".join(sorted(EXPECT_KEYS)), key=True))
    for key in ("events", "no_events"):
        for i, pattern in enumerate(expect.get(key) or []):
            kind = pattern.get("e") if isinstance(pattern, dict) else None
            if kind not in LOG_FIELDS:
                problems.append(_problem(doc, ("expect", key, i), f"unknown event {kind!r}"))
                continue
            for f in pattern:
                if f not in {"e", "times", *LOG_FIELDS[kind]}:
                    problems.append(_problem(
                        doc, ("expect", key, i, f), f"a {kind} event has no field {f!r}",
                        "fields: " + ", ".join(sorted(LOG_FIELDS[kind])), key=True))
    run = {"script": script, "phases": tuple(phases), "start": start, "turns": turns,
           "expect": expect}
    return g, problems, run


def play(g: SamuraiGame, run: dict[str, Any]) -> tuple[str, str] | None:
    g.current = run["start"]
    g.log_event("seats", seats=[{"seat": p.seat, "daimyo": p.start_daimyo,
                                 "houses": [[c.id for c in h.cards()] for h in p.houses]}
                                for p in g.players])
    try:
        for t in range(run["turns"]):
            if g.winner is not None:
                break
            p = g.players[g.current]
            g.take_turn(p, run["phases"] if t == 0 else PHASES)
            g.check_invariants()
            g.current = (g.current + 1) % len(g.players)
    except StepBudget as exc:
        return "step-budget", str(exc)
    except InvariantError as exc:
        return "invariant", str(exc)
    except IllegalChoice as exc:
        return "illegal-choice", str(exc)
    return None


def _matches(want: Any, have: Any) -> bool:
    if isinstance(want, dict) and isinstance(have, dict):
        return all(k in have and _matches(v, have[k]) for k, v in want.items())
    if isinstance(want, list) and isinstance(have, list):
        return len(want) == len(have) and all(_matches(w, h) for w, h in zip(want, have,
                                                                             strict=True))
    return bool(want == have)


def _event(pattern: dict[str, Any], entry: dict[str, Any]) -> bool:
    return all(k == "times" or (k in entry and _matches(v, entry[k]))
               for k, v in pattern.items())


def check(g: SamuraiGame, doc: Document, run: dict[str, Any], error: tuple[str, str] | None
          ) -> list[Problem]:
    expect = run["expect"]
    out: list[Problem] = []
    log = g.log

    def bad(path: tuple[Any, ...], message: str) -> None:
        out.append(Problem(doc.where(("expect", *path)), "expect", message))

    want_error = expect.get("error")
    if error is not None and want_error not in (error[0], error[1]):
        bad(("error",) if want_error else (), f"the game stopped: {error[0]}: {error[1]}")
    elif error is None and want_error:
        bad(("error",), f"expected the game to stop with {want_error}")
    at = 0
    for i, pattern in enumerate(expect.get("events") or []):
        if "times" in pattern:
            n = sum(1 for e in log if _event(pattern, e))
            if n != pattern["times"]:
                bad(("events", i), f"{pattern} happened {n} times, expected "
                    f"{pattern['times']}")
            continue
        found = next((j for j in range(at, len(log)) if _event(pattern, log[j])), None)
        if found is None:
            near = [e for e in log if e.get("e") == pattern.get("e")][:3]
            bad(("events", i), f"no {pattern} in the log (after the events before it)"
                + (f"; seen: {near}" if near else ""))
        else:
            at = found + 1
    for i, pattern in enumerate(expect.get("no_events") or []):
        hit = next((e for e in log if _event(pattern, e)), None)
        if hit is not None:
            bad(("no_events", i), f"{hit} happened")
    state = expect.get("state") or {}
    for key, want in (state.get("seats") or {}).items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else key
        if not isinstance(seat, int) or not 0 <= seat < len(g.players):
            bad(("state", "seats", key), f"no seat {key!r}")
            continue
        p = g.players[seat]
        have: dict[str, Any] = {
            "honor": p.honor, "money": p.money, "hand": len(p.hand),
            "shogun": p.shogun is not None, "daimyo": p.daimyo.id if p.daimyo else None,
            "houses": [[c.id for c in h.cards()] for h in p.houses]}
        for k, v in (want or {}).items():
            if k not in STATE_SEAT_KEYS:
                bad(("state", "seats", key, k), f"unknown seat state {k!r}")
            elif k == "houses":
                if not (isinstance(v, list) and all(
                        isinstance(r, list) and all(isinstance(c, str) for c in r)
                        for r in v)):
                    bad(("state", "seats", key, k),
                        "houses is a list of houses, each a list of card ids")
                elif [sorted(r) for r in v] != [sorted(r) for r in have[k]]:
                    bad(("state", "seats", key, k), f"seat {seat} houses are {have[k]}, "
                        f"expected {v}")
            elif have[k] != v:
                bad(("state", "seats", key, k), f"seat {seat} {k} is {have[k]!r}, "
                    f"expected {v!r}")
    discard = [c.id for c in g.discard]
    for i, ident in enumerate(state.get("discard") or []):
        if ident not in discard:
            bad(("state", "discard", i), f"{ident} is not in the discard pile {discard}")
    if "winner" in expect:
        want = expect["winner"]
        have_w: Any = [g.winner] if g.winner is not None else "none"
        if want != have_w:
            bad(("winner",), f"the winner is {have_w}, expected {want}")
    return out


def run_file(lib: Library, path: Path, shown: str) -> tuple[Outcome, Document | None]:
    """Run one samurai scenario file: its located problems, or its expectations' failures."""
    from sgs_tools.scenario.runner import Outcome

    try:
        doc = load_file(path, shown)
    except LoadError as exc:
        return Outcome(shown, shown, [exc.problem]), None
    name = str(doc.data.get("name") or shown) if isinstance(doc.data, dict) else shown
    g, problems, run = build(lib, doc)
    if problems or g is None:
        return Outcome(shown, name, problems), doc
    error = play(g, run)
    found = run["script"].problems + check(g, doc, run, error)
    return Outcome(shown, name, found, g.log), doc

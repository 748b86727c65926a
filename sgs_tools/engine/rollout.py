"""A stronger, slower agent: Monte Carlo look-ahead over determinized hidden information.

For each "play" decision (what to do next in the play phase, the choice that shapes a game
most) the agent weighs a few *moves*: the best options by the heuristic's scores and by
its own :func:`stance` (its reading of who is friend or foe from its side's weights over
what it may believe of the hidden roles, weighed by its side's own scoring rather than the
heuristic's suspicion alone), each with the heuristic's target and
its own (found by playing the option in a copy and stopping at its first question), and
"end". For each of R samples it *determinizes* what its seat may not know and plays every
move from that same sample (common random numbers: the same guess, the same shuffles and
the same agents' dice for every move, so the moves' difference is not drowned by the luck
of the sample): it copies the game, applies the move with every answer to it, plays the
rest of its play phase as the heuristic would (so a card that only pays with what follows,
Ex Nihilo before the Slash it draws, is not judged alone), except an area card that hurts
its side more than its foes (:class:`Continue`), and — with a horizon of T ≥ 1 —
finishes the turn and plays on with heuristic agents for T turns; then it scores the table
for its own side (:func:`value`: ±``WIN`` for a game won or lost, else lives and cards of
friends against enemies', :func:`side_weight`). With T = 0 a sample is also scored as
if the phase ended right after the move, and a move is worth the better of the two means
(so the rest of the phase's mistakes do not make "end" look safe). A move far below the
best after half the samples is dropped. The heuristic's move stands unless another
is better on average by a margin.

A determinization is built from the *public* view only:
- the cards in other hands and the draw pile are gathered in a canonical order and dealt
  again at random, every hand keeping its size (the seat's own hand and every face-up card
  stay where they are);
- the roles it cannot see are dealt again among the seats that hide them, each possible
  deal weighted by how well it fits what those seats did (``ai`` keeps each seat's public
  *leaning*, positive for helping the lord's side and negative for hurting it: a deal
  that makes a seat who hurt the lord a loyalist is unlikely, so a loyalist-looking seat is
  mostly a loyalist in the samples, as a player would reason).
Two games that differ only in what this seat cannot see give the same samples and the same
choice, and the agent is deterministic for a game seed and seat. It gets the game through
:meth:`attach` (called by ``ensure_agents``). Guozhan's face-down generals are not
determinized, so there the agent plays as the heuristic one.

Decisions inside the rules' own steps (a Jink or a Peach asked for, Nullification, an
optional skill, a choice of players or of an option inside a skill) cannot be resumed
from a copy: the game's place in them is Python's call stack. Where the platform forks,
a sample of an answer is played in a forked child of the process (:func:`forked`), which
holds the game at the decision, call stack and all: it determinizes, answers with the
candidate, plays the rest of the turn (and ``T`` more) with heuristic agents and writes
its score to a pipe; its game's ``finish`` ends it, and a trace on ``play()``'s frame
ends it if an exception leaves the game. Elsewhere (or for a decision asked outside
``Game.play()``) they are searched by *replay* (:class:`Replay`): a game is
deterministic given its seed and the answers given, so the agent keeps a :class:`Tape`
of every answer at the table (it wraps every seat's agent in a :class:`Recorder` when it
is attached), and a sample of an answer plays a fresh game of the same setup feeding the
tape's answers up to this decision (checking that every decision asked is the one
recorded), then the same guess, answer and play on. The candidates are the heuristic's
answer and its alternatives (yes and no; use a card or pass; the heuristic's target and
this seat's own by :func:`stance`); each gets ``answers`` samples (default half the play
phase's), with common random numbers, and the heuristic's answer stands unless another
is better by the margin. Discards and the choice of generals stay the heuristic's. A
game set up by hand (a scenario) cannot be replayed from its seed (it is searched in
forked children): where it cannot fork either, the first replay finds that its decisions
differ, and the agent answers as the heuristic from then on.

Kind strings: ``rollout`` (8 samples per move, the move and the rest of the play phase),
``rollout:R`` or
``rollout:R:T``.
"""

from __future__ import annotations

import copy
import dataclasses
import gc
import json
import math
import os
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import field
from types import FrameType
from typing import TYPE_CHECKING, Any

from sgs_tools.engine import ai
from sgs_tools.engine.agents import Agent, Decision, HeuristicAgent, IllegalChoice
from sgs_tools.engine.errors import EngineError, GameOver
from sgs_tools.engine.state import DRAW, HAND

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game

DEFAULT_ROLLOUTS = 8
DEFAULT_HORIZON = 0
DEFAULT_TOP = 3
"""Options weighed besides "end": the heuristic's best few that it thinks do some good."""
DEFAULT_TARGETS = 2
"""Targets weighed per option that asks for one: the heuristic's pick and the next."""
DEFAULT_MARGIN = 0.25
DEFAULT_DROP = 8.0
"""A move whose mean after half its samples is this far below the best is dropped (a
life is worth 4 to 10, a game 40)."""
BELIEF = 0.6
"""How strongly a seat's leaning weighs the roles dealt to it in a sample."""
ROLE_SIGN = {"loyalist": 1.0, "rebel": -1.0, "renegade": 0.3}
"""The leaning each hidden role tends to show (a renegade helps the lord's side a little
while the rebels are many)."""
MAX_DEALS = 5000
LORD_SIDE = ("lord", "loyalist")


def parse_kind(kind: str) -> tuple[int, int] | None:
    """``rollout[:R[:T]]`` → (samples per move, turns each sample plays on after the
    move's turn; 0: the rest of the play phase only); None if not one."""
    name, _, rest = kind.partition(":")
    if name != "rollout":
        return None
    bits = rest.split(":") if rest else []
    if len(bits) > 2 or not all(b.isdigit() for b in bits) or (bits and int(bits[0]) < 1):
        return None
    rollouts = int(bits[0]) if bits else DEFAULT_ROLLOUTS
    horizon = int(bits[1]) if len(bits) > 1 else DEFAULT_HORIZON
    return rollouts, horizon


@dataclasses.dataclass(frozen=True)
class Move:
    """A play option, and the target to name if the option asks for one next."""

    option: int
    label: str
    target: str | None = None
    end: bool = False


class PlanAgent:
    """The heuristic agent, except that the first decision after a move naming a target
    picks that target (when it is among the options)."""

    wants_context = True

    def __init__(self, fallback: HeuristicAgent) -> None:
        self.fallback = fallback
        self.target: str | None = None

    def decide(self, decision: Decision) -> list[int]:
        target, self.target = self.target, None
        if (target is not None and decision.kind == "players" and decision.low <= 1
                and target in decision.options):
            return [decision.options.index(target)]
        return self.fallback.decide(decision)


class Probe(Exception):
    """Stops a copied game at the first decision after a move, to see what it asks."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


class ProbeAgent:
    wants_context = True

    def decide(self, decision: Decision) -> list[int]:
        raise Probe(decision)


SEARCHED = frozenset({"respond", "yes_no", "trigger", "players", "choose"})
"""Decisions inside the rules' steps that the agent searches by replay."""


@dataclasses.dataclass
class Tape:
    """Every answer given at a table, in order: (seat, kind, options, picks); and which
    seats' agents want hints (a replay computes the same hints, so that it runs the same
    steps)."""

    answers: list[tuple[int, str, int, tuple[int, ...]]] = field(default_factory=list)
    wants: dict[int, bool] = field(default_factory=dict)
    broken: bool = False
    """A replay did not meet the decisions recorded (a game set up by hand): no more
    replays."""


class Recorder:
    """An agent that answers as ``inner`` and writes every answer on the tape."""

    def __init__(self, inner: Agent, tape: Tape) -> None:
        self.inner = inner
        self.tape = tape
        self.wants_context = bool(getattr(inner, "wants_context", False))

    def decide(self, decision: Decision) -> list[int]:
        picks = self.inner.decide(decision)
        self.tape.answers.append((decision.seat, decision.kind, len(decision.options),
                                  tuple(picks)))
        return picks

    def attach(self, game: Game) -> None:
        attach = getattr(self.inner, "attach", None)
        if attach is not None:
            attach(game)


class ReplayMismatch(Exception):
    """A replayed game asked a decision other than the one on the tape."""


class Replay:
    """Plays a game again from its seed with the tape's first ``at`` answers, then, at
    the decision ``target`` (which must be the one asked), determinizes the copy for
    ``seat``, gives every seat a heuristic agent, answers ``answer`` and lets the copy
    play ``horizon`` turns after this one."""

    def __init__(self, tape: Tape, at: int, target: Decision, answer: list[int],
                 sample_seed: int, horizon: int) -> None:
        self.tape = tape
        self.at = at
        self.target = target
        self.answer = answer
        self.sample_seed = sample_seed
        self.horizon = horizon
        self.cursor = 0
        self.game: Game | None = None
        self.branched = False

    def agents(self, seats: int) -> list[Agent]:
        return [ReplaySeat(self, s, self.tape.wants.get(s, False)) for s in range(seats)]

    def decide(self, decision: Decision) -> list[int]:
        i = self.cursor
        self.cursor += 1
        if i < self.at:
            seat, kind, n, picks = self.tape.answers[i]
            if seat != decision.seat or kind != decision.kind or n != len(decision.options):
                raise ReplayMismatch(f"decision {i}: {decision.describe()}")
            return list(picks)
        t = self.target
        if (i > self.at or decision.seat != t.seat or decision.kind != t.kind
                or decision.options != t.options):
            raise ReplayMismatch(f"decision {i}: {decision.describe()}")
        assert self.game is not None
        self.branch(self.game)
        return list(self.answer)

    def branch(self, c: Game) -> None:
        """What the seat cannot see is guessed again, the game's dice are new, and every
        seat plays as the heuristic from here, ``horizon`` turns after this one."""
        branch_game(c, self.target.seat, self.sample_seed, self.horizon)
        self.branched = True


class ReplaySeat:
    """One seat's agent in a replay (all seats share the replay's cursor)."""

    def __init__(self, replay: Replay, seat: int, wants: bool) -> None:
        self.replay = replay
        self.seat = seat
        self.wants_context = wants

    def decide(self, decision: Decision) -> list[int]:
        return self.replay.decide(decision)


FORK = hasattr(os, "fork")
"""Samples are played in forked children where the platform can fork (see
:func:`forked`); elsewhere on deep copies and replays."""


class Branch(BaseException):
    """Raised in a forked child to leave the agent's search with ``answer``: the child
    gives it to the engine and plays on from the real decision (a BaseException, so the
    engine's handlers do not take it for a failure of their own)."""

    def __init__(self, answer: list[int]) -> None:
        super().__init__("branch")
        self.answer = answer


class ForkFailed(Exception):
    """The system would not fork (out of processes or memory)."""


def child_exit(w: int, out: Any) -> None:
    """Write a forked child's result (JSON; None: the sample broke) to its pipe and end
    the child at once (no clean-up: the parent's buffers, files and pool are not the
    child's to flush or close)."""
    try:
        data = json.dumps(out).encode()
        while data:
            data = data[os.write(w, data):]
    finally:
        os._exit(0)


def forked(child: Callable[[int], None]) -> Any:
    """Run ``child(w)`` in a forked copy of this process and return what it writes to
    ``w`` (None if it wrote nothing: the sample broke). The fork copies the whole game
    at its present point, the rules' call stack included, for the price of the pages the
    child touches: a move is played on the real game in the child, and an answer inside
    the rules' steps is given there to the engine itself (``child`` raises
    :class:`Branch`), with no deep copy and no replay from the deal. The child never
    returns into the caller's code except through :class:`Branch`, and always ends with
    :func:`child_exit`."""
    r, w = os.pipe()
    try:
        pid = os.fork()
    except OSError as exc:  # no process to spare: the caller samples another way
        os.close(r)
        os.close(w)
        raise ForkFailed(str(exc)) from exc
    if pid == 0:  # pragma: no cover - the child's lines run in the child
        os.close(r)
        gc.disable()
        try:
            child(w)
        except Branch:
            raise
        except BaseException:  # the sample is lost, the child ends
            pass
        child_exit(w, None)
    os.close(w)
    chunks = []
    while True:
        data = os.read(r, 4096)
        if not data:
            break
        chunks.append(data)
    os.close(r)
    os.waitpid(pid, 0)
    raw = b"".join(chunks)
    return json.loads(raw) if raw else None


def play_frame(g: Game) -> FrameType | None:
    """The frame of ``g.play()`` on the call stack (None when the decision was asked
    outside it: a test asking the agent directly)."""
    code = getattr(type(g).play, "__code__", None)
    f: FrameType | None = sys._getframe(1)
    while f is not None:
        if f.f_code is code and f.f_locals.get("self") is g:
            return f
        f = f.f_back
    return None


def _no_trace(frame: FrameType, event: str, arg: Any) -> None:
    return None


def guard_play(frame: FrameType, w: int) -> None:
    """In a child playing on inside the engine: if ``g.play()`` is left by an exception
    (the rules' own failures end in ``finish``, which the child takes over), the child
    ends there rather than run its parent's caller."""

    def local(fr: FrameType, event: str, arg: Any) -> Any:
        if event == "return":
            child_exit(w, None)
        return local

    frame.f_trace_lines = False
    frame.f_trace = local
    sys.settrace(_no_trace)


def prepare_child(g: Game, rng: random.Random, horizon: int) -> None:
    """The real game, in a forked child, made what :meth:`RolloutAgent.copy_game` makes of
    a copy (drawing the same random numbers): heuristic agents, its own dice, no log
    and a turn limit ``horizon`` turns ahead."""
    g.rng = random.Random(rng.getrandbits(64))
    agents: list[Agent] = [HeuristicAgent(rng.getrandbits(64)) for _ in g.agents]
    g.agents[:] = agents
    g.log = []
    g.record = False
    g.setup = dataclasses.replace(g.setup, record=False, check_invariants=False,
                                  max_turns=g.table.turn + horizon)


def branch_game(c: Game, seat: int, sample_seed: int, horizon: int) -> None:
    """At a decision inside the rules' steps, in a replay or a forked child: what
    ``seat`` cannot see is guessed again, the game's dice are new, and every seat plays
    as the heuristic from here, ``horizon`` turns after this one."""
    rng = random.Random(sample_seed)
    determinize(c, seat, rng, BELIEF)
    c.rng = random.Random(rng.getrandbits(64))
    agents: list[Agent] = [HeuristicAgent(rng.getrandbits(64)) for _ in c.agents]
    c.agents[:] = agents
    c.setup = dataclasses.replace(c.setup, max_turns=c.table.turn + horizon)


def area_cards(g: Game) -> frozenset[str]:
    """The harmful cards that hit every other seat (no target is picked: Savage Assault,
    Arrow Barrage)."""
    out = set()
    for name, hooks in g.lib.actions.items():
        h = hooks[0] if hooks else None
        if (h is not None and h.harmful and h.steps and "for_each" in h.steps[0]
                and not any(st.get("do") == "pick" for st in h.steps)):
            out.add(name)
    return frozenset(out)


def hp_at_stake(hp: int) -> float:
    """What losing one HP costs a living character, by :func:`life`."""
    return 6.0 if hp <= 1 else 1.5 if hp == 2 else 1.0


def area_worth(c: Game, seat: int, enemy: list[float]) -> float:
    """What a card hitting every other living seat for one HP is worth to ``seat`` by its
    stance ``enemy`` (> 0: a foe): each seat's HP at stake, foes' counted for, friends'
    against."""
    return sum(enemy[p.seat] / 5 * hp_at_stake(p.hp) for p in c.table.players
               if p.alive and p.seat != seat)


class Continue:
    """This seat in a sample after its move: the heuristic (naming the move's target
    first), except that it does not play a card hitting every other seat when that hurts
    its side more than its foes (the heuristic plays them whenever it has a foe); at each
    of its play decisions it notes the table's value, so a sample tells both what the
    move is worth if the seat ends its play phase at once and with the rest played on."""

    wants_context = True

    def __init__(self, plan: PlanAgent, game: Game, seat: int, enemy: list[float] | None,
                 area: frozenset[str]) -> None:
        self.plan = plan
        self.game = game
        self.seat = seat
        self.enemy = enemy
        self.area = area
        self.marks: list[float] = []

    def decide(self, decision: Decision) -> list[int]:
        if decision.kind == "play" and decision.seat == self.seat and self.plan.target is None:
            self.marks.append(value(self.game, self.seat))
            scores = decision.context.get("scores")
            n = len(decision.options)
            if (self.enemy is not None and isinstance(scores, list) and len(scores) == n
                    and any(o.split(" ", 1)[0] in self.area for o in decision.options)):
                worth = area_worth(self.game, self.seat, self.enemy)
                if worth <= 0:
                    new = [(-1.0 if o.split(" ", 1)[0] in self.area else float(x))
                           for o, x in zip(decision.options, scores, strict=True)]
                    decision = dataclasses.replace(
                        decision, context={**decision.context, "scores": new})
        return self.plan.decide(decision)


class RolloutAgent:
    """Decides the play phase by rollouts on copies, the answers inside the rules' steps
    (:data:`SEARCHED`) by rollouts in forked children or on replays; the rest like
    :class:`HeuristicAgent`."""

    wants_context = True

    def __init__(self, seed: int | str, seat: int, rollouts: int = DEFAULT_ROLLOUTS,
                 horizon: int = DEFAULT_HORIZON, top: int | None = None,
                 targets: int | None = None, answers: int | None = None,
                 fork: bool | None = None) -> None:
        self.seat = seat
        self.rollouts = rollouts
        self.answers = max(2, rollouts // 2) if answers is None else answers
        """Samples per candidate answer of a decision searched by replay (0: none)."""
        self.tape: Tape | None = None
        self.last_answer: dict[tuple[int, ...], float] = {}
        """The mean outcome of each answer weighed at the last decision searched by
        replay."""
        self.horizon = horizon
        self.top = DEFAULT_TOP if top is None else top
        self.targets = DEFAULT_TARGETS if targets is None else targets
        self.rng = random.Random(f"rollout:{seed}:{seat}")
        self.fallback = HeuristicAgent(f"agent:{seed}:{seat}")
        self.plan = PlanAgent(self.fallback)
        self.game: Game | None = None
        self.shared: dict[int, Any] | None = None
        self.margin = DEFAULT_MARGIN
        self.last: dict[Move, float] = {}
        """The mean outcome of each move weighed at the last play decision."""
        self.samples = 0
        """Rollouts played so far (for the benchmark)."""
        self.failed = 0
        """Replayed samples lost to an engine error after the guess."""
        self.searched = [0, 0]
        """Decisions searched by replay, and those where the heuristic's answer lost."""
        self.fork = FORK if fork is None else fork and FORK
        """Samples in forked children (else on deep copies and replays: the same
        values, slower)."""
        self.fork_moves = False
        """Play samples in forked children too (measured slower than a deep copy on this
        project's VM: a fork costs about 4.6 CPU-ms there, a deep copy of a game less)."""
        self.area: frozenset[str] | None = None
        self.drop = DEFAULT_DROP
        """After half the samples, a move this far below the best is weighed no more."""
        self.dropped = 0
        """Samples saved by dropping moves (for the benchmark)."""

    def attach(self, game: Game) -> None:
        """The game this agent plays in (read, copied, never changed), and the tape of
        its answers: every seat's agent is wrapped in a :class:`Recorder` sharing one
        tape (the first rollout agent attached wraps them; the others find its tape)."""
        self.game = game
        self.shared = None
        tape = next((a.tape for a in game.agents if isinstance(a, Recorder)), None)
        if tape is None:
            tape = Tape()
        for i, agent in enumerate(game.agents):
            if not isinstance(agent, Recorder):
                game.agents[i] = Recorder(agent, tape)
            tape.wants[i] = bool(getattr(agent, "wants_context", False))
        self.tape = tape

    # -- deciding ------------------------------------------------------------------------
    def decide(self, decision: Decision) -> list[int]:
        g = self.game
        if (g is None or g.rules.__class__.__name__ == "GuozhanRules"
                or self.plan.target is not None):
            return self.plan.decide(decision)
        if decision.kind in SEARCHED:
            try:
                return self.search_answer(g, decision)
            except Branch as branch:  # in a forked child: play on with this answer
                return branch.answer
        if decision.kind != "play" or len(decision.options) < 2:
            return self.plan.decide(decision)
        self.plan.target = None
        self.last = {}
        index = next((i for i, ph in enumerate(g.phases)
                      if str(ph.get("id")) == g.table.phase), None)
        if index is None:
            return self.fallback.decide(decision)
        moves = self.moves(g, index, decision)
        if len(moves) == 1:
            return self.commit(moves[0])
        enemy = stance(g, self.seat)
        stops = [0.0] * len(moves)
        goes = [0.0] * len(moves)
        counts = [0] * len(moves)
        live = [True] * len(moves)

        def worth() -> list[float]:
            # A move is worth the better of ending the phase right after it and playing
            # on as the heuristic would (so a move is not blamed for the rest's mistakes,
            # and "end" is not favoured for avoiding them).
            return [max(stops[k], goes[k]) / counts[k] if counts[k] else -1e9
                    for k in range(len(moves))]

        for r in range(self.rollouts):
            sample_seed = self.rng.getrandbits(64)
            if r == (self.rollouts + 1) // 2 and self.rollouts >= 4:
                now = worth()
                top = max(now)
                for k in range(len(moves)):
                    if now[k] < top - self.drop:
                        live[k] = False
            for k, move in enumerate(moves):
                if not live[k]:
                    self.dropped += 1
                    continue
                got = self.sample(g, index, move, sample_seed, enemy)
                if got is not None:
                    stops[k] += got[0]
                    goes[k] += got[1]
                    counts[k] += 1
        weighed = worth()
        means = [m if live[k] else -1e9 for k, m in enumerate(weighed)]
        self.last = dict(zip(moves, weighed, strict=True))
        # The heuristic's move (first) stands unless another is clearly better: with few
        # samples the largest mean is partly luck.
        best, best_mean = 0, means[0] + self.margin
        for k in range(1, len(moves)):
            if means[k] > best_mean + 1e-9:
                best, best_mean = k, means[k]
        return self.commit(moves[best])

    def search_answer(self, g: Game, d: Decision) -> list[int]:
        """A decision inside the rules' steps: the heuristic's answer unless another
        candidate does better by the margin over ``answers`` replayed samples."""
        first = self.plan.decide(d)
        self.last_answer = {}
        tape = self.tape
        frame = play_frame(g) if self.fork else None
        if (d.seat != self.seat or self.answers < 1
                or (frame is None and (tape is None or tape.broken))):
            return first
        candidates = self.answer_candidates(g, d, first)
        if len(candidates) < 2:
            return first
        at = len(tape.answers) if tape is not None else 0
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        for _ in range(self.answers):
            sample_seed = self.rng.getrandbits(64)
            for k, answer in enumerate(candidates):
                if frame is not None:
                    try:
                        v = self.fork_sample(g, answer, sample_seed, frame)
                    except ForkFailed:
                        return first  # (and this decision is not searched)
                else:
                    v = self.replay_sample(g, d, at, answer, sample_seed)
                    if tape is None or tape.broken:
                        return first
                if v is not None:
                    totals[k] += v
                    counts[k] += 1
        means = [totals[k] / counts[k] if counts[k] else -1e9
                 for k in range(len(candidates))]
        self.last_answer = {tuple(a): m for a, m in zip(candidates, means, strict=True)}
        best, best_mean = 0, means[0] + self.margin
        for k in range(1, len(candidates)):
            if means[k] > best_mean + 1e-9:
                best, best_mean = k, means[k]
        self.searched[0] += 1
        self.searched[1] += best != 0
        return candidates[best]

    def answer_candidates(self, g: Game, d: Decision, first: list[int]) -> list[list[int]]:
        """The answers to weigh, the heuristic's first: the other of yes and no; passing
        or the first card offered (a response, a trigger); for one player, this seat's
        own most hostile and friendliest by :func:`stance`; for one option, the next
        two."""
        n = len(d.options)
        out = [list(first)]
        if d.low != 1 or d.high != 1 or n < 2:
            return out
        if d.kind == "yes_no":
            out.append([1 - first[0]])
        elif d.kind in ("respond", "trigger"):
            out.append([n - 1] if first != [n - 1] else [0])
        elif d.kind == "players":
            enemy = stance(g, self.seat)
            seats = [label_seat(o) for o in d.options]
            known = [i for i, s in enumerate(seats) if s is not None]
            if known:
                out.append([max(known, key=lambda i: (enemy[seats[i] or 0], -i))])
                out.append([min(known, key=lambda i: (enemy[seats[i] or 0], i))])
        elif d.kind == "choose":
            out.extend([i] for i in range(n) if i != first[0])
        unique: list[list[int]] = []
        for a in out:
            if a not in unique:
                unique.append(a)
        return unique[:3]

    def fork_sample(self, g: Game, answer: list[int], sample_seed: int,
                    frame: FrameType) -> float | None:
        """One sample of ``answer`` to the decision being asked, in a forked child that
        gives it to the engine and plays on with heuristic agents to the end of the turn
        (and ``horizon`` more), as a replay would: this seat's side's value then, None if
        the game broke."""
        self.samples += 1
        seat = self.seat

        def child(w: int) -> None:
            branch_game(g, seat, sample_seed, self.horizon)
            g.record = False
            g.setup = dataclasses.replace(g.setup, record=False, check_invariants=False)

            def finish() -> None:
                child_exit(w, None if g.result.error else value(g, seat))

            # (the child's game only: a game keeps no methods of its own, its attributes
            # being slots, so its class becomes one whose ``finish`` is this)
            g.__class__ = type("BranchGame", (type(g),), {
                "__slots__": (), "finish": lambda _self: finish()})
            guard_play(frame, w)
            raise Branch(list(answer))

        out = forked(child)
        return float(out) if isinstance(out, (int, float)) else None

    def replay_sample(self, g: Game, d: Decision, at: int, answer: list[int],
                      sample_seed: int) -> float | None:
        """One replayed sample of ``answer`` at the tape's decision ``at``: this seat's
        side's value at the end of the turn (and ``horizon`` more), None if the copy
        broke; a replay that does not meet the recorded decisions breaks the tape."""
        assert self.tape is not None
        self.samples += 1
        replay = Replay(self.tape, at, d, answer, sample_seed, self.horizon)
        setup = dataclasses.replace(g.setup, record=False, check_invariants=False)
        c = type(g)(g.lib, setup, replay.agents(len(g.table.players)))
        replay.game = c
        try:
            r = c.play()
        except ReplayMismatch:
            self.tape.broken = True
            return None
        except Exception:  # a guess the engine cannot play on: the sample is lost
            self.failed += 1
            return None
        if not replay.branched:
            self.tape.broken = True
            return None
        if r.error:
            return None
        return value(c, self.seat)

    def commit(self, move: Move) -> list[int]:
        self.plan.target = move.target
        return [move.option]

    def moves(self, g: Game, phase_index: int, decision: Decision) -> list[Move]:
        """The moves to weigh, the heuristic's own first: the best options that do some
        good by the heuristic's scores or by this seat's own :func:`stance` (its side's
        weights over what it may believe of the roles), each with its best targets by
        both, and "end"."""
        n = len(decision.options)
        scores = decision.context.get("scores")
        if not isinstance(scores, list) or len(scores) != n:
            scores = [0.0] * n
        ranked = sorted(range(n), key=lambda i: (-float(scores[i]), i))
        end = Move(n - 1, decision.options[n - 1], end=True)
        enemy = stance(g, self.seat)
        own = self.own_scores(g, phase_index, decision.options[:n - 1], enemy)
        mine = sorted((i for i in range(n - 1) if own.get(decision.options[i], (0.0,))[0] > 0),
                      key=lambda i: (-own[decision.options[i]][0], i))
        theirs = [i for i in ranked if i != n - 1 and float(scores[i]) > 0]
        picks: list[int] = []
        for i in interleave(theirs, mine):
            if i not in picks and len(picks) < self.top:
                picks.append(i)
        out: list[Move] = []
        for i in picks:
            label = decision.options[i]
            harmful = own.get(label, (0.0, True))[1]
            targets = self.probe_targets(g, phase_index, label, enemy, harmful)
            if not targets:
                out.append(Move(i, label))
            out.extend(Move(i, label, t) for t in targets[:self.targets])
        if ranked[0] == n - 1:
            out.insert(0, end)
        else:
            out.append(end)
        return out

    def own_scores(self, g: Game, phase_index: int, labels: list[str],
                   enemy: list[float]) -> dict[str, tuple[float, bool]]:
        """Each play option's worth by this seat's own stance (as ``ai.play_score`` but
        with ``enemy`` for hostility), and whether it hurts its target; listed in a
        determinized copy, so the real game is only read."""
        rng = random.Random(self.rng.getrandbits(64))
        c = self.copy_game(g, rng)
        determinize(c, self.seat, rng)
        out: dict[str, tuple[float, bool]] = {}
        try:
            options = c.play_options(self.seat, c.phases[phase_index], set())
        except (GameOver, EngineError, IllegalChoice):
            return out
        wanted = set(labels)
        for option in options:
            if option[0] in wanted:
                out[option[0]] = own_play_score(c, self.seat, option, enemy)
        return out

    def probe_targets(self, g: Game, phase_index: int, label: str,
                      enemy: list[float] | None = None, harmful: bool = True) -> list[str]:
        """The targets a play option asks for next, the heuristic's pick first, then this
        seat's own (by ``enemy``: the most hostile for a harmful option, else the
        friendliest), then the heuristic's next ([] if it asks no single target): found
        by playing it in a determinized copy and stopping at the first decision."""
        rng = random.Random(self.rng.getrandbits(64))
        c = self.copy_game(g, rng)
        determinize(c, self.seat, rng)
        c.agents[self.seat] = ProbeAgent()
        phase = c.phases[phase_index]
        try:
            option = next((o for o in c.play_options(self.seat, phase, set())
                           if o[0] == label), None)
            if option is None:
                return []
            c.do_play_option(self.seat, option, phase)
        except Probe as stop:
            d = stop.decision
            if d.seat != self.seat or d.kind != "players" or d.high != 1:
                return []
            scores = d.context.get("scores")
            if not isinstance(scores, list) or len(scores) != len(d.options):
                scores = [0.0] * len(d.options)
            order = sorted(range(len(d.options)), key=lambda i: (-float(scores[i]), i))
            theirs = [d.options[i] for i in order]
            if enemy is None:
                return theirs
            sign = 1.0 if harmful else -1.0

            def own(i: int) -> float:
                seat = label_seat(d.options[i])
                return sign * enemy[seat] if seat is not None else -99.0

            mine = [d.options[i] for i in sorted(range(len(d.options)),
                                                 key=lambda i: (-own(i), i))]
            out: list[str] = []
            for t in interleave(theirs, mine):
                if t not in out:
                    out.append(t)
            return out
        except (GameOver, EngineError, IllegalChoice):
            return []
        return []

    def sample(self, g: Game, phase_index: int, move: Move, sample_seed: int,
               enemy: list[float] | None = None) -> tuple[float, float] | None:
        """One rollout of ``move``: this seat's side's value if it ends its play phase
        right after the move, and with the rest of the phase played on (for "end", and
        with a horizon, both the same); None if the sample broke. In a forked child on
        the real game where the platform forks, else on a deep copy (the same random
        numbers: the same values)."""
        self.samples += 1
        if self.fork_moves:
            def child(w: int) -> None:
                rng = random.Random(sample_seed)
                prepare_child(g, rng, self.horizon)
                child_exit(w, self.play_move(g, phase_index, move, rng, enemy))

            try:
                out = forked(child)
            except ForkFailed:
                out = False
            if out is not False:
                return (float(out[0]), float(out[1])) if isinstance(out, list) else None
        rng = random.Random(sample_seed)
        c = self.copy_game(g, rng)
        return self.play_move(c, phase_index, move, rng, enemy)

    def play_move(self, c: Game, phase_index: int, move: Move, rng: random.Random,
                  enemy: list[float] | None) -> tuple[float, float] | None:
        """Determinize ``c`` (this seat's copy or its forked child's game), play the move
        with every answer to it and the rest of the play phase (or ``horizon`` turns
        more), and score it."""
        determinize(c, self.seat, rng, BELIEF)
        seat = self.seat
        plan = PlanAgent(HeuristicAgent(rng.getrandbits(64)))
        if self.area is None:
            self.area = area_cards(c)
        me = Continue(plan, c, seat, enemy, self.area)
        c.agents[seat] = me
        phase = c.phases[phase_index]
        try:
            try:
                if not move.end:
                    options = c.play_options(seat, phase, set())
                    option = next((o for o in options if o[0] == move.label), None)
                    if option is None:
                        return None
                    plan.target = move.target
                    c.do_play_option(seat, option, phase)
                    plan.target = None
                    c.sweep()
                    if c.table.players[seat].alive and not c.over:
                        c.play_phase(seat, phase)
                    if self.horizon == 0:
                        v = value(c, seat)
                        return (me.marks[0] if me.marks else v), v
                elif self.horizon == 0:
                    v = value(c, seat)
                    return v, v
                finish_turn(c, seat, phase_index)
            except GameOver:
                pass
        except (EngineError, IllegalChoice):
            return None
        v = value(c, seat)
        if self.horizon == 0:
            return (me.marks[0] if me.marks else v), v
        return v, v

    def copy_game(self, g: Game, rng: random.Random) -> Game:
        """A deep copy of the game sharing the read-only library, with heuristic agents,
        no log, its own random numbers and a turn limit ``horizon`` turns ahead."""
        if self.shared is None:
            self.shared = shared_memo(g)
        memo = dict(self.shared)
        for uid, card in g.table.cards.items():  # physical cards never change
            if uid >= 0:
                memo[id(card)] = card
        memo[id(g.rng)] = random.Random(rng.getrandbits(64))
        agents: list[Agent] = [HeuristicAgent(rng.getrandbits(64)) for _ in g.agents]
        memo[id(g.agents)] = agents
        memo[id(g.log)] = []
        memo[id(g.listening)] = {}
        c = copy.deepcopy(g, memo)
        c.record = False
        c.setup = dataclasses.replace(c.setup, record=False, check_invariants=False,
                                      max_turns=c.table.turn + self.horizon)
        return c


def shared_memo(g: Game) -> dict[int, Any]:
    """What a copy shares with the game rather than copying: the library, the mode's data
    and every compiled hook (the engine never changes them during play)."""
    lib = g.lib
    memo: dict[int, Any] = {id(lib): lib, id(g.mode): g.mode, id(g.raw): g.raw}
    for table in (lib.hooks, lib.by_event, lib.statics, lib.actions, lib.views):
        for hooks in table.values():
            memo[id(hooks)] = hooks
            for hook in hooks:
                memo[id(hook)] = hook
    return memo


def determinize(c: Game, seat: int, rng: random.Random, belief: float = BELIEF) -> None:
    """Replace in ``c`` what ``seat`` cannot know by a random guess consistent with what it
    sees: the cards in other hands and the draw pile (sizes kept) and the hidden roles,
    dealt with weights from the seats' public leaning (``belief`` 0: uniformly). The
    unknowns are gathered in sorted order first, so the guess depends only on the public
    view and ``rng``."""
    t = c.table
    others = [p for p in t.players if p.seat != seat and p.alive and p.hand]
    unknown = sorted([u for p in others for u in p.hand] + t.draw_pile)
    rng.shuffle(unknown)
    at = 0
    for p in others:
        size = len(p.hand)
        p.hand[:] = unknown[at:at + size]
        at += size
        for u in p.hand:
            t.where[u] = (HAND, p.seat)
    t.draw_pile[:] = unknown[at:]
    for u in t.draw_pile:
        t.where[u] = (DRAW, -1)
    hidden = [p for p in t.players if p.seat != seat and not p.role_revealed]
    roles = sorted(str(p.role) for p in hidden if p.role is not None)
    if len(roles) == len(hidden) and len(roles) > 1:
        leaning = [ai.leaning(c, p.seat) for p in hidden]
        deal = deal_roles(roles, leaning, rng, belief)
        for p, role in zip(hidden, deal, strict=True):
            p.role = role
    c.statics_dirty = True


def role_weight(role: str, lean: float, belief: float) -> float:
    return math.exp(belief * ROLE_SIGN.get(role, 0.0) * max(-6.0, min(6.0, lean)))


def distinct_deals(roles: list[str]) -> Iterator[tuple[str, ...]]:
    """Every distinct order of a multiset of roles (sorted input), each once."""
    counts: dict[str, int] = {}
    for r in roles:
        counts[r] = counts.get(r, 0) + 1
    kinds = sorted(counts)
    out: list[str] = []

    def walk() -> Iterator[tuple[str, ...]]:
        if len(out) == len(roles):
            yield tuple(out)
            return
        for k in kinds:
            if counts[k]:
                counts[k] -= 1
                out.append(k)
                yield from walk()
                out.pop()
                counts[k] += 1

    return walk()


def deal_roles(roles: list[str], leaning: list[float], rng: random.Random,
               belief: float = BELIEF) -> list[str]:
    """A deal of ``roles`` (sorted) to seats with these leanings, drawn with probability
    proportional to how well each role fits each leaning."""
    if belief == 0:
        deal = list(roles)
        rng.shuffle(deal)
        return deal
    deals: list[tuple[str, ...]] = []
    weights: list[float] = []
    for d in distinct_deals(roles):
        deals.append(d)
        weights.append(math.prod(role_weight(r, x, belief)
                                 for r, x in zip(d, leaning, strict=True)))
        if len(deals) > MAX_DEALS:
            break
    else:
        return list(rng.choices(deals, weights)[0])
    # Too many deals to list: seat by seat, each role drawn by its fit from those left.
    left = list(roles)
    deal = []
    for x in leaning:
        w = [role_weight(r, x, belief) for r in left]
        pick = rng.choices(range(len(left)), w)[0]
        deal.append(left.pop(pick))
    return deal


def interleave(a: list[Any], b: list[Any]) -> Iterator[Any]:
    """a[0], b[0], a[1], b[1], … (the longer list's rest at the end)."""
    for i in range(max(len(a), len(b))):
        if i < len(a):
            yield a[i]
        if i < len(b):
            yield b[i]


def label_seat(label: str) -> int | None:
    """The seat a target label names (``seat 3 (caocao)`` → 3)."""
    head, _, rest = label.partition(" ")
    number = rest.split(" ", 1)[0]
    return int(number) if head == "seat" and number.isdigit() else None


def role_odds(g: Game, seat: int, belief: float = BELIEF) -> list[dict[str, float]]:
    """What ``seat`` may believe of every seat's role: its own and the revealed ones for
    sure; a hidden one by the roles still hidden (public: the role table less the dead
    and the seat's own), each weighted by how it fits the seat's public leaning."""
    t = g.table
    hidden = [p for p in t.players if p.seat != seat and not p.role_revealed]
    pool: dict[str, int] = {}
    for p in hidden:
        if p.role is not None:
            pool[str(p.role)] = pool.get(str(p.role), 0) + 1
    out: list[dict[str, float]] = []
    for p in t.players:
        if p.seat == seat or p.role_revealed or p.role is None:
            out.append({str(p.role): 1.0})
            continue
        lean = ai.leaning(g, p.seat)
        w = {r: k * role_weight(r, lean, belief) for r, k in pool.items()}
        total = sum(w.values()) or 1.0
        out.append({r: x / total for r, x in w.items()})
    return out


def stance(g: Game, seat: int) -> list[float]:
    """How hostile ``seat`` is to each seat (as ``hostility``: > 0 enemy, < 0 friend,
    scale ±10), from its own side's weights (:func:`side_weight`) over what it may
    believe of their roles (:func:`role_odds`): the agent's own reading of the table,
    used to choose which moves and targets to weigh."""
    t = g.table
    mine = str(t.players[seat].role)
    alive = sum(1 for p in t.players if p.alive)
    rebels = sum(1 for p in t.players if p.alive and p.role == "rebel")
    out = []
    for p, odds in zip(t.players, role_odds(g, seat), strict=True):
        if p.seat == seat:
            out.append(-10.0)
            continue
        w = sum(x * side_weight(g, seat, mine, r, p.seat, alive, rebels)
                for r, x in odds.items())
        out.append(-5.0 * w)
    return out


def own_play_score(g: Game, seat: int, option: tuple[str, str, Any],
                   enemy: list[float]) -> tuple[float, bool]:
    """``ai.play_score`` with ``enemy`` as the hostility, and whether the option hurts."""
    _label, kind, data = option
    base = ai.play_score(g, seat, option)
    hook = None
    name = None
    if kind in ("card", "view"):
        name = g.table.cards[data].card if kind == "card" else str(data[2])
        hooks = g.lib.actions.get(name)
        hook = hooks[0] if hooks else None
    elif kind == "skill":
        hook = data[0]
    if hook is None or not hook.harmful:
        return base, False
    pool = ai.target_pool(g, seat, hook, name)
    if not pool:
        return base, True
    best = max(enemy[s] for s in pool)
    if kind == "skill":
        return (1.5 if best > 0 else -1.0), True
    bonus = -0.5 if kind == "view" else 0.0
    return (2.0 + best / 5 if best > 0 else -1.0) + bonus, True


def finish_turn(c: Game, seat: int, phase_index: int) -> None:
    """The rest of the turn from the end of its play phase, then the game on from the next
    seat (what ``run_phase``, ``take_turn`` and ``loop`` would have done)."""
    t = c.table
    p = t.players[seat]
    phase = c.phases[phase_index]
    if p.alive:
        c.emit("phase_end", "at", seat, {"phase": str(phase["id"])})
    c.end_period("phase")
    c.sweep()
    t.phase = ""
    for ph in c.phases[phase_index + 1:]:
        if not p.alive or c.over:
            break
        c.run_phase(seat, ph)
    if p.alive:
        c.emit("phase_end", "at", seat, {"phase": "turn"})
    c.end_period("turn")
    c.sweep()
    while c.extra_turns and not c.over:
        extra = c.extra_turns.pop(0)
        if t.players[extra].alive:
            c.take_turn(extra)
    nxt = t.next_alive(seat).seat
    if nxt <= seat:
        t.round += 1
    c.loop(nxt)


LORD_SIDE_WEIGHTS = {"lord": 2.0, "loyalist": 1.0, "rebel": -1.0, "renegade": -0.7}
REBEL_WEIGHTS = {"lord": -2.0, "loyalist": -1.0, "rebel": 1.0, "renegade": -0.5}
"""How much each role's life counts for a lord's-side or a rebel seat (enemies < 0)."""
WIN = 40.0
"""What a won (lost) game is worth against the material on the table."""


def life(c: Game, seat: int) -> float:
    """Being alive and the HP left (the last points count most, as dying comes closer)."""
    p = c.table.players[seat]
    if not p.alive:
        return 0.0
    hp = max(0, p.hp)
    return 4.0 + 2.0 * min(hp, 1) + 1.5 * min(max(hp - 1, 0), 1) + 1.0 * max(hp - 2, 0)


def cards(c: Game, seat: int) -> float:
    """What a character's cards are worth: each by its kind (the heuristic's
    ``card_value``: the rescue card most, then answers, equipment, other cards), less the
    delayed tricks waiting for it. The current player keeps only as many hand cards as
    its HP (the hand limit): the rest are worth nothing, as it will discard them."""
    p = c.table.players[seat]
    if not p.alive:
        return 0.0
    worth = sorted((ai.card_value(c, seat, u, seat) / 5 for u in p.hand), reverse=True)
    if seat == c.table.current:
        worth = worth[:max(0, p.hp)]
    return (sum(worth) + 0.6 * len(p.equipment) - 0.8 * len(p.judgement))


def side_weight(c: Game, seat: int, mine: str, role: str, other: int, alive: int,
                rebels: int) -> float:
    """How much the life of ``other`` (of ``role``) counts for ``seat`` (of role ``mine``;
    negative: an enemy's), with ``alive`` seats and ``rebels`` rebels left. The renegade
    wins only by outliving everyone, the lord last: while rebels live the lord's death is
    its loss, so it guards the lord, fights the rebels and counts the loyalists, who fight
    them too, as mild friends (as mild enemies, a look-ahead of one move hurt them and
    let the rebels win: 0 renegade wins in 16 games against the heuristic's 3); with the
    rebels gone the loyalists are its enemies; two left, the lord is."""
    if other == seat:
        return 1.5 if mine == "renegade" else (2.0 if mine == "lord" else 1.0)
    if mine in LORD_SIDE:
        return LORD_SIDE_WEIGHTS.get(role, -c.rules.hostility(seat, other) / 5)
    if mine == "rebel":
        return REBEL_WEIGHTS.get(role, -c.rules.hostility(seat, other) / 5)
    if mine == "renegade":
        if role == "lord":
            return -1.5 if alive <= 2 else (0.8 if rebels else 0.3)
        if role == "rebel":
            return -0.8
        if role == "loyalist":
            return 0.2 if rebels else -1.0
        return -0.3 if rebels else -1.0
    return -max(-1.0, min(1.0, c.rules.hostility(seat, other) / 5))


def side_weights(c: Game, seat: int) -> list[float]:
    """How much each seat's life counts for ``seat`` (negative: an enemy's), from
    the roles as this copy has them (a sample's guess for the hidden ones)."""
    players = c.table.players
    mine = str(players[seat].role)
    alive = sum(1 for p in players if p.alive)
    rebels = sum(1 for p in players if p.alive and p.role == "rebel")
    return [side_weight(c, seat, mine, str(p.role), p.seat, alive, rebels)
            for p in players]


def value(c: Game, seat: int) -> float:
    """This seat's side's position: ±``WIN`` for a game won or lost; else the lives of
    friends less those of enemies (weighted by :func:`side_weights`: the lord's counts
    double for both sides), and their cards (each side's alike)."""
    r = c.result
    if r.winning_side not in ("", "none"):
        return WIN if seat in r.winners else -WIN
    total = 0.0
    for w, p in zip(side_weights(c, seat), c.table.players, strict=True):
        sign = 1.0 if w > 0 else -1.0 if w < 0 else 0.0
        total += w * life(c, p.seat) + sign * min(1.0, abs(w)) * cards(c, p.seat)
    return total

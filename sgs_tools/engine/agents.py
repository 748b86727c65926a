"""Decisions → choices: the agent interface, and random, heuristic and scripted agents.

Every choice a player makes goes through :meth:`Agent.decide` with a :class:`Decision`
listing the legal options (as labels); the agent answers with indices. The engine checks
the answer and rejects an illegal one with :class:`IllegalChoice`.

An agent that says it ``takes_candidates`` may instead be asked a play decision with
candidates not yet checked (``Decision.legal`` set): only those ``legal(i)`` may be
picked. Checking every card and skill the player has is most of what a play decision
costs; the random agent needs only the first legal one in a random order.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

DECISION_KINDS = frozenset({"play", "respond", "trigger", "yes_no", "choose", "cards",
                            "players", "order", "general", "declare", "guess"})
"""Every kind of decision the engine asks; scenario ``defaults`` are keyed by these."""


@dataclass
class Decision:
    """One choice: who decides, what kind, the legal options, and how many to pick."""

    seat: int
    kind: str
    options: list[str]
    low: int = 1
    high: int = 1
    prompt: str = ""
    context: dict[str, Any] = field(default_factory=dict)
    legal: Callable[[int], bool] | None = None
    """Set when ``options`` are candidates (asked of an agent that ``takes_candidates``):
    whether option ``i`` may be picked, worked out when asked. None: every one may."""

    def describe(self) -> str:
        count = f"{self.low}" if self.low == self.high else f"{self.low}..{self.high}"
        return (f"seat {self.seat} {self.kind} '{self.prompt}' (pick {count}) from "
                f"{self.options!r}")


class IllegalChoice(Exception):
    """An agent answered with something the rules do not allow."""


class Agent(Protocol):
    def decide(self, decision: Decision) -> list[int]:
        """Indices into ``decision.options``; between ``low`` and ``high`` of them."""
        ...


class RandomAgent:
    """Makes a uniformly random legal choice. Asked with candidates, it tries them in a
    random order and takes the first legal one: the first of the legal ones in a uniformly
    random order is uniform among them, so this is the same choice, found by checking a
    few candidates instead of all."""

    wants_context = False
    takes_candidates = True

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision) -> list[int]:
        return self.choose(len(decision.options), decision.low, decision.high,
                           decision.kind, decision.legal)

    def choose(self, n: int, low: int, high: int, kind: str,
               legal: Callable[[int], bool] | None = None) -> list[int]:
        """``decide`` from what it reads of a decision: how many options, how many to
        pick, the kind and ``legal`` (the engine asks this directly, without building a
        Decision, when nothing else reads one: ``decisions.ask``)."""
        if legal is not None:
            if low == high == 1:
                return [self.first_legal(n, legal)]
            allowed = [i for i in range(n) if legal(i)]
            count = self.rng.randint(min(low, len(allowed)), min(high, len(allowed)))
            chosen = [allowed[i] for i in self.rng.sample(range(len(allowed)), count)]
            return chosen if kind == "order" else sorted(chosen)
        if low == high == 1:
            return [self.rng.randrange(n)]
        count = self.rng.randint(low, high)
        picks = self.rng.sample(range(n), count)
        return picks if kind == "order" else sorted(picks)

    def first_legal(self, n: int, legal: Callable[[int], bool]) -> int:
        """The first legal index of ``range(n)`` in a random order (drawn as needed)."""
        randrange = self.rng.randrange
        rest: list[int] | None = None  # (listed after a first miss: the first is usually legal)
        size = n
        while size:
            j = randrange(size)
            i = j if rest is None else rest[j]
            if legal(i):
                return i
            if rest is None:
                rest = list(range(n))
            rest[j] = rest[-1]
            rest.pop()
            size -= 1
        raise IllegalChoice(f"no legal option among {n} candidates")


class HeuristicAgent:
    """Plays sensibly from the hints the engine gives in ``decision.context``: ``scores``
    of options (higher is better: enemies to attack, cards worth using), ``benefit`` of an
    optional step or response, ``values`` of cards (keeps the valuable ones)."""

    wants_context = True

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision) -> list[int]:
        n = len(decision.options)
        ctx = decision.context
        low, high = decision.low, decision.high
        kind = decision.kind
        if kind in ("yes_no", "respond", "trigger"):
            benefit = float(ctx.get("benefit", 1))
            yes = benefit > 0 or (benefit == 0 and self.rng.random() < 0.5)
            if kind == "yes_no":
                return [0 if yes else 1]
            return [0 if yes and n > 1 else n - 1]
        scores = ctx.get("scores")
        if scores is not None and len(scores) == n:
            ranked = sorted(range(n), key=lambda i: (-scores[i], self.rng.random()))
            if kind == "play":
                return [ranked[0]]
            count = low if low == high else max(low, min(high, sum(
                1 for s in scores if s > 0) or low))
            return sorted(ranked[:count])
        values = ctx.get("values")
        if values is not None and len(values) == n:
            # Give away or discard the least valuable; take the most valuable.
            taking = decision.prompt in ("take", "gain one card")
            ranked = sorted(range(n), key=lambda i: (values[i] if not taking else -values[i],
                                                     self.rng.random()))
            return sorted(ranked[:low if low else min(1, high)])
        if low == high == 1:
            return [self.rng.randrange(n)]
        count = self.rng.randint(low, high)
        return sorted(self.rng.sample(range(n), count))


@dataclass
class ScriptedAgent:
    """Answers from a script of option labels or indices; then from ``fallback``."""

    script: list[Any]
    fallback: Agent | None = None
    used: int = 0
    wants_context = False

    def decide(self, decision: Decision) -> list[int]:
        if self.used >= len(self.script):
            if self.fallback is not None:
                return self.fallback.decide(decision)
            return list(range(decision.low))
        answer = self.script[self.used]
        self.used += 1
        wanted = answer if isinstance(answer, list) else [answer]
        picked = []
        for w in wanted:
            index = match_option(w, decision.options)
            if index is None:
                raise IllegalChoice(f"scripted answer {w!r} is not among "
                                    f"{decision.options} ({decision.prompt})")
            picked.append(index)
        return picked


def match_option(answer: Any, options: list[str], taken: list[int] | None = None
                 ) -> int | None:
    """The option an answer names: an index, an exact label, a label's first words, or
    a word inside a label; ``seat N`` also matches a bare number N."""
    taken = taken or []
    if isinstance(answer, bool):
        answer = "yes" if answer else "no"
    if isinstance(answer, int):
        text = f"seat {answer}"
        for i, o in enumerate(options):
            if i not in taken and (o == text or o.startswith(text + " ")):
                return i
        return None
    text = str(answer)
    for test in (lambda o: o == text, lambda o: o.startswith(text + " "),
                 lambda o: o.startswith(text), lambda o: f" {text} " in f" {o} ",
                 lambda o: text in o):
        for i, o in enumerate(options):
            if i not in taken and test(o):
                return i
    return None


def known_kind(kind: str) -> bool:
    """Whether ``kind`` names an agent: random, heuristic or rollout[:R[:T]]."""
    from sgs_tools.engine.rollout import parse_kind

    return kind in ("random", "heuristic") or parse_kind(kind) is not None


def make_agent(kind: str, seed: int, seat: int) -> Agent:
    if kind == "heuristic":
        return HeuristicAgent(f"agent:{seed}:{seat}")
    if kind == "random":
        return RandomAgent(f"agent:{seed}:{seat}")
    from sgs_tools.engine.rollout import RolloutAgent, parse_kind

    settings = parse_kind(kind)
    if settings is not None:
        return RolloutAgent(seed, seat, *settings)
    raise ValueError(f"unknown agent kind {kind!r} (expected random, heuristic or "
                     "rollout[:R[:T]])")

"""A stronger, slower agent: flat Monte Carlo rollouts over determinized hidden information.

For each "play" decision (what to do next in the play phase, the choice that shapes a game
most) the agent tries the heuristic's best few options and "end". For each option and
each of R samples it copies the game, *determinizes* what its seat may not know (the
other hands and the draw pile are reshuffled among themselves, every hand keeping its
size; the roles not public to it are dealt again among the seats that hide them), applies
the option, finishes the turn and plays on with heuristic agents for a bounded number of
turns, and scores the outcome for its own side (1 win, 0 loss; a game cut short is
judged by the strength left on each side). It picks the best mean. Every other decision
goes to the heuristic agent.

The samples are built from the *public* view only: the unknown cards and hidden roles
are gathered in a canonical order before they are shuffled, so two games that differ only
in what this seat cannot see give the same samples and the same choice. The agent is
deterministic for a game seed and seat. It gets the game through :meth:`attach` (called
by ``ensure_agents``). Guozhan's hidden generals are not determinized, so there the agent
plays as the heuristic one.

Kind strings: ``rollout`` (8 samples per option, 8 turns per sample), ``rollout:R`` or
``rollout:R:T``.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import TYPE_CHECKING, Any

from sgs_tools.engine.agents import Agent, Decision, HeuristicAgent, IllegalChoice
from sgs_tools.engine.errors import EngineError, GameOver
from sgs_tools.engine.state import DRAW, HAND

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game

DEFAULT_ROLLOUTS = 8
DEFAULT_HORIZON = 8
DEFAULT_TOP = 3
DEFAULT_MARGIN = 0.04
LORD_SIDE = ("lord", "loyalist")


def parse_kind(kind: str) -> tuple[int, int] | None:
    """``rollout[:R[:T]]`` → (rollouts per option, turns per rollout); None if not one."""
    name, _, rest = kind.partition(":")
    if name != "rollout":
        return None
    bits = rest.split(":") if rest else []
    if len(bits) > 2 or not all(b.isdigit() and int(b) > 0 for b in bits):
        return None
    rollouts = int(bits[0]) if bits else DEFAULT_ROLLOUTS
    horizon = int(bits[1]) if len(bits) > 1 else DEFAULT_HORIZON
    return rollouts, horizon


class RolloutAgent:
    """Decides the play phase by rollouts; everything else like :class:`HeuristicAgent`."""

    wants_context = True

    def __init__(self, seed: int | str, seat: int, rollouts: int = DEFAULT_ROLLOUTS,
                 horizon: int = DEFAULT_HORIZON, top: int = DEFAULT_TOP) -> None:
        self.seat = seat
        self.rollouts = rollouts
        self.horizon = horizon
        self.top = top
        self.rng = random.Random(f"rollout:{seed}:{seat}")
        self.fallback = HeuristicAgent(f"agent:{seed}:{seat}")
        self.game: Game | None = None
        self.shared: dict[int, Any] | None = None
        self.margin = DEFAULT_MARGIN
        self.last: dict[int, float] = {}
        """The mean outcome of each option weighed at the last play decision."""
        self.samples = 0
        """Rollouts played so far (for the benchmark)."""

    def attach(self, game: Game) -> None:
        """The game this agent plays in (read, copied, never changed)."""
        self.game = game
        self.shared = None

    # -- deciding ------------------------------------------------------------------------
    def decide(self, decision: Decision) -> list[int]:
        g = self.game
        if (decision.kind != "play" or g is None or len(decision.options) < 2
                or g.rules.__class__.__name__ == "GuozhanRules"):
            return self.fallback.decide(decision)
        index = next((i for i, ph in enumerate(g.phases)
                      if str(ph.get("id")) == g.table.phase), None)
        if index is None:
            return self.fallback.decide(decision)
        scores = decision.context.get("scores")
        n = len(decision.options)
        if not isinstance(scores, list) or len(scores) != n:
            scores = [0.0] * n
        ranked = sorted(range(n), key=lambda i: (-float(scores[i]), i))
        # The heuristic's best few that it thinks do some good, and "end".
        cands = [i for i in ranked if i != n - 1 and float(scores[i]) > 0][:self.top]
        cands.insert(0 if ranked[0] == n - 1 else len(cands), n - 1)
        if len(cands) == 1:
            return cands
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        for _ in range(self.rollouts):
            sample_seed = self.rng.getrandbits(64)
            for k, pick in enumerate(cands):
                value = self.sample(g, index, decision.options[pick],
                                    pick == n - 1, sample_seed)
                if value is not None:
                    totals[k] += value
                    counts[k] += 1
        means = [totals[k] / counts[k] if counts[k] else -1.0 for k in range(len(cands))]
        self.last = dict(zip(cands, means, strict=True))
        # The heuristic's choice stands unless another option is clearly better: with
        # few samples the largest mean is partly luck.
        best, best_mean = cands[0], means[0] + self.margin
        for k, pick in enumerate(cands):
            if means[k] > best_mean + 1e-9:
                best, best_mean = pick, means[k]
        return [best]

    def sample(self, g: Game, phase_index: int, label: str, end: bool,
               sample_seed: int) -> float | None:
        """One rollout: the outcome for this seat's side (None if the copy broke)."""
        self.samples += 1
        rng = random.Random(sample_seed)
        c = self.copy_game(g, rng)
        determinize(c, self.seat, rng)
        seat = self.seat
        phase = c.phases[phase_index]
        try:
            try:
                if not end:
                    options = c.play_options(seat, phase, set())
                    option = next((o for o in options if o[0] == label), None)
                    if option is None:
                        return None
                    c.do_play_option(seat, option, phase)
                    c.sweep()
                    if c.table.players[seat].alive and not c.over:
                        c.play_phase(seat, phase)
                finish_turn(c, seat, phase_index)
            except GameOver:
                pass
        except (EngineError, IllegalChoice):
            return None
        return evaluate(c, seat)

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


def determinize(c: Game, seat: int, rng: random.Random) -> None:
    """Replace in ``c`` what ``seat`` cannot know by a random guess consistent with what it
    sees: the cards in other hands and the draw pile (sizes kept) and the hidden roles.
    The unknowns are gathered in sorted order first, so the guess depends only on the
    public view and ``rng``."""
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
        rng.shuffle(roles)
        for p, role in zip(hidden, roles, strict=True):
            p.role = role
    c.statics_dirty = True


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


def strength(c: Game, seat: int) -> float:
    p = c.table.players[seat]
    if not p.alive:
        return 0.0
    return p.hp + 0.4 * len(p.hand) + 0.3 * len(p.equipment) + 1.0


def evaluate(c: Game, seat: int) -> float:
    """This seat's share of the outcome: 1 won, 0 lost; a game cut short scores its
    side's strength (HP, cards) against the other sides', between 0.05 and 0.95."""
    r = c.result
    if r.winning_side not in ("", "none"):
        return 1.0 if seat in r.winners else 0.0
    players = c.table.players
    mine = players[seat].role
    if mine in LORD_SIDE or mine in ("rebel", "renegade"):
        def friend(other: int) -> bool:
            role = players[other].role
            if mine == "renegade":
                return other == seat
            return role == mine or (mine in LORD_SIDE and role in LORD_SIDE)
    else:
        def friend(other: int) -> bool:
            return other == seat or c.rules.hostility(seat, other) < 0
    ally = sum(strength(c, p.seat) for p in players if friend(p.seat))
    enemy = sum(strength(c, p.seat) for p in players if not friend(p.seat))
    if mine == "renegade":
        enemy /= max(1, sum(1 for p in players if p.alive and p.seat != seat))
    share = ally / (ally + enemy) if ally + enemy > 0 else 0.5
    return 0.05 + 0.9 * share

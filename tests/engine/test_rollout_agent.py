"""The rollout agent: legal, deterministic, blind to what its seat cannot see, stronger."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from sgs_tools.engine import ai
from sgs_tools.engine.agents import Decision, HeuristicAgent, known_kind, make_agent
from sgs_tools.engine.game import Game
from sgs_tools.engine.library import Library
from sgs_tools.engine.rollout import RolloutAgent, determinize, parse_kind
from sgs_tools.engine.state import DRAW, HAND
from sgs_tools.sim.runner import Settings


def game(lib: Library, seed: int, agents: str = "heuristic", **kw: Any) -> Game:
    setup = Settings(players=5, agents=agents).setup(seed)
    return Game(lib, dataclasses.replace(setup, **kw))


def at_play_decision(lib: Library, seed: int) -> tuple[Game, Decision]:
    """A dealt game stopped where seat 0 is asked its first play decision."""
    g = game(lib, seed)
    g.deal()
    g.ensure_agents()
    g.refresh_skills()
    phase = next(ph for ph in g.phases if "use_limits" in ph)
    g.table.current = 0
    g.table.phase = str(phase["id"])
    g.phase_kind = "play"
    options = g.play_options(0, phase, set())
    labels = [o[0] for o in options] + ["end"]
    scores = [ai.play_score(g, 0, o) for o in options] + [0.1]
    return g, Decision(0, "play", labels, 1, 1, "play phase", {"scores": scores})


def hidden_state(g: Game, seat: int) -> tuple[Any, ...]:
    t = g.table
    return (tuple(tuple(p.hand) for p in t.players if p.seat != seat), tuple(t.draw_pile),
            tuple(p.role for p in t.players))


def snapshot(g: Game) -> tuple[Any, ...]:
    t = g.table
    return (hidden_state(g, -1), tuple(sorted(t.where.items())), g.rng.getstate(),
            tuple((p.hp, p.alive, tuple(p.equipment.items())) for p in t.players),
            t.turn, len(g.log))


def test_kinds() -> None:
    assert parse_kind("rollout") == (8, 8)
    assert parse_kind("rollout:3") == (3, 8)
    assert parse_kind("rollout:3:5") == (3, 5)
    for bad in ("rollout:0", "rollout:x", "rollout:1:2:3", "rollouts", "heuristic"):
        assert parse_kind(bad) is None
    assert known_kind("rollout:2:4") and known_kind("random") and not known_kind("mcts")
    agent = make_agent("rollout:2:4", 7, 1)
    assert isinstance(agent, RolloutAgent)
    assert (agent.rollouts, agent.horizon) == (2, 4)
    with pytest.raises(ValueError, match="rollout"):
        make_agent("rollout:0", 7, 1)


def test_determinize_hides_and_keeps_the_public_view(lib: Library) -> None:
    g, _d = at_play_decision(lib, 3)
    seat = 1
    real = hidden_state(g, seat)
    agent = RolloutAgent(3, seat)
    agent.attach(g)
    seen = set()
    for i in range(6):
        rng = random.Random(i)
        c = agent.copy_game(g, rng)
        determinize(c, seat, rng)
        t, rt = c.table, g.table
        assert t.players[seat].hand == rt.players[seat].hand  # its own hand is known
        assert [len(p.hand) for p in t.players] == [len(p.hand) for p in rt.players]
        assert len(t.draw_pile) == len(rt.draw_pile)
        assert sorted(t.draw_pile + [u for p in t.players if p.seat != seat
                                     for u in p.hand]) == sorted(
            rt.draw_pile + [u for p in rt.players if p.seat != seat for u in p.hand])
        for p in t.players:
            for u in p.hand:
                assert t.where[u] == (HAND, p.seat)
        assert all(t.where[u] == (DRAW, -1) for u in t.draw_pile)
        # The public roles (the lord) and its own stay; the hidden ones are dealt again.
        assert all(p.role == q.role for p, q in zip(t.players, rt.players, strict=True)
                   if q.role_revealed or q.seat == seat)
        assert sorted(str(p.role) for p in t.players) == sorted(
            str(p.role) for p in rt.players)
        c.check_invariants()
        seen.add(hidden_state(c, seat))
    assert real not in seen and len(seen) > 1


def test_decision_does_not_depend_on_hidden_cards(lib: Library) -> None:
    """Two games that differ only in an opponent's hand (and the draw pile's order) give
    the same evaluations and the same choice for the same agent seed."""
    g1, d1 = at_play_decision(lib, 11)
    g2, d2 = at_play_decision(lib, 11)
    t2 = g2.table
    victim = t2.players[2]
    # Swap an opponent's hand with cards from the draw pile, and reverse the pile.
    size = len(victim.hand)
    new = t2.draw_pile[-size:]
    old = list(victim.hand)
    t2.draw_pile[-size:] = old
    victim.hand[:] = new
    for u in new:
        t2.where[u] = (HAND, 2)
    for u in old:
        t2.where[u] = (DRAW, -1)
    t2.draw_pile.reverse()
    g2.check_invariants()
    assert hidden_state(g1, 0) != hidden_state(g2, 0)
    assert d1.options == d2.options
    a1, a2 = RolloutAgent(5, 0, 3, 4), RolloutAgent(5, 0, 3, 4)
    a1.attach(g1)
    a2.attach(g2)
    assert a1.decide(d1) == a2.decide(d2)
    assert a1.last == a2.last and len(a1.last) > 1


def test_deciding_leaves_the_real_game_untouched(lib: Library) -> None:
    g, d = at_play_decision(lib, 4)
    before = snapshot(g)
    agent = RolloutAgent(4, 0, 2, 3)
    agent.attach(g)
    pick = agent.decide(d)
    assert len(pick) == 1 and 0 <= pick[0] < len(d.options)
    assert agent.samples > 0
    assert snapshot(g) == before


def test_other_decisions_go_to_the_heuristic(lib: Library) -> None:
    g, _d = at_play_decision(lib, 4)
    agent = RolloutAgent(4, 0)
    agent.attach(g)
    d = Decision(0, "players", ["seat 1", "seat 2"], 1, 1, "x", {"scores": [1.0, -1.0]})
    assert agent.decide(d) == HeuristicAgent(0).decide(d) == [0]
    assert agent.samples == 0


def test_whole_games_are_legal_and_deterministic(lib: Library) -> None:
    spec = "lord=rollout:2:3,loyalist=heuristic,rebel=heuristic,renegade=random"
    results = []
    for _ in range(2):
        g = game(lib, 21, spec, record=True, check_invariants=True)
        r = g.play()
        assert r.error is None, r.error
        assert r.winning_side not in ("", None)
        lord = next(p.seat for p in g.table.players if p.role == "lord")
        agent = g.agents[lord]
        assert isinstance(agent, RolloutAgent) and agent.samples > 0
        results.append([e for e in r.log if e.get("e") == "decide"])
    assert results[0] == results[1]


def test_beats_random_clearly(lib: Library) -> None:
    """The lord's side with the rollout agent against random rebels and renegade, on
    seeds where the same seats all random do much worse."""
    seeds = range(100, 106)
    spec = "lord=rollout:2:2,loyalist=rollout:2:2"
    smart = [game(lib, s, spec).play() for s in seeds]
    plain = [game(lib, s, "random").play() for s in seeds]
    assert all(r.error is None for r in smart + plain)
    won = sum(r.winning_side == "lord_side" for r in smart)
    base = sum(r.winning_side == "lord_side" for r in plain)
    assert won >= 5 and won >= base + 2, (won, base)


def test_simulate_takes_rollout_agents(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from sgs_tools.cli.main import app

    runner = CliRunner()
    out = tmp_path / "sim.json"
    spec = "lord=rollout:1:1,loyalist=heuristic,rebel=random,renegade=random"
    result = runner.invoke(app, ["simulate", "--games", "1", "--workers", "1", "--seed",
                                 "2", "--agents", spec, "--quiet", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["games"] == 1
    for bad in ("rollout:0", "lord=rollout:x", "rollout:1:1:1"):
        result = runner.invoke(app, ["simulate", "--agents", bad, "--quiet"])
        assert result.exit_code == 2 and "rollout[:R[:T]]" in result.output
    result = runner.invoke(app, ["simulate", "--mode", "samurai", "-n", "4", "--agents",
                                 "rollout", "--quiet"])
    assert result.exit_code == 2 and "samurai" in result.output

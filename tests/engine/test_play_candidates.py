"""Play decisions asked with candidates (``options.PlaySlots``, ``Decision.legal``): the
random agent checks only the candidates it tries, and what it may pick is still exactly
what the full list of play options holds."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from sgs_tools.engine.agents import Decision, IllegalChoice, RandomAgent
from sgs_tools.engine.game import Game, Setup
from sgs_tools.engine.library import Library
from sgs_tools.engine.table import options, phases

TABLES = [("identity", 5), ("korean", 4), ("guozhan", 6)]


@pytest.mark.parametrize(("mode", "players"), TABLES)
def test_legal_candidates_are_the_play_options(lib: Library, mode: str, players: int,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """At every play decision of whole games, the candidates found legal after the agent
    has tried some in a random order (checks remembered, distances memoised) are the
    options ``play_options`` lists beforehand, in the same order."""
    built: list[tuple[options.PlaySlots, list[str]]] = []
    checked: list[int] = []

    class Checked(options.PlaySlots):
        def __init__(self, g: Game, seat: int, phase: dict[str, Any], failed: set[str]
                     ) -> None:
            want = [o[0] for o in options.play_options(g, seat, phase, failed)]
            super().__init__(g, seat, phase, failed)
            built.append((self, want))

    class Checking(RandomAgent):
        def decide(self, decision: Decision) -> list[int]:
            picks = super().decide(decision)
            if decision.legal is not None:  # (before the pick is played)
                slots, want = built.pop()
                n = len(slots)
                assert decision.options == [*slots.labels, "end"]
                assert len(slots.known) <= n + 1  # (the candidates tried, "end" too)
                assert [slots.labels[i] for i in range(n) if slots.legal(i)] == want
                checked.append(n)
            return picks

    monkeypatch.setattr(phases, "PlaySlots", Checked)
    for seed in range(3):
        g = Game(lib, Setup(mode=mode, players=players, seed=seed, record=False),
                 agents=[Checking(f"{seed}:{i}") for i in range(players)])
        r = g.play()
        assert r.error is None, r.error
        assert not built
    assert len(checked) > 50


def test_random_agent_is_uniform_over_the_legal_candidates() -> None:
    legal = {1, 3, 4}
    asked: list[int] = []

    def allowed(i: int) -> bool:
        asked.append(i)
        return i in legal

    agent = RandomAgent(7)
    counts: Counter[int] = Counter()
    rounds = 3000
    for _ in range(rounds):
        counts.update(agent.decide(Decision(0, "play", ["a"] * 6, legal=allowed)))
    assert set(counts) == legal
    for i in legal:
        assert abs(counts[i] / rounds - 1 / 3) < 0.04, counts
    assert len(asked) < rounds * 6 / 2  # far fewer checks than candidates


def test_random_agent_picks_several_among_the_legal_only() -> None:
    agent = RandomAgent(3)
    for _ in range(200):
        picks = agent.decide(Decision(0, "cards", list("abcdef"), 1, 3,
                                      legal=lambda i: i % 2 == 0))
        assert 1 <= len(picks) <= 3 and all(i % 2 == 0 for i in picks)
    with pytest.raises(IllegalChoice):
        agent.decide(Decision(0, "play", ["a", "b"], legal=lambda i: False))


def test_an_illegal_candidate_is_rejected(lib: Library) -> None:
    """An agent that picks a candidate it was told is not legal breaks the game with an
    illegal choice, as any answer outside the options does."""

    class Cheater(RandomAgent):
        def decide(self, decision: Decision) -> list[int]:
            legal = decision.legal
            if legal is not None:
                bad = [i for i in range(len(decision.options)) if not legal(i)]
                if bad:
                    return [bad[0]]
            return super().decide(decision)

    g = Game(lib, Setup(mode="identity", players=5, seed=1),
             agents=[Cheater(i) for i in range(5)])
    r = g.play()
    assert r.error_kind == "illegal-choice"
    assert "may not be picked now" in (r.error or "")


def test_candidates_keep_games_deterministic(lib: Library) -> None:
    def log(seed: int) -> list[dict[str, Any]]:
        return Game(lib, Setup(mode="identity", players=5, seed=seed)).play().log

    first = log(11)
    assert first == log(11)
    assert any(e.get("e") == "decide" and e.get("kind") == "play" for e in first)


def test_agents_without_candidates_get_the_full_list(lib: Library) -> None:
    """The heuristic agent (and any agent that does not take candidates) is asked with
    the legal options only, scored."""
    seen: list[Decision] = []

    class Spy(RandomAgent):
        takes_candidates = False

        def decide(self, decision: Decision) -> list[int]:
            seen.append(decision)
            return super().decide(decision)

    rng = random.Random(0)
    g = Game(lib, Setup(mode="identity", players=5, seed=rng.randrange(100)),
             agents=[Spy(i) for i in range(5)])
    assert g.play().error is None
    plays = [d for d in seen if d.kind == "play"]
    assert plays and all(d.legal is None and d.options[-1] == "end" for d in plays)

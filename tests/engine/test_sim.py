"""Simulation: the same games whatever the number of workers; statistics and intervals."""

from __future__ import annotations

from sgs_tools.engine.library import Library
from sgs_tools.sim import stats
from sgs_tools.sim.runner import Settings, Summary, run


def test_workers_do_not_change_the_games(lib: Library) -> None:
    settings = Settings(players=4, games=6, seed=40)
    one = run(settings, workers=1, lib=lib)
    two = run(settings, workers=2, lib=lib)
    assert [s.to_json() for s in one] == [s.to_json() for s in two]
    assert [s.seed for s in one] == list(range(40, 46))


def test_wilson_interval() -> None:
    low, high = stats.wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert stats.wilson(0, 0) == (0.0, 0.0)
    low, high = stats.wilson(0, 10)
    assert low == 0.0 and 0.2 < high < 0.35


def test_report_lists_problems_with_replay_commands() -> None:
    settings = Settings(mode="korean", players=4, games=3, seed=7, agents="heuristic")
    seats = [{"seat": i, "role": r, "general": g, "alive": True}
             for i, (r, g) in enumerate([("lord", "caocao"), ("loyalist", "lvbu"),
                                         ("rebel", "zhangfei"), ("renegade", "guanyu")])]
    games = [Summary(7, "lord_side", [0, 1], 20, 5, 100, seats),
             Summary(8, "none", [], 400, 100, 9000, seats),
             Summary(9, "", [], 3, 1, 50, seats, "step budget of 5 exceeded while resolving "
                     "'luoshen'", "step-budget", "luoshen")]
    rep = stats.summarise(settings, games)
    assert rep.finished == 1 and rep.stalled == 1
    assert rep.roles["lord"].wins == 1 and rep.roles["rebel"].wins == 0
    assert rep.generals["lvbu"].rate == 1.0
    kinds = {p["kind"]: p for p in rep.problems}
    assert kinds["step-budget"]["replay"] == (
        "sgs replay --mode korean --players 4 --seed 9 --agents heuristic")
    text = stats.render(rep)
    assert "step-budget [luoshen]" in text and "stalled 1" in text

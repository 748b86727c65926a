"""Samurai games end, keep the invariants, replay identically per seed; the hooks all run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sgs_tools.engine import PLAYED_MODES
from sgs_tools.engine.errors import SetupError
from sgs_tools.engine.library import Library
from sgs_tools.engine.modes import GAMES, new_game
from sgs_tools.engine.records import Setup
from sgs_tools.engine.samurai import SAMURAI_WORDS, SamuraiGame
from sgs_tools.engine.samurai.hooks import index
from sgs_tools.scenario.runner import run_file


def test_registered_and_played() -> None:
    import sgs_tools.engine.modes.samurai  # noqa: F401  (registers on import)

    assert "samurai" in PLAYED_MODES
    assert GAMES["samurai"] is SamuraiGame


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("agents", ["random", "heuristic"])
def test_games_end_with_a_winner(lib: Library, players: int, agents: str) -> None:
    for seed in range(4):
        r = new_game(lib, Setup(mode="samurai", players=players, seed=seed,
                                agents=agents)).play()
        assert r.error is None, r.error
        assert len(r.winners) == 1
        assert r.seats[r.winners[0]]["honor"] >= 25


def test_deterministic_per_seed(lib: Library) -> None:
    logs = [new_game(lib, Setup(mode="samurai", players=4, seed=7)).play().log
            for _ in range(2)]
    assert logs[0] == logs[1]
    other = new_game(lib, Setup(mode="samurai", players=4, seed=8)).play().log
    assert other != logs[0]


def test_player_count_outside_the_mode_is_refused(lib: Library) -> None:
    with pytest.raises(SetupError, match="3-6 players"):
        SamuraiGame(lib, Setup(mode="samurai", players=2))


def test_every_samurai_hook_runs(lib: Library) -> None:
    hooks = index(lib)
    assert hooks.gaps == {}
    cards = {c.id for c in lib.catalog.cards.values() if c.set == "samurai"}
    with_hooks = {k for k, v in hooks.mods.items() if v}
    # every samurai and heirloom card has at least one runnable modifier
    assert {c for c in cards if lib.card(c).type in ("samurai", "heirloom")} <= with_hooks
    used = {m.word for mods in hooks.mods.values() for m in mods}
    assert used <= SAMURAI_WORDS["modifier"]


def test_a_hook_with_an_unknown_word_is_a_gap() -> None:
    from sgs_tools.engine.samurai.hooks import hook_gaps

    raw = {"kind": "static", "modifiers": [{"modifier": "distance", "args": {}}]}
    assert hook_gaps(raw) == ["modifier distance"]
    raw = {"kind": "trigger", "steps": [{"do": "gain_honor"}], "modifiers": []}
    assert hook_gaps(raw) == ["hook kind 'trigger'", "action gain_honor"]


def test_a_bad_samurai_scenario_is_located(lib: Library, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("kind: scenario\nmode: samurai\nseats:\n  - houses: [[no_such_card]]\n"
                    "  - {}\n  - {}\nexpect:\n  events:\n    - {e: war, colour: red}\n",
                    encoding="utf-8")
    outcome, _doc = run_file(lib, path, "bad.yaml")
    where = sorted((p.location.line, p.location.col, p.message) for p in outcome.problems)
    assert where[0][:2] == (4, 15) and "unknown samurai card" in where[0][2]
    assert where[1][:2] == (9, 16) and "no field 'colour'" in where[1][2]


def test_simulate_and_replay_cli(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "sgs_tools.cli.main"]
    out = subprocess.run([*run, "simulate", "--mode", "samurai", "--players", "3", "--games",
                          "6", "-w", "1", "-q"], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert "finished 6, stalled 0, errors 0" in out.stdout
    assert "how wins came" in out.stdout
    out = subprocess.run([*run, "replay", "--mode", "samurai", "--players", "3", "--seed",
                          "2"], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert "reaches the honor target" in out.stdout
    out = subprocess.run([*run, "simulate", "--mode", "samurai", "--players", "7"],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 2
    assert "3-6 players" in out.stderr

"""`sgs simulate --data` and `sgs replay --data`: a designer's own expansion, simulated.

The expansion under tests/examples/positive/expansion adds the general ``mayunlu``.
"""

from __future__ import annotations

import json
import multiprocessing
import shlex
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.sim import runner as sim
from sgs_tools.sim.runner import Settings, Summary
from tests.conftest import EXAMPLES

runner = CliRunner()
EXPANSION = EXAMPLES / "positive" / "expansion"
GENERALS = "mayunlu,caocao,liubei,sunquan"


def test_simulate_plays_an_expansion_general(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    result = runner.invoke(app, ["simulate", "--data", str(EXPANSION), "--generals", GENERALS,
                                 "--players", "4", "--games", "4", "--workers", "1",
                                 "--quiet", "--json", str(out)])
    assert result.exit_code in (0, 1), result.output
    assert "mayunlu" in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert "mayunlu" in {g["name"] for g in data["generals"]}
    assert data["settings"]["data"] == [str(EXPANSION)]


def test_simulate_without_data_does_not_know_the_general() -> None:
    result = runner.invoke(app, ["simulate", "--generals", GENERALS, "--players", "4",
                                 "--games", "1", "--quiet"])
    assert result.exit_code == 2
    assert "unknown general 'mayunlu'" in result.output


@pytest.mark.parametrize("command", ["simulate", "replay"])
def test_a_missing_data_path_is_refused(tmp_path: Path, command: str) -> None:
    result = runner.invoke(app, [command, "--data", str(tmp_path / "nope"), "--quiet"]
                           if command == "simulate" else
                           [command, "--data", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert "no such file or folder" in result.output


@pytest.mark.parametrize("command", ["simulate", "replay"])
def test_data_with_problems_is_refused(tmp_path: Path, command: str) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(EXPANSION, broken)
    general = broken / "generals" / "mayunlu.yaml"
    general.write_text(general.read_text(encoding="utf-8").replace("hp: 4", "hp: many"),
                       encoding="utf-8")
    result = runner.invoke(app, [command, "--data", str(broken), "--generals", GENERALS,
                                 "--players", "4"])
    assert result.exit_code == 2
    assert "the game data has" in result.output
    assert "mayunlu.yaml" in result.output


def test_replay_plays_an_expansion_general() -> None:
    args = ["replay", "--data", str(EXPANSION), "--generals", GENERALS, "--players", "4",
            "--seed", "5"]
    first = runner.invoke(app, args)
    assert first.exit_code in (0, 1), first.output
    assert "mayunlu" in first.output
    assert runner.invoke(app, args).output == first.output
    without = runner.invoke(app, [a for a in args if a not in ("--data", str(EXPANSION))])
    assert without.exit_code == 2
    assert "unknown general 'mayunlu'" in without.output


def test_the_replay_command_carries_the_data() -> None:
    settings = Settings(players=4, generals=tuple(GENERALS.split(",")),
                        data=(str(EXPANSION), "my data/extra.yaml"))
    command = settings.replay_command(12)
    words = shlex.split(command)
    assert words[:2] == ["sgs", "replay"]
    assert [words[i + 1] for i, w in enumerate(words) if w == "--data"] == [
        str(EXPANSION), "my data/extra.yaml"]
    # The command as printed reproduces the game (without the made-up second path).
    real = Settings(players=4, generals=tuple(GENERALS.split(",")), data=(str(EXPANSION),))
    result = runner.invoke(app, shlex.split(real.replay_command(12))[1:])
    assert result.exit_code in (0, 1), result.output
    assert "mayunlu" in result.output


def _fresh_worker(settings: Settings, seed: int) -> Summary:
    """What a spawned worker does: no inherited library, only the settings."""
    saved = sim._LIB, sim._LIB_DATA, sim._SETTINGS
    try:
        sim._LIB, sim._LIB_DATA, sim._SETTINGS = None, (), None
        sim._init(settings)
        return sim.play_one(seed)
    finally:
        sim._LIB, sim._LIB_DATA, sim._SETTINGS = saved


def test_a_worker_loads_the_same_data() -> None:
    settings = Settings(players=4, games=1, generals=tuple(GENERALS.split(",")),
                        data=(str(EXPANSION),))
    summary = _fresh_worker(settings, 3)
    assert summary.error_kind != "crash", summary.error
    assert summary.seats[0]["general"] == "mayunlu"


def test_spawned_workers_play_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(players=4, games=2, seed=20, generals=tuple(GENERALS.split(",")),
                        data=(str(EXPANSION),))
    one = sim.run(settings, workers=1)
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    two = sim.run(settings, workers=2)
    assert [s.to_json() for s in one] == [s.to_json() for s in two]
    assert all(s.error_kind != "crash" for s in two), [s.error for s in two]

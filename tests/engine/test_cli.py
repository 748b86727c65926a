"""`sgs test`, `sgs simulate` and `sgs replay` through typer's runner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from sgs_tools.cli.main import app
from tests.conftest import TESTS

runner = CliRunner()


def test_sgs_test_passes_on_a_good_scenario() -> None:
    result = runner.invoke(app, ["test", str(TESTS / "scenarios" / "jianxiong_gains_card.yaml")])
    assert result.exit_code == 0, result.output
    assert result.output.endswith("1 scenario: 1 passed\n")


def test_sgs_test_fails_at_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: scenario\nseats: [{role: lord}, {role: rebel}]\nturns: 0\n"
                   "expect:\n  distance:\n    - {from: 0, to: 1, is: 2}\n", encoding="utf-8")
    result = runner.invoke(app, ["test", str(bad)])
    assert result.exit_code == 1
    assert "bad.yaml:6:7: error[expect]: distance from seat 0 to seat 1 is 1, expected 2" \
        in result.output


def test_sgs_test_usage_errors(tmp_path: Path) -> None:
    assert runner.invoke(app, ["test", str(tmp_path / "nope")]).exit_code == 2
    assert runner.invoke(app, ["test", str(tmp_path)]).exit_code == 2
    assert runner.invoke(app, ["test", "--format", "xml"]).exit_code == 2


def test_simulate_reports_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    result = runner.invoke(app, ["simulate", "--games", "6", "--players", "4", "--workers",
                                 "1", "--seed", "3", "--quiet", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "win rate by role" in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["games"] == 6
    assert {r["name"] for r in data["roles"]} == {"lord", "loyalist", "rebel", "renegade"}
    for r in data["roles"]:
        assert 0 <= r["ci95"][0] <= r["rate"] <= r["ci95"][1] <= 1


def test_simulate_usage_errors() -> None:
    assert runner.invoke(app, ["simulate", "--players", "3", "--quiet"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "--agents", "genius", "--quiet"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "--mode", "chess", "--quiet"]).exit_code == 2


def test_replay_prints_the_same_game_twice() -> None:
    args = ["replay", "--mode", "korean", "--players", "4", "--seed", "9"]
    first = runner.invoke(app, args)
    second = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "== turn 1" in first.output and "winner:" in first.output


def test_replay_json_lines() -> None:
    result = runner.invoke(app, ["replay", "--players", "4", "--seed", "2", "--json"])
    assert result.exit_code == 0
    entries = [json.loads(line) for line in result.output.splitlines()]
    assert entries[0]["e"] == "setup"
    assert any(e["e"] == "win" for e in entries)


def test_sgs_test_loads_expansion_data_beside_its_scenarios(tmp_path: Path) -> None:
    import shutil

    exp = tmp_path / "exp"
    shutil.copytree(TESTS / "examples" / "positive" / "expansion", exp)
    (exp / "scenarios").mkdir()
    (exp / "scenarios" / "mashu.yaml").write_text(
        "kind: scenario\n"
        "seats: [{general: mayunlu}, {general: huanggai}, {general: xuchu}]\n"
        "turns: 0\n"
        "expect:\n"
        "  distance: [{from: 0, to: 2, is: 1}, {from: 1, to: 0, is: 2}]\n",
        encoding="utf-8")
    result = runner.invoke(app, ["test", str(exp)])
    assert result.exit_code == 0, result.output
    assert result.output.endswith("1 scenario: 1 passed\n")
    # One scenario file inside the expansion finds its expansion by itself ...
    one = runner.invoke(app, ["test", str(exp / "scenarios" / "mashu.yaml")])
    assert one.exit_code == 0, one.output
    # ... and from elsewhere, --data names the expansion.
    moved = tmp_path / "mashu.yaml"
    moved.write_text((exp / "scenarios" / "mashu.yaml").read_text(encoding="utf-8"),
                     encoding="utf-8")
    assert runner.invoke(app, ["test", str(moved)]).exit_code == 1
    with_data = runner.invoke(app, ["test", "--data", str(exp), str(moved)])
    assert with_data.exit_code == 0, with_data.output
    assert runner.invoke(app, ["test", "--data", str(tmp_path / "nope"), str(moved)]
                         ).exit_code == 2
    built = runner.invoke(app, ["build", "--no-site", "--data", str(exp), "--scenarios",
                                str(moved), "--build-dir", str(tmp_path / "b")])
    assert built.exit_code == 0, built.output


def test_simulate_does_not_overwrite_a_file_unasked(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes", encoding="utf-8")
    args = ["simulate", "--games", "2", "--players", "4", "--workers", "1", "--quiet",
            "--json", str(notes)]
    refused = runner.invoke(app, args)
    assert refused.exit_code == 2 and "use --force" in refused.output
    assert notes.read_text(encoding="utf-8") == "my notes"
    assert runner.invoke(app, [*args, "--force"]).exit_code == 0
    assert json.loads(notes.read_text(encoding="utf-8"))["games"] == 2


def test_unplayed_modes_are_refused_everywhere(tmp_path: Path) -> None:
    assert runner.invoke(app, ["replay", "--mode", "chess"]).exit_code == 2
    scenario = tmp_path / "sam.yaml"
    scenario.write_text("kind: scenario\nmode: chess\nseats: [{general: caocao}]\n",
                        encoding="utf-8")
    result = runner.invoke(app, ["test", str(scenario)])
    assert result.exit_code == 1
    assert "sam.yaml:2:7: error[scenario]: the reference engine does not play mode" in (
        result.output)

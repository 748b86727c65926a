"""Working inside an expansion folder: the commands find the expansion by themselves."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from tests.conftest import EXAMPLES, TESTS

runner = CliRunner()

FAILING = ("kind: scenario\nseats: [{general: mayunlu}, {general: huanggai}, "
           "{general: xuchu}]\nturns: 0\nexpect:\n  distance: [{from: 0, to: 2, is: 2}]\n")


@pytest.fixture()
def expansion(tmp_path: Path) -> Path:
    exp = tmp_path / "exp"
    shutil.copytree(EXAMPLES / "positive" / "expansion", exp)
    (exp / "scenarios").mkdir()
    (exp / "scenarios" / "mashu.yaml").write_text(FAILING, encoding="utf-8")
    return exp


def test_commands_run_on_the_expansion_they_are_in(expansion: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(expansion)
    validated = runner.invoke(app, ["validate"])
    assert validated.exit_code == 0, validated.output  # the scenario's format is fine
    assert "checking the expansion in" in validated.output
    assert "ok: 5 files checked" in validated.output
    explained = runner.invoke(app, ["explain", "mayunlu", "--no-hooks"])
    assert explained.exit_code == 0 and "Ma Yunlu (mayunlu)" in explained.output
    tested = runner.invoke(app, ["test"])
    assert tested.exit_code == 1
    assert "scenarios/mashu.yaml:5:14: error[expect]" in tested.output


def test_one_file_is_checked_with_the_rest_of_its_expansion(
        expansion: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(expansion / "cards")
    result = runner.invoke(app, ["validate", "deck.yaml"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok: 1 file checked")


def test_build_runs_the_scenarios_of_its_data(expansion: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "--no-site", "--data", str(expansion),
                                 "--build-dir", str(tmp_path / "b")])
    assert result.exit_code == 1
    shipped = len(list((TESTS / "scenarios").glob("*.yaml")))
    assert f"{shipped} passed, 1 failed" in result.output


def test_test_exits_2_when_the_data_it_would_play_does_not_validate(
        expansion: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's exit codes for `sgs test`: data with problems cannot be played, so the
    run is refused with the problems named (exit 2), not reported as failed scenarios."""
    general = next((expansion / "generals").glob("*.yaml"))
    text = general.read_text(encoding="utf-8")
    general.write_text(text.replace("hp: ", "hp: banana #", 1), encoding="utf-8")
    monkeypatch.chdir(expansion)
    tested = runner.invoke(app, ["test"])
    assert tested.exit_code == 2, tested.output
    assert "run 'sgs validate' first" in tested.output
    assert f"{general.name}:" in tested.output and "whole number" in tested.output


def test_balance_focuses_a_general_of_the_expansion_it_is_in(
        expansion: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review, session 7: `simulate` and `replay` found the expansion they ran in, but
    `sgs balance --focus mayunlu` said "unknown general 'mayunlu'" there."""
    monkeypatch.chdir(expansion)
    result = runner.invoke(app, ["balance", "--focus", "mayunlu", "-g", "1", "-n", "4",
                                 "--agents", "random", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "mayunlu" in result.output


def test_test_json_counts_the_scenarios(expansion: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Review, session 7: `sgs test --format json` gave the problems but not how many
    scenarios ran, passed and failed (what a CI step reports)."""
    import json

    monkeypatch.chdir(expansion)
    result = runner.invoke(app, ["test", "--format", "json"])
    assert result.exit_code == 1
    payload = json.loads(result.output)
    assert payload["scenarios"] == {"run": 1, "passed": 0, "failed": 1}
    assert payload["problems"][0]["path"] == "scenarios/mashu.yaml"


@pytest.mark.parametrize("fmt", ["json", "github", "sarif"])
def test_test_in_a_machine_format_lists_the_data_problems(exp: Path, fmt: str) -> None:
    """Review, session 7: when the data did not validate, `sgs test --format json` (github,
    sarif) said so on stderr only and left stdout empty, so a CI step reading the document
    got nothing to parse; now the data's errors come as that format's document (exit 2)."""
    import json

    general = exp / "generals" / "hero.yaml"
    general.write_text(general.read_text(encoding="utf-8").replace("hp: 4", "hp: four"),
                       encoding="utf-8")
    result = runner.invoke(app, ["test", "--format", fmt])
    assert result.exit_code == 2
    if fmt == "json":
        payload = json.loads(result.stdout)
        assert payload["ok"] is False
        assert payload["scenarios"] == {"run": 0, "passed": 0, "failed": 0}
        [problem] = payload["problems"]
        assert (problem["path"], problem["line"]) == ("generals/hero.yaml", 9)
    elif fmt == "github":
        assert result.stdout.startswith("::error file=generals/hero.yaml,line=9,")
    else:
        doc = json.loads(result.stdout)
        [hit] = doc["runs"][0]["results"]
        assert hit["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == \
            "generals/hero.yaml"


def test_test_in_text_keeps_the_data_problems_on_stderr(exp: Path) -> None:
    general = exp / "generals" / "hero.yaml"
    general.write_text(general.read_text(encoding="utf-8").replace("hp: 4", "hp: four"),
                       encoding="utf-8")
    result = runner.invoke(app, ["test"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "run 'sgs validate' first" in result.stderr


def test_export_counts_the_files_validate_counts(exp: Path, tmp_path: Path) -> None:
    """Review, session 7: `sgs export freekill` on bad data said "1 error in 108 files
    checked" (the bundled files too) where `sgs validate` said 3."""
    general = exp / "generals" / "hero.yaml"
    general.write_text(general.read_text(encoding="utf-8").replace("hp: 4", "hp: four"),
                       encoding="utf-8")
    checked = runner.invoke(app, ["validate"])
    exported = runner.invoke(app, ["export", "freekill", str(tmp_path / "out")])
    assert checked.exit_code == 1 and exported.exit_code != 0
    summary = checked.stdout.strip().splitlines()[-1]
    assert summary.endswith("files checked") and summary in exported.output

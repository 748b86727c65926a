"""`sgs build`, the main job: validate, compile, scenarios, site, and a summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from tests.conftest import EXAMPLES

runner = CliRunner()


def test_build_runs_every_stage(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "--build-dir", str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    assert "sgs build summary" in result.output
    for stage in ("validate", "compile", "site"):
        assert f"ok   {stage}" in result.output
    table = json.loads((tmp_path / "b" / "hooks.json").read_text(encoding="utf-8"))
    assert table["effects"] > 250
    assert (tmp_path / "b" / "html" / "generals" / "caocao.html").is_file()


def test_build_stops_on_data_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES / "negative" / "bad-value")
    result = runner.invoke(app, ["build", "--data", ".", "--build-dir", str(tmp_path)])
    assert result.exit_code == 1
    assert "FAIL validate" in result.output
    assert "error[bad-value]" in result.output
    assert not (tmp_path / "hooks.json").exists()


def test_build_without_the_site_extra_still_runs_the_other_stages(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sgs_tools.sitegen import build as sitegen_build

    monkeypatch.setattr(sitegen_build, "mkdocs_missing",
                        lambda: "mkdocs is not installed; install the site extra")
    result = runner.invoke(app, ["build", "--build-dir", str(tmp_path / "b")])
    assert result.exit_code == 2
    assert "ok   validate" in result.output and "ok   scenarios" in result.output
    assert "FAIL site       not built: mkdocs is not installed" in result.output


def test_build_without_the_site_extra_leaves_a_folder_the_site_build_accepts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: the build folder that `sgs build` made without the site extra (holding only
    hooks.json) must not be refused by the next build once the extra is installed."""
    from sgs_tools import paths
    from sgs_tools.sitegen import build as sitegen_build

    monkeypatch.setattr(sitegen_build, "mkdocs_missing",
                        lambda: "mkdocs is not installed; install the site extra")
    first = runner.invoke(app, ["build", "--build-dir", str(tmp_path / "b"),
                                "--scenarios", str(EXAMPLES / "positive")])
    assert first.exit_code == 2, first.output
    assert (tmp_path / "b" / "hooks.json").is_file()
    monkeypatch.undo()
    layout = sitegen_build.Layout.make(paths.bundled_root() / "site", tmp_path / "b", None)
    sitegen_build.check_layout(layout, [], False)  # raised "was not made by" before
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine", encoding="utf-8")
    again = runner.invoke(app, ["build", "--build-dir", str(tmp_path / "mine"), "--no-site"])
    assert again.exit_code == 2 and "was not made by" in again.output  # others' stay safe


def test_build_counts_the_engine_gaps_of_every_mode(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 8: the gap count is the Library's, per mode, played or not (samurai too):
    the bundled data has none; an effect kind no engine runs shows up as gaps."""
    (tmp_path / "none").mkdir()
    args = ["build", "--no-site", "--build-dir", str(tmp_path / "b"),
            "--scenarios", str(tmp_path / "none")]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if "ok   engine" in x)
    for mode in ("identity", "korean", "guozhan 0/137", "samurai 0/"):
        assert f" {mode}" in line
    assert "engine gap in mode" not in result.output

    from sgs_tools.engine import words

    monkeypatch.delitem(words.EFFECT_KINDS, "heirloom")  # as if no engine ran heirlooms
    monkeypatch.delitem(words.EFFECT_GAPS, "heirloom", raising=False)
    monkeypatch.setattr("sgs_tools.engine.modes.load_builtin", lambda: None)
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output  # a gap is reported, not a failure
    line = next(x for x in result.output.splitlines() if "ok   engine" in x)
    assert " samurai 0/" not in line and " guozhan 0/137" in line
    assert "engine gap in mode samurai:" in result.output
    assert "uses effect kind heirloom" in result.output

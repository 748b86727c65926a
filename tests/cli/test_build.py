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

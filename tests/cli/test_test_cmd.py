"""`sgs test` in CI: what the GitHub format tells a workflow step."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app

runner = CliRunner()


def test_github_format_summary_names_sgs_test_and_counts_the_scenarios(
        exp: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = exp / "tests" / "brave.yaml"
    text = scenario.read_text(encoding="utf-8")
    assert "0: {hand: 3}" in text
    scenario.write_text(text.replace("0: {hand: 3}", "0: {hand: 9}"), encoding="utf-8")
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = runner.invoke(app, ["test", "--format", "github"])
    assert result.exit_code == 1, result.output
    assert result.output.startswith("::error file=tests/brave.yaml,line=")
    assert result.output.endswith("1 scenario: 0 passed, 1 failed\n")
    md = summary.read_text(encoding="utf-8")
    assert md.startswith("### sgs test\n") and md.endswith("1 scenario: 0 passed, 1 failed\n")

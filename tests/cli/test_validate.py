"""`sgs validate` through typer's runner: exit codes and every output format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from tests.conftest import EXAMPLES

runner = CliRunner()
BAD = EXAMPLES / "negative" / "bad-value"
GOOD = EXAMPLES / "positive" / "expansion"


def test_bundled_data_is_clean() -> None:
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok: ")


def test_problems_exit_1_with_located_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BAD)
    result = runner.invoke(app, ["validate", "general.yaml"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == "general.yaml:5:9: error[bad-value]: string 'mal' is not allowed here"
    assert lines[3] == "   |         ^"
    assert "did you mean 'male'?" in result.output


def test_expansion_folder_is_clean() -> None:
    result = runner.invoke(app, ["validate", str(GOOD)])
    assert result.exit_code == 0, result.output


def test_missing_path_is_usage_error() -> None:
    result = runner.invoke(app, ["validate", "no/such/file.yaml"])
    assert result.exit_code == 2
    assert "no such file or folder" in result.output


def test_unknown_format_is_usage_error() -> None:
    result = runner.invoke(app, ["validate", "--format", "xml"])
    assert result.exit_code == 2
    assert "unknown format 'xml'" in result.output


def test_json_format_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BAD)
    result = runner.invoke(app, ["validate", "--format", "json", "general.yaml"])
    assert result.exit_code == 1
    payload = json.loads(result.output)
    assert payload["version"] == 1
    assert payload["ok"] is False
    assert payload["problems"] == [{
        "path": "general.yaml", "line": 5, "column": 9, "severity": "error",
        "code": "bad-value", "message": "string 'mal' is not allowed here",
        "hint": "did you mean 'male'?", "related": [],
    }]


def test_json_format_clean() -> None:
    result = runner.invoke(app, ["validate", "-f", "json"])
    payload = json.loads(result.output)
    assert payload["ok"] is True and payload["problems"] == []
    assert payload["files_checked"] > 90


def test_github_format_and_step_summary(monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.chdir(EXAMPLES / "negative")
    result = runner.invoke(app, ["validate", "--format", "github", "."])
    assert result.exit_code == 1
    annotations = [ln for ln in result.output.splitlines() if ln.startswith("::error ")]
    assert len(annotations) == 10  # GitHub shows at most ten per step
    assert annotations[0].startswith("::error file=alias-bomb/general.yaml,line=2,col=13,")
    assert "::notice::" in result.output
    table = summary.read_text(encoding="utf-8")
    assert table.count("\n| ") > 25
    assert "| bad-value/general.yaml | 5 | 9 | bad-value |" in table


def test_github_escapes_newlines_and_commas(monkeypatch: pytest.MonkeyPatch) -> None:
    from sgs_tools import report
    from sgs_tools.errors import Location, Problem

    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    out = report.github([Problem(Location("a,b.yaml", 1, 2), "c", "x\ny%")], 1)
    assert out.splitlines()[0] == "::error file=a%2Cb.yaml,line=1,col=2,title=c::x%0Ay%25"


def test_sarif_format(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BAD)
    result = runner.invoke(app, ["validate", "--format", "sarif", "general.yaml"])
    assert result.exit_code == 1
    log = json.loads(result.output)
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    assert run["tool"]["driver"]["rules"][0]["id"] == "bad-value"
    res = run["results"][0]
    assert res["ruleId"] == "bad-value" and res["level"] == "error"
    assert res["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "general.yaml"},
        "region": {"startLine": 5, "startColumn": 9}}


def test_sarif_uris_are_percent_encoded() -> None:
    from sgs_tools import report
    from sgs_tools.errors import Location, Problem

    log = json.loads(report.sarif([Problem(Location("my data/we,ird:na%me.yaml", 1, 1),
                                           "c", "x")]))
    uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
        "artifactLocation"]["uri"]
    assert uri == "my%20data/we%2Cird%3Ana%25me.yaml"


def test_broken_input_never_shows_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES / "negative")
    result = runner.invoke(app, ["validate", "."])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("sgs ")

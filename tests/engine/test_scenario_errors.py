"""Bad scenario files are located errors, never a hang or a traceback."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from sgs_tools.cli.main import app

runner = CliRunner()

MISSING_SEAT = """kind: scenario
name: distance to a missing seat
seats:
  - {general: liubei, role: lord}
  - {general: caocao, role: rebel}
turns: 0
expect:
  distance: [{from: 0, to: 2, is: 1}]
  winner: [x, 1]
"""

BAD_SEAT = """kind: scenario
name: list general
seats:
  - {general: [liubei], role: king}
  - {general: caocao}
turns: 100000000
"""


def test_bad_expectations_are_located(tmp_path: Path) -> None:
    path = tmp_path / "hang.yaml"
    path.write_text(MISSING_SEAT, encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1
    assert "hang.yaml:8:14: error[expect]: distance: seats are numbers from 0 to 1" in (
        result.output)
    assert "a winner list holds seat numbers" in result.output


def test_bad_seat_fields_are_located(tmp_path: Path) -> None:
    path = tmp_path / "seat.yaml"
    path.write_text(BAD_SEAT, encoding="utf-8")
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 1
    for text in ("general must be a single word", "unknown role 'king'",
                 "turns is a whole number from 0 to 1000"):
        assert text in result.output


def test_build_refuses_a_missing_scenario_path(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "--no-site", "--scenarios", str(tmp_path / "no"),
                                 "--build-dir", str(tmp_path / "b")])
    assert result.exit_code == 2
    assert "no such file or folder" in result.output

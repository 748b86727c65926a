"""`sgs balance` on an expansion: its own modes, and the mode it joins by default."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from sgs_tools.cli.main import app

runner = CliRunner()

TINY = """kind: mode
id: tiny
name: {zh: 小, en: Tiny}
based_on: identity
players: {min: 4, max: 5}
generals:
  sets: [standard, pack]
  per_player: 1
"""


def _join_only_tiny(exp: Path) -> None:
    (exp / "modes").mkdir()
    (exp / "modes" / "tiny.yaml").write_text(TINY, encoding="utf-8")
    manifest = exp / "expansion.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert "modes: [identity]" in text
    manifest.write_text(text.replace("modes: [identity]", "modes: [tiny]"), encoding="utf-8")
    assert runner.invoke(app, ["validate"]).exit_code == 0


def _balance(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["balance", "-g", "1", "-n", "4", "--agents", "random",
                                 "--workers", "1", "-q", "--format", "json", *args])
    assert result.exit_code == 0, result.output
    report: dict[str, object] = json.loads(result.stdout)
    return report


def test_balance_plays_a_mode_of_the_expansion(exp: Path) -> None:
    """Review, session 8: `sgs simulate --mode tiny` played the expansion's own mode,
    but `sgs balance --mode tiny` said "the engine plays identity, korean, guozhan,
    samurai; not 'tiny'"."""
    _join_only_tiny(exp)
    report = _balance("--mode", "tiny", "--focus", "hero")
    assert "Balance: tiny, 4 players" in str(report["title"])


def test_balance_defaults_to_the_mode_the_expansion_joins(exp: Path) -> None:
    """Inside an expansion that does not join identity, `balance` played identity (where
    the expansion's generals are not in the pool); `simulate` and `replay` play the first
    mode it joins."""
    _join_only_tiny(exp)
    report = _balance()
    assert "Balance: tiny, 4 players" in str(report["title"])


def test_balance_suggests_a_misspelt_mode(exp: Path) -> None:
    _join_only_tiny(exp)
    result = runner.invoke(app, ["balance", "--mode", "tny", "-g", "1"])
    assert result.exit_code == 2
    assert "(did you mean 'tiny'?)" in result.output


def test_balance_of_the_samurai_game_is_refused_without_a_traceback() -> None:
    """Review, session 9: `sgs balance --mode samurai` was an internal error (SetupError:
    the engine has no rules for mode 'samurai') with a traceback, exit 1."""
    result = runner.invoke(app, ["balance", "--mode", "samurai", "-n", "4", "-g", "2", "-q"])
    assert result.exit_code == 2
    assert result.output == (
        "sgs balance: balance measures generals by role in the identity and Guozhan "
        "engines; mode 'samurai' is not played by them (sgs simulate --mode samurai "
        "reports its wins)\n")


def test_a_folder_for_svg_is_named_a_folder(tmp_path: Path) -> None:
    """Review, session 9: `--svg FOLDER` said "FOLDER exists; use --force", and --force
    then said it was a folder."""
    result = runner.invoke(app, ["balance", "-g", "2", "-q", "--svg", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output == f"sgs balance: cannot write {tmp_path}: no such folder, or a folder\n"

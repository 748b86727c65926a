"""Review: a game count past a machine word (`--games 10**23`) was an internal error
(`OverflowError` from the length of the seed range) in `sgs simulate` and `sgs balance`,
and `sgs balance --max-games -1` was taken."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app

runner = CliRunner()
HUGE = str(10**23)


@pytest.mark.parametrize("args", [
    ["simulate", "--games", HUGE],
    ["balance", "--games", HUGE],
    ["balance", "--games", "2", "--until-ci", "0.5", "--max-games", HUGE],
    ["balance", "--games", "2", "--until-ci", "0.5", "--max-games", "-1"],
    ["balance", "--games", "2", "--until-ci", "0.5", "--max-games", "0"],
])
def test_a_huge_or_negative_game_count_is_a_usage_error(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "games" in result.output and "internal error" not in result.output

"""`sgs simulate` option checks: each bad count is named with the value given."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(("args", "said"), [
    (["--games", "0"], "--games is 0; it must be 1 or more"),
    (["--players", "-1"], "--players is -1; it must be 1 or more"),
    (["--workers", "0"], "--workers is 0; it must be 1 or more"),
])
@pytest.mark.parametrize("command", ["simulate", "balance"])
def test_a_count_below_one_is_named(command: str, args: list[str], said: str) -> None:
    """Review, session 8: each said "--games, --players and --workers must be positive",
    whichever one was wrong."""
    result = runner.invoke(app, [command, *args])
    assert result.exit_code == 2
    assert result.output == f"sgs {command}: {said}\n"


def test_balance_names_max_games() -> None:
    result = runner.invoke(app, ["balance", "--max-games", "0"])
    assert result.exit_code == 2
    assert result.output == "sgs balance: --max-games is 0; it must be 1 or more\n"


@pytest.mark.parametrize("command", ["simulate", "balance", "replay"])
def test_agents_for_fewer_seats_than_players_are_refused_alike(command: str) -> None:
    """Review, session 8: `simulate -n 4 --agents random,random` was refused, but `replay`
    and `balance` played the table (so replay replayed a game simulate never numbered)."""
    result = runner.invoke(app, [command, "-n", "4", "--agents", "random,random"])
    assert result.exit_code == 2
    assert result.output == (f"sgs {command}: --agents lists 2 agents for 4 players; give "
                             "one kind, or one per seat\n")


@pytest.mark.parametrize(("generals", "said"), [
    ("caocao", "--generals names 1 general for 4 seats"),
    ("caocao,liubei", "--generals names 2 generals for 4 seats"),
])
def test_too_few_generals_are_counted_in_words(generals: str, said: str) -> None:
    result = runner.invoke(app, ["simulate", "--players", "4", "--games", "1",
                                 "--generals", generals])
    assert result.exit_code == 2, result.output
    assert said in result.output

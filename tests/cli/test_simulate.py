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


@pytest.mark.parametrize("command", ["simulate", "balance", "replay"])
@pytest.mark.parametrize(("args", "said"), [
    (["--agents", "lord=random,lrd=heuristic"],
     "--agents names 'lrd', not a role of mode 'identity'; its roles are lord, loyalist, "
     "rebel, renegade"),
    (["--mode", "guozhan", "-n", "6", "--agents", "wei=heuristic"],
     "--agents 'wei=heuristic' names roles, but mode 'guozhan' has no roles; give one "
     "kind, or a comma list with one per seat"),
    (["--mode", "samurai", "-n", "4", "--agents", "lord=heuristic"],
     "--agents 'lord=heuristic' names roles, but mode 'samurai' has no roles; give one "
     "kind, or a comma list with one per seat"),
])
def test_agents_by_a_role_the_mode_lacks_are_refused(command: str, args: list[str],
                                                     said: str) -> None:
    """Review, session 9: a misspelt role played random without a word, Guozhan (whose
    seats have no roles) played every seat random, and samurai crashed with a
    traceback (ValueError: unknown agent kind 'lord=heuristic')."""
    result = runner.invoke(app, [command, *args, "-q"] if command != "replay"
                           else [command, *args])
    assert result.exit_code == 2, result.output
    assert result.output == f"sgs {command}: {said}\n"


def test_until_ci_without_focus_is_refused() -> None:
    """Review, session 9: --until-ci without --focus was ignored (1000 games played)."""
    result = runner.invoke(app, ["balance", "--until-ci", "0.1", "-q"])
    assert result.exit_code == 2
    assert "--until-ci plays on until the --focus generals' intervals" in result.output


def test_max_games_below_the_first_batch_is_refused() -> None:
    """Review, session 9: --max-games 200 with --until-ci played 5,000 games anyway and
    did not say the width was not reached."""
    result = runner.invoke(app, ["balance", "--focus", "caocao", "--until-ci", "0.01",
                                 "--max-games", "200", "-q"])
    assert result.exit_code == 2
    assert result.output == (
        "sgs balance: --max-games 200 is below the first batch of --until-ci: 1,000 seeds "
        "× (1 focused × 4 roles + the baseline) = 5,000 games; raise --max-games or lower "
        "--games\n")


@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_until_ci_says_whether_it_was_reached(fmt: str) -> None:
    """Review, session 9: a report stopped at --max-games looked like one that reached
    --until-ci."""
    result = runner.invoke(app, ["balance", "--focus", "caocao", "--games", "2",
                                 "--until-ci", "0.3", "--max-games", "20", "--agents",
                                 "random", "-w", "1", "-q", "-f", fmt])
    assert result.exit_code == 0, result.output
    assert ("sgs balance: --until-ci 30 points NOT reached: stopped before --max-games 20"
            in result.stderr)
    if fmt == "json":
        import json

        stop = json.loads(result.stdout)["until_ci"]
        assert stop["reached"] is False and stop["width"] == 0.3 and stop["widest"] >= 0.3
    else:
        assert "--until-ci 30 points NOT reached" in result.stdout


def test_guozhan_simulate_says_how_its_tables_count() -> None:
    """Review, session 9: `simulate --mode guozhan -n 6 -g 3` showed "win rate by role"
    with 10 games in all for 18 seats (each game counts once per faction at its table)
    and no word of it; the general table counts every seat."""
    result = runner.invoke(app, ["simulate", "--mode", "guozhan", "-n", "6", "-g", "3",
                                 "-s", "1", "-w", "1", "-q"])
    assert result.exit_code == 0, result.output
    assert ("win rate by faction (95% CI), each game counted once per faction at its "
            "table (once per seat for one that wins alone):") in result.output
    assert "win rate by general (95% CI), each seat counted:" in result.output
    identity = runner.invoke(app, ["simulate", "-g", "2", "-w", "1", "-q"])
    assert "win rate by role (95% CI), each game counted once per role" in identity.output


def test_replay_help_offers_every_agent_kind_simulate_names() -> None:
    """Review, session 9: `sgs simulate --agents rollout:2:2` names its games with
    `sgs replay --agents rollout:2:2`, which replays them, but `replay --help` offered
    only [random|heuristic]."""
    result = runner.invoke(app, ["replay", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "--agents [random|heuristic|rollout[:R[:T]]]" in result.output
    assert "a comma list with one per seat, or by role" in " ".join(result.output.split())


@pytest.mark.parametrize("command", ["simulate", "replay"])
@pytest.mark.parametrize(("mode", "players"), [("guozhan", "4"), ("samurai", "4")])
def test_first_game_in_a_mode_without_first_game_rules_is_refused(
        command: str, mode: str, players: str) -> None:
    """Review, session 9: `simulate --mode guozhan --first-game` played ordinary games
    without a word (only identity and Korean have health.first_game)."""
    result = runner.invoke(app, [command, "--mode", mode, "-n", players, "--first-game",
                                 *(["-g", "1", "-q"] if command == "simulate" else [])])
    assert result.exit_code == 2, result.output
    assert result.output == (f"sgs {command}: --first-game: mode {mode!r} has no first-game "
                             "rules (health.first_game in its mode file); drop --first-game\n")


def test_first_game_in_korean_still_plays() -> None:
    result = runner.invoke(app, ["simulate", "--mode", "korean", "--first-game", "-g", "1",
                                 "-w", "1", "-q"])
    assert result.exit_code == 0, result.output

"""Tables that could not exist are refused before any game is played (session 6 review):
`sgs simulate --generals` naming a general twice or pairing two kingdoms at a Guozhan seat
(it ended in an invariant failure, or was accepted silently), `sgs balance --focus` with a
general of another mode or named twice, and `--json` pointing at a folder or nowhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(("args", "message"), [
    (["--mode", "guozhan", "--players", "2", "--generals",
      "gz_liubei+gz_liubei,gz_caocao+gz_xuchu"], "names 'gz_liubei' more than once"),
    (["--mode", "guozhan", "--players", "2", "--generals",
      "gz_liubei+gz_caocao,gz_guanyu+gz_xuchu"], "of two kingdoms"),
    (["--players", "4", "--generals", "caocao,caocao,liubei,sunquan"],
     "names 'caocao' more than once"),
    (["--players", "4", "--generals", "caocoa,liubei,sunquan,zhangfei"],  # session 8
     "names unknown general 'caocoa' (did you mean 'caocao'?)"),
    (["--mode", "guozhan", "--players", "2", "--generals",
      "gz_liubei+gz_guanyu,gz_caocao+gz_xuchuu"],
     "names unknown general 'gz_xuchuu' (did you mean 'gz_xuchu'?)"),
])
def test_simulate_refuses_a_table_that_could_not_exist(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "--games", "2", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output



@pytest.mark.parametrize(("args", "message"), [
    (["--mode", "guozhan", "--players", "2", "--generals",
      "gz_liubei+gz_caocao,gz_guanyu+gz_xuchu"], "of two kingdoms"),
    (["--players", "4", "--generals", "caocao,caocao,liubei,sunquan"],
     "names 'caocao' more than once"),
    (["--players", "4", "--generals", "caocao,liubei,sunquan,zhangfie"],
     "names unknown general 'zhangfie' (did you mean 'zhangfei'?)"),
])
def test_replay_refuses_the_tables_simulate_refuses(args: list[str], message: str) -> None:
    """Review, session 7: `sgs replay --generals caocao,caocao,…` played a game that
    `sgs simulate` refuses (and so never numbered)."""
    result = runner.invoke(app, ["replay", "--seed", "1", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output

def test_simulate_plays_a_guozhan_pair_of_one_kingdom() -> None:
    result = runner.invoke(app, ["simulate", "--games", "2", "--quiet", "--mode", "guozhan",
                                 "--players", "2", "--generals",
                                 "gz_liubei+gz_guanyu,gz_caocao+gz_xuchu"])
    assert result.exit_code == 0, result.output


def test_simulate_json_into_a_folder_or_nowhere_says_which(tmp_path: Path) -> None:
    folder = runner.invoke(app, ["simulate", "--games", "2", "--json", str(tmp_path)])
    assert folder.exit_code == 2 and "is a folder; give a file's path" in folder.output
    nowhere = runner.invoke(app, ["simulate", "--games", "2", "--json",
                                  str(tmp_path / "no" / "r.json")])
    assert nowhere.exit_code == 2
    assert f"the folder {tmp_path / 'no'} does not exist" in nowhere.output


@pytest.mark.parametrize(("args", "message"), [
    (["--mode", "identity", "--focus", "gz_liubei"], "is not played in mode 'identity'"),
    (["--focus", "caocao", "--focus", "caocao"], "names 'caocao' more than once"),
])
def test_balance_refuses_a_focus_that_makes_no_sense(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["balance", "--games", "2", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output

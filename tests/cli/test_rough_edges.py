"""Rough edges a designer hit (issue 10): each one pinned by a test."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app

runner = CliRunner()


def test_every_command_agrees_on_the_expansion_here(exp: Path) -> None:
    compiled = runner.invoke(app, ["compile"])
    assert compiled.exit_code == 0, compiled.output
    table = json.loads(compiled.stdout)
    assert any(h.get("skill") == "brave" for h in table["hooks"])
    simulated = runner.invoke(app, ["simulate", "--games", "2", "--players", "4", "-q",
                                    "--generals", "hero,caocao,liubei,sunquan",
                                    "--workers", "1"])
    assert simulated.exit_code == 0, simulated.output
    assert "hero" in simulated.output
    replayed = runner.invoke(app, ["replay", "--players", "4", "--seed", "1",
                                   "--generals", "hero,caocao,liubei,sunquan"])
    assert replayed.exit_code == 0, replayed.output


def test_simulate_fails_when_a_game_stalls(monkeypatch: pytest.MonkeyPatch) -> None:
    from sgs_tools.sim import runner as sim

    real = sim.run_iter

    def stalling(*args: object, **kwargs: object) -> Iterator[sim.Summary]:
        out = list(real(*args, **kwargs))  # type: ignore[arg-type]
        first = out[0]
        out[0] = sim.Summary(first.seed, "none", [], 400, 100, 10, first.seats)
        yield from out

    monkeypatch.setattr(sim, "run_iter", stalling)
    result = runner.invoke(app, ["simulate", "--games", "2", "-q", "--workers", "1"])
    assert result.exit_code == 1, result.output
    assert "stalled 1" in result.output


def test_site_serve_on_a_busy_port_says_so(tmp_path: Path) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(app, ["site", "serve", "--port", str(port),
                                     "--build-dir", str(tmp_path / "b")])
    assert result.exit_code == 2
    assert f"cannot serve on 127.0.0.1:{port}" in result.output
    assert "--port" in result.output and "Traceback" not in result.output


def test_quiet_mistakes_are_warned_and_strict_fails_them(exp: Path) -> None:
    general = exp / "generals" / "hero.yaml"
    text = general.read_text(encoding="utf-8")
    general.write_text(text.replace("set: pack", "set: pakc")
                       .replace("name: {zh: 勇, en: Brave, ko: 용}", "name: {zh: 勇, en: Brave}"),
                       encoding="utf-8")
    general.rename(exp / "generals" / "heroine.yaml")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output  # warnings only
    out = result.output
    assert ("generals/heroine.yaml:6:6: warning[unplayed-set]: no mode plays set 'pakc': "
            "general 'hero' is in no pool") in out
    assert "did you mean 'pack'?" in out
    assert ("generals/heroine.yaml:4:5: warning[file-name]: the file is named 'heroine' but "
            "the general's id is 'hero'") in out
    assert "warning[missing-name]: skill 'brave' has no Korean name" in out
    strict = runner.invoke(app, ["validate", "--strict"])
    assert strict.exit_code == 1
    assert "error[unplayed-set]" in strict.output and "3 errors" in strict.output
    as_json = runner.invoke(app, ["validate", "--format", "json"])
    assert as_json.exit_code == 0 and '"severity": "warning"' in as_json.output


def _broken(exp: Path, old: str, new: str) -> str:
    general = exp / "generals" / "hero.yaml"
    general.write_text(general.read_text(encoding="utf-8").replace(old, new, 1),
                       encoding="utf-8")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1
    return result.output


def test_a_schema_error_hides_nothing_else(exp: Path) -> None:
    out = _broken(exp, "name: {zh: 勇, en: Brave, ko: 용}",
                  "name: {zh: 勇, en: Brave, kr: 용}")
    general = exp / "generals" / "hero.yaml"
    text = general.read_text(encoding="utf-8")
    general.write_text(text.replace("draw_count +1", "after take_damage:\n        drwa 1")
                       .replace("id: brave", "id: ganglie"), encoding="utf-8")
    out = runner.invoke(app, ["validate"]).output
    assert "error[unknown-key]: unknown key 'kr'" in out
    assert "did you mean 'ko'? names are given as zh (Chinese), en (English) and ko" in out
    assert "error[dsl-unknown-word]: unknown action 'drwa'" in out
    assert "error[duplicate-id]: skill id 'ganglie' is already defined in" in out


@pytest.mark.parametrize(("effect", "message", "hint"), [
    ("after take_damage：\n        draw 1", "full-width '：' in effect text",
     "expected the ASCII ':'"),
    ("after take_damage:\n        draw １", "full-width '１' in effect text",
     "expected the ASCII '1'"),
    ("after take_damage:\n        use 闪", "effect text names cards and skills by id",
     "write the card id 'jink'"),
    ("after take_damage:\n        draw 1\n        discard: 1",
     "unexpected ':' here: only a trigger, 'if', 'else', 'may', a choice or a loop", None),
    ("after take_damage:\n          draw 1\n        draw 2",
     "indentation matches no enclosing block: indent it like the lines", None),
])
def test_dsl_messages(exp: Path, effect: str, message: str, hint: str | None) -> None:
    out = _broken(exp, "draw_count +1", effect)
    assert message in out, out
    if hint:
        assert f"help: {hint}" in out, out
    assert "expected indent" not in out and "'else' needs" not in out


def test_yaml_syntax_errors_get_help(exp: Path) -> None:
    out = _broken(exp, "gender: male", "gender: male: really")
    assert "error[yaml-syntax]: mapping values are not allowed" in out
    assert "help: a value holding ': ' needs quotes" in out


def test_a_misspelt_phase_is_named_where_it_is(exp: Path) -> None:
    scenario = exp / "tests" / "brave.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("phases: [draw]",
                                                                      "phases: [drwa]"),
                        encoding="utf-8")
    result = runner.invoke(app, ["test"])
    assert result.exit_code == 1
    assert ("tests/brave.yaml:11:10: error[scenario]: phase 'drwa' is not the start phase "
            "'draw'; is one of them misspelt?") in result.output
    assert "did you mean 'draw'?" in result.output

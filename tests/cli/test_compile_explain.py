"""`sgs compile` and `sgs explain` through typer's runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from tests.conftest import EXAMPLES

runner = CliRunner()


def test_compile_writes_the_hook_table(tmp_path: Path) -> None:
    out = tmp_path / "hooks.json"
    result = runner.invoke(app, ["compile", "--out", str(out)])
    assert result.exit_code == 0, result.output
    table = json.loads(out.read_text(encoding="utf-8"))
    assert table["version"] == 1
    assert table["effects"] > 250
    skills = {h["skill"] for h in table["hooks"]}
    assert {"ganglie", "slash", "gz_luanwu"} <= skills
    assert f"compiled {table['effects']} effects" in result.output
    again = runner.invoke(app, ["compile", "--out", str(out)])
    assert again.exit_code == 2 and "--force" in again.output
    folder = runner.invoke(app, ["compile", "--out", str(tmp_path), "--force"])
    assert folder.exit_code == 2 and "is a folder" in folder.output


def test_compile_refuses_broken_effects(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES / "negative" / "dsl-errors")
    result = runner.invoke(app, ["compile", "."])
    assert result.exit_code == 1
    assert "error[dsl-unknown-word]" in result.output


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "After you take damage, you may gain the card that dealt the damage."),
    ("zh", "当你受到伤害后，你可以获得造成此伤害的牌。"),
    ("ko", "자신이 피해를 받은 후, 그 피해를 준 카드를 얻을 수 있다."),
])
def test_explain_renders_each_language(lang: str, expected: str) -> None:
    result = runner.invoke(app, ["explain", "jianxiong", "--lang", lang])
    assert result.exit_code == 0, result.output
    assert expected in result.output
    assert '"event": "take_damage"' in result.output


def test_explain_unknown_id_suggests() -> None:
    result = runner.invoke(app, ["explain", "ganglei"])
    assert result.exit_code == 2
    assert "did you mean 'ganglie'" in result.output


def test_explain_bad_language() -> None:
    assert runner.invoke(app, ["explain", "ganglie", "--lang", "fr"]).exit_code == 2


def test_explain_reports_a_broken_effect(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES / "negative" / "dsl-errors")
    result = runner.invoke(app, ["explain", "bug_word", "--data", "."])
    assert result.exit_code == 1
    assert "unknown action 'drwa'" in result.output
    assert "bug_syntax" not in result.output and "slahs" not in result.output


@pytest.mark.parametrize("name", ["Slash", "杀", "살", "slash"])
def test_explain_finds_a_card_by_any_name(name: str) -> None:
    result = runner.invoke(app, ["explain", name, "--no-hooks"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Slash (slash)")
    assert "hooks:" not in result.output


def test_explain_a_general_prints_each_skill() -> None:
    result = runner.invoke(app, ["explain", "caocao", "--lang", "zh"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("曹操 (caocao) · 魏 · 体力4")
    assert "奸雄 (jianxiong)" in result.output and "护驾 (hujia)" in result.output
    assert "hooks:" not in result.output  # a general's hooks only with --hooks


def test_explain_an_ambiguous_name_lists_the_ids() -> None:
    result = runner.invoke(app, ["explain", "Cao Cao"])
    assert result.exit_code == 2
    assert "general caocao" in result.output and "general gz_caocao" in result.output


def test_explain_a_samurai_card_prints_its_abilities() -> None:
    whole = runner.invoke(app, ["explain", "oda_nobunaga", "--no-hooks"])
    assert whole.exit_code == 0, whole.output
    assert "Castle attack (oda_nobunaga.oda_nobunaga_castle_attack)" in whole.output
    one = runner.invoke(app, ["explain", "oda_nobunaga_castle_attack", "--no-hooks"])
    assert one.exit_code == 0 and "attack +1 against castle" in one.output
    bonus = runner.invoke(app, ["explain", "dojigiri", "--no-hooks"])
    assert bonus.exit_code == 0 and "(dojigiri.bonus)" in bonus.output


TERMINAL_BREAKER = "Hero\\e]0;pwned\\a\\e[2J\\x9b2J"  # as YAML escapes: OSC title, clear


def test_a_name_with_escape_sequences_is_refused_and_never_reaches_the_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review: a name holding ESC/BEL/C1 sequences reached the terminal raw through
    `sgs explain` (on a tty it could retitle or clear the screen). Such a name is now a
    located schema error, and neither validate's report nor explain prints the sequence."""
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init", "pack", "--no-input", "--zh", "包"]).exit_code == 0
    monkeypatch.chdir(tmp_path / "pack")
    made = runner.invoke(app, ["new", "general", "--no-input", "--id", "hero", "--zh", "英",
                               "--en", "Hero", "--kingdom", "wei", "--hp", "4",
                               "--skill", "zap:电:Zap"])
    assert made.exit_code == 0, made.output
    path = tmp_path / "pack/generals/hero.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("en: Hero", f'en: "{TERMINAL_BREAKER}"')
    path.write_text(text.replace("en: Zap", f'en: "{TERMINAL_BREAKER}"'), encoding="utf-8")
    checked = runner.invoke(app, ["validate", "generals/hero.yaml"])
    assert checked.exit_code == 1, checked.output
    assert "one line of text" in checked.output
    for result in (checked, *(runner.invoke(app, args) for args in (
            ["explain", "hero", "--lang", "en"], ["explain", "zap", "--lang", "en"]))):
        assert not any(ch in result.output for ch in "\x1b\x07\x9b"), result.output

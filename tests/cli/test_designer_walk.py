"""What a new designer hit walking issue 10's path from an empty folder, using only the
README and `--help` (each one pinned by a test)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from tests.cli.test_tutorial import ROOT, tutorial_commands

runner = CliRunner()


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("walk")
    made = runner.invoke(app, ["new", "expansion", str(root / "pack"), "--no-input",
                               "--zh", "包"])
    assert made.exit_code == 0, made.output
    made = runner.invoke(app, ["new", "general", "--no-input", "--dir", str(root / "pack"),
                               "--id", "hero", "--zh", "英雄", "--en", "Hero", "--ko", "영웅",
                               "--kingdom", "shu", "--hp", "4", "--skill", "brave:勇:Brave:용"])
    assert made.exit_code == 0, made.output
    return root / "pack"


def _validate_effect(pack: Path, effect: str) -> tuple[str, int]:
    """validate's output, and the file line of the effect's first line."""
    general = pack / "generals" / "hero.yaml"
    text = general.read_text(encoding="utf-8")
    start = text.index("    effect: |\n") + len("    effect: |\n")
    general.write_text(text[:start] + "".join(f"      {line}\n" for line in
                                              effect.splitlines()), encoding="utf-8")
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1, result.output
    return result.output, text[:start].count("\n") + 1


@pytest.mark.parametrize("effect, line", [
    ("at start of play:\n  may:\n  judge\n", 3),                      # a block under 'may:'
    ("at start of play:\n  may:\n    judge\n    if judgement is red:\n    draw 2\n", 5),
])
def test_an_unindented_block_says_so(pack: Path, effect: str, line: int) -> None:
    shown, first = _validate_effect(pack, effect)
    assert f"hero.yaml:{first + line - 1}:" in shown
    assert "expected an indented block after ':'" in shown
    assert "indented further than it" in shown
    assert "expected end of line" not in shown  # what it used to say


@pytest.mark.parametrize("effect, line", [
    ("at start of turn:\n  else:\n    draw 2\n", 2),            # an 'else' with no 'if'
    ("at start of turn:\n  draw 1\nelse:\n  draw 2\n", 3),
    ("at start of play:\n  if hp > 1:\n    draw 1\n  else:\n    draw 1\nelse:\n  draw 1\n", 6),
])
def test_an_else_without_its_if_says_so(pack: Path, effect: str, line: int) -> None:
    shown, first = _validate_effect(pack, effect)
    assert f"hero.yaml:{first + line - 1}:" in shown
    assert "'else' needs a matching 'if' just above it" in shown
    assert "unexpected ':'" not in shown and "unexpected 'else'" not in shown


def test_build_inside_an_expansion_is_about_that_expansion(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """From the expansion's folder with sgs-tools imported from a checkout (an editable
    install), the build goes beside the user, not into the checkout's site/build, and its
    summary counts the expansion's files and runs its scenarios, as validate and test do."""
    pack = tmp_path / "pack"
    assert runner.invoke(app, ["new", "expansion", str(pack), "--no-input"]).exit_code == 0
    for hero, skill in (("hero", "brave:勇:Brave:용"), ("sage", "calm:静:Calm:정")):
        made = runner.invoke(app, ["new", "general", "--no-input", "--dir", str(pack),
                                   "--id", hero, "--zh", "英雄", "--en", "Hero", "--ko", "영웅",
                                   "--kingdom", "shu", "--hp", "4", "--skill", skill])
        assert made.exit_code == 0, made.output
    monkeypatch.chdir(pack)
    result = runner.invoke(app, ["build", "--no-site"])
    assert result.exit_code == 0, result.output
    assert f"{pack.resolve() / 'sgs-site' / 'hooks.json'}" in result.output
    assert (pack / "sgs-site" / "hooks.json").is_file()
    # expansion.yaml, 2 generals, 2 scenarios: what `sgs validate` here counts
    assert "validate   5 files, 0 problems" in result.output
    assert "5 files checked" in runner.invoke(app, ["validate"]).output
    assert "scenarios  2 passed, 0 failed" in result.output  # not the base game's too


def test_build_inside_an_expansion_without_scenarios_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = runner.invoke(app, ["new", "expansion", str(tmp_path / "cards-only"), "--no-input"])
    assert made.exit_code == 0, made.output
    monkeypatch.chdir(tmp_path / "cards-only")
    result = runner.invoke(app, ["build", "--no-site"])
    assert result.exit_code == 0, result.output
    assert "validate   1 file, 0 problems" in result.output
    assert "scenarios  no scenarios yet (skipped)" in result.output


@pytest.mark.parametrize("wrong, meant", [("jim", "jin"), ("wie", "wei"), ("shuu", "shu")])
def test_a_short_kingdom_one_letter_off_is_suggested(tmp_path: Path, wrong: str,
                                                     meant: str) -> None:
    pack = tmp_path / "pack"
    steps = [["new", "expansion", str(pack), "--no-input"],
             ["new", "kingdom", "--dir", str(pack), "--no-input", "--id", "jin", "--zh", "晋"],
             ["new", "general", "--no-input", "--dir", str(pack), "--id", "hero", "--zh", "英雄",
              "--en", "Hero", "--ko", "영웅", "--kingdom", "jin", "--hp", "4"]]
    for step in steps:
        assert runner.invoke(app, step).exit_code == 0
    general = pack / "generals" / "hero.yaml"
    general.write_text(general.read_text(encoding="utf-8").replace(
        "kingdom: jin", f"kingdom: {wrong}"), encoding="utf-8")
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1, result.output
    assert f"unknown kingdom '{wrong}'" in result.output
    assert f"did you mean '{meant}'?" in result.output


def _block(readme: str, marker: str) -> str:
    """The fenced block right after ``<!-- walk:MARKER -->`` in the README."""
    m = re.search(rf"<!-- walk:{marker} -->\n```[a-z]*\n(.*?)```\n", readme, re.DOTALL)
    assert m is not None, marker
    return m.group(1)


def test_the_readmes_walkthrough_output_is_real(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's "Writing the skill": its effects and scenario, put where it says, give
    exactly the output it shows."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for line in tutorial_commands()[:3]:  # new expansion, cd, new general
        if line.startswith("cd "):
            monkeypatch.chdir(tmp_path / line[3:])
            continue
        made = runner.invoke(app, shlex.split(line)[1:])
        assert made.exit_code == 0, made.output
        if "new general" in line:
            for shown in _block(readme, "new-general-output").splitlines():
                assert shown in made.output
    general = Path("generals/zhangxiu.yaml")
    starter = general.read_text(encoding="utf-8")
    head = starter[: starter.index("    effect: |\n")]
    general.write_text(head + _block(readme, "broken-effect"), encoding="utf-8")
    broken = runner.invoke(app, ["validate"])
    assert broken.exit_code == 1
    assert broken.stdout == _block(readme, "broken-output")
    general.write_text(head + _block(readme, "effect"), encoding="utf-8")
    fixed = runner.invoke(app, ["validate"])
    assert fixed.exit_code == 0 and "ok: 3 files checked, no problems" in fixed.stdout
    starter_test = runner.invoke(app, ["test"])
    assert "tests/congjian.yaml:17:17: error[expect]: seat 0 hand is 2 cards" in (
        starter_test.stdout) and "expected 3" in starter_test.stdout
    scenario = Path("tests/congjian.yaml")
    scenario.write_text(_block(readme, "scenario"), encoding="utf-8")
    failing = runner.invoke(app, ["test"])
    assert failing.exit_code == 1
    assert failing.stdout == _block(readme, "scenario-output")
    scenario.write_text(scenario.read_text(encoding="utf-8").replace(
        "cards: 2}", "cards: [slash ♠7, jink ♦2]}"), encoding="utf-8")
    passing = runner.invoke(app, ["test"])
    assert passing.exit_code == 0 and passing.stdout == "1 scenario: 1 passed\n"
    exported = runner.invoke(app, ["export", "freekill", "my_pack_fk"])
    assert exported.exit_code == 0, exported.output
    assert "30 of 31 generals, 48 of 49 skills" in exported.stdout
    assert "skel:addTest" in Path("my_pack_fk/skills/congjian.lua").read_text(encoding="utf-8")

"""What a designer keeping expansions in git does beyond the issue's list, end to end
outside the checkout: a mode of their own based on identity, a second expansion building
on the first (its kingdom, its skills), an expansion of cards only, one joining Guozhan
only. Each used to break somewhere (refused by the schema or by `sgs simulate`, a kingdom
unknown to the second expansion, `sgs test` failing CI with no scenario)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from tests.conftest import EXAMPLES

runner = CliRunner()
JIN = EXAMPLES / "positive" / "jin-kingdom"

JIN_MODE = """\
kind: mode
id: jin_identity
name: {zh: 晋身份局, en: Jin identity, ko: 진 신분전}
based_on: identity
kingdoms: [wei, shu, wu, qun, jin]
generals:
  sets: [standard, jin_pack]
selection:
  lord:
    fixed: [simayan]
    random: 2
    keep: 1
    reveal: public
  others:
    random: 3
    keep: 1
    reveal: simultaneous
"""


@pytest.fixture()
def jin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    exp = tmp_path / "jin-pack"
    shutil.copytree(JIN, exp)
    monkeypatch.chdir(exp)
    return exp


def test_a_mode_based_on_identity_gives_only_what_differs(jin: Path, tmp_path: Path) -> None:
    (jin / "modes").mkdir()
    (jin / "modes" / "jin_identity.yaml").write_text(JIN_MODE, encoding="utf-8")
    validated = runner.invoke(app, ["validate"])
    assert validated.exit_code == 0, validated.output  # players, phases, victory … inherited
    played = runner.invoke(app, ["simulate", "--mode", "jin_identity", "-n", "5", "-g", "4",
                                 "-w", "1", "-q"])
    assert played.exit_code == 0, played.output
    assert "4 games of jin_identity with 5 players" in played.output
    assert "stalled 0, errors 0" in played.output
    replayed = runner.invoke(app, ["replay", "--mode", "jin_identity", "-n", "5"])
    assert replayed.exit_code == 0, replayed.output
    scenario = (jin / "tests" / "jin_chengzhi.yaml").read_text(encoding="utf-8")
    (jin / "tests" / "jin_mode.yaml").write_text(
        scenario.replace("mode: identity", "mode: jin_identity"), encoding="utf-8")
    tested = runner.invoke(app, ["test", "tests/jin_mode.yaml"])
    assert tested.exit_code == 0, tested.output
    wrong = runner.invoke(app, ["simulate", "--mode", "jin_identty", "-g", "1", "-q"])
    assert wrong.exit_code == 2 and "did you mean 'jin_identity'?" in wrong.output


def test_a_mode_on_its_base_is_shown_with_what_it_takes(jin: Path, tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    (jin / "modes").mkdir()
    (jin / "modes" / "jin_identity.yaml").write_text(JIN_MODE, encoding="utf-8")
    built = runner.invoke(app, ["build", "--build-dir", str(tmp_path / "site")])
    assert built.exit_code == 0, built.output
    page = (tmp_path / "site" / "docs" / "modes" / "jin_identity.md").read_text("utf-8")
    assert "this page shows the sections it takes from it: players, decks" in page
    assert "Sima Yan" in page and "Jin · 晋 · 진" in page


def test_a_broken_base_is_located(jin: Path) -> None:
    (jin / "modes").mkdir()
    (jin / "modes" / "a.yaml").write_text(
        "kind: mode\nid: loop_a\nname: {zh: 甲}\nbased_on: loop_b\n", encoding="utf-8")
    (jin / "modes" / "b.yaml").write_text(
        "kind: mode\nid: loop_b\nname: {zh: 乙}\nbased_on: loop_a\n", encoding="utf-8")
    (jin / "modes" / "c.yaml").write_text(
        "kind: mode\nid: lost\nname: {zh: 丙}\nbased_on: identiy\n", encoding="utf-8")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1
    assert "modes/b.yaml:4:11: error[mode-cycle]: mode 'loop_b' is based on itself" \
        in result.output
    assert "modes/c.yaml:4:11: error[unknown-ref]: unknown mode 'identiy'" in result.output
    assert "did you mean 'identity'?" in result.output


def test_a_second_expansion_builds_on_the_first(jin: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    sequel = tmp_path / "sequel"
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["init", "sequel", "--no-input", "--zh", "续", "--en", "Sequel",
                               "--ko", "속편"])
    assert made.exit_code == 0, made.output
    (sequel / "generals" / "yanghu.yaml").write_text(
        "kind: general\nid: yanghu\nname: {zh: 羊祜, en: Yang Hu, ko: 양호}\nset: sequel\n"
        "kingdom: jin\ngender: male\nhp: 4\nskills:\n  - jin_taishi\n", encoding="utf-8")
    monkeypatch.chdir(sequel)
    alone = runner.invoke(app, ["validate"])
    assert alone.exit_code == 1
    assert "unknown kingdom 'jin'" in alone.output and "unknown skill 'jin_taishi'" in alone.output
    manifest = sequel / "expansion.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text + "requires: [../jin-pak]\n", encoding="utf-8")
    misspelt = runner.invoke(app, ["validate"])
    assert "error[unknown-expansion]: no expansion in '../jin-pak'" in misspelt.output
    manifest.write_text(text + "requires: [../jin-pack]\n", encoding="utf-8")
    together = runner.invoke(app, ["validate", "--strict"])
    assert together.exit_code == 0, together.output
    assert "ok: 2 files checked" in together.output  # the first expansion is context
    shown = runner.invoke(app, ["explain", "yanghu", "--no-hooks"])
    assert shown.exit_code == 0 and "Yang Hu (yanghu) · Jin · 4 HP" in shown.output
    played = runner.invoke(app, ["simulate", "-n", "4", "-g", "3", "-w", "1", "-q",
                                 "--generals", "yanghu,simayan,caocao,liubei"])
    assert played.exit_code == 0, played.output
    exported = runner.invoke(app, ["schema", "export", "schemas", "--data", ".", "--force"])
    assert exported.exit_code == 0, exported.output
    assert '"jin"' in (sequel / "schemas" / "general.schema.json").read_text("utf-8")


def test_a_kingdom_of_an_unrelated_expansion_says_how_to_use_it(jin: Path,
                                                               tmp_path: Path) -> None:
    other = tmp_path / "other"
    (other / "generals").mkdir(parents=True)
    (other / "expansion.yaml").write_text(
        "kind: expansion\nid: other\nname: {zh: 别}\nmodes: [identity]\n", encoding="utf-8")
    (other / "generals" / "duyu.yaml").write_text(
        "kind: general\nid: duyu\nname: {zh: 杜预, en: Du Yu, ko: 두예}\nset: other\n"
        "kingdom: jin\ngender: male\nhp: 4\nskills: []\n", encoding="utf-8")
    both = runner.invoke(app, ["validate", str(other), str(jin)])
    assert both.exit_code == 1
    assert "add that expansion's folder to this one's 'requires:'" in both.output


def test_an_expansion_of_cards_only_passes_its_ci_steps(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init", "cards", "--no-input", "--zh", "牌"]).exit_code == 0
    monkeypatch.chdir(tmp_path / "cards")
    made = runner.invoke(app, ["new", "card", "--no-input", "--id", "bronze_sword", "--zh",
                               "铜剑", "--en", "Bronze Sword", "--ko", "동검", "--type",
                               "equipment", "--subtype", "weapon", "--range", "2"])
    assert made.exit_code == 0, made.output
    tested = runner.invoke(app, ["test"])
    assert tested.exit_code == 0, tested.output
    assert "no scenarios yet" in tested.output
    assert runner.invoke(app, ["test", "cards"]).exit_code == 2  # a path without any


def test_an_expansion_joining_guozhan_only_is_simulated_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["init", "gz", "--no-input", "--zh", "国", "--mode", "guozhan"])
    assert made.exit_code == 0, made.output
    monkeypatch.chdir(tmp_path / "gz")
    general = runner.invoke(app, ["new", "general", "--no-input", "--id", "gz_yanghu",
                                  "--zh", "羊祜", "--kingdom", "wei", "--halves", "4",
                                  "--skill", "gz_fuzheng:抚政"])
    assert general.exit_code == 0, general.output
    played = runner.invoke(app, ["simulate", "-n", "4", "-g", "2", "-w", "1", "-q"])
    assert played.exit_code == 0, played.output
    assert "playing guozhan, the first mode the expansion joins" in played.output
    assert "2 games of guozhan" in played.output
    assert runner.invoke(app, ["test"]).exit_code == 0


def test_words_knows_the_expansion_kingdom(jin: Path) -> None:
    shown = runner.invoke(app, ["words", "晋"])
    assert shown.exit_code == 0, shown.output
    assert "jin  (selector, expansion)" in shown.output and "晋势力" in shown.output
    example = runner.invoke(app, ["words", "draw_count"])
    assert "example (" in example.output and "site-packages" not in example.output

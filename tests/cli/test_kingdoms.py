"""An expansion declaring its own kingdom (晋 jin), end to end, outside the checkout: it
validates, its scenarios pass (lord skill keyed on the kingdom, Guozhan factions and the
careerist count), it is explained, scaffolded into, simulated in identity and Guozhan,
exported as schemas, compared by `sgs diff` and built into the site with its names and
colour. The expansion is ``tests/examples/positive/jin-kingdom``.

Guozhan takes an expansion's kingdom as one more faction: its rules (factions are the
kingdoms of revealed generals, a careerist is the reveal taking one kingdom past half the
players, the last faction standing wins) name no fixed set of kingdoms, and the published
game itself grew a fifth kingdom (晋) later; so an expansion joining Guozhan plays its
kingdom there, and the engine's faction and careerist counting never list kingdoms.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from tests.conftest import EXAMPLES

runner = CliRunner()
JIN = EXAMPLES / "positive" / "jin-kingdom"


@pytest.fixture()
def jin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    exp = tmp_path / "jin-pack"
    shutil.copytree(JIN, exp)
    monkeypatch.chdir(exp)
    return exp


def test_validates_and_its_scenarios_pass(jin: Path) -> None:
    validated = runner.invoke(app, ["validate", "--strict"])
    assert validated.exit_code == 0, validated.output
    tested = runner.invoke(app, ["test"])
    assert tested.exit_code == 0, tested.output
    assert "5 scenarios: 5 passed" in tested.output


def test_a_kingdom_selector_offers_only_that_kingdom(jin: Path) -> None:
    """识人 picks a wounded Jin character: the wounded Wei rebel is not a legal answer."""
    scenario = jin / "tests" / "jin_shiren.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace(
        "{seat: 0, pick: 2, when: choose}", "{seat: 0, pick: 1, when: choose}"),
        encoding="utf-8")
    tested = runner.invoke(app, ["test", str(scenario)])
    assert tested.exit_code == 1
    assert "but 1 is not a legal answer" in tested.output, tested.output
    assert "options: seat 0 (wangyuanji), seat 2 (simazhao)" in tested.output


def test_explained_with_the_kingdom_in_three_languages(jin: Path) -> None:
    for lang, kingdom, text in (("en", "Jin", "other Jin characters"),
                                ("zh", "晋", "其他晋势力角色"),
                                ("ko", "진", "다른 진 세력 플레이어")):
        shown = runner.invoke(app, ["explain", "simayan", "--lang", lang])
        assert shown.exit_code == 0, shown.output
        assert f"(simayan) · {kingdom} ·" in shown.output.splitlines()[0]
        assert text in shown.output, (lang, shown.output)


def test_new_general_offers_the_kingdom(jin: Path) -> None:
    made = runner.invoke(app, ["new", "general", "--id", "duyu"],
                         input="杜预\nDu Yu\n두예\njinn\njin\nhp\n4\nmale\n\n")
    assert made.exit_code == 0, made.output
    assert "jin 晋" in made.output  # offered with its name
    assert "unknown kingdom 'jinn' (did you mean 'jin'?)" in made.output
    assert "kingdom: jin\n" in (jin / "generals" / "duyu.yaml").read_text(encoding="utf-8")
    refused = runner.invoke(app, ["new", "general", "--no-input", "--id", "yanghu",
                                  "--zh", "羊祜", "--kingdom", "jinn", "--hp", "4"])
    assert refused.exit_code == 2 and "did you mean 'jin'?" in refused.output


def test_a_misspelt_or_foreign_kingdom_is_located(jin: Path) -> None:
    general = jin / "generals" / "simazhao.yaml"
    general.write_text(general.read_text(encoding="utf-8").replace("kingdom: jin",
                                                                   "kingdom: jinn"),
                       encoding="utf-8")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1
    assert ("generals/simazhao.yaml:7:10: error[unknown-kingdom]: unknown kingdom 'jinn'"
            in result.output)
    assert "did you mean 'jin'?" in result.output


def test_played_in_identity_and_guozhan(jin: Path, tmp_path: Path) -> None:
    identity = runner.invoke(app, ["simulate", "-n", "4", "-g", "6", "-w", "1", "-q",
                                   "--generals", "simayan,simazhao,wangyuanji,caocao"])
    assert identity.exit_code == 0, identity.output
    assert "stalled 0, errors 0" in identity.output
    report = tmp_path / "gz.json"
    guozhan = runner.invoke(app, [
        "simulate", "--mode", "guozhan", "-n", "4", "-g", "6", "-w", "1", "-q",
        "--generals", "gz_simazhao+gz_wangyuanji,gz_caocao+gz_dianwei,"
        "gz_simashi+gz_zhangchunhua,gz_liubei+gz_guanyu", "--json", str(report)])
    assert guozhan.exit_code == 0, guozhan.output
    assert "stalled 0, errors 0" in guozhan.output
    assert "jin" in json.dumps(json.loads(report.read_text(encoding="utf-8")))


def test_exported_schemas_know_the_kingdom(jin: Path) -> None:
    exported = runner.invoke(app, ["schema", "export", "schemas", "--data", ".",
                                   "--force"])
    assert exported.exit_code == 0, exported.output
    general = json.loads((jin / "schemas" / "general.schema.json").read_text("utf-8"))
    kingdom = general["properties"]["kingdom"]
    assert kingdom["enum"][-1] == "jin"
    assert kingdom["markdownEnumDescriptions"][-1] == "**晋** · Jin · 진"
    scenario = json.loads((jin / "schemas" / "scenario.schema.json").read_text("utf-8"))
    assert "jin" in scenario["$defs"]["seat"]["properties"]["kingdom"]["enum"]
    assert "jin" in scenario["properties"]["expect"]["properties"]["winner"]["anyOf"][0][
        "enum"]


def test_diff_shows_a_renamed_kingdom(jin: Path, tmp_path: Path) -> None:
    renamed = tmp_path / "renamed"
    shutil.copytree(jin, renamed)
    manifest = renamed / "expansion.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        "{zh: 晋, en: Jin, ko: 진}", "{zh: 晋, en: Western Jin, ko: 서진}"), encoding="utf-8")
    shown = runner.invoke(app, ["diff", str(jin), str(renamed)])
    assert shown.exit_code == 0, shown.output
    assert "~ kingdom Western Jin (jin)" in shown.output
    assert "+ Western Jin (jin), 4, male" in shown.output
    assert "+ When you are asked for a Jink, you may ask other Western Jin" in shown.output


def test_built_into_the_site_with_its_names_and_colour(jin: Path, tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    out = tmp_path / "site"
    built = runner.invoke(app, ["build", "--build-dir", str(out)])
    assert built.exit_code == 0, built.output
    docs = out / "docs"
    page = (docs / "generals" / "simayan.md").read_text(encoding="utf-8")
    assert "| Kingdom | <span class=\"sgs-kingdom\" style=\"--sgs-kingdom: #5b4a8c\">" \
           "Jin · 晋 · 진</span> |" in page
    face = page[page.index("<svg"):page.index("</svg>")]
    assert 'fill="#5b4a8c"' in face and ">晋</text>" in face
    assert "<title>Sima Yan (司马炎), Jin, 4 HP</title>" in face
    index = (docs / "generals" / "index.md").read_text(encoding="utf-8")
    assert '<span class="sgs-kingdom" style="--sgs-kingdom: #5b4a8c">Jin</span>' in index
    guozhan = (docs / "modes" / "guozhan.md").read_text(encoding="utf-8")
    assert "Jin · 晋 · 진 (expansion)" in guozhan
    assert "gz_simazhao.md" in guozhan
    assert (out / "html" / "generals" / "gz_wangyuanji.html").is_file()

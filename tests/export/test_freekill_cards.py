"""Cards in the FreeKill export: an expansion's new cards become FreeKill cards (a card
package with fk.CreateCard, card and equip skills, translations, the deck list); a card
using an unmapped word is reported with it; FreeKill's own standard cards are not
re-exported."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.export.freekill.package import rich
from tests.conftest import TESTS, golden
from tests.export.conftest import need

CARDS = TESTS / "export" / "data" / "fkcards"
BREAKERS = TESTS / "export" / "data" / "breakers"
GOLDEN = TESTS / "export" / "golden" / "cards"
runner = CliRunner()


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("fk") / "sgsx"
    result = runner.invoke(app, ["export", "freekill", str(out), "--data", str(CARDS)])
    assert result.exit_code == 0, result.output
    return out, result.output


def test_reports_cards_and_the_word_that_stopped_one(package: tuple[Path, str]) -> None:
    out, report = package
    assert "7 of 8 cards (11 deck copies)" in report
    assert "not exportable (1 card; the word with no FreeKill mapping):" in report  # not "1 cards"
    assert "  spyglass: look_hand (no FreeKill mapping)" in report
    assert "  fkcards: card spyglass: 1 copy of a card not exported" in report
    assert not (out / "cards" / "spyglass.lua").exists()  # never half-emitted
    assert "sgsx__spyglass" not in (out / "init.lua").read_text(encoding="utf-8")


def test_a_card_package_beside_the_generals(package: tuple[Path, str]) -> None:
    init = (package[0] / "init.lua").read_text(encoding="utf-8")
    assert 'local card_extension = Package:new("sgsx_cards", Package.CardPack)' in init
    assert 'card_extension:loadSkillSkelsByPath("./packages/sgsx/cards")' in init
    assert init.rstrip().endswith("return { extension, card_extension }")
    # each kind of card with FreeKill's type, subtype, range and skill
    for spec in ('    name = "sgsx__poison_arrow",\n    type = Card.TypeBasic,\n'
                 '    skill = "sgsx__poison_arrow_skill",',
                 '    name = "sgsx__war_drums",\n    type = Card.TypeTrick,\n'
                 '    multiple_targets = true,\n    skill = "sgsx__war_drums_skill",',
                 '    name = "sgsx__ambush",\n    type = Card.TypeTrick,\n'
                 '    is_damage_card = true,',
                 '    name = "sgsx__drought",\n    type = Card.TypeTrick,\n'
                 '    sub_type = Card.SubtypeDelayedTrick,',
                 '    name = "sgsx__hook_spear",\n    type = Card.TypeEquip,\n'
                 '    sub_type = Card.SubtypeWeapon,\n    attack_range = 3,\n'
                 '    equip_skill = "#sgsx__hook_spear_skill",',
                 '    sub_type = Card.SubtypeArmor,\n'
                 '    equip_skill = "#sgsx__bronze_shield_skill",',
                 '    sub_type = Card.SubtypeOffensiveRide,'):
        assert spec in init, spec


def test_the_deck_list_is_card_specs(package: tuple[Path, str]) -> None:
    init = (package[0] / "init.lua").read_text(encoding="utf-8")
    assert 'card_extension:addCardSpec("sgsx__poison_arrow", Card.Spade, 8)' in init
    assert 'card_extension:addCardSpec("sgsx__hook_spear", Card.Diamond, 12)' in init
    # a copy of a standard card is FreeKill's own card, under its own name
    assert 'card_extension:addCardSpec("slash", Card.Heart, 11)' in init
    assert init.count("addCardSpec(") == 11


def test_standard_cards_are_freekills_own(package: tuple[Path, str]) -> None:
    """FreeKill's standard_cards package already defines every bundled card; the export
    neither redefines them nor adds a second standard deck."""
    out = package[0]
    init = (out / "init.lua").read_text(encoding="utf-8")
    assert '"sgsx__slash"' not in init and '"sgsx__crossbow"' not in init
    assert sorted(p.name for p in (out / "cards").glob("*.lua")) == [
        "ambush.lua", "bronze_shield.lua", "drought.lua", "hanxue.lua", "hook_spear.lua",
        "poison_arrow.lua", "war_drums.lua"]


def test_no_card_package_without_cards(tmp_path: Path) -> None:
    out = tmp_path / "p"
    assert runner.invoke(app, ["export", "freekill", str(out), "--no-tests"]).exit_code == 0
    init = (out / "init.lua").read_text(encoding="utf-8")
    assert "card_extension" not in init and init.rstrip().endswith("return extension")
    assert not (out / "cards").exists()


def test_translations_of_cards(package: tuple[Path, str]) -> None:
    init = (package[0] / "init.lua").read_text(encoding="utf-8")
    assert '["sgsx__poison_arrow"] = "毒箭",' in init
    assert ('[":sgsx__poison_arrow"] = "基本牌<br />'
            '出牌阶段，对一名你攻击范围内的其他角色使用。') in init
    assert '[":sgsx__hook_spear"] = "装备牌·武器（攻击范围3）<br />' in init
    assert '["#sgsx__hook_spear_skill"] = "钩镰枪",' in init
    assert '["sgsx__poison_arrow"] = "Poison Arrow",' in init
    assert '[":sgsx__hanxue"] = "Equipment · −1 horse<br />' in init


@pytest.mark.parametrize("card", ["poison_arrow", "war_drums", "drought", "hook_spear",
                                  "bronze_shield"])
def test_golden_card_files(package: tuple[Path, str], card: str) -> None:
    golden(GOLDEN / f"{card}.lua", (package[0] / "cards" / f"{card}.lua").read_text(
        encoding="utf-8"))


def test_scenarios_about_cards_are_the_cards_tests(package: tuple[Path, str]) -> None:
    out = package[0]
    arrow = (out / "cards" / "poison_arrow.lua").read_text(encoding="utf-8")
    assert arrow.count("skel:addTest(") == 2
    assert "-- scenario card_poison_arrow_dodged.yaml" in arrow
    assert 'room:printCard("sgsx__poison_arrow", Card.Spade, 8)' in arrow
    # an exported card is known by its exact name (its true name is our bare id)
    assert 'd.card.name == "sgsx__poison_arrow"' in arrow
    assert (out / "cards" / "drought.lua").read_text(encoding="utf-8").count("addTest(") == 3


def test_card_names_and_texts_are_escaped(tmp_path: Path) -> None:
    out = tmp_path / "brk"
    result = runner.invoke(app, ["export", "freekill", str(out), "--data", str(BREAKERS),
                                 "--no-tests"])
    assert result.exit_code == 0, result.output
    init = (out / "init.lua").read_text(encoding="utf-8")
    assert '["brk__shard"] = "碎片\\"]] --[[&lt;b&gt;",' in init
    assert ('["brk__shard"] = "Sh\\"ard ]=] \\\\ -- [[ &#37;s &amp;amp; '
            '&lt;font color=red&gt;",') in init
    assert 'card_extension:addCardSpec("brk__shard", Card.Club, 3)' in init
    luac = need("luac5.4")
    for path in sorted(out.rglob("*.lua")):
        proc = subprocess.run([luac, "-p", str(path)], capture_output=True, text=True,
                              timeout=60)
        assert proc.returncode == 0, proc.stderr


def test_descriptions_are_escaped_rich_text() -> None:
    assert rich('<b>x</b> & "y"') == '&lt;b&gt;x&lt;/b&gt; &amp; "y"'


def test_generated_card_lua_compiles_and_is_luacheck_clean(
        package: tuple[Path, str]) -> None:
    luac = need("luac5.4")
    for path in sorted(package[0].rglob("*.lua")):
        proc = subprocess.run([luac, "-p", str(path)], capture_output=True, text=True,
                              timeout=60)
        assert proc.returncode == 0, proc.stderr
    luacheck = need("luacheck")
    proc = subprocess.run([luacheck, "--no-color", "-q", "."], cwd=package[0],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr

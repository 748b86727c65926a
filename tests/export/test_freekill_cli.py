"""`sgs export freekill`: the package it writes, its report, its errors and exit codes."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from tests.conftest import TESTS, golden
from tests.export.conftest import need

BREAKERS = TESTS / "export" / "data" / "breakers"
GOLDEN = TESTS / "export" / "golden"
runner = CliRunner()


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("fk") / "sgsx"
    result = runner.invoke(app, ["export", "freekill", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def breakers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("fk") / "brk"
    result = runner.invoke(app, ["export", "freekill", str(out), "--data", str(BREAKERS),
                                 "--no-tests"])
    assert result.exit_code == 0, result.output
    return out


def test_writes_a_package_and_reports_what_it_left_out(tmp_path: Path) -> None:
    out = tmp_path / "mypack"
    result = runner.invoke(app, ["export", "freekill", str(out)])
    assert result.exit_code == 0, result.output
    assert "wrote FreeKill package 'mypack'" in result.output
    assert "not exportable" in result.output
    # a refused skill is named with the word that stopped it
    assert "  guhuo: disguise" in result.output
    init = (out / "init.lua").read_text(encoding="utf-8")
    assert 'Package:new("mypack")' in init
    assert 'loadSkillSkelsByPath("./packages/mypack/skills")' in init
    assert 'General:new(extension, "mypack__zhangfei", "shu", 4, 4, General.Male)' in init
    assert (out / "skills" / "jianxiong.lua").is_file()
    assert not (out / "skills" / "guhuo.lua").exists()  # never half-emitted
    assert (out / "script.lua").is_file() and (out / ".luacheckrc").is_file()


def test_names_are_prefixed_so_freekill_keeps_its_own(package: Path) -> None:
    init = (package / "init.lua").read_text(encoding="utf-8")
    assert '"caocao"' not in init and '"sgsx__zhangfei"' in init
    text = (package / "skills" / "ganglie.lua").read_text(encoding="utf-8")
    assert 'name = "sgsx__ganglie"' in text


def test_translations_carry_our_names_and_generated_text(package: Path) -> None:
    init = (package / "init.lua").read_text(encoding="utf-8")
    assert '["sgsx__zhangfei"] = "张飞",' in init
    assert '[":sgsx__jianxiong"] = "当你受到伤害后，你可以获得造成此伤害的牌。",' in init
    assert '}, "en_US")' in init and '["sgsx__zhangfei"] = "Zhang Fei",' in init


def test_choice_options_have_their_own_generated_text(package: Path) -> None:
    init = (package / "init.lua").read_text(encoding="utf-8")
    assert "选项" not in init and '"option ' not in init
    # an option reads as it does inside the skill's text, where the chooser is not named
    # again (the rules text: "伤害来源选择一项：弃置两张手牌；或你对其造成1点伤害")
    assert '["sgsx__ganglie_choice1"] = "弃置两张手牌",' in init
    assert '["sgsx__ganglie_choice2"] = "discard 2 hand cards' not in init
    assert '["sgsx__ganglie_choice1"] = "discard 2 hand cards",' in init


@pytest.mark.parametrize("skill", ["jianxiong", "ganglie", "yingzi", "kongcheng", "longdan",
                                   "tuxi", "paoxiao", "kurou", "liuli", "hujia", "leiji",
                                   "guidao", "wangzun", "wushuang", "tongji", "mashu",
                                   "jijiang", "rende", "yiji", "fanjian", "jiuyuan",
                                   "jiuyuan&"])
def test_golden_skill_files(package: Path, skill: str) -> None:
    golden(GOLDEN / f"{skill}.lua", (package / "skills" / f"{skill}.lua").read_text(
        encoding="utf-8"))


def test_granted_action_is_an_attached_skill(package: Path) -> None:
    """救援 is the lord's; its action is FreeKill's attached skill, given to the others."""
    main = (package / "skills" / "jiuyuan.lua").read_text(encoding="utf-8")
    assert 'attached_skill_name = "sgsx__jiuyuan&",' in main and "addEffect" not in main
    granted = (package / "skills" / "jiuyuan&.lua").read_text(encoding="utf-8")
    assert 'name = "sgsx__jiuyuan&",' in granted and 'owner:hasSkill("sgsx__jiuyuan")' in granted
    assert "Skill.Lord" not in granted and granted.count("addTest(") == 2
    init = (package / "init.lua").read_text(encoding="utf-8")
    assert '["sgsx__jiuyuan&"] = "救援",' in init


def test_golden_init(package: Path) -> None:
    golden(GOLDEN / "init.lua", (package / "init.lua").read_text(encoding="utf-8"))


def test_breakers_are_escaped(breakers: Path) -> None:
    init = (breakers / "init.lua").read_text(encoding="utf-8")
    assert '["brk__breaker"] = "破\\"军]] --[[ &lt;i&gt;&#37;1",' in init
    assert '"Break\\"er ]] -- [==[ \\\\ end"' in init
    assert '["brk__shatter"] = "碎]]\\"--&#37;",' in init
    assert '"Shat\\"ter ]]--[[ &#37;s \\\\"' in init


def _lua_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.lua"))


def test_generated_lua_compiles(package: Path, breakers: Path) -> None:
    luac = need("luac5.4")
    for path in _lua_files(package) + _lua_files(breakers):
        # one file per run: Debian's luac5.4 crashes on several at once
        proc = subprocess.run([luac, "-p", str(path)], capture_output=True, text=True,
                              timeout=60)
        assert proc.returncode == 0, proc.stderr


def test_generated_lua_is_luacheck_clean(package: Path, breakers: Path) -> None:
    luacheck = need("luacheck")
    for folder in (package, breakers):
        proc = subprocess.run([luacheck, "--no-color", "-q", "."], cwd=folder,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr


def test_refuses_a_non_empty_folder_without_force(tmp_path: Path) -> None:
    out = tmp_path / "pk"
    out.mkdir()
    (out / "mine.txt").write_text("keep me", encoding="utf-8")
    result = runner.invoke(app, ["export", "freekill", str(out), "--no-tests"])
    assert result.exit_code == 2
    assert "not empty; use --force" in result.output
    result = runner.invoke(app, ["export", "freekill", str(out), "--no-tests", "--force"])
    assert result.exit_code == 0, result.output
    assert (out / "mine.txt").read_text(encoding="utf-8") == "keep me"


def test_force_removes_only_stale_generated_skills(tmp_path: Path) -> None:
    out = tmp_path / "pk"
    assert runner.invoke(app, ["export", "freekill", str(out), "--no-tests"]).exit_code == 0
    stale = out / "skills" / "gone.lua"
    stale.write_text((out / "skills" / "jianxiong.lua").read_text(encoding="utf-8"),
                     encoding="utf-8")
    own = out / "skills" / "handmade.lua"
    own.write_text("return nil\n", encoding="utf-8")
    assert runner.invoke(app, ["export", "freekill", str(out), "--no-tests",
                               "--force"]).exit_code == 0
    assert not stale.exists() and own.exists()


def test_bad_package_name_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "freekill", str(tmp_path / "Bad-Name")])
    assert result.exit_code == 2
    assert "package name 'Bad-Name'" in result.output and "--name" in result.output
    result = runner.invoke(app, ["export", "freekill", str(tmp_path / "x"), "--name", "a b"])
    assert result.exit_code == 2



@pytest.mark.parametrize("name", ["standard", "standard_cards", "maneuvering", "test"])
def test_a_package_name_freekill_ships_is_refused(tmp_path: Path, name: str) -> None:
    """Review, session 7: `sgs export freekill ./standard` wrote a package that, copied into
    FreeKill's packages/ as the README says, replaces FreeKill's own standard package (and
    its card package would be FreeKill's standard_cards)."""
    result = runner.invoke(app, ["export", "freekill", str(tmp_path / name)])
    assert result.exit_code == 2, result.output
    assert f"package name {name!r}" in result.output and "FreeKill" in result.output
    assert not (tmp_path / name).exists()

def test_out_is_a_file(tmp_path: Path) -> None:
    f = tmp_path / "pkfile"
    f.write_text("x", encoding="utf-8")
    result = runner.invoke(app, ["export", "freekill", str(f), "--no-tests"])
    assert result.exit_code == 2 and "is a file" in result.output


def test_missing_data_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "freekill", str(tmp_path / "p"), "--data",
                                 str(tmp_path / "nope")])
    assert result.exit_code == 2 and "no such file or folder" in result.output


def test_strict_fails_when_something_is_not_exportable(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "freekill", str(tmp_path / "p"), "--strict",
                                 "--no-tests"])
    assert result.exit_code == 1
    assert (tmp_path / "p" / "init.lua").is_file()


def test_data_with_problems_exits_1(tmp_path: Path) -> None:
    exp = tmp_path / "exp"
    (exp / "generals").mkdir(parents=True)
    (exp / "expansion.yaml").write_text(
        (BREAKERS / "expansion.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (exp / "generals" / "bad.yaml").write_text(
        "kind: general\nid: bad\nname: {zh: 坏, en: Bad, ko: 나쁨}\nset: breakers\n"
        "kingdom: wu\ngender: male\nhp: 4\nskills:\n  - id: oops\n    name: {zh: 错, en: Oops}\n"
        "    tags: []\n    effect: |\n      after take_damage:\n        draw banana\n",
        encoding="utf-8")
    result = runner.invoke(app, ["export", "freekill", str(tmp_path / "p"), "--data",
                                 str(exp)])
    assert result.exit_code == 1
    assert "bad.yaml:" in result.output and "run 'sgs validate'" in result.output
    assert not (tmp_path / "p").exists()


def test_expansion_generals_are_exported(breakers: Path) -> None:
    init = (breakers / "init.lua").read_text(encoding="utf-8")
    assert '"brk__breaker", "wu", 4, 4, General.Male):addSkills { "brk__shatter" }' in init


def test_force_never_replaces_a_file_the_export_did_not_write(tmp_path: Path) -> None:
    """Session 6 review: with --force a user's own init.lua (or a skill file of theirs with
    a generated name) was overwritten; now nothing is written and the file is named."""
    out = tmp_path / "pk"
    out.mkdir()
    (out / "init.lua").write_text("-- my own package\n", encoding="utf-8")
    (out / "skills").mkdir()
    (out / "skills" / "jianxiong.lua").write_text("return 'mine'\n", encoding="utf-8")
    result = runner.invoke(app, ["export", "freekill", str(out), "--no-tests", "--force"])
    assert result.exit_code == 2, result.output
    assert "init.lua" in result.output and "skills/jianxiong.lua" in result.output
    assert (out / "init.lua").read_text(encoding="utf-8") == "-- my own package\n"
    assert (out / "skills" / "jianxiong.lua").read_text(encoding="utf-8") == "return 'mine'\n"
    assert sorted(p.name for p in out.rglob("*")) == ["init.lua", "jianxiong.lua", "skills"]


def test_a_symlink_in_the_package_is_refused_not_followed(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("precious", encoding="utf-8")
    out = tmp_path / "pk"
    assert runner.invoke(app, ["export", "freekill", str(out), "--no-tests"]).exit_code == 0
    (out / "script.lua").unlink()
    (out / "script.lua").symlink_to(target)
    result = runner.invoke(app, ["export", "freekill", str(out), "--no-tests", "--force"])
    assert result.exit_code == 2 and "script.lua" in result.output, result.output
    assert target.read_text(encoding="utf-8") == "precious"


def test_an_interrupted_export_leaves_whole_files(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Each file is written beside its place and renamed into it: a disk that fills up
    halfway through a file leaves every file whole (here the earlier export's) and no
    temporary file behind."""
    out = tmp_path / "pk"
    assert runner.invoke(app, ["export", "freekill", str(out), "--no-tests"]).exit_code == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    real = Path.write_text
    calls: list[Path] = []

    def write_text(self: Path, text: str, *args: object, **kwargs: object) -> int:
        calls.append(self)
        if len(calls) == 3:  # half the file reaches the disk, then it is full
            real(self, text[:len(text) // 2], encoding="utf-8")
            raise OSError(28, "No space left on device")
        return real(self, text, encoding="utf-8")

    monkeypatch.setattr(Path, "write_text", write_text)
    result = runner.invoke(app, ["export", "freekill", str(out), "--no-tests", "--force"])
    assert result.exit_code == 2 and "No space left on device" in result.output
    monkeypatch.undo()
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert set(after) == set(before)  # no temporary file left, none lost
    assert all(after[p] == before[p] for p in after)  # none half-written

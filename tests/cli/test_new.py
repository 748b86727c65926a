"""`sgs new general|skill|card|expansion` and `sgs init`: scaffolding as a designer uses it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.data.loader import load_file, loads
from sgs_tools.scaffold import names, scalar

runner = CliRunner()

GENERAL = ["new", "general", "--no-input", "--id", "zhangxiu", "--zh", "张绣",
           "--en", "Zhang Xiu", "--ko", "장수", "--kingdom", "qun", "--hp", "4",
           "--skill", "congjian:从谏:Heeding:종간",
           "--skill", "xiongluan:雄乱:Chaos:웅란:limited",
           "--skill", "juexing:觉醒:Wake:각성:awakening"]


@pytest.fixture()
def exp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["init", "pack", "--no-input", "--zh", "我的扩展",
                               "--en", "My Pack"])
    assert made.exit_code == 0, made.output
    monkeypatch.chdir(tmp_path / "pack")
    return tmp_path / "pack"


def test_init_writes_a_repository_that_validates(exp: Path) -> None:
    for name in ("expansion.yaml", "README.md", ".gitignore", ".pre-commit-config.yaml",
                 ".github/workflows/sgs.yml", "schemas/general.schema.json",
                 "schemas/scenario.schema.json", "generals", "cards", "tests"):
        assert (exp / name).exists(), name
    workflow = (exp / ".github/workflows/sgs.yml").read_text(encoding="utf-8")
    for step in ("sgs validate --format github", "sgs validate --format sarif",
                 "upload-sarif", "sgs test", "sgs simulate"):
        assert step in workflow
    ignore = (exp / ".gitignore").read_text(encoding="utf-8")
    assert "/sgs-site/" in ignore and ".sgs-cache/\n" in ignore  # the build and the cache
    assert "id: sgs-validate" in (exp / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    head = (exp / "expansion.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert head == "# yaml-language-server: $schema=schemas/expansion.schema.json"
    checked = runner.invoke(app, ["validate"])
    assert checked.exit_code == 0, checked.output  # the CI files are not data


def test_init_never_overwrites_without_force(exp: Path) -> None:
    (exp / "README.md").write_text("mine\n", encoding="utf-8")
    again = runner.invoke(app, ["init", ".", "--no-input", "--id", "pack", "--zh", "x"])
    assert again.exit_code == 2
    assert "expansion.yaml exists; use --force" in again.output
    assert "nothing written" in again.output
    assert (exp / "README.md").read_text(encoding="utf-8") == "mine\n"
    forced = runner.invoke(app, ["init", ".", "--no-input", "--id", "pack", "--zh", "x",
                                 "--force"])
    assert forced.exit_code == 0, forced.output
    assert (exp / "README.md").read_text(encoding="utf-8") != "mine\n"


def test_init_in_an_existing_repository_keeps_its_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`sgs init` in a repository that has a README, a .gitignore and pre-commit hooks of
    its own: they stay, the .gitignore gains the lines it lacks, the rest is written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "README.md").write_text("# Mine\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("dist/\n.venv/", encoding="utf-8")
    (tmp_path / ".pre-commit-config.yaml").write_text("repos: []\n", encoding="utf-8")
    made = runner.invoke(app, ["init", "--no-input", "--id", "mine", "--zh", "我的"])
    assert made.exit_code == 0, made.output
    assert (tmp_path / "README.md").read_text(encoding="utf-8") == "# Mine\n"
    assert (tmp_path / ".pre-commit-config.yaml").read_text(encoding="utf-8") == "repos: []\n"
    assert "kept README.md" in made.output and "add to its repos:" in made.output
    ignore = (tmp_path / ".gitignore").read_text(encoding="utf-8")
    assert ignore.startswith("dist/\n.venv/\n# Added by 'sgs new expansion'")
    assert "/sgs-site/\n" in ignore and ignore.count(".venv/") == 1
    assert made.output.rstrip().endswith("next: sgs new general")
    assert (tmp_path / "expansion.yaml").is_file()
    assert runner.invoke(app, ["validate"]).exit_code == 0


def test_new_general_writes_validates_and_renders(exp: Path) -> None:
    made = runner.invoke(app, GENERAL)
    assert made.exit_code == 0, made.output
    text = (exp / "generals/zhangxiu.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../schemas/general.schema.json\n")
    assert "name: {zh: 张绣, en: Zhang Xiu, ko: 장수}" in text
    assert "set: pack" in text and "tags: [limited]" in text
    assert "[zh] 从谏: 摸牌阶段，你多摸一张牌。" in made.output
    assert "[en] Heeding: You draw 1 extra card in your draw phase." in made.output
    assert "[ko] 웅란:" in made.output
    for skill in ("congjian", "xiongluan", "juexing"):
        assert (exp / "tests" / f"{skill}.yaml").is_file()
    tested = runner.invoke(app, ["test"])
    assert tested.exit_code == 0, tested.output
    assert "3 scenarios: 3 passed" in tested.output


def test_new_general_refuses_clashes_and_bad_answers(exp: Path) -> None:
    taken = runner.invoke(app, ["new", "general", "--no-input", "--id", "caocao", "--zh", "x",
                                "--kingdom", "wei", "--hp", "4"])
    assert taken.exit_code == 2
    assert ("general id 'caocao' is taken: the base game has it "
            "(generals/standard/caocao.yaml)") in taken.output
    bad = runner.invoke(app, ["new", "general", "--no-input", "--id", "x1", "--zh", "x",
                              "--kingdom", "weii", "--hp", "4"])
    assert bad.exit_code == 2 and "did you mean 'wei'?" in bad.output
    missing = runner.invoke(app, ["new", "general", "--no-input", "--id", "x1", "--zh", "x",
                                  "--kingdom", "wei"])
    assert missing.exit_code == 2 and "--hp is required with --no-input" in missing.output
    skill = runner.invoke(app, ["new", "general", "--no-input", "--id", "x1", "--zh", "x",
                                "--kingdom", "wei", "--hp", "3", "--skill", "ganglie:刚烈"])
    assert skill.exit_code == 2 and "skill id 'ganglie' is taken" in skill.output
    assert not (exp / "generals" / "x1.yaml").exists()
    assert runner.invoke(app, GENERAL).exit_code == 0
    twice = runner.invoke(app, [*GENERAL])
    assert twice.exit_code == 2
    assert "general id 'zhangxiu' is taken: defined in generals/zhangxiu.yaml:4:5" \
        in twice.output
    assert runner.invoke(app, [*GENERAL, "--force"]).exit_code == 0


def test_new_general_asks_again_until_an_answer_is_good(exp: Path) -> None:
    answers = "\n".join([
        "Bad Id", "lingju",          # id: refused, then accepted
        "吕玲绮", "Lü Lingqi", "",     # names; no Korean
        "weii", "qun",               # kingdom: refused, then accepted
        "0", "4",                    # hp
        "female",
        "shenwei", "神威", "Divine Might", "신위", "lockd", "locked",
        "",                          # no more skills
    ]) + "\n"
    made = runner.invoke(app, ["new", "general"], input=answers)
    assert made.exit_code == 0, made.output
    assert "'Bad Id' is not an id" in made.output
    assert "unknown kingdom 'weii' (did you mean 'wei'?)" in made.output
    assert "HP must be a whole number from 1 to 12" in made.output
    assert "unknown tag 'lockd'" in made.output
    text = (exp / "generals/lingju.yaml").read_text(encoding="utf-8")
    assert "name: {zh: 吕玲绮, en: Lü Lingqi}" in text and "tags: [locked]" in text
    assert "gender: female" in text


def test_new_general_outside_an_expansion(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, GENERAL)
    assert result.exit_code == 2
    assert "not inside an expansion" in result.output and "sgs new expansion" in result.output


def test_new_skill_keeps_comments_and_layout(exp: Path) -> None:
    assert runner.invoke(app, GENERAL).exit_code == 0
    path = exp / "generals/zhangxiu.yaml"
    before = path.read_text(encoding="utf-8").replace(
        "skills:\n", "# my own comment\nskills:   # keep me\n")
    before += "notes: |\n  written by hand  # not a comment\n"
    path.write_text(before, encoding="utf-8")
    added = runner.invoke(app, ["new", "skill", "zhangxiu", "--no-input", "--id", "fanji",
                                "--zh", "反击", "--en", "Counter", "--ko", "반격",
                                "--tags", "locked"])
    assert added.exit_code == 0, added.output
    after = path.read_text(encoding="utf-8")
    head, tail = before.split("notes:", 1)
    assert after.startswith(head) and after.endswith("notes:" + tail)
    assert "  - id: fanji\n    name: {zh: 反击, en: Counter, ko: 반격}\n    tags: [locked]\n" \
        in after
    assert (exp / "tests/fanji.yaml").is_file()
    assert "[ko] 반격:" in added.output
    assert runner.invoke(app, ["validate"]).exit_code == 0


def test_a_general_without_skills_validates_and_takes_one_later(exp: Path) -> None:
    made = runner.invoke(app, ["new", "general", "--no-input", "--id", "mizhu", "--zh", "糜竺",
                               "--en", "Mi Zhu", "--ko", "미축", "--kingdom", "shu",
                               "--hp", "3"])
    assert made.exit_code == 0, made.output
    path = exp / "generals/mizhu.yaml"
    assert path.read_text(encoding="utf-8").endswith("hp: 3\nskills: []\n")
    added = runner.invoke(app, ["new", "skill", "mizhu", "--no-input", "--id", "ziyuan",
                                "--zh", "资援", "--en", "Funding", "--ko", "자원"])
    assert added.exit_code == 0, added.output
    assert "skills:\n  - id: ziyuan\n" in path.read_text(encoding="utf-8")


def test_a_guozhan_general_gets_guozhan_scenarios(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """An expansion joining identity and Guozhan asks which health a general counts; a
    Guozhan general gets starter scenarios at a Guozhan table, and they pass."""
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["init", "both", "--no-input", "--zh", "两用", "--mode",
                               "identity", "--mode", "guozhan"])
    assert made.exit_code == 0, made.output
    monkeypatch.chdir(tmp_path / "both")
    answers = "\n".join(["gz_yanghu", "羊祜", "Yang Hu", "양호", "wei", "hpp", "halves", "4",
                         "male", "gz_huaiyuan", "怀远", "Far Embrace", "회원", "",
                         "gz_chongxin", "崇信", "Trust", "숭신", "awakening", ""]) + "\n"
    made = runner.invoke(app, ["new", "general"], input=answers)
    assert made.exit_code == 0, made.output
    assert "unknown kind of health 'hpp'" in made.output
    assert "halves: 4\n" in (tmp_path / "both/generals/gz_yanghu.yaml").read_text("utf-8")
    scenario = (tmp_path / "both/tests/gz_huaiyuan.yaml").read_text(encoding="utf-8")
    assert "mode: guozhan\n" in scenario and "{generals: [gz_yanghu, gz_" in scenario
    added = runner.invoke(app, ["new", "skill", "gz_yanghu", "--no-input", "--id",
                                "gz_x", "--zh", "兴", "--tags", "limited"])
    assert added.exit_code == 0, added.output
    tested = runner.invoke(app, ["test"])
    assert tested.exit_code == 0, tested.output
    assert "3 scenarios: 3 passed" in tested.output
    whole = runner.invoke(app, ["new", "general", "--no-input", "--id", "yanghu", "--zh",
                                "羊祜", "--kingdom", "wei", "--hp", "4", "--skill",
                                "fuzheng:抚政:Governance"])
    assert whole.exit_code == 0, whole.output
    assert "mode: identity\n" in (tmp_path / "both/tests/fuzheng.yaml").read_text("utf-8")


def test_new_kingdom_declares_it_and_the_editor_schemas_follow(exp: Path) -> None:
    made = runner.invoke(app, ["new", "kingdom", "--no-input", "--id", "jin", "--zh", "晋",
                               "--en", "Jin", "--ko", "진"])
    assert made.exit_code == 0, made.output
    manifest = (exp / "expansion.yaml").read_text(encoding="utf-8")
    assert manifest.endswith('kingdoms:\n  - id: jin\n    name: {zh: 晋, en: Jin, ko: 진}\n'
                             '    colour: "#5b4a8c"\n')
    schema = (exp / "schemas/general.schema.json").read_text(encoding="utf-8")
    assert '"jin"' in schema and "**晋** · Jin · 진" in schema
    answers = "\n".join(["wei", "jin", "yue", "越", "Yue", "월", "red", ""]) + "\n"
    asked = runner.invoke(app, ["new", "kingdom"], input=answers)
    assert asked.exit_code == 0, asked.output
    assert "kingdom id 'wei' is taken: it is a base kingdom" in asked.output
    assert "kingdom id 'jin' is taken: expansion 'pack' declares it" in asked.output
    assert "'red' is not a colour" in asked.output
    manifest = (exp / "expansion.yaml").read_text(encoding="utf-8")
    assert manifest.endswith('  - id: yue\n    name: {zh: 越, en: Yue, ko: 월}\n'
                             '    colour: "#8c4a6b"\n')  # the next unused default colour
    general = runner.invoke(app, [*GENERAL[:12], "jin", *GENERAL[13:]])
    assert general.exit_code == 0, general.output
    scenario_schema = (exp / "schemas/scenario.schema.json").read_text(encoding="utf-8")
    assert '"zhangxiu"' in scenario_schema  # the new general, valid in its scenarios


def test_new_skill_refuses_a_bundled_general(exp: Path) -> None:
    result = runner.invoke(app, ["new", "skill", "caocao", "--no-input", "--id", "x2",
                                 "--zh", "x"])
    assert result.exit_code == 2 and "is not part of the expansion" in result.output


def test_new_card_adds_the_card_and_a_copy(exp: Path) -> None:
    first = runner.invoke(app, ["new", "card", "--no-input", "--id", "bronze_sword",
                                "--zh", "铜剑", "--en", "Bronze Sword", "--type", "equipment",
                                "--subtype", "weapon", "--range", "3", "--suit", "club",
                                "--rank", "10"])
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, ["new", "card", "--no-input", "--id", "plum", "--zh", "梅",
                                 "--type", "basic", "--rank", "Q"])
    assert second.exit_code == 0, second.output
    cards = load_file(exp / "cards/cards.yaml").data
    assert [c["id"] for c in cards["cards"]] == ["bronze_sword", "plum"]
    assert cards["cards"][0]["range"] == 3
    deck = load_file(exp / "cards/deck.yaml").data
    assert deck["cards"] == [{"card": "bronze_sword", "suit": "club", "rank": 10},
                             {"card": "plum", "suit": "spade", "rank": "Q"}]
    assert runner.invoke(app, ["validate"]).exit_code == 0


def test_the_choices_offered_are_the_schemas_values() -> None:
    from sgs_tools.cli import new
    from sgs_tools.data.schemas import schema

    card = schema("card")["$defs"]["card"]["properties"]
    skill = schema("general")["$defs"]["skill"]["properties"]
    assert list(new.SUBTYPES) == card["subtype"]["enum"]
    assert set(new.CARD_TYPES) <= set(card["type"]["enum"])
    assert list(new.TAGS) == skill["tags"]["items"]["enum"]
    assert list(new.GENDERS) == schema("general")["properties"]["gender"]["enum"]
    assert list(new.SUITS) == schema("deck")["$defs"]["entry"]["properties"]["suit"]["enum"]


def test_new_card_of_each_equipment_subtype_validates(exp: Path) -> None:
    from sgs_tools.cli.new import SUBTYPES

    for i, subtype in enumerate(SUBTYPES):
        made = runner.invoke(app, ["new", "card", "--no-input", "--id", f"gear{i}", "--zh",
                                   f"装备{i}", "--type", "equipment", "--subtype", subtype])
        assert made.exit_code == 0, (subtype, made.output)


BREAKERS = ["</title><script>alert(1)</script>", 'say "hi"', "it's", "]] [[", "a: b # c",
            "- dash", "yes", "null", "12", "1e3", "{x}", "&anchor", "*alias", "!tag", "% x",
            "@at", "`tick`", "|", ">", "? q", "  padded ", "tab\there", "back\\slash"]


@pytest.mark.parametrize("value", BREAKERS)
def test_names_read_back_exactly(value: str) -> None:
    doc = loads(f"kind: x\nname: {names({'zh': value, 'en': value})}\n"
                f"plain: {scalar(value)}\n")
    assert doc.data["name"] == {"zh": value, "en": value}
    assert doc.data["plain"] == value


@given(st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30))
def test_any_name_reads_back(value: str) -> None:
    assert loads(f"k: {scalar(value)}\n").data["k"] == value


def test_breakers_in_a_general_file(exp: Path) -> None:
    made = runner.invoke(app, ["new", "general", "--no-input", "--id", "breaker",
                               "--zh", '张"绣</title>', "--en", "a: b # ]]", "--ko", "yes",
                               "--kingdom", "qun", "--hp", "3",
                               "--skill", "poshi:破<script>:It's \"x\":null"])
    assert made.exit_code == 0, made.output
    data = load_file(exp / "generals/breaker.yaml").data
    assert data["name"] == {"zh": '张"绣</title>', "en": "a: b # ]]", "ko": "yes"}
    assert data["skills"][0]["name"] == {"zh": "破<script>", "en": "It's \"x\"", "ko": "null"}


def test_interrupted_writes_leave_nothing(exp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sgs_tools.scaffold as scaffold

    real = scaffold.atomic_write
    calls = []

    def flaky(path: Path, text: str, newline: str = "\n") -> None:
        calls.append(path)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real(path, text, newline)

    monkeypatch.setattr(scaffold, "atomic_write", flaky)
    interrupted = runner.invoke(app, GENERAL)  # click turns Ctrl-C into "Aborted!"
    assert interrupted.exit_code != 0 and len(calls) == 3
    assert not (exp / "generals/zhangxiu.yaml").exists()
    assert not list((exp / "tests").glob("*.yaml"))
    assert not list(exp.rglob("*.tmp"))


@pytest.mark.parametrize("value", ["x\x1by", "x\x7fy", "x\x0cy", "x\u2028y", "x\u0085y", "x\u202ey",
                                   "x\u2067y", "x\udc85y"])
def test_names_with_control_characters_or_bad_bytes_are_refused(exp: Path,
                                                                 value: str) -> None:
    """Review: an ESC in a name went raw into the file's first comment and a byte that was
    not UTF-8 became an escape YAML refuses: `sgs new` wrote a file that did not load."""
    made = runner.invoke(app, ["new", "general", "--no-input", "--id", "ctl", "--zh", "控",
                               "--en", value, "--kingdom", "qun", "--hp", "3"])
    assert made.exit_code == 2, made.output
    assert "--en" in made.output and "Traceback" not in made.output
    assert not (exp / "generals/ctl.yaml").exists()


@given(st.text(st.characters(blacklist_categories=()), max_size=20))
def test_a_comment_of_any_text_loads(value: str) -> None:
    from sgs_tools.scaffold import comment

    assert loads(comment(value) + "k: 1\n").data == {"k": 1}


def test_a_hostile_expansion_name_is_plain_text_in_its_readme(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["init", "evil", "--no-input", "--zh", "坏",
                               "--en", "<img src=x onerror=alert(1)> [a](javascript:x) *b*"])
    assert made.exit_code == 0, made.output
    title = (tmp_path / "evil/README.md").read_text(encoding="utf-8").splitlines()[0]
    assert "<img" not in title and "](" not in title and " *b*" not in title
    assert title.startswith("# &lt;img src=x onerror=alert\\(1\\)")


def _crlf(path: Path, bom: bool = False) -> bytes:
    """Rewrite ``path`` with Windows line endings (and a byte-order mark); its bytes."""
    raw = (b"\xef\xbb\xbf" if bom else b"") + path.read_bytes().replace(b"\n", b"\r\n")
    path.write_bytes(raw)
    return raw


@pytest.mark.parametrize("bom", [False, True])
def test_edits_keep_a_files_windows_line_endings(exp: Path, bom: bool) -> None:
    """Review, session 7: `new skill`, `new card` and `new kingdom` edit a file in place,
    but they turned a CRLF file into LF, so every line showed as changed in a diff."""
    assert runner.invoke(app, GENERAL).exit_code == 0
    general = exp / "generals/zhangxiu.yaml"
    before = _crlf(general, bom)
    added = runner.invoke(app, ["new", "skill", "zhangxiu", "--no-input", "--id", "fanji",
                                "--zh", "反击", "--en", "Counter", "--ko", "반격"])
    assert added.exit_code == 0, added.output
    after = general.read_bytes()
    assert after.startswith(before) and b"  - id: fanji\r\n" in after
    assert b"\n" not in after.replace(b"\r\n", b"")
    assert runner.invoke(app, ["new", "card", "--no-input", "--id", "plum", "--zh", "梅",
                               "--type", "basic", "--rank", "Q"]).exit_code == 0
    for name in ("cards/cards.yaml", "cards/deck.yaml", "expansion.yaml"):
        _crlf(exp / name, bom)
    assert runner.invoke(app, ["new", "card", "--no-input", "--id", "pear", "--zh", "梨",
                               "--type", "basic", "--rank", "K"]).exit_code == 0
    made = runner.invoke(app, ["new", "kingdom", "--no-input", "--id", "jin", "--zh", "晋",
                               "--en", "Jin", "--ko", "진"])
    assert made.exit_code == 0, made.output
    for name in ("cards/cards.yaml", "cards/deck.yaml", "expansion.yaml"):
        raw = (exp / name).read_bytes()
        assert raw.startswith(b"\xef\xbb\xbf") == bom, name
        assert b"\n" not in raw.replace(b"\r\n", b""), name
    assert b"pear" in (exp / "cards/cards.yaml").read_bytes()
    assert b"  - id: jin\r\n" in (exp / "expansion.yaml").read_bytes()
    assert runner.invoke(app, ["validate"]).exit_code == 0


def test_a_file_that_does_not_load_is_not_edited(exp: Path) -> None:
    """Review, session 8: `new card` added its item to a cards.yaml with a bracket left
    open (inside the bracket, so the file broke differently) and exited 1 after writing;
    `new skill` on a general whose file did not load said "no general 'zhangxiu'; did you
    mean 'zhangfei'?"."""
    assert runner.invoke(app, GENERAL).exit_code == 0
    assert runner.invoke(app, ["new", "card", "--no-input", "--id", "plum", "--zh", "梅",
                               "--type", "basic", "--rank", "Q"]).exit_code == 0
    cards = exp / "cards/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "  - {id: pear\n", encoding="utf-8")
    before = {p: p.read_bytes() for p in (cards, exp / "cards/deck.yaml")}
    result = runner.invoke(app, ["new", "card", "--no-input", "--id", "peach2", "--zh", "桃",
                                 "--type", "basic", "--rank", "K"])
    assert result.exit_code == 2
    assert "cards/cards.yaml:" in result.output and "is left as it is" in result.output
    assert {p: p.read_bytes() for p in before} == before
    general = exp / "generals/zhangxiu.yaml"
    general.write_text(general.read_text(encoding="utf-8") + "  - {id: x\n", encoding="utf-8")
    kept = general.read_bytes()
    result = runner.invoke(app, ["new", "skill", "zhangxiu", "--no-input", "--id", "fanji",
                                 "--zh", "反击"])
    assert result.exit_code == 2
    assert "general 'zhangxiu' is not loaded: generals/zhangxiu.yaml:" in result.output
    assert "did you mean" not in result.output
    assert general.read_bytes() == kept and not (exp / "tests/fanji.yaml").exists()
    manifest = exp / "expansion.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "modes: [identity]\n",
                        encoding="utf-8")
    kept = manifest.read_bytes()
    result = runner.invoke(app, ["new", "kingdom", "--no-input", "--id", "jin", "--zh", "晋"])
    assert result.exit_code == 2, result.output
    assert manifest.read_bytes() == kept


def test_a_health_kind_no_joined_mode_counts_is_refused_before_writing(
        exp: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review, session 8: `--halves 7` in an expansion joining only identity wrote the
    general (and its scenario), then failed validation ('write hp: instead'), exit 1."""
    result = runner.invoke(app, ["new", "general", "--no-input", "--id", "g9", "--zh", "九",
                                 "--kingdom", "wei", "--halves", "7"])
    assert result.exit_code == 2
    assert "the modes this expansion joins (identity) count whole HP: give --hp" \
        in result.output
    assert not (exp / "generals/g9.yaml").exists()
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["init", "gz", "--no-input", "--zh", "国", "--mode", "guozhan"])
    assert made.exit_code == 0, made.output
    monkeypatch.chdir(tmp_path / "gz")
    result = runner.invoke(app, ["new", "general", "--no-input", "--id", "gz_g9", "--zh",
                                 "九", "--kingdom", "wei", "--hp", "4"])
    assert result.exit_code == 2
    assert "count yin-yang halves: give --halves" in result.output
    assert not (tmp_path / "gz/generals/gz_g9.yaml").exists()


FLOW_GENERAL = """kind: general
id: lisi
name: {zh: 李四, en: Li Si, ko: 이사}
set: pack
kingdom: wei
gender: male
hp: 4
skills: [
  {id: kuai, name: {zh: 快, en: Quick, ko: 쾌}, tags: [locked],
   effect: "draw_count +1"}, {id: huan, name: {zh: 缓, en: Slow, ko: 완}, tags: [],
   effect: "hand_limit +1\\n"}]
notes: kept as written  # and this comment too
"""


def test_new_skill_on_a_flow_style_list_makes_it_a_block_list(exp: Path) -> None:
    """Review, session 8: `new skill` refused a general whose skills were written as a
    flow list (``skills: [...]``, what YAML allows and some designers write)."""
    path = exp / "generals/lisi.yaml"
    path.write_text(FLOW_GENERAL, encoding="utf-8")
    before = load_file(path).data
    added = runner.invoke(app, ["new", "skill", "lisi", "--no-input", "--id", "man",
                                "--zh", "慢", "--en", "Late", "--ko", "만"])
    assert added.exit_code == 0, added.output
    assert "it is now a block list" in added.output
    text = path.read_text(encoding="utf-8")
    assert text.startswith(FLOW_GENERAL.split("skills:")[0] + "skills:\n  - id: kuai\n")
    assert text.endswith("notes: kept as written  # and this comment too\n")
    after = load_file(path).data
    assert after["skills"][:2] == before["skills"]
    assert after["skills"][2]["id"] == "man"
    assert {k: v for k, v in after.items() if k != "skills"} == {
        k: v for k, v in before.items() if k != "skills"}
    assert runner.invoke(app, ["validate"]).exit_code == 0


def test_a_flow_style_list_with_a_comment_is_left_alone(exp: Path) -> None:
    path = exp / "generals/lisi.yaml"
    path.write_text(FLOW_GENERAL.replace("tags: [locked],", "tags: [locked],  # mine"),
                    encoding="utf-8")
    kept = path.read_bytes()
    result = runner.invoke(app, ["new", "skill", "lisi", "--no-input", "--id", "man",
                                 "--zh", "慢"])
    assert result.exit_code == 2
    assert "flow style" in result.output and "around a comment" in result.output
    assert path.read_bytes() == kept and not (exp / "tests/man.yaml").exists()


def test_no_input_names_every_missing_answer_at_once(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Review, session 9: `sgs new general --no-input` in a Guozhan expansion failed on
    --zh, then on --kingdom, then on --halves: three runs to learn three flags."""
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["new", "expansion", "gz", "--no-input", "--mode", "guozhan"])
    assert made.exit_code == 0, made.output
    monkeypatch.chdir(tmp_path / "gz")
    result = runner.invoke(app, ["new", "general", "--no-input", "--id", "gz_a"])
    assert result.exit_code == 2
    assert result.output == ("sgs new general: --zh, --kingdom and --halves are required "
                             "with --no-input\n")
    assert not (tmp_path / "gz/generals/gz_a.yaml").exists()

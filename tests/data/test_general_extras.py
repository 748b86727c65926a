"""What a general file declares beyond its starting skills: skills granted during the game
(钟会's 排异, granted by 自立) and named piles and marks on its general card (权)."""

from __future__ import annotations

from pathlib import Path

from sgs_tools.project import validate
from sgs_tools.sitegen.context import SiteData
from sgs_tools.sitegen.generals import general_markdown

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "yjcm"

EXPANSION = """\
kind: expansion
id: extras
name: {zh: 额外, en: Extras, ko: 추가}
version: "1.0"
modes: [identity]
"""

GENERAL = """\
kind: general
id: tester
name: {zh: 测试, en: Tester, ko: 테스터}
set: extras
kingdom: wei
gender: male
hp: 4
piles:
  - id: mou
    name: {zh: 谋, en: Plan, ko: 모}
skills:
  - id: tester_a
    name: {zh: 甲, en: A, ko: 갑}
    tags: []
    effect: |
      after take_damage:
        put_on_general 1 hand card named mou
        if mou > 2:
          GAIN
granted_skills:
  - id: tester_b
    name: {zh: 乙, en: B, ko: 을}
    tags: []
    effect: |
      action, once per phase:
        put_in_discard_pile 1 mou card
        draw 1
"""


def _expansion(tmp_path: Path, gain: str) -> Path:
    root = tmp_path / "extras"
    (root / "generals").mkdir(parents=True)
    (root / "expansion.yaml").write_text(EXPANSION, encoding="utf-8")
    (root / "generals" / "tester.yaml").write_text(GENERAL.replace("GAIN", gain),
                                                   encoding="utf-8")
    return root


def test_a_granted_skill_and_a_pile_validate(tmp_path: Path) -> None:
    result = validate([_expansion(tmp_path, "gain_skill tester_b")])
    assert result.ok, [p.message for p in result.problems]
    general = result.catalog.generals["tester"]
    assert [s.id for s in result.catalog.skills_of(general)] == ["tester_a"]
    assert [s.id for s in general.granted] == ["tester_b"]
    assert "tester_b" in result.catalog.skills and "tester_b" in result.effects.compiled
    assert [(t.id, t.kind) for t in general.tokens] == [("mou", "pile")]


def test_a_granted_skill_nothing_grants_is_an_error(tmp_path: Path) -> None:
    result = validate([_expansion(tmp_path, "draw 1")])
    found = [p for p in result.problems if p.code == "ungranted-skill"]
    assert len(found) == 1
    assert found[0].location.path.endswith("tester.yaml")
    assert "gain_skill tester_b" in (found[0].hint or "")


def test_a_pile_word_is_the_generals_own(tmp_path: Path) -> None:
    """Another general's pile is no word of this one's effects."""
    root = _expansion(tmp_path, "gain_skill tester_b")
    other = GENERAL.replace("id: tester\n", "id: other\n").replace("tester_", "other_")
    other = other.replace("piles:\n  - id: mou\n    name: {zh: 谋, en: Plan, ko: 모}\n", "")
    (root / "generals" / "other.yaml").write_text(other.replace("GAIN", "draw 1"),
                                                  encoding="utf-8")
    problems = validate([root]).problems
    assert any("mou" in p.message and p.location.path.endswith("other.yaml")
               for p in problems), [p.message for p in problems]


def test_the_site_says_who_grants_a_skill() -> None:
    result = validate([CORPUS])
    site = SiteData(result.catalog, result.effects)
    page = general_markdown(site, result.catalog.generals["zhonghui"])
    assert "### Purge · 排异 · 배이 {#paiyi}" in page
    assert "Not a starting skill: granted by [Self-Reliance](#zili)." in page
    assert page.index("{#zili}") < page.index("{#paiyi}")

"""Glossary terms in Chinese and Korean text (no word spaces, glued particles): tooltips in
the text's language, linked to the numbered rule; the rules page's numbers and anchors."""

from __future__ import annotations

from sgs_tools.sitegen.context import SiteData
from sgs_tools.sitegen.glossary import LOCAL_TAG_TIPS, LOCAL_TIPS, TAGS, TERMS, mark_terms
from sgs_tools.sitegen.rules import rules_markdown
from sgs_tools.sitegen.rulestext import effect_block


def test_every_term_and_tag_has_a_chinese_and_korean_tip() -> None:
    assert set(LOCAL_TIPS) == {t.id for t in TERMS}
    assert set(LOCAL_TAG_TIPS) == set(TAGS)
    for zh, ko in [*LOCAL_TIPS.values(), *LOCAL_TAG_TIPS.values()]:
        assert zh.strip() and ko.strip()
        assert any("\u4e00" <= ch <= "\u9fff" for ch in zh)
        assert any("\uac00" <= ch <= "\ud7a3" for ch in ko)


def test_chinese_terms_are_found_inside_running_text() -> None:
    out = mark_terms("你进行一次判定，然后你与其他角色的距离−1", "zh", "../rules.html")
    assert out.count("<abbr") == 2
    assert '<a class="sgs-term" href="../rules.html#judgement"><abbr title="翻开' in out
    assert "（2.3）" in out  # the rule number, in the tooltip
    assert out.endswith("</abbr></a>−1")


def test_korean_terms_keep_their_particles_outside() -> None:
    out = mark_terms("판정을 한다", "ko", "rules.html")
    assert out.startswith('<a class="sgs-term" href="rules.html#judgement"><abbr title="덱')
    assert out.endswith("판정</abbr></a>을 한다")


def test_a_term_inside_a_link_label_gets_no_nested_link() -> None:
    out = mark_terms("[判定牌](../cards/x.md)，判定", "zh", "r.html")
    label, rest = out.split("](../cards/x.md)")
    assert "<a " not in label and "<abbr" in label
    assert rest.count('<a class="sgs-term"') == 1


def test_english_is_left_to_the_abbr_extension() -> None:
    assert mark_terms("judgement distance", "en", "r.html") == "judgement distance"


def test_effect_block_marks_each_language(fixture_site: SiteData) -> None:
    block = effect_block(fixture_site, "swift", "generals/hero.md")
    assert '<p class="sgs-text" lang="en" markdown="span">' in block
    assert '<p class="sgs-text" lang="zh-Hans" markdown="span">' in block
    assert '<p class="sgs-text" lang="ko" markdown="span">' in block
    assert 'href="../rules.html#distance"' in block


def test_rules_are_numbered_with_stable_anchors(fixture_site: SiteData) -> None:
    page = rules_markdown(fixture_site)
    assert "## 2 Terms {#terms}" in page
    assert "### 2.1 Distance · " in page and "{#distance}" in page
    assert "**2.1.a** " in page and "{: #distance-a }" in page
    assert f"### 2.{len(TERMS)} " in page
    assert '<span id="tag-locked">3.1</span>' in page

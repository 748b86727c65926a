"""Generated pages: golden files for a general, a card, a mode and an SVG face; escaping;
rules text with linked names that reads exactly like `sgs explain`."""

from __future__ import annotations

import re

import markdown
import pytest

from sgs_tools.data.model import Card
from sgs_tools.dsl.effects import explain
from sgs_tools.project import Result
from sgs_tools.sitegen.cards import card_markdown
from sgs_tools.sitegen.context import SiteData
from sgs_tools.sitegen.face import face
from sgs_tools.sitegen.generals import general_markdown
from sgs_tools.sitegen.links import LANGS, Linker
from sgs_tools.sitegen.modes import mode_markdown
from sgs_tools.sitegen.pages import generate
from tests.conftest import golden
from tests.sitegen.conftest import GOLDEN

EXTENSIONS = ["abbr", "attr_list", "md_in_html", "tables", "toc", "pymdownx.details",
              "pymdownx.superfences"]


def to_html(text: str) -> str:
    return markdown.markdown(text, extensions=EXTENSIONS)


def test_golden_general_page(fixture_site: SiteData) -> None:
    hero = fixture_site.cat.generals["hero"]
    golden(GOLDEN / "general_hero.md", general_markdown(fixture_site, hero))


def test_golden_card_page(fixture_site: SiteData) -> None:
    strike = fixture_site.cat.cards["strike"]
    golden(GOLDEN / "card_strike.md", card_markdown(fixture_site, strike))


def test_golden_mode_page(fixture_site: SiteData) -> None:
    mode = fixture_site.cat.modes["fixture_mode"]
    golden(GOLDEN / "mode_fixture.md", mode_markdown(fixture_site, mode))


def test_golden_face(fixture_site: SiteData) -> None:
    for general_id in ("hero", "rogue"):
        general = fixture_site.cat.generals[general_id]
        golden(GOLDEN / f"face_{general_id}.svg",
               face(general, fixture_site.skills_of(general)) + "\n")


def test_names_that_look_like_markup_show_as_text(fixture_site: SiteData) -> None:
    pages = generate(fixture_site.cat, fixture_site.effects).pages
    for path in ("generals/rogue.md", "generals/hero.md", "generals/index.md",
                 "skills/index.md"):
        out = to_html(pages[path])
        assert "<script>alert" not in out, path
        assert "<img src=x" not in out, path
        assert 'href="javascript' not in out, path
        assert "<b>악당</b>" not in out, path
    rogue = to_html(pages["generals/rogue.md"])
    assert ">&lt;script&gt;alert(1)&lt;/script&gt; · &lt;script&gt;" in rogue
    assert "&lt;b&gt;악당&lt;/b&gt;" in rogue
    assert 'id="evil"' not in rogue  # an attr_list in a name is text, not an id
    assert "**Mischief** [x](javascript:alert(1)) {#evil}" in rogue.replace("&lt;", "<")
    rogue_md = pages["generals/rogue.md"]
    assert r"[\*Odd\* &lt;Card&gt;](../cards/odd_card.md)" in rogue_md
    assert "[&lt;奇&gt;](../cards/odd_card.md)" in rogue_md
    assert r"[\_기\_](../cards/odd_card.md)" in rogue_md
    assert '<a href="../cards/odd_card.md">*Odd* &lt;Card&gt;</a>' in rogue
    svg = face(fixture_site.cat.generals["rogue"], [])
    assert "<script>" not in svg and "&lt;script&gt;alert(1)&lt;/script&gt;" in svg


def test_skill_anchors_and_card_links(fixture_site: SiteData) -> None:
    pages = generate(fixture_site.cat, fixture_site.effects).pages
    hero = to_html(pages["generals/hero.md"])
    for skill in ("resolve", "swift", "fervour"):
        assert f'id="{skill}"' in hero
    assert 'href="../cards/strike.md"' in hero  # view red card as strike
    rogue = to_html(pages["generals/rogue.md"])
    assert 'id="resolve"' in rogue and 'href="hero.md"' in rogue  # shared skill, companion
    strike = to_html(pages["cards/strike.md"])
    assert 'href="dodge.md"' in strike
    index = to_html(pages["skills/index.md"])
    assert 'href="../generals/hero.md#resolve"' in index


def _plain(linked: str) -> str:
    """Linked Markdown back to the renderer's plain text."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", linked)
    text = re.sub(r"\\(.)", r"\1", text)
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def test_linked_text_reads_exactly_like_explain(bundled: Result) -> None:
    effects = bundled.effects
    assert effects is not None
    linker = Linker(bundled.catalog, effects)
    assert effects.compiled
    for ident, compiled in effects.compiled.items():
        for lang in LANGS:
            linked = linker.text(compiled, lang, "generals/x.md")
            assert _plain(linked) == " ".join(explain(compiled, effects.names, lang).split()), (
                ident, lang)


@pytest.mark.parametrize("page", ["index.md", "rules.md", "dsl/reference.md",
                                  "modes/samurai.md", "cards/index.md"])
def test_bundled_pages_render(bundled: Result, page: str) -> None:
    assert bundled.effects is not None
    pages = generate(bundled.catalog, bundled.effects).pages
    out = to_html(pages[page])
    assert "<h1" in out


def _shared_line(text: str) -> str:
    lines = [line for line in text.splitlines() if "Shared skill" in line]
    assert len(lines) == 1, lines
    return lines[0]


def test_shared_skill_names_each_other_general_once(expansion_site: SiteData) -> None:
    pages = generate(expansion_site.cat, expansion_site.effects).pages
    # resolve is defined on the Hero's page and re-used by the rogue and the sidekick.
    hero = _shared_line(pages["generals/hero.md"])
    assert "hero.md" not in hero and "defined there" not in hero
    assert "(rogue.md#resolve)" in hero and "(sidekick.md#resolve)" in hero
    for page, other in (("rogue", "sidekick"), ("sidekick", "rogue")):
        line = _shared_line(pages[f"generals/{page}.md"])
        assert line.count("hero.md") == 1, line  # the defining general, once
        assert "[The Hero](hero.md#resolve) (defined there)" in line
        assert f"({other}.md#resolve)" in line
        assert f"({page}.md" not in line  # never the page's own general
        assert "Also on" not in line


def test_set_display_names(expansion_site: SiteData) -> None:
    pages = generate(expansion_site.cat, expansion_site.effects).pages
    label = "Side &lt;b&gt;Pack&lt;/b&gt; · 外传扩展 · 외전 팩 (expansion)"
    assert f"| Set | {label} |" in pages["generals/sidekick.md"]
    assert f"| Set | {label} |" in pages["cards/side_card.md"]
    assert "side\\_pack" not in pages["generals/sidekick.md"]
    index = to_html(pages["generals/index.md"])
    assert "<td>Side &lt;b&gt;Pack&lt;/b&gt;</td>" in index and "<b>Pack" not in index
    cards = pages["cards/index.md"]
    assert "| Side &lt;b&gt;Pack&lt;/b&gt; | Side deck |" in cards


def test_bundled_set_names(bundled: Result) -> None:
    assert bundled.effects is not None
    site = SiteData(bundled.catalog, bundled.effects)
    pages = generate(bundled.catalog, bundled.effects).pages
    caocao = pages["generals/caocao.md"]
    assert "| Set | Standard · 标准版 · 표준판 |" in caocao
    assert "| Also in | Korean edition · 三国杀韩国版 · 삼국살 |" in caocao
    assert ("- [Cao Cao (Hegemony)](gz_caocao.md): Hegemony (Guozhan) · 国战 · 국전, "
            "first edition") in caocao  # other versions
    for general in bundled.catalog.generals.values():
        for set_id in general.sets:
            assert site.set_names(set_id)[0] != set_id, set_id  # every set has a name
    identity = pages["modes/identity.md"]
    assert "| General sets | Standard · 标准版 · 표준판: 25; Wind · 风 · 풍: 3 (28 " in identity


def test_mode_page_counts_expansion_generals(expansion_site: SiteData) -> None:
    pages = generate(expansion_site.cat, expansion_site.effects).pages
    mode = pages["modes/fixture_mode.md"]
    row = next(line for line in mode.splitlines() if line.startswith("| General sets"))
    assert "fixture: 2" in row
    assert "Side &lt;b&gt;Pack&lt;/b&gt; · 外传扩展 · 외전 팩 (expansion): 1" in row
    assert "(3 generals in all" in row
    assert "Modes | [Fixture mode]" in pages["generals/sidekick.md"]
    home = next(line for line in pages["index.md"].splitlines()
                if line.startswith("| [Fixture mode]"))
    assert "| 3 |" in home


def test_home_page_shows_deck_names(expansion_site: SiteData, bundled: Result) -> None:
    home = generate(expansion_site.cat, expansion_site.effects).pages["index.md"]
    row = next(line for line in home.splitlines() if line.startswith("| [Fixture mode]"))
    assert row.endswith("| Fixture deck |"), row
    assert bundled.effects is not None
    home = generate(bundled.catalog, bundled.effects).pages["index.md"]
    row = next(line for line in home.splitlines() if line.startswith("| [Identity mode]"))
    assert row.endswith("| Standard deck |"), row


def test_mode_components_use_names(bundled: Result) -> None:
    assert bundled.effects is not None
    identity = generate(bundled.catalog, bundled.effects).pages["modes/identity.md"]
    assert "| Generals by kingdom | Wei 7, Shu 8, Wu 8, Qun 5 |" in identity
    assert "| Role cards | Lord 1, Loyalist 3, Rebel 4, Renegade 2 |" in identity
    korean = generate(bundled.catalog, bundled.effects).pages["modes/korean.md"]
    assert "Spy 2" in korean  # the mode's own name for the renegade role


def test_korean_edition_has_one_chinese_name(bundled: Result) -> None:
    cat = bundled.catalog
    assert cat.modes["korean"].name.zh == cat.decks["korean"].name.zh == "三国杀韩国版"
    assert bundled.effects is not None
    site = SiteData(cat, bundled.effects)
    assert site.set_names("korean")[1] == "三国杀韩国版"


def test_card_modes_follow_mode_order(bundled: Result) -> None:
    assert bundled.effects is not None
    site = SiteData(bundled.catalog, bundled.effects)
    order = list(bundled.catalog.modes)
    for card_id, modes in site.modes_of_card.items():
        assert modes == sorted(modes, key=order.index), card_id


def test_an_expansion_card_is_in_the_modes_its_expansion_joins(
        expansion_site: SiteData) -> None:
    assert expansion_site.modes_of_card["side_card"] == ["fixture_mode"]


def test_versions_are_labelled_linked_and_compared(bundled: Result) -> None:
    assert bundled.effects is not None
    site = SiteData(bundled.catalog, bundled.effects)
    pages = generate(bundled.catalog, bundled.effects).pages
    assert len(site.versions) == 54  # 27 pairs share a name
    titles = [line for path, text in pages.items() if path.startswith("generals/")
              and path != "generals/index.md" for line in text.splitlines()[:1]]
    assert len(titles) == len(set(titles)) == len(bundled.catalog.generals)
    assert pages["generals/caocao.md"].startswith("# Cao Cao · 曹操 · 조조 (Standard)\n")
    gz = pages["generals/gz_caocao.md"]
    assert gz.startswith("# Cao Cao · 曹操 · 조조 (Hegemony)\n")
    assert "### Versions compared {#versions-compared}" in gz
    head = next(line for line in gz.splitlines() if line.startswith("|  | **Cao Cao"))
    assert "(this page)" in head and "[Cao Cao (Standard)](caocao.md)" in head
    skills = next(line for line in gz.splitlines() if line.startswith("| Skills |"))
    assert "(#gz_jianxiong)" in skills and "(caocao.md#hujia)" in skills
    assert "follows the first edition" in gz
    index = pages["skills/index.md"]
    row = next(line for line in index.splitlines() if "#gz_jianxiong)" in line)
    assert "| Hegemony (Guozhan) |" in row and "[Cao Cao (Hegemony)]" in row
    assert next(line for line in index.splitlines()
                if line.startswith("| Skill |")).startswith("| Skill | 中文 | 한국어 | Set |")
    assert "| Xiahou Dun |" not in pages["generals/index.md"]
    assert "[Cao Cao (Standard)](caocao.md)" in pages["generals/index.md"]
    lone = [g for g in bundled.catalog.generals.values() if g.id not in site.versions]
    assert lone and all(site.version_label(g) is None for g in lone)
    assert all(not pages[f"generals/{g.id}.md"].splitlines()[0].endswith(")")
               for g in lone)


def test_card_page_has_a_face_and_lists_who_mentions_it(bundled: Result) -> None:
    assert bundled.effects is not None
    pages = generate(bundled.catalog, bundled.effects).pages
    jink = pages["cards/jink.md"]
    assert '<div class="sgs-face-box" data-search-exclude><svg' in jink
    assert "## Mentioned by {#card-mentioned-by}" in jink
    assert "- [Dragon Heart](../generals/zhaoyun.md#longdan), skill of [Zhao Yun" in jink
    assert "- [Slash](slash.md) (card)" in jink
    assert "- [Jink](jink.md) (card)" not in jink  # never itself
    crossbow = pages["cards/crossbow.md"]
    assert "Range 1</text>" in crossbow and "♣A</text>" in crossbow
    horse = pages["cards/chitu.md"]
    assert "−1 distance (you to others)</text>" in horse
    samurai = pages["cards/oda_nobunaga.md"]
    assert "Cost 0</text>" in samurai and "Strength 3/2</text>" in samurai


def test_card_face_escapes_every_text() -> None:
    from sgs_tools.data.model import Names
    from sgs_tools.sitegen.cardface import Printed, card_face

    hostile = "</text><script>alert(9)</script>"
    card = Card(id="x", name=Names(zh=hostile, en=hostile, ko='"><svg onload=alert(9)>'),
                type="basic", set="s", subtype=None, range=None, nature=None, effect=None,
                count=1, extra={"unit": hostile}, origin=None)  # type: ignore[arg-type]
    svg = card_face(card, (hostile, hostile), [Printed("heart", "<b>")], hostile + " & more")
    assert "<script" not in svg and "<svg onload" not in svg and "<b>" not in svg
    assert svg.count("<svg") == 1 and "&lt;/text&gt;" in svg


def test_deck_page_grid_and_mode_links(bundled: Result) -> None:
    assert bundled.effects is not None
    pages = generate(bundled.catalog, bundled.effects).pages
    deck = pages["decks/standard.md"]
    assert deck.startswith("# Standard deck · ")
    head = next(line for line in deck.splitlines() if line.startswith("| Suit |"))
    assert head == "| Suit | A | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | J | Q | K |"
    rows = [line for line in deck.splitlines() if line.startswith('| <span class="sgs-suit')]
    assert len(rows) == 4
    assert sum(line.count("](../cards/") for line in rows) == 108
    assert "[Identity mode](../modes/identity.md)" in deck
    identity = pages["modes/identity.md"]
    assert "[Standard deck](../decks/standard.md) (108 cards)" in identity


def test_mode_page_lists_its_own_pool(bundled: Result) -> None:
    assert bundled.effects is not None
    pages = generate(bundled.catalog, bundled.effects).pages
    korean = pages["modes/korean.md"]
    section = korean[korean.index("## General pool {#mode-pool}"):]
    rows = [line for line in section.splitlines() if line.startswith("| [")]
    assert len(rows) == len(bundled.catalog.pool(bundled.catalog.modes["korean"])) == 27
    assert "generals/index.md" not in korean


def test_samurai_rules_read_as_sentences(bundled: Result) -> None:
    assert bundled.effects is not None
    samurai = generate(bundled.catalog, bundled.effects).pages["modes/samurai.md"]
    assert "may declare themselves shogun or declare war." in samurai
    assert "may declare shogun, war" not in samurai
    assert "| Castle attack · 攻城 · 공성 | +1 war strength when attacking castle. |" in samurai
    assert "war bonus:" not in samurai
    odds_at = samurai.index("{#war-odds}")
    assert '<div class="sgs-scroll" markdown>' in samurai[odds_at:]
    assert 'tabindex="0" title="5/12" data-hint="5/12"' in samurai


def test_a_mode_page_lists_the_decks_its_expansions_add(expansion_site: SiteData) -> None:
    pages = generate(expansion_site.cat, expansion_site.effects).pages
    modes = [m for m, mode in expansion_site.cat.modes.items()
             if "side_deck" in expansion_site.cat.decks_of(mode)]
    assert modes
    for m in modes:
        decks_row = next(line for line in pages[f"modes/{m}.md"].splitlines()
                         if line.startswith("| Decks |"))
        assert "Side deck" in decks_row


def test_mode_pages_give_the_engine_gap_count(bundled: Result,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 8: each mode page says whether the engine plays it and counts the Library's
    engine gaps (0 in every bundled mode); a gap is named, escaped."""
    assert bundled.effects is not None
    site = SiteData(bundled.catalog, bundled.effects)
    for mode_id, count in (("guozhan", 137), ("identity", 77)):
        page = mode_markdown(site, bundled.catalog.modes[mode_id])
        assert (f"| Reference engine | plays this mode; all {count} skills and cards run "
                "from their hooks (0 engine gaps) |") in page
    samurai = mode_markdown(site, bundled.catalog.modes["samurai"])
    assert "| Reference engine | plays this mode; all " in samurai
    monkeypatch.setitem(site.library.gaps, "gz_fangquan", ["action <b>x</b>"])
    page = mode_markdown(site, bundled.catalog.modes["guozhan"])
    assert ("1 of its 137 skills and cards use words it cannot run (1 engine gap): "
            "`gz_fangquan` (action &lt;b&gt;x&lt;/b&gt;)") in page

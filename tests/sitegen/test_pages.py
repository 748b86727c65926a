"""Generated pages: golden files for a general, a card, a mode and an SVG face; escaping;
rules text with linked names that reads exactly like `sgs explain`."""

from __future__ import annotations

import re

import markdown
import pytest

from sgs_tools.data.validate import Result
from sgs_tools.dsl.effects import explain
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

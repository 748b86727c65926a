"""Hostile data → a built site where every name is text: the stored-XSS regression
(issue 15: a general named ``</title><script>alert(9)</script>`` broke out of the page
``<title>``, which the theme un-escapes when it strips tags).

The fixture data plus ``tests/sitegen/hostile`` (a general, a skill and a card whose names
are breakers in every language) is built with mkdocs; then every generated HTML page is
parsed and each element, attribute and script body checked: no element or attribute the
data could have injected, no script holding the payload, the payload visible as text in
the title and heading, and the search index holding only escaped text.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sgs_tools import paths
from sgs_tools.data.catalog import Catalog, cross_check
from sgs_tools.data.loader import load_file
from sgs_tools.dsl.effects import compile_catalog
from sgs_tools.sim import reports
from sgs_tools.sitegen.build import Layout, build_site, mkdocs_missing
from tests.sitegen.conftest import DATA, HERE

HOSTILE = HERE / "hostile"
PAYLOAD = "</title><script>alert(9)</script>"
needs_mkdocs = pytest.mark.skipif(mkdocs_missing() is not None,
                                  reason="mkdocs-material is not installed")


class Page(HTMLParser):
    """Every element with its attributes, every script body, the title and h1 text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.scripts: list[str] = []
        self.title = ""
        self.titles = 0
        self.h1 = ""
        self._stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, attrs))
        if tag in ("script", "title", "h1"):
            self._stack.append(tag)
            if tag == "script":
                self.scripts.append("")
            if tag == "title":
                self.titles += 1

    def handle_endtag(self, tag: str) -> None:
        if self._stack and self._stack[-1] == tag:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        if not self._stack:
            return
        where = self._stack[-1]
        if where == "script":
            self.scripts[-1] += data
        elif where == "title" and self.titles == 1:  # the page's, not an SVG's
            self.title += data
        elif where == "h1":
            self.h1 += data


def hostile_catalog() -> Catalog:
    cat = Catalog()
    for path in sorted(DATA.rglob("*.yaml")) + sorted(HOSTILE.glob("*.yaml")):
        doc = load_file(path, path.relative_to(HERE).as_posix())
        cat.add(doc, str(doc.data["kind"]))
    cross_check(cat)
    return cat


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if mkdocs_missing():
        pytest.skip(str(mkdocs_missing()))
    cat = hostile_catalog()
    effects = compile_catalog(cat)
    assert not effects.problems, effects.problems
    tmp = tmp_path_factory.mktemp("hostile")
    report = reports.load(HOSTILE / "balance-report.json")
    result = build_site(cat, effects, Layout.make(paths.bundled_root() / "site",
                                                  tmp / "build", tmp / "html"),
                        balance=[(PAYLOAD, report), ("villain-report", report)])
    assert result.ok, result.output[-2000:]
    return tmp / "html"


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


@needs_mkdocs
def test_no_page_holds_an_injected_element_attribute_or_script(hostile_site: Path) -> None:
    pages = sorted(hostile_site.rglob("*.html"))
    assert len(pages) > 10
    for path in pages:
        page = parse(path)
        for tag, attrs in page.elements:
            assert not (tag == "img" and ("src", "x") in attrs), (path, tag, attrs)
            assert not (tag == "svg" and any(k == "onload" for k, _ in attrs)), path
            for name, value in attrs:
                assert not name.startswith("on"), (path, tag, name, value)
                assert "alert(9)" not in name, (path, tag, name)
                assert not (value or "").lower().startswith("javascript:"), (path, tag, name)
        for body in page.scripts:
            assert "alert(9)" not in body and "alert(1)" not in body, (path, body[:200])


@needs_mkdocs
def test_the_payload_shows_as_text_in_title_and_heading(hostile_site: Path) -> None:
    general = parse(hostile_site / "generals/villain.html")
    assert general.title.startswith(PAYLOAD + " · " + PAYLOAD), general.title
    assert general.title.endswith(" - Sanguosha rules reference")
    assert PAYLOAD in general.h1
    card = parse(hostile_site / "cards/villain_card.html")
    assert card.title.startswith('"><img src=x onerror=alert(9)> · ' + PAYLOAD), card.title
    deck = parse(hostile_site / "decks/villain_deck.html")
    assert deck.title.startswith("<img src=x onerror=alert(9)> · " + PAYLOAD), deck.title
    rogue = parse(hostile_site / "generals/rogue.html")
    assert "<script>alert(1)</script>" in rogue.title
    balance = parse(hostile_site / "balance/villain-report.html")
    assert PAYLOAD in balance.h1  # the mode's id, shown as text
    text = (hostile_site / "balance/villain-report.html").read_text(encoding="utf-8")
    assert text.count("&lt;/title&gt;&lt;script&gt;alert(9)&lt;/script&gt;") > 5
    assert "<svg onload" not in text and "<img src=x" not in text
    assert (hostile_site / "balance/title-script-alert-9-script.html").is_file()


@needs_mkdocs
def test_a_declared_kingdom_shows_as_text_in_faces_tables_and_modes(hostile_site: Path
                                                                     ) -> None:
    """An expansion's kingdom: its names are text wherever they land, and a colour that is
    not a hex colour is never written into an attribute (the default is drawn instead)."""
    page = (hostile_site / "generals/turncoat.html").read_text(encoding="utf-8")
    assert "&lt;/title&gt;&lt;script&gt;alert(9)&lt;/script&gt;" in page  # the name, as text
    assert "alert(9)</script><x" not in page and '<x a="' not in page
    start = page.index('class="sgs-face"')
    face = page[start:page.index("</svg>", start)]
    assert "#5a4a7a" in face  # the default colour: the declared one is not a colour
    assert "&lt;" in face  # the glyph: the Chinese name's first character, escaped
    index = (hostile_site / "generals/index.html").read_text(encoding="utf-8")
    assert 'class="sgs-kingdom" style="--sgs-kingdom: #5a4a7a"' in index
    mode = (hostile_site / "modes/fixture_mode.html").read_text(encoding="utf-8")
    assert "(expansion)" in mode and "<script>alert(9)" not in mode


@needs_mkdocs
def test_search_index_holds_escaped_text_only(hostile_site: Path) -> None:
    script = (hostile_site / "search/search_index.js").read_text(encoding="utf-8")
    index = json.loads(script[script.index("{"):script.rindex("}") + 1])
    allowed = {"p", "ul", "ol", "li", "pre", "code", "a", "strong", "em", "span", "table",
               "thead", "tbody", "tr", "th", "td", "abbr", "div", "br", "blockquote", "sup",
               "dl", "dt", "dd"}
    for doc in index["docs"]:
        for field in ("title", "text"):
            page = Page()
            page.feed(doc[field])
            tags = {tag for tag, _ in page.elements}
            assert tags <= allowed, (doc["location"], field, tags - allowed)
            assert not page.scripts, doc["location"]


@needs_mkdocs
def test_a_mode_name_is_text_in_the_nav_header_and_title(hostile_site: Path) -> None:
    """Review: a mode's English name became the mkdocs nav title, which the theme writes
    raw into every page's navigation and the mode page's header: a stored XSS on every
    page (the hostile fixtures had no hostile mode)."""
    shown = '"><img src=x onerror=alert(9)>'
    index = (hostile_site / "index.html").read_text(encoding="utf-8")
    assert "&#34;&gt;&lt;img src=x onerror=alert(9)&gt;" in index or (
        "&quot;&gt;&lt;img src=x onerror=alert(9)&gt;" in index)
    mode = parse(hostile_site / "modes/villain_mode.html")
    assert mode.title.startswith(shown), mode.title
    assert not any(tag == "img" and ("src", "x") in attrs for tag, attrs in mode.elements)

"""The built site in a real browser: Debian's Chromium driven by Playwright.

Navigates from the index to a general, follows a card link inside a rendered skill text,
searches in three languages (the top result for a fixed list of queries), reads glossary
tooltips in English, Chinese and Korean text, switches the language, checks dark mode, the
phone width (no horizontal scroll at 390 px), the index filters, the first-load weight and
404.html opened from a folder, visits every page for console errors and checks every link
and anchor. Screenshots of a general page and a mode page are kept in ``test-artifacts/``.
CI installs ``chromium`` and ``fonts-noto-cjk``; elsewhere the test is skipped when the
browser is missing (and fails instead when ``CI`` is set).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import posixpath
import shutil
import threading
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import TESTS

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = TESTS.parent / "test-artifacts"
BALANCE = TESTS / "sitegen" / "balance"
"""Balance reports (real `sgs balance` runs) the test site shows on its Balance pages."""


def _need(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser test cannot run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from sgs_tools import paths
    from sgs_tools.project import validate
    from sgs_tools.sim import reports
    from sgs_tools.sitegen.build import Layout, build_site

    result = validate()
    assert result.ok and result.effects is not None
    work = tmp_path_factory.mktemp("browser-site")
    layout = Layout.make(paths.bundled_root() / "site", work / "build", work / "html")
    balance = [(p.stem, reports.load(p)) for p in sorted(BALANCE.glob("*.json"))]
    built = build_site(result.catalog, result.effects, layout, balance=balance)
    assert built.ok, built.output[-2000:]
    return layout.out


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need("playwright is not installed")
    if not Path(CHROMIUM).exists():
        _need("Debian's chromium is not installed (apt-get install chromium)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"])
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.console_errors = errors
    try:
        yield page
    finally:
        context.close()


def _search(page: Any, query: str, expected: str) -> list[str]:
    """Type ``query`` into the search box as a user would and wait for ``expected``.

    Material runs a query on key-up (``fill`` sends no key events) and once more when its
    index worker reports ready. So the query is typed key by key; if the index is still
    loading (slow on a busy machine), a later key-up re-runs it.
    """
    box = page.locator("input.md-search__input")
    if not box.is_visible():
        page.locator(".md-header__button[for='__search']").first.click()
    box.click()
    box.press_sequentially(query, delay=10)
    hit = page.locator(".md-search-result__item", has_text=expected).first
    for _ in range(12):
        try:
            hit.wait_for(timeout=5_000)
            break
        except Exception:  # playwright's TimeoutError: nudge the query and wait again
            box.press("End")
            box.press("Space")
            box.press("Backspace")
    return [t.strip() for t in page.locator(".md-search-result__item").all_inner_texts()]


def test_index_to_general_to_card(page: Any, server: str) -> None:
    page.goto(f"{server}/generals/index.html")
    page.locator("a[href='guanyu.html']").first.click()
    page.wait_for_url("**/generals/guanyu.html")
    assert page.locator("#wusheng").count() == 1  # stable skill anchor
    assert page.locator("svg").count() >= 1  # the generated card face
    link = page.locator("a[href='../cards/slash.html']").first
    link.click()
    page.wait_for_url("**/cards/slash.html")
    assert "Slash" in page.title() or "杀" in page.inner_text("h1")
    assert page.console_errors == []


@pytest.mark.parametrize(("query", "expected"), [("曹操", "曹操"), ("조조", "조조"),
                                                 ("Cao Cao", "Cao Cao")])
def test_search_finds_a_general(page: Any, server: str, query: str, expected: str) -> None:
    page.goto(f"{server}/index.html")
    results = _search(page, query, expected)
    assert any(expected in r for r in results), results
    assert page.console_errors == []


def test_glossary_tooltip(page: Any, server: str) -> None:
    page.goto(f"{server}/generals/guanyu.html")
    abbr = page.locator("abbr[title]").first
    assert abbr.count() == 1
    assert len(abbr.get_attribute("title") or "") > 10
    abbr.hover()
    assert page.console_errors == []


def test_screenshots(page: Any, server: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(f"{server}/generals/caocao.html")
    page.screenshot(path=str(ARTIFACTS / "general-caocao.png"), full_page=True)
    page.goto(f"{server}/modes/identity.html")
    page.screenshot(path=str(ARTIFACTS / "mode-identity.png"), full_page=True)
    assert (ARTIFACTS / "general-caocao.png").stat().st_size > 10_000
    assert (ARTIFACTS / "mode-identity.png").stat().st_size > 10_000
    assert page.console_errors == []


TOP_RESULTS = [("slash", "Slash · "), ("杀", "Slash · "), ("살", "Slash · "),
               ("Cao Cao", "Cao Cao · "), ("曹操", "Cao Cao · "), ("조조", "Cao Cao · "),
               ("jink", "Jink · "), ("闪", "Jink · "), ("섬", "Jink · ")]


def _titles(results: list[str]) -> list[str]:
    return [r.split("\n")[0].replace("\u200b", "") for r in results]


@pytest.mark.parametrize(("query", "top"), TOP_RESULTS)
def test_exact_name_ranks_first(page: Any, server: str, query: str, top: str) -> None:
    page.goto(f"{server}/index.html")
    results = _titles(_search(page, query, top.split(" · ")[0]))
    page.wait_for_timeout(300)  # the re-ranking runs as results are drawn
    results = _titles(page.locator(".md-search-result__item").all_inner_texts())
    assert results and results[0].startswith(top), results[:5]
    assert page.console_errors == []


def test_chinese_search_finds_names_containing_the_character(page: Any, server: str) -> None:
    page.goto(f"{server}/index.html")
    _search(page, "杀", "Slash")
    page.wait_for_timeout(300)
    results = _titles(page.locator(".md-search-result__item").all_inner_texts())
    first = {name: next(i for i, r in enumerate(results) if r.startswith(name))
             for name in ("Slash · ", "Fire Slash · ", "Thunder Slash · ")}
    home = [i for i, r in enumerate(results) if r.startswith("Sanguosha rules reference")]
    assert first["Slash · "] == 0
    assert not home or max(first.values()) < home[0], results[:8]


def test_a_skill_name_finds_its_generals_by_version(page: Any, server: str) -> None:
    page.goto(f"{server}/index.html")
    _search(page, "奸雄", "Cao Cao")
    results = _titles(page.locator(".md-search-result__item").all_inner_texts())
    assert any(r.startswith("Cao Cao · 曹操 · 조조 (Standard)") for r in results), results
    assert any(r.startswith("Cao Cao · 曹操 · 조조 (Hegemony)") for r in results), results


@pytest.mark.parametrize(("lang", "css_lang"), [("zh", "zh-Hans"), ("ko", "ko")])
def test_cjk_tooltip_in_the_texts_language(page: Any, server: str, lang: str,
                                          css_lang: str) -> None:
    page.goto(f"{server}/generals/daqiao.html")  # 流离 … 弃置 / 버리
    term = page.locator(f'p.sgs-text[lang="{css_lang}"] a.sgs-term abbr[title]').first
    assert term.count() == 1
    title = term.get_attribute("title") or ""
    low, high = ("\u4e00", "\u9fff") if lang == "zh" else ("\uac00", "\ud7a3")
    assert any(low <= ch <= high for ch in title), title
    term.hover()
    href = page.locator(f'p.sgs-text[lang="{css_lang}"] a.sgs-term').first.get_attribute(
        "href") or ""
    assert href.startswith("../rules.html#")
    page.locator(f'p.sgs-text[lang="{css_lang}"] a.sgs-term').first.click()
    page.wait_for_url("**/rules.html#*")
    anchor = href.split("#", 1)[1]
    assert page.locator(f"[id='{anchor}']").count() == 1
    assert page.console_errors == []


def test_language_switch(page: Any, server: str) -> None:
    page.goto(f"{server}/generals/caocao.html")
    english = page.locator('p.sgs-text[lang="en"]').first
    chinese = page.locator('p.sgs-text[lang="zh-Hans"]').first
    assert english.is_visible() and chinese.is_visible()  # no choice: all three
    page.locator("select.sgs-lang-picker").select_option("zh")
    assert chinese.is_visible() and not english.is_visible()
    assert page.locator("input.md-search__input").get_attribute("placeholder") == "搜索"
    assert "曹操 · Cao Cao" in page.inner_text("h1")
    assert page.locator("#general-skills").inner_text().startswith("技能")
    page.locator(".sgs-more-langs").first.click()  # the others are a click away
    assert english.is_visible()
    page.goto(f"{server}/cards/slash.html")  # remembered on the next page
    assert page.locator("html").get_attribute("data-sgs-lang") == "zh"
    assert not page.locator('p.sgs-text[lang="en"]').first.is_visible()
    page.locator("select.sgs-lang-picker").select_option("ko")
    assert page.locator('p.sgs-text[lang="ko"]').first.is_visible()
    assert page.console_errors == []


def test_dark_mode_follows_the_system_and_toggles(browser: Any, server: str) -> None:
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(f"{server}/index.html")
        body = page.locator("body")
        assert body.get_attribute("data-md-color-scheme") == "slate"
        page.locator("label.md-header__button[for^='__palette']:visible").first.click()
        assert body.get_attribute("data-md-color-scheme") == "default"
    finally:
        context.close()


PHONE_PAGES = ["index.html", "modes/samurai.html", "modes/korean.html", "decks/standard.html",
               "generals/index.html", "cards/index.html", "skills/index.html",
               "generals/gz_caocao.html", "cards/slash.html", "rules.html",
               "dsl/reference.html", "data-format.html", "balance/index.html",
               "balance/identity-5p-focus-zhouyu.html",
               "balance/guozhan-4p-focus-gz_caocao.html"]


def test_no_horizontal_scroll_on_a_phone(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        wide = {}
        for path in PHONE_PAGES:
            page.goto(f"{server}/{path}")
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 390:
                wide[path] = width
        assert not wide, wide
        page.goto(f"{server}/modes/samurai.html")
        cell = page.locator("#war-odds ~ .sgs-scroll .sgs-hint").nth(5)
        cell.scroll_into_view_if_needed()
        cell.tap()  # the exact fraction shows on touch too
        hint = page.evaluate("(el) => getComputedStyle(el, '::after').content",
                             cell.element_handle())
        assert "/" in hint, hint
    finally:
        context.close()


def test_index_filter_accepts_plain_letters_and_lives_in_the_url(page: Any,
                                                                 server: str) -> None:
    page.goto(f"{server}/generals/index.html")
    box = page.locator(".sgs-filter-bar input[type=search]").first
    box.fill("lu bu")
    box.dispatch_event("input")
    rows = [r for r in page.locator(".sgs-filter tbody tr:visible").all_inner_texts()]
    assert rows and all("Lü Bu" in r for r in rows), rows
    assert "q=lu+bu" in page.url
    page.goto(f"{server}/generals/index.html?q=%E5%A5%B8%E9%9B%84")  # 奸雄, a skill name
    rows = page.locator(".sgs-filter tbody tr:visible").all_inner_texts()
    assert rows and all("Cao Cao" in r for r in rows), rows
    assert page.console_errors == []


def test_first_load_stays_under_the_budget(page: Any, server: str) -> None:
    sizes: dict[str, int] = {}

    def count(response: Any) -> None:
        if response.url.startswith(("blob:", "data:")):
            return  # made in memory (the index handed to the search worker), not fetched
        with contextlib.suppress(Exception):  # a redirect or aborted request has no body
            sizes[response.url] = len(response.body())

    page.on("response", count)
    page.goto(f"{server}/generals/caocao.html", wait_until="networkidle")
    total = sum(sizes.values())
    assert total < 1_500_000, sorted(sizes.items(), key=lambda kv: -kv[1])[:5]
    assert any(url.endswith("search_index.js") for url in sizes)
    assert not any(url.endswith((".map", "search_index.json")) for url in sizes)


def test_balance_page_shows_charts_with_whiskers(page: Any, server: str) -> None:
    page.goto(f"{server}/index.html")
    page.locator(".md-tabs__link", has_text="Balance").click()
    page.wait_for_url("**/balance/index.html")
    page.locator("a[href='identity-5p-focus-zhouyu.html']").click()
    page.wait_for_url("**/balance/identity-5p-focus-zhouyu.html")
    charts = page.locator("svg.sgs-chart")
    assert charts.count() >= 7  # focus, four roles, the lord by seat, the skills
    for i in range(charts.count()):
        box = charts.nth(i).bounding_box()
        assert box and box["width"] > 250 and box["height"] > 60, (i, box)
        label = charts.nth(i).get_attribute("aria-labelledby") or ""
        assert page.locator(f"[id='{label.split()[0]}']").count() == 1
    lord = page.locator("#cells-lord ~ .sgs-chart-box svg").first
    bars = lord.locator("rect.sgs-bar")
    assert bars.count() > 3 and lord.locator("path.sgs-whisker").count() == bars.count()
    assert lord.locator("path.sgs-reference").count() == bars.count()  # the pool's rate
    widths = [(bars.nth(i).bounding_box() or {}).get("width", 0) for i in range(bars.count())]
    assert max(widths) > 20, widths
    # the numbers are in a table beside the chart
    table = page.locator("#cells-lord ~ .sgs-scroll table").first
    assert table.locator("tbody tr").count() == bars.count()
    main = lord.locator("text.sgs-label-main").first
    chinese = lord.locator("text.sgs-label-zh-Hans").first
    assert main.is_visible() and not chinese.is_visible()
    page.locator("select.sgs-lang-picker").select_option("zh")
    assert chinese.is_visible() and not main.is_visible()
    assert page.locator("#outliers").inner_text().startswith("异常值")
    assert "主公" in page.locator("#cells-lord").inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "balance-identity.png"), full_page=True)
    page.goto(f"{server}/balance/guozhan-4p-focus-gz_caocao.html")
    faction = page.locator("#kingdoms ~ .sgs-chart-box svg").first
    assert faction.locator("rect.sgs-bar").count() >= 4
    assert page.locator("#focus ~ .sgs-chart-box svg rect.sgs-bar").count() >= 2
    assert page.console_errors == []


def test_404_works_from_a_folder(page: Any, site: Path) -> None:
    page.goto((site / "404.html").as_uri())
    assert page.evaluate(
        "getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    assert page.console_errors == []


def _all_pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


def test_every_page_loads_without_console_errors(page: Any, server: str, site: Path) -> None:
    """Every page, with the search index replaced by an empty one: building the search
    index in every page's worker would take minutes, and search has its own tests."""
    pages = _all_pages(site)
    assert len(pages) > 200
    index = (site / "search/search_index.js").read_text(encoding="utf-8")
    data = json.loads(index[index.index("{"):index.rindex("}") + 1])
    empty = "var __index = " + json.dumps({"config": data["config"], "docs": []})
    page.route("**/search/search_index.js",
               lambda route: route.fulfill(body=empty, content_type="text/javascript"))
    failures = {}
    for path in pages:
        page.console_errors.clear()
        page.goto(f"{server}/{path}", wait_until="load")
        if page.console_errors:
            failures[path] = list(page.console_errors)
    assert not failures, dict(list(failures.items())[:5])


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if values.get("name") and tag == "a":
            self.ids.add(str(values["name"]))
        for key in ("href", "src"):
            if values.get(key) and tag in ("a", "link", "script", "img"):
                self.links.append(str(values[key]))


def test_no_broken_links_or_anchors(site: Path) -> None:
    parsed = {}
    for path in _all_pages(site):
        links = _Links()
        links.feed((site / path).read_text(encoding="utf-8"))
        parsed[path] = links
    broken = []
    for path, links in parsed.items():
        if path == "404.html":
            continue
        for link in links.links:
            if link.startswith(("http:", "https:", "mailto:", "data:", "javascript:")):
                continue
            target, _, anchor = link.partition("#")
            target = target.split("?", 1)[0]
            resolved = path
            if target:
                resolved = posixpath.normpath(posixpath.join(posixpath.dirname(path), target))
            missing_anchor = (anchor and resolved.endswith(".html")
                              and anchor not in parsed[resolved].ids)
            if not (site / resolved).exists() or missing_anchor:
                broken.append((path, link))
    assert not broken, broken[:10]

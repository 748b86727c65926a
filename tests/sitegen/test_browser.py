"""The built site in a real browser: Debian's Chromium driven by Playwright.

Navigates from the index to a general, follows a card link inside a rendered skill text,
searches in Chinese and in Korean, reads a glossary tooltip, and fails on any console
error. Screenshots of a general page and a mode page are kept in ``test-artifacts/``.
CI installs ``chromium`` and ``fonts-noto-cjk``; elsewhere the test is skipped when the
browser is missing (and fails instead when ``CI`` is set).
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import TESTS

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = TESTS.parent / "test-artifacts"


def _need(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser test cannot run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from sgs_tools import paths
    from sgs_tools.data.validate import validate
    from sgs_tools.sitegen.build import Layout, build_site

    result = validate()
    assert result.ok and result.effects is not None
    work = tmp_path_factory.mktemp("browser-site")
    layout = Layout.make(paths.bundled_root() / "site", work / "build", work / "html")
    built = build_site(result.catalog, result.effects, layout)
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

"""Escaping helpers: whatever the data holds, Markdown and HTML show it as text."""

from __future__ import annotations

import markdown
import pytest

from sgs_tools.sitegen.markup import code, fenced, html, md, md_code

EXTENSIONS = ["abbr", "attr_list", "md_in_html", "tables", "toc"]
NASTY = [
    "<script>alert(1)</script>",
    "**bold** _it_ `code` [x](javascript:alert(1)) ![i](x.png)",
    "# heading",
    "- item",
    "1. item",
    "> quote",
    "a | b",
    "{#id .cls}",
    "&amp; & < >",
    "\\*",
    "<img src=x onerror=alert(1)>",
]


def render(text: str) -> str:
    return markdown.markdown(text, extensions=EXTENSIONS)


@pytest.mark.parametrize("text", NASTY)
def test_md_shows_text_literally(text: str) -> None:
    out = render(f"before {md(text)} after")
    assert out.startswith("<p>")
    assert "<script" not in out and "<img" not in out and "<a " not in out
    assert "<strong>" not in out and "<em>" not in out and "<code>" not in out
    # the visible text is the input
    import html as std

    visible = std.unescape(out.removeprefix("<p>").removesuffix("</p>"))
    assert visible == f"before {text} after"


@pytest.mark.parametrize("text", NASTY)
def test_md_is_safe_at_line_start_and_in_tables(text: str) -> None:
    out = render(md(text))
    assert out.startswith("<p>"), out
    table = render(f"| a | b |\n|---|---|\n| {md(text)} | x |\n")
    assert table.count("<td>") == 2, table


def test_html_escapes_quotes_and_drops_markers() -> None:
    assert html('"><script>') == "&quot;&gt;&lt;script&gt;"
    assert html("a\ue000b") == "ab"


def test_code_span_and_fence_hold_backticks() -> None:
    assert render(code("a ` b")) == "<p><code>a ` b</code></p>"
    block = fenced("```\ninner\n```")
    assert block.startswith("````")
    assert "inner" in render(block)


def test_md_code_keeps_backticked_words_as_code() -> None:
    out = render(md_code("the `cards` are *those* <b>"))
    assert out == "<p>the <code>cards</code> are *those* &lt;b&gt;</p>"

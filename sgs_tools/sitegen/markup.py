"""Untrusted text → safe Markdown / HTML / SVG text: every name from the data passes here.

Data can hold anything (a general named ``<script>alert(1)</script>``); what it holds must
show as text. ``md`` escapes for inline Markdown (HTML entities for ``& < >``, backslashes
for the characters Markdown would read as syntax), ``html`` for raw HTML text and attribute
values, ``code`` wraps text in a code span whose fence is longer than any backtick run.
"""

from __future__ import annotations

import html as _html
import re

_MD_INLINE = re.compile(r"([\\`*_{}\[\]|])")
_MD_LEADING = re.compile(r"^(?:([#>+\-])|(\d+)\.)")
_PRIVATE = re.compile("[\ue000-\ue0ff]")


def md(text: object, *, keep_markers: bool = False) -> str:
    """Inline Markdown showing ``text`` literally, on one line.

    Private-use characters are dropped unless ``keep_markers`` (the link markers of
    ``links.Linker``, replaced right after escaping).
    """
    value = " ".join(str(text).split())
    if not keep_markers:
        value = _PRIVATE.sub("", value)
    value = _html.escape(value, quote=False)
    value = _MD_INLINE.sub(r"\\\1", value)
    m = _MD_LEADING.match(value)
    if m and m.group(1):  # a heading, quote or list marker
        value = "\\" + value
    elif m:  # an ordered-list number: escape its dot
        value = f"{m.group(2)}\\.{value[m.end():]}"
    return value


def md_code(text: object) -> str:
    """Like ``md``, but `backticked` words become code spans (for vocabulary docs)."""
    parts = re.split(r"`([^`\n]+)`", " ".join(str(text).split()))
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(code(part))
        elif part.strip():
            lead = " " if part[0].isspace() else ""
            trail = " " if part[-1].isspace() else ""
            out.append(lead + md(part) + trail)
        else:
            out.append(part)
    return "".join(out)


def html(text: object) -> str:
    """Text for raw HTML (element text and quoted attribute values)."""
    return _html.escape(_PRIVATE.sub("", str(text)), quote=True)


def code(text: object) -> str:
    """A Markdown code span holding ``text`` exactly (one line)."""
    value = " ".join(str(text).split())
    longest = max((len(run) for run in re.findall(r"`+", value)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if value.startswith("`") or value.endswith("`") else ""
    return f"{fence}{pad}{value}{pad}{fence}"


def fenced(text: str, lang: str = "") -> str:
    """A fenced code block holding ``text`` exactly."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    body = text.rstrip("\n")
    return f"{fence}{lang}\n{body}\n{fence}\n"


def slug(text: str) -> str:
    """An HTML id from an id-like string (our ids are already slugs)."""
    return re.sub(r"[^a-z0-9_-]+", "-", text.lower()).strip("-") or "x"


def table(headers: list[str], rows: list[list[str]]) -> str:
    """A Markdown table; cells must already be escaped Markdown. An empty cell shows "—"
    (nothing to say), not a blank that reads like a rendering fault."""
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    out.extend("| " + " | ".join(cell if cell.strip() else "—" for cell in row) + " |"
               for row in rows)
    return "\n".join(out) + "\n"

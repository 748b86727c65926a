"""Lua text helpers: every string that comes from data goes through here."""

from __future__ import annotations

import re

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_KEYWORDS = frozenset([
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
    "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"])


def string(text: str) -> str:
    """A double-quoted Lua string literal for any text (quotes, ``]]``, newlines, NULs,
    control characters and non-ASCII are all safe; non-ASCII stays readable UTF-8)."""
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\{code:03d}")
        elif 0xD800 <= code <= 0xDFFF:  # a lone surrogate cannot be encoded: write U+FFFD
            out.append("\\u{FFFD}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def comment(text: str, indent: str = "") -> str:
    """``text`` as Lua line comments, one ``--`` per line; nothing in it can end the
    comment early or start a long bracket that swallows code (a line comment ends at the
    line's end, and control characters are shown as ``?``)."""
    lines = []
    for line in text.splitlines() or [""]:
        clean = "".join(ch if ch >= " " or ch == "\t" else "?" for ch in line).rstrip()
        lines.append(f"{indent}-- {clean}".rstrip())
    return "\n".join(lines)


def is_identifier(text: str) -> bool:
    """Whether ``text`` can be written bare (a Lua name that is not a keyword)."""
    return bool(_IDENT.fullmatch(text)) and text not in _KEYWORDS

"""Line counting, once for the whole tool: every line and column a problem reports comes
from here, so the checker, lark, the YAML reader and the report agree on where a line ends.

Two kinds of text, two sets of line breaks:

- a data file counts lines as libyaml does (its marks give the positions of YAML errors):
  ``\\r\\n``, ``\\r``, ``\\n``, NEL (``\\x85``), LINE SEPARATOR (U+2028) and PARAGRAPH
  SEPARATOR (U+2029) each end a line; ``\\f``, ``\\v`` and the other characters that
  :meth:`str.splitlines` splits on do not;
- effect text counts lines as lark does: only ``\\n`` ends a line (``\\r\\n`` is made
  ``\\n`` first); any other break character is an unexpected character on its line.
"""

from __future__ import annotations

import re

FILE_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")
"""What ends a line in a data file (libyaml's line breaks)."""


def file_lines(text: str) -> list[str]:
    """The lines of a data file, without their breaks (a last empty line is dropped)."""
    lines = FILE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def file_line_col(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of ``text[index]`` in a data file."""
    line, start = 1, 0
    for m in FILE_BREAK.finditer(text, 0, index):
        if m.end() > index:  # inside a \r\n pair: still on its line
            break
        line, start = line + 1, m.end()
    return line, index - start + 1


def effect_lines(text: str) -> list[str]:
    """The lines of effect text as lark numbers them (a last empty line is dropped)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines

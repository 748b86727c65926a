"""The text report: counts in good English, carets under wide characters, long lines cut."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

import pytest

from sgs_tools import report
from sgs_tools.errors import Location, Problem


@dataclass
class _Doc:
    lines: list[str]

    def line_text(self, line: int) -> str:
        return self.lines[line - 1]


def _report(source: str, col: int, files: int = 1) -> list[str]:
    problem = Problem(Location("f.yaml", 1, col), "schema", "bad")
    return report.text([problem], {"f.yaml": _Doc([source])}, files).splitlines()


def test_counts_are_singular_or_plural() -> None:
    assert _report("a: 1", 1)[-1] == "1 error in 1 file checked"
    assert _report("a: 1", 1, files=3)[-1] == "1 error in 3 files checked"
    assert report.text([], {}, 1) == "ok: 1 file checked, no problems\n"
    assert report.plural(0, "scenario") == "0 scenarios"


def test_warnings_alone_are_not_counted_as_zero_errors() -> None:
    """Session 6 review: a run with one warning ended '0 errors in 6 files checked'."""
    warn = Problem(Location("f.yaml", 1, 1), "file-name", "named oddly", severity="warning")
    err = Problem(Location("f.yaml", 1, 1), "schema", "bad")
    docs = {"f.yaml": _Doc(["a: 1"])}
    assert report.text([warn], docs, 6).splitlines()[-1] == (
        "ok: 6 files checked, no errors, 1 warning")
    assert report.text([err, warn, warn], docs, 6).splitlines()[-1] == (
        "1 error and 2 warnings in 6 files checked")


def test_caret_sits_under_the_column_after_wide_characters() -> None:
    lines = _report("name: {zh: 曹操, en: x}", 16)
    source, caret = lines[2], lines[3]
    # 曹操 are two cells each in a terminal: the caret is two cells further right.
    assert caret.index("^") == source.index("en") + 2


def test_a_long_line_is_shown_as_a_window_around_the_column() -> None:
    source = "x: " + "a" * 5000 + "BAD" + "b" * 5000
    lines = _report(source, 3 + 5000 + 1)
    shown, caret = lines[2], lines[3]
    assert len(shown) < 200
    assert shown.count("…") == 2
    assert shown[caret.index("^")] == "B"


_GFM = re.compile(r"\\([!-/:-@\[-`{-~])|&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);")


def gfm_text(cell: str) -> str:
    """What GitHub shows for Markdown text: backslash escapes and entities, one pass."""
    return _GFM.sub(lambda m: m.group(1) or html.unescape(m.group(0)), cell)


BREAKERS = ["<img src=x onerror=alert(1)>", "a|b", "it's", "say \"hi\"", "`tick`", "[a](b)",
            "*b* _i_ ~s~", "# head", "&amp; &#x27;", "back\\slash|", "![i](x)", "line\nbreak"]


@pytest.mark.parametrize("text", BREAKERS)
def test_step_summary_cells_show_hostile_text_literally(text: str) -> None:
    """Review: the step summary wrote paths and messages raw (HTML and a '|' in a file name
    broke the table) once escaped, its '&#x27;' became '&\\#x27;'."""
    cell = report.md_cell(text)
    assert "<" not in cell and "\n" not in cell
    assert re.search(r"(?<!\\)\|", cell) is None
    assert gfm_text(cell) == " ".join(text.split())


def test_step_summary_escapes_paths_and_messages() -> None:
    problem = Problem(Location("generals/a|<b>.yaml", 2, 5), "bad-id",
                      "string 'x<img src=x>' is not a valid id")
    summary = report.github_summary([problem], 1)
    row = summary.splitlines()[-1]
    assert row.count("|") - row.count("\\|") == 6 and "<" not in row
    assert "1 problem in 1 file." in summary


def test_messages_and_hints_reach_the_terminal_without_escape_sequences() -> None:
    """Review: a message or hint quoting data (a scenario name, a value written raw) could
    carry ESC/BEL/C1 sequences to the terminal; they are shown as pictures."""
    problem = Problem(Location("f.yaml", 1, 1), "scenario", "bad \x1b]0;pwn\x07 name",
                      hint="try \x9b2J")
    out = report.text([problem], {"f.yaml": _Doc(["a: \x1b[2J"])}, 1)
    assert not any(ch in out for ch in "\x1b\x07\x9b")
    assert "bad ␛]0;pwn␇ name" in out and "a: ␛[2J" in out
    assert report.terminal("two\nlines\t\x00") == "two\nlines\t␀"


def test_step_summary_is_headed_by_its_command_and_ends_with_its_tally() -> None:
    """Review, session 8: `sgs test --format github` headed its step summary 'sgs validate'
    and said nothing of the scenarios that ran."""
    problem = Problem(Location("tests/a.yaml", 3, 4), "expect", "seat 0 hand is 2 cards")
    written: list[str] = []
    out = report.github([problem], 2, written.append, command="sgs test",
                        tally="2 scenarios: 1 passed, 1 failed")
    assert out.splitlines()[-2:] == ["1 problem in 2 files checked",
                                     "2 scenarios: 1 passed, 1 failed"]
    summary, = written
    assert summary.startswith("### sgs test\n")
    assert summary.endswith("\n2 scenarios: 1 passed, 1 failed\n")
    assert report.github_summary([], 1).startswith("### sgs validate\n")

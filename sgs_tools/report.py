"""Problems → text for a terminal, JSON, GitHub workflow commands, or SARIF 2.1.0."""

from __future__ import annotations

import html
import json
import os
import re
import unicodedata
import urllib.parse
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from sgs_tools import __version__
from sgs_tools.errors import Problem

FORMATS = ("text", "json", "github", "sarif")
JSON_VERSION = 1
GITHUB_MAX_ANNOTATIONS = 10
"""GitHub shows at most 10 error annotations per step; the rest go to the step summary."""
GITHUB_MAX_MESSAGE = 4000


class HasLines(Protocol):
    def line_text(self, line: int) -> str: ...


def _message(p: Problem) -> str:
    return f"{p.message} ({p.hint})" if p.hint else p.message


def plural(n: int, word: str) -> str:
    """``1 file``, ``2 files``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


SHOWN_WIDTH = 160
"""Longer source lines are shown as a window around the column."""


def _window(source: str, col: int) -> tuple[str, int]:
    if len(source) <= SHOWN_WIDTH:
        return source, col
    start = max(0, min(col - 1 - SHOWN_WIDTH // 2, len(source) - SHOWN_WIDTH))
    shown = source[start:start + SHOWN_WIDTH]
    col -= start
    if start > 0:
        shown, col = "…" + shown, col + 1
    if start + SHOWN_WIDTH < len(source):
        shown += "…"
    return shown, col


def _visible(source: str) -> str:
    """A source line safe to print: control characters become their pictures (␌, ␍) and
    other invisible breaks U+FFFD, one cell each, so the caret still lines up."""
    return "".join(
        ch if ch == "\t" or (ch >= " " and ch != "\x7f" and not "\x80" <= ch <= "\x9f"
                              and ch not in "\u2028\u2029")
        else chr(0x2400 + ord(ch)) if ch < " " else "\u2421" if ch == "\x7f" else "\ufffd"
        for ch in source)


def terminal(text: str) -> str:
    """Text from data made safe for a terminal: line breaks kept, every other control
    character shown as its picture (a name's ESC or C1 sequences cannot retitle, clear or
    recolour the user's terminal; click strips only colour codes, and only off a tty)."""
    return "\n".join(_visible(line) for line in text.split("\n"))


def _caret_line(source: str, col: int) -> str:
    # Columns count characters; wide (CJK) characters take two cells in a terminal.
    pad = "".join("\t" if ch == "\t" else (
        "  " if unicodedata.east_asian_width(ch) in ("W", "F") else " ")
        for ch in source[: max(col - 1, 0)])
    return pad + "^"


def text(problems: list[Problem], sources: Mapping[str, HasLines], files: int) -> str:
    out: list[str] = []
    for p in problems:
        out.append(terminal(f"{p.location}: {p.severity}[{p.code}]: {p.message}"))
        doc = sources.get(p.location.path)
        if doc is not None and p.location.line > 0:
            src = _visible(doc.line_text(p.location.line))
            if src:
                number = str(p.location.line)
                gutter = " " * len(number)
                shown, col = _window(src, p.location.col)
                out.append(f" {gutter} |")
                out.append(f" {number} | {shown}")
                out.append(f" {gutter} | {_caret_line(shown, col)}")
        if p.hint:
            out.append(terminal(f"  = help: {p.hint}"))
        for rel in p.related:
            out.append(terminal(f"  = note: see {rel}"))
    errors = sum(1 for p in problems if p.severity == "error")
    warnings = len(problems) - errors
    if problems and errors:
        out.append(f"{plural(errors, 'error')}"
                   + (f" and {plural(warnings, 'warning')}" if warnings else "")
                   + f" in {plural(files, 'file')} checked")
    elif problems:  # warnings alone: the check passed (exit 0), so say it was no error
        out.append(f"ok: {plural(files, 'file')} checked, no errors, "
                   f"{plural(warnings, 'warning')}")
    else:
        out.append(f"ok: {plural(files, 'file')} checked, no problems")
    return "\n".join(out) + "\n"


def as_dicts(problems: list[Problem]) -> list[dict[str, Any]]:
    return [{
        "path": p.location.path, "line": p.location.line, "column": p.location.col,
        "severity": p.severity, "code": p.code, "message": p.message, "hint": p.hint,
        "related": [{"path": r.path, "line": r.line, "column": r.col} for r in p.related],
    } for p in problems]


def as_json(problems: list[Problem], files: int) -> str:
    payload = {
        "version": JSON_VERSION,
        "tool": {"name": "sgs", "version": __version__},
        "files_checked": files,
        "ok": not any(p.severity == "error" for p in problems),
        "problems": as_dicts(problems),
    }
    return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"


def _gh_escape(value: str, prop: bool = False) -> str:
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        value = value.replace(":", "%3A").replace(",", "%2C")
    return value


def github(problems: list[Problem], files: int,
           write_summary: Callable[[str], None] | None = None, *,
           command: str = "sgs validate", tally: str | None = None) -> str:
    """Workflow commands for the first annotations; a Markdown table of all in the summary
    headed by the command that found them (``tally``: a last line for both, such as the
    scenarios that passed)."""
    lines = []
    for p in problems[:GITHUB_MAX_ANNOTATIONS]:
        loc = p.location
        props = f"file={_gh_escape(loc.path, True)}"
        if loc.line:
            props += f",line={loc.line},col={max(loc.col, 1)}"
        props += f",title={_gh_escape(p.code, True)}"
        level = "error" if p.severity == "error" else "warning"
        lines.append(f"::{level} {props}::{_gh_escape(_message(p))[:GITHUB_MAX_MESSAGE]}")
    hidden = len(problems) - GITHUB_MAX_ANNOTATIONS
    if hidden > 0:
        lines.append(f"::notice::{plural(hidden, 'more problem')}; see the step summary for "
                     "all of them")
    summary_path = os.environ.get("GITHUB_STEP_SUMMARY")
    if write_summary is None and summary_path:
        def write_summary(md: str) -> None:
            with open(summary_path, "a", encoding="utf-8") as fh:
                fh.write(md)
    if write_summary is not None:
        try:
            write_summary(github_summary(problems, files, command, tally))
        except OSError as exc:
            lines.append(f"::warning::could not write the step summary: {exc.strerror}")
    lines.append(f"{plural(len(problems), 'problem')} in {plural(files, 'file')} checked")
    if tally:
        lines.append(tally)
    return "\n".join(lines) + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]#|~!])")


def md_cell(text: str) -> str:
    """Text as one Markdown table cell that shows literally: GitHub renders the step summary
    as Markdown with HTML, and paths and messages quote whatever the data file holds."""
    one_line = " ".join(text.split())
    return html.escape(_MD_SPECIAL.sub(r"\\\1", one_line), quote=False)


def github_summary(problems: list[Problem], files: int, command: str = "sgs validate",
                   tally: str | None = None) -> str:
    end = f"\n{md_cell(tally)}\n" if tally else ""
    if not problems:
        return f"### {command}\n\nNo problems in {plural(files, 'file')}.\n" + end
    rows = ["### " + command, "",
            f"{plural(len(problems), 'problem')} in {plural(files, 'file')}.", "",
            "| file | line | col | code | message |", "|---|---|---|---|---|"]
    for p in problems:
        rows.append(f"| {md_cell(p.location.path)} | {p.location.line} | {p.location.col} "
                    f"| {md_cell(p.code)} | {md_cell(_message(p))} |")
    return "\n".join(rows) + "\n" + end


def sarif(problems: list[Problem]) -> str:
    rules = sorted({p.code for p in problems})
    results = []
    for p in problems:
        region: dict[str, int] = {}
        if p.location.line > 0:
            region = {"startLine": p.location.line, "startColumn": max(p.location.col, 1)}
        # A relative URI reference: path segments percent-encoded (RFC 3986), '/' kept.
        uri = urllib.parse.quote(p.location.path.replace(os.sep, "/"), safe="/")
        physical: dict[str, Any] = {"artifactLocation": {"uri": uri}}
        if region:
            physical["region"] = region
        results.append({
            "ruleId": p.code,
            "ruleIndex": rules.index(p.code),
            "level": "error" if p.severity == "error" else "warning",
            "message": {"text": _message(p)},
            "locations": [{"physicalLocation": physical}],
        })
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "sgs", "version": __version__,
                "rules": [{"id": r, "shortDescription": {"text": r.replace("-", " ")}}
                          for r in rules],
            }},
            "results": results,
        }],
    }
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"


def render(output_format: str, problems: list[Problem], sources: Mapping[str, HasLines],
           files: int, *, command: str = "sgs validate", tally: str | None = None) -> str:
    """Problems in the chosen format (one of FORMATS); the one dispatch every command uses
    (``command`` heads a GitHub step summary, which also ends with ``tally``)."""
    if output_format == "json":
        return as_json(problems, files)
    if output_format == "github":
        return github(problems, files, command=command, tally=tally)
    if output_format == "sarif":
        return sarif(problems)
    return text(problems, sources, files)

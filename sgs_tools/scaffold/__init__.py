"""Files that `sgs new` writes: YAML text built line by line (tidy, commented, escaped), and
a writer that puts a set of files in place atomically or not at all.

Nothing here round-trips through a YAML dumper: the files are written as a person would
write them (flow mappings for names, a ``$schema`` modeline first), and every name or text
taken from the user goes through :func:`scalar`, which quotes it whenever a plain scalar
could be read back as something else.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

_PLAIN = re.compile(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`][^:#,\[\]{}\"'\n\r\t]*")
_RESERVED = {"true", "false", "null", "~", "yes", "no", "on", "off", "y", "n"}
_NUMBER = re.compile(
    r"[-+]?(\d[\d_:]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?|0[xob][0-9a-fA-F_]+|[-+]?\.inf|\.nan",
    re.IGNORECASE)


def scalar(text: str) -> str:
    """``text`` as a YAML scalar that reads back as exactly this string (flow-safe)."""
    if (_PLAIN.fullmatch(text) and text == text.strip() and text.lower() not in _RESERVED
            and not _NUMBER.fullmatch(text) and "  " not in text and text.isprintable()):
        return text
    quoted = json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML double-quoted one
    # ... once characters YAML reads as breaks or refuses (NEL, LS, BOM, C1) are escaped.
    return "".join(ch if ch.isprintable() or ch == " " else
                   f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}"
                   for ch in quoted)


def names(values: dict[str, str]) -> str:
    """``{zh: …, en: …, ko: …}`` with the languages that are given, in that order."""
    parts = [f"{lang}: {scalar(values[lang])}" for lang in ("zh", "en", "ko")
             if values.get(lang)]
    return "{" + ", ".join(parts) + "}"


def modeline(target: Path, schema: Path) -> str:
    """The first line of a data file: where its JSON Schema is, relative to the file."""
    rel = os.path.relpath(schema, target.parent).replace(os.sep, "/")
    return f"# yaml-language-server: $schema={rel}\n"


def comment(text: str) -> str:
    """A comment line or lines (a newline in ``text`` starts a new comment line)."""
    lines = text.splitlines() or [""]
    return "".join(f"# {''.join(_shown(ch) for ch in line)}".rstrip() + "\n" for line in lines)


def _shown(ch: str) -> str:
    """``ch`` as a comment may hold it: YAML refuses control characters and surrogates."""
    return ch if ch.isprintable() or ch in " \t" else f"\\u{ord(ch):04x}"


class WriteConflict(Exception):
    """Files exist and --force was not given: nothing was written."""

    def __init__(self, paths: list[Path]) -> None:
        super().__init__(", ".join(map(str, paths)))
        self.paths = paths


@dataclass
class Plan:
    """Files to write together: every target is checked before the first is written, each
    is written to a temporary file and renamed into place, and an interruption (Ctrl-C)
    or error removes the files this plan had created, so nothing is left half-written."""

    files: list[tuple[Path, str]] = field(default_factory=list)
    replace: set[Path] = field(default_factory=set)
    """Files the plan may replace without --force (an edit the command exists to make)."""
    newlines: dict[Path, str] = field(default_factory=dict)
    """The line ending a file is written with (an edited file keeps its own)."""

    def add(self, path: Path, text: str, *, edit: bool = False, newline: str = "\n") -> None:
        self.files.append((path, text))
        self.newlines[path] = newline
        if edit:
            self.replace.add(path)

    def conflicts(self) -> list[Path]:
        """Targets that exist with other content (files the plan would overwrite)."""
        out = []
        for path, text in self.files:
            if path in self.replace or not path.exists():
                continue
            try:
                same = path.is_file() and path.read_text(encoding="utf-8") == text
            except (OSError, UnicodeDecodeError):
                same = False
            if not same:
                out.append(path)
        return out

    def write(self, *, force: bool = False) -> list[Path]:
        """Write every file (raising :class:`WriteConflict` first if one would be
        overwritten without ``force``); the paths written, skipping identical ones."""
        conflicts = self.conflicts()
        if conflicts and not force:
            raise WriteConflict(conflicts)
        created: list[Path] = []
        made_dirs: list[Path] = []
        written: list[Path] = []
        try:
            for path, text in self.files:
                if path.is_file() and path not in self.replace:
                    try:
                        if path.read_text(encoding="utf-8") == text:
                            continue
                    except (OSError, UnicodeDecodeError):
                        pass
                for parent in reversed([path.parent, *path.parent.parents]):
                    if not parent.exists():
                        parent.mkdir()
                        made_dirs.append(parent)
                existed = path.exists()
                atomic_write(path, text, self.newlines.get(path, "\n"))
                if not existed:
                    created.append(path)
                written.append(path)
        except BaseException:
            for path in created:
                path.unlink(missing_ok=True)
            for folder in reversed(made_dirs):
                with contextlib.suppress(OSError):
                    folder.rmdir()
            raise
        return written


def read_source(path: Path) -> tuple[str, str]:
    """A file to edit in place: its text (lines ending in ``\\n``, as Python reads text) and
    the line ending to write it back with (``\\r\\n`` for a Windows file), so an edit does
    not rewrite every line of it."""
    with open(path, encoding="utf-8", newline="") as handle:
        raw = handle.read()
    newline = "\r\n" if raw.count("\r\n") * 2 > raw.count("\n") else "\n"
    return raw.replace("\r\n", "\n").replace("\r", "\n"), newline


def atomic_write(path: Path, text: str, newline: str = "\n") -> None:
    """Write ``text`` to a temporary file beside ``path`` and rename it into place (each
    ``\\n`` of ``text`` written as ``newline``)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as handle:
            handle.write(text)
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def bullet_list(items: Iterable[str]) -> str:
    return ", ".join(items)

"""One data file → its document, its kind and its schema problems; paths → the files to check.

This is the data layer's part of validation: what can be said of a file alone. Putting
the files together (the catalog's cross-file checks, effects, scenarios, the cache and
the worker processes) is :mod:`sgs_tools.project`'s job.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from sgs_tools import paths
from sgs_tools.data import schemas
from sgs_tools.data.loader import Document, load_file
from sgs_tools.errors import LoadError, Location, Problem, UsageError
from sgs_tools.paths import display_path

_KIND_BY_FOLDER = {"generals": "general", "modes": "mode"}

IO_ERROR = "io-error"
"""The problem code of a file that exists but cannot be read (permissions, a disk error)."""


def _guess_kind(path: Path) -> str | None:
    if path.name in ("expansion.yaml", "expansion.yml"):
        return "expansion"
    if path.stem == "deck":
        return "deck"
    if path.stem == "cards":
        return "cards"
    for part in reversed(path.parts[:-1]):
        if part in _KIND_BY_FOLDER:
            return _KIND_BY_FOLDER[part]
    return None


DATA_FOLDERS = frozenset({"generals", "cards", "modes", "tests", "scenarios"})
"""Folders whose YAML files must be game data or scenarios: a file there needs a kind."""


def in_data_folder(path: Path) -> bool:
    """Whether ``path`` sits in a data folder (of its expansion, if it is in one)."""
    root = paths.expansion_around(path)
    try:
        parts = path.resolve().relative_to(root.resolve()).parts if root else path.parts
    except ValueError:
        parts = path.parts
    return any(part in DATA_FOLDERS for part in parts[:-1])


OTHER_KINDS = frozenset({"scenario"})
"""Kinds of YAML file that may sit beside game data but are not game data."""


def kind_of(doc: Document, path: Path, *, named: bool = True
            ) -> tuple[str | None, list[Problem]]:
    """The file's kind, from its ``kind:`` key, or the problem with it. A file found in a
    folder (not ``named`` by the user) with neither ``kind`` nor ``id``, outside the data
    folders, is not game data (a CI or tool config): it is skipped."""
    data = doc.data
    kinds = sorted(schemas.KINDS)
    guess = _guess_kind(path)
    if ("kind" not in data and "id" not in data and not named and guess is None
            and not in_data_folder(path)):
        return None, []  # some other tool's YAML beside the data (a CI config, say)
    if "kind" not in data:
        hint = f"add 'kind: {guess}'" if guess else f"add 'kind:' (one of {', '.join(kinds)})"
        return None, [Problem(Location(doc.path, 1, 1), "missing-kind",
                              "file has no 'kind' key", hint)]
    kind = data["kind"]
    if isinstance(kind, str) and kind in OTHER_KINDS:
        return None, []  # checked by its own command (sgs test), not a game-data file
    if not isinstance(kind, str) or kind not in schemas.KINDS:
        hint = schemas.suggest(str(kind), kinds) or f"expected one of: {', '.join(kinds)}"
        return None, [Problem(doc.where(("kind",)), "unknown-kind",
                              f"unknown kind {kind!r}", hint)]
    return str(kind), []


def identity(path: Path) -> object:
    """What makes two paths one file (its device and inode: one ``stat``, where resolving
    the path costs a system call per folder), or its resolved path if it cannot be read."""
    try:
        st = os.stat(path)
    except OSError:  # realpath, unlike Path.resolve on 3.11, stops at a symlink loop
        return os.path.realpath(path)
    return (st.st_dev, st.st_ino)


_KIND_LINE = re.compile(r"^(?:-[ \t]+)?(?:kind|id)[ \t]*:", re.MULTILINE)
_UNREADABLE = frozenset({"yaml-syntax", "tab-indent", "not-mapping", "duplicate-key",
                         "unsupported-tag", "complex-key"})
"""Load errors of a file that holds YAML, just not ours to read (an empty file, a binary
or an oversized one is reported wherever it is)."""
_SCENARIO_LINE = re.compile(r"^kind[ \t]*:[ \t]*scenario[ \t]*(?:#.*)?$", re.MULTILINE)


def unreadable_not_data(path: Path, error: LoadError) -> bool:
    """Whether a file found in a folder that we cannot read as data is some other tool's
    YAML: outside the data folders, with no name that says its kind and no top-level
    ``kind:`` or ``id:`` line (a broken CI config, a list-shaped playbook)."""
    return (error.problem.code in _UNREADABLE and _guess_kind(path) is None
            and not in_data_folder(path) and _KIND_LINE.search(error.text or "") is None)


def found_not_data(path: Path) -> bool:
    """Whether a file found in a folder is left alone by `sgs validate` as not game data
    (another tool's YAML, or a scenario): what every command loading a folder skips."""
    try:
        doc = load_file(path)
    except LoadError as exc:
        return (_SCENARIO_LINE.search(exc.text or "") is not None
                or unreadable_not_data(path, exc))
    data = doc.data
    if isinstance(data, dict) and data.get("kind") in OTHER_KINDS:
        return True
    return kind_of(doc, path, named=False) == (None, [])


def required_roots(root: Path) -> list[Path]:
    """The expansion folders an expansion requires (its expansion.yaml's ``requires:``,
    relative to it), and theirs in turn, each once; what cannot be read is left out (the
    catalog reports a ``requires`` entry that names no expansion)."""
    out: list[Path] = []
    seen = {root.resolve()}
    todo = [root]
    while todo:
        here = todo.pop(0)
        try:
            data = load_file(here / "expansion.yaml").data
        except LoadError:
            continue
        wanted = data.get("requires") if isinstance(data, dict) else None
        for entry in wanted if isinstance(wanted, list) else []:
            if not isinstance(entry, str) or not entry:
                continue
            folder = (here / entry).resolve()
            if folder not in seen and (folder / "expansion.yaml").is_file():
                seen.add(folder)
                out.append(folder)
                todo.append(folder)
    return out


def collect(targets: list[Path]) -> list[Path]:
    """The YAML files of the given files and folders, each once, in order; a target that
    does not exist, or a folder with no YAML file, is a usage error."""
    found: list[Path] = []
    seen: set[object] = set()
    for target in targets:
        if target.is_dir():
            files = paths.data_files(target)
            if not files:
                raise UsageError(f"no YAML files in {target}")
        elif target.is_file():
            files = [target]
        elif target.exists():  # a FIFO, a device, a socket: reading it could block forever
            raise UsageError(f"{target} is not a regular file or a folder; sgs reads data "
                             "from files")
        else:
            raise UsageError(f"no such file or folder: {target}")
        for f in files:
            key = identity(f)
            if key not in seen:
                seen.add(key)
                found.append(f)
    return found


def shown(path: Path) -> str:
    """:func:`sgs_tools.paths.display_path`, without its system calls for the common case
    of a relative path that does not climb (``generals/x.yaml``): that is shown as it is,
    as ``os.path.relpath`` would show it (a Path's text is already normalised)."""
    if not path.is_absolute() and ".." not in path.parts:
        return str(path)
    return display_path(path)


def check_file(path: Path, named: bool = True) -> tuple[Document, list[Problem], str | None]:
    """Load one file and check it against its kind's schema (``named``: the user named
    this file itself, rather than a folder holding it). A scenario comes back with no
    kind and no problems: its format is checked above the data layer
    (:func:`sgs_tools.project.check_file`)."""
    shown_as = shown(path)
    try:
        # positions are read again from the text only if a problem needs them
        doc = load_file(path, shown_as, positions=False)
    except LoadError as exc:
        if not named and unreadable_not_data(path, exc):
            return Document(shown_as, exc.text or "", None), [], None
        return Document(shown_as, exc.text or "", None), [exc.problem], None
    kind, problems = kind_of(doc, path, named=named)
    if kind is not None:
        problems.extend(schemas.check(doc, schemas.KINDS[kind]))
    return doc, problems, kind

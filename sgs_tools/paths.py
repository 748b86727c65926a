"""Where the bundled data lives: a checkout of sgs-tools, or the installed wheel.

Inside a checkout (the current folder or one above it holds sgs-tools' ``pyproject.toml``
and ``modes/``) the checkout's data, grammar, site and scenarios are used, even when the
package itself was installed from a wheel: what a designer edits is what ``sgs`` checks.
Elsewhere the copy shipped inside the package under ``sgs_tools/bundled/`` is used.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

DATA_DIRS = ("cards", "generals", "modes")
"""The folders of a game-data tree."""


def is_checkout(folder: Path) -> bool:
    """Whether ``folder`` is the top of an sgs-tools source tree."""
    if not (folder / "modes").is_dir() or not (folder / "grammar").is_dir():
        return False
    try:
        head = (folder / "pyproject.toml").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return 'name = "sgs-tools"' in head


def checkout_around(start: Path) -> Path | None:
    """The sgs-tools checkout holding ``start`` (a folder), if any."""
    try:
        here = start.resolve()
    except OSError:
        return None
    for folder in (here, *here.parents):
        if is_checkout(folder):
            return folder
    return None


@cache
def bundled_root() -> Path:
    """The folder holding ``cards/``, ``generals/``, ``modes/`` and ``grammar/``."""
    package = Path(__file__).resolve().parent
    try:
        cwd: Path | None = Path.cwd()
    except OSError:  # the current folder was deleted
        cwd = None
    around = checkout_around(cwd) if cwd is not None else None
    if around is not None:
        return around
    installed = package / "bundled"
    if (installed / "modes").is_dir():
        return installed
    checkout = package.parent
    if is_checkout(checkout):
        return checkout
    return installed  # pragma: no cover - a broken install; loading will say what is missing


def bundled_scenarios() -> Path:
    """The shipped scenario tests: ``tests/scenarios`` in a checkout, ``scenarios`` in a wheel."""
    root = bundled_root()
    shipped = root / "scenarios"
    return shipped if shipped.is_dir() else root / "tests" / "scenarios"


SKIPPED_DIRS = frozenset({"node_modules", "__pycache__", "site-packages", "sgs-site"})
"""Folders never searched for data (besides hidden ones such as ``.git``, ``.github``)."""
SKIPPED_FILES = frozenset({".pre-commit-config.yaml", ".pre-commit-hooks.yaml"})


def _gitignore(folder: Path) -> list[tuple[bool, bool, bool, str]]:
    """The patterns of ``folder/.gitignore``: (negated, directories only, anchored, glob)."""
    try:
        text = (folder / ".gitignore").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    rules = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        line = line[1:] if negated else line
        dir_only = line.endswith("/")
        line = line.rstrip("/")
        anchored = "/" in line
        line = line.lstrip("/").replace("**/", "*").replace("/**", "/*")
        if line:
            rules.append((negated, dir_only, anchored, line))
    return rules


def _ignored(rules: list[tuple[bool, bool, bool, str]], rel: str, is_dir: bool) -> bool:
    from fnmatch import fnmatchcase

    name = rel.rsplit("/", 1)[-1]
    ignored = False
    for negated, dir_only, anchored, glob in rules:
        if dir_only and not is_dir:
            continue
        if fnmatchcase(rel if anchored else name, glob):
            ignored = not negated
    return ignored


def data_files(root: Path) -> list[Path]:
    """Every YAML file below ``root``, in a stable order, leaving out what is not game
    data: hidden files and folders (``.git/``, ``.github/``, ``.venv/``), ``node_modules/``,
    caches, the pre-commit files, and whatever ``root/.gitignore`` excludes."""
    import os

    rules = _gitignore(root)
    found: list[Path] = []
    for here, dirs, files in os.walk(root):
        folder = Path(here)
        rel_dir = folder.relative_to(root).as_posix()
        prefix = "" if rel_dir == "." else rel_dir + "/"
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS
                   and not (rules and _ignored(rules, prefix + d, True))]
        for name in files:
            if (name.startswith(".") or name in SKIPPED_FILES
                    or not name.lower().endswith((".yaml", ".yml"))):
                continue
            if rules and _ignored(rules, prefix + name, False):
                continue
            if _special(folder / name):
                continue
            found.append(folder / name)
    return sorted(found)


def _special(path: Path) -> bool:
    """Whether ``path`` (followed through symlinks) is a named pipe, a device or a socket:
    reading one would block forever (a FIFO) or never end (``/dev/zero``), and it is never
    game data. A path that cannot be examined (a dangling or looping symlink) is not
    special: reading it gives the located I/O error."""
    import os
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode)


def bundled_files() -> list[Path]:
    root = bundled_root()
    out: list[Path] = []
    for name in DATA_DIRS:
        if (root / name).is_dir():
            out.extend(data_files(root / name))
    return out


def expansion_around(path: Path) -> Path | None:
    """The expansion folder (with an ``expansion.yaml``) holding ``path``, if any.

    The search stops at an sgs-tools checkout: the bundled data is not an expansion.
    """
    try:
        start = path.resolve()
    except OSError:
        return None
    if not start.is_dir():
        start = start.parent
    for folder in (start, *start.parents):
        if (folder / "expansion.yaml").is_file():
            return folder
        if is_checkout(folder):
            return None
    return None


def expansion_here() -> Path | None:
    """The expansion folder the current folder is in (outside any checkout), if any: the
    data commands work on it when given no paths, as they work on a checkout's data."""
    try:
        cwd = Path.cwd()
    except OSError:
        return None
    if checkout_around(cwd) is not None:
        return None
    return expansion_around(cwd)


def display_path(path: Path) -> str:
    """A path as the user should see it: relative to the working folder when inside it.
    (Here, below every layer, so that data, the DSL and scenarios all use it without
    importing each other.)"""
    import os

    try:
        rel = os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel

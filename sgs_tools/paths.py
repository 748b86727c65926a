"""Where the bundled data lives: the checkout (editable install) or the installed wheel."""

from __future__ import annotations

from functools import cache
from pathlib import Path

DATA_DIRS = ("cards", "generals", "modes")
"""The folders of a game-data tree."""


@cache
def bundled_root() -> Path:
    """The folder holding ``cards/``, ``generals/``, ``modes/`` and ``grammar/``."""
    package = Path(__file__).resolve().parent
    installed = package / "bundled"
    if (installed / "modes").is_dir():
        return installed
    checkout = package.parent
    if (checkout / "modes").is_dir():
        return checkout
    return installed  # pragma: no cover - a broken install; loading will say what is missing


def data_files(root: Path) -> list[Path]:
    """Every YAML file below ``root``, in a stable order."""
    found = [p for p in root.rglob("*")
             if p.suffix.lower() in (".yaml", ".yml") and p.is_file()]
    return sorted(found)


def bundled_files() -> list[Path]:
    root = bundled_root()
    out: list[Path] = []
    for name in DATA_DIRS:
        if (root / name).is_dir():
            out.extend(data_files(root / name))
    return out

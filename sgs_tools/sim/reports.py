"""A balance report ↔ a file: where ``sgs balance --save`` writes one (``balance/`` at the
data root), where ``sgs site build`` finds them, and the check that a file is one.

The data root is the expansion named by ``--data`` (a folder with ``expansion.yaml``), else
the expansion the current folder is in, else the sgs-tools checkout around it. A report
file is the JSON ``sgs balance --format json`` prints, with ``made`` saying where it came
from (the tool's version and commit, the date, mode, players, agents, seeds and games).
Whatever a report holds is checked against :data:`SCHEMA` before a page is made from it,
so a hand-edited or foreign file gives a located error, never a broken page.
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sgs_tools import __version__, paths
from sgs_tools.errors import UsageError

FOLDER = "balance"
KIND = "sgs-balance-report"
MAX_BYTES = 20_000_000

_NUM = {"type": "number"}
_RATE = {"type": "number", "minimum": 0, "maximum": 1}
_COUNT = {"type": "integer", "minimum": 0}
_CI = {"type": "array", "items": _RATE, "minItems": 2, "maxItems": 2}
_DIFF_CI = {"type": "array", "items": {"type": "number", "minimum": -1, "maximum": 1},
            "minItems": 2, "maxItems": 2}
_CELL = {"type": "object",
         "required": ["general", "role", "wins", "games", "rate", "ci95", "pool_rate",
                      "effect", "cohen_h", "p_adjusted", "flagged"],
         "properties": {"general": {"type": "string"}, "role": {"type": "string"},
                        "wins": _COUNT, "games": _COUNT, "rate": _RATE, "ci95": _CI,
                        "pool_rate": _RATE,
                        "effect": {"type": "number", "minimum": -1, "maximum": 1},
                        "cohen_h": _NUM, "p": _RATE, "p_adjusted": _RATE,
                        "flagged": {"type": "boolean"}}}
_CELLS = {"type": "array", "items": _CELL}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["kind", "version", "made", "cells", "correction", "alpha"],
    "properties": {
        "kind": {"const": KIND},
        "version": {"const": 1},
        "title": {"type": "string"},
        "correction": {"type": "string"},
        "alpha": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
        "games": _COUNT,
        "made": {"type": "object",
                 "required": ["tool", "date", "mode", "players", "agents", "games", "seeds"],
                 "properties": {
                     "tool": {"type": "string"}, "commit": {"type": ["string", "null"]},
                     "date": {"type": "string"}, "mode": {"type": "string"},
                     "players": {"type": "integer", "minimum": 1},
                     "agents": {"type": "string"}, "games": _COUNT,
                     "seeds": {"type": "array", "items": {"type": "integer"},
                               "minItems": 2, "maxItems": 2},
                     "command": {"type": "string"}, "seconds": {"type": "number",
                                                                "minimum": 0},
                     "data": {"type": "array", "items": {"type": "string"}}}},
        "cells": _CELLS,
        "generals": _CELLS,
        "focus": {"type": "array", "items": {
            "type": "object",
            "required": ["general", "role", "wins", "games", "rate", "ci95",
                         "paired_difference", "paired_ci95"],
            "properties": {"general": {"type": "string"}, "role": {"type": "string"},
                           "wins": _COUNT, "games": _COUNT, "rate": _RATE, "ci95": _CI,
                           "paired_difference": {"type": "number", "minimum": -1,
                                                 "maximum": 1},
                           "paired_ci95": _DIFF_CI}}},
        "kingdoms": {"type": "array", "items": {
            "type": "object", "required": ["kingdom", "wins", "games", "rate", "ci95"],
            "properties": {"kingdom": {"type": "string"}, "wins": _COUNT, "games": _COUNT,
                           "rate": _RATE, "ci95": _CI}}},
        "lord_seats": {"type": "object", "additionalProperties": {
            "type": "object", "required": ["wins", "games", "rate"],
            "properties": {"wins": _COUNT, "games": _COUNT, "rate": _RATE}}},
        "skills": {"type": "object", "additionalProperties": {
            "type": "object", "required": ["uses", "drawn", "damage", "recovered", "games"],
            "properties": {"uses": {"type": "number", "minimum": 0},
                           "drawn": {"type": "number", "minimum": 0},
                           "damage": {"type": "number", "minimum": 0},
                           "recovered": {"type": "number", "minimum": 0},
                           "games": _COUNT}}},
    },
}


def commit() -> str | None:
    """The git commit of the checkout the tool runs from (None outside one)."""
    root = paths.checkout_around(Path(__file__).resolve().parent)
    if root is None or not (root / ".git").exists():
        return None
    try:
        out = subprocess.run(["git", "-C", str(root), "rev-parse", "--short=12", "HEAD"],
                             capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    head = out.stdout.strip()
    return head if out.returncode == 0 and re.fullmatch(r"[0-9a-f]{7,40}", head) else None


def made(mode: str, players: int, agents: str, seeds: tuple[int, int], games: int,
         command: str, seconds: float, data: list[str]) -> dict[str, Any]:
    """Where a report came from, as the page states it."""
    return {"tool": f"sgs-tools {__version__}", "commit": commit(),
            "date": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "mode": mode, "players": players, "agents": agents, "games": games,
            "seeds": [seeds[0], seeds[1]], "command": command,
            "seconds": round(seconds, 1), "data": data}


def data_root(data: list[Path] | None) -> Path | None:
    """Where ``--save`` writes: the ``--data`` expansion, the expansion here, or the
    checkout here."""
    for extra in data or []:
        if extra.is_dir() and (extra / "expansion.yaml").is_file():
            return extra
    here = paths.expansion_here()
    if here is not None:
        return here
    return paths.checkout_around(Path.cwd())


def roots(data: list[Path] | None) -> list[Path]:
    """Every folder whose ``balance/`` reports a site build shows: the checkout here (its
    own reports), each ``--data`` expansion, and the expansion here."""
    found: list[Path] = []
    checkout = paths.checkout_around(Path.cwd())
    if checkout is not None:
        found.append(checkout)
    for extra in data or []:
        if extra.is_dir() and (extra / "expansion.yaml").is_file():
            found.append(extra)
    here = paths.expansion_here()
    if here is not None:
        found.append(here)
    out: list[Path] = []
    for f in found:
        if f.resolve() not in [o.resolve() for o in out]:
            out.append(f)
    return out


def find(folders: list[Path]) -> list[Path]:
    """The report files in each folder's ``balance/``, sorted by name."""
    out: list[Path] = []
    for root in folders:
        folder = root / FOLDER
        if folder.is_dir():
            out.extend(sorted(p for p in folder.glob("*.json") if p.is_file()))
    return out


def slug(report: dict[str, Any]) -> str:
    """A file name for a report: ``identity-5p``, ``identity-5p-focus-zhouyu``, with the
    agents when they are not the default heuristic ones."""
    m = report["made"]
    bits = [str(m["mode"]), f"{m['players']}p"]
    if m.get("agents") not in (None, "heuristic"):
        bits.append(str(m["agents"]))
    focus = sorted({str(f["general"]) for f in report.get("focus") or []})
    if focus:
        bits += ["focus", *focus]
    name = re.sub(r"[^a-z0-9_]+", "-", "-".join(bits).lower()).strip("-")
    return (name[:80].rstrip("-") or "report")


def save(report: dict[str, Any], root: Path, force: bool = False) -> Path:
    """Write the report as ``root/balance/<slug>.json`` (atomically); an existing file is
    replaced only with ``force``."""
    folder = root / FOLDER
    target = folder / f"{slug(report)}.json"
    if target.exists() and not force:
        raise UsageError(f"{paths.display_path(target)} exists; use --force to replace it")
    text = json.dumps(report, ensure_ascii=False, indent=1) + "\n"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".report-", suffix=".json", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise UsageError(f"cannot write {paths.display_path(target)}: "
                         f"{exc.strerror or exc}") from None
    return target


def check(report: Any, where: str) -> dict[str, Any]:
    """The report if it is one; otherwise a UsageError naming the first wrong field."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    error = best_match(Draft202012Validator(SCHEMA).iter_errors(report))
    if error is not None:
        field = "/".join(str(p) for p in error.absolute_path) or "the top level"
        raise UsageError(f"{where}: not a balance report from 'sgs balance --save' "
                         f"(at {field}: {error.message})")
    assert isinstance(report, dict)
    bad = _non_finite(report)
    if bad:
        raise UsageError(f"{where}: not a balance report (at {bad}: not a finite number)")
    return report


def _non_finite(value: Any, at: str = "") -> str | None:
    if isinstance(value, float) and not math.isfinite(value):
        return at or "the top level"
    if isinstance(value, dict):
        for k, v in value.items():
            found = _non_finite(v, f"{at}/{k}" if at else str(k))
            if found:
                return found
    if isinstance(value, list):
        for i, v in enumerate(value):
            found = _non_finite(v, f"{at}/{i}" if at else str(i))
            if found:
                return found
    return None


def load(path: Path) -> dict[str, Any]:
    """Read and check one report file."""
    where = paths.display_path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise UsageError(f"{where}: larger than {MAX_BYTES // 1_000_000} MB; not a "
                             "balance report")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {where}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{where}: not UTF-8 text; not a balance report") from None
    try:
        report = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{where}:{exc.lineno}:{exc.colno}: not JSON ({exc.msg})") from None
    return check(report, where)


def gather(data: list[Path] | None, files: list[Path] | None = None
           ) -> list[tuple[str, dict[str, Any]]]:
    """(name, report) for every saved report at the data roots and every file given,
    each once: what a site build shows on its Balance pages."""
    seen: set[Path] = set()
    out: list[tuple[str, dict[str, Any]]] = []
    for path in [*find(roots(data)), *(files or [])]:
        key = path.resolve()
        if key in seen:
            continue
        seen.add(key)
        out.append((path.stem, load(path)))
    return out

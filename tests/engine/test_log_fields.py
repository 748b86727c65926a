"""LOG_FIELDS (sgs_tools/engine/__init__.py) is what the engine really logs.

Scenario event patterns are checked against LOG_FIELDS, so a field the table lacks would
be refused although the log has it, and a field it has too many would let a typo through.
The engine sources are read with ``ast``: every ``log_event("kind", field=…)`` call and
every ``log.append({"e": "kind", …})``, in sgs_tools/engine and in the scenario runner
(which logs its own ``setup``).
"""

from __future__ import annotations

import ast
from pathlib import Path

from sgs_tools.engine import LOG_EVENTS, LOG_FIELDS

ROOT = Path(__file__).resolve().parents[2] / "sgs_tools"
SOURCES = [*sorted((ROOT / "engine").rglob("*.py")), ROOT / "scenario" / "runner.py"]


def _logged() -> tuple[dict[str, set[str]], list[str]]:
    """Event kind → the fields the code logs with it; and calls that cannot be read."""
    found: dict[str, set[str]] = {}
    unreadable: list[str] = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            where = f"{path.name}:{node.lineno}"
            if node.func.attr == "log_event":
                first = node.args[0] if node.args else None
                if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                    unreadable.append(f"{where}: the event kind is not a literal")
                    continue
                fields = found.setdefault(first.value, set())
                for kw in node.keywords:
                    if kw.arg is None:
                        unreadable.append(f"{where}: **fields cannot be checked")
                    else:
                        fields.add(kw.arg)
            elif node.func.attr == "append" and node.args and isinstance(
                    node.args[0], ast.Dict):
                entry = node.args[0]
                keys = [k.value if isinstance(k, ast.Constant) else None
                        for k in entry.keys]
                if "e" not in keys:
                    continue
                kind = entry.values[keys.index("e")]
                if None in keys or not (isinstance(kind, ast.Constant)
                                        and isinstance(kind.value, str)):
                    unreadable.append(f"{where}: a log entry with computed keys")
                    continue
                found.setdefault(kind.value, set()).update(
                    str(k) for k in keys if k != "e")
    return found, unreadable


def test_every_log_call_can_be_read() -> None:
    _found, unreadable = _logged()
    assert unreadable == []


def test_log_fields_are_the_logged_fields() -> None:
    found, _unreadable = _logged()
    assert set(found) == set(LOG_FIELDS), "event kinds logged vs LOG_FIELDS"
    for kind, fields in found.items():
        assert set(LOG_FIELDS[kind]) == fields, kind


def test_log_events_are_the_table_kinds() -> None:
    assert frozenset(LOG_FIELDS) == LOG_EVENTS
    assert "e" not in set().union(*LOG_FIELDS.values())


def test_the_scan_sees_the_direct_appends() -> None:
    found, _unreadable = _logged()
    assert {"picked", "prompt"} <= found["decide"]
    assert {"to", "reason", "cards"} <= found["move"]
    assert "cards" in found["draw"]

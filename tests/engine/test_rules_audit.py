"""The rules audit (bench/rules_audit.py) over a few seeded games of each mode: no rule of
the rule books broken, and the audit does catch a broken one."""

from __future__ import annotations

import pytest

from bench.rules_audit import audit
from sgs_tools.engine.library import Library
from sgs_tools.engine.table import options, use


@pytest.mark.parametrize(("mode", "players"),
                         [("identity", 5), ("identity", 8), ("korean", 5), ("guozhan", 6)])
def test_seeded_games_keep_the_rules(lib: Library, mode: str, players: int) -> None:
    findings, errors = audit(lib, mode, players, range(8))
    assert not errors
    assert not findings


def test_the_audit_sees_a_second_slash(lib: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """With Fire Slashes counted apart from Slashes again (the bug it found), Guozhan
    players use two Slashes in one play phase and the audit says so."""
    monkeypatch.setattr(options, "limit_key", lambda g, name: name)
    monkeypatch.setattr(use, "limit_key", lambda g, name: name)
    findings, _errors = audit(lib, "guozhan", 6, range(12))
    assert any("slash-limit" in line for _seed, line in findings)

"""Regression tests for issue 15 (hardening) in validation: each named after its item."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools import paths
from sgs_tools.cli.main import app

runner = CliRunner()


def test_validate_deck_with_a_wrong_card_count_reports_at_the_target_deck(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "checkout"
    shutil.copytree(paths.bundled_root(), root, ignore=shutil.ignore_patterns(
        "site", "tests", "sgs_tools", "bench", ".git", "*.pyc"))
    deck = root / "cards" / "standard" / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    first = "  - {card: duel, suit: spade, rank: A}\n"
    deck.write_text(text.replace(first, first * 2, 1), encoding="utf-8")
    monkeypatch.setattr(paths, "bundled_root", lambda: root)
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["validate", "cards/standard/deck.yaml"])
    assert result.exit_code == 1, result.output
    assert ("cards/standard/deck.yaml:10:1: error[deck-count]: mode 'identity' has 108 game "
            "cards but its decks (standard) hold 109") in result.output
    assert "note: see modes/identity.yaml:" in result.output

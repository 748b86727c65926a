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


def _validate_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, breaker: str) -> str:
    """`sgs validate` of a copy of Cao Cao whose English name is ``breaker``: it must fail
    at the name's line; its output."""
    import json

    general = tmp_path / "generals" / "hero.yaml"
    general.parent.mkdir(parents=True)
    source = (paths.bundled_root() / "generals" / "standard" / "caocao.yaml").read_text(
        encoding="utf-8")
    lines = source.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("name:"))
    lines[at] = f"name: {{zh: 曹操, en: {json.dumps(breaker)}}}\n"
    general.write_text("".join(lines), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate", "generals/hero.yaml"])
    assert result.exit_code == 1, result.output
    assert f"generals/hero.yaml:{at + 1}:" in result.output
    return str(result.output)


@pytest.mark.parametrize("breaker", ["Hero\nVillain", "Hero\x1b]0;pwned\x07", "Hero\u2028x",
                                     "Hero\tx", "Hero\x00", "Hero\x9b2J"])
def test_a_name_with_control_characters_or_line_breaks_is_refused_at_its_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, breaker: str) -> None:
    """A name is one line of text; NUL, ESC, tabs and line breaks in it are data errors,
    reported where the name is written (review, session 5: they validated cleanly)."""
    output = _validate_named(tmp_path, monkeypatch, breaker)
    assert "one line of text" in output


@pytest.mark.parametrize("breaker", ["Hero\u202eoreH", "Hero\u2066x\u2069", "Hero\u202ax"])
def test_a_name_with_a_text_direction_override_is_refused_at_its_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, breaker: str) -> None:
    """A right-to-left override (U+202E) or a directional isolate in a name reorders what
    the site, the terminal and FreeKill show after it (review, session 7: they validated
    cleanly)."""
    output = _validate_named(tmp_path, monkeypatch, breaker)
    assert "text-direction" in output


@pytest.mark.parametrize("where", ["expansion", "kingdom"])
@pytest.mark.parametrize("breaker", ["Jin\nPack", "Jin\x1b]0;pwned\x07", "Jin\u202eniJ"])
def test_expansion_and_kingdom_names_are_one_line_of_text(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, breaker: str) -> None:
    """The expansion's own name and the names of the kingdoms it declares are checked as
    every other name is (review, session 7: a newline or an ESC in them validated)."""
    import json

    root = tmp_path / "pack"
    (root / "generals").mkdir(parents=True)
    name = json.dumps(breaker)
    pack = name if where == "expansion" else '"包"'
    kingdom = name if where == "kingdom" else '"晋"'
    text = ("kind: expansion\nid: pack\n"
            f"name: {{zh: {pack}}}\n"
            "version: '1.0'\nmodes: [identity]\nkingdoms:\n"
            f"  - {{id: jin, name: {{zh: {kingdom}, en: Jin}}, colour: '#4a6fa5'}}\n")
    (root / "expansion.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1, result.output
    line = 3 if where == "expansion" else 7
    assert f"expansion.yaml:{line}:" in result.output
    assert "one line of text" in result.output

"""Cross-file checks: one mistake is reported once, not again by everything that uses it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sgs_tools import paths
from sgs_tools.project import validate
from tests.conftest import TESTS

ROOT = TESTS.parent


@pytest.fixture()
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("cards", "generals", "modes", "grammar"):
        shutil.copytree(ROOT / name, tmp_path / name)
    monkeypatch.setattr(paths, "bundled_root", lambda: tmp_path)
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _errors() -> list[str]:
    return [f"{p.location.path}:{p.location.line}: {p.code}: {p.message}"
            for p in validate().problems if p.severity == "error"]


def test_a_general_that_fails_its_schema_is_not_missing_elsewhere(data_copy: Path) -> None:
    _edit(data_copy / "generals" / "standard" / "caocao.yaml", "\nhp: 4\n", "\nhp: 99\n")
    errors = _errors()
    assert len(errors) == 1, errors
    assert "caocao.yaml" in errors[0] and "out-of-range" in errors[0]


def test_a_card_that_fails_its_schema_does_not_break_every_effect(data_copy: Path) -> None:
    _edit(data_copy / "cards" / "standard" / "cards.yaml", "type: basic", "type: basik")
    errors = _errors()
    assert len(errors) == 1, errors
    assert "basik" in errors[0]


def test_a_real_unknown_reference_is_still_reported(data_copy: Path) -> None:
    _edit(data_copy / "generals" / "standard" / "caocao.yaml", "\nhp: 4\n", "\nhp: 99\n")
    _edit(data_copy / "modes" / "identity.yaml", "fixed: [caocao, liubei, sunquan]",
          "fixed: [caocao, liubei, sunquann]")
    errors = _errors()
    assert len(errors) == 2, errors
    assert any("unknown-ref" in e and "'sunquann'" in e for e in errors)


def test_a_careerist_table_against_its_threshold_is_reported(data_copy: Path) -> None:
    _edit(data_copy / "modes" / "guozhan.yaml", "    6: 4\n", "    6: 3\n")
    errors = _errors()
    assert any("careerist-table" in e and "at 6 players" in e and "gives 4" in e
               for e in errors), errors


def test_a_careerist_table_missing_a_player_count_is_reported(data_copy: Path) -> None:
    _edit(data_copy / "modes" / "guozhan.yaml", "    11: 6\n", "")
    errors = _errors()
    assert any("careerist-table" in e and "no row for 11" in e for e in errors), errors


def test_the_bundled_careerist_table_agrees_with_its_threshold(data_copy: Path) -> None:
    assert not [e for e in _errors() if "careerist-table" in e]

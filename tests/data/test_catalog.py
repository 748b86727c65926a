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


def _expansion_mode(tmp_path: Path, mode: str) -> Path:
    """An expansion whose only file of its own is a mode based on identity."""
    exp = tmp_path / "pack"
    (exp / "modes").mkdir(parents=True)
    (exp / "expansion.yaml").write_text(
        "kind: expansion\nid: pack\nname: {zh: 包}\nversion: '1'\nmodes: [identity]\n",
        encoding="utf-8")
    (exp / "modes" / "tiny.yaml").write_text(
        "kind: mode\nid: tiny\nname: {zh: 小}\nbased_on: identity\n" + mode,
        encoding="utf-8")
    return exp


ROLES = """roles:
  ids: [lord, loyalist, rebel, renegade]
  names: {lord: {zh: 主公}, loyalist: {zh: 忠臣}, rebel: {zh: 反贼}, renegade: {zh: 内奸}}
  public: [lord]
  table:
"""


def _mode_errors(exp: Path) -> list[str]:
    return [f"{Path(p.location.path).name}:{p.location.line}:{p.location.col}: "
            f"{p.code}: {p.message}" for p in validate([exp]).problems]


def test_a_player_range_whose_min_is_above_its_max_is_reported(tmp_path: Path) -> None:
    """min 6, max 3 allowed no count at all, yet validated clean; every command then
    refused every count ('mode tiny plays 6-3 players, not 4')."""
    exp = _expansion_mode(tmp_path, "players: {min: 6, max: 3}\n" + ROLES
                          + "    3: {lord: 1, loyalist: 0, rebel: 1, renegade: 1}\n")
    assert _mode_errors(exp) == [
        "tiny.yaml:5:16: players-range: mode 'tiny' plays from 6 to 3 players: "
        "no count is both"]


def test_a_row_dealing_two_lords_is_reported(tmp_path: Path) -> None:
    exp = _expansion_mode(tmp_path, "players: {min: 3, max: 4}\n" + ROLES
                          + "    3: {lord: 1, loyalist: 0, rebel: 1, renegade: 1}\n"
                          + "    4: {lord: 2, loyalist: 0, rebel: 1, renegade: 1}\n")
    assert _mode_errors(exp) == [
        "tiny.yaml:12:15: role-count: the 4-player row deals 2 lords"]


def test_a_consistent_expansion_mode_has_no_problem(tmp_path: Path) -> None:
    exp = _expansion_mode(tmp_path, "players: {min: 3, max: 4}\n" + ROLES
                          + "    3: {lord: 1, loyalist: 0, rebel: 1, renegade: 1}\n"
                          + "    4: {lord: 1, loyalist: 1, rebel: 1, renegade: 1}\n")
    assert _mode_errors(exp) == []


def test_a_bundled_place_is_named_as_the_base_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review, session 8: a duplicate of a base-game id named the bundled file by its
    absolute path (inside site-packages, for an installed package)."""
    from sgs_tools.data.catalog import place
    from sgs_tools.errors import Location
    from sgs_tools.paths import bundled_root

    bundled = bundled_root() / "generals" / "standard" / "caocao.yaml"
    assert place(Location(str(bundled), 4, 5)) == (
        "the base game (generals/standard/caocao.yaml:4:5)")
    own = tmp_path / "generals" / "x.yaml"
    assert place(Location(str(own), 2, 3)) == f"{own}:2:3"
    monkeypatch.chdir(tmp_path)  # (in the checkout a relative path may be a bundled file)
    assert place(Location("generals/x.yaml", 0, 0)) == "generals/x.yaml"

"""Validation leaves out what is not game data: hidden folders, tool configs, ignored paths."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sgs_tools.paths import data_files
from sgs_tools.project import validate
from tests.conftest import EXAMPLES

JUNK = "not: [valid\n"  # a YAML syntax error: reported if it were read


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    exp = tmp_path / "exp"
    shutil.copytree(EXAMPLES / "positive" / "expansion", exp)
    for name in (".github/workflows/ci.yml", ".venv/lib/x.yaml", ".git/x.yaml",
                 "node_modules/pkg/a.yaml", "build/out.yaml", "notes/draft.yaml",
                 "sgs-site/docs/x.yml"):
        (exp / name).parent.mkdir(parents=True, exist_ok=True)
        (exp / name).write_text(JUNK, encoding="utf-8")
    (exp / ".pre-commit-config.yaml").write_text("repos: []\n", encoding="utf-8")
    (exp / ".gitignore").write_text("# comment\n/build/\nnotes/*.yaml\n!keep.yaml\n",
                                    encoding="utf-8")
    (exp / "mkdocs.yml").write_text("site_name: x\nnav: []\n", encoding="utf-8")
    return exp


def test_only_data_is_found(repo: Path) -> None:
    found = {p.relative_to(repo).as_posix() for p in data_files(repo)}
    assert found == {"expansion.yaml", "cards/cards.yaml", "cards/deck.yaml",
                     "generals/mayunlu.yaml", "mkdocs.yml"}


def test_a_real_repository_validates_clean(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(repo)
    result = validate([Path(".")])
    assert result.problems == []


def test_a_kindless_file_in_a_data_folder_is_still_an_error(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (repo / "generals" / "draft.yaml").write_text("name: x\n", encoding="utf-8")
    (repo / "other.yaml").write_text("id: forgotten\nname: {zh: 无}\n", encoding="utf-8")
    monkeypatch.chdir(repo)
    result = validate([Path(".")])
    assert sorted((p.location.path, p.code) for p in result.problems) == [
        ("generals/draft.yaml", "missing-kind"), ("other.yaml", "missing-kind")]


def test_a_broken_tool_file_is_skipped_but_broken_data_is_not(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """YAML that does not even parse, found outside the data folders: some other tool's
    file unless it says it is data (a top-level kind or id line, or a data file's name)."""
    (repo / "codecov.yml").write_text(JUNK, encoding="utf-8")
    (repo / "hero.yaml").write_text("kind: general\nid: [broken\n", encoding="utf-8")
    (repo / "generals" / "bad.yaml").write_text(JUNK, encoding="utf-8")
    monkeypatch.chdir(repo)
    result = validate([Path(".")])
    assert sorted(p.location.path for p in result.problems) == ["generals/bad.yaml",
                                                                "hero.yaml"]
    named = validate([Path("codecov.yml")])
    assert [p.code for p in named.problems] == ["yaml-syntax"]


def test_sgs_test_loads_what_validate_checks(repo: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Tool configs beside an expansion are no game data for `sgs test` either (it used to
    refuse to run: "the game data has problems: mkdocs.yml: file has no 'kind' key")."""
    from typer.testing import CliRunner

    from sgs_tools.cli.main import app

    (repo / "codecov.yml").write_text(JUNK, encoding="utf-8")
    (repo / "tests").mkdir()
    (repo / "tests" / "seat.yaml").write_text(
        "kind: scenario\nseats: [{general: mayunlu}, {general: caocao}]\nturns: 0\n",
        encoding="utf-8")
    (repo / "tests" / "broken.yaml").write_text("kind: scenario\nseats: [\n",
                                                encoding="utf-8")
    monkeypatch.chdir(repo)
    tested = CliRunner().invoke(app, ["test"])
    assert "game data has" not in tested.output, tested.output
    assert "tests/broken.yaml:3:1: error[yaml-syntax]" in tested.output, tested.output
    assert "2 scenarios: 1 passed, 1 failed" in tested.output


def test_a_list_shaped_tool_file_is_skipped(repo: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    (repo / "site.yml").write_text("- hosts: all\n  tasks: []\n", encoding="utf-8")
    (repo / "listed.yaml").write_text("- kind: general\n  id: x\n", encoding="utf-8")
    monkeypatch.chdir(repo)
    result = validate([Path(".")])
    assert [(p.location.path, p.code) for p in result.problems] == [
        ("listed.yaml", "not-mapping")]

"""The validation cache (issue 15): a warm run gives the same report as a cold one, a
changed file is re-checked, a change to a file others depend on re-checks them, entries
not signed by this user are ignored, and deleting the cache is always safe."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools import paths
from sgs_tools.cli.main import app
from sgs_tools.data import cache as cache_mod

runner = CliRunner()

GENERAL = """kind: general
id: {gid}
name: {{zh: 测, en: {gid}}}
set: fanmade
kingdom: qun
gender: male
hp: 4
skills:
{skills}
"""
OWN = """  - id: {sid}
    name: {{zh: 技}}
    effect: |
      after take_damage:
        draw {n}
"""


@pytest.fixture
def cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("SGS_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    folder = tmp_path / "exp" / "generals"
    folder.mkdir(parents=True)
    (folder / "a.yaml").write_text(GENERAL.format(
        gid="gen_a", skills=OWN.format(sid="skill_a", n=1)), encoding="utf-8")
    (folder / "b.yaml").write_text(GENERAL.format(
        gid="gen_b", skills="  - skill_a\n"), encoding="utf-8")  # uses a's skill
    monkeypatch.chdir(tmp_path / "exp")
    return folder


def _validate() -> tuple[int, str]:
    result = runner.invoke(app, ["validate", "generals"])
    return result.exit_code, result.output


def test_warm_run_reports_what_a_cold_run_does(cached: Path) -> None:
    (cached / "c.yaml").write_text(GENERAL.format(
        gid="gen_c", skills=OWN.format(sid="skill_c", n="12345678901")), encoding="utf-8")
    cold = _validate()
    assert cold[0] == 1 and "c.yaml:13:14: error[dsl-syntax]" in cold[1]
    assert (cached / ".sgs-cache" / "CACHEDIR.TAG").is_file()
    assert _validate() == cold  # the run report
    for report in (cached / ".sgs-cache" / "reports").iterdir():
        report.unlink()
    assert _validate() == cold  # the per-file entries
    shutil.rmtree(cached / ".sgs-cache")  # safe to delete
    assert _validate() == cold


def test_a_changed_file_is_rechecked(cached: Path) -> None:
    assert _validate()[0] == 0
    (cached / "a.yaml").write_text(GENERAL.format(
        gid="gen_a", skills=OWN.format(sid="skill_a", n="drw")), encoding="utf-8")
    code, out = _validate()
    assert code == 1 and "a.yaml:13:14" in out


def test_a_change_to_a_dependency_rechecks_its_dependents(cached: Path) -> None:
    assert _validate()[0] == 0
    (cached / "a.yaml").write_text(GENERAL.format(
        gid="gen_a", skills=OWN.format(sid="skill_renamed", n=1)), encoding="utf-8")
    code, out = _validate()
    assert code == 1 and "b.yaml:9:5: error[unknown-ref]: unknown skill 'skill_a'" in out


def test_a_new_tool_or_vocabulary_is_a_new_key(cached: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert _validate()[0] == 0
    packs = sorted((cached / ".sgs-cache").glob("files-*"))
    monkeypatch.setattr(cache_mod, "_code_digest", lambda: "0" * 64)
    assert _validate()[0] == 0
    assert sorted((cached / ".sgs-cache").glob("files-*")) != packs


def test_entries_not_signed_by_this_user_are_ignored(cached: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    cold = _validate()
    # Another user (another secret key) made this cache: nothing in it may be loaded.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "someone-else"))
    loaded: list[object] = []
    real = cache_mod.pickle.loads
    monkeypatch.setattr(cache_mod.pickle, "loads",
                        lambda payload: loaded.append(1) or real(payload))
    assert _validate() == cold
    assert loaded == []


def test_an_unwritable_root_uses_the_user_cache_folder(cached: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache_mod, "_writable", lambda folder: False)
    assert _validate()[0] == 0
    assert not (cached / ".sgs-cache").exists()
    assert list((tmp_path / "user-cache" / "sgs-tools" / "roots").glob("*/files-*/*.pickle"))


def test_the_bundled_data_of_an_installed_package_is_cached_in_the_user_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SGS_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "uc"))
    package = Path(cache_mod.__file__).resolve().parent.parent
    monkeypatch.setattr(paths, "bundled_root", lambda: package / "bundled")
    where = cache_mod.location(None)
    assert where is not None and where.is_relative_to(tmp_path / "uc")

"""An interrupted or failed `sgs site build` never leaves a partial output folder: mkdocs
writes into a staging folder beside ``--out`` and only a complete build is moved into place
(the earlier output stays as it was, or there is none)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from sgs_tools import paths
from sgs_tools.errors import UsageError
from sgs_tools.sitegen import build as site_build
from sgs_tools.sitegen.build import OUT_MARK, STAGING_MARK, Layout, build_site, mkdocs_missing
from tests.sitegen.conftest import fixture_catalog

SITE = paths.bundled_root() / "site"


def _siblings(out: Path) -> list[str]:
    """Whatever a build left beside the output folder (staging or retired folders)."""
    if not out.parent.is_dir():
        return []
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}."))


def _fake_mkdocs(monkeypatch: pytest.MonkeyPatch, *, page: str = "new",
                 fail: BaseException | None = None, code: int = 0) -> list[Path]:
    """mkdocs replaced by a stand-in writing two pages into the folder it is given, then
    raising ``fail`` (after the first page) or returning ``code``."""
    seen: list[Path] = []

    def run(layout: Layout, echo: Any = None, site_dir: Path | None = None) -> tuple[int, str]:
        assert site_dir is not None and site_dir != layout.out
        seen.append(site_dir)
        (site_dir / "index.html").write_text(page, encoding="utf-8")
        if fail is not None:
            raise fail
        (site_dir / "sub").mkdir()
        (site_dir / "sub" / "page.html").write_text(page, encoding="utf-8")
        return code, "" if code == 0 else "Aborted with 1 warnings in strict mode!"

    monkeypatch.setattr(site_build, "mkdocs_missing", lambda: None)
    monkeypatch.setattr(site_build, "run_mkdocs", run)
    return seen


def _build(tmp_path: Path, out: Path) -> site_build.BuildResult:
    cat, effects = fixture_catalog()
    return build_site(cat, effects, Layout.make(SITE, tmp_path / "build", out))


def _old_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    out = tmp_path / "html"
    _fake_mkdocs(monkeypatch, page="old")
    assert _build(tmp_path, out).ok
    return out


def test_a_build_publishes_the_whole_folder_and_leaves_no_staging(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _old_output(tmp_path, monkeypatch)
    assert (out / "index.html").read_text(encoding="utf-8") == "old"
    assert (out / OUT_MARK).is_file() and not (out / STAGING_MARK).exists()
    assert _siblings(out) == []


def test_a_rebuild_replaces_the_output_whole_and_keeps_its_dot_entries(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _old_output(tmp_path, monkeypatch)
    (out / "stale.html").write_text("from an earlier build", encoding="utf-8")
    (out / ".git").mkdir()  # a gh-pages checkout: mkdocs' own cleaning keeps dot entries
    (out / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n", encoding="utf-8")
    _fake_mkdocs(monkeypatch, page="new")
    assert _build(tmp_path, out).ok
    assert (out / "index.html").read_text(encoding="utf-8") == "new"
    assert not (out / "stale.html").exists()
    assert (out / ".git" / "HEAD").read_text(encoding="utf-8").startswith("ref:")
    assert _siblings(out) == []


def test_ctrl_c_mid_build_leaves_the_old_output_intact(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _old_output(tmp_path, monkeypatch)
    seen = _fake_mkdocs(monkeypatch, page="partial", fail=KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        _build(tmp_path, out)
    assert seen and not seen[0].exists()
    assert (out / "index.html").read_text(encoding="utf-8") == "old"
    assert (out / "sub" / "page.html").read_text(encoding="utf-8") == "old"
    assert _siblings(out) == []


def test_ctrl_c_in_a_first_build_leaves_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "deep" / "er" / "html"
    _fake_mkdocs(monkeypatch, fail=KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        _build(tmp_path, out)
    assert not (tmp_path / "deep").exists()  # not even the parents it made


def test_a_strict_failure_publishes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _old_output(tmp_path, monkeypatch)
    _fake_mkdocs(monkeypatch, page="broken", code=1)
    result = _build(tmp_path, out)
    assert result.strict_failure
    assert (out / "index.html").read_text(encoding="utf-8") == "old"
    assert _siblings(out) == []


def test_a_disk_error_while_finishing_leaves_the_old_output_intact(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _old_output(tmp_path, monkeypatch)
    _fake_mkdocs(monkeypatch, page="new")

    def full(*args: Any) -> list[str]:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(site_build, "finish_output", full)
    with pytest.raises(UsageError, match="No space left on device"):
        _build(tmp_path, out)
    assert (out / "index.html").read_text(encoding="utf-8") == "old"
    assert _siblings(out) == []


def test_a_failed_swap_puts_the_old_folder_and_its_dot_entries_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out, staging = tmp_path / "html", tmp_path / ".html.sgs-staging-1-0"
    for folder, text in ((out, "old"), (staging, "new")):
        folder.mkdir()
        (folder / "index.html").write_text(text, encoding="utf-8")
    (out / ".keep").write_text("mine", encoding="utf-8")
    real = os.replace

    def replace(src: Any, dst: Any) -> None:
        if Path(src) == staging and Path(dst) == out:
            raise OSError(5, "Input/output error")
        real(src, dst)

    monkeypatch.setattr(site_build.os, "replace", replace)
    with pytest.raises(OSError):
        site_build.publish(staging, out)
    assert (out / "index.html").read_text(encoding="utf-8") == "old"
    assert (out / ".keep").read_text(encoding="utf-8") == "mine"
    assert (staging / "index.html").read_text(encoding="utf-8") == "new"


def test_staging_folders_of_killed_builds_are_removed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "html"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    killed = tmp_path / f".html.sgs-staging-{dead}-0"
    running = tmp_path / f".html.sgs-staging-{os.getppid()}-0"  # a live process's build
    unmarked = tmp_path / f".html.sgs-staging-{dead}-1"  # not ours: no mark
    for folder in (killed, running, unmarked):
        folder.mkdir()
    for folder in (killed, running):
        (folder / STAGING_MARK).write_text("", encoding="utf-8")
    _fake_mkdocs(monkeypatch)
    assert _build(tmp_path, out).ok
    assert not killed.exists() and running.exists() and unmarked.exists()


def test_a_build_folder_inside_the_output_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="inside the output"):
        site_build.check_layout(Layout.make(SITE, tmp_path / "out" / "b", tmp_path / "out"),
                                [], False)


@pytest.mark.skipif(mkdocs_missing() is not None, reason="mkdocs-material is not installed")
def test_real_ctrl_c_during_mkdocs_leaves_the_old_output_intact(tmp_path: Path) -> None:
    """Ctrl-C as a terminal sends it (SIGINT to the whole process group) while the real
    mkdocs is building: the earlier output is untouched and no staging folder is left."""
    out = tmp_path / "html"
    out.mkdir()
    (out / OUT_MARK).write_text("", encoding="utf-8")
    (out / "index.html").write_text("old", encoding="utf-8")
    script = textwrap.dedent(f"""
        import os, signal, sys
        sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})
        from pathlib import Path
        from sgs_tools.sitegen.build import Layout, build_site
        from tests.sitegen.conftest import fixture_catalog

        def echo(line):
            if "Building documentation" in line or "Cleaning site" in line:
                os.killpg(0, signal.SIGINT)

        cat, effects = fixture_catalog()
        try:
            build_site(cat, effects, Layout.make(Path({str(SITE)!r}), Path({str(tmp_path / "b")!r}),
                       Path({str(out)!r})), echo=echo)
        except KeyboardInterrupt:
            print("interrupted")
            sys.exit(130)
        print("finished")
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, start_new_session=True)
    assert proc.returncode == 130, proc.stdout + proc.stderr
    assert "interrupted" in proc.stdout
    assert (out / "index.html").read_text(encoding="utf-8") == "old"
    assert _siblings(out) == []


def _parent_read_only(monkeypatch: pytest.MonkeyPatch, out: Path) -> None:
    """The output folder's parent cannot be written (only the folder is the user's)."""
    real = site_build._new_folder

    def new_folder(parent: Path, prefix: str) -> Path:
        if parent == out.parent:
            raise PermissionError(13, "Permission denied")
        return real(parent, prefix)

    monkeypatch.setattr(site_build, "_new_folder", new_folder)


def test_an_output_whose_parent_is_read_only_is_staged_inside_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _old_output(tmp_path, monkeypatch)
    (out / "stale.html").write_text("gone after the build", encoding="utf-8")
    (out / ".htaccess").write_text("mine", encoding="utf-8")
    _parent_read_only(monkeypatch, out)
    _fake_mkdocs(monkeypatch, page="new")
    assert _build(tmp_path, out).ok
    assert (out / "index.html").read_text(encoding="utf-8") == "new"
    assert (out / "sub" / "page.html").read_text(encoding="utf-8") == "new"
    assert not (out / "stale.html").exists() and (out / OUT_MARK).is_file()
    assert (out / ".htaccess").read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".sgs-")) == [OUT_MARK]


def test_ctrl_c_with_a_read_only_parent_leaves_the_old_output_intact(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _old_output(tmp_path, monkeypatch)
    _parent_read_only(monkeypatch, out)
    _fake_mkdocs(monkeypatch, page="partial", fail=KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        _build(tmp_path, out)
    assert (out / "index.html").read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in out.iterdir()) == [OUT_MARK, "index.html", "sub"]


def test_a_failed_move_inside_the_output_puts_everything_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "html"
    out.mkdir()
    (out / "index.html").write_text("old", encoding="utf-8")
    (out / "a.html").write_text("old a", encoding="utf-8")
    staging = out / ".sgs-staging-1-0"
    staging.mkdir()
    (staging / "index.html").write_text("new", encoding="utf-8")
    (staging / "b.html").write_text("new b", encoding="utf-8")
    real = os.replace
    moved: list[Path] = []

    def replace(src: Any, dst: Any) -> None:
        if Path(src).parent == staging:
            moved.append(Path(dst))
            if len(moved) == 2:
                raise OSError(5, "Input/output error")
        real(src, dst)

    monkeypatch.setattr(site_build.os, "replace", replace)
    with pytest.raises(OSError):
        site_build.publish(staging, out)
    monkeypatch.undo()
    assert (out / "index.html").read_text(encoding="utf-8") == "old"
    assert (out / "a.html").read_text(encoding="utf-8") == "old a"
    assert sorted(p.name for p in out.iterdir()) == [".sgs-staging-1-0", "a.html",
                                                      "index.html"]

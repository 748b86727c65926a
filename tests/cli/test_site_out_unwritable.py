"""Issue 15: `sgs site build --out` onto a read-only or full file system is one line, exit 2."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sgs_tools.cli import site as site_cmd
from sgs_tools.cli.main import app

runner = CliRunner()


def test_site_build_out_under_a_file_is_an_io_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    result = runner.invoke(app, ["site", "build", "--build-dir", str(tmp_path / "b"),
                                 "--out", str(blocker / "html")])
    assert result.exit_code == 2, result.output
    assert "cannot write to" in result.output and "is not a folder" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "b").exists()  # refused before anything was written


def test_site_build_out_on_a_full_disk_is_an_io_error(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tempfile, "TemporaryFile", full)
    result = runner.invoke(app, ["site", "build", "--build-dir", str(tmp_path / "b"),
                                 "--out", str(tmp_path / "html")])
    assert result.exit_code == 2, result.output
    assert "No space left on device" in result.output
    assert "Traceback" not in result.output


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root writes into read-only folders")
def test_site_build_out_in_a_read_only_folder_is_an_io_error(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        result = runner.invoke(app, ["site", "build", "--build-dir", str(tmp_path / "b"),
                                     "--out", str(locked / "html")])
    finally:
        locked.chmod(0o700)
    assert result.exit_code == 2, result.output
    assert "Permission denied" in result.output


def test_an_io_error_in_mkdocs_traceback_becomes_one_line() -> None:
    echo = site_cmd._MkdocsEcho()
    for line in ["INFO    -  Building documentation", "Traceback (most recent call last):",
                 '  File "x.py", line 1, in copy', "    shutil.copyfile(a, b)",
                 "OSError: [Errno 28] No space left on device: 'a' -> 'b'"]:
        echo(line)
    assert echo.trace[0].startswith("Traceback")
    assert echo.io_error() == "[Errno 28] No space left on device: 'a' -> 'b'"
    other = site_cmd._MkdocsEcho()
    other("Traceback (most recent call last):")
    other("KeyError: 'nav'")
    assert other.io_error() is None

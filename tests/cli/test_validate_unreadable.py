"""Issue 15: a file that cannot be read is an I/O error (exit 2) whether it was named on the
command line or found inside a folder, and the report still lists it with its path."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools import paths
from sgs_tools.cli.main import app

runner = CliRunner()


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "generals"
    folder.mkdir()
    shutil.copy(paths.bundled_root() / "generals" / "standard" / "caocao.yaml",
                folder / "caocao_copy.yaml")
    copy = folder / "caocao_copy.yaml"
    copy.write_text(copy.read_text(encoding="utf-8")
                                   .replace("id: caocao", "id: caocao_copy")
                                   .replace("id: jianxiong", "id: jianxiong_copy")
                                   .replace("id: hujia", "id: hujia_copy"), encoding="utf-8")
    (folder / "b.yaml").write_text("kind: general\n", encoding="utf-8")
    return folder


@pytest.fixture
def unreadable_b(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        if self.name == "b.yaml":
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)


@pytest.mark.usefixtures("unreadable_b")
@pytest.mark.parametrize("named", [True, False], ids=["named", "inside-a-folder"])
def test_unreadable_file_is_exit_2_named_or_inside_a_folder(tmp_path: Path,
                                                            named: bool) -> None:
    folder = _folder(tmp_path)
    target = folder / "b.yaml" if named else folder
    result = runner.invoke(app, ["validate", "--format", "json", str(target)])
    assert result.exit_code == 2, result.output
    problems = json.loads(result.output)["problems"]
    assert [(Path(p["path"]).name, p["code"]) for p in problems] == [("b.yaml", "io-error")]
    assert "Permission denied" in problems[0]["message"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root reads files whatever their mode")
def test_a_file_without_read_permission_is_exit_2(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "b.yaml").chmod(0)
    try:
        result = runner.invoke(app, ["validate", str(folder)])
    finally:
        (folder / "b.yaml").chmod(0o600)
    assert result.exit_code == 2, result.output
    assert "b.yaml: error[io-error]: cannot read file" in result.output

"""`sgs schema export DIR`."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from sgs_tools.cli.main import app

runner = CliRunner()
NAMES = {"card", "deck", "general", "mode", "expansion", "scenario"}


def test_export_writes_every_schema(tmp_path: Path) -> None:
    result = runner.invoke(app, ["schema", "export", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "out").glob("*.schema.json"))
    assert {f.name.split(".")[0] for f in files} == NAMES
    for f in files:
        assert json.loads(f.read_text(encoding="utf-8"))["$schema"].endswith("2020-12/schema")


def test_export_is_idempotent_and_never_overwrites_edits(tmp_path: Path) -> None:
    assert runner.invoke(app, ["schema", "export", str(tmp_path)]).exit_code == 0
    assert runner.invoke(app, ["schema", "export", str(tmp_path)]).exit_code == 0
    edited = tmp_path / "general.schema.json"
    edited.write_text("{}", encoding="utf-8")
    result = runner.invoke(app, ["schema", "export", str(tmp_path)])
    assert result.exit_code == 2
    assert "exists and differs" in result.output
    assert edited.read_text(encoding="utf-8") == "{}"
    assert runner.invoke(app, ["schema", "export", "--force", str(tmp_path)]).exit_code == 0
    assert edited.read_text(encoding="utf-8") != "{}"


def test_export_says_what_it_did(tmp_path: Path) -> None:
    n = len(NAMES)
    first = runner.invoke(app, ["schema", "export", str(tmp_path)])
    assert first.output.strip() == f"wrote {n} schemas to {tmp_path}"
    again = runner.invoke(app, ["schema", "export", str(tmp_path)])
    assert again.output.strip() == f"wrote 0 schemas to {tmp_path}, {n} unchanged"
    (tmp_path / "mode.schema.json").unlink()
    (tmp_path / "card.schema.json").write_text("{}", encoding="utf-8")
    forced = runner.invoke(app, ["schema", "export", "--force", str(tmp_path)])
    assert forced.exit_code == 0
    assert forced.output.strip() == (
        f"wrote 2 schemas to {tmp_path} (1 overwritten), {n - 2} unchanged")


def test_a_conflict_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "card.schema.json").write_text("{}", encoding="utf-8")
    result = runner.invoke(app, ["schema", "export", str(tmp_path)])
    assert result.exit_code == 2
    assert "nothing written" in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["card.schema.json"]


def test_export_into_a_file_is_a_usage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    result = runner.invoke(app, ["schema", "export", str(blocker)])
    assert result.exit_code == 2
    assert "is a file; give a folder" in result.output

"""`sgs schema export DIR`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from tests.cli.conftest import new_pack

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
    assert first.output.splitlines()[0] == f"wrote {n} schemas to {tmp_path}"
    again = runner.invoke(app, ["schema", "export", str(tmp_path)])
    assert again.output.splitlines()[0] == f"wrote 0 schemas to {tmp_path}, {n} unchanged"
    (tmp_path / "mode.schema.json").unlink()
    (tmp_path / "card.schema.json").write_text("{}", encoding="utf-8")
    forced = runner.invoke(app, ["schema", "export", "--force", str(tmp_path)])
    assert forced.exit_code == 0
    assert forced.output.splitlines()[0] == (
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


# -- for a project: --data, and the modelines ----------------------------------------------

def _expansion(tmp_path: Path) -> Path:
    import shutil

    from tests.conftest import EXAMPLES

    root = tmp_path / "exp"
    shutil.copytree(EXAMPLES / "positive" / "expansion", root)
    return root


def test_export_for_an_expansion_knows_its_ids(tmp_path: Path) -> None:
    root = _expansion(tmp_path)
    result = runner.invoke(app, ["schema", "export", str(root / "schemas"), "--data",
                                 str(root)])
    assert result.exit_code == 0, result.output
    assert f"wrote 6 schemas to {root / 'schemas'} (for the base game and {root})" in (
        result.output)
    general = json.loads((root / "schemas" / "general.schema.json").read_text("utf-8"))
    companions = general["properties"]["companions"]["items"]["enum"]
    assert "mayunlu" in companions and "caocao" in companions
    assert "fanmade" in general["properties"]["set"]["examples"]
    deck = json.loads((root / "schemas" / "deck.schema.json").read_text("utf-8"))
    own_cards = [c["id"] for c in __import__("yaml").safe_load(
        (root / "cards" / "cards.yaml").read_text("utf-8"))["cards"]]
    assert set(own_cards) <= set(deck["$defs"]["entry"]["properties"]["card"]["enum"])


def test_export_prints_then_writes_the_modelines(tmp_path: Path) -> None:
    root = _expansion(tmp_path)
    before = (root / "generals" / "mayunlu.yaml").read_text(encoding="utf-8")
    dry = runner.invoke(app, ["schema", "export", str(root / "schemas"), "--data", str(root)])
    line = "# yaml-language-server: $schema=../schemas/general.schema.json"
    assert f"{root / 'generals' / 'mayunlu.yaml'}: needs {line}" in dry.output
    assert "--modelines writes them" in dry.output
    assert (root / "generals" / "mayunlu.yaml").read_text(encoding="utf-8") == before
    wet = runner.invoke(app, ["schema", "export", str(root / "schemas"), "--data", str(root),
                              "--modelines"])
    assert wet.exit_code == 0, wet.output
    after = (root / "generals" / "mayunlu.yaml").read_text(encoding="utf-8")
    assert after.splitlines()[0] == line
    assert after.splitlines()[1:] == [ln for ln in before.splitlines()
                                      if not ln.startswith("# yaml-language-server")]
    manifest = (root / "expansion.yaml").read_text(encoding="utf-8").splitlines()
    assert manifest[0] == "# yaml-language-server: $schema=schemas/expansion.schema.json"
    assert sum(ln.startswith("# yaml-language-server") for ln in manifest) == 1
    again = runner.invoke(app, ["schema", "export", str(root / "schemas"), "--data",
                                str(root), "--modelines"])
    assert "every data file already points at these schemas" in again.output
    validated = runner.invoke(app, ["validate", str(root)])
    assert validated.exit_code == 0, validated.output


def test_modelines_without_data_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["schema", "export", str(tmp_path), "--modelines"])
    assert result.exit_code == 2
    assert "--modelines needs --data" in result.output


def test_missing_data_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["schema", "export", str(tmp_path / "s"), "--data",
                                 str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert "does not exist" in result.output
    assert not (tmp_path / "s").exists()


def test_bundled_export_prints_a_modeline(tmp_path: Path) -> None:
    result = runner.invoke(app, ["schema", "export", str(tmp_path / "schemas")])
    assert "# yaml-language-server: $schema=../schemas/general.schema.json" in result.output


def test_inside_an_expansion_its_schemas_are_the_default(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review, session 8: inside a new expansion `sgs schema export schemas` compared its
    schemas with the base game's and refused every file as 'exists and differs'."""
    pack = new_pack(tmp_path, monkeypatch)
    assert (pack / "schemas" / "general.schema.json").is_file()
    result = runner.invoke(app, ["schema", "export", "schemas"])
    assert result.exit_code == 0, result.output
    assert "6 unchanged" in result.output
    assert "for the base game and" in result.output

"""An expansion's own kingdom goes to FreeKill: its general is exported (FreeKill takes any
kingdom name, shown by its translation), named in zh and en, and the general's scenario
passes inside FreeKill's real Lua core with the seat in that kingdom."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.export.freekill import crosscheck as cc
from sgs_tools.export.freekill.build import build

runner = CliRunner()


@pytest.fixture()
def pack(tmp_path: Path) -> Path:
    root = tmp_path / "jin-pack"
    steps = [
        ["new", "expansion", str(root), "--no-input", "--zh", "晋包"],
        ["new", "kingdom", "--dir", str(root), "--no-input", "--id", "jin", "--zh", "晋",
         "--en", "Jin", "--ko", "진", "--colour", "#4a6fa5"],
        ["new", "general", "--dir", str(root), "--no-input", "--id", "simayan2",
         "--zh", "司马炎", "--en", "Sima Yan", "--ko", "사마염", "--kingdom", "jin",
         "--hp", "4", "--skill", "yingshi:鹰视:Eagle Gaze:응시"],
    ]
    for step in steps:
        done = runner.invoke(app, step)
        assert done.exit_code == 0, done.output
    return root


def test_export_inside_the_expansion_takes_it_and_its_kingdom(
        pack: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(pack)  # no --data: the expansion here, as every command does
    done = runner.invoke(app, ["export", "freekill", str(tmp_path / "jinfk")])
    assert done.exit_code == 0, done.output
    assert "simayan2" not in done.output  # not in the list of generals left out
    init = (tmp_path / "jinfk" / "init.lua").read_text(encoding="utf-8")
    assert 'General:new(extension, "jinfk__simayan2", "jin", 4, 4, General.Male)' in init
    assert '["jin"] = "晋"' in init and '["jin"] = "Jin"' in init
    assert (tmp_path / "jinfk" / "skills" / "yingshi.lua").is_file()


def test_the_kingdoms_general_plays_inside_freekill(pack: Path, freekill_home: Path,
                                                    tmp_path: Path) -> None:
    res, report = build([pack], "sgsj")
    assert res is not None, report
    assert res.generals.get("simayan2") == "sgsj__simayan2", res.refused
    tree = cc.scratch(freekill_home, tmp_path / "freekill")
    cc.install(res, tree)
    run = cc.run_tests(tree)
    ours = [cc.test_name(o.skel, o.index) for o in res.scenarios if o.path == "yingshi.yaml"]
    assert ours, [o.path for o in res.scenarios]
    for name in ours:
        assert run.results.get(name) is True, run.failures.get(name, run.returncode)
    assert not run.crit, run.crit

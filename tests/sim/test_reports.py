"""Balance report files (sgs_tools/sim/reports.py): saved at the data root by
`sgs balance --save`, found and checked by the site build."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.errors import UsageError
from sgs_tools.sim import reports

runner = CliRunner()
FIXTURES = Path(__file__).resolve().parents[1] / "sitegen" / "balance"


def fixture() -> dict[str, Any]:
    return reports.load(FIXTURES / "identity-5p-focus-zhouyu.json")


def expansion(tmp_path: Path) -> Path:
    root = tmp_path / "myexp"
    root.mkdir()
    (root / "expansion.yaml").write_text(
        "kind: expansion\nid: myexp\nname: {en: Mine, zh: 我的}\nversion: 0.1.0\n",
        encoding="utf-8")
    return root


def test_the_fixture_reports_are_reports() -> None:
    for path in sorted(FIXTURES.glob("*.json")):
        report = reports.load(path)
        assert report["made"]["games"] > 0 and report["cells"]


def test_slug_names_mode_players_agents_and_focus() -> None:
    report = fixture()
    assert reports.slug(report) == "identity-5p-focus-zhouyu"
    report["made"]["agents"] = "lord=rollout:4:2,rebel=random"
    report["focus"] = []
    assert reports.slug(report) == "identity-5p-lord-rollout-4-2-rebel-random"
    report["made"]["mode"] = "../../etc/x"
    assert "/" not in reports.slug(report) and ".." not in reports.slug(report)


def test_save_writes_once_and_replaces_only_with_force(tmp_path: Path) -> None:
    report = fixture()
    path = reports.save(report, tmp_path)
    assert path == tmp_path / "balance" / "identity-5p-focus-zhouyu.json"
    assert reports.load(path) == report
    with pytest.raises(UsageError, match="--force"):
        reports.save(report, tmp_path)
    report["made"]["games"] = 7
    reports.save(report, tmp_path, force=True)
    assert reports.load(path)["made"]["games"] == 7
    assert [p.name for p in (tmp_path / "balance").iterdir()] == [path.name]  # no temp left


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.pop("made"), "made"),
    (lambda r: r.__setitem__("kind", "something-else"), "kind"),
    (lambda r: r["cells"][0].__setitem__("rate", "0.5\" onload=\"x"), "cells/0/rate"),
    (lambda r: r["cells"][0].__setitem__("rate", 1.5), "cells/0/rate"),
    (lambda r: r["cells"][0]["ci95"].append(0.2), "cells/0/ci95"),
    (lambda r: r["focus"][0].__setitem__("paired_ci95", [-3, 1]), "focus/0/paired_ci95"),
    (lambda r: r["made"].__setitem__("players", True), "made/players"),
    (lambda r: r["cells"][1].__setitem__("cohen_h", float("nan")), "cells/1/cohen_h"),
])
def test_a_wrong_report_is_refused_with_where(tmp_path: Path, change: Any,
                                              message: str) -> None:
    report = copy.deepcopy(fixture())
    change(report)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    with pytest.raises(UsageError, match="not a balance report") as info:
        reports.load(path)
    assert message in str(info.value) and "bad.json" in str(info.value)


def test_not_json_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n "kind": "sgs-balance-report",\n  oops\n}', encoding="utf-8")
    with pytest.raises(UsageError, match=r"broken\.json:3:3: not JSON"):
        reports.load(path)
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(UsageError, match="not UTF-8"):
        reports.load(path)


def test_roots_and_gather_find_saved_reports(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    root = expansion(tmp_path)
    reports.save(fixture(), root)
    monkeypatch.chdir(tmp_path)
    assert reports.data_root([root]) == root
    assert reports.data_root(None) is None  # not inside an expansion or a checkout
    found = reports.gather([root], [FIXTURES / "guozhan-4p-focus-gz_caocao.json"])
    assert [name for name, _r in found] == ["identity-5p-focus-zhouyu",
                                            "guozhan-4p-focus-gz_caocao"]
    monkeypatch.chdir(root / "balance")  # inside the expansion: found without --data
    assert reports.data_root(None) == root
    assert [n for n, _r in reports.gather(None)] == ["identity-5p-focus-zhouyu"]


def test_sgs_balance_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = expansion(tmp_path)
    args = ["balance", "--games", "2", "--agents", "random", "--workers", "1", "-q",
            "--save", "--data", str(root)]
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    saved = root / "balance" / "identity-5p-random.json"
    assert "saved" in result.output and saved.is_file()
    report = reports.load(saved)
    made = report["made"]
    assert (made["mode"], made["players"], made["agents"], made["games"]) == (
        "identity", 5, "random", 2)
    assert made["seeds"] == [0, 1] and made["tool"].startswith("sgs-tools ")
    assert made["command"].startswith("sgs balance --mode identity --players 5 --games 2")
    assert made["date"].endswith("Z")
    again = runner.invoke(app, args)
    assert again.exit_code == 2 and "--force" in again.output
    assert runner.invoke(app, [*args, "--force"]).exit_code == 0
    nowhere = runner.invoke(app, args[:-2])  # no --data, not inside any expansion
    assert nowhere.exit_code == 2 and "data root" in nowhere.output

"""sgs_tools/project.py: a report run (skills checked ahead, in worker processes, from the
cache) says exactly what a full run says, however the names an effect uses are spread over
files, workers and runs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sgs_tools import project
from sgs_tools.errors import Problem
from tests.conftest import EXAMPLES

GENERAL = """kind: general
id: {gid}
name: {{zh: 测, en: {gid}}}
set: {set}
kingdom: qun
gender: male
hp: 4
skills:
{skills}
"""
SKILL = """  - id: {sid}
    name: {{zh: 技}}
    effect: |
      {effect}
"""


def _general(folder: Path, gid: str, skills: str, set_id: str = "cross") -> None:
    (folder / f"{gid}.yaml").write_text(GENERAL.format(gid=gid, set=set_id, skills=skills),
                                        encoding="utf-8")


def _skill(sid: str, effect: str) -> str:
    return SKILL.format(sid=sid, effect=effect.replace("\n", "\n      "))


@pytest.fixture
def cross(tmp_path: Path) -> Path:
    """An expansion whose effects name skills and cards defined in other files: a worker
    checking one file has not seen the others."""
    root = tmp_path / "cross"
    generals = root / "generals"
    generals.mkdir(parents=True)
    (root / "expansion.yaml").write_text(
        "kind: expansion\nid: cross\nname: {zh: 交叉}\nmodes: [identity]\n", encoding="utf-8")
    # a cards file where generals live: read in a worker like the generals
    (generals / "cards.yaml").write_text(
        "kind: cards\nset: cross\ncards:\n  - id: cross_blade\n    name: {zh: 刀}\n"
        "    type: basic\n", encoding="utf-8")
    _general(generals, "g_first", _skill("alpha", "after take_damage:\n  draw 1"))
    for i in range(12):
        _general(generals, f"g_user{i:02d}",
                 _skill(f"uses_{i}", "action, once per turn:\n  gain_skill alpha")
                 + _skill(f"view_{i}", "view red card as cross_blade"))
    _general(generals, "g_bad", _skill("bad", "action, once per turn:\n  gain_skill nosuch"))
    # a skill listed by a general of a set the guozhan mode plays: its modes come from
    # another file than its own
    _general(generals, "g_owner", _skill("borrowed", "after take_damage:\n  draw 1"))
    _general(generals, "g_lender", "  - borrowed\n", set_id="guozhan")
    return root


def _report(targets: list[Path], monkeypatch: pytest.MonkeyPatch, workers: int,
            report_only: bool) -> tuple[list[Problem], list[Problem]]:
    monkeypatch.setenv("SGS_WORKERS", str(workers))
    result = project.validate(targets, report_only=report_only, use_cache=False)
    if report_only:
        assert not result.catalog.generals and result.effects is None  # only the report
    return result.problems, result.warnings


def test_skills_checked_ahead_in_workers_say_what_a_full_run_says(
        cross: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    full = _report([cross], monkeypatch, 1, False)
    assert [(p.code, Path(p.location.path).name) for p in full[0]] == [
        ("dsl-missing-argument", "g_bad.yaml"), ("health-kind", "g_lender.yaml")]
    assert "'nosuch'" in full[0][0].message
    for workers in (1, 2):
        assert _report([cross], monkeypatch, workers, True) == full


@pytest.mark.parametrize("case", sorted(p.name for p in (EXAMPLES / "negative").iterdir()))
def test_every_negative_example_reports_the_same_either_way(
        case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    target = EXAMPLES / "negative" / case
    full = _report([target], monkeypatch, 1, False)
    assert _report([target], monkeypatch, 2, True) == full


def test_cached_outcomes_are_checked_again_when_what_they_named_changes(
        cross: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SGS_NO_CACHE", raising=False)
    monkeypatch.setenv("SGS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("SGS_WORKERS", "2")
    first = project.validate([cross], report_only=True)
    assert not any("alpha" in p.message for p in first.problems)
    # the skill the users' cached, clean outcomes named goes away: they must be re-checked
    _general(cross / "generals", "g_first", _skill("omega", "after take_damage:\n  draw 1"))
    for report in (tmp_path / "cache" / "reports").iterdir():
        report.unlink()
    second = project.validate([cross], report_only=True)
    monkeypatch.setenv("SGS_NO_CACHE", "1")
    assert second.problems == project.validate([cross]).problems
    assert sum("alpha" in p.message for p in second.problems) == 12
    shutil.rmtree(tmp_path / "cache")

"""sgs_tools/project.py: a report run (skills checked ahead, in worker processes, from the
cache) says exactly what a full run says, however the names an effect uses are spread over
files, workers and runs."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

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


WORLDLY = {
    # 钟会's pile: a word of his own skills only (passed with his skills to the worker)
    "g_zhong": """piles:
  - id: quan
    name: {zh: 权, en: Power, ko: 권}
skills:
  - id: w_quanji
    name: {zh: 权计}
    effect: |
      after take_damage:
        may put_on_general 1 hand card named quan
      hand_limit +quan
  - id: w_zili
    name: {zh: 自立}
    tags: [awakening]
    effect: |
      awaken at start of start when quan >= 3:
        gain_skill w_paiyi
granted_skills:
  - id: w_paiyi
    name: {zh: 排异}
    effect: |
      action, once per phase:
        put_in_discard_pile 1 quan card
        draw 2
  - id: w_never
    name: {zh: 无}
    effect: |
      action, once per phase:
        draw 1
""",
    # card filters no card matches: by the bundled Slash's kind, by this expansion's card
    "g_filter": """skills:
  - id: w_spade
    name: {zh: 黑}
    effect: |
      action, once per turn:
        discard 1 equipment slash
        draw 1
  - id: w_relic_use
    name: {zh: 遗}
    effect: |
      action, once per turn:
        discard 1 equipment w_relic
        draw 1
""",
    # the kingdom this expansion declares: a word of every effect
    "g_jin": """skills:
  - id: w_zhaoxin
    name: {zh: 昭}
    effect: |
      after take_damage:
        may draw 1 for jin others
""",
}


def _worldly_general(root: Path, gid: str, body: str, kingdom: str) -> None:
    (root / "generals" / f"{gid}.yaml").write_text(
        f"kind: general\nid: {gid}\nname: {{zh: 测, en: {gid}, ko: 테}}\nset: worldly\n"
        f"kingdom: {kingdom}\ngender: male\nhp: 4\n{body}", encoding="utf-8")


def _relic(root: Path, kind: str) -> None:
    (root / "cards" / "relics.yaml").write_text(
        "kind: cards\nset: worldly\ncards:\n  - id: w_relic\n    name: {zh: 遗物, en: Relic, "
        f"ko: 유물}}\n    {kind}\n", encoding="utf-8")


def _declare_jin(root: Path, declared: bool) -> None:
    kingdoms = ("kingdoms:\n  - id: jin\n    name: {zh: 晋, en: Jin, ko: 진}\n"
                '    colour: "#5b4a8c"\n') if declared else ""
    (root / "expansion.yaml").write_text(
        "kind: expansion\nid: worldly\nname: {zh: 世界, en: Worldly, ko: 세계}\n"
        f'version: "1.0"\nmodes: [identity]\n{kingdoms}', encoding="utf-8")


@pytest.fixture
def worldly(tmp_path: Path) -> Path:
    """An expansion whose skills depend on more than the names they ask for: a general's
    pile, every card's kind (a card filter no card matches is a warning), a kingdom its
    expansion.yaml declares, and a granted skill granted by another skill."""
    root = tmp_path / "worldly"
    (root / "generals").mkdir(parents=True)
    (root / "cards").mkdir()
    _declare_jin(root, True)
    _relic(root, "type: basic")
    for gid, body in WORLDLY.items():
        _worldly_general(root, gid, body, "jin" if gid == "g_jin" else "wei")
    return root


def _taken(monkeypatch: pytest.MonkeyPatch) -> list[set[str]]:
    """The skills each compile_catalog call took as they were checked ahead."""
    from sgs_tools.dsl import effects

    seen: list[set[str]] = []
    real = effects.compile_catalog

    def spy(*args: Any, **kwargs: Any) -> effects.EffectsResult:
        out = real(*args, **kwargs)
        seen.append(set(out.taken))
        return out

    monkeypatch.setattr(effects, "compile_catalog", spy)
    return seen


def _codes(problems: list[Problem]) -> list[tuple[str, str]]:
    return [(p.code, p.message) for p in problems]


def test_skills_checked_ahead_get_piles_card_kinds_kingdoms_and_grants_right(
        worldly: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    full = _report([worldly], monkeypatch, 1, False)
    # the pile, the kingdom and w_zili's grant are known; w_never is granted by nothing
    assert _codes(full[0]) == [
        ("ungranted-skill", "granted skill 'w_never' is never granted")]
    assert [c for c in _codes(full[1]) if c[0] != "missing-name"] == [
        ("dsl-card-filter", "'equipment slash' matches no card: slash is never in the "
                            "equipment area"),
        ("dsl-card-filter", "'equipment w_relic' matches no card: w_relic is never in the "
                            "equipment area")]
    taken = _taken(monkeypatch)
    for workers in (1, 2):
        assert _report([worldly], monkeypatch, workers, True) == full
    # ... and not by checking them all again: each was taken as the worker checked it
    assert len(taken) == 2
    for seen in taken:
        assert {"w_quanji", "w_zili", "w_paiyi", "w_never", "w_spade", "w_relic_use",
                "w_zhaoxin"} <= seen


def test_a_cached_outcome_is_checked_again_when_a_card_kind_or_a_kingdom_changes(
        worldly: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SGS_NO_CACHE", raising=False)
    monkeypatch.setenv("SGS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("SGS_WORKERS", "2")

    def fresh() -> tuple[list[Problem], list[Problem]]:
        for report in (tmp_path / "cache" / "reports").iterdir():
            report.unlink()  # the whole-run report: the per-file outcomes stay cached
        run = project.validate([worldly], report_only=True)
        monkeypatch.setenv("SGS_NO_CACHE", "1")
        full = project.validate([worldly])
        monkeypatch.delenv("SGS_NO_CACHE")
        assert (run.problems, run.warnings) == (full.problems, full.warnings)
        return run.problems, run.warnings

    first = project.validate([worldly], report_only=True)
    assert sum(p.code == "dsl-card-filter" for p in first.warnings) == 2
    # the relic becomes an armour: the unchanged general's cached warning no longer holds
    _relic(worldly, "type: equipment\n    subtype: armour")
    problems, warnings = fresh()
    assert [p.message for p in warnings if p.code == "dsl-card-filter"] == [
        "'equipment slash' matches no card: slash is never in the equipment area"]
    assert [p.code for p in problems] == ["ungranted-skill"]
    # the kingdom is no longer declared: the unchanged general's clean outcome no longer
    # holds, and 'jin' is no longer a selector of characters
    _declare_jin(worldly, False)
    problems, warnings = fresh()
    assert ("dsl-type", "g_jin.yaml", 13) in [
        (p.code, Path(p.location.path).name, p.location.line) for p in problems]
    shutil.rmtree(tmp_path / "cache")

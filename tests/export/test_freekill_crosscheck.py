"""The exported package inside FreeKill's real rules code (FREEKILL_HOME, a scratch copy).

Checks, as issue 12 asks: the package loads with no [crit] line; FreeKill's own tests still
pass; at least 90% of our scenarios emitted as FreeKill tests pass there and every other one
is a listed known difference; FreeKill's own tests of its standard skills, run against our
exported skills under the same names, fail only where listed; and whole AI games with our
generals in every seat finish without errors.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from sgs_tools.export.freekill import crosscheck as cc
from sgs_tools.export.freekill.build import build
from sgs_tools.export.freekill.package import ExportResult
from tests.conftest import TESTS

KNOWN: dict[str, Any] = yaml.safe_load(
    (TESTS / "export" / "freekill_known_differences.yaml").read_text(encoding="utf-8"))
CARDS = TESTS / "export" / "data" / "fkcards"  # an expansion of new cards, with scenarios
FREEKILL_OWN_TESTS = 26  # FreeKill's per-skill tests at the pinned commit
GAMES = 20


@dataclass
class Checked:
    res: ExportResult
    tree: Path
    run: cc.TestRun


@pytest.fixture(scope="module")
def checked(freekill_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Checked:
    res, report = build([CARDS], "sgsx")
    assert res is not None, report
    assert len(res.cards) == 7, res.refused
    tree = cc.scratch(freekill_home, tmp_path_factory.mktemp("fk") / "freekill")
    cc.install(res, tree)
    return Checked(res, tree, cc.run_tests(tree))


def _ours(c: Checked) -> dict[str, str]:
    """Our emitted scenario file → its FreeKill test name."""
    return {o.path: cc.test_name(o.skel, o.index)
            for o in c.res.scenarios if o.skill}


def test_package_loads_without_crit(checked: Checked) -> None:
    assert checked.run.crit == []
    assert checked.run.results, checked.run.output[-2000:]


def test_freekills_own_tests_still_pass(checked: Checked) -> None:
    ours = set(_ours(checked).values())
    own = {k: v for k, v in checked.run.results.items() if k not in ours}
    assert len(own) == FREEKILL_OWN_TESTS
    assert all(own.values()), {k: checked.run.failures.get(k) for k, v in own.items() if not v}


def test_our_scenarios_pass_inside_freekill(checked: Checked) -> None:
    ours = _ours(checked)
    assert len(ours) >= 15  # the translation covers most scenarios of exported skills
    failing = {path for path, name in ours.items() if not checked.run.results.get(name)}
    passed = len(ours) - len(failing)
    assert passed >= 0.9 * len(ours), (passed, len(ours))
    listed = set(KNOWN["scenarios"])
    unexplained = {p: checked.run.failures.get(ours[p]) for p in failing - listed}
    assert not unexplained, f"failing in FreeKill, not in the known differences: {unexplained}"
    assert not listed - failing, f"listed as failing but passing now: {listed - failing}"


def test_the_new_cards_scenarios_pass_inside_freekill(checked: Checked) -> None:
    """Every scenario of the card expansion is emitted as a test of its card's skill and
    passes in FreeKill's rules code: a new basic card, two ordinary tricks, a delayed
    trick, a weapon's, an armour's and a horse's abilities."""
    ours = _ours(checked)
    cards = {o.path: ours[o.path] for o in checked.res.scenarios
             if o.skill and o.skill.startswith("card:")}
    expected = sorted(p.name for p in (CARDS / "tests").glob("*.yaml"))
    assert sorted(cards) == expected
    assert {o.skill for o in checked.res.scenarios if o.path in cards} == {
        f"card:{c}" for c in ("poison_arrow", "war_drums", "ambush", "drought",
                              "hook_spear", "bronze_shield", "hanxue")}
    failing = {p: checked.run.failures.get(n) for p, n in cards.items()
               if not checked.run.results.get(n)}
    assert not failing


def test_emitted_tests_can_fail(checked: Checked, tmp_path: Path) -> None:
    """A scenario test asserts something: break one expectation and FreeKill reports it."""
    tree = cc.scratch(checked.tree, tmp_path / "fk")
    skill = tree / "packages" / "sgsx" / "skills" / "tuxi.lua"
    text = skill.read_text(encoding="utf-8")
    assert "script.holds(P[1]:getCardIds(\"h\"), {" in text
    skill.write_text(text.replace('c.trueName == "peach"', 'c.trueName == "analeptic"'),
                     encoding="utf-8")
    run = cc.run_tests(tree)
    name = cc.test_name("sgsx__tuxi", 1)
    assert run.results.get(name) is False, run.results


def test_freekills_tests_against_our_skills(freekill_home: Path, tmp_path: Path) -> None:
    plain, report = build([], "sgsx_plain", tests=False, prefix="")
    assert plain is not None, report
    tree = cc.scratch(freekill_home, tmp_path / "fk")
    tested = cc.freekill_tested_skills(tree)
    swapped = cc.swap(tree, plain, tested)
    assert swapped, "no FreeKill-tested standard skill is exportable"
    run = cc.run_tests(tree)
    assert run.crit == []
    results = {k: v for k, v in run.results.items()
               if k.split(".")[0][len("Test"):] in swapped}
    assert len(results) >= len(swapped)
    failing = {k for k, v in results.items() if not v}
    listed = set(KNOWN["freekill_tests"])
    assert failing <= listed, {k: run.failures.get(k) for k in failing - listed}
    assert not (listed & set(results)) - failing, "a listed difference passes now"
    # the rest of FreeKill's suite is untouched by the swap
    others = {k: v for k, v in run.results.items() if k not in results}
    assert all(others.values())


def test_whole_ai_games_with_our_generals(checked: Checked) -> None:
    """Whole AI games with our generals in every seat and the new cards in the deck finish
    without an error of ours; the probe shows our cards and skills were really in play."""
    gens = sorted(checked.res.generals.values())
    assert len(gens) >= 5
    seatings = [[gens[(i * 5 + k) % len(gens)] for k in range(5)] for i in range(GAMES)]
    allowed = [str(x).strip() for x in KNOWN["freekill_ai_crits"]]
    cc.install_probe(checked.tree)
    workers = max(1, min(4, os.cpu_count() or 1))
    with ThreadPoolExecutor(workers) as pool:
        games = list(pool.map(lambda i: cc.run_game(checked.tree, seatings[i], 2000 + i),
                              range(GAMES)))
    bad = []
    for i, g in enumerate(games):
        crit = [c for c in g.crit if c.removeprefix("[crit] ").strip() not in allowed]
        if g.returncode != 0 or not g.over or crit:
            bad.append((g.seed, seatings[i], g.returncode, g.over, crit[:3]))
    assert not bad, bad
    used = {name for g in games for name in g.uses}
    assert set(checked.res.cards.values()) <= used, set(checked.res.cards.values()) - used
    ours = {name for g in games for name in g.skills if name.startswith("sgsx__")}
    assert len(ours) >= 10, ours

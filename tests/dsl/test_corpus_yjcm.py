"""A corpus nobody here wrote: the 28 skills of the 15 一将成名 2011/2012 generals, original
printings (tests/corpus/yjcm), validated and played as an expansion; every skill shows
itself in play in at least one of its scenarios; the table in its README is the truth."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.engine.library import Library
from sgs_tools.project import library
from sgs_tools.scenario.runner import collect, run_file

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "yjcm"
GENERALS = ("caozhi", "zhangchunhua", "fazheng", "xushu", "masu", "yujin", "chengong",
            "gaoshun", "lingtong", "wuguotai", "xusheng", "zhonghui", "wangyi", "xunyou",
            "bulianshi")


@pytest.fixture(scope="module")
def lib() -> Library:
    return library([CORPUS])


def skills_of_corpus(lib: Library) -> list[str]:
    out = []
    for gid in GENERALS:
        general = lib.catalog.generals[gid]
        out += [s.id for s in lib.catalog.skills_of(general)] + [s.id for s in general.granted]
    return out


def test_the_corpus_validates() -> None:
    result = CliRunner().invoke(app, ["validate", "--strict", str(CORPUS)])
    assert result.exit_code == 0, result.output
    assert "no problems" in result.output


def test_its_scenarios_pass() -> None:
    result = CliRunner().invoke(app, ["test", str(CORPUS / "tests")])
    assert result.exit_code == 0, result.output
    assert re.search(r"(\d+) scenarios: \1 passed", result.output), result.output


def test_fifteen_generals_and_twenty_eight_skills(lib: Library) -> None:
    assert sorted(g for g in lib.catalog.generals if lib.catalog.generals[g].set == "yjcm") \
        == sorted(GENERALS)
    assert len(skills_of_corpus(lib)) == 28


def skills_shown(lib: Library, paths: list[Path]) -> set[str]:
    """Run each scenario (each must pass) and gather the skills its log names, as the one
    used or as the one a card or effect came through."""
    seen: set[str] = set()
    for path in paths:
        outcome, _doc = run_file(lib, path, path.name)
        assert outcome.ok, (path.name, [p.message for p in outcome.problems])
        for entry in outcome.log:
            for key in ("skill", "via"):
                if isinstance(entry.get(key), str):
                    seen.add(entry[key])
    return seen


def test_every_skill_shows_itself_in_a_scenario(lib: Library) -> None:
    """A skill is shown in play when a scenario's log names it (its use, a card it made, an
    effect it stopped): every one of the 28 is."""
    seen = skills_shown(lib, collect([CORPUS / "tests"]))
    missing = [s for s in skills_of_corpus(lib) if s not in seen]
    assert not missing, missing


def test_the_readme_table_counts_all_exact(lib: Library) -> None:
    text = (CORPUS / "README.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    listed = [re.match(r"\| `(\w+)`", row).group(1) for row in rows]  # type: ignore[union-attr]
    assert sorted(listed) == sorted(skills_of_corpus(lib))
    assert all("| exact |" in row for row in rows), [r for r in rows if "| exact |" not in r]

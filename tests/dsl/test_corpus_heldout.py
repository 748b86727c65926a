"""A held-out corpus (tests/corpus/yjcm_heldout): the 31 skills of the 一将成名 2012/2013
generals the yjcm corpus left out, written after issue 13's words, to measure the share of
designers' texts the vocabulary can say. It validates, its scenarios pass, every skill
written shows itself in play, and the table and figures of its README are the truth."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.dsl.render import render
from sgs_tools.engine.library import Library
from sgs_tools.project import library
from sgs_tools.scenario.runner import collect
from tests.dsl.test_corpus_yjcm import skills_shown

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "yjcm_heldout"
README = CORPUS / "README.md"


@pytest.fixture(scope="module")
def lib() -> Library:
    return library([CORPUS])


def written(lib: Library) -> list[str]:
    return sorted(s.id for g in lib.catalog.generals.values() if g.set == "yjcm_heldout"
                  for s in lib.catalog.skills_of(g))


def table() -> dict[str, str]:
    """Skill id → exact | changed | impossible, from the README's table."""
    rows = [line for line in README.read_text(encoding="utf-8").splitlines()
            if line.startswith("| `")]
    out = {}
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        out[cells[0].strip("`")] = cells[3]
    return out


def test_the_corpus_validates() -> None:
    result = CliRunner().invoke(app, ["validate", "--strict", str(CORPUS)])
    assert result.exit_code == 0, result.output
    assert "no problems" in result.output


def test_its_scenarios_pass_and_show_every_written_skill(lib: Library) -> None:
    paths = collect([CORPUS / "tests"])
    assert len(paths) == 31
    seen = skills_shown(lib, paths)
    # a static skill (宗室's hand limit) names itself in no log entry: its scenario is the
    # one named after it, and it passes only if the static did its work
    statics = {s for s in written(lib)
               if not any(h.get("event") for h in lib.effects.compiled[s].hooks)}
    named = {s for s in statics if any(p.stem.endswith(s) for p in paths)}
    assert [s for s in written(lib) if s not in seen | named] == []


def test_every_skill_reads_in_three_languages(lib: Library) -> None:
    """Each written skill renders (two conditional statics in a row once crashed the
    renderer: 将驰)."""
    for ident in written(lib):
        compiled = lib.effects.compiled[ident]
        for lang in ("en", "zh", "ko"):
            assert render(compiled.effect, compiled.analysis, compiled.registry, lang).strip()


def test_the_table_is_the_truth(lib: Library) -> None:
    rows = table()
    assert len(rows) == 31
    assert set(rows.values()) <= {"exact", "changed", "impossible"}
    # a skill is written (exact or changed) exactly when the corpus has it
    assert sorted(s for s, how in rows.items() if how != "impossible") == written(lib)
    counts = {how: sum(1 for v in rows.values() if v == how)
              for how in ("exact", "changed", "impossible")}
    text = README.read_text(encoding="utf-8")
    assert (f"**{counts['exact']} exact,\n{counts['changed']} changed, "
            f"{counts['impossible']} impossible**") in text.replace("Now: ", "")
    said = round(100 * counts["exact"] / 31)
    at_all = round(100 * (counts["exact"] + counts["changed"]) / 31)
    assert f"**{said}% of these designers' skills said exactly, {at_all}% said at\nall**" \
        in text
    assert re.search(r"holds (\d+) scenarios", text.replace("\n", " ")).group(1) == "31"  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_every_skill_text_matches_its_golden_file(lib: Library, lang: str) -> None:
    """The written skills' texts, pinned (regenerate with SGS_UPDATE_GOLDEN=1)."""
    from sgs_tools.dsl.effects import explain
    from tests.conftest import golden

    effects = lib.effects
    lines = [f"{ident}\t{explain(effects.compiled[ident], effects.names, lang)}\n"
             for ident in written(lib)]
    golden(Path(__file__).parent / "golden" / "texts" / f"heldout-{lang}.txt", "".join(lines))

"""The designers' words the 一将成名 corpus does not use, each in play: two small
expansions of made-up skills (tests/corpus/words for identity, words_gz for Guozhan),
validated strictly and played, every skill seen in a scenario's log."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.project import library
from sgs_tools.scenario.runner import collect, run_file

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


@pytest.mark.parametrize("name", ["words", "words_gz"])
def test_the_demos_validate_and_every_skill_plays(name: str) -> None:
    root = CORPUS / name
    result = CliRunner().invoke(app, ["validate", "--strict", str(root)])
    assert result.exit_code == 0, result.output
    lib = library([root])
    own = [s.id for g in lib.catalog.generals.values() if g.set == name
           for s in lib.catalog.skills_of(g)]
    assert own
    seen: set[str] = set()
    for path in collect([root / "tests"]):
        outcome, _doc = run_file(lib, path, path.name)
        assert outcome.ok, (path.name, [p.message for p in outcome.problems])
        seen |= {str(e[k]) for e in outcome.log for k in ("skill", "via") if e.get(k)}
    assert [s for s in own if s not in seen] == []

"""The designers' words the 一将成名 corpus does not use, each in play: two small
expansions of made-up skills (tests/corpus/words for identity, words_gz for Guozhan),
validated strictly and played, every skill seen in a scenario's log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.data.model import General
from sgs_tools.dsl.vocabulary import load_vocabulary, vocabulary_dir
from sgs_tools.engine.library import walk_words
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


def _hooks_and_generals() -> tuple[list[dict[str, Any]], list[General]]:
    sets = ("yjcm", "yjcm_heldout", "words", "words_gz")
    lib = library([CORPUS / name for name in sets])
    gens = [g for g in lib.catalog.generals.values() if g.set in sets]
    hooks = [h for g in gens for s in lib.catalog.skills_of(g) + list(g.granted)
             for h in lib.effects.compiled[s.id].hooks]
    return hooks, gens


def test_every_designers_word_is_shown_by_a_corpus() -> None:
    """Each word of grammar/vocabulary/designers.yaml is used by a skill of the 一将成名
    corpora (yjcm, yjcm_heldout) or of the demos (whose scenarios the tests play), and so
    is each construct of issue 13's list that is a form rather than a word."""
    words = load_vocabulary(vocabulary_dir() / "designers.yaml").data
    wanted = {f"{cat}:{w}" for key, cat in (("selectors", "selector"), ("functions", "function"),
                                            ("actions", "action"), ("modifiers", "modifier"),
                                            ("quantities", "quantity"))
              for w in words.get(key, {})}
    wanted |= {f"event:{w}" for w in words.get("events", {})}
    wanted |= {f"attribute:{a}" for attrs in words["attributes"].values() for a in attrs}
    hooks, gens = _hooks_and_generals()
    used: set[str] = set()
    for hook in hooks:
        used |= {f"{cat}:{w}" for cat, w in walk_words(hook)}
        used |= {f"selector:{w}" for cat, w in walk_words(hook) if cat == "predicate"}
        if hook.get("event"):
            used.add(f"event:{hook['event']}")
    assert sorted(wanted - used) == []
    text = json.dumps(hooks)
    forms = {
        "in X's attack range": "action:pick_in_range_of" in used,
        "this general (Guozhan)": '"subject": "this_general"' in text,
        "head / deputy skills": any({"head", "deputy"} & set(s.tags)
                                    for g in gens for s in g.skills),
        "a named pile": any(t.kind == "pile" for g in gens for t in g.tokens),
        "a mark": any(t.kind == "mark" for g in gens for t in g.tokens),
        "a skill only granted": any(g.granted for g in gens),
        "outside a phase": '"outside_phase"' in text,
        "a view-as whose card is chosen at use": '"do": "view_as", "args": {"kind"' in text,
        "before deal_damage": any(h.get("event") == "deal_damage" and h.get("timing") == "before"
                                  for h in hooks),
    }
    assert [form for form, shown in forms.items() if not shown] == []

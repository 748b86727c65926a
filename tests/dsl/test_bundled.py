"""Every bundled effect compiles, renders in three languages and round-trips; goldens pin a
representative set of hooks and texts across all modes."""

from __future__ import annotations

import json
from functools import cache

import pytest

from sgs_tools.dsl.effects import explain
from sgs_tools.dsl.parse import parse
from sgs_tools.dsl.unparse import unparse
from sgs_tools.project import Result, validate
from tests.conftest import TESTS, golden

GOLDEN = TESTS / "dsl" / "golden"
# Skills and cards pinned by golden files: at least twenty, across every mode.
PINNED = [
    "jianxiong", "hujia", "ganglie", "wusheng", "mashu", "zhiheng", "luoshen", "liuli",
    "tuxi", "qingnang", "leiji", "guidao",
    "gz_jianxiong", "gz_luanwu", "gz_duanliang", "gz_xiaoguo", "gz_buqu", "gz_niepan",
    "slash", "peach", "lightning", "eight_diagram", "crossbow", "iron_chain",
    "known_both",
    "akechi_mitsuhide.akechi_mitsuhide_castle_attack", "ankokuji_ekei.ankokuji_ekei_extra_income",
    "dojigiri.bonus",
]


@cache
def bundled() -> Result:
    return validate()


def test_bundled_data_has_no_problems() -> None:
    assert bundled().problems == []


def test_every_skill_and_card_has_an_effect() -> None:
    result = bundled()
    effects = result.effects
    assert effects is not None
    cat = result.catalog
    missing = [s for s in cat.skills if s not in effects.compiled]
    missing += [c for c, card in cat.cards.items()
                if card.type in ("basic", "trick", "delayed_trick", "equipment")
                and c not in effects.compiled]
    assert missing == []


def test_every_effect_renders_in_three_languages_and_round_trips() -> None:
    effects = bundled().effects
    assert effects is not None
    for ident, compiled in effects.compiled.items():
        assert compiled.hooks, ident
        for lang in ("en", "zh", "ko"):
            text = explain(compiled, effects.names, lang)
            assert text and "{" not in text and "None" not in text, (ident, lang, text)
        assert parse(unparse(compiled.effect)) == compiled.effect, ident


@pytest.mark.parametrize("ident", PINNED)
def test_golden_hooks_and_text(ident: str) -> None:
    effects = bundled().effects
    assert effects is not None
    compiled = effects.compiled.get(ident)
    if compiled is None:
        pytest.fail(f"{ident} has no compiled effect")
    texts = {lang: explain(compiled, effects.names, lang) for lang in ("en", "zh", "ko")}
    payload = {"id": ident, "dsl": unparse(compiled.effect), "text": texts,
               "hooks": compiled.hooks}
    golden(GOLDEN / f"{ident}.json", json.dumps(payload, ensure_ascii=False, indent=1) + "\n")


def test_grants_are_found_without_a_walk_only_where_the_text_cannot_grant() -> None:
    """check_ahead skips walking a compiled effect's hooks for ``gain_skill`` steps when the
    text never writes the word (a step's ``do`` is its verb as written): on every bundled
    effect, and on one that grants, the shortcut finds what the walk finds."""
    from sgs_tools.dsl.effects import _granted_by, _grants

    compiled = bundled().effects
    assert compiled is not None
    for c in compiled.compiled.values():
        assert _grants(c.text, c.hooks) == frozenset(_granted_by(c.hooks)), c.id
    from sgs_tools.data.catalog import Catalog
    from sgs_tools.data.model import Origin
    from sgs_tools.dsl.effects import EffectsResult, _one

    cat = bundled().catalog
    skill = cat.skills["jianxiong"]
    out = EffectsResult()
    text = "at start of play, once per game:\n  gain_skill wusheng until turn\n"
    _one(Catalog(cards=cat.cards, skills=cat.skills), out, "probe", "skill", "probe", text,
         Origin(skill.origin.doc, skill.origin.path), "effect", frozenset({"identity"}), ())
    assert not [p for p in out.problems if p.severity == "error"], out.problems
    hooks = out.compiled["probe"].hooks
    assert _grants(text, hooks) == frozenset(_granted_by(hooks)) == {"wusheng"}

"""Rules text in each rule book's own words: every rendered text (every skill and card)
avoids the words the vocabulary's terms table rules out, Korean text has no Chinese
characters, and no two different skills or cards share a name in one language."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from sgs_tools.dsl.effects import explain
from sgs_tools.dsl.vocabulary import full_registry, registry
from tests.dsl.test_bundled import bundled
from tests.dsl.test_render_golden import every_text


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_every_text_uses_the_rule_books_terms(lang: str) -> None:
    terms = full_registry().terms.get(lang, {})
    bad = []
    for ident, text in every_text(lang):
        for term in terms.values():
            bad += [(ident, word) for word in term.avoid if word in text]
        if lang == "ko" and re.search(r"[\u3400-\u9fff]", text):
            bad.append((ident, "Chinese characters"))
    assert bad == []


# Habits a rules editor would strike out, per language, read for in every text: a chosen
# character named by a letter, and code-like leftovers.
HABITS = {
    # a letter for a chosen character; "然后你…然后你…"; three 然后 in one run of steps; a
    # loop head where its step can name them; a let-variable; an internal counter
    "zh": [r"角色[A-D]", r"然后你[^。；]*然后你", r"(?:然后[^。；]*){3}", r"对每名(?!这些)",
           r"令[A-Z]为", r"的计数"],
    "en": [r"\bcharacter [A-D]\b", r"then you [^.;]*then you", r"\blet [A-Z] be\b",
           r"\bAction\b", r"\btally\b"],
    # 자신이 원하면 where the owner makes it happen; a let-variable; the loop head
    "ko": [r"플레이어 [A-D](?![A-Za-z])", r"자신이 원하면", r"[A-Z]를 0으로", r"각각에 대해"],
}


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_no_text_has_a_habit_a_rules_editor_strikes_out(lang: str) -> None:
    bad = []
    for ident, text in every_text(lang):
        bad += [(ident, pattern) for pattern in HABITS[lang] if re.search(pattern, text)]
    assert bad == []


def test_the_korean_terms_table_names_the_books_words() -> None:
    terms = full_registry().terms["ko"]
    assert terms["player"].use == "플레이어"
    assert terms["damage_source"].use == "피해의 근원"
    assert terms["locked_skill"].use == "조건기"
    assert terms["lord_skill"].use == "주공기"


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_different_skills_never_share_a_name(lang: str) -> None:
    """One name, one skill: a general's identity and Guozhan versions of a skill (same
    Chinese name) share it; different skills (祸首, 祸水) never do."""
    cat = bundled().catalog
    by_name: dict[str, set[str]] = defaultdict(set)
    for skill in cat.skills.values():
        by_name[str(getattr(skill.name, lang))].add(skill.name.zh)
    assert {name: zh for name, zh in by_name.items() if len(zh) > 1} == {}


def test_one_english_name_per_skill_across_modes() -> None:
    cat = bundled().catalog
    by_zh: dict[str, set[str]] = defaultdict(set)
    for skill in cat.skills.values():
        by_zh[skill.name.zh].add(str(skill.name.en))
    assert {zh: en for zh, en in by_zh.items() if len(en) > 1} == {}


def test_korean_card_names_are_not_other_words() -> None:
    """火杀 is not 화살 (an arrow)."""
    cat = bundled().catalog
    assert cat.cards["fire_slash"].name.ko != "화살"


def test_guozhan_texts_say_diezhi() -> None:
    """The Guozhan rule book's word for a turned-over character is 叠置 (its own wording
    in guozhan.yaml); identity texts keep 翻面."""
    effects = bundled().effects
    assert effects is not None
    assert "将武将牌叠置" in explain(effects.compiled["gz_jushou"], effects.names, "zh")
    guozhan = [i for i, c in effects.compiled.items() if "guozhan" in c.registry.files]
    assert guozhan
    assert [i for i in guozhan
            if "翻面" in explain(effects.compiled[i], effects.names, "zh")] == []
    core = registry(frozenset({"standard"}))
    assert core.actions["turn_over"].text["zh"] == "{who}{may}将武将牌翻面"

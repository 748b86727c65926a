"""Rules text reads naturally: Korean timings and conditions, comparisons in words, card
names in 【】, merged parallel clauses."""

from __future__ import annotations

import re

import pytest

from sgs_tools.dsl.effects import explain
from sgs_tools.dsl.render import _ko_conj, _ko_event
from tests.dsl.test_bundled import bundled


def text(ident: str, lang: str) -> str:
    effects = bundled().effects
    assert effects is not None
    return explain(effects.compiled[ident], effects.names, lang)


@pytest.mark.parametrize(("event", "timing", "expected"), [
    ("당신이 피해를 받을", "after", "당신이 피해를 받은"),
    ("당신이 피해를 줄", "after", "당신이 피해를 준"),
    ("당신의 판정 단계가 시작될", "before", "당신의 판정 단계가 시작되기"),
    ("당신이 피해를 받을", "before", "당신이 피해를 받기"),
    ("당신이 피해를 받을", "when", "당신이 피해를 받을"),
])
def test_korean_event_forms(event: str, timing: str, expected: str) -> None:
    assert _ko_event(event, timing) == expected


@pytest.mark.parametrize(("cond", "form", "expected"), [
    ("체력이 1보다 많은", "면", "체력이 1보다 많으면"),
    ("판정 카드가 하트인", "면", "판정 카드가 하트면"),
    ("판정 카드가 검은색인", "면", "판정 카드가 검은색이면"),
    ("손패가 있는", "고", "손패가 있고"),
    ("체력이 1인", "ㄹ", "체력이 1일"),
    ("숫자가 크지 않은", "면", "숫자가 크지 않으면"),
])
def test_korean_condition_forms(cond: str, form: str, expected: str) -> None:
    assert _ko_conj(cond, form) == expected


def test_after_timing_reads_naturally_in_korean() -> None:
    assert text("fankui", "ko").startswith("당신이 피해를 받은 후, ")
    assert "처리 후" not in text("fankui", "ko")


def test_comparisons_are_words_in_every_language() -> None:
    effects = bundled().effects
    assert effects is not None
    for ident in effects.compiled:
        for lang in ("en", "zh", "ko"):
            assert not re.search(r" (==|!=|<=|>=|[<>=≠≤≥]) ", text(ident, lang)), (ident, lang)
    assert "체력이 1보다 많으면" in text("kurou", "ko")
    assert "大于1" in text("kurou", "zh")


def test_a_missing_response_reads_as_not_answering() -> None:
    assert "if character A does not, you deal 1 damage" in text("slash", "en")
    assert "若角色A未打出" in text("slash", "zh")
    assert "캐릭터 A가 내지 않으면" in text("slash", "ko")


def test_card_names_in_brackets_in_chinese() -> None:
    assert text("gz_longdan", "zh") == ("你可以将【杀】当【闪】使用或打出。"
                                        "你可以将【闪】当【杀】使用或打出。")


def test_parallel_view_as_clauses_are_one_sentence() -> None:
    assert text("gz_luanji", "en") == \
        "You may use 2 hand cards of the same suit as Archery Attack."
    assert text("gz_luanji", "zh") == "你可以将两张花色相同的手牌当【万箭齐发】使用。"
    assert text("gz_luanji", "ko") == "당신은 무늬가 같은 손패 2장을 【만전제발】로 사용할 수 있다."


def test_triggers_differing_in_one_verb_are_one_sentence() -> None:
    assert text("gz_leiji", "en").startswith("When you use or play a Jink, ")
    assert text("gz_leiji", "ko").startswith("당신이 【섬】을 사용하거나 낼 때, ")
    assert text("gz_leiji", "en").count(".") == 1


def test_korean_steps_chain_without_repeating_then() -> None:
    assert "그 후" not in text("gz_niepan", "ko")
    assert "되돌리고, 카드 3장을 뽑고, 체력을 3까지 회복한다" in text("gz_niepan", "ko")


def test_choosing_a_named_character_reads_as_having_them_act() -> None:
    assert "you may have the source perform a judgement" in text("ganglie", "en")
    assert "你可以令来源角色进行一次判定" in text("ganglie", "zh")

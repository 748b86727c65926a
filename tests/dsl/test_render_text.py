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
        "You may use 2 hand cards of the same suit as an Archery Attack."
    assert text("gz_luanji", "zh") == "你可以将两张花色相同的手牌当【万箭齐发】使用。"
    assert text("gz_luanji", "ko") == "무늬가 같은 손패 2장을 【만전제발】로 사용할 수 있다."


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


def test_arithmetic_is_words_and_computed_amounts_are_letters() -> None:
    for lang in ("en", "zh", "ko"):
        for ident in ("gz_buqu", "silver_lion", "zhiheng", "gz_zaiqi", "gz_guanxing"):
            assert not re.search(r"\S [-+*/] \S", text(ident, lang)), (ident, lang)
    assert "repeat X times" in text("gz_buqu", "en")
    assert "where X is the smaller of that amount and 1 minus your HP" in text("gz_buqu", "en")
    assert "（X为此数值与1减去你的体力值中的较小值）" in text("gz_buqu", "zh")
    assert "X는 그 수치와 1에서 당신의 체력을 뺀 값 중 작은 값이다" in text("gz_buqu", "ko")
    assert text("zhiheng", "en").startswith("Action (X times per turn)")
    assert "look at the top X cards of the deck" in text("gz_guanxing", "en")
    assert "손패가 X장이 될 때까지" in text("gz_jieming", "ko")


def test_let_bound_names_read_as_letters() -> None:
    for lang in ("en", "zh", "ko"):
        assert "hearts" not in text("gz_zaiqi", lang)
    assert "add 1 to X, then you recover X HP" in text("gz_zaiqi", "en")
    assert "X를 0으로 한다" in text("gz_zaiqi", "ko")


def test_whole_or_partial_amounts_of_damage() -> None:
    assert "you may prevent all of that damage" in text("ice_sword", "en")
    assert "그 피해를 모두 막을 수 있다" in text("ice_sword", "ko")
    assert "防止此伤害，" in text("ice_sword", "zh")
    assert "you prevent all but 1 of that damage" in text("silver_lion", "en")
    assert "그 피해를 1만 남기고 막는다" in text("silver_lion", "ko")


def test_same_number_of_cards() -> None:
    assert "draw the same number of cards" in text("zhiheng", "en")
    assert "摸与这些牌等量的牌" in text("zhiheng", "zh")
    assert "그만큼의 카드를 뽑는다" in text("zhiheng", "ko")


def test_english_card_names_take_articles_and_plurals() -> None:
    assert text("wushuang", "en").startswith("2 Jinks are needed to cancel a Slash you use.")
    assert "character A must play a Jink" in text("slash", "en")
    assert "character A uses a Duel on character B" in text("lijian", "en")
    assert "you may make the target unable to use a Jink against this card" in \
        text("liegong", "en")
    assert "have it that" not in text("jink", "en")


def test_korean_leaves_the_owner_unsaid_until_someone_else_acts() -> None:
    assert text("jianxiong", "ko") == "당신이 피해를 받은 후, 그 카드를 얻을 수 있다."
    slash = text("slash", "ko")
    assert slash.startswith("카드 사용 단계: 당신의 공격 범위 안의")
    assert "당신은 캐릭터 A에게 피해 1을 준다" in slash  # said again after character A


def test_modifiers_under_one_condition_are_one_sentence() -> None:
    assert text("dojigiri.bonus", "en") == ("In every war you fight, whichever of your houses "
                                            "fights, your attack total and defence total are "
                                            "each +2.")
    assert text("dojigiri.bonus", "zh").count("你进行的每场战争中") == 1
    assert text("dojigiri.bonus", "ko").count("모든 전쟁에서") == 1


def test_steps_by_one_character_run_on() -> None:
    assert text("qingnang", "en") == "Action: you discard a card, then recover 1 HP."
    assert text("qingnang", "zh") == "出牌阶段：你弃置一张牌，然后回复1点体力。"
    assert text("qingnang", "ko") == "카드 사용 단계: 카드 1장을 버리고, 체력 1을 회복한다."

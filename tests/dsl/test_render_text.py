"""Rules text reads naturally: Korean timings and conditions, comparisons in words, card
names in 【】, merged parallel clauses."""

from __future__ import annotations

import re

import pytest

from sgs_tools.dsl import ast as A
from sgs_tools.dsl.check import Context, check
from sgs_tools.dsl.effects import explain
from sgs_tools.dsl.parse import parse
from sgs_tools.dsl.render import Renderer, render
from sgs_tools.dsl.render.common import walk as _walk
from sgs_tools.dsl.render.ko import conj as _ko_conj
from sgs_tools.dsl.render.ko import event_form as _ko_event
from sgs_tools.dsl.vocabulary import registry
from tests.dsl.test_bundled import bundled


def text(ident: str, lang: str) -> str:
    effects = bundled().effects
    assert effects is not None
    return explain(effects.compiled[ident], effects.names, lang)


def corpus(ident: str, lang: str) -> str:
    """A corpus skill's text: "yjcm/huilei" (tests/corpus/<corpus>/…)."""
    from tests.dsl.test_render_golden import corpus_effects
    name, skill = ident.split("/")
    effects = corpus_effects(name)
    return explain(effects.compiled[skill], effects.names, lang)


@pytest.mark.parametrize(("event", "timing", "expected"), [
    ("자신이 피해를 받을", "after", "자신이 피해를 받은"),
    ("자신이 피해를 줄", "after", "자신이 피해를 준"),
    ("자신의 판정 단계가 시작될", "before", "자신의 판정 단계가 시작되기"),
    ("자신이 피해를 받을", "before", "자신이 피해를 받기"),
    ("자신이 피해를 받을", "when", "자신이 피해를 받을"),
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
    assert text("fankui", "ko").startswith("자신이 피해를 받은 후, ")
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
    assert "The target must use a Jink; if they do not, you deal 1 damage to them" in \
        text("slash", "en")
    # a Jink answering a Slash is used, a Slash answering a Duel played (issue 13)
    assert "目标角色需使用一张【闪】，否则你对其造成1点伤害" in text("slash", "zh")
    assert "若其未打出，你对其造成1点伤害" in text("duel", "zh")
    assert "대상이 사용하지 않으면" in text("slash", "ko")


def test_one_chosen_character_has_no_letter() -> None:
    """Printed rules name one chosen character as 其 / that character / 그 플레이어, never by
    a letter (角色A)."""
    for ident in ("slash", "fire_attack", "gz_leiji", "gz_shuangren"):
        assert "角色A" not in text(ident, "zh") and "（角色" not in text(ident, "zh")
        assert "character A" not in text(ident, "en")
        assert "플레이어 A" not in text(ident, "ko")
    assert "目标角色摸一张牌" in text("befriend_attacking", "zh")
    # the second of two, where the first is not named again: 该角色 / the chosen character
    assert "视为对该角色使用【杀】" in text("gz_shuangren", "zh")
    assert "treated as using a Slash on the chosen character" in text("gz_shuangren", "en")


def test_two_chosen_characters_are_the_first_and_the_second() -> None:
    """Two characters of one kind chosen one after the other are chosen together (选择两名
    男性角色, choose 2 male characters, 남성 플레이어 2명을 선택하고), then named 前者 / 后者,
    the first / the second, 먼저 / 나중에 선택한 플레이어."""
    assert "你可以弃置一张牌并选择两名男性角色，然后前者视为对后者使用【决斗】" in \
        text("lijian", "zh")
    assert "you may discard a card, then choose 2 male characters, then the first " \
        "character is treated as using a Duel on the second character" in text("lijian", "en")
    assert "남성 플레이어 2명을 선택하고, 먼저 선택한 플레이어는 나중에 선택한 플레이어에게 " \
        "【결투】를" in text("lijian", "ko")
    assert "你可以选择两名其他角色，弃置X张牌" in text("gz_dimeng", "zh")
    assert "you may choose 2 other characters, discard X cards" in text("gz_dimeng", "en")
    assert "다른 플레이어 2명을 선택할 수 있다. 그러면 카드 X장을 버리고" in text("gz_dimeng", "ko")
    # the two together are "the two characters" (这两名角色, 두 플레이어)
    assert "令这两名角色交换手牌（X为这两名角色的手牌数之差）" in text("gz_dimeng", "zh")
    assert "make the two characters swap hand cards, where X is the difference between the " \
        "two characters' numbers of hand cards" in text("gz_dimeng", "en")
    assert "두 플레이어의 손패를 서로 바꾸게 한다 (X는 두 플레이어의 손패 수의 차이다)" in \
        text("gz_dimeng", "ko")


def test_a_second_character_chosen_by_its_own_test_is_the_chosen_one() -> None:
    """A second character chosen by a test of its own (not as "another") leaves the first
    one 其 / 그 플레이어 and is 该角色 / 선택한 플레이어 (驱虎, 明策)."""
    assert "你选择其攻击范围内的一名角色，令其对该角色造成1点伤害；若你没赢，其对你造成1点伤害" in \
        text("gz_quhu", "zh")
    assert "그 플레이어는 선택한 플레이어에게 피해 1점을 준다" in text("gz_quhu", "ko")
    assert "令其选择一项：视为对该角色使用【杀】" in corpus("yjcm/mingce", "zh")


def test_card_names_in_brackets_in_chinese() -> None:
    assert text("gz_longdan", "zh") == ("你可以将【杀】当【闪】使用或打出。"
                                        "你可以将【闪】当【杀】使用或打出。")


def test_parallel_view_as_clauses_are_one_sentence() -> None:
    assert text("gz_luanji", "en") == \
        "You may use 2 hand cards of the same suit as an Archery Attack."
    assert text("gz_luanji", "zh") == "你可以将两张花色相同的手牌当【万箭齐发】使用。"
    assert text("gz_luanji", "ko") == "문양이 같은 손패 2장을 【만전제발】로 사용할 수 있다."


def test_triggers_differing_in_one_verb_are_one_sentence() -> None:
    assert text("gz_leiji", "en").startswith("When you use or play a Jink, ")
    assert text("gz_leiji", "ko").startswith("자신이 【섬】을 사용하거나 낼 때, ")
    assert text("gz_leiji", "en").count(".") == 1


def test_korean_steps_chain_without_repeating_then() -> None:
    assert "그 후" not in text("gz_niepan", "ko")
    assert "되돌리고, 카드 3장을 뽑고, 체력을 3까지 회복한다" in text("gz_niepan", "ko")


def test_choosing_a_named_character_reads_as_having_them_act() -> None:
    assert "you may have the source perform a judgement" in text("ganglie", "en")
    assert "你可以令伤害来源进行一次判定" in text("ganglie", "zh")


def test_arithmetic_is_words_and_computed_amounts_are_letters() -> None:
    for lang in ("en", "zh", "ko"):
        for ident in ("gz_buqu", "silver_lion", "zhiheng", "gz_zaiqi", "gz_guanxing"):
            assert not re.search(r"\S [-+*/] \S", text(ident, lang)), (ident, lang)
    assert "repeat X times" in text("gz_buqu", "en")
    # `amount` reads as what the event names it: the HP just lost (hp_reduced's `names`)
    assert "where X is the smaller of the HP lost and 1 minus your HP" in text("gz_buqu", "en")
    assert "（X为扣减的体力值与1减去你的体力值中的较小值）" in text("gz_buqu", "zh")
    assert "X는 줄어든 체력과 1에서 자신의 체력을 뺀 값 중 작은 값이다" in text("gz_buqu", "ko")
    assert text("zhiheng", "en").startswith("X times per turn, during your play phase, you may")
    assert "look at the top X cards of the deck" in text("gz_guanxing", "en")
    assert "손패가 X장이 될 때까지" in text("gz_jieming", "ko")


def test_let_bound_names_read_as_letters() -> None:
    for lang in ("en", "zh", "ko"):
        assert "hearts" not in text("gz_zaiqi", lang)
    # a let that counts the cards passing a test is defined as that count, not kept
    assert "where X is the number of those cards whose suit is ♥" in text("gz_zaiqi", "en")
    assert "Y为这些牌中花色为红桃的牌数" in text("gz_zaiqi", "zh")
    assert "X는 그 카드들 중 문양이 하트인 카드 수이다" in text("gz_zaiqi", "ko")
    for lang in ("en", "zh", "ko"):
        assert not re.search("let X|令Y为|X를 0으로", text("gz_zaiqi", lang))
    source = "action:\n  let n = 0\n  draw 1\n  let n = n + 1\n  recover n\n"
    assert "let X be 0" in snippet(source, "en") and "add 1 to X" in snippet(source, "en")


def test_a_loop_over_cards_with_one_test_and_one_step_is_one_step() -> None:
    assert "put those cards whose suit is ♥ into the discard pile" in text("gz_zaiqi", "en")
    assert "将这些牌中花色为红桃的牌置入弃牌堆" in text("gz_zaiqi", "zh")
    assert "그 카드들 중 문양이 하트인 카드를 사용 카드 더미에 놓고" in text("gz_zaiqi", "ko")


def test_whole_or_partial_amounts_of_damage() -> None:
    assert "you may prevent all of that damage" in text("ice_sword", "en")
    assert "그 피해를 모두 막을 수 있다" in text("ice_sword", "ko")
    assert "防止此伤害，" in text("ice_sword", "zh")
    assert "you prevent all but 1 of that damage" in text("silver_lion", "en")
    assert "그 피해를 1점만 남기고 막는다" in text("silver_lion", "ko")


def test_same_number_of_cards() -> None:
    assert "draw the same number of cards" in text("zhiheng", "en")
    assert "摸与这些牌等量的牌" in text("zhiheng", "zh")
    assert "그만큼의 카드를 뽑는다" in text("zhiheng", "ko")


def test_english_card_names_take_articles_and_plurals() -> None:
    assert text("wushuang", "en").startswith("2 Jinks are needed to answer a Slash you use.")
    assert "The target must use a Jink" in text("slash", "en")
    assert "the first character is treated as using a Duel on the second" in text("lijian", "en")
    assert "you may make them unable to use a Jink against this card" in \
        text("liegong", "en")
    assert "have it that" not in text("jink", "en")


def test_korean_leaves_the_owner_unsaid_until_someone_else_acts() -> None:
    assert text("jianxiong", "ko") == "자신이 피해를 받은 후, 그 피해를 준 카드를 얻을 수 있다."
    slash = text("slash", "ko")
    assert slash.startswith("카드 사용 단계에 자신의 공격 범위 안의")
    assert "자신은 대상에게 피해 1점을 준다" in slash  # said again after that one


def test_modifiers_under_one_condition_are_one_sentence() -> None:
    assert text("dojigiri.bonus", "en") == ("In every war you fight, whichever of your houses "
                                            "fights, your attack total and defence total are "
                                            "each +2.")
    assert text("dojigiri.bonus", "zh").count("你进行的每场战争中") == 1
    assert text("dojigiri.bonus", "ko").count("모든 전쟁에서") == 1


def test_steps_by_one_character_run_on() -> None:
    assert text("qingnang", "en") == \
        "During your play phase, you may discard a card, then recover 1 HP."
    assert text("qingnang", "zh") == "出牌阶段，你可以弃置一张牌，然后回复1点体力。"
    assert text("qingnang", "ko") == \
        "카드 사용 단계에, 카드 1장을 버릴 수 있다. 그러면 체력 1을 회복한다."


def snippet(source: str, lang: str) -> str:
    """An effect written here, rendered (for wordings no bundled effect uses yet)."""
    effects = bundled().effects
    assert effects is not None
    names = effects.names
    reg = registry(frozenset({"standard", "guozhan"}))
    effect = parse(source)
    analysis = check(effect, Context(reg, frozenset(names.cards), frozenset(names.skills)))
    assert analysis.issues == []
    return render(effect, analysis, reg, lang, names)


def test_an_optional_step_someone_else_performs_is_the_owners_choice() -> None:
    """`may VERB … for X`: the engine asks the skill's owner, so the text never says X
    may act; it reads "you may have X …", "你可以令X…", "X가 …하게 할 수 있다"."""
    effects = bundled().effects
    assert effects is not None
    found = []
    for ident, compiled in effects.compiled.items():
        probe = {lang: Renderer(compiled.analysis, compiled.registry, lang, effects.names)
                 for lang in ("en", "zh", "ko")}
        for node in _walk(compiled.effect):
            first = node.sentence if isinstance(node, A.May) else node.body[0].sentence \
                if isinstance(node, A.MayBlock) and isinstance(node.body[0], A.Do) else None
            verb = compiled.registry.actions.get(first.verb) if first else None
            if first is None or verb is None:
                continue
            args = compiled.analysis.of(first)
            subject = {lang: r._subject(verb.text["en"], args, r.var("you"))
                       for lang, r in probe.items()}
            if subject["en"] in ("", "you"):
                continue
            found.append(ident)
            assert f"may have {subject['en']}" in text(ident, "en"), ident
            assert f"{subject['en']} may " not in text(ident, "en"), ident
            assert f"可以令{subject['zh']}" in text(ident, "zh"), ident
            assert f"{subject['zh']}可以" not in text(ident, "zh"), ident
            ko = text(ident, "ko")  # the owner makes it happen: "X가 …하게 할 수 있다"
            assert re.search(re.escape(subject["ko"]) + r"[이가] .*게 할 수 있다", ko) \
                or f"원하면 {subject['ko']}" in ko, ident
    assert "peach" in found
    assert "you may have that character recover 1 HP" in text("peach", "en")
    assert "你可以令该角色回复1点体力" in text("peach", "zh")
    assert "그 플레이어가 체력 1을 회복하게 할 수 있다" in text("peach", "ko")


def test_redirecting_names_the_card_being_used() -> None:
    assert "then transfer that Slash to another character" in text("liuli", "en")
    assert "然后将此【杀】转移给" in text("liuli", "zh")
    assert "그 【살】의 대상을" in text("liuli", "ko")


def test_one_card_is_that_card() -> None:
    assert "if that card's colour is not" in text("fanjian", "en")
    assert "若该牌的颜色" in text("fanjian", "zh")
    assert "그 카드의 색이" in text("fanjian", "ko")
    assert "then put that card on your general card" in text("gz_buqu", "en")


def test_a_loop_ends_before_what_follows_it() -> None:
    assert "draw 3 cards; afterwards, if" in text("gz_xiongyi", "en")
    assert "摸三张牌；结算完毕后，若" in text("gz_xiongyi", "zh")
    assert "카드 3장을 뽑게 할 수 있다. 모두 처리한 후," in text("gz_xiongyi", "ko")


def test_a_letter_keeps_one_meaning_in_the_whole_text() -> None:
    for lang in ("en", "zh", "ko"):
        defined = re.findall(r"(?:where |, and |（|，|\(|, )([A-Z])(?: is |为|는 )",
                             text("gz_buqu", lang))
        assert len(defined) == 3 and len(set(defined)) == 3, (lang, defined)


def test_nested_ifs_say_which_if_an_otherwise_belongs_to() -> None:
    guhuo = text("guhuo", "en")
    assert "otherwise" not in guhuo
    assert "there are characters who questioned it: if that card's name is the declared name, " \
        in guhuo
    assert "; if that card's name is not the declared name, " in guhuo
    assert "否则" not in text("guhuo", "zh")
    assert "그렇지 않으면" not in text("guhuo", "ko")
    # a single step needs no restating
    assert "; otherwise, move this card" in text("lightning", "en")


def test_characters_chosen_together_are_those_characters() -> None:
    assert "character A" not in text("tuxi", "en")
    # each of them, said where the loop's step names them
    assert "and take a hand card from each of those characters" in text("tuxi", "en")
    assert "获得这些角色各自的一张手牌" in text("tuxi", "zh")
    assert "그 플레이어들 각각의 손패 1장을 가져온다" in text("tuxi", "ko")


def test_extra_and_fewer_cards_drawn() -> None:
    assert text("yingzi", "en") == "You draw 1 extra card in your draw phase."
    assert "you may draw 1 fewer card this phase" in text("gz_luoyi", "en")
    assert "you may draw 2 extra cards this phase" in text("gz_haoshi", "en")


def test_chinese_names_the_amount_and_the_zone() -> None:
    assert "若你的装备区里没有武器牌，此伤害+1" in text("luoyi", "zh")
    assert "当你受到伤害后，每有1点伤害，你可以摸两张牌" in text("yiji", "zh")
    assert "每失去一张牌，你可以摸两张牌" in text("xiaoji", "zh")
    for ident in ("yiji", "xiaoji", "jijiu"):
        assert "此数值次" not in text(ident, "zh")


def test_chinese_arithmetic_in_a_count_is_a_letter() -> None:
    source = "action:\n  draw (2 - hand_count)\n  for each others:\n    if it.hp > 1:\n" \
             "      draw 1 for it\n"
    zh = snippet(source, "zh")
    assert "你可以摸X张牌" in zh and "X为2减去你的手牌数" in zh
    assert "若其体力值大于1" in zh and "其的" not in zh


def test_korean_distance_says_who_counts_it() -> None:
    assert text("mashu", "ko").startswith("자신이 다른 플레이어를 계산하는 거리 −1. "
                                          "다른 플레이어가 자신을 계산하는 거리 +1.")


def test_a_delayed_trick_acts_on_its_holder() -> None:
    """A delayed trick speaks of the judgement zone it lies in: its holder is named so
    where the text first says them, then "that character" (其)."""
    en = text("indulgence", "en")
    assert "When this card takes effect in a judgement phase, the character with this card " \
           "in their judgement zone performs a judgement" in en
    assert "that character skips their play phase" in en
    zh = text("indulgence", "zh")
    assert "当此牌在判定阶段生效时，判定区里有此牌的角色进行一次判定：若" in zh
    assert "其跳过出牌阶段" in zh
    ko = text("indulgence", "ko")
    assert "판정 구역에 이 카드가 있는 플레이어는 판정을 한다" in ko
    assert "그 플레이어는 카드 사용 단계를 건너뛴다" in ko
    assert "that character takes 3 thunder damage" in text("lightning", "en")
    assert "若判定牌为黑桃2~9" in text("lightning", "zh")


def test_korean_speaks_the_korean_rule_books_words() -> None:
    """Damage in points (피해 1점을 준다), a skill is a 능력, and what the owner has another
    character do is said as making it happen (…하게 할 수 있다), not "if you wish"."""
    assert "자신은 대상에게 피해 1점을 준다" in text("slash", "ko")
    assert "피해 1점마다" in text("jijiu", "ko")
    assert "이 능력이 있는 무장을 공개할 수 있다" in text("gz_huoshui", "ko")
    assert "그 플레이어가 체력 1을 회복하게 할 수 있다" in text("peach", "ko")
    assert "피해의 근원이 판정을 하게 할 수 있다. 판정 카드가" in text("ganglie", "ko")
    assert "그 피해가 1점 증가한다" in text("luoyi", "ko")
    assert "피해의 근원에게 숨긴 무장이 있으면" in text("gz_mingshi", "ko")


def test_korean_never_leaves_the_owner_for_someone_else_to_read_as_himself() -> None:
    """In a step another character does, 자신 would read as that character: an amount
    that names the owner is a letter defined after the sentence."""
    assert "그 플레이어는 카드 X장을 뽑고, 무장 카드를 뒤집는다 (X는 자신이 잃은 체력이다)" in \
        text("gz_fangzhu", "ko")
    assert "자신이 잃은 체력만큼" not in text("gz_yinghun", "ko")
    assert "그 플레이어는 그 플레이어" not in text("gz_tianxiang", "ko")
    assert "자신 이외의" not in text("tongji", "ko")


def test_where_cards_are_comes_before_their_count() -> None:
    assert "你弃置目标角色区域里的一张牌" in text("dismantlement", "zh")
    assert "将手牌中的一张装备牌置入其装备区" in text("gz_zhijian", "zh")
    assert "대상 구역의 카드 1장을 버린다" in text("dismantlement", "ko")
    assert "손패 중 장비 카드 1장을" in text("gz_zhijian", "ko")
    assert "자신의 장비 구역에 방어구 카드가 없으면" in text("gz_bazhen", "ko")


def test_jink_says_what_it_answers() -> None:
    assert "you may make the card you are answering have no effect on you" in \
        text("jink", "en")
    assert "你可以令需要你响应的牌对你无效" in text("jink", "zh")
    assert "대응해야 하는 카드" in text("jink", "ko")


def test_a_card_used_without_a_card_is_treated_as_used() -> None:
    assert "the first character is treated as using a Duel on" in text("lijian", "en")
    assert "前者视为对后者使用【决斗】" in text("lijian", "zh")
    assert "나중에 선택한 플레이어에게 【결투】를 사용한 것으로 간주된다" in text("lijian", "ko")


def test_exclusive_ifs_read_as_alternatives() -> None:
    beige = text("gz_beige", "en")
    assert "performs a judgement; if the judgement card is ♥, that character recovers 1 HP; " \
           "if ♦, that character draws 2 cards; if ♣, " in beige
    assert "then if ♦" not in beige
    assert "；若为方块，该角色摸两张牌；若为梅花" in text("gz_beige", "zh")
    assert "회복한다. 다이아면, 그 플레이어는" in text("gz_beige", "ko")


def test_an_optional_choice_reads_may_choose_one() -> None:
    from sgs_tools.dsl.effects import explain
    from sgs_tools.project import validate

    effects = validate().effects
    assert effects is not None
    compiled = effects.compiled["gz_kuangfu"]
    texts = {lang: explain(compiled, effects.names, lang) for lang in ("en", "zh", "ko")}
    assert "you may choose one:" in texts["en"] and "choose to:" not in texts["en"]
    assert "你可以选择一项：" in texts["zh"]
    assert "하나를 선택할 수 있다:" in texts["ko"]


def test_two_bounds_on_one_value_read_as_a_range() -> None:
    from sgs_tools.dsl.effects import explain
    from sgs_tools.project import validate

    effects = validate().effects
    assert effects is not None
    compiled = effects.compiled["lightning"]
    # with the suit of the same card: "♠ 2–9"
    assert "the judgement card is ♠ 2–9" in explain(compiled, effects.names, "en")
    assert "判定牌为黑桃2~9" in explain(compiled, effects.names, "zh")
    assert "판정 카드가 스페이드 2~9이면" in explain(compiled, effects.names, "ko")
    source = "action:\n  judge\n  if judgement.number > 1 and judgement.number < 10:\n" \
             "    draw 1\n"
    assert "rank is from 2 to 9" in snippet(source, "en")
    assert "点数为2~9" in snippet(source, "zh")
    assert "숫자가 2~9이면" in snippet(source, "ko")


def test_a_granted_action_keeps_you_as_the_owner() -> None:
    """救援 and 黄天: other characters act in their own play phase; the text never makes
    them "you" (the owner stays "you"; the lord is named). 救援's condition is on the
    owner, who is the lord the Peach is offered to: it describes him where the Peach goes
    ("to the wounded lord", 对已受伤的主公, 부상당한 주공에게), never "you" beside the Wu
    characters the sentence is about; 其他 goes before the kingdom (其他吴势力角色)."""
    assert text("jiuyuan", "zh") == (
        "其他吴势力角色可以于其出牌阶段对已受伤的主公使用一张【桃】，主公可以拒绝此牌。")
    assert text("jiuyuan", "en") == \
        ("Other Wu characters may, in their play phase, offer a Peach to the wounded lord, "
         "who may refuse it; if the lord accepts, use it on the lord.")
    assert text("jiuyuan", "ko") == (
        "다른 오나라 플레이어는 자신의 카드 사용 단계에 부상당한 주공에게 【도】 1장을 사용할 수 "
        "있다. 주공은 이를 거절할 수 있다.")
    assert "你" not in text("huangtian", "zh")
    assert not text("huangtian", "en").lower().startswith("you")


def test_an_offered_card_may_be_refused() -> None:
    """The refusal 救援's first printing allows is a word (`offer_use`); its engine
    primitive is pending, so the bundled 救援 still uses `use_card`."""
    source = "action, for wu others:\n  offer_use 1 peach on lord\n"
    assert snippet(source, "zh") == \
        "其他吴势力角色可以于其出牌阶段对主公使用一张【桃】，主公可以拒绝此牌。"
    assert snippet(source, "en") == ("Other Wu characters may, in their play phase, offer "
                                     "a Peach to the lord, who may refuse it; if the lord "
                                     "accepts, use it on the lord.")


def test_a_delayed_trick_goes_to_the_judgement_zone() -> None:
    """`place` names the zone its cards go to: a delayed trick the judgement zone (判定区),
    equipment the equipment area (装备区)."""
    assert "将【乐不思蜀】置入目标角色的判定区" in text("indulgence", "zh")
    assert "place an Indulgence in the target's judgement zone" in text("indulgence", "en")
    assert "【낙불사촉】을 대상의 판정 구역에 놓는다" in text("indulgence", "ko")
    assert "置入其装备区" in text("gz_zhijian", "zh")


def test_an_if_after_a_step_is_its_own_clause_in_english() -> None:
    """"you may perform a judgement; if the judgement card is red, …", as the published
    cards say it, never "…, then if …"."""
    assert "you may perform a judgement; if the judgement card is red, you are treated as" \
        in text("eight_diagram", "en")
    assert "then that character performs a judgement; if the judgement card is ♠" \
        in text("leiji", "en")
    for ident in ("tieqi", "ganglie", "gz_lieren", "gz_shenzhi", "luoshen", "fanjian"):
        assert "then if" not in text(ident, "en"), ident


def test_a_choice_of_whom_follows_a_cost_and_the_one_chosen_is_made_to_act() -> None:
    """Chinese chooses in the same breath as the cost (你可以弃置两张手牌并选择一名…) and makes
    the one chosen act (选择一名角色，令其进行一次判定), as printed cards do; not
    "…，然后选择…，然后其…"."""
    assert "你可以弃置两张手牌并选择一名已受伤的男性角色，然后你与其各回复1点体力" in \
        text("jieyin", "zh")
    assert "你可以选择一名角色，令其进行一次判定：若判定牌为黑桃" in text("leiji", "zh")
    assert "你可以弃置一张手牌并选择一名已受伤的角色，令其回复1点体力" in text("gz_qingnang", "zh")
    for ident in ("gz_fangzhu", "gz_shushen", "gz_jieming", "gz_fangquan"):
        assert "然后选择" not in text(ident, "zh") and "，然后其" not in text(ident, "zh"), ident


def test_modifiers_in_one_period_are_a_list_with_and() -> None:
    assert "you may use a Slash at any distance and the maximum number of targets for a " \
        "Slash you use is +1;" in text("gz_tianyi", "en")


def test_a_change_to_the_draw_is_said_as_drawing_more_or_fewer() -> None:
    """多摸一张牌 / 카드를 1장 더 뽑는다, as printed cards say it, not a count of the draw
    (摸牌数+1, 뽑을 카드 수를 +1할)."""
    assert text("yingzi", "zh") == "摸牌阶段，你多摸一张牌。"
    assert text("yingzi", "ko") == "카드 획득 단계에 카드를 1장 더 뽑는다."
    assert "摸牌阶段开始时，你可以多摸两张牌。" in text("gz_haoshi", "zh")
    assert "카드를 2장 더 뽑을 수 있다." in text("gz_haoshi", "ko")
    assert "你可以少摸一张牌，然后" in text("gz_luoyi", "zh")
    assert "카드를 1장 덜 뽑을 수 있다." in text("gz_luoyi", "ko")
    assert "you may draw 1 fewer card this phase" in text("gz_luoyi", "en")


def test_a_card_used_on_a_user_who_is_so_names_them_so() -> None:
    """桃: 出牌阶段，对已受伤的你使用 / on yourself if you are wounded / 부상당한 자신에게."""
    assert text("peach", "zh").startswith("出牌阶段，对已受伤的你使用。你回复1点体力。")
    assert text("peach", "en").startswith(
        "Use in your play phase on yourself if you are wounded. You recover 1 HP.")
    assert text("peach", "ko").startswith("카드 사용 단계에 부상당한 자신에게 사용한다.")


def test_korean_says_then_only_where_the_next_step_could_happen_without_the_first() -> None:
    """What follows a may-step is said with 그러면; a test of what that step made (the
    judgement card, the pindian, the cards it moved) needs none."""
    assert "판정을 할 수 있다. 판정 카드가 붉은색이면," in text("eight_diagram", "ko")
    assert "겨루기를 할 수 있다. 자신이 겨루기에서 이기면," in text("gz_lieren", "ko")
    assert "그러면 판정" not in text("tieqi", "ko")
    assert "손패 1장을 버릴 수 있다. 그러면 대상과 거리 1인" in text("triblade", "ko")


def test_corpus_texts_say_other_characters_marks_and_amounts_in_words() -> None:
    """The corpus's conditions and counts read as sentences: "if the killer is another
    character" (not "is other characters"), "“Charge” marks equal to the damage" /
    与伤害值等量的“蓄”标记 / 피해량만큼의 “축” 표식, "cards equal to your lost HP from
    the top of the deck", "자신이면" (not "자신 경우")."""
    assert "if the killer is another character, the killer discards all cards" in \
        corpus("yjcm/huilei", "en")
    xushi = {lang: corpus("words/xushi", lang) for lang in ("en", "zh", "ko")}
    assert "you gain “Charge” marks equal to the damage" in xushi["en"]
    assert "you remove 2 “Charge” marks" in xushi["en"]
    assert "你获得与伤害值等量的“蓄”标记" in xushi["zh"]
    assert "피해량만큼의 “축” 표식을 얻는다" in xushi["ko"]
    assert "you look at cards equal to your lost HP from the top of the deck" in \
        corpus("yjcm/miji", "en")
    assert "그 카드를 사용한 플레이어가 자신이면," in corpus("yjcm/wuyan", "ko")
    assert "if the general bearing this skill is the deputy general" in \
        corpus("words_gz/gzc_wei", "en")


def test_printed_phrasings_for_uses_not_made_and_the_card_that_dealt_damage() -> None:
    """克己: 若你本回合出牌阶段未使用或打出过【杀】 / if you did not use or play a Slash / 자신이
    【살】을 사용하거나 내지 않았으면 (not a count tested against 0); 奸雄 gains the card that
    dealt the damage (造成此伤害的牌), never an unnamed 此牌."""
    assert text("keji", "zh").startswith("若你本回合出牌阶段未使用或打出过【杀】，")
    assert text("keji", "en").startswith("If you did not use or play a Slash in this turn's")
    assert "자신이 【살】을 사용하거나 내지 않았으면," in text("keji", "ko")
    assert text("jianxiong", "zh") == "当你受到伤害后，你可以获得造成此伤害的牌。"
    assert text("jianxiong", "en") == "After you take damage, you may gain the card that dealt " \
        "the damage."
    assert "그 피해를 준 카드를 얻을 수 있다" in text("jianxiong", "ko")


def test_once_per_play_phase_and_cards_that_cannot_affect_you_read_as_one() -> None:
    assert corpus("yjcm/qice", "zh").startswith("出牌阶段限一次，你可以将所有手牌当")
    assert corpus("yjcm/qice", "en").startswith("Once per play phase, you may use all")
    assert corpus("yjcm/qice", "ko").startswith("카드 사용 단계에 1번, 모든 손패를")
    assert "直到回合结束，【杀】和非延时锦囊牌对你无效" in corpus("yjcm/zhichi", "zh")
    assert "a Slash and a non-delayed trick card cannot affect you" in \
        corpus("yjcm/zhichi", "en")
    assert "【살】과 즉시 책략 카드는 자신에게 효과가 없다" in corpus("yjcm/zhichi", "ko")


def test_counts_and_repeated_characters_read_as_a_rules_editor_writes_them() -> None:
    assert "you may discard up to as many cards as your max HP" in text("gz_zhiheng", "en")
    assert "if those cards are of 4 suits" in corpus("words/sise", "en")
    assert "if they have more hand cards than you" in corpus("yjcm/paiyi", "en")
    # a character named by a long phrase is 其 / 그 플레이어 right after the test on it
    assert corpus("yjcm/huilei", "zh") == "当你死亡时，若杀死你的角色为其他角色，其弃置所有牌。"
    assert "다른 플레이어면, 그 플레이어는 모든 카드를 버린다" in corpus("yjcm/huilei", "ko")


def test_other_goes_before_a_kind_and_korean_events_count_no_one() -> None:
    """其他 / 다른 stand before a kingdom or gender (其他蜀势力角色, 已受伤的其他男性角色, 다른
    촉나라 플레이어, 부상당한 다른 남성 플레이어); a Korean event happens to 플레이어, not to
    플레이어 1명; a rule for the owner's turn says so (你的回合内 / During your turn / 자신의
    턴에); a card played on your behalf is that card (然后使用该牌)."""
    assert "你可以令其他蜀势力角色选择是否代替你打出【杀】，然后使用该牌" in text("jijiang", "zh")
    assert "已受伤的其他男性角色" in text("gz_jieyin", "zh")
    assert "选择两名其他男性角色" in text("gz_lijian", "zh")
    assert "다른 촉나라 플레이어에게" in text("jijiang", "ko")
    assert "부상당한 다른 남성 플레이어 1명을 선택하고" in text("gz_jieyin", "ko")
    assert "then use that card" in text("jijiang", "en")
    assert text("jijiu", "ko").startswith("플레이어가 피해를 받을 때, ")
    assert text("guicai", "ko").startswith("플레이어의 판정 카드가 공개될 때, ")
    assert text("nullification", "ko").startswith("책략 카드가 플레이어에게 효과를")
    assert text("gz_wansha", "zh").startswith("你的回合内，")
    assert text("gz_wansha", "en").startswith("During your turn, ")
    assert text("gz_wansha", "ko").startswith("자신의 턴에, ")


def test_responses_needed_says_answer_not_cancel() -> None:
    """无双: a Duel is answered with Slashes, never cancelled by them (响应你使用的【决斗】
    需要两张【杀】, 2 Slashes are needed to answer a Duel, 【결투】에 대응하려면)."""
    assert "响应你使用的【决斗】需要两张【杀】" in text("gz_wushuang", "zh")
    assert "2 Slashes are needed to answer a Duel you use" in text("gz_wushuang", "en")
    assert "자신이 사용한 【결투】에 대응하려면 【살】 2장이 필요하다" in text("gz_wushuang", "ko")


def test_chinese_drops_a_repeated_subject_and_keeps_a_defined_letter() -> None:
    """A list of modifiers of one subject names it once (你无视与其距离，无视其防具，…); a
    long-named character is 其 after the test on it even past 每回复1点体力 (恩怨); an amount
    defined again in a later sentence keeps its letter (秘计: X in both sentences)."""
    assert "你无视与其距离，无视其防具，对其使用【杀】无次数限制" in corpus("yjcm/xianzhen", "zh")
    assert "每回复1点体力，其摸一张牌" in corpus("yjcm/enyuan", "zh")
    assert "若伤害来源为其他角色，其选择一项" in corpus("yjcm/enyuan", "zh")
    miji = corpus("yjcm/miji", "zh")
    assert miji.count("（X为你已损失的体力值）") == 2 and "Y" not in miji


def test_cards_handed_out_among_everyone_go_to_anyone() -> None:
    """遗计 (国战): cards handed out among all characters go to any of them (交给任意角色, to
    any characters you choose, 원하는 플레이어에게), not to every one."""
    assert "然后将这些牌交给任意角色" in text("gz_yiji", "zh")
    assert "then give those cards to any characters you choose" in text("gz_yiji", "en")
    assert "그 카드들을 원하는 플레이어에게 나누어 준다" in text("gz_yiji", "ko")


@pytest.mark.parametrize(("lang", "area"), [
    ("en", "equipment area or judgement zone, as its type requires"),
    ("zh", "装备区或判定区（视其类别）"),
    ("ko", "장비 구역이나 판정 구역(카드 종류에 따라)"),
])
def test_placing_a_card_a_step_named_says_where_its_type_goes(lang: str, area: str) -> None:
    """`place c on X` of a card bound earlier: its kind is not known, so the text does
    not say the judgement zone (issue 13: it did)."""
    out = snippet("at start of finish:\n  draw 1 as drawn\n  place drawn on you\n", lang)
    assert area in out
    assert out.count("判定区") + out.count("judgement zone") + out.count("판정 구역") == 1
    kind = snippet("action:\n  place indulgence on 1 other\n", lang)
    assert area not in kind

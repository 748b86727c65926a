"""The rules glossary as data: terms in en / zh / ko, a one-line tooltip, a longer note.

Written for this project in its own words (no sentence is taken from a rule book). The
rules page renders every term; abbreviation definitions (``*[term]: tooltip``) make each
English term a tooltip wherever it appears on the site (``with_abbreviations`` appends the
definitions a page needs). Skill tags are explained here too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from sgs_tools.sitegen.markup import html


@dataclass(frozen=True)
class Term:
    id: str
    en: str
    zh: str
    ko: str
    tip: str
    note: tuple[str, ...]
    also: tuple[str, ...] = ()
    """Other spellings that get the same tooltip (plural, capitalised …)."""


TERMS: tuple[Term, ...] = (
    Term("distance", "distance", "距离", "거리",
         "How many seats separate two characters, counted the short way round and "
         "skipping the dead; horses and skills change it.",
         ("Count the seats from one character to another in whichever direction around "
          "the table is shorter; seats of dead characters are not counted. A distance is "
          "never below the mode's minimum (1 in the bundled modes).",
          "Distance is directional once equipment is involved: a +1 horse adds one to the "
          "distance others need to reach its owner, a −1 horse takes one off the distance "
          "its owner needs to reach others. So A may reach B more easily than B reaches A.",),
         also=("Distance",)),
    Term("attack_range", "attack range", "攻击范围", "공격 범위",
         "How far your Slash reaches: the mode's base range without a weapon, or the "
         "range printed on your weapon.",
         ("With no weapon equipped, your attack range is the mode's base range (1 in the "
          "bundled modes). An equipped weapon sets it to the number on the weapon instead.",
          "Another character is within your attack range when your distance to them is no "
          "more than your attack range. A Slash must target someone within it; other cards "
          "check plain distance instead.",),
         also=("Attack range", "attack ranges")),
    Term("judgement", "judgement", "判定", "판정",
         "Revealing the top card of the deck and reading its suit, colour or number to "
         "decide an effect.",
         ("A judgement flips the top card of the deck face up. Before its result is read, "
          "skills may swap in a different card (a retrial); the last card standing decides. "
          "Afterwards the card goes to the discard pile unless a skill claims it.",
          "Delayed tricks waiting in a judgement zone are judged at the start of their "
          "owner's judgement phase, newest or in the order the mode sets.",),
         also=("Judgement", "judgements")),
    Term("zones", "zone", "区域", "구역",
         "A place a card can be: hand, equipment area, judgement zone, deck, discard pile, "
         "or the table while it resolves.",
         ("Hand (手牌): cards only their holder may look at. Equipment area (装备区): at most "
          "one weapon, one armour, one +1 horse and one −1 horse, face up. Judgement zone "
          "(判定区): delayed tricks waiting to be judged, at most one of each name. "
          "The deck (牌堆) is drawn from the top; when it runs out the discard pile "
          "(弃牌堆) is shuffled into a new deck.",
          "A card being used or judged sits on the table until it has resolved, then "
          "moves on (usually to the discard pile).",),
         also=("zones", "Zone", "Zones")),
    Term("use", "use", "使用", "사용",
         "Putting a card into effect: choosing its targets, paying for it and resolving "
         "what it does.",
         ("Using a card means choosing its targets (if any) and carrying out its effect. "
          "Most cards are used in your own play phase; some, like Jink or Peach, are used "
          "when a situation calls for them. Limits such as one Slash per play phase count "
          "uses, not plays.",)),
    Term("play", "play", "打出", "내기",
         "Putting out a card to meet a demand (such as Slash in a Duel); it answers the "
         "demand but is not a use.",
         ("Some effects ask a character to put out a card of a given name: a Duel asks "
          "for Slash, Savage Assault for Slash, Archery Attack for Jink. Putting the card "
          "out meets the demand; it is not using the card, so it neither counts towards "
          "use limits nor triggers skills that wait for a use.",)),
    Term("discard", "discard", "弃置", "버리기",
         "Moving a card to the discard pile, as a cost, a penalty or because of the hand "
         "limit.",
         ("Cards are discarded to pay for skills, when an effect makes you, and at the end "
          "of your turn when you hold more cards than the hand limit allows. A card taken "
          "by another character is not discarded: it changes hands.",),
         also=("discards", "discarded")),
    Term("response", "response", "响应", "대응",
         "A card or skill put out while another card resolves, to cancel or answer it.",
         ("Responses happen inside another card's resolution: a Jink against a Slash, a "
          "Nullification against a trick (which may itself be nullified). Once no one "
          "responds, the card finishes resolving.",),
         also=("responses", "responding")),
    Term("damage_source", "damage source", "伤害来源", "피해 출처",
         "The character who caused a damage; some damage (from Lightning, say) has none.",
         ("Damage is dealt by a source to a victim. Skills that punish or reward 'the "
          "source' refer to this character. Damage caused by a card with no user behind "
          "it, such as a Lightning judgement, has no source, and such skills do nothing.",),
         also=("source",)),
    Term("dying", "dying", "濒死", "빈사",
         "The state of a character whose HP falls to 0 or below: anyone may save them "
         "with Peach; if no one does, they die.",
         ("When a character's HP falls to the mode's dying threshold (0 in the bundled "
          "modes), they are dying. Starting with the current player and going round the "
          "table, each character may use the mode's rescue card (Peach) on them. When their "
          "HP is back above the threshold they are saved; once everyone has passed they die.",
          "A dead character's role or generals are revealed, their cards are discarded, "
          "and the mode's rewards and penalties apply to whoever killed them.",)),
    Term("view_as", "view as", "视为", "전환 사용",
         "Using or playing one card as if it were another (a red card as Slash, say); "
         "it counts as the named card.",
         ("A view-as skill lets the real card stand in for a named one. The effect is the "
          "named card's; suit, colour and number stay those of the real card. "
          "If the skill converts several cards at once, the result has no suit of its own.",),
         also=("View as",)),
    Term("turned_over", "turned over", "叠置", "뒤집힘",
         "A general card flipped face down (叠置, also 翻面): its owner skips their next "
         "turn, then flips back up.",
         ("Some skills turn a general card face down. While it is face down its owner still "
          "takes part in the game (responds, loses HP, can be targeted), but when their next "
          "turn would begin they turn the card face up instead of playing that turn.",),
         also=("turns over", "turn over")),
    Term("reveal", "reveal", "明置", "공개",
         "In Hegemony, turning a hidden general face up; a hidden general gives no skills, "
         "kingdom or gender.",
         ("Hegemony players start with both generals face down. Revealing one (at the start "
          "of a turn, or to use one of its skills) fixes the player's kingdom and gives them "
          "that general's skills. Elsewhere 'reveal' simply means showing a card to everyone.",),
         also=("revealed", "reveals")),
    Term("priority", "priority", "优先级", "우선순위",
         "Skill text beats card text, card text beats the basic rules; simultaneous "
         "effects resolve in seat order from the current player.",
         ("When a skill contradicts a card, the skill wins; when a card contradicts the "
          "basic rules, the card wins (the bundled modes say so with `precedence: "
          "[skill, card, rule]`).",
          "When several characters' effects trigger at the same moment, they resolve one "
          "character at a time in seat order, starting from the character whose turn it is. "
          "One character with several triggers chooses their order.",)),
    Term("hp", "HP", "体力", "체력",
         "Health points: each 勾玉 (magatama) on a general card is one point; max HP is "
         "the number of them.",
         ("A general's printed 勾玉 give its maximum HP. Damage and HP loss take points away, "
          "recovery gives them back, never above the maximum. Some modes add to the lord's "
          "maximum.",)),
    Term("halves", "yin-yang halves", "阴阳鱼", "음양 반쪽",
         "In Hegemony, each general shows half points of health; a player's two generals "
         "add up, two halves making one HP.",
         ("A Hegemony general card shows its health in halves. A player's maximum HP is "
          "the halves of both their generals added together, two halves per HP. A half "
          "left over is not lost: the mode turns it into a card drawn when both generals "
          "are first revealed.",)),
    Term("kingdom", "kingdom", "势力", "세력",
         "The faction of a general (Wei 魏, Shu 蜀, Wu 吴, Qun 群, God 神); in Hegemony it "
         "decides your allies.",
         ("Every general belongs to a kingdom. Some skills only reach characters of a "
          "kingdom (a lord skill asking Wei characters for help). In Hegemony, players whose "
          "revealed generals share a kingdom form one faction.",),
         also=("kingdoms",)),
    Term("companions", "companions", "珠联璧合", "주련벽합",
         "Two Hegemony generals that belong together; revealing both gives a small bonus.",
         ("A Hegemony general may name companions. A player whose two generals are "
          "companions gets a bonus the first time both are face up (the mode data says "
          "which: draw cards or recover HP).",)),
    Term("careerist", "careerist", "野心家", "야심가",
         "A Hegemony player whose kingdom is already too crowded when they reveal: they "
         "play alone.",
         ("When a reveal would make a kingdom larger than the mode allows (more than half "
          "of the players), that player becomes a careerist instead: a faction of one who "
          "wins only by being the last one standing.",),
         also=("careerists",)),
)

LOCAL_TIPS: dict[str, tuple[str, str]] = {
    "distance": (
        "两名角色之间相隔的座位数，按较短方向计算，不计已阵亡的角色；坐骑和技能可以改变它。",
        "두 캐릭터 사이의 좌석 수. 더 가까운 쪽으로 세며 "
        "죽은 캐릭터는 세지 않는다. 말과 기술이 바꿀 수 있다."),
    "attack_range": (
        "你的【杀】能指定的最远距离：没有武器时为模式的基础范围，有武器时为武器上的数字。",
        "당신의 【살】이 닿는 거리. 무기가 없으면 모드의 기본 범위, 있으면 무기에 적힌 숫자."),
    "judgement": (
        "翻开牌堆顶的一张牌，按其花色、颜色或点数决定效果。",
        "덱 맨 위 카드를 뒤집어 그 문양, 색 또는 숫자로 효과를 정하는 것."),
    "zones": (
        "牌可以所在的地方：手牌、装备区、判定区、牌堆、弃牌堆，或结算中的桌面。",
        "카드가 있을 수 있는 곳: 손패, 장비 구역, 판정 "
        "구역, 덱, 버린 카드 더미, 처리 중인 테이블."),
    "use": (
        "让一张牌生效：选择目标并结算其效果。",
        "카드를 효과로 내는 것: 대상을 정하고 효과를 처리한다."),
    "play": (
        "为满足要求而打出一张牌（如【决斗】中打出【杀】）；它满足要求，但不算使用。",
        "요구에 응해 카드를 내는 것(결투에서 【살】 등). 요구는 채우지만 사용은 아니다."),
    "discard": (
        "把牌置入弃牌堆：作为代价、惩罚，或因手牌上限。",
        "카드를 버린 카드 더미로 옮기는 것: 비용, 벌칙, 또는 손패 한도 때문."),
    "response": (
        "在另一张牌结算时打出的牌或发动的技能，用来抵消或回应它。",
        "다른 카드가 처리되는 중에 내는 카드나 기술. 그것을 무효로 하거나 응답한다."),
    "damage_source": (
        "造成伤害的角色；有些伤害（如【闪电】）没有来源。",
        "피해를 준 캐릭터. 【번개】처럼 출처가 없는 피해도 있다."),
    "dying": (
        "体力降至0或以下的状态：任何人都可以用【桃】救他；无人救则死亡。",
        "체력이 0 이하가 된 상태. 누구나 【도】로 구할 수 있고, 아무도 구하지 않으면 죽는다."),
    "view_as": (
        "把一张牌当作另一张牌使用或打出（如把红色牌当【杀】）；它算作被当作的那张牌。",
        "한 카드를 다른 카드처럼 사용하거나 내는 것(빨간 카드를 【살】로). 그 카드로 친다."),
    "turned_over": (
        "武将牌背面朝上（叠置，也叫翻面）：其拥有者跳过下一个回合，然后翻回正面。",
        "무장 카드가 뒷면으로 뒤집힌 상태. 주인은 다음 턴을 건너뛰고 다시 앞면으로 돌린다."),
    "reveal": (
        "国战中把暗置的武将翻到正面；暗置的武将不提供技能、势力和性别。",
        "국전에서 숨긴 무장을 앞면으로 공개하는 것. 숨긴 무장은 기술, 세력, 성별이 없다."),
    "priority": (
        "技能优先于牌的文字，牌的文字优先于基本规则；同时发生的效果从当前角色起按座次结算。",
        "기술이 카드 문구보다, 카드 문구가 기본 규칙보다 "
        "우선한다. 동시 효과는 현재 캐릭터부터 좌석 순서로."),
    "hp": (
        "体力：武将牌上每个勾玉是一点；体力上限就是勾玉的数量。",
        "체력: 무장 카드의 곡옥 하나가 1점이고, 최대 체력은 곡옥의 수이다."),
    "halves": (
        "国战中每张武将牌显示半点体力；两张武将牌相加，两个半点为一点体力。",
        "국전에서 무장마다 체력을 반쪽으로 표시한다. 두 무장을 더하고, 반쪽 둘이 체력 1이다."),
    "kingdom": (
        "武将所属的阵营（魏、蜀、吴、群、神）；国战中它决定你的盟友。",
        "무장이 속한 세력(위, 촉, 오, 군, 신). 국전에서는 동맹을 정한다."),
    "companions": (
        "两名相配的国战武将；两者都明置时获得一个小奖励。",
        "함께 어울리는 국전 무장 둘. 둘 다 공개되면 작은 보너스를 받는다."),
    "careerist": (
        "国战中明置时所属势力人数已过多的玩家：他独自作战。",
        "국전에서 공개할 때 그 세력이 이미 너무 많은 플레이어. 혼자 싸운다."),
}
"""Each term's tooltip in Chinese and Korean (our own words, like the English ones)."""

LOCAL_TAG_TIPS: dict[str, tuple[str, str]] = {
    "locked": (
        "锁定技总是生效，拥有者不能选择不发动。",
        "잠금 기술은 항상 적용되며, 주인이 쓰지 않기로 할 수 없다."),
    "lord": (
        "主公技只在该武将担任身份局的主公时有效。",
        "주공 기술은 그 무장이 신분전의 주공일 때만 작동한다."),
    "limited": (
        "限定技每局游戏只能发动一次。",
        "한정 기술은 한 게임에 한 번만 쓸 수 있다."),
    "awakening": (
        "觉醒技在条件满足时自动触发一次，并永久改变其拥有者。",
        "각성 기술은 조건이 채워지면 저절로 한 번 발동하고, 주인을 게임 끝까지 바꾼다."),
    "head": (
        "仅当该武将为主将时有效。",
        "그 무장이 주장일 때만 작동한다."),
    "deputy": (
        "仅当该武将为副将时有效。",
        "그 무장이 부장일 때만 작동한다."),
    "array": (
        "对按阵列就座（相邻或围住某人）的玩家有效。",
        "진형으로 앉은(나란히 또는 누군가를 둘러싼) 플레이어에게 작동한다."),
    "transform": (
        "允许玩家在游戏中更换一名武将。",
        "게임 중 무장 하나를 바꿀 수 있게 한다."),
}
"""Each skill tag's meaning in Chinese and Korean."""

TAGS: dict[str, tuple[str, str, str, str]] = {
    "locked": ("Locked", "锁定技", "잠금 기술",
               "A locked skill always applies; its owner cannot choose not to use it."),
    "lord": ("Lord", "主公技", "주공 기술",
             "A lord skill works only while its general is the lord of an identity game."),
    "limited": ("Limited", "限定技", "한정 기술",
                "A limited skill can be used once per game."),
    "awakening": ("Awakening", "觉醒技", "각성 기술",
                  "An awakening skill fires once, by itself, when its condition is met, "
                  "and changes its owner for the rest of the game."),
    "head": ("Main general", "主将技", "주장 기술",
             "Works only while the general is the player's main (head) general."),
    "deputy": ("Deputy general", "副将技", "부장 기술",
               "Works only while the general is the player's deputy general."),
    "array": ("Array", "阵法技", "진법 기술",
              "Works for players seated in formation (side by side or around someone)."),
    "transform": ("Transform", "变更技", "변경 기술",
                  "Lets the player swap one of their generals during the game."),
}


def abbreviations() -> list[tuple[str, str]]:
    """(spelling, Markdown ``abbr`` definition) for every glossary term and tag."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for term in TERMS:
        tip = term.tip.replace("\n", " ") + f" (rule {term_number(term.id)})"
        for spelling in (term.en, *term.also):
            if spelling in seen or spelling in ("use", "play", "source"):
                continue  # everyday words would turn every page into tooltips
            seen.add(spelling)
            out.append((spelling, f"*[{spelling}]: {tip}"))
    return out


def with_abbreviations(text: str) -> str:
    """A page with the definitions of the glossary terms it mentions appended.

    Only the terms a page uses are added: the ``abbr`` extension's cost grows with the
    number of definitions on a page, and a full list on every page doubled the build time.
    """
    found = [line for spelling, line in abbreviations() if spelling in text]
    if not found:
        return text
    return text.rstrip("\n") + "\n\n" + "\n".join(found) + "\n"


RULES_PAGE = "rules.md"
SKIPPED = frozenset({"use", "play", "damage_source"})
"""Terms too common to mark in running text (使用, 打出, 来源 …)."""


def term_number(term_id: str) -> str:
    """A term's rule number on the rules page ('2.3'): its place in TERMS."""
    index = next(i for i, t in enumerate(TERMS) if t.id == term_id)
    return f"2.{index + 1}"


def _local_terms(lang: str) -> list[tuple[str, str, str]]:
    """(spelling, tooltip, anchor) of the terms to mark in ``lang`` text, longest first."""
    pick = 0 if lang == "zh" else 1
    out = [(getattr(t, lang), f"{LOCAL_TIPS[t.id][pick]}（{term_number(t.id)}）"
            if lang == "zh" else f"{LOCAL_TIPS[t.id][pick]} ({term_number(t.id)})", t.id)
           for t in TERMS if t.id not in SKIPPED]
    return sorted(out, key=lambda item: -len(item[0]))


@cache
def _term_pattern(lang: str) -> tuple[dict[str, tuple[str, str]], re.Pattern[str] | None]:
    terms = _local_terms(lang)
    table = {spelling: (tip, anchor) for spelling, tip, anchor in terms}
    if not terms:
        return table, None
    return table, re.compile("|".join(re.escape(spelling) for spelling, _, _ in terms))


_LINK = re.compile(r"(\[(?:\\.|[^\]\\])*\]\([^)\s]*\))")


def mark_terms(text: str, lang: str, rules_link: str) -> str:
    """Chinese or Korean rules text (escaped Markdown) with each glossary term wrapped in
    a tooltip in that language, linked to its rule (``rules_link`` + ``#id``).

    No word spaces in Chinese, particles glued to Korean words: so terms are found as
    substrings (longest first), not as words. Inside a link's label a term gets the
    tooltip only (a link may not hold a link). Other languages are returned unchanged.
    """
    if lang not in ("zh", "ko"):
        return text
    table, pattern = _term_pattern(lang)
    if pattern is None or not pattern.search(text):
        return text

    def wrap(linked: bool) -> Callable[[re.Match[str]], str]:
        def one(m: re.Match[str]) -> str:
            tip, anchor = table[m.group(0)]
            abbr = f'<abbr title="{html(tip)}">{m.group(0)}</abbr>'
            if linked:
                return abbr
            return f'<a class="sgs-term" href="{html(rules_link)}#{anchor}">{abbr}</a>'
        return one

    parts = _LINK.split(text)
    for i, part in enumerate(parts):
        if i % 2:  # a link: mark its label only
            label_end = part.rindex("](")
            parts[i] = pattern.sub(wrap(True), part[:label_end]) + part[label_end:]
        else:
            parts[i] = pattern.sub(wrap(False), part)
    return "".join(parts)

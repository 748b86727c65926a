"""The rules glossary as data: terms in en / zh / ko, a one-line tooltip, a longer note.

Written for this project in its own words (no sentence is taken from a rule book). The
rules page renders every term; abbreviation definitions (``*[term]: tooltip``) make each
English term a tooltip wherever it appears on the site (``with_abbreviations`` appends the
definitions a page needs). Skill tags are explained here too.
"""

from __future__ import annotations

from dataclasses import dataclass


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
        tip = term.tip.replace("\n", " ")
        for spelling in (term.en, *term.also, term.zh):
            if spelling in seen or spelling in ("use", "play", "source"):
                continue  # everyday words would turn every page into tooltips
            seen.add(spelling)
            out.append((spelling, f"*[{spelling}]: {tip}"))
    for tag_en, tag_zh, _ko, tip in TAGS.values():
        if tag_zh not in seen:
            seen.add(tag_zh)
            out.append((tag_zh, f"*[{tag_zh}]: {tag_en} skill. {tip}"))
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

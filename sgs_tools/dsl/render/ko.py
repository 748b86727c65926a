"""Korean phrasing and morphology: particles chosen by the final consonant (을/를, 은/는,
이/가, 과/와, 으로/로), verb and predicate forms (받을/받은/받기, 많은/많으면/많고), the
optional '-ㄹ 수 있다', and the owner left unsaid as a topic."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from sgs_tools.dsl.render.common import (
    AMOUNT,
    EQUAL_CLOSE,
    EQUAL_OPEN,
    MARK_CLOSE,
    MARK_OPEN,
    MENTION_OPEN,
    is_letter,
    mark,
)
from sgs_tools.dsl.render.language import Language, Step

if TYPE_CHECKING:
    from sgs_tools.dsl.render.core import Renderer

ANSWERED = {"respond": ("낸", "내지 않은"), "respond_use": ("사용한", "사용하지 않은"),
            "ask_use": ("사용한", "사용하지 않은")}


def has_batchim(text: str) -> bool:
    for ch in reversed(text.strip()):
        code = ord(ch)
        if 0xAC00 <= code <= 0xD7A3:
            return (code - 0xAC00) % 28 != 0
        if ch.isdigit():
            return ch in "013678"
        if ch.isalpha():
            return False
    return False


_PARTICLES = {"를": ("을", "를"), "을": ("을", "를"), "는": ("은", "는"), "은": ("은", "는"),
              "가": ("이", "가"), "이": ("이", "가"), "와": ("과", "와"), "과": ("과", "와")}


def particle(prev: str, p: str) -> str:
    """The form of particle ``p`` that follows ``prev``."""
    if p in ("로", "으로"):
        letters = [ch for ch in prev if 0xAC00 <= ord(ch) <= 0xD7A3 or ch.isalnum()]
        last = letters[-1] if letters else ""
        if last.isdigit():
            return "으로" if last in "036" else "로"  # 영으로, 삼으로; 일로, 팔로
        code = ord(last) if last else 0
        if 0xAC00 <= code <= 0xD7A3 and (code - 0xAC00) % 28 not in (0, 8):
            return "으로"
        return "로"
    pair = _PARTICLES.get(p)
    if pair is None:
        return p
    return pair[0] if has_batchim(prev) else pair[1]


def jong(ch: str) -> int:
    """The final consonant index of a Hangul syllable (0: none, 4: ㄴ, 8: ㄹ), or -1."""
    code = ord(ch) if ch else 0
    return (code - 0xAC00) % 28 if 0xAC00 <= code <= 0xD7A3 else -1


def adnominal(word: str) -> bool:
    """Whether a word describes a noun (부상당한, 살아 있는, 다른 플레이어의) rather than
    being a noun of a kind (남성, 촉나라): 다른 goes after the one, before the other."""
    last = word.strip()[-1:]
    return last == "의" or jong(last) == 4


def set_jong(ch: str, final: int) -> str:
    code = ord(ch) - 0xAC00
    return chr(0xAC00 + code - code % 28 + final)


def event_form(text: str, timing: str) -> str:
    """Korean event clauses end in a prospective '-ㄹ' form (받을, 될); 'after' needs the
    past '-ㄴ' form (받은 후) and 'before' the nominal '-기' form (받기 전)."""
    if timing not in ("after", "before") or not text:
        return text
    last = text[-1]
    if last == "을":
        return text[:-1] + ("은" if timing == "after" else "기")
    if jong(last) == 8:
        if timing == "after":
            return text[:-1] + set_jong(last, 4)
        return text[:-1] + set_jong(last, 0) + "기"
    return text


# Korean condition predicates: a condition is rendered with its predicate in the
# present attributive form (…인, …있는, …큰); conj turns it into the form a
# sentence needs: '면' (if), '고' (and), '거나' (or), 'ㄹ' (… 때), 'ㄴ' (as is).
_ATTRIBUTIVE = (("있는", "있"), ("없는", "없"), ("않은", "않"), ("아닌", "아니"),
                ("많은", "많"), ("적은", "적"), ("작은", "작"), ("같은", "같"),
                ("큰", "크"), ("이긴", "이기"), ("못한", "못하"),
                ("한", "했"), ("인", "이"))  # 사용한 → 사용했으면: done before (skill_used)


def conj(text: str, form: str) -> str:
    if form == "ㄴ":
        return text
    for attributive, stem in _ATTRIBUTIVE:
        if not text.endswith(attributive):
            continue
        head = text[: -len(attributive)]
        if form in ("고", "거나"):
            return head + stem + form
        batchim = jong(stem[-1]) not in (0, -1)
        if form == "면":
            if stem == "이" and jong(head[-1:]) == 0 and not head.endswith("이하"):
                return head + "면"  # 하트면, not 하트이면
            return head + stem + ("으면" if batchim else "면")
        if form == "ㄹ":
            return head + (stem + "을" if batchim else stem[:-1] + set_jong(stem[-1], 8))
    return text + {"면": " 경우", "고": " 경우이고", "거나": " 경우이거나"}.get(form, "")


def and_form(text: str) -> str:
    """A final '-ㄴ다/-는다/-다' verb in its '-고' form: 버린다 → 버리고, 뽑는다 → 뽑고."""
    if text.endswith("는다"):
        return text[:-2] + "고"
    if text.endswith("다") and len(text) > 1 and jong(text[-2]) == 4:
        return text[:-2] + set_jong(text[-2], 0) + "고"
    return text[:-1] + "고" if text.endswith("다") else text


def may_form(text: str) -> str:
    """Korean "may": turn a final '-ㄴ다/-는다' verb into '-ㄹ 수 있다'."""
    m = re.search(r"(\S)(는다|다)(\.?)$", text)
    if not m:
        return text + " (선택)"
    stem, ending, dot = m.group(1), m.group(2), m.group(3)
    head = text[: m.start()]
    if ending == "는다":
        return f"{head}{stem}을 수 있다{dot}"
    code = ord(stem)
    if 0xAC00 <= code <= 0xD7A3 and (code - 0xAC00) % 28 == 4:  # final ㄴ → ㄹ
        return f"{head}{chr(code + 4)} 수 있다{dot}"
    return f"{head}{stem}다{dot}" if ending == "다" else text


def fix_particles(text: str) -> str:
    """Choose 을/를, 은/는, 이/가, 과/와 by the value just before each marked boundary."""
    def fix(m: re.Match[str]) -> str:
        value = m.group(1)
        return value + particle(value, m.group(2))
    text = re.sub(r"\x01([^\x01\x02]*)\x02(를|을|는|은|가|이|와|과|으로|로)(?=[\s.,:;)]|$)",
                  fix, text)
    return text.replace(MARK_OPEN, "").replace(MARK_CLOSE, "")


def fix_amounts(text: str) -> str:
    """Korean "카드 {n}장을" with an amount that is not a number: "{n}만큼의 카드를"."""
    def fix(m: re.Match[str]) -> str:
        noun, amount, p = m.group(1), m.group(2), m.group(3)
        tail = particle(noun, p) if p else ""
        if re.fullmatch(r"\x01[A-Z]\x02", amount):  # 카드 X장
            return f"{noun} {amount}장{particle('장', p) if p else ''}"
        if EQUAL_OPEN in amount:
            return f"그만큼의 {noun}{tail}"  # as many as those cards
        return f"{amount}만큼의 {noun}{tail}"

    def fix_points(m: re.Match[str]) -> str:  # 체력 {n}을 → 체력을 {n}만큼
        noun, amount, points = m.group(1), m.group(2), m.group(3)
        plain = amount.strip("\x01\x02")
        if points and is_letter(plain):
            return f"{noun} {plain}점을"  # 피해 X점을
        measure = f"{plain if is_letter(plain) else amount}만큼"  # 체력을 X만큼
        return f"{noun}{particle(noun, '을')} {measure}"
    text = re.sub(r"(\S*(?:카드|손패)) (\x01[^\x01\x02]*\x02)\x03장(을|를|이|가)?", fix,
                  text)
    # marks counted by an amount that is not a number: 피해량만큼의 “축” 표식을
    text = re.sub(r"((?:\S+ )?표식) (\x01(?![A-Z]\x02)[^\x01\x02]*\x02)\x03개(을|를|이|가)?",
                  fix, text)
    text = re.sub(r"((?:최대 )?체력|피해) (\x01[^\x01\x02]*\x02)\x03(점)?(?:을|를)", fix_points,
                  text)
    # 손패가 {n}장이 될 때까지 with an amount that is not a number: 손패 수가 {n}과 같아질
    text = re.sub(r"손패가 \x01((?![A-Z]\x02)[^\x01\x02]*)\x02\x03장이 될",
                  lambda m: f"손패 수가 {m.group(1)}{particle(m.group(1), '와')} 같아질", text)
    return text.replace(AMOUNT, "").replace(EQUAL_OPEN, "").replace(EQUAL_CLOSE, "")


_TOPIC = re.compile(r"(^|[,:.] (?:그러면 |그 후 )?|; 또는 |원하면 )([^,:.;]*?)(?<!또)[은는] "
                    r"(?!후|전|때|동안|것|경우)")


def causative(text: str) -> str | None:
    """"X는 …한다" as something the owner makes happen: "X가 …하게 할 수 있다" (None when
    the sentence does not end in a verb this knows)."""
    m = re.match(r"(\S+(?: \S+)*?)(은|는) (.*)$", text)
    if not m or " 할 수 있다" in text:
        return None
    subject, rest = m.group(1), m.group(3)
    v = re.search(r"(\S)(는다|다)$", rest)
    if not v:
        return None
    stem, ending = v.group(1), v.group(2)
    head = rest[: v.start()]
    if ending == "는다":
        verb = stem  # 뽑는다 → 뽑게
    elif jong(stem) == 4:
        verb = set_jong(stem, 0)  # 버린다 → 버리게, 한다 → 하게
    elif stem in ("없", "있"):
        verb = stem  # 효과가 없다 → 없게
    else:
        return None
    return f"{subject}{particle(subject, '가')} {head}{verb}게 할 수 있다"


def drop_you(text: str, you: str) -> str:
    """Korean leaves the skill's owner unsaid as a topic ("자신은 …") until someone else
    has been the topic of the sentence; from then on it is said again."""
    out, pos = [], 0
    for m in _TOPIC.finditer(text):
        if re.search(r"[이가] ", m.group(2)):
            continue  # a relative clause with its own subject (자신이 잃은 체력), no topic
        if m.group(2) != you:
            break
        out.append(text[pos:m.start()] + m.group(1))
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def is_phrase(subject: str, word: str, selector: bool, negated: bool) -> str:
    if selector and not negated and re.search(r"[이가] (있는|없는)$", word):
        return f"{subject}에게 {word}"  # 피해의 근원에게 숨긴 무장이 있는
    head = f"{subject}{particle(subject, '가')}"
    if selector and word.endswith("의"):
        word = word[:-1]  # 자신과 같은 세력의 → 자신과 같은 세력이면
    elif selector and word != "자신" and (word.endswith("는") or jong(word[-1:]) == 4):
        # an attributive filter (살아 있는, 거리 1인, 무장이 있는)
        return f"{head} {word} 플레이어가 아닌" if negated else f"{head} {word}"
    if negated:
        return f"{head} {word}{particle(word, '가')} 아닌"
    return f"{head} {word}인"


def chain(steps: list[tuple[bool, str]]) -> str:
    """Korean steps in order: "…을 뽑고, 무장 카드를 뒤집는다" (a plain step joins the
    next with -고 and the next drops a repeated subject); others end a sentence."""
    out: list[str] = []
    topic = ""
    for i, (plain, text) in enumerate(steps):
        if topic and text.startswith(topic + " ") and out and out[-1].endswith(","):
            text = text[len(topic) + 1:]
        else:
            m = re.match(r"(\S+(?: [A-Z])?[은는]) ", text)
            topic = m.group(1) if plain and m else ""
        last = i == len(steps) - 1
        if not last and plain and re.search(r"[가-힣]다$", text):
            text = and_form(text) + ","
        elif not last:
            text += "."
            topic = ""
        out.append(text)
    return " ".join(out)


class Korean(Language):
    code = "ko"
    sep = ". "
    after_loop = "모두 처리한 후, "
    definitions_join = ", "
    or_cards = " 또는 "
    or_options = "; 또는 "
    may_choose_to = "원하면: "
    may_body = "원하면: {}"
    holder = "그 플레이어"
    holder_first = "판정 구역에 이 카드가 있는 플레이어"
    this_card = "그 카드"
    current_card = ("사용되고 있는 카드", "그 {}")
    those_characters = "그 플레이어들"
    the_result = "그 결과"
    the_chosen_one = "선택한 것"
    that_card = "그 카드"
    that_character = "그 플레이어"
    action_label = "카드 사용 단계"
    choose_one = ("하나를 선택한다", "하나를 선택할 수 있다")
    each_of_plural_event = False
    may_in_verb = True
    polish = ((r"의 구역의 ", " 구역의 "),  # 대상 구역의 카드 (the book's 플레이어 구역의 카드)
              (r"모든 플레이어에게 나누어 준다", "원하는 플레이어에게 나누어 준다"),
              (r"그 피해 중 (?:그 수치|피해량)점?[을를] 막", "그 피해를 모두 막"),
              (r"그 피해 중 (?:그 수치|피해량)에서 (\w+)[을를] 뺀 값점?을 막",
               r"그 피해를 \1점만 남기고 막"))
    # a rule for your own turn: 자신의 턴에, …
    clause_polish = ((r"^자신이 현재 턴의 플레이어면, ", "자신의 턴에, "),)
    merge_pattern = r"^(.*) ([+−-]\S+)$"

    def mark(self, value: str) -> str:
        return mark(value)

    def finish(self, text: str) -> str:
        return fix_particles(text)

    zones = ("판정 구역", "장비 구역")
    area_by_type = "장비 구역이나 판정 구역(카드 종류에 따라)"

    def card_name(self, name: str) -> str:
        return f"【{name}】"

    def number_range(self, r: Renderer, low: int, high: int | None) -> str:
        return f"{low} 이상" if high is None else f"{low}~{high}"

    def any_or_all(self, n: str) -> str:
        return "원하는 만큼의" if n == "any" else "모든"

    def event_card(self, card: str) -> str:
        return card or "그 카드"

    def count_of(self, text: str) -> str:
        return f"{text}의 수"

    def attribute(self, owner: str, attr: str) -> str:
        # what someone did (말한 색) is theirs without 의
        done = re.match(r"\S*(?:[은한된]|[가-힣]ㄴ)(?: |$)", attr) is not None
        return f"{owner}{particle(owner, '가')} {attr}" if done else f"{owner}의 {attr}"

    def select(self, r: Renderer, noun: str, pre: list[str], post: list[str], count: Any,
               excepts: list[str]) -> str:
        named_again = len(excepts) == 1 and (excepts[0] == self.one_chosen
                                              or excepts[0].startswith(MENTION_OPEN))
        extra = "".join(f"{v}{particle(v, '을')} 제외한 " for v in excepts)
        if named_again and any(p.startswith("그와 ") for p in post):
            extra = "그를 제외하고 "  # 그를 제외하고 그와 거리가 가장 가까운 플레이어
        tail = f" {r.number(count)}명" if count is not None else ""
        if noun.startswith("다른 ") and any(not adnominal(p) for p in pre):
            # 다른 goes before a kind (다른 촉나라 플레이어, 부상당한 다른 남성 플레이어)
            pre = [p for p in pre if adnominal(p)] + ["다른"] + \
                [p for p in pre if not adnominal(p)]
            noun = noun[len("다른 "):]
        return extra + " ".join([*post, *pre, noun]) + tail

    def cards(self, r: Renderer, names: list[str], words: list[str], zones: list[str],
              count: Any, plural: bool) -> str:
        # where the cards are comes first (장비 구역의 무기 카드), a kind of card in hand is
        # picked from the hand (손패 중 장비 카드), any other hand card is a 손패
        place = " ".join(r.enum(z) for z in zones if z != "hand")
        noun = " 또는 ".join(names) if names else "카드"
        types = {r.enum(t) for t in r.reg.enums.get("card_type", {})}
        hand = "hand" in zones
        if hand and any(w in types for w in words):
            place, hand = " ".join(p for p in (place, "손패 중") if p), False
        if hand and not names:
            noun = "손패"
        elif hand:
            noun = f"손패의 {noun}"
        body = " ".join(p for p in [place, *words, noun] if p)
        if count == 0:
            return body + " 없음"
        if count is None:
            return body
        if isinstance(count, dict) and count.get("range"):
            low, high = count["range"]
            return f"{body} {low}장 이상" if high is None else f"{body} {low}~{high}장"
        if count in ("any", "all"):
            return f"{r.number(count)} {body}"
        if not isinstance(count, int):
            amount = r.amount(count)
            if not is_letter(amount) and self.letter_for(amount, r.subject, r.var("you")):
                amount = r.define(count)
            if is_letter(amount):
                return f"{body} {amount}장"
            return f"{amount}만큼의 {body}"  # 자신이 잃은 체력만큼의 카드
        return f"{body} {r.number(count)}장"

    def join_definitions(self, parts: list[str]) -> str:
        # X는 …이고, Y는 …이다
        parts = [re.sub(r"이다$", "이고", p) for p in parts[:-1]] + parts[-1:]
        return self.definitions_join.join(parts)

    def character_label(self, letter: str) -> str:
        return f"플레이어 {letter}"

    one_chosen = "그 플레이어"
    one_chosen_alt = "그 플레이어"
    first_chosen = "먼저 선택한 플레이어"
    second_chosen = "나중에 선택한 플레이어"
    lone_chosen = "선택한 플레이어"

    second_apart = r"([^,.:]*)\({}\)"

    def chosen_as_another(self, clause: str, first: str) -> bool:
        return f"{first}{particle(first, '을')} 제외한" in clause

    def one_label(self, text: str) -> str:
        # two characters of one kind chosen one after the other: 남성 플레이어 2명을 선택하고
        text = super().one_label(text)
        two = (r"((?:[가-힣]+ )*?)플레이어 1명을 선택(하고, |할 수 있다\. 그러면 )(?:자신은 )?"
               r"그 플레이어를 제외한 \1플레이어 1명을 선택하고, ")
        text = re.sub(two, r"\1플레이어 2명을 선택\2", text)
        # the two chosen together: 두 플레이어의 손패를 서로 바꾸게 한다 (X는 두 플레이어의
        # 손패 수의 차이다)
        text = re.sub(r"먼저 선택한 플레이어의 ([^,.()]+?)[와과] 나중에 선택한 플레이어의 \1의 차",
                      r"두 플레이어의 \1의 차", text)
        text = text.replace("먼저 선택한 플레이어와 나중에 선택한 플레이어", "두 플레이어")
        # a character named by a long phrase is 그 플레이어 right after the test on it
        text = re.sub(r"(?<=, )((?:[^\s,]+ )+플레이어)가 ([^,.]+)면, \1는 ",
                      r"\1가 \2면, 그 플레이어는 ", text)
        return text

    def labelled(self, text: str, chosen: str, label: str) -> str:
        if chosen and chosen in text:
            # 플레이어 1명(플레이어 A)을 선택한다: the name follows the characters it names
            return text.replace(chosen, f"{chosen}({label})", 1)
        return f"{text} ({label})"

    def conj(self, text: str, form: str) -> str:
        return conj(text, form)

    def suit_and_ranks(self, card: str, suit: str, low: int, high: int) -> str:
        return f"{card}{particle(card, '가')} {suit} {low}~{high}인"

    def range_cond(self, left: str, low: int, high: int) -> str:
        return f"{left}{particle(left, '가')} {low}~{high}인"

    def not_cond(self, inner: str) -> str:
        return f"{inner} 것이 아닌"

    def join_conds(self, parts: list[str], word: str, phrase: str,
                   subjects: list[str] | None = None) -> str:
        joint = "고" if word == "and" else "거나"
        subjects = subjects or []
        shown = parts[:1]
        for i in range(1, len(parts)):  # 대상의 손패 수가 … 이상이거나 … 이하이면
            lead = subjects[i] + particle(subjects[i], "가") + " " if i < len(subjects) \
                and subjects[i] else ""
            same = lead and subjects[i] == subjects[i - 1] and parts[i].startswith(lead) \
                and parts[i - 1].startswith(lead)
            shown.append(parts[i][len(lead):] if same else parts[i])
        return " ".join([*(conj(p, joint) for p in shown[:-1]), shown[-1]])

    def skill_used(self, period: str, used: bool) -> str:
        return f"자신이 이번 {period}에 이 능력을 {'사용한' if used else '사용하지 않은'}"

    pindian_won: ClassVar[dict[str, str]] = {
        ">": "자신이 겨루기에서 이긴", "<=": "자신이 겨루기에서 이기지 못한"}

    def compare(self, left: str, op: str, right: str) -> str:
        # a count of players against 0: 그 카드에 의문을 제기한 플레이어가 있는
        m = re.fullmatch(r"(.*플레이어) 수", left)
        if m and right == "0" and op in (">", "!=", "=="):
            return f"{m.group(1)}{particle(m.group(1), '가')} {'없는' if op == '==' else '있는'}"
        subject = f"{left}{particle(left, '가')}"
        if op == "==":
            return f"{subject} {right}인"
        if op == "!=":
            return f"{subject} {right}{particle(right, '가')} 아닌"
        if op in (">=", "<="):
            return f"{subject} {right} {'이상' if op == '>=' else '이하'}인"
        size = left.endswith(("숫자", "범위", "거리"))  # sizes are big/small, amounts many/few
        more = ("큰" if size else "많은") if op == ">" else ("작은" if size else "적은")
        return f"{subject} {right}보다 {more}"

    def is_cond(self, subject: str, word: str, selector: bool, negated: bool, you: str,
                merge: bool = True) -> str:
        return is_phrase(subject, word, selector, negated)

    def in_cond(self, subject: str, group: str, selector: bool, you: str) -> str:
        return is_phrase(subject, group, selector, False)

    def has_in_equipment(self, r: Renderer, subject: str, spec: dict[str, Any]
                         ) -> str | None:
        if spec.get("filters", {}).get("zone") != ["equipment"]:
            return None
        # 자신의 장비 구역에 무기 카드가 없는, 대상의 장비 구역에 카드가 있는
        filters = {k: v for k, v in spec["filters"].items() if k != "zone"}
        count = spec.get("count")
        inner = r.cards({**spec, "filters": filters, "count": None if count == 0 else count})
        there = "없는" if count == 0 else "있는"
        return f"{subject}의 장비 구역에 {inner}{particle(inner, '가')} {there}"

    def letter_for(self, text: str, subject: str, you: str) -> bool:
        """An amount that names the owner (자신이 잃은 체력) in a step someone else does:
        as a letter defined after the sentence, where 자신 can only be the owner."""
        return bool(subject) and subject != you and (you in text or subject in text)

    def has_cond(self, subject: str, inner: str, none: bool, you: str) -> str:
        return f"{subject}에게 {inner}{particle(inner, '가')} {'없는' if none else '있는'}"

    def answered(self, who: str, you: bool, positive: bool, verb: str) -> str:
        yes, no = ANSWERED[verb]
        return f"{who}{particle(who, '가')} {yes if positive else no}"

    def alternative_head(self, word: str) -> str:
        return conj(f"{word}인", "면")

    def join_statics(self, texts: list[str]) -> str:
        # cards that cannot affect the owner, as one: 【살】과 즉시 책략 카드는 자신에게 효과가 없다
        tail = re.compile(r"(?<=[^ ])[은는] 자신에게 효과가 없다$")
        if len(texts) > 1 and all(tail.search(t) for t in texts):
            heads = [tail.sub("", t) for t in texts]
            joined = "".join(f"{h}{particle(h, '와')} " for h in heads[:-1]) + heads[-1]
            return f"{joined}{particle(heads[-1], '는')} 자신에게 효과가 없다"
        # 거리 제한이 없고, … (a clause that ends in a verb joins the next with -고)
        return ", ".join([and_form(t) if re.search(r"[가-힣]다$", t) else t
                          for t in texts[:-1]] + texts[-1:])

    def tally_follows(self, previous: str, is_counter: bool) -> bool:
        return re.search(r"[가-힣]다$", previous) is not None

    def tally(self, previous: str, text: str) -> str:
        return f"{and_form(previous)}, {text}"

    def join_steps(self, texts: list[str], plain: list[bool]) -> str:
        out = texts[0]
        for i, text in enumerate(texts[1:], start=1):
            linked = plain[i] and plain[i - 1]
            prev_ok = linked and re.search(r"[가-힣]다$", out) is not None
            out = (and_form(out) + ", " if prev_ok else out + ". ") + text
        return out

    def same_subject(self, first: str, second: str, subject: str) -> str | None:
        lead = f"{subject}{particle(subject, '는')} "
        if not (second.startswith(lead) and re.search(r"[가-힣]다$", first)):
            return None
        return f"{and_form(first)}, {second[len(lead):]}"

    def chooses_one(self, phrase: str, who: str, third: bool, options: list[str]) -> str:
        shown = who + particle(who, "는")
        head = phrase.replace("{who}", shown).replace("{s}", "")
        return f"{head}: {self.or_options.join(options)}"

    def cards_where(self, over: str, test: str) -> str:
        return f"{over} 중 {re.sub('^그 카드의 ', '', test)} 카드"

    def count_where(self, over: str, test: str) -> str:
        return f"{over} 중 {re.sub('^그 카드의 ', '', test)} 카드 수"

    def both(self, one: str, two: str, text: str) -> str:
        lead = f"{two}{particle(two, '는')} "
        rest = text[len(lead):] if text.startswith(lead) else text
        return f"{one}{particle(one, '와')} {two}{particle(two, '는')} 각각 {rest}"

    def have_choose(self, actor: str, who: str, options: list[str], phrase: str) -> str:
        return f"{who}에게 하나를 선택하게 할 수 있다: {self.or_options.join(options)}"

    def repeat_by(self, times: str) -> str | None:
        return f"{times}만큼 반복한다"  # 그 수치만큼, not 그 수치번

    def drop_option_subject(self, text: str, who: str) -> str:
        lead = f"{who}{particle(who, '는')} "
        return text[len(lead):] if text.startswith(lead) else text

    def chooser_named(self, text: str, who: str, you: str) -> str:
        if who == you:
            return text
        # someone else chooses: the owner acting in an option is said, as a subject (이/가)
        # the owner left unsaid as a topic never is (자신이 카드 1장을 뽑는다)
        text = re.sub(r"^자신은 ", "자신이 ", text)
        return re.sub(re.escape(who) + r"(에게|의)", r"그 플레이어\1", text)

    def have_do(self, r: Renderer, s: Any, actor: str) -> str:
        return self.if_wished(actor, r.sentence(s, actor))

    def if_wished(self, actor: str, text: str) -> str:
        """Someone other than the actor does it, if the actor wishes: the actor makes it
        happen ("그 플레이어가 체력 1을 회복하게 할 수 있다"), else "자신이 원하면 …"."""
        made = causative(text)
        return made if made is not None else f"{actor}{particle(actor, '가')} 원하면 {text}"

    def then_chain(self, r: Renderer, head: str, subject: str, steps: list[Step],
                   lead: str | None) -> str:
        pairs = [(step.plain and not step.after, step.text) for step in steps]
        if lead is None or head.endswith(" 할 수 있다"):
            # what follows a may-step happens only if it was done (그러면 …), but a test of
            # what the step made needs no 그러면: "판정을 할 수 있다. 판정 카드가 붉은색이면, …"
            tests_result = bool(pairs) and not pairs[0][0] \
                and re.match(r"(판정 카드|자신이 겨루기에서|그 카드)", pairs[0][1]) is not None
            return f"{head}. {'' if tests_result else '그러면 '}" + chain(pairs)
        return chain([(True, head), *pairs])

    def grant(self, who: str) -> str:
        return f"{who}도 사용할 수 있다"

    def granted_action(self, who: str, opts: str, body: str) -> str:
        lead = f"{who}{particle(who, '는')} 자신의 카드 사용 단계에 "
        refused = re.match(r"(\S+)[이가] 거절하지 않으면 (.*)$", body)
        if refused:  # the refusal is its own sentence: …사용할 수 있다. 주공은 이를 거절할 수 있다
            on, rest = refused.groups()
            return lead + (f"{opts} " if opts else "") + may_form(rest) + \
                f". {on}{particle(on, '는')} 이를 거절할 수 있다"
        return lead + (f"{opts} " if opts else "") + may_form(body)

    def granted_condition(self, r: Renderer, cond: Any) -> str:
        return f"{r.cond(cond, 'ㄴ')} 동안"  # 주공이 부상당한 동안

    def action_head(self, r: Renderer, limit: Any) -> str:
        if limit is None:
            return f"{self.action_label}에"
        if limit.period == "phase":  # 카드 사용 단계에 1번
            return f"{self.action_label}에 " + r.limit(limit).split(" ", 1)[1]
        return f"{r.limit(limit)}, {self.action_label}에"

    card_target = "대상"
    card_target_later = "대상"
    card_targets = "대상들"
    card_target_each = "대상"

    def every(self, what: str) -> str:
        return re.sub(r"(^|\s)플레이어$", r"\1모든 플레이어", what)

    def card_use_head(self, who: str, opts: str) -> str:
        return f"{opts + ', ' if opts else ''}{self.action_label}에 {who}에게 사용한다"

    def described_self(self, you: str, word: str, cond: str) -> str:
        return f"{word} {you}"

    def described_other(self, body: str, who: str, word: str) -> str:
        return re.sub(f"(?<!{word} ){who}에게", f"{word} {who}에게", body, count=1)

    def card_use_text(self, head: str, rest: str) -> str:
        return f"{head}. {rest}" if rest else head

    def mentioned(self, text: str, token: str, form: str, what: str, later: str) -> str:
        """Korean says "each" after the topic: "다른 플레이어는 각자 …", "각 대상은 …",
        "다른 플레이어 각각에게 …"; every later mention is "그 플레이어"."""
        count = 0

        def repl(m: re.Match[str]) -> str:
            nonlocal count
            count += 1
            p = m.group(1) or ""
            if count > 1 or form == "plain":
                word = later if count > 1 else what
                return word + (particle(word, p) if p else "")
            if form == "target":
                return f"각 {what}" + (particle(what, p) if p else "")
            if p in ("은", "는", "이", "가"):
                return f"{what}{particle(what, p)} 각자"
            return f"{what} 각각" + (particle("각각", p) if p else "")
        return re.sub(re.escape(token) + r"(을|를|은|는|이|가|과|와)?", repl, text)

    def same_suit(self, text: str) -> str:
        return f"문양이 같은 {text}"

    def trigger_head(self, lead: str, event: str, suffix: str) -> str:
        return f"{event}{suffix}".strip()

    def verb_or(self, a: str, b: str) -> str | None:
        if jong(a[-1]) not in (4, 8):
            return None
        return f"{a[:-1] + set_jong(a[-1], 0)}거나 {b}"  # 사용할/사용한 → 사용하거나

    def event(self, text: str, timing: str) -> str:
        # an event happens to a player, never to "1 player": 플레이어가 피해를 받을 때
        text = re.sub(r"플레이어 1명(이|을|은|과|의|에게)",
                      lambda m: "플레이어" + particle("플레이어", m.group(1)), text)
        return event_form(text, timing)

    # -- fill ----------------------------------------------------------------------------
    def fill_counted_bound(self, r: Renderer, value: dict[str, Any], rest: str | None
                           ) -> str | None:
        return mark(f"{EQUAL_OPEN}{r.value(value)}{EQUAL_CLOSE}") + AMOUNT

    def fill_value(self, r: Renderer, text: str, value: Any, type_name: str,
                   rest: str | None, computed: bool) -> str:
        if type_name == "delta" and rest == "|card" and isinstance(value, dict):
            # a change to the draw: 카드를 1장 더 뽑는다, 1장 덜 뽑는다
            amount = value.get("amount")
            n = amount if isinstance(amount, int) else text.lstrip("+−-")
            return f"{n}장 {'더' if value.get('sign') == '+' else '덜'}"
        if computed:
            return mark(text) + AMOUNT  # "카드 {n}장" → "{n}만큼의 카드"
        return mark(text)

    def fill_finish(self, r: Renderer, out: str, subject: str, template: str,
                    subordinate: bool, may: bool, actor: str) -> str:
        head = mark(subject)
        if subject and re.match(r"\{(\w+)\} ", template) and out.startswith(head + " "):
            p = "가" if subordinate else "는"
            out = head + particle(subject, p) + out[len(head):]
        out = fix_amounts(out)
        out = fix_particles(out).replace(" 이상장", "장 이상")
        if may and may_form(out) != out:
            out = may_form(out)
        elif may:  # someone else does it: "if you wish, …"
            out = self.if_wished(actor, out)
        return out

    def amount_of_event(self, text: str, event: str) -> str:
        if event in ("take_damage", "deal_damage"):  # 그 피해가 1점 증가한다
            return re.sub(r"그 수치가 (\S+) 증가한다", r"그 피해가 \1점 증가한다", text)
        return text

    def sentence_done(self, text: str, you: str) -> str:
        # a count of uses tested against 0 is a use that did not happen: 자신이 【살】을
        # 사용하거나 내지 않았으면, not 자신이 사용하거나 낸 【살】의 수가 0이면
        text = re.sub(r"자신이 사용하거나 낸 (【[^】]+】)의 수가 0이면",
                      lambda m: f"자신이 {m.group(1)}{particle(m.group(1), '을')} 사용하거나 "
                      "내지 않았으면", text)
        return drop_you(text, you)

    def merged(self, head: str, x: str, y: str, delta: str) -> str:
        return f"{head}{x}{particle(x, '와')} {y} 각각 {delta}"

"""Checked AST → rules text in English, Chinese or Korean, from the vocabulary's templates.

The structure (triggers, conditions, choices, limits) comes from the AST; each sentence's
words come from its verb's template with the checker's resolved arguments filled in. So
the text a player reads is generated from exactly what the engine runs.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from sgs_tools.dsl import ast as A
from sgs_tools.dsl.check import Analysis
from sgs_tools.dsl.vocabulary import Registry

NUMBER_WORDS = {"zh": "零一两三四五六七八九十", "en": ["no", "a", "two", "three", "four",
                                                   "five", "six", "seven", "eight", "nine",
                                                   "ten"]}
EN_PLURAL = {"card": "cards", "character": "characters", "other character":
             "other characters", "HP": "HP", "max HP": "max HP"}
EN_SINGULAR = {plural: one for one, plural in EN_PLURAL.items()}
SEP = {"en": "; ", "zh": "；", "ko": ". "}
# Verbs whose bound result counts the cards a character answered with: `if answer.count
# == 0` reads "if they do not" (en: the auxiliary is added; zh/ko: the verb itself).
ANSWERED = {"respond": {"zh": "打出", "ko_yes": "낸", "ko_no": "내지 않은"},
            "ask_use": {"zh": "使用", "ko_yes": "사용한", "ko_no": "사용하지 않은"}}
SUITS = ("heart", "diamond", "spade", "club")
COMMA = {"en": ", ", "zh": "，", "ko": ", "}
# Amounts that read better said another way: the whole of an amount, or all but part of it.
POLISH = {
    "en": ((r"\b(prevents?) (?:that amount|the damage) of that damage", r"\1 all of that damage"),
           (r"\b(prevents?) (?:that amount|the damage) minus (\w+) of that damage",
            r"\1 all but \2 of that damage")),
    "zh": ((r"防止此伤害中的(?:此数值|伤害值)点", "防止此伤害"),
           (r"防止此伤害中的(?:此数值|伤害值)减去(\w+)点", r"防止此伤害中超过\1点的部分")),
    "ko": ((r"그 피해 중 (?:그 수치|피해량)[을를] 막", "그 피해를 모두 막"),
           (r"그 피해 중 (?:그 수치|피해량)에서 (\w+)[을를] 뺀 값을 막",
            r"그 피해를 \1만 남기고 막")),
}
END = {"en": ".", "zh": "。", "ko": "."}
# The same, over a whole sentence with its definitions: 防止此伤害中的X点（X为此数值减去1）.
CLAUSE_POLISH = {
    "zh": ((r"防止此伤害中的([A-Z])点（\1为(?:此数值|伤害值)减去(\w+)）",
            r"防止此伤害中超过\2点的部分"),),
}
# Events whose "you" is not the card's user but the character holding it: a delayed trick
# takes effect on whoever has it in their judgement zone, so the text names them.
HOLDER_EVENTS = {"delayed_effect"}
# Chinese names "that amount" by what it counts: 此伤害+1, and a repeat once per unit of it
# (每有1点伤害，…) rather than 重复此数值次.
ZH_AMOUNT = {"take_damage": "此伤害", "deal_damage": "此伤害"}
HOLDER = {"en": "that character", "zh": "该角色", "ko": "그 캐릭터"}
# The card being used (as opposed to any card a step names): once the trigger names it
# ("when you become a target of a Slash"), it reads "that Slash".
CURRENT_CARD = {"en": ("the card being used", "that {}"), "zh": ("正被使用的牌", "此{}"),
                "ko": ("사용되고 있는 카드", "그 {}")}


# What follows a loop is done once, after it: "…; afterwards, you recover X HP".
AFTER_LOOP = {"en": "afterwards, ", "zh": "结算完毕后，", "ko": "모두 처리한 후, "}
NEGATE = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}


@dataclass(frozen=True)
class _Alts:
    """Consecutive ifs that test one thing against different values: only one applies."""

    ifs: tuple[A.If, ...]


def _open_block(st: Any) -> bool:
    """A statement whose end a reader cannot see: a loop, a choice between branches, or an
    if with several steps or an otherwise. What follows it reads "afterwards, …"."""
    if isinstance(st, (A.ForEach, A.Repeat, A.Choice)):
        return True
    if isinstance(st, A.If):
        return len(st.then) > 1 or bool(st.otherwise)
    return False


@dataclass
class Names:
    """Localised names of cards and skills, for rendering references."""

    cards: dict[str, dict[str, str]] = field(default_factory=dict)
    skills: dict[str, dict[str, str]] = field(default_factory=dict)
    playable: frozenset[str] | None = None
    """Cards some effect asks a character to play (打出) in response. A conversion into one
    of them reads "use or play"; into any other card, only "use". None: not known, so
    every conversion reads "use or play"."""


def _has_batchim(text: str) -> bool:
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


def _ko_particle(prev: str, particle: str) -> str:
    if particle in ("로", "으로"):
        letters = [ch for ch in prev if 0xAC00 <= ord(ch) <= 0xD7A3 or ch.isalnum()]
        last = letters[-1] if letters else ""
        if last.isdigit():
            return "으로" if last in "036" else "로"  # 영으로, 삼으로; 일로, 팔로
        code = ord(last) if last else 0
        if 0xAC00 <= code <= 0xD7A3 and (code - 0xAC00) % 28 not in (0, 8):
            return "으로"
        return "로"
    pair = _PARTICLES.get(particle)
    if pair is None:
        return particle
    return pair[0] if _has_batchim(prev) else pair[1]


def _jong(ch: str) -> int:
    """The final consonant index of a Hangul syllable (0: none, 4: ㄴ, 8: ㄹ), or -1."""
    code = ord(ch) if ch else 0
    return (code - 0xAC00) % 28 if 0xAC00 <= code <= 0xD7A3 else -1


def _set_jong(ch: str, jong: int) -> str:
    code = ord(ch) - 0xAC00
    return chr(0xAC00 + code - code % 28 + jong)


def _ko_event(text: str, timing: str) -> str:
    """Korean event clauses end in a prospective '-ㄹ' form (받을, 될); 'after' needs the
    past '-ㄴ' form (받은 후) and 'before' the nominal '-기' form (받기 전)."""
    if timing not in ("after", "before") or not text:
        return text
    last = text[-1]
    if last == "을":
        return text[:-1] + ("은" if timing == "after" else "기")
    if _jong(last) == 8:
        if timing == "after":
            return text[:-1] + _set_jong(last, 4)
        return text[:-1] + _set_jong(last, 0) + "기"
    return text


# Korean condition predicates: a condition is rendered with its predicate in the
# present attributive form (…인, …있는, …큰); _ko_conj turns it into the form a
# sentence needs: '면' (if), '고' (and), '거나' (or), 'ㄹ' (… 때), 'ㄴ' (as is).
_KO_ATTRIBUTIVE = (("있는", "있"), ("없는", "없"), ("않은", "않"), ("아닌", "아니"),
                   ("많은", "많"), ("적은", "적"), ("작은", "작"), ("같은", "같"),
                   ("큰", "크"), ("인", "이"))


def _ko_conj(text: str, form: str) -> str:
    if form == "ㄴ":
        return text
    for attributive, stem in _KO_ATTRIBUTIVE:
        if not text.endswith(attributive):
            continue
        head = text[: -len(attributive)]
        if form in ("고", "거나"):
            return head + stem + form
        batchim = _jong(stem[-1]) not in (0, -1)
        if form == "면":
            if stem == "이" and _jong(head[-1:]) == 0 and not head.endswith("이하"):
                return head + "면"  # 하트면, not 하트이면
            return head + stem + ("으면" if batchim else "면")
        if form == "ㄹ":
            return head + (stem + "을" if batchim else stem[:-1] + _set_jong(stem[-1], 8))
    return text + {"면": " 경우", "고": " 경우이고", "거나": " 경우이거나"}.get(form, "")


def _ko_and(text: str) -> str:
    """A final '-ㄴ다/-는다/-다' verb in its '-고' form: 버린다 → 버리고, 뽑는다 → 뽑고."""
    if text.endswith("는다"):
        return text[:-2] + "고"
    if text.endswith("다") and len(text) > 1 and _jong(text[-2]) == 4:
        return text[:-2] + _set_jong(text[-2], 0) + "고"
    return text[:-1] + "고" if text.endswith("다") else text


def _ko_may(text: str) -> str:
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


# A template's first placeholder, its subject ({may:…} only chooses a form of words).
_FIRST_KEY = re.compile(r"\{(?!may\b)(\w+)")


class Renderer:
    def __init__(self, analysis: Analysis, registry: Registry, lang: str,
                 names: Names | None = None) -> None:
        self.an = analysis
        self.reg = registry
        self.lang = lang
        self.names = names or Names()
        self.bound: dict[str, str] = {}
        self.answers: dict[str, tuple[str, str]] = {}  # bound name → (verb, who answered)
        self.actor = ""
        self.letters: dict[str, str] = {}  # let-bound name → the letter it reads as (X)
        self.defs: dict[str, tuple[str, str]] = {}  # expression → (letter, what it is)
        self.counters: set[str] = set()  # let names assigned more than once (a tally)
        self.event_card = ""  # the one card the current trigger's event names, if any
        self.event = ""  # the current trigger's event
        self.taken: set[str] = set()  # letters earlier sentences defined

    def start_clause(self, clause: Any) -> None:
        """Names and definitions are a clause's own: each sentence starts afresh. A letter
        keeps one meaning in the whole text: a later sentence takes a letter not yet used."""
        self.taken |= set(self.letters.values()) | {letter for letter, _ in self.defs.values()}
        self.bound, self.answers, self.letters, self.defs = {}, {}, {}, {}
        seen: dict[str, int] = {}
        for node in _walk(clause):
            if isinstance(node, A.Let):
                seen[node.name] = seen.get(node.name, 0) + 1
        self.counters = {name for name, n in seen.items() if n > 1}

    def _letter(self) -> str:
        used = set(self.letters.values()) | {letter for letter, _ in self.defs.values()} \
            | self.taken
        return next((c for c in "XYZWVU" if c not in used), "N")

    def define(self, v: Any) -> str:
        """A letter standing for ``v``, defined after the sentence ("X is …", "X为…")."""
        key = repr(v)
        if key not in self.defs:
            text = self.value(v)
            self.defs[key] = (self._letter(), text)
        return self.defs[key][0]

    def amount(self, v: Any, times: bool = False) -> str:
        """An amount in a sentence: a number or a plain quantity as it is; a computed one
        (a function, nested arithmetic, or any arithmetic counted in times) as a letter
        with a definition. Chinese counts name every non-trivial amount by a letter, the
        way printed cards do (摸X张牌（X为…）)."""
        if self._needs_letter(v, times):
            return self.define(v)
        return self.value(v, "int")

    def _needs_letter(self, v: Any, times: bool = False) -> bool:
        if not isinstance(v, dict) or "range" in v or "sign" in v:
            return False
        if "call" in v:
            return True
        if "op" in v:
            if self.lang == "zh":
                return True  # 摸X张牌（X为2减去你的手牌数）, not 摸2减去你的手牌数张牌
            return times or any(isinstance(x, dict) and ("op" in x or "call" in x)
                                for x in (v["left"], v["right"]))
        if self.lang == "zh" and ("quantity" in v or "ref" in v):
            return not _counts_bound(v, self.bound)
        return False

    def definitions(self) -> str:
        """The definitions of the letters a sentence used: ", where X is …"."""
        if not self.defs:
            return ""
        parts = [self.kphrase("define", name=letter, value=text)
                 for letter, text in self.defs.values()]
        if self.lang == "zh":  # no brackets in brackets: （X为…的一半，向下取整）
            parts = [re.sub(r"（([^（）]*)）$", r"，\1", p) for p in parts]
        if self.lang == "ko":  # X는 …이고, Y는 …이다
            parts = [re.sub(r"이다$", "이고", p) for p in parts[:-1]] + parts[-1:]
        joined = {"en": ", and ", "zh": "，", "ko": ", "}[self.lang].join(parts)
        return self.phrase("where", defs=joined)

    def kphrase(self, key: str, **values: str) -> str:
        """A phrase with values; Korean particles after each value are fixed."""
        if self.lang != "ko":
            return self.phrase(key, **values)
        text = self.phrase(key, **{k: _mark(v) for k, v in values.items()})
        return _fix_particles(text)

    # -- values --------------------------------------------------------------------------
    def t(self, texts: dict[str, str], fallback: str) -> str:
        return texts.get(self.lang) or texts.get("en") or fallback

    def enum(self, value: str) -> str:
        for values in self.reg.enums.values():
            if value in values:
                return self.t(values[value].text, value)
        return value

    def card_name(self, card_id: str) -> str:
        """A card's name; Chinese and Korean rules text puts every card name in 【】."""
        name = self.t(self.names.cards.get(card_id, {}), card_id.replace("_", " "))
        return f"【{name}】" if self.lang in ("zh", "ko") else name

    def zh_count(self, n: Any) -> str:
        """Chinese numerals for counts of cards and characters (两张, 一名)."""
        if isinstance(n, int) and 0 <= n <= 10:
            return NUMBER_WORDS["zh"][n]
        return self.number(n)

    def number(self, n: Any) -> str:
        if isinstance(n, int):
            return str(n)
        if isinstance(n, dict) and "range" in n:
            low, high = n["range"]
            if high is None:
                return {"en": "any number of" if low == 0 else f"{low} or more",
                        "zh": "任意" if low == 0 else f"至少{self.zh_count(low)}",
                        "ko": f"{low} 이상"}[self.lang]
            return {"en": f"{low} to {high}" if low else f"up to {high}",
                    "zh": f"{self.zh_count(low)}至{self.zh_count(high)}" if low
                    else f"至多{self.zh_count(high)}",
                    "ko": f"{low}~{high}"}[self.lang]
        if n in ("any", "all"):
            return {"en": "any number of" if n == "any" else "all",
                    "zh": "任意" if n == "any" else "所有",
                    "ko": "원하는 만큼의" if n == "any" else "모든"}[self.lang]
        return self.value(n, "int")

    def var(self, name: str) -> str:
        if name == "you":
            return self.t(self.reg.selectors["you"].text, "you")
        if name in self.letters:
            return self.letters[name]
        if name in self.bound:
            return self.bound[name]
        event = self.reg.events.get(self.event) if self.event else None
        if event is not None and name in event.names:
            return self.t(event.names[name], name)  # "the damage", not "that amount"
        if name in self.reg.variables:
            return self.t(self.reg.variables[name], name)
        return name

    def value(self, v: Any, type_name: str = "") -> str:
        if v is None:
            return ""
        if isinstance(v, bool):
            return str(v).lower()
        if isinstance(v, int):
            return self.number(v)
        if isinstance(v, str):
            if type_name == "card_name":
                return self.card_name(v)
            if type_name == "skill":
                return self.t(self.names.skills.get(v, {}), v)
            return self.enum(v)
        if "actor" in v:
            return self.actor or self.var("you")
        if "var" in v:
            return self.var(v["var"])
        if "quantity" in v:
            term = self.reg.quantities.get(v["quantity"])
            return self.t(term.text, v["quantity"]) if term else v["quantity"]
        if "ref" in v:
            head, *rest = v["ref"]
            text = self.var(head)
            for attr in rest:
                attr_text = self.t(self.reg.attribute_names.get(attr, {}), attr)
                if attr == "count":
                    text = {"en": f"the number of {text}", "zh": f"{text}的数量",
                            "ko": f"{text}의 수"}[self.lang]
                    continue
                # what someone did (所选的花色, 말한 색) is theirs without 的/의
                bare_zh = attr_text.startswith(("所", "已")) or text == "其"  # 其体力值
                done = re.match(r"\S*(?:[은한된]|[가-힣]ㄴ)(?: |$)", attr_text) is not None
                text = {"en": f"{text}'s {attr_text}" if not text.endswith("s")
                        else f"{text}' {attr_text}",
                        "zh": f"{text}{'' if bare_zh else '的'}"
                              f"{attr_text}",
                        "ko": f"{text}{_ko_particle(text, '가')} {attr_text}" if done
                        else f"{text}의 {attr_text}"}[self.lang]
            return text
        if "op" in v:
            key = {"+": "op_plus", "-": "op_minus", "*": "op_times", "/": "op_div"}[v["op"]]
            return self.kphrase(key, left=self.value(v["left"]), right=self.value(v["right"]))
        if "call" in v:
            func = self.reg.functions.get(v["call"])
            args = [self.value(a) for a in v["args"]]
            template = self.t(func.text, v["call"]) if func else v["call"] + "({0}, {1})"
            try:
                if self.lang == "ko":
                    return _fix_particles(template.format(*(_mark(a) for a in args)))
                return template.format(*args)
            except (IndexError, KeyError):
                return f"{v['call']}({', '.join(args)})"
        if "range" in v:
            return self.number(v)
        if "sign" in v:
            amount = self.value(v["amount"]) if not isinstance(v["amount"], int) else str(
                v["amount"])
            return f"{'+' if v['sign'] == '+' else '−'}{amount}"
        if "select" in v:
            return self.select(v["select"])
        if "cards" in v:
            return self.cards(v["cards"])
        return str(v)

    def select(self, s: dict[str, Any]) -> str:
        noun_term = self.reg.selectors.get(s["noun"])
        noun = self.t(noun_term.text, s["noun"]) if noun_term else s["noun"]
        pre: list[str] = []
        post: list[str] = []
        for f in s.get("filters", []):
            term = self.reg.selectors.get(f)
            text = self.t(term.text, f) if term else f
            (post if term and term.info.get("post") else pre).append(text)
        count = s.get("count")
        if self.lang == "en":
            if count is not None and count != 1:
                noun = EN_PLURAL.get(noun, noun)
            elif count == 1:
                noun = EN_SINGULAR.get(noun, noun)
            parts = []
            if count is not None:
                first = (pre or [noun])[0]
                vowel = first.startswith(("o", "a", "e", "i"))
                parts.append("a" if count == 1 and not vowel
                             else "an" if count == 1 else self.number(count))
            if s.get("except"):
                post.append("other than " + " and ".join(self.value(e) for e in s["except"]))
            if noun.startswith("other ") and pre:
                return " ".join([*parts, "other", *pre, noun[len("other "):], *post])
            return " ".join([*parts, *pre, noun, *post])
        if self.lang == "zh":
            head = ""
            if count is not None:
                head = (self.zh_count(count) + "名") if not isinstance(count, str) else "任意名"
            extra = "".join(f"除{self.value(e)}外的" for e in s.get("except", []))
            return head + extra + "".join(post) + "".join(pre) + noun
        extra = "".join(f"{v}{_ko_particle(v, '을')} 제외한 "
                        for v in (self.value(e) for e in s.get("except", [])))
        tail = f" {self.number(count)}명" if count is not None else ""
        return extra + " ".join([*post, *pre, noun]) + tail

    def cards(self, c: dict[str, Any]) -> str:
        filters = c.get("filters", {})
        names = [self.card_name(n) for n in filters.get("name", [])]
        words = [self.enum(w) for key in ("color", "suit", "card_type")
                 for w in filters.get(key, [])]
        zones = filters.get("zone", [])
        count = c.get("count")
        plural = c.get("noun") == "cards" or (count is not None and count != 1)
        if self.lang == "en":
            zone = " ".join("hand" if z == "hand" else self.enum(z) for z in zones)
            noun = " or ".join(names) if names else "card"
            if plural and not names:
                noun = "cards"
            if zones == ["equipment"]:
                parts = [zone, *words, noun]
            else:
                parts = [*words, zone, noun] if zone else [*words, noun]
            text = " ".join(p for p in parts if p)
            if count == 0:
                return "no " + (text if text.endswith("s") else text + "s")
            if count is None or count == 1:
                if plural:
                    return text
                return ("an " if text[0].lower() in "aeiou" else "a ") + text
            if not isinstance(count, (int, str)) and "range" not in count:
                many = text if text.endswith("s") else text + "s"
                amount = self.amount(count)
                if re.fullmatch(r"[A-Z]", amount):
                    return f"{amount} {many}"  # X cards, where X is …
                return f"{many} equal to {amount}"  # cards equal to your lost HP
            return f"{self.number(count)} {text}"
        if self.lang == "zh":
            zone = "".join("手" if z == "hand" else self.enum(z) for z in zones)
            noun = "或".join(names) if names else "牌"
            body = "".join(words) + zone + noun
            if zones == ["equipment"]:
                body = zone + "".join(words) + noun  # 装备区的武器牌
            if count == 0:
                return "没有" + body
            if count is None:
                return body
            if count in ("any", "all"):
                return f"{self.number(count)}{body}"
            if isinstance(count, dict) and "range" not in count:
                if _counts_bound(count, self.bound):
                    return f"与{self.var(count['ref'][0])}等量的{body}"
                return f"{self.amount(count)}张{body}"
            return f"{self.zh_count(count)}张{body}"
        zone = " ".join("손" if z == "hand" else self.enum(z) for z in zones)
        noun = " 또는 ".join(names) if names else "카드"
        body = " ".join(p for p in [*words, zone + noun if zone == "손" else
                                    (zone + " " + noun if zone else noun)] if p)
        body = body.replace("손카드", "손패")
        if count == 0:
            return body + " 없음"
        if count is None:
            return body
        if isinstance(count, dict) and count.get("range"):
            low, high = count["range"]
            return f"{body} {low}장 이상" if high is None else f"{body} {low}~{high}장"
        if count in ("any", "all"):
            return f"{self.number(count)} {body}"
        if not isinstance(count, int):
            amount = self.amount(count)
            if re.fullmatch(r"[A-Z]", amount):
                return f"{body} {amount}장"
            return f"{amount}만큼의 {body}"  # 당신이 잃은 체력만큼의 카드
        return f"{body} {self.number(count)}장"

    # -- templates -----------------------------------------------------------------------
    def fill(self, template: str, args: dict[str, Any], types: dict[str, str],
             actor: str, may: bool, subordinate: bool = False, bare: bool = False) -> str:
        """``bare``: the verb's plain form, for "you may have X do …" (令X…)."""
        subject = self._subject(template, args, actor)
        third = self.lang == "en" and subject not in (self.var("you"), "") and not may \
            and not bare and not self._plural_subject(template, args)

        def repl(m: re.Match[str]) -> str:
            key, rest = m.group(1), m.group(2)
            if key == "s":
                return "s" if third else ""
            if key == "is":
                plural = subject == self.var("you") or self._plural_subject(template, args)
                return "are" if plural else "is"
            if key == "may" and rest is not None and rest.startswith(":"):
                present, absent = _split_else(rest[1:])  # {may:optional form|plain form}
                return _substitute(present if may else absent, repl)
            if key == "may":
                return self.t(self.reg.phrases.get("may", {}), "may ") if may else ""
            if key == "actor_pos":
                return "your" if actor == self.var("you") else "their"
            if key == "actor":
                return _mark(actor) if self.lang == "ko" else actor
            if rest is not None and rest.startswith(":"):
                value = args.get(key)
                present, absent = _split_else(rest[1:])
                if value in (None, "", []) or (isinstance(value, dict) and "actor" in value):
                    return _substitute(absent, repl)
                if value == {"var": "you"} and key in ("who", "by"):
                    return _substitute(absent, repl)
                return _substitute(present, repl)
            value = args.get(key)
            if types.get(key) == "delta" and self.lang == "en" and rest is not None \
                    and rest.startswith("|") and isinstance(value, dict) \
                    and isinstance(value.get("amount"), int):
                n, noun = value["amount"], rest[1:]  # "1 extra card", "2 fewer cards"
                noun = noun if n == 1 else EN_PLURAL.get(noun, noun + "s")
                return f"{n} {'extra' if value.get('sign') == '+' else 'fewer'} {noun}"
            computed = types.get(key) in ("count", "int") and isinstance(value, dict) \
                and "range" not in value
            if computed and isinstance(value, dict) and _counts_bound(value, self.bound):
                # as many as those cards
                if self.lang == "zh":
                    return f"{EQUAL_OPEN}{self.var(value['ref'][0])}{EQUAL_CLOSE}"
                if self.lang == "ko":
                    return _mark(f"{EQUAL_OPEN}{self.value(value)}{EQUAL_CLOSE}") + AMOUNT
                if rest is not None and rest.startswith("|"):
                    return f"the same number of {EN_PLURAL.get(rest[1:], rest[1:] + 's')}"
            text = self.amount(value) if computed else \
                self.value(value, types.get(key, "")) if value is not None else ""
            lettered = computed and re.fullmatch(r"[A-Z]", text) is not None
            if self.lang == "ko" and computed:
                return _mark(text) + AMOUNT  # "카드 {n}장" → "{n}만큼의 카드"
            if self.lang == "en" and types.get(key) == "card_name":
                return f"{CARD_OPEN}{text}{CARD_CLOSE}"  # an article or a plural, below
            if rest is not None and rest.startswith("|") and self.lang == "en":
                noun = rest[1:]
                plural = value != 1
                noun_text = EN_PLURAL.get(noun, noun + "s") if plural else noun
                if isinstance(value, dict) and ("cards" in value or "select" in value):
                    return text
                if isinstance(value, dict) and "range" not in value and not lettered:
                    return f"{noun_text} equal to {text}"
                return f"{text} {noun_text}"
            return _mark(text) if self.lang == "ko" else text

        previous, self.actor = self.actor, actor
        try:
            out = _substitute(template, repl)
        finally:
            self.actor = previous
        out = re.sub(r"\s+", " ", out).strip()
        if self.lang == "zh":
            out = _zh_equal(out)
            # counted cards in words (摸两张牌), and 其 owns without 的
            out = re.sub(r"(?<![\d.])(10|[0-9])张", lambda m: self.zh_count(int(m.group(1))) + "张",
                         out).replace("其的", "其")
        if self.lang == "en":
            out = _en_card_names(out)
        if self.lang == "ko":
            head = _mark(subject)
            if subject and re.match(r"\{(\w+)\} ", template) and out.startswith(head + " "):
                particle = "가" if subordinate else "는"
                out = head + _ko_particle(subject, particle) + out[len(head):]
            out = _fix_amounts(out)
            out = _fix_particles(out).replace(" 이상장", "장 이상")
            if may and _ko_may(out) != out:
                out = _ko_may(out)
            elif may:  # someone else does it: "if you wish, …"
                out = f"{actor}{_ko_particle(actor, '가')} 원하면 {out}"
        if self.lang == "en":
            out = out.replace(" an other ", " another ").replace(" a other ", " another ")
            out = re.sub(r"^an? other ", "another ", out)
            out = re.sub(r"\byou's\b", "your", out)
            out = re.sub(r"s's\b", "s'", out)
            out = re.sub(r"\bYou's\b", "Your", out)
        for pattern, replacement in POLISH.get(self.lang, ()):
            out = re.sub(pattern, replacement, out)
        if may and "{may" not in template and self.lang != "ko":
            out = {"en": f"you may have it that {out}", "zh": f"你可以令{out}"}[self.lang]
        return out

    def _plural_subject(self, template: str, args: dict[str, Any]) -> bool:
        m = _FIRST_KEY.search(template)
        value = args.get(m.group(1)) if m else None
        if not isinstance(value, dict) or "select" not in value:
            return False
        sel = value["select"]
        term = self.reg.selectors.get(sel.get("noun", ""))
        count = sel.get("count")
        if count is not None:
            return bool(count != 1)
        return bool(term and term.info.get("plural"))

    def _subject(self, template: str, args: dict[str, Any], actor: str) -> str:
        m = _FIRST_KEY.search(template)
        if not m:
            return ""
        key = m.group(1)
        if key == "actor":
            return actor
        value = args.get(key)
        if isinstance(value, dict):
            return actor if "actor" in value else self.value(value)
        return ""

    def sentence(self, s: A.Sentence, actor: str, may: bool = False,
                 table: str = "action", bare: bool = False) -> str:
        verbs = self.reg.actions if table == "action" else self.reg.modifiers
        verb = verbs.get(s.verb)
        args = self.an.of(s)
        if verb is None:
            return s.verb
        types = {p.name: p.type for p in verb.params}
        template = self.t(verb.text, s.verb)
        subject = self._subject(verb.text.get("en", template), args, actor)
        if may and subject not in ("", actor):
            # the owner decides; someone else does it: "you may have X recover 1 HP",
            # "你可以令X回复1点体力", "당신이 원하면 X는 체력 1을 회복한다"
            text = self._have_do(s, actor)
        elif self.lang == "ko" and may and "{may" not in verb.text.get("en", "{may"):
            # someone other than the actor does it: "당신이 원하면 대상은 …"
            text = self.fill(template, args, types, actor, False)
            text = f"{actor}{_ko_particle(actor, '가')} 원하면 {text}"
        else:
            text = self.fill(template, args, types, actor, may, bare=bare)
        if self.lang == "zh" and self.event in ZH_AMOUNT:
            text = text.replace("此数值+", ZH_AMOUNT[self.event] + "+")  # 此伤害+1
        phrase, known = CURRENT_CARD[self.lang]
        if self.event_card and phrase in text:
            text = text.replace(phrase, known.format(self.event_card))
        if s.bind and s.verb in ANSWERED:
            who = next((args[k] for k in ("who", "by") if k in args), None)
            self.answers[s.bind] = (s.verb, self.value(who) if isinstance(who, dict)
                                    and "actor" not in who else actor)
        if s.bind and verb.returns == "player" and self._picks_many(verb, args):
            # several characters: "those characters", never one letter for them all
            self.bound.setdefault(s.bind, {"en": "those characters", "zh": "这些角色",
                                           "ko": "그 캐릭터들"}[self.lang])
        elif s.bind and verb.returns == "player":
            label = self.bound.setdefault(s.bind, self._bound_name(self._labels()))
            chosen = [self.value(args[p.name]) for p in verb.params
                      if p.type == "player" and isinstance(args.get(p.name), dict)
                      and "select" in args[p.name]]
            if self.lang == "ko" and chosen and chosen[0] and chosen[0] in text:
                # 캐릭터 1명(캐릭터 A)을 선택한다: the name follows the characters it names
                text = text.replace(chosen[0], f"{chosen[0]}({label})", 1)
            else:
                text += {"en": f" ({label})", "zh": f"（{label}）",
                         "ko": f" ({label})"}[self.lang]
        elif s.bind and verb.returns in ("int", "count"):
            self.bound.setdefault(s.bind, {"en": "the result", "zh": "结果",
                                           "ko": "그 결과"}[self.lang])
        elif s.bind and verb.returns not in (None, "cards"):
            self.bound.setdefault(s.bind, {"en": "the chosen one", "zh": "所选项",
                                           "ko": "선택한 것"}[self.lang])
        elif s.bind and self._one_card(verb, args):
            self.bound.setdefault(s.bind, {"en": "that card", "zh": "该牌",
                                           "ko": "그 카드"}[self.lang])
        elif s.bind:
            self.bound.setdefault(s.bind, self.t(self.reg.variables.get("cards", {}),
                                                 "those cards"))
        return text

    def _labels(self) -> int:
        """How many characters have a letter so far (the next one is A, B, … after them)."""
        names = {self._bound_name(i) for i in range(4)}
        return sum(1 for v in self.bound.values() if v in names)

    @staticmethod
    def _picks_many(verb: Any, args: dict[str, Any]) -> bool:
        """Whether a choosing verb names more than one character (a count other than 1)."""
        for p in verb.params:
            value = args.get(p.name)
            if p.type == "player" and isinstance(value, dict) and "select" in value:
                count = value["select"].get("count")
                return count is not None and count != 1
        return False

    @staticmethod
    def _one_card(verb: Any, args: dict[str, Any]) -> bool:
        """Whether a verb's resulting cards are exactly one card."""
        for p in verb.params:
            value = args.get(p.name)
            if p.type == "cards" and isinstance(value, dict) and "cards" in value:
                return bool(value["cards"].get("count") == 1)
            if p.type in ("count", "int") and p.name == "n":
                return value == 1
        return False

    def _bound_name(self, index: int) -> str:
        letter = "ABCD"[index % 4]
        return {"en": f"character {letter}", "zh": f"角色{letter}",
                "ko": f"캐릭터 {letter}"}[self.lang]

    # -- structure -----------------------------------------------------------------------
    def phrase(self, key: str, **values: str) -> str:
        text = self.reg.phrase(key, self.lang)
        for k, v in values.items():
            text = text.replace("{" + k + "}", v)
        return text

    def cond(self, c: Any, ko_form: str = "ㄴ") -> str:
        """A condition; Korean predicates take ``ko_form`` (see ``_ko_conj``)."""
        if self.lang == "ko":
            return _ko_conj(self._cond(c), ko_form)
        return self._cond(c)

    def _range(self, a: Any, b: Any) -> str | None:
        """``x > 1 and x < 10`` on one value reads as a range: "from 2 to 9"."""
        if not (isinstance(a, A.Compare) and isinstance(b, A.Compare)):
            return None
        low = high = None
        left_text = None
        for x in (a, b):
            args = self.an.of(x)
            right = args.get("right")
            if not isinstance(right, int) or isinstance(right, bool):
                return None
            text = self.value(args.get("left"))
            if left_text is not None and text != left_text:
                return None
            left_text = text
            bound = {">": right + 1, ">=": right, "<": right - 1, "<=": right}.get(x.op)
            if bound is None:
                return None
            if x.op.startswith(">"):
                low = bound
            else:
                high = bound
        if low is None or high is None or left_text is None:
            return None
        return {"en": f"{left_text} is from {low} to {high}",
                "zh": f"{left_text}为{low}~{high}",
                "ko": f"{left_text}{_ko_particle(left_text, '가')} {low}~{high}인"}[self.lang]

    def _and_parts(self, conds: tuple[Any, ...]) -> list[str]:
        """The parts of an ``and``, with two bounds on one value merged into a range."""
        parts: list[str] = []
        i = 0
        while i < len(conds):
            ranged = self._range(conds[i], conds[i + 1]) if i + 1 < len(conds) else None
            if ranged is not None:
                parts.append(ranged)
                i += 2
                continue
            parts.append(self._grouped(conds[i]))
            i += 1
        return parts

    def _cond(self, c: Any) -> str:
        if isinstance(c, (A.All, A.Any_)):
            word = "and" if isinstance(c, A.All) else "or"
            parts = (self._and_parts(c.conds) if isinstance(c, A.All)
                     else [self._grouped(x) for x in c.conds])
            if len(parts) == 1:
                return parts[0]
            if self.lang == "ko":
                joint = "고" if word == "and" else "거나"
                return " ".join([*(_ko_conj(p, joint) for p in parts[:-1]), parts[-1]])
            sep = self.phrase(word) if self.lang == "zh" else f" {self.phrase(word)} "
            return sep.join(parts)
        if isinstance(c, A.Not):
            return {"en": f"not ({self._cond(c.cond)})", "zh": f"并非{self._cond(c.cond)}",
                    "ko": f"{self._cond(c.cond)} 것이 아닌"}[self.lang]
        args = self.an.of(c)
        if isinstance(c, A.Compare):
            answered = self._answered(c, args)
            if answered is not None:
                return answered
            left = self.value(args.get("left"))
            right = self.value(args.get("right"))
            if self.lang == "ko":
                return self._ko_compare(left, c.op, right)
            ops = {"en": {"==": "is", "!=": "is not", "<": "is less than",
                          "<=": "is at most", ">": "is greater than", ">=": "is at least"},
                   "zh": {"==": "为", "!=": "不为", "<": "小于", "<=": "不大于",
                          ">": "大于", ">=": "不小于"}}
            op = ops[self.lang][c.op]
            return f"{left}{op}{right}" if self.lang == "zh" else f"{left} {op} {right}"
        if isinstance(c, A.Is):
            subject = self.value(args.get("subject"))
            word = self._is_word(c.word)
            if self.lang == "en":
                verb = "are" if subject == self.var("you") else "is"
                return f"{subject} {verb} {'not ' if c.negated else ''}{word}"
            if self.lang == "zh":
                if c.word in self.reg.selectors and word.endswith("的") and not c.negated:
                    return f"{subject}{word[:-1]}"  # 目标角色与你距离为1, 该角色存活
                return f"{subject}{'不' if c.negated else ''}为{word}"
            return self._ko_is(subject, word, c.word in self.reg.selectors, c.negated)
        if isinstance(c, A.In):
            subject = self.value(args.get("subject"))
            group = self._is_word(c.group)
            verb = "are" if subject == self.var("you") else "is"
            if self.lang == "ko":
                return self._ko_is(subject, group, c.group in self.reg.selectors, False)
            return {"en": f"{subject} {verb} {group}", "zh": f"{subject}为{group}"}[self.lang]
        if isinstance(c, A.Has):
            subject = self.value(args.get("subject"))
            cards = args.get("cards") or {}
            spec = cards.get("cards", {}) if isinstance(cards, dict) else {}
            zh_zone = self.lang == "zh" and spec.get("filters", {}).get("zone") == ["equipment"]
            if zh_zone:  # 你的装备区里没有武器牌, 目标角色的装备区里有牌
                filters = {k: v for k, v in spec["filters"].items() if k != "zone"}
                count = spec.get("count")
                inner = self.cards({**spec, "filters": filters,
                                    "count": None if count == 0 else count})
                owner = subject if subject == "其" else subject + "的"
                return f"{owner}装备区里{'没有' if count == 0 else '有'}{inner}"
            if spec.get("count") == 0:
                inner = self.cards({**spec, "count": None, "noun": "cards"})
                return {"en": f"{subject} {'have' if subject == self.var('you') else 'has'} "
                              f"no {inner}",
                        "zh": f"{subject}没有{inner}",
                        "ko": f"{subject}에게 {inner}{_ko_particle(inner, '가')} 없는"}[
                            self.lang]
            inner = self.value(cards)
            return {"en": f"{subject} {'have' if subject == self.var('you') else 'has'} "
                          f"{inner}",
                    "zh": f"{subject}有{inner}",
                    "ko": f"{subject}에게 {inner}{_ko_particle(inner, '가')} 있는"}[self.lang]
        return ""  # pragma: no cover

    @staticmethod
    def _ko_is(subject: str, word: str, selector: bool, negated: bool) -> str:
        head = f"{subject}{_ko_particle(subject, '가')}"
        if selector and word.endswith("의"):
            word = word[:-1]  # 당신과 같은 세력의 → 당신과 같은 세력이면
        elif selector and (word.endswith("는") or _jong(word[-1:]) == 4):
            # an attributive filter (살아 있는, 거리 1인, 무장이 있는)
            return f"{head} {word} 캐릭터가 아닌" if negated else f"{head} {word}"
        if negated:
            return f"{head} {word}{_ko_particle(word, '가')} 아닌"
        return f"{head} {word}인"

    def _ko_compare(self, left: str, op: str, right: str) -> str:
        subject = f"{left}{_ko_particle(left, '가')}"
        if op == "==":
            return f"{subject} {right}인"
        if op == "!=":
            return f"{subject} {right}{_ko_particle(right, '가')} 아닌"
        if op in (">=", "<="):
            return f"{subject} {right} {'이상' if op == '>=' else '이하'}인"
        size = left.endswith(("숫자", "범위", "거리"))  # sizes are big/small, amounts many/few
        more = {True: "큰", False: "많은"}[size] if op == ">" else {True: "작은",
                                                                      False: "적은"}[size]
        return f"{subject} {right}보다 {more}"

    def _answered(self, c: A.Compare, args: dict[str, Any]) -> str | None:
        """`if answer.count == 0` after `respond … as answer`: "if they do not"."""
        left, right = args.get("left"), args.get("right")
        if not (isinstance(left, dict) and isinstance(left.get("ref"), list)
                and len(left["ref"]) == 2 and left["ref"][1] == "count"
                and left["ref"][0] in self.answers):
            return None
        negative = (c.op == "==" and right == 0) or (c.op == "<" and right == 1)
        positive = (c.op in ("!=", ">") and right == 0) or (c.op == ">=" and right == 1)
        if not (negative or positive):
            return None
        verb, who = self.answers[left["ref"][0]]
        words = ANSWERED[verb]
        you = who == self.var("you")
        if self.lang == "en":
            aux = ("do" if you else "does") if positive else ("do not" if you else "does not")
            return f"{who} {aux}"
        if self.lang == "zh":
            return f"{who}{words['zh'] if positive else '未' + words['zh']}"
        return f"{who}{_ko_particle(who, '가')} {words['ko_yes' if positive else 'ko_no']}"

    def _negated(self, c: Any) -> str | None:
        """The opposite of a condition, said outright ("if that card is not …"), so an
        "otherwise" after several steps cannot be taken for another if's (else None)."""
        args = self.an.of(c)
        if isinstance(c, A.Compare) and self._answered(c, args) is None:
            left, right = self.value(args.get("left")), self.value(args.get("right"))
            op = NEGATE[c.op]
            if self.lang == "ko":
                return _ko_conj(self._ko_compare(left, op, right), "면")
            ops = {"en": {"==": "is", "!=": "is not", "<": "is less than",
                          "<=": "is at most", ">": "is greater than", ">=": "is at least"},
                   "zh": {"==": "为", "!=": "不为", "<": "小于", "<=": "不大于",
                          ">": "大于", ">=": "不小于"}}[self.lang]
            return f"{left}{ops[op]}{right}" if self.lang == "zh" else \
                f"{left} {ops[op]} {right}"
        if isinstance(c, A.Is):
            subject = self.value(args.get("subject"))
            word = self._is_word(c.word)
            negated = not c.negated
            if self.lang == "en":
                verb = "are" if subject == self.var("you") else "is"
                return f"{subject} {verb} {'not ' if negated else ''}{word}"
            if self.lang == "zh":
                return f"{subject}{'不' if negated else ''}为{word}"
            return _ko_conj(self._ko_is(subject, word, c.word in self.reg.selectors,
                                        negated), "면")
        return None

    def _grouped(self, c: Any) -> str:
        text = self.cond(c)
        return f"({text})" if isinstance(c, (A.All, A.Any_)) else text

    def _is_word(self, word: str) -> str:
        if word in self.names.cards:
            return self.card_name(word)
        if word in self.reg.selectors:
            return self.t(self.reg.selectors[word].text, word)
        if word in self.bound or word in self.reg.variables:
            return self.var(word)
        return self.enum(word)

    def _let_letter(self, name: str) -> str:
        """A let-bound name reads as a capital letter: its own if it is one, else X, Y…"""
        if name not in self.letters:
            own = re.fullmatch(r"[A-Z]", name) and name not in self.taken
            self.letters[name] = name if own else self._letter()
        return self.letters[name]

    def branch_steps(self, body: tuple[Any, ...], actor: str) -> str:
        """The steps of an if's branch, joined so that all of them stay in the branch:
        "if …, A, then B; otherwise, …" / "…면, A하고, B한다" (not "A. B." — B would read
        as unconditional)."""
        return self.steps(body, actor, inner=True)

    def steps(self, body: tuple[Any, ...], actor: str, inner: bool = False) -> str:
        if body and isinstance(body[0], A.Let) and body[0].name not in self.counters:
            # `let X = …` first and never reassigned: a definition after the sentence
            letter = self._let_letter(body[0].name)
            self.defs["let " + body[0].name] = (
                letter, self.value(self.an.of(body[0]).get("value")))
            body = body[1:]
        parts: list[tuple[str, str]] = []  # (subject of a plain step, text)
        plain: list[bool] = []  # whether each part is a plain step (not an if, a loop, …)
        after_block = False
        for st in self._items(body):
            text = self.stmt(st, actor)
            if not text:
                continue
            if after_block and parts:  # the loop is over: "…; afterwards, …"
                parts.append(("", AFTER_LOOP[self.lang] + text))
                plain.append(False)
                after_block = _open_block(st)
                continue
            after_block = _open_block(st)
            tally = isinstance(st, A.Let) and bool(parts) and (
                st.name in self.counters if self.lang != "ko"
                else re.search(r"[가-힣]다$", parts[-1][1]) is not None)
            if tally:
                # a tally kept along the way: "…, then add 1 to X"
                prev = parts[-1][1]
                parts[-1] = (parts[-1][0], f"{_ko_and(prev)}, {text}" if self.lang == "ko"
                             else prev + {"en": ", then ", "zh": "，然后"}[self.lang] + text)
                continue
            subject = self._step_subject(st, actor)
            if subject and parts and parts[-1][0] == subject:
                joined = self._same_subject(parts[-1][1], text, subject)
                if joined is not None:
                    parts[-1] = (subject, joined)
                    continue
            parts.append((subject, text))
            plain.append(isinstance(st, (A.Do, A.May, A.Stop, A.Let)))
        texts = [text for _, text in parts]
        if inner and len(texts) > 1:
            # Plain steps join ("…, then …" / "-고,"); an if, a choice or what follows a
            # loop starts its own clause, as at the top level.
            out = texts[0]
            for i, text in enumerate(texts[1:], start=1):
                linked = plain[i] and plain[i - 1]
                if self.lang == "ko":
                    prev_ok = linked and re.search(r"[가-힣]다$", out) is not None
                    out = (_ko_and(out) + ", " if prev_ok else out + ". ") + text
                else:
                    then = {"en": ", then ", "zh": "，然后"}[self.lang]
                    out += (then if linked else SEP[self.lang]) + text
            return out
        return SEP[self.lang].join(texts)

    def _items(self, body: Any) -> list[Any]:
        """Steps in order, with consecutive exclusive ifs as one ``_Alts``."""
        out: list[Any] = []
        for st in body:
            prev = out[-1] if out else None
            ifs = prev.ifs if isinstance(prev, _Alts) else (prev,) if isinstance(
                prev, A.If) else ()
            if ifs and isinstance(st, A.If) and self._exclusive((*ifs, st)):
                out[-1] = _Alts((*ifs, st))
            else:
                out.append(st)
        return out

    def _test(self, c: Any) -> tuple[str, str] | None:
        """What an if tests and against which value, when it is one equality."""
        args = self.an.of(c)
        if isinstance(c, A.Is) and not c.negated:
            return repr(args.get("subject")), c.word
        if isinstance(c, A.Compare) and c.op == "==":
            return repr(args.get("left")), repr(args.get("right"))
        return None

    def _exclusive(self, ifs: tuple[Any, ...]) -> bool:
        if any(i.otherwise for i in ifs):
            return False
        tests = [self._test(i.cond) for i in ifs]
        if any(t is None for t in tests):
            return False
        subjects = {t[0] for t in tests if t}
        values = [t[1] for t in tests if t]
        return len(subjects) == 1 and len(set(values)) == len(values)

    def _alternatives(self, alts: _Alts, actor: str) -> str:
        """"if it is ♥, …; if ♦, …": one subject, several values, one applies."""
        comma = COMMA[self.lang]
        out = []
        for i, st in enumerate(alts.ifs):
            body = self.steps(st.then, actor)
            if i == 0:
                out.append(f"{self.phrase('if', cond=self.cond(st.cond, '면'))}{comma}{body}")
                continue
            c = st.cond
            args = self.an.of(c)
            word = self._is_word(c.word) if isinstance(c, A.Is) else self.value(
                args.get("right"))
            head = {"en": f"if {word}", "zh": f"若为{word}",
                    "ko": _ko_conj(f"{word}인", "면")}[self.lang]
            out.append(f"{head}{comma}{body}")
        return SEP[self.lang].join(out)

    def _step_subject(self, st: Any, actor: str) -> str:
        """Who does a plain step (a Do), or "" (anything else)."""
        if not isinstance(st, A.Do):
            return ""
        verb = self.reg.actions.get(st.sentence.verb)
        if verb is None:
            return ""
        return self._subject(self.t(verb.text, st.sentence.verb), self.an.of(st.sentence),
                             actor)

    def _same_subject(self, first: str, second: str, subject: str) -> str | None:
        """Two steps by the same character as one: "you lose 1 HP, then draw 2 cards",
        "你失去1点体力，然后摸两张牌", "체력 1을 잃고, 카드 2장을 뽑는다"."""
        if self.lang == "ko":
            lead = f"{subject}{_ko_particle(subject, '는')} "
            if not (second.startswith(lead) and re.search(r"[가-힣]다$", first)):
                return None
            return f"{_ko_and(first)}, {second[len(lead):]}"
        lead = subject + (" " if self.lang == "en" else "")
        if not second.startswith(lead) or not first.startswith(lead):
            return None
        return first + {"en": ", then ", "zh": "，然后"}[self.lang] + second[len(lead):]

    def stmt(self, st: Any, actor: str) -> str:
        if isinstance(st, _Alts):
            return self._alternatives(st, actor)
        if isinstance(st, A.Do):
            return self.sentence(st.sentence, actor)
        if isinstance(st, A.May):
            return self.sentence(st.sentence, actor, may=True)
        if isinstance(st, A.MayBlock):
            first, *rest = st.body
            if isinstance(first, A.Choice) and first.chooser is None and not rest:
                # "you may choose one: …", not "you may choose to: you choose one: …"
                text = self.stmt(first, actor)
                for plain, optional in (("choose one", "may choose one"),
                                        ("选择一项", "可以选择一项"),
                                        ("하나를 선택한다", "하나를 선택할 수 있다")):
                    if plain in text:
                        return text.replace(plain, optional, 1)
            if not isinstance(first, A.Do):
                lead = {"en": "you may choose to: ", "zh": "你可以选择：",
                        "ko": "원하면: "}[self.lang]
                return lead + self.steps(st.body, actor)
            if rest and isinstance(rest[0], A.Do) and self._vacuous_pick(first):
                return self._may_have(rest[0], rest[1:], actor)
            return self._then(self.stmt_may(first, actor), rest, actor)
        if isinstance(st, A.If):
            cond = self.phrase("if", cond=self.cond(st.cond, "면"))
            nested = any(isinstance(x, A.If) and x.otherwise for x in st.then)
            # an if holding an if-else opens a block: "if A: if B, …; if not B, …"
            lead = ("：" if self.lang == "zh" else ": ") if nested else COMMA[self.lang]
            text = f"{cond}{lead}{self.branch_steps(st.then, actor)}"
            if st.otherwise:
                simple = len(st.then) == 1 and isinstance(st.then[0], (A.Do, A.May))
                negated = None if simple else self._negated(st.cond)
                head = self.phrase("if", cond=negated) if negated else self.phrase("else")
                text += f"{SEP[self.lang]}{head}{COMMA[self.lang]}" \
                        f"{self.branch_steps(st.otherwise, actor)}"
            return text
        if isinstance(st, A.Choice):
            args = self.an.of(st)
            who = self.value(args.get("chooser")) if st.chooser is not None else self.var(
                "you")
            third = self.lang == "en" and who != self.var("you")
            shown = who + _ko_particle(who, "는") if self.lang == "ko" else who
            head = self.phrase("chooses_one", who=shown).replace("{s}", "s" if third else "")
            options = [self._branch([self.sentence(s, who) for s in branch])
                       for branch in st.branches]
            joiner = {"en": "; or ", "zh": "；或", "ko": "; 또는 "}[self.lang]
            return f"{head}: {joiner.join(options)}" if self.lang != "zh" else \
                f"{head}：{joiner.join(options)}"
        if isinstance(st, A.ForEach):
            what = self.value(self.an.of(st).get("over"))
            kind = self.an.of(st).get("kind")
            name = st.name or "it"
            if kind == "cards":
                self.bound[name] = {"en": "that card", "zh": "该牌", "ko": "그 카드"}[self.lang]
            else:
                self.bound[name] = {"en": "that character", "zh": "其",
                                    "ko": "그 캐릭터"}[self.lang]
            if self.lang == "en":  # for each other character, for each of those cards
                what = ("of " + what if what.startswith(("those", "the ")) else
                        re.sub(r"\bcharacters\b", "character", what, count=1))
            if self.lang == "zh" and kind == "cards":
                head = f"对{what}中的每张牌"  # not 对每名这些牌
            elif self.lang == "zh" and what.startswith("这些"):
                head = f"对{what}中的每名角色"
            else:
                head = self.phrase("for_each", what=what)
            return f"{head}{COMMA[self.lang]}" + self.steps(st.body, actor)
        if isinstance(st, A.Let):
            name = self._let_letter(st.name)
            value = self.an.of(st).get("value")
            if isinstance(value, dict) and value.get("op") in ("+", "-") \
                    and value.get("left") == {"var": st.name}:  # a tally: add 1 to X
                key = "let_add" if value["op"] == "+" else "let_sub"
                return self.kphrase(key, name=name, value=self.value(value["right"]))
            return self.kphrase("let", name=name, value=self.value(value))
        if isinstance(st, A.Repeat):
            info = self.an.of(st)
            times = self.amount(info.get("times"), times=True)
            event = self.reg.events.get(self.event) if self.event else None
            if (info.get("times") == {"var": "amount"} and event is not None
                    and "each_amount" in event.names):  # "for each point of damage, …"
                each = self.t(event.names["each_amount"], "each_amount")
                return f"{each}{COMMA[self.lang]}{self.steps(st.body, actor)}"
            if self.lang == "zh" and st.times is not None and not times.isdigit() \
                    and not re.fullmatch(r"[A-Z]", times):
                times = self.define(info.get("times"))  # 重复X次（X为…）, not 重复此数值次
            if self.lang == "ko" and st.times is not None and not times.isdigit() \
                    and not re.fullmatch(r"[A-Z]", times):
                head = f"{times}만큼 반복한다"  # 그 수치만큼, not 그 수치번
            elif self.lang == "en" and st.times is not None and not times.isdigit() \
                    and not re.fullmatch(r"[A-Z]", times):
                head = f"repeat as many times as {times}"  # not "repeat that amount times"
            else:
                head = (self.phrase("repeat", times=times)
                        if st.times is not None else self.phrase("repeat_forever"))
            colon = "：" if self.lang == "zh" else ": "
            return f"{head}{colon}{self.steps(st.body, actor)}"
        if isinstance(st, A.During):
            until = self.phrase("until", edge=self.phrase(st.edge),
                                period=self.enum(st.period))
            mods = COMMA[self.lang].join(self.static_line(s) for s in st.statics)
            return f"{until}{COMMA[self.lang]}{mods}"
        if isinstance(st, A.Limited):
            return f"{self.limit(st.limit)}{COMMA[self.lang]}{self.steps(st.body, actor)}"
        if isinstance(st, A.Stop):
            return self.phrase("stop")
        return ""  # pragma: no cover

    def _branch(self, texts: list[str]) -> str:
        """One option of a choice: its sentences in order ("X, then Y")."""
        if self.lang == "ko":
            return self._ko_chain([(True, t) for t in texts])
        then = self.phrase("then")
        return {"en": f", {then} ", "zh": f"，{then}"}[self.lang].join(texts)

    def _vacuous_pick(self, st: A.Do) -> bool:
        """`pick source` (no `as`): choosing a character the event already names."""
        if st.sentence.verb != "pick" or st.sentence.bind:
            return False
        who = self.an.of(st.sentence).get("who")
        return isinstance(who, dict) and ("var" in who or "ref" in who)

    def _may_have(self, st: A.Do, rest: list[Any], actor: str) -> str:
        """`may: pick source` + steps: "you may have the source perform a judgement"."""
        verb = self.reg.actions.get(st.sentence.verb)
        template = self.t(verb.text, st.sentence.verb) if verb else ""
        subject = self._subject(template, self.an.of(st.sentence), actor)
        if subject in ("", actor):
            return self._then(self.stmt_may(st, actor), rest, actor)
        head = self.sentence(st.sentence, actor, may=True)
        return self._then(head, rest, actor, lead="" if self.lang == "ko" else None)

    def _have_do(self, s: A.Sentence, actor: str) -> str:
        """An optional step someone other than ``actor`` performs: the actor decides."""
        if self.lang == "ko":
            plain = self.sentence(s, actor)
            return f"{actor}{_ko_particle(actor, '가')} 원하면 {plain}"
        bare = self.sentence(s, actor, bare=True)
        return {"en": f"{actor} may have {bare}", "zh": f"{actor}可以令{bare}"}[self.lang]

    def _then(self, head: str, rest: list[Any], actor: str, lead: str | None = None) -> str:
        """A may-block: its first step, then the steps that follow only if it was done."""
        if not rest:
            return head
        items = self._items(rest)
        texts, previous = [], None
        for s in items:
            text = self.stmt(s, actor)
            texts.append(AFTER_LOOP[self.lang] + text if _open_block(previous) else text)
            previous = s
        if self.lang == "ko":
            steps = [(isinstance(s, A.Do) and not _open_block(p), t)
                     for s, p, t in zip(items, [None, *items], texts, strict=False)]
            if lead is None:
                lead = "그러면"  # what follows a may-step happens only if it was done
                return f"{head}. {lead} " + self._ko_chain(steps)
            return self._ko_chain([(True, head), *steps])
        then = self.phrase("then")
        joiner = f"{COMMA[self.lang]}{then}" + ("" if self.lang == "zh" else " ")
        out = head
        for p, t in zip([None, *items], texts, strict=False):
            out += (SEP[self.lang] if _open_block(p) else joiner) + t
        return out

    def _ko_chain(self, steps: list[tuple[bool, str]]) -> str:
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
                text = _ko_and(text) + ","
            elif not last:
                text += "."
                topic = ""
            out.append(text)
        return " ".join(out)

    def stmt_may(self, st: Any, actor: str) -> str:
        if isinstance(st, A.Do):
            return self.sentence(st.sentence, actor, may=True)
        return self.stmt(st, actor)

    def limit(self, limit: A.Limit) -> str:
        period = self.enum(limit.period)
        if limit.times is None:
            return self.phrase("once_per", period=period)
        times = self.amount(self.an.of(limit).get("times"), times=True)
        return self.phrase("times_per", period=period, times=times)

    def options(self, o: A.Options) -> list[str]:
        parts = []
        if o.grant is not None and self.an.of(o).get("grant") is not None:
            who = self.value(self.an.of(o).get("grant"))
            parts.append({"en": f"{who} may use this too", "zh": f"{who}也可以发动",
                          "ko": f"{who}도 사용할 수 있다"}[self.lang])
        if o.limit is not None:
            parts.append(self.limit(o.limit))
        if o.outside_turn:
            parts.append(self.phrase("outside_turn"))
        if o.phase:
            parts.append(self.phrase("in_phase", phase=self.enum(o.phase)))
        return parts

    def static_line(self, st: A.Static) -> str:
        text = self.sentence(st.sentence, self.var("you"), table="modifier")
        opts = self.options(st.options)
        return (COMMA[self.lang].join(opts) + COMMA[self.lang] + text) if opts else text

    def view_as(self, group: list[A.ViewAs]) -> str:
        """View-as clauses that make the same card with the same options, as one sentence:
        "2 ♥, ♦, ♠ and ♣ hand cards" (every suit, same count) read "2 hand cards of the
        same suit"; other alternatives are joined with "or"."""
        first = group[0]
        specs = [(self.an.of(cl).get("cards") or {}).get("cards", {}) for cl in group]
        same_suit = self._same_suit(specs)
        if same_suit is not None:
            text = self.cards(same_suit)
            cards = {"en": f"{text} of the same suit",
                     "zh": text.replace("张", "张花色相同的", 1),
                     "ko": f"무늬가 같은 {text}"}[self.lang]
        else:
            texts = [self.value(self.an.of(cl).get("cards")) for cl in group]
            cards = {"en": " or ", "zh": "或", "ko": " 또는 "}[self.lang].join(texts)
        card = self.card_name(first.card)
        if self.lang == "en":
            card = _en_article(card)  # as a Jink
        playable = self.names.playable
        key = "view_as" if playable is None or first.card in playable else "view_as_use"
        if self.lang == "ko":
            text = _fix_particles(self.phrase(key, cards=_mark(cards), card=_mark(card)))
        else:
            text = self.phrase(key, cards=cards, card=card)
        view_opts = self.options(first.options)
        if view_opts and self.lang == "en":
            text = text[:1].lower() + text[1:]
        comma = COMMA[self.lang]
        return (comma.join(view_opts) + comma if view_opts else "") + text

    @staticmethod
    def _same_suit(specs: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The common card spec when the specs differ only in one suit each, covering all
        four suits with the same count of two or more (else None)."""
        if len(specs) != 4:
            return None
        suits, rest = [], []
        for spec in specs:
            filters = dict(spec.get("filters", {}))
            suit = filters.pop("suit", [])
            if len(suit) != 1 or not isinstance(spec.get("count"), int) \
                    or spec["count"] < 2:
                return None
            suits.append(suit[0])
            rest.append({**spec, "filters": filters})
        if sorted(suits) != sorted(SUITS) or any(r != rest[0] for r in rest):
            return None
        return rest[0]

    def event_text(self, cl: A.Trigger) -> str:
        event = self.reg.events.get(cl.event)
        if event is None:
            return cl.event
        types = {p.name: p.type for p in event.params}
        args = self.an.of(cl)
        who = args.get("who")
        sel: dict[str, Any] = who["select"] if isinstance(who, dict) and "select" in who \
            else {}
        term = self.reg.selectors.get(sel.get("noun", ""))
        if self.lang in ("en", "zh") and term is not None and term.info.get("plural") \
                and sel.get("noun") != "all" and sel.get("count") is None:
            # "when other characters die" means each one: "when another character dies"
            args = {**args, "who": {"select": {**sel, "count": 1}}}
        text = self.fill(self.t(event.text, cl.event), args, types, self.var("you"),
                         False, subordinate=True)
        return _ko_event(text, cl.timing) if self.lang == "ko" else text

    def trigger(self, group: list[A.Trigger]) -> str:
        """Trigger clauses with the same timing, options and steps, as one sentence whose
        events are alternatives: "When you use or play a Jink, …"."""
        cl = group[0]
        comma = COMMA[self.lang]
        if cl.timing in ("start", "end"):
            head = self.phrase(f"at_{cl.timing}", phase=self.enum(cl.event))
        else:
            text = _alternatives([self.event_text(c) for c in group], self.lang)
            suffix = self.phrase(f"{cl.timing}_suffix")
            lead = self.phrase(cl.timing)
            head = (f"{lead} {text}{suffix}" if self.lang == "en" else
                    f"{lead}{text}{suffix}" if self.lang == "zh" else f"{text}{suffix}")
            head = head.strip()
        body = self.trigger_body(cl)
        prefix = comma.join(self.options(cl.options))
        if prefix and self.lang == "en":
            head = head[:1].lower() + head[1:]
        return (f"{prefix}{comma}" if prefix else "") + f"{head}{comma}{body}"

    def trigger_body(self, cl: A.Trigger) -> str:
        spec = self.an.of(cl).get("card")
        spec = spec.get("cards", {}) if isinstance(spec, dict) else {}
        filters = spec.get("filters", {})
        names = filters.get("name", [])
        self.event_card = self.card_name(names[0]) if len(names) == 1 and len(filters) == 1 \
            else ""
        actor = HOLDER[self.lang] if cl.event in HOLDER_EVENTS else self.var("you")
        self.event = cl.event
        body = self.steps(cl.body, actor)
        self.event_card = self.event = ""
        if cl.options.optional:
            body = {"en": f"you may: {body}", "zh": f"你可以：{body}",
                    "ko": f"원하면: {body}"}[self.lang]
        return body

    def clause(self, cl: Any) -> str:
        you = self.var("you")
        comma = COMMA[self.lang]
        if isinstance(cl, A.Trigger):
            return self.trigger([cl])
        if isinstance(cl, A.Action):
            opts = comma.join(self.options(cl.options))
            label = {"en": "Action", "zh": "出牌阶段", "ko": "카드 사용 단계"}[self.lang]
            sep = "：" if self.lang == "zh" else ": "
            head = label
            if opts:
                head += f"，{opts}" if self.lang == "zh" else f" ({opts})"
            return f"{head}{sep}{self.steps(cl.body, you)}"
        if isinstance(cl, A.ViewAs):
            return self.view_as([cl])

        if isinstance(cl, A.Static):
            return self.static_line(cl)
        if isinstance(cl, A.StaticIf):
            cond = self.phrase("if", cond=self.cond(cl.cond, "면"))
            mods = comma.join(self.static_line(s) for s in cl.statics)
            return f"{cond}{comma}{mods}"
        if isinstance(cl, A.Awaken):
            head = self.phrase("awaken", cond=self.cond(cl.cond, "ㄹ"))
            return f"{head}{comma}{self.steps(cl.body, you)}"
        return ""  # pragma: no cover


@functools.lru_cache(maxsize=4096)
def _segments(template: str) -> tuple[tuple[str, str | None, str | None], ...]:
    """A template cut once into (literal, key, rest) pieces: the literal text before each
    placeholder, its key and what follows the key inside the braces (nesting-aware)."""
    out: list[tuple[str, str | None, str | None]] = []
    literal: list[str] = []
    i = 0
    while i < len(template):
        ch = template[i]
        if ch != "{":
            literal.append(ch)
            i += 1
            continue
        depth, j = 1, i + 1
        while j < len(template) and depth:
            depth += {"{": 1, "}": -1}.get(template[j], 0)
            j += 1
        m = re.match(r"(\w+)(.*)$", template[i + 1: j - 1], re.S)
        if not m:
            literal.append(template[i:j])
        else:
            out.append(("".join(literal), m.group(1), m.group(2) or None))
            literal = []
        i = j
    out.append(("".join(literal), None, None))
    return tuple(out)


def _substitute(template: str, repl: Any) -> str:
    """Replace {key}, {key|noun} and {key:inner {nested}} placeholders (nesting-aware)."""
    out = []
    for literal, key, rest in _segments(template):
        out.append(literal)
        if key is not None:
            out.append(repl(_Match(key, rest)))
    return "".join(out)


def _split_else(body: str) -> tuple[str, str]:
    """Split 'present|absent' at the first '|' outside braces."""
    depth = 0
    for i, ch in enumerate(body):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "|" and depth == 0:
            return body[:i], body[i + 1:]
    return body, ""


class _Match:
    def __init__(self, key: str, rest: str | None) -> None:
        self._groups = (key, rest)

    def group(self, n: int) -> Any:
        return self._groups[n - 1]


MARK_OPEN, MARK_CLOSE = "\x01", "\x02"


def _mark(text: str) -> str:
    """Wrap a substituted value so Korean particles after it can be fixed, and only those."""
    return f"{MARK_OPEN}{text}{MARK_CLOSE}" if text else text


AMOUNT = "\x03"
CARD_OPEN, CARD_CLOSE = "\x04", "\x05"
EQUAL_OPEN, EQUAL_CLOSE = "\x06", "\x07"


def _zh_equal(text: str) -> str:
    """"摸{这些牌的数量}张牌" reads "摸与这些牌等量的牌"."""
    text = re.sub(f"{EQUAL_OPEN}([^{EQUAL_CLOSE}]*){EQUAL_CLOSE}张(手?牌)", r"与\1等量的\2",
                  text)
    return re.sub(f"{EQUAL_OPEN}([^{EQUAL_CLOSE}]*){EQUAL_CLOSE}", r"\1的数量", text)


def en_plural(name: str) -> str:
    """The plural of an English card name: Jinks, Slashes, Peaches."""
    visible = re.sub("[\ue000-\uf8ff]", "", name)  # names a site links carry markers
    return name + ("es" if visible.endswith(("s", "x", "ch", "sh")) else "s")


def _en_article(name: str) -> str:
    visible = re.sub("[\ue000-\uf8ff]", "", name)
    return ("an " if visible[:1].lower() in "aeiou" else "a ") + name


def _en_card_names(text: str) -> str:
    """A card name as a template's object: "2 Jinks", "a Slash", "an Archery Attack"."""
    def counted(m: re.Match[str]) -> str:
        n, name = m.group(1), m.group(2)
        return _en_article(name) if n == "1" else f"{n} {en_plural(name)}"
    text = re.sub(f"\\b(\\d+) {CARD_OPEN}([^{CARD_CLOSE}]*){CARD_CLOSE}", counted, text)
    text = re.sub(f"\\b(an?|the|this|that|no|any|each|every) {CARD_OPEN}", r"\1 ", text)
    text = re.sub(f"{CARD_OPEN}([^{CARD_CLOSE}]*){CARD_CLOSE}",
                  lambda m: _en_article(m.group(1)), text)
    return text.replace(CARD_OPEN, "").replace(CARD_CLOSE, "")


def _fix_amounts(text: str) -> str:
    """Korean "카드 {n}장을" with an amount that is not a number: "{n}만큼의 카드를"."""
    def fix(m: re.Match[str]) -> str:
        noun, amount, particle = m.group(1), m.group(2), m.group(3)
        tail = _ko_particle(noun, particle) if particle else ""
        if re.fullmatch(r"\x01[A-Z]\x02", amount):  # 카드 X장
            return f"{noun} {amount}장{_ko_particle('장', particle) if particle else ''}"
        if EQUAL_OPEN in amount:
            return f"그만큼의 {noun}{tail}"  # as many as those cards
        return f"{amount}만큼의 {noun}{tail}"

    def fix_points(m: re.Match[str]) -> str:  # 체력 {n}을 → 체력을 {n}만큼
        noun, amount = m.group(1), m.group(2)
        plain = amount.strip("\x01\x02")
        measure = plain if re.fullmatch(r"[A-Z]", plain) else f"{amount}만큼"
        return f"{noun}{_ko_particle(noun, '을')} {measure}"
    text = re.sub(r"(\S*(?:카드|손패)) (\x01[^\x01\x02]*\x02)\x03장(을|를|이|가)?", fix,
                  text)
    text = re.sub(r"((?:최대 )?체력|피해) (\x01[^\x01\x02]*\x02)\x03(?:을|를)", fix_points, text)
    return text.replace(AMOUNT, "").replace(EQUAL_OPEN, "").replace(EQUAL_CLOSE, "")


_FIELDS: dict[type, tuple[str, ...]] = {}


def _walk(node: Any) -> Any:
    """Every AST node under ``node`` (itself included)."""
    yield node
    kind = type(node)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(getattr(kind, "__dataclass_fields__", ()))
    for name in names:
        value = getattr(node, name)
        if isinstance(value, tuple):
            for child in value:
                if hasattr(child, "__dataclass_fields__"):
                    yield from _walk(child)
        elif hasattr(value, "__dataclass_fields__"):
            yield from _walk(value)


def _counts_bound(v: Any, bound: dict[str, str]) -> bool:
    """``cards.count`` of cards bound earlier: Chinese reads it "等量"."""
    ref = v.get("ref") if isinstance(v, dict) else None
    return isinstance(ref, list) and len(ref) == 2 and ref[1] == "count" and ref[0] in bound


def _fix_particles(text: str) -> str:
    """Choose 을/를, 은/는, 이/가, 과/와 by the value just before each marked boundary."""
    def fix(m: re.Match[str]) -> str:
        value = m.group(1)
        return value + _ko_particle(value, m.group(2))
    text = re.sub(r"\x01([^\x01\x02]*)\x02(를|을|는|은|가|이|와|과|으로|로)(?=[\s.,:;)]|$)",
                  fix, text)
    return text.replace(MARK_OPEN, "").replace(MARK_CLOSE, "")


def _groups(clauses: tuple[Any, ...], r: Renderer) -> list[list[Any]]:
    """Clauses read as one sentence: consecutive view-as clauses into the same card with
    the same options, and consecutive triggers with the same timing, options and steps
    whose events differ in one place (use/play); every other clause stands alone."""
    out: list[list[Any]] = []
    for cl in clauses:
        if out and _joins(out[-1], cl, r):
            out[-1].append(cl)
        else:
            out.append([cl])
    return out


def _joins(group: list[Any], cl: Any, r: Renderer) -> bool:
    prev = group[0]
    if type(cl) is not type(prev) or r.options(prev.options) != r.options(cl.options):
        return False
    if isinstance(cl, A.ViewAs):
        return bool(prev.card == cl.card)
    if not isinstance(cl, A.Trigger):
        return False
    return (cl.timing == prev.timing and cl.timing not in ("start", "end")
            and cl.options.optional == prev.options.optional
            and r.trigger_body(prev) == r.trigger_body(cl)
            and _alternatives([r.event_text(c) for c in (*group, cl)], r.lang) is not None)


def _alternatives(texts: list[str], lang: str) -> Any:
    """Event texts that differ only in one verb, as one: "you use or play a Jink",
    "你使用或打出【闪】", "당신이 【섬】을 사용하거나 낼" (None when they differ more)."""
    if len(texts) == 1:
        return texts[0]
    if lang == "zh":
        first, second = texts[0], texts[1]
        i = 0
        while i < min(len(first), len(second)) and first[i] == second[i]:
            i += 1
        j = 0
        while j < min(len(first), len(second)) - i and first[-1 - j] == second[-1 - j]:
            j += 1
        a, b = first[i:len(first) - j], second[i:len(second) - j]
        if len(texts) != 2 or not a or not b or len(a) > 3 or len(b) > 3:
            return None
        return f"{first[:i]}{a}或{b}{first[len(first) - j:]}"
    words = [t.split(" ") for t in texts]
    if len(texts) != 2 or len(words[0]) != len(words[1]):
        return None
    diff = [k for k, (x, y) in enumerate(zip(*words, strict=True)) if x != y]
    if len(diff) != 1:
        return None
    k = diff[0]
    a, b = words[0][k], words[1][k]
    if lang == "ko":
        if _jong(a[-1]) != 8:
            return None
        a = a[:-1] + _set_jong(a[-1], 0) + "거나"  # 사용할 → 사용하거나
    return " ".join([*words[0][:k], f"{a} or {b}" if lang == "en" else f"{a} {b}",
                     *words[0][k + 1:]])


_KO_TOPIC = re.compile(r"(^|[,:.] (?:그러면 |그 후 )?|; 또는 |원하면 )([^,:.;]*?)(?<!또)[은는] "
                       r"(?!후|전|때|동안|것|경우)")


def _ko_drop_you(text: str, you: str) -> str:
    """Korean leaves the skill's owner unsaid as a topic ("당신은 …") until someone else
    has been the topic of the sentence; from then on it is said again."""
    out, pos = [], 0
    for m in _KO_TOPIC.finditer(text):
        if re.search(r"[이가] ", m.group(2)):
            continue  # a relative clause with its own subject (당신이 잃은 체력), no topic
        if m.group(2) != you:
            break
        out.append(text[pos:m.start()] + m.group(1))
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def render(effect: A.Effect, analysis: Analysis, registry: Registry, lang: str = "en",
           names: Names | None = None) -> str:
    """Rules text for an effect, one sentence per clause."""
    r = Renderer(analysis, registry, lang, names)
    texts: list[str] = []
    statics: list[bool] = []  # whether each text is one static modifier (for merging)
    probe = Renderer(analysis, registry, lang, names)  # grouping must not name anyone
    for group in _groups(effect.clauses, probe):
        r.start_clause(group[0])
        if len(group) > 1:
            text = r.view_as(group) if isinstance(group[0], A.ViewAs) else r.trigger(group)
        else:
            text = r.clause(group[0])
        text += r.definitions()
        for pattern, replacement in CLAUSE_POLISH.get(lang, ()):
            text = re.sub(pattern, replacement, text)
        static = len(group) == 1 and isinstance(group[0], A.Static)
        merged = _merge_statics(texts[-1], text, lang) if static and statics \
            and statics[-1] else None
        if merged is not None:
            texts[-1] = merged
            continue
        texts.append(text)
        statics.append(static)
    parts = []
    for text in texts:
        if lang == "ko":
            text = _ko_drop_you(text, r.var("you"))
        if lang == "en":
            text = capitalise(text)
        parts.append(text + END[lang])
    return " ".join(parts) if lang != "zh" else "".join(parts)


def _merge_statics(first: str, second: str, lang: str) -> str | None:
    """Two modifiers that make the same change under the same lead, as one sentence: "In
    every war you fight, …, your attack total and defence total are each +2" (else None)."""
    comma = COMMA[lang]
    n = 0
    while n < min(len(first), len(second)) and first[n] == second[n]:
        n += 1
    cut = first.rfind(comma, 0, n)
    if cut < 0:
        return None
    head, a, b = first[:cut + len(comma)], first[cut + len(comma):], second[cut + len(comma):]
    if a.startswith("(") or b.startswith("("):
        return None
    pattern = {"en": r"^(.*) is ([+−-]\S+)$", "zh": r"^(.*?)([+−-]\S+)$",
               "ko": r"^(.*) ([+−-]\S+)$"}[lang]
    ma, mb = re.match(pattern, a), re.match(pattern, b)
    if not (ma and mb and ma.group(2) == mb.group(2)):
        return None  # only the same change to two totals reads as one
    x, y, delta = ma.group(1), mb.group(1), ma.group(2)
    shared = 0  # a shared lead word: your attack total and defence total
    for i, (p, q) in enumerate(zip(x, y, strict=False)):
        if p != q:
            break
        if lang == "zh" or p == " ":
            shared = i + 1
    y = y[shared:]
    if lang == "en":
        return f"{head}{x} and {y} are each {delta}"
    if lang == "zh":
        return f"{head}{x}与{y}各{delta}"
    return f"{head}{x}{_ko_particle(x, '와')} {y} 각각 {delta}"

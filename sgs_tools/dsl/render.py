"""Checked AST → rules text in English, Chinese or Korean, from the vocabulary's templates.

The structure (triggers, conditions, choices, limits) comes from the AST; each sentence's
words come from its verb's template with the checker's resolved arguments filled in. So
the text a player reads is generated from exactly what the engine runs.
"""

from __future__ import annotations

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
             "other characters"}
SEP = {"en": "; ", "zh": "；", "ko": ". "}
COMMA = {"en": ", ", "zh": "，", "ko": ", "}
END = {"en": ".", "zh": "。", "ko": "."}


@dataclass
class Names:
    """Localised names of cards and skills, for rendering references."""

    cards: dict[str, dict[str, str]] = field(default_factory=dict)
    skills: dict[str, dict[str, str]] = field(default_factory=dict)


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
        last = prev.strip()[-1:] if prev.strip() else ""
        code = ord(last) if last else 0
        if 0xAC00 <= code <= 0xD7A3 and (code - 0xAC00) % 28 not in (0, 8):
            return "으로"
        return "로"
    pair = _PARTICLES.get(particle)
    if pair is None:
        return particle
    return pair[0] if _has_batchim(prev) else pair[1]


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


class Renderer:
    def __init__(self, analysis: Analysis, registry: Registry, lang: str,
                 names: Names | None = None) -> None:
        self.an = analysis
        self.reg = registry
        self.lang = lang
        self.names = names or Names()
        self.bound: dict[str, str] = {}
        self.actor = ""

    # -- values --------------------------------------------------------------------------
    def t(self, texts: dict[str, str], fallback: str) -> str:
        return texts.get(self.lang) or texts.get("en") or fallback

    def enum(self, value: str) -> str:
        for values in self.reg.enums.values():
            if value in values:
                return self.t(values[value].text, value)
        return value

    def card_name(self, card_id: str) -> str:
        return self.t(self.names.cards.get(card_id, {}), card_id.replace("_", " "))

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
        if name in self.bound:
            return self.bound[name]
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
                text = {"en": f"{text}'s {attr_text}" if not text.endswith("s")
                        else f"{text}' {attr_text}",
                        "zh": f"{text}的{attr_text}", "ko": f"{text}의 {attr_text}"}[self.lang]
            return text
        if "op" in v:
            def side(x: Any) -> str:
                text = self.value(x)
                return f"({text})" if isinstance(x, dict) and "op" in x else text
            return f"{side(v['left'])} {v['op']} {side(v['right'])}"
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
            return f"{self.number(count)} {text}"
        if self.lang == "zh":
            zone = "".join("手" if z == "hand" else self.enum(z) for z in zones)
            noun = "或".join(f"【{n}】" for n in names) if names else "牌"
            body = "".join(words) + zone + noun
            if count == 0:
                return "没有" + body
            if count is None:
                return body
            if count in ("any", "all"):
                return f"{self.number(count)}{body}"
            return f"{self.zh_count(count)}张{body}"
        zone = " ".join("손" if z == "hand" else self.enum(z) for z in zones)
        noun = " 또는 ".join(f"【{n}】" for n in names) if names else "카드"
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
        return f"{body} {self.number(count)}장"

    # -- templates -----------------------------------------------------------------------
    def fill(self, template: str, args: dict[str, Any], types: dict[str, str],
             actor: str, may: bool, subordinate: bool = False) -> str:
        subject = self._subject(template, args, actor)
        third = self.lang == "en" and subject not in (self.var("you"), "") and not may \
            and not self._plural_subject(template, args)

        def repl(m: re.Match[str]) -> str:
            key, rest = m.group(1), m.group(2)
            if key == "s":
                return "s" if third else ""
            if key == "is":
                plural = subject == self.var("you") or self._plural_subject(template, args)
                return "are" if plural else "is"
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
            text = self.value(value, types.get(key, "")) if value is not None else ""
            if rest is not None and rest.startswith("|") and self.lang == "en":
                noun = rest[1:]
                plural = value != 1
                noun_text = EN_PLURAL.get(noun, noun + "s") if plural else noun
                if isinstance(value, dict) and ("cards" in value or "select" in value):
                    return text
                if isinstance(value, dict) and "range" not in value:
                    return f"{noun_text} equal to {text}"
                return f"{text} {noun_text}"
            return _mark(text) if self.lang == "ko" else text

        previous, self.actor = self.actor, actor
        try:
            out = _substitute(template, repl)
        finally:
            self.actor = previous
        out = re.sub(r"\s+", " ", out).strip()
        if self.lang == "ko":
            head = _mark(subject)
            if subject and re.match(r"\{(\w+)\} ", template) and out.startswith(head + " "):
                particle = "가" if subordinate else "는"
                out = head + _ko_particle(subject, particle) + out[len(head):]
            out = _fix_particles(out).replace(" 이상장", "장 이상")
            if may:
                out = _ko_may(out)
        if self.lang == "en":
            out = out.replace(" an other ", " another ").replace(" a other ", " another ")
            out = re.sub(r"^an? other ", "another ", out)
            out = re.sub(r"\byou's\b", "your", out)
            out = re.sub(r"s's\b", "s'", out)
            out = re.sub(r"\bYou's\b", "Your", out)
        if may and "{may" not in template and self.lang != "ko":
            out = {"en": f"you may have it that {out}", "zh": f"你可以令{out}"}[self.lang]
        return out

    def _plural_subject(self, template: str, args: dict[str, Any]) -> bool:
        m = re.search(r"\{(\w+)", template)
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
        m = re.search(r"\{(\w+)", template)
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
                 table: str = "action") -> str:
        verbs = self.reg.actions if table == "action" else self.reg.modifiers
        verb = verbs.get(s.verb)
        args = self.an.of(s)
        if verb is None:
            return s.verb
        types = {p.name: p.type for p in verb.params}
        text = self.fill(self.t(verb.text, s.verb), args, types, actor, may)
        if s.bind and verb.returns == "player":
            label = self.bound.setdefault(s.bind, self._bound_name(len(self.bound)))
            text += {"en": f" ({label})", "zh": f"（{label}）", "ko": f" ({label})"}[self.lang]
        elif s.bind and verb.returns in ("int", "count"):
            self.bound.setdefault(s.bind, {"en": "the result", "zh": "结果",
                                           "ko": "그 결과"}[self.lang])
        elif s.bind and verb.returns not in (None, "cards"):
            self.bound.setdefault(s.bind, {"en": "the chosen one", "zh": "所选项",
                                           "ko": "선택한 것"}[self.lang])
        elif s.bind:
            self.bound.setdefault(s.bind, self.t(self.reg.variables.get("cards", {}),
                                                 "those cards"))
        return text

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

    def cond(self, c: Any) -> str:
        if isinstance(c, (A.All, A.Any_)):
            word = "and" if isinstance(c, A.All) else "or"
            sep = self.phrase(word) if self.lang == "zh" else f" {self.phrase(word)} "
            return sep.join(self._grouped(x) for x in c.conds)
        if isinstance(c, A.Not):
            return {"en": f"not ({self.cond(c.cond)})", "zh": f"并非{self.cond(c.cond)}",
                    "ko": f"{self.cond(c.cond)} 것이 아닌"}[self.lang]
        args = self.an.of(c)
        if isinstance(c, A.Compare):
            left = self.value(args.get("left"))
            right = self.value(args.get("right"))
            ops = {"en": {"==": "is", "!=": "is not", "<": "is less than",
                          "<=": "is at most", ">": "is greater than", ">=": "is at least"},
                   "zh": {"==": "为", "!=": "不为", "<": "小于", "<=": "不大于",
                          ">": "大于", ">=": "不小于"},
                   "ko": {"==": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥"}}
            op = ops[self.lang][c.op]
            if self.lang == "ko":
                return f"{left} {op} {right}인"
            return f"{left}{op}{right}" if self.lang == "zh" else f"{left} {op} {right}"
        if isinstance(c, A.Is):
            subject = self.value(args.get("subject"))
            word = self._is_word(c.word)
            if self.lang == "en":
                return f"{subject} is {'not ' if c.negated else ''}{word}"
            if self.lang == "zh":
                return f"{subject}{'不' if c.negated else ''}为{word}"
            return (f"{subject}{_ko_particle(subject, '가')} {word}"
                    f"{_ko_particle(word, '가') + ' 아닌' if c.negated else '인'}")
        if isinstance(c, A.In):
            subject = self.value(args.get("subject"))
            group = self._is_word(c.group)
            return {"en": f"{subject} is {group}", "zh": f"{subject}为{group}",
                    "ko": f"{subject}{_ko_particle(subject, '가')} {group}인"}[self.lang]
        if isinstance(c, A.Has):
            subject = self.value(args.get("subject"))
            cards = args.get("cards") or {}
            spec = cards.get("cards", {}) if isinstance(cards, dict) else {}
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

    def steps(self, body: tuple[Any, ...], actor: str) -> str:
        parts = [self.stmt(st, actor) for st in body]
        return SEP[self.lang].join(p for p in parts if p)

    def stmt(self, st: Any, actor: str) -> str:
        if isinstance(st, A.Do):
            return self.sentence(st.sentence, actor)
        if isinstance(st, A.May):
            return self.sentence(st.sentence, actor, may=True)
        if isinstance(st, A.MayBlock):
            first, *rest = st.body
            if not isinstance(first, A.Do):
                lead = {"en": "you may choose to: ", "zh": "你可以选择：",
                        "ko": "원하면: "}[self.lang]
                return lead + self.steps(st.body, actor)
            head = self.stmt_may(first, actor)
            tail = [self.stmt(s, actor) for s in rest]
            then = self.phrase("then")
            joiner = f"{COMMA[self.lang]}{then}" + ("" if self.lang == "zh" else " ")
            return joiner.join([head, *tail]) if tail else head
        if isinstance(st, A.If):
            cond = self.phrase("if", cond=self.cond(st.cond))
            text = f"{cond}{COMMA[self.lang]}{self.steps(st.then, actor)}"
            if st.otherwise:
                text += (f"{SEP[self.lang]}{self.phrase('else')}{COMMA[self.lang]}"
                         f"{self.steps(st.otherwise, actor)}")
            return text
        if isinstance(st, A.Choice):
            args = self.an.of(st)
            who = self.value(args.get("chooser")) if st.chooser is not None else self.var(
                "you")
            third = self.lang == "en" and who != self.var("you")
            shown = who + _ko_particle(who, "는") if self.lang == "ko" else who
            head = self.phrase("chooses_one", who=shown).replace("{s}", "s" if third else "")
            options = [f" {self.phrase('then')} ".join(
                self.sentence(s, who) for s in branch) for branch in st.branches]
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
            return f"{self.phrase('for_each', what=what)}{COMMA[self.lang]}" + self.steps(
                st.body, actor)
        if isinstance(st, A.Let):
            value = self.value(self.an.of(st).get("value"))
            return self.phrase("let", name=st.name, value=value)
        if isinstance(st, A.Repeat):
            info = self.an.of(st)
            head = (self.phrase("repeat", times=self.value(info.get("times")))
                    if st.times is not None else self.phrase("repeat_forever"))
            return f"{head}: {self.steps(st.body, actor)}"
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

    def stmt_may(self, st: Any, actor: str) -> str:
        if isinstance(st, A.Do):
            return self.sentence(st.sentence, actor, may=True)
        return self.stmt(st, actor)

    def limit(self, limit: A.Limit) -> str:
        period = self.enum(limit.period)
        if limit.times is None:
            return self.phrase("once_per", period=period)
        times = self.value(self.an.of(limit).get("times"))
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

    def clause(self, cl: Any) -> str:
        you = self.var("you")
        comma = COMMA[self.lang]
        if isinstance(cl, A.Trigger):
            if cl.timing in ("start", "end"):
                head = self.phrase(f"at_{cl.timing}", phase=self.enum(cl.event))
            else:
                event = self.reg.events.get(cl.event)
                args = self.an.of(cl)
                types = {p.name: p.type for p in event.params} if event else {}
                text = self.fill(self.t(event.text, cl.event), args, types, you, False,
                                 subordinate=True) if event else cl.event
                suffix = self.phrase(f"{cl.timing}_suffix")
                lead = self.phrase(cl.timing)
                head = (f"{lead} {text}{suffix}" if self.lang == "en" else
                        f"{lead}{text}{suffix}" if self.lang == "zh" else f"{text}{suffix}")
                head = head.strip()
            lead_opts = self.options(cl.options)
            body = self.steps(cl.body, you)
            if cl.options.optional:
                body = {"en": f"you may: {body}", "zh": f"你可以：{body}",
                        "ko": f"원하면: {body}"}[self.lang]
            prefix = comma.join(lead_opts)
            if prefix and self.lang == "en":
                head = head[:1].lower() + head[1:]
            return (f"{prefix}{comma}" if prefix else "") + f"{head}{comma}{body}"
        if isinstance(cl, A.Action):
            opts = comma.join(self.options(cl.options))
            label = {"en": "Action", "zh": "出牌阶段", "ko": "카드 사용 단계"}[self.lang]
            sep = "：" if self.lang == "zh" else ": "
            head = label
            if opts:
                head += f"，{opts}" if self.lang == "zh" else f" ({opts})"
            return f"{head}{sep}{self.steps(cl.body, you)}"
        if isinstance(cl, A.ViewAs):
            cards = self.value(self.an.of(cl).get("cards"))
            card = self.card_name(cl.card)
            if self.lang == "ko":
                text = _fix_particles(self.phrase("view_as", cards=_mark(cards),
                                                  card=_mark(card)))
            else:
                text = self.phrase("view_as", cards=cards, card=card)
            view_opts = self.options(cl.options)
            if view_opts and self.lang == "en":
                text = text[:1].lower() + text[1:]
            return (comma.join(view_opts) + comma if view_opts else "") + text
        if isinstance(cl, A.Static):
            return self.static_line(cl)
        if isinstance(cl, A.StaticIf):
            cond = self.phrase("if", cond=self.cond(cl.cond))
            mods = comma.join(self.static_line(s) for s in cl.statics)
            return f"{cond}{comma}{mods}"
        if isinstance(cl, A.Awaken):
            head = self.phrase("awaken", cond=self.cond(cl.cond))
            return f"{head}{comma}{self.steps(cl.body, you)}"
        return ""  # pragma: no cover


def _substitute(template: str, repl: Any) -> str:
    """Replace {key}, {key|noun} and {key:inner {nested}} placeholders (nesting-aware)."""
    out = []
    i = 0
    while i < len(template):
        ch = template[i]
        if ch != "{":
            out.append(ch)
            i += 1
            continue
        depth, j = 1, i + 1
        while j < len(template) and depth:
            depth += {"{": 1, "}": -1}.get(template[j], 0)
            j += 1
        body = template[i + 1: j - 1]
        m = re.match(r"(\w+)(.*)$", body, re.S)
        if not m:
            out.append(template[i:j])
        else:
            rest = m.group(2) or None
            out.append(repl(_Match(m.group(1), rest)))
        i = j
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


def _fix_particles(text: str) -> str:
    """Choose 을/를, 은/는, 이/가, 과/와 by the value just before each marked boundary."""
    def fix(m: re.Match[str]) -> str:
        value = m.group(1)
        return value + _ko_particle(value, m.group(2))
    text = re.sub(r"\x01([^\x01\x02]*)\x02(를|을|는|은|가|이|와|과|으로|로)(?=[\s.,:;)]|$)",
                  fix, text)
    return text.replace(MARK_OPEN, "").replace(MARK_CLOSE, "")


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def render(effect: A.Effect, analysis: Analysis, registry: Registry, lang: str = "en",
           names: Names | None = None) -> str:
    """Rules text for an effect, one sentence per clause."""
    r = Renderer(analysis, registry, lang, names)
    parts = []
    for cl in effect.clauses:
        text = r.clause(cl)
        if lang == "en":
            text = capitalise(text)
        parts.append(text + END[lang])
    return " ".join(parts) if lang != "zh" else "".join(parts)

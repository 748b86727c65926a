"""Checked AST → rules text, from the vocabulary's templates and a ``Language``.

The structure (triggers, conditions, choices, limits) comes from the AST; each sentence's
words come from its verb's template with the checker's resolved arguments filled in. So
the text a player reads is generated from exactly what the engine runs. Every part is
rendered once, in the one language asked for, and handed to that language's module for
its phrasing (en.py, zh.py, ko.py): rendering time grows with the size of the effect.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from typing import Any

from sgs_tools.dsl import ast as A
from sgs_tools.dsl.check import Analysis
from sgs_tools.dsl.names import Names
from sgs_tools.dsl.render.common import (
    HOLDER_EVENTS,
    MENTION_CLOSE,
    MENTION_OPEN,
    NEGATE,
    SUITS,
    Alts,
    counts_bound,
    differing_middles,
    is_letter,
    open_block,
    split_else,
    substitute,
    walk,
)
from sgs_tools.dsl.render.en import EN_PLURAL, English
from sgs_tools.dsl.render.ko import Korean
from sgs_tools.dsl.render.language import Language, Step
from sgs_tools.dsl.render.zh import Chinese
from sgs_tools.dsl.vocabulary import Registry

LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (English(), Chinese(), Korean())}
# Singular nouns a selector with no count takes one of (the engine picks one).
ONE_OF = ("other", "player")
# Verbs whose bound result counts the cards a character answered with: `if answer.count
# == 0` reads "if they do not".
ANSWERED = ("respond", "respond_use", "ask_use")


def language(lang: str) -> Language:
    """The phrasing of ``lang`` (English for a language with no module of its own)."""
    return LANGUAGES.get(lang, LANGUAGES["en"])


# A template's first placeholder, its subject ({may:…} only chooses a form of words).
_FIRST_KEY = re.compile(r"\{(?!may\b)(\w+)")


class Renderer:
    def __init__(self, analysis: Analysis, registry: Registry, lang: str,
                 names: Names | None = None, kind: str = "skill") -> None:
        self.an = analysis
        self.kind = kind  # "card": an action clause is what using the card does
        self.reg = registry
        self.lang = lang
        self.L = language(lang)
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
        self.defined: dict[str, str] = {}  # what earlier sentences defined → its letter
        self.mentions: list[tuple[str, str, str]] = []  # first mentions (see ``mention``)
        self.target_loop: Any = None  # a card's loop over its targets
        self.in_otherwise = 0  # how deep inside otherwise branches the step being rendered is
        self.tally_period = ""  # the period of a tally that only records using the skill
        self.tally_said: TallyReading | None = None  # a tally said as what it counts
        self.subject = ""  # who does the step being filled in
        self.counted: dict[str, A.ForEach] = {}  # let names that count cards (see steps)
        self.flat: set[int] = set()  # loops said as one step ("将其中的红桃牌…")
        self.named: set[int] = set()  # loops whose step names each of them ("每名…")
        self.owner_as = ""  # what "you" reads as where someone else is the subject

    def start_clause(self, clause: Any) -> None:
        """Names and definitions are a clause's own: each sentence starts afresh. A letter
        keeps one meaning in the whole text: a later sentence takes a letter not yet used."""
        self.taken |= set(self.letters.values()) | {letter for letter, _ in self.defs.values()}
        for letter, text in self.defs.values():
            self.defined.setdefault(text, letter)
        self.bound, self.answers, self.letters, self.defs = {}, {}, {}, {}
        self.mentions, self.target_loop = [], None
        self.counted, self.flat, self.named = {}, set(), set()
        seen: dict[str, int] = {}
        for node in walk(clause):
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
            # an amount an earlier sentence defined keeps its letter (X为你已损失的体力值 in
            # both sentences, not X in one and Y in the other)
            again = self.defined.get(text)
            here = set(self.letters.values()) | {letter for letter, _ in self.defs.values()}
            self.defs[key] = (again if again and again not in here else self._letter(), text)
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
            if self.L.letters_every_amount:
                return True  # 摸X张牌（X为2减去你的手牌数）, not 摸2减去你的手牌数张牌
            return times or any(isinstance(x, dict) and ("op" in x or "call" in x)
                                for x in (v["left"], v["right"]))
        if self.L.letters_every_amount and ("quantity" in v or "ref" in v):
            return not counts_bound(v, self.bound)
        return False

    def definitions(self) -> str:
        """The definitions of the letters a sentence used: ", where X is …"."""
        if not self.defs:
            return ""
        parts = [self.kphrase("define", name=letter, value=text)
                 for letter, text in self.defs.values()]
        return self.phrase("where", defs=self.L.join_definitions(parts))

    def kphrase(self, key: str, **values: str) -> str:
        """A phrase with values (Korean particles after each value are fixed)."""
        return self.L.finish(self.phrase(key, **{k: self.L.mark(v) for k, v in values.items()}))

    # -- values --------------------------------------------------------------------------
    def t(self, texts: dict[str, str], fallback: str) -> str:
        return texts.get(self.lang) or texts.get("en") or fallback

    def enum(self, value: str) -> str:
        for values in self.reg.enums.values():
            if value in values:
                return self.t(values[value].text, value)
        return value

    def token(self, ident: str) -> str:
        """A named pile or mark of a general card, in quotes: “权”."""
        name = self.t(self.names.tokens.get(ident, {}), ident)
        return self.phrase("token_name", name=name) if "token_name" in self.reg.phrases \
            else name

    def card_name(self, card_id: str) -> str:
        """A card's name (Chinese and Korean rules text puts every card name in 【】)."""
        return self.L.card_name(self.t(self.names.cards.get(card_id, {}),
                                       card_id.replace("_", " ")))

    def count_word(self, n: Any) -> str:
        """A small count of cards or characters in words where the language says it so
        (两张, 一名); anything else as a number."""
        if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10:
            return self.L.count_word(n)
        return self.number(n)

    def number(self, n: Any) -> str:
        if isinstance(n, int):
            return str(n)
        if isinstance(n, dict) and "range" in n:
            low, high = n["range"]
            return self.L.number_range(self, low, high)
        if n in ("any", "all"):
            return self.L.any_or_all(n)
        return self.value(n, "int")

    def var(self, name: str) -> str:
        if name == "you" and self.owner_as:
            return self.owner_as
        if name == "you":
            return self.t(self.reg.selectors["you"].text, "you")
        if name in self.letters:
            return self.letters[name]
        if name in self.bound:
            return self.bound[name]
        event = self.reg.events.get(self.event) if self.event else None
        if event is not None and name in event.names:
            text = self.t(event.names[name], name)  # "the damage", not "that amount"
            if "{card}" in text:  # "the user of the Slash", "【杀】的使用者"
                card = self.L.mark(self.L.event_card(self.event_card))
                text = self.L.finish(text.replace("{card}", card))
            return text
        if name in self.reg.variables:
            return self.t(self.reg.variables[name], name)
        return name

    def this_card(self) -> str:
        """The card the current event is about: as the event names it ("the card you are
        answering", "需要你响应的牌"), else the language's word for it."""
        event = self.reg.events.get(self.event) if self.event else None
        if event is not None and "this" in event.names:
            return self.t(event.names["this"], "this")
        return self.L.this_card

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
            if type_name in ("pile", "mark"):
                return self.token(v)
            return self.enum(v)
        if "actor" in v:
            return self.actor or self.var("you")
        if "var" in v:
            return self.var(v["var"])
        if "quantity" in v:
            term = self.reg.quantities.get(v["quantity"])
            return self.t(term.text, v["quantity"]) if term else v["quantity"]
        for kind in ("pile", "mark"):  # how many 权 there are
            if kind in v and len(v) == 1:
                return self.phrase(f"{kind}_count", **{kind: self.token(str(v[kind]))})
        if "ref" in v:
            head, *rest = v["ref"]
            text = self.var(head)
            for attr in rest:
                if attr == "count":
                    text = self.L.count_of(text)
                    continue
                text = self.L.attribute(text, self.t(self.reg.attribute_names.get(attr, {}),
                                                     attr))
            return text
        if "op" in v:
            key = {"+": "op_plus", "-": "op_minus", "*": "op_times", "/": "op_div"}[v["op"]]
            return self.kphrase(key, left=self.value(v["left"]), right=self.value(v["right"]))
        if "call" in v:
            func = self.reg.functions.get(v["call"])
            args = [self.value(a) for a in v["args"]]
            template = self.t(func.text, v["call"]) if func else v["call"] + "({0}, {1})"
            try:
                return self.L.finish(template.format(*(self.L.mark(a) for a in args)))
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
        for key, bound in s.items():  # `within 2`: a bound's template takes its number
            term = self.reg.selectors.get(key)
            if term is not None and term.info.get("kind") == "bound":
                amount = self.number(bound) if isinstance(bound, int) else self.amount(bound)
                text = self.t(term.text, key).replace("{n}", amount)
                (post if term.info.get("post") else pre).append(text)
        excepts = [self.value(e) for e in s.get("except", [])]
        return self.L.select(self, noun, pre, post, s.get("count"), excepts)

    def cards(self, c: dict[str, Any]) -> str:
        filters = c.get("filters", {})
        names = [self.card_name(n) for n in filters.get("name", [])]
        names += [self.phrase("pile_card", pile=self.token(p)) for p in filters.get("pile", [])]
        kinds: tuple[str, ...] = ("color", "suit", "card_type")
        if names and filters.get("card_type") and "card_kind_noun" in self.reg.phrases:
            # a name and a type are alternatives: "an equipment card or Slash"
            names = [self.phrase("card_kind_noun", type=self.enum(t))
                     for t in filters["card_type"]] + names
            kinds = ("color", "suit")
        words = [self.enum(w) for key in kinds for w in filters.get(key, [])]
        count = c.get("count")
        plural = c.get("noun") == "cards" or (count is not None and count != 1)
        return self.L.cards(self, names, words, filters.get("zone", []), count, plural)

    # -- templates -----------------------------------------------------------------------
    def fill(self, template: str, args: dict[str, Any], types: dict[str, str],
             actor: str, may: bool, subordinate: bool = False, bare: bool = False) -> str:
        """``bare``: the verb's plain form, for "you may have X do …" (令X…)."""
        L = self.L
        you = self.var("you")
        subject = self._subject(template, args, actor)
        third = L.third_person and subject not in (you, "") and not may \
            and not bare and not self._plural_subject(template, args)

        def repl(m: Any) -> str:
            key, rest = m.group(1), m.group(2)
            if key == "s":
                return "s" if third else ""
            if key == "is":
                plural = subject == you or self._plural_subject(template, args)
                return "are" if plural else "is"
            if key == "may" and rest is not None and rest.startswith(":"):
                present, absent = split_else(rest[1:])  # {may:optional form|plain form}
                return substitute(present if may else absent, repl)
            if key == "may":
                return self.t(self.reg.phrases.get("may", {}), "may ") if may else ""
            if key == "actor_pos":
                return "your" if actor == you else "their"
            if key == "area":  # where `place` puts its cards: by the cards' kind
                if _named_cards(args.get("cards")):
                    return L.area_by_type  # cards a step bound: their kind is not known
                return L.area(_equipment(args.get("cards")))
            if key == "this":  # the card the event is about, as the event names it
                return L.mark(self.this_card())
            if key == "actor":
                return L.mark(actor)
            if rest is not None and rest.startswith(":"):
                value = args.get(key)
                present, absent = split_else(rest[1:])
                if value in (None, "", []) or (isinstance(value, dict) and "actor" in value):
                    return substitute(absent, repl)
                if value == {"var": "you"} and key in ("who", "by"):
                    return substitute(absent, repl)
                return substitute(present, repl)
            value = args.get(key)
            type_name = types.get(key, "")
            if type_name == "delta":
                delta = L.fill_delta(value, rest)
                if delta is not None:
                    return delta
            computed = type_name in ("count", "int") and isinstance(value, dict) \
                and "range" not in value
            if computed and isinstance(value, dict) and counts_bound(value, self.bound):
                counted = L.fill_counted_bound(self, value, rest)  # as many as those cards
                if counted is not None:
                    return counted
            text = self.amount(value) if computed else \
                self.value(value, type_name) if value is not None else ""
            if computed and not is_letter(text) and L.letter_for(text, subject, you):
                text = self.define(value)
            return L.fill_value(self, text, value, type_name, rest, computed)

        previous, self.actor = self.actor, actor
        previous_subject, self.subject = self.subject, subject
        try:
            out = substitute(template, repl)
        finally:
            self.actor, self.subject = previous, previous_subject
        out = re.sub(r"\s+", " ", out).strip()
        out = L.fill_finish(self, out, subject, template, subordinate, may, actor)
        out = L.polished(out, L.polish)
        if may and "{may" not in template and not L.may_in_verb:
            out = L.may_have_it(out)
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
        L = self.L
        if s.verb == "add_tally" and (self.tally_period or self.tally_said):
            return ""  # bookkeeping a reader sees as "if you used this skill", "if you chose …"
        verbs = self.reg.actions if table == "action" else self.reg.modifiers
        verb = verbs.get(s.verb)
        args = self.an.of(s)
        if verb is None:
            return s.verb
        types = {p.name: p.type for p in verb.params}
        if verb.returns == "player":
            args = _one_of(args, types)
        template = self.t(verb.text, s.verb)
        subject = self._subject(verb.text.get("en", template), args, actor)
        if may and subject not in ("", actor):
            # the owner decides; someone else does it: "you may have X recover 1 HP",
            # "你可以令X回复1点体力", "자신이 원하면 X는 체력 1을 회복한다"
            text = L.have_do(self, s, actor)
        elif L.may_in_verb and may and "{may" not in verb.text.get("en", "{may"):
            # someone other than the actor does it: "자신이 원하면 대상은 …"
            text = L.if_wished(actor, self.fill(template, args, types, actor, False))
        else:
            text = self.fill(template, args, types, actor, may, bare=bare)
        if self.event:
            text = L.amount_of_event(text, self.event)
        phrase, known = L.current_card
        if self.event_card and phrase in text:
            text = text.replace(phrase, known.format(self.event_card))
        if s.bind and s.verb in ANSWERED:
            who = next((args[k] for k in ("who", "by") if k in args), None)
            self.answers[s.bind] = (s.verb, self.value(who) if isinstance(who, dict)
                                    and "actor" not in who else actor)
        if s.bind and verb.returns == "player" and self._picks_many(verb, args):
            # several characters: "those characters", never one letter for them all
            self.bound.setdefault(s.bind, L.those_characters)
        elif s.bind and verb.returns == "player":
            label = self.bound.setdefault(s.bind, self._bound_name(self._labels()))
            chosen = [self.value(args[p.name]) for p in verb.params
                      if p.type == "player" and isinstance(args.get(p.name), dict)
                      and "select" in args[p.name]]
            text = L.labelled(text, chosen[0] if chosen else "", label)
        elif s.bind and verb.returns in ("int", "count"):
            self.bound.setdefault(s.bind, L.the_result)
        elif s.bind and verb.returns not in (None, "cards"):
            self.bound.setdefault(s.bind, L.the_chosen_one)
        elif s.bind and verb.result:
            self.bound.setdefault(s.bind, self.t(verb.result, s.bind))
        elif s.bind and self._one_card(verb, args):
            self.bound.setdefault(s.bind, L.that_card)
        elif s.bind:
            self.bound.setdefault(s.bind, self.t(self.reg.variables.get("cards", {}),
                                                 "those cards"))
        if s.where is not None and "pick_where" in self.reg.phrases:
            # `pick … as b where COND`, with b named already: "… (character B), such that …"
            text = self.kphrase("pick_where", text=text, cond=self.cond(s.where, "ㄴ"))
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
        return self.L.character_label("ABCD"[index % 4])

    # -- structure -----------------------------------------------------------------------
    def phrase(self, key: str, **values: str) -> str:
        text = self.reg.phrase(key, self.lang)
        for k, v in values.items():
            text = text.replace("{" + k + "}", v)
        return text

    def cond(self, c: Any, form: str = "ㄴ") -> str:
        """A condition in the form a sentence needs (``Language.conj``)."""
        return self.L.conj(self._cond(c), form)

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
        return self.L.range_cond(left_text, low, high)

    def _suit_and_ranks(self, conds: tuple[Any, ...], i: int) -> str | None:
        """`X.suit == ♠ and X.number > 1 and X.number < 10` on one card: "X is ♠ 2~9"."""
        if i + 2 >= len(conds) or not isinstance(conds[i], A.Compare) \
                or conds[i].op != "==":
            return None
        left = self.an.of(conds[i]).get("left")
        if not (isinstance(left, dict) and isinstance(left.get("ref"), list)
                and left["ref"][1:] == ["suit"]):
            return None
        card = left["ref"][0]
        for c in conds[i + 1:i + 3]:
            ref = self.an.of(c).get("left") if isinstance(c, A.Compare) else None
            if ref != {"ref": [card, "number"]}:
                return None
        bounds: list[tuple[str, int]] = []
        for c in conds[i + 1:i + 3]:
            right = self.an.of(c).get("right")
            if not isinstance(right, int) or isinstance(right, bool):
                return None
            bounds.append((c.op, right))
        low = next((r + 1 if op == ">" else r for op, r in bounds if op in (">", ">=")), None)
        high = next((r - 1 if op == "<" else r for op, r in bounds if op in ("<", "<=")),
                    None)
        if low is None or high is None:
            return None
        suit = self.value(self.an.of(conds[i]).get("right"))
        return self.L.suit_and_ranks(self.var(card), suit, low, high)

    def _and_parts(self, conds: tuple[Any, ...]) -> list[str]:
        """The parts of an ``and``, with two bounds on one value merged into a range."""
        parts: list[str] = []
        i = 0
        while i < len(conds):
            merged = self._suit_and_ranks(conds, i)
            if merged is not None:
                parts.append(merged)
                i += 3
                continue
            ranged = self._range(conds[i], conds[i + 1]) if i + 1 < len(conds) else None
            if ranged is not None:
                parts.append(ranged)
                i += 2
                continue
            parts.append(self._grouped(conds[i]))
            i += 1
        return parts

    def _cond(self, c: Any) -> str:
        L = self.L
        you = self.t(self.reg.selectors["you"].text, "you")  # (not ``owner_as``)
        if isinstance(c, (A.All, A.Any_)):
            word = "and" if isinstance(c, A.All) else "or"
            parts = (self._and_parts(c.conds) if isinstance(c, A.All)
                     else [self._grouped(x) for x in c.conds])
            if len(parts) == 1:
                return parts[0]
            subjects = [self._cond_subject(x) for x in c.conds] \
                if len(parts) == len(c.conds) else [""] * len(parts)
            return L.join_conds(parts, word, self.phrase(word), subjects)
        if isinstance(c, A.Not):
            return L.not_cond(self._cond(c.cond))  # rendered once, whatever the depth
        args = self.an.of(c)
        if isinstance(c, A.Compare):
            answered = self._answered(c, args)
            if answered is not None:
                return answered
            same = self._all_same(c, args)
            if same is not None:
                return same
            won = self._pindian(args, c.op)
            if won is not None:
                return won
            used = self._used(args, c.op) or self._tallied(args, c.op)
            if used is not None:
                return used
            return L.compare(self.value(args.get("left")), c.op,
                             self.value(args.get("right")))
        if isinstance(c, A.Is):
            return L.is_cond(self.value(args.get("subject")), self._is_word(c.word),
                             c.word in self.reg.selectors, c.negated, you)
        if isinstance(c, A.In):
            return L.in_cond(self.value(args.get("subject")), self._is_word(c.group),
                             c.group in self.reg.selectors, you)
        if isinstance(c, A.Has):
            subject = self.value(args.get("subject"))
            cards = args.get("cards") or {}
            spec = cards.get("cards", {}) if isinstance(cards, dict) else {}
            if args.get("among") and "has_among" in self.reg.phrases:  # 若这些牌中有梅花牌
                inner = self.cards({**spec, "count": None, "noun": "cards"})
                return self.phrase("has_among", cards=subject, kind=inner)
            zone = L.has_in_equipment(self, subject, spec)
            if zone is not None:
                return zone
            if spec.get("count") == 0:
                inner = self.cards({**spec, "count": None, "noun": "cards"})
                return L.has_cond(subject, inner, True, you)
            return L.has_cond(subject, self.value(cards), False, you)
        return ""  # pragma: no cover

    def _all_same(self, c: A.Compare, args: dict[str, Any]) -> str | None:
        """`if shown.color_count == 1` reads "if those cards are all of one colour" (the
        vocabulary's ``all_same_<attribute>`` phrase), not "… number of colours is 1"."""
        left = args.get("left")
        if not (c.op == "==" and args.get("right") == 1 and isinstance(left, dict)
                and isinstance(left.get("ref"), list) and len(left["ref"]) > 1):
            return None
        key = f"all_same_{left['ref'][-1]}"
        if key not in self.reg.phrases:
            return None
        cards = self.value({"ref": left["ref"][:-1]})
        return self.kphrase(key, cards=cards)

    def _used(self, args: dict[str, Any], op: str) -> str | None:
        """A tally that only records using the skill, tested: "if you used this skill this
        turn" ("若你本回合发动过此技能")."""
        if not self.tally_period or args.get("left") != {"quantity": "tally"}:
            return None
        right = args.get("right")
        used = (op == ">" and right == 0) or (op == ">=" and right == 1) \
            or (op == "!=" and right == 0)
        unused = (op == "==" and right == 0) or (op == "<" and right == 1) \
            or (op == "<=" and right == 0)
        if not (used or unused):
            return None
        return self.L.skill_used(self.enum(self.tally_period), used)

    def _tallied(self, args: dict[str, Any], op: str) -> str | None:
        """A tally said as what it counts (see ``_tally_said``): "if the number of cards you
        have given with this skill this phase is at least 2", "if you chose the first
        option this turn"."""
        said = self.tally_said
        right = args.get("right")
        if said is None or args.get("left") != {"quantity": "tally"} \
                or not isinstance(right, int):
            return None
        period = self.enum(said.period)
        if said.verb:
            counted = self.L.moved_by_skill(said.verb, period, said.to_other)
            return self.L.compare(counted, op, self.value(right))
        if op not in ("==", "!=") or right not in said.options:
            return None
        return self.L.chose_option(period, said.options.index(right), len(said.options),
                                   op == "==")

    def _pindian(self, args: dict[str, Any], op: str) -> str | None:
        """`pindian_number > rival_pindian_number`: "you win the pindian" ("你赢")."""
        if args.get("left") == {"quantity": "pindian_number"} \
                and args.get("right") == {"quantity": "rival_pindian_number"}:
            return self.L.pindian_won.get(op)
        return None

    def _cond_subject(self, c: Any) -> str:
        """What a simple condition is about, as said ("目标角色的手牌数"), else ""."""
        args = self.an.of(c)
        if isinstance(c, A.Compare) and self._answered(c, args) is None:
            return self.value(args.get("left"))
        if isinstance(c, (A.Is, A.In, A.Has)):
            return self.value(args.get("subject"))
        return ""

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
        return self.L.answered(who, who == self.var("you"), positive, verb)

    def _negated(self, c: Any) -> str | None:
        """The opposite of a condition, said outright ("if that card is not …"), so an
        "otherwise" after several steps cannot be taken for another if's (else None)."""
        L = self.L
        args = self.an.of(c)
        if isinstance(c, A.Compare) and self._answered(c, args) is None:
            won = self._pindian(args, NEGATE[c.op]) or self._used(args, NEGATE[c.op]) \
                or self._tallied(args, NEGATE[c.op])
            if won is not None:
                return L.conj(won, "면")
            left, right = self.value(args.get("left")), self.value(args.get("right"))
            return L.conj(L.compare(left, NEGATE[c.op], right), "면")
        if isinstance(c, A.Is):
            text = L.is_cond(self.value(args.get("subject")), self._is_word(c.word),
                             c.word in self.reg.selectors, not c.negated, self.var("you"),
                             merge=False)
            return L.conj(text, "면")
        return None

    def _grouped(self, c: Any) -> str:
        text = self.cond(c)
        return f"({text})" if isinstance(c, (A.All, A.Any_)) else text

    def _is_word(self, word: str) -> str:
        if word in self.names.cards:
            return self.card_name(word)
        if word in self.reg.enums.get("card_type", {}) and "card_kind" in self.reg.phrases:
            # (in a card filter, a type beside a card name reads "card_kind_noun")
            # "if that card is not a basic card": 若该牌不为基本牌, not 不为基本
            return self.phrase("card_kind", type=self.enum(word))
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

    def steps(self, body: tuple[Any, ...], actor: str, inner: bool = False,
              may_first: bool = False) -> str:
        """``may_first``: the first step is one its actor may take (an action's loop)."""
        L = self.L
        self._plan_counters(body)
        if body and isinstance(body[0], A.Let) and body[0].name not in self.counters:
            # `let X = …` first and never reassigned: a definition after the sentence
            letter = self._let_letter(body[0].name)
            self.defs["let " + body[0].name] = (
                letter, self.value(self.an.of(body[0]).get("value")))
            body = body[1:]
        parts: list[tuple[str, str]] = []  # (subject of a plain step, text)
        plain: list[bool] = []  # whether each part is a plain step (not an if, a loop, …)
        after_block = False
        previous_st: Any = None
        for n, st in enumerate(self._items(body)):
            if parts and L.unanswered and not self.in_otherwise \
                    and self._unanswered(previous_st, st):
                # 其需打出一张【闪】，否则你对其造成1点伤害
                text = L.unanswered + self.branch_steps(st.then, actor)
                parts[-1] = (parts[-1][0], parts[-1][1] + L.comma + text)
                plain[-1] = False
                previous_st = st
                continue
            previous_st = st
            text = self.stmt(st, actor, may=may_first and n == 0)
            if not text:
                continue
            if after_block and parts:  # the loop is over: "…; afterwards, …"
                parts.append(("", L.after_loop + text))
                plain.append(False)
                after_block = self._open(st)
                continue
            after_block = self._open(st)
            if isinstance(st, A.Let) and parts \
                    and L.tally_follows(parts[-1][1], st.name in self.counters):
                # a tally kept along the way: "…, then add 1 to X"
                parts[-1] = (parts[-1][0], L.tally(parts[-1][1], text))
                continue
            subject = self._step_subject(st, actor)
            if subject and parts and parts[-1][0] == subject:
                joined = L.same_subject(parts[-1][1], text, subject)
                if joined is not None:
                    parts[-1] = (subject, joined)
                    continue
            parts.append((subject, text))
            plain.append(isinstance(st, (A.Do, A.May, A.Stop, A.Let))
                         or id(st) in self.flat | self.named)
        texts = [text for _, text in parts]
        if inner and len(texts) > 1:
            # Plain steps join ("…, then …" / "-고,"); an if, a choice or what follows a
            # loop starts its own clause, as at the top level.
            return L.join_steps(texts, plain)
        return L.join_top(texts)

    def _open(self, st: Any) -> bool:
        """A step whose end a reader cannot see (a loop said as one step is not one)."""
        return open_block(st) and id(st) not in self.flat

    def _unanswered(self, previous: Any, st: Any) -> bool:
        """An if right after a response it tests for not answering, with no otherwise."""
        if not (isinstance(previous, A.Do) and previous.sentence.verb in ANSWERED
                and previous.sentence.bind and isinstance(st, A.If) and not st.otherwise
                and isinstance(st.cond, A.Compare)):
            return False
        args = self.an.of(st.cond)
        left, right = args.get("left"), args.get("right")
        if left != {"ref": [previous.sentence.bind, "count"]}:
            return False
        return (st.cond.op == "==" and right == 0) or (st.cond.op == "<" and right == 1)

    def _items(self, body: Any) -> list[Any]:
        """Steps in order, with consecutive exclusive ifs as one ``Alts``."""
        out: list[Any] = []
        for st in body:
            prev = out[-1] if out else None
            ifs = prev.ifs if isinstance(prev, Alts) else (prev,) if isinstance(
                prev, A.If) else ()
            if ifs and isinstance(st, A.If) and self._exclusive((*ifs, st)):
                out[-1] = Alts((*ifs, st))
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

    def _alternatives(self, alts: Alts, actor: str) -> str:
        """"if it is ♥, …; if ♦, …": one subject, several values, one applies."""
        comma = self.L.comma
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
            out.append(f"{self.L.alternative_head(word)}{comma}{body}")
        return self.L.sep.join(out)

    def _step_subject(self, st: Any, actor: str) -> str:
        """Who does a plain step (a Do, or a loop said as one), or "" (anything else)."""
        if isinstance(st, A.ForEach) and id(st) in self.flat | self.named:
            only = self._filtered(st)
            st = only[1] if only is not None else st.body[0]
        if not isinstance(st, A.Do):
            return ""
        verb = self.reg.actions.get(st.sentence.verb)
        if verb is None:
            return ""
        return self._subject(self.t(verb.text, st.sentence.verb), self.an.of(st.sentence),
                             actor)

    def for_each(self, st: A.ForEach, actor: str, may: bool = False) -> str:
        """A loop over characters names them where its steps first do ("每名其他角色需…，
        否则你对其…"; a card's loop: "每名目标角色…"), and says "for each" only when its
        steps never name them. A loop over cards keeps its head ("对这些牌中的每张牌")."""
        L = self.L
        info = self.an.of(st)
        what = self.value(info.get("over"))
        kind = info.get("kind")
        name = st.name or "it"
        if kind == "cards":
            self.bound[name] = L.that_card
            only = self._filtered(st)
            if only is not None:  # 将这些牌中花色为红桃的牌置入弃牌堆
                test, step = only
                self.bound[name] = L.cards_where(what, self.cond(test))
                self.flat.add(id(st))
                return self.stmt(step, actor, may=may)
            return f"{L.for_each(self, what, kind)}{L.comma}" + self.steps(
                st.body, actor, may_first=may)
        if self.target_loop is st:
            token = self.mention("target", L.card_target_each, L.card_target_later)
        else:
            bound = _bound_ref(info.get("over"), self.bound)
            token = self.mention("each_bound" if bound else "each", what, L.that_character)
        self.bound[name] = token
        first = st.body[0] if st.body else None
        names_it = isinstance(first, A.Do) and {"var": name} in self.an.of(
            first.sentence).values()
        if not names_it:  # "for each" said: its first step does not name them
            self.mentions[-1] = ("plain", L.that_character, L.that_character)
        body = self.steps(st.body, actor, may_first=may)
        if names_it:
            self.named.add(id(st))  # one step that names each of them: "每名其他角色…"
            return body
        return f"{L.for_each(self, what, kind)}{L.comma}{body}"

    def _filtered(self, st: A.ForEach) -> tuple[Any, A.Do] | None:
        """A loop over cards whose one step tests the card and does one thing with it
        (tallies kept along the way aside): (the test, the step), else None."""
        if len(st.body) != 1 or not isinstance(st.body[0], A.If) or st.body[0].otherwise:
            return None
        steps = [x for x in st.body[0].then
                 if not (isinstance(x, A.Let) and x.name in self.counted)]
        name = st.name or "it"
        if len(steps) != 1 or not isinstance(steps[0], A.Do) \
                or {"var": name} not in self.an.of(steps[0].sentence).values():
            return None
        return st.body[0].cond, steps[0]

    def _plan_counters(self, body: tuple[Any, ...]) -> None:
        """`let N = 0`, then one loop over cards adding 1 to N when a card passes a test:
        N counts those cards, and is defined so ("Y为这些牌中花色为红桃的牌数"); neither
        let is said."""
        for i, st in enumerate(body):
            if not isinstance(st, A.Let) or self.an.of(st).get("value") != 0 \
                    or st.name not in self.counters:
                continue
            loops = [x for x in body[i + 1:] if isinstance(x, A.ForEach)
                     and self._adds_one(x, st.name)]
            lets = [n for n in walk(A.Effect(body)) if isinstance(n, A.Let)
                    and n.name == st.name]
            if len(loops) == 1 and len(lets) == 2:
                self.counted[st.name] = loops[0]

    def _adds_one(self, loop: A.ForEach, name: str) -> bool:
        if self.an.of(loop).get("kind") != "cards" or len(loop.body) != 1 \
                or not isinstance(loop.body[0], A.If) or loop.body[0].otherwise:
            return False
        plus_one = {"op": "+", "left": {"var": name}, "right": 1}
        return any(isinstance(x, A.Let) and x.name == name
                   and self.an.of(x).get("value") == plus_one for x in loop.body[0].then)

    def _define_count(self, name: str) -> None:
        loop = self.counted[name]
        over = self.value(self.an.of(loop).get("over"))
        self.bound[loop.name or "it"] = self.L.that_card
        test = self.cond(loop.body[0].cond)  # type: ignore[union-attr]
        self.defs["let " + name] = (self._let_letter(name), self.L.count_where(over, test))

    # -- first mentions ------------------------------------------------------------------
    def mention(self, form: str, what: str, later: str) -> str:
        """A name said in full where the clause first says it and short after; ``form``
        says how in full: "each" a character of a group ("每名其他角色"), "each_bound" each
        of the characters chosen before ("这些角色各自"), "target" a card's each target,
        "plain" ``what`` as it is."""
        self.mentions.append((form, what, later))
        return f"{MENTION_OPEN}{len(self.mentions) - 1}{MENTION_CLOSE}"

    def resolve_mentions(self, text: str) -> str:
        for i, (form, what, later) in enumerate(self.mentions):
            token = f"{MENTION_OPEN}{i}{MENTION_CLOSE}"
            if token in text:
                text = self.L.mentioned(text, token, form, what, later)
        return text

    def stmt(self, st: Any, actor: str, may: bool = False) -> str:
        L = self.L
        if isinstance(st, Alts):
            return self._alternatives(st, actor)
        if isinstance(st, A.Do):
            return self.sentence(st.sentence, actor, may=may)
        if isinstance(st, A.May):
            return self.sentence(st.sentence, actor, may=True)
        if isinstance(st, A.MayBlock):
            first, *rest = st.body
            if isinstance(first, A.Choice) and not rest:
                chooser = self.an.of(first).get("chooser")
                who = self.value(chooser) if first.chooser is not None else actor
                if who != actor:  # "you may have the target choose one: …" (令其选择一项)
                    options = [self._option(branch, who) for branch in first.branches]
                    return L.have_choose(actor, who, options, self.phrase("chooses_one"))
                # "you may choose one: …", not "you may choose to: you choose one: …"
                text = self.stmt(first, actor)
                plain_one, optional_one = L.choose_one
                if plain_one in text:
                    return text.replace(plain_one, optional_one, 1)
            if not isinstance(first, A.Do):
                return L.may_choose_to + self.steps(st.body, actor)
            if rest and isinstance(rest[0], A.Do) and self._vacuous_pick(first):
                return self._may_have(rest[0], rest[1:], actor)
            return self._then(self.stmt_may(first, actor), rest, actor)
        if isinstance(st, A.If):
            cond = self.phrase("if", cond=self.cond(st.cond, "면"))
            nested = any(isinstance(x, A.If) and x.otherwise for x in st.then)
            # an if holding an if-else opens a block: "if A: if B, …; if not B, …"
            lead = L.colon if nested else L.comma
            text = f"{cond}{lead}{self.branch_steps(st.then, actor)}"
            if st.otherwise:
                simple = len(st.then) == 1 and isinstance(st.then[0], (A.Do, A.May))
                negated = None if simple else self._negated(st.cond)
                head = self.phrase("if", cond=negated) if negated else self.phrase("else")
                # no "否则…，否则…": inside an otherwise, a missed response stays an if
                self.in_otherwise += 1
                try:
                    otherwise = self.branch_steps(st.otherwise, actor)
                finally:
                    self.in_otherwise -= 1
                text += f"{L.sep}{head}{L.comma}{otherwise}"
            return text
        if isinstance(st, A.Choice):
            args = self.an.of(st)
            you = self.var("you")
            who = self.value(args.get("chooser")) if st.chooser is not None else you
            options = [self._option(branch, who) for branch in st.branches]
            return L.chooses_one(self.phrase("chooses_one"), who,
                                 L.third_person and who != you, options)
        if isinstance(st, A.ForEach):
            return self.for_each(st, actor, may)
        if isinstance(st, A.Let) and st.name in self.counted:
            if self.an.of(st).get("value") == 0 and "let " + st.name not in self.defs:
                self._define_count(st.name)
            return ""  # a count defined after the sentence, not kept step by step
        if isinstance(st, A.Let):
            name = self._let_letter(st.name)
            value = self.an.of(st).get("value")
            if isinstance(value, dict) and value.get("op") in ("+", "-") \
                    and value.get("left") == {"var": st.name}:  # a tally: add 1 to X
                key = "let_add" if value["op"] == "+" else "let_sub"
                return self.kphrase(key, name=name, value=self.value(value["right"]))
            return self.kphrase("let", name=name, value=self.value(value))
        if isinstance(st, A.Repeat):
            return self._repeat(st, actor)
        if isinstance(st, A.During):
            until = self.phrase("until", edge=self.phrase(st.edge),
                                period=self.enum(st.period))
            mods = L.join_statics([self.static_line(s) for s in st.statics])
            return f"{until}{L.comma}{mods}"
        if isinstance(st, A.Limited):
            return L.limited(self.limit(st.limit), self.steps(st.body, actor))
        if isinstance(st, A.Stop):
            return self.phrase("stop")
        if isinstance(st, A.AfterThis):  # 此伤害结算后，…
            head = self.phrase(f"resolved_{self.event}") if f"resolved_{self.event}" in \
                self.reg.phrases else self.phrase("resolved")
            return f"{head}{L.comma}{self.steps(st.body, actor)}"
        return ""  # pragma: no cover

    def _repeat(self, st: A.Repeat, actor: str) -> str:
        L = self.L
        info = self.an.of(st)
        times = self.amount(info.get("times"), times=True)
        event = self.reg.events.get(self.event) if self.event else None
        if (info.get("times") == {"var": "amount"} and event is not None
                and "each_amount" in event.names):  # "for each point of damage, …"
            each = self.t(event.names["each_amount"], "each_amount")
            return f"{each}{L.comma}{self.steps(st.body, actor)}"
        computed = st.times is not None and not times.isdigit() and not is_letter(times)
        if computed and L.letters_every_amount:
            times = self.define(info.get("times"))  # 重复X次（X为…）, not 重复此数值次
            computed = False
        by = L.repeat_by(times) if computed else None
        if by is not None:
            head = by
        else:
            head = (self.phrase("repeat", times=times)
                    if st.times is not None else self.phrase("repeat_forever"))
        return f"{head}{L.colon}{self.steps(st.body, actor)}"

    def _option(self, branch: tuple[A.Sentence, ...], who: str) -> str:
        """One option of a choice: what the chooser does is said without naming them
        again ("伤害来源选择一项：弃置两张手牌；或你对其造成1点伤害", "the source chooses one:
        discard 2 hand cards; or you deal 1 damage to them")."""
        L = self.L
        steps: list[Step] = []
        for s in branch:
            verb = self.reg.actions.get(s.verb)
            template = self.t(verb.text, s.verb) if verb else ""
            subject = self._subject(template, self.an.of(s), who)
            own = subject == who
            text = self.sentence(s, who, bare=own)
            if not text:
                continue  # bookkeeping the text says elsewhere (a tally)
            if own and not steps:
                text = L.drop_option_subject(text, who)
            steps.append(Step(text, subject, True, False))
        if not steps:
            return ""
        head, *rest = steps
        text = L.then_chain(self, head.text, head.subject, rest, "")
        return L.chooser_named(text, who, self.var("you"))

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
        return self._then(head, rest, actor, lead="", subject=subject)

    def _then(self, head: str, rest: list[Any], actor: str, lead: str | None = None,
              subject: str | None = None) -> str:
        """A may-block: its first step (by ``subject``, else the actor), then the steps
        that follow only if it was done."""
        subject = actor if subject is None else subject
        if not rest:
            return head
        self._plan_counters(tuple(rest))
        items = self._items(rest)
        steps: list[Step] = []
        previous = None
        for s in items:
            both = self._both(previous, s, actor) if steps else None
            if both is not None:  # 你与其各回复1点体力
                steps[-1] = Step(both, "", True, steps[-1].after)
                previous = s
                continue
            text = self.stmt(s, actor)
            if not text:
                continue
            after = self._open(previous)
            steps.append(Step(self.L.after_loop + text if after else text,
                              self._step_subject(s, actor),
                              isinstance(s, A.Do) or id(s) in self.flat | self.named,
                              after))
            previous = s
        if not steps:
            return head
        return self.L.then_chain(self, head, subject, steps, lead)

    def _both(self, first: Any, second: Any, actor: str) -> str | None:
        """Two steps doing the same to two characters, as one: "you and that character each
        recover 1 HP" ("你与其各回复1点体力"), else None."""
        if not (isinstance(first, A.Do) and isinstance(second, A.Do)
                and first.sentence.verb == second.sentence.verb):
            return None
        verb = self.reg.actions.get(first.sentence.verb)
        m = _FIRST_KEY.search(verb.text.get("en", "")) if verb else None
        if verb is None or m is None:
            return None
        key = m.group(1)
        a, b = self.an.of(first.sentence), self.an.of(second.sentence)
        if {k: v for k, v in a.items() if k != key} != {k: v for k, v in b.items() if k != key}:
            return None
        one, two = self._step_subject(first, actor), self._step_subject(second, actor)
        if not one or not two or one == two:
            return None
        text = self.sentence(second.sentence, actor, bare=True)
        return self.L.both(one, two, text)

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

    def options(self, o: A.Options, grant: bool = True) -> list[str]:
        """The options' phrases; ``grant=False`` is for an action granted to others (救援):
        they are its subject instead, and its condition is said as one on the owner
        ("while the lord is wounded")."""
        parts = []
        if o.condition is not None and not grant:
            parts.append(self.L.granted_condition(self, o.condition))
        elif o.condition is not None:  # `, if COND`: when a conversion or action may be used
            parts.append(self.phrase("if", cond=self.cond(o.condition, "면")))
        if grant and o.grant is not None and self.an.of(o).get("grant") is not None:
            parts.append(self.L.grant(self.value(self.an.of(o).get("grant"))))
        if o.limit is not None:
            parts.append(self.limit(o.limit))
        if o.outside_turn:
            parts.append(self.phrase("outside_turn"))
        if o.phase:
            parts.append(self.phrase("in_phase", phase=self.enum(o.phase)))
        if o.outside_phase:
            parts.append(self.phrase("outside_phase", phase=self.enum(o.outside_phase)))
        return parts

    def static_line(self, st: A.Static) -> str:
        text = self.sentence(st.sentence, self.var("you"), table="modifier")
        opts = self.options(st.options)
        comma = self.L.comma
        return (comma.join(opts) + comma + text) if opts else text

    def view_as(self, group: list[A.ViewAs]) -> str:
        """View-as clauses that make the same card with the same options, as one sentence:
        "2 ♥, ♦, ♠ and ♣ hand cards" (every suit, same count) read "2 hand cards of the
        same suit"; other alternatives are joined with "or"."""
        L = self.L
        first = group[0]
        specs = [(self.an.of(cl).get("cards") or {}).get("cards", {}) for cl in group]
        same_suit = self._same_suit(specs)
        if same_suit is not None:
            cards = L.same_suit(self.cards(same_suit))
        else:
            cards = L.or_cards.join(self.value(self.an.of(cl).get("cards")) for cl in group)
        kind = (self.an.of(first) or {}).get("kind")
        if kind is not None:  # 奇策: the name is chosen as it is used
            card = self.phrase("view_any", kind=self.enum(str(kind)))
            key = "view_as" if kind == "basic" else "view_as_use"
        else:
            card = L.view_as_card(self.card_name(first.card))
            playable = self.names.playable
            key = "view_as" if playable is None or first.card in playable else "view_as_use"
        text = self.kphrase(key, cards=cards, card=card)
        if first.cost:  # 酒诗: a cost, and (with no cards named) a card made from none
            you = self.var("you")
            paid = self._then(self.stmt_may(first.cost[0], you), list(first.cost[1:]), you)
            made = specs[0].get("count") == 0
            text = self.kphrase("view_paid" if made else "view_paid_cards", cost=paid,
                                card=card, view=text)
        options = first.options
        head: list[str] = []
        if options.limit is not None and options.limit.period == "phase" \
                and options.phase == "play":
            # once per phase in the play phase is once per play phase (出牌阶段限一次)
            head = [L.action_head(self, options.limit)]
            options = replace(options, limit=None, phase=None)
        view_opts = head + self.options(options)
        if view_opts:
            text = L.after_options(text)
        return (L.comma.join(view_opts) + L.comma if view_opts else "") + text

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

    def event_text(self, cl: A.Trigger | A.Awaken) -> str:
        event = self.reg.events.get(cl.event)
        if event is None:
            return cl.event
        types = {p.name: p.type for p in event.params}
        args = self.an.of(cl)
        who = args.get("who")
        sel: dict[str, Any] = who["select"] if isinstance(who, dict) and "select" in who \
            else {}
        term = self.reg.selectors.get(sel.get("noun", ""))
        if self.L.each_of_plural_event and term is not None and term.info.get("plural") \
                and sel.get("noun") != "all" and sel.get("count") is None:
            # "when other characters die" means each one: "when another character dies"
            args = {**args, "who": {"select": {**sel, "count": 1}}}
        text = self.fill(self.t(event.text, cl.event), args, types, self.var("you"),
                         False, subordinate=True)
        return self.L.event(text, cl.timing or "")

    def event_alternatives(self, texts: list[str]) -> str | None:
        """Event texts that differ only in one verb, as one: "you use or play a Jink",
        "你使用或打出【闪】", "자신이 【섬】을 사용하거나 낼" (None when they differ more)."""
        if len(texts) == 1:
            return texts[0]
        return self.L.event_alternatives(texts)

    def trigger(self, group: list[A.Trigger]) -> str:
        """Trigger clauses with the same timing, options and steps, as one sentence whose
        events are alternatives: "When you use or play a Jink, …"."""
        L = self.L
        cl = group[0]
        if cl.timing in ("start", "end"):
            head = self.phrase(f"at_{cl.timing}", phase=self.enum(cl.event))
        else:
            text = self.event_alternatives([self.event_text(c) for c in group]) or ""
            head = L.trigger_head(self.phrase(cl.timing), text,
                                  self.phrase(f"{cl.timing}_suffix"))
        body = self.trigger_body(cl)
        prefix = L.comma.join(self.options(cl.options))
        if prefix:
            head = L.after_options(head)
        return (f"{prefix}{L.comma}" if prefix else "") + f"{head}{L.comma}{body}"

    def trigger_body(self, cl: A.Trigger) -> str:
        spec = self.an.of(cl).get("card")
        spec = spec.get("cards", {}) if isinstance(spec, dict) else {}
        filters = spec.get("filters", {})
        names = filters.get("name", [])
        self.event_card = self.card_name(names[0]) if len(names) == 1 and len(filters) == 1 \
            else ""
        # a delayed trick takes effect on whoever holds it: "the character with this card
        # in their judgement zone", then "that character"
        actor = self.mention("plain", self.L.holder_first, self.L.holder) \
            if cl.event in HOLDER_EVENTS else self.var("you")
        self.event = cl.event
        body = self.steps(cl.body, actor)
        self.event_card = self.event = ""
        if cl.options.optional:
            body = self.L.may_body.format(body)
        return body

    def action_body(self, body: tuple[Any, ...], actor: str) -> str:
        """The steps of an action as what its owner may do: "你可以弃置一张牌，然后…"; an
        action that tests something first says so before the choice ("若…，你可以…")."""
        L = self.L
        first = body[0] if body else None
        if isinstance(first, A.Do):
            return self.stmt(A.MayBlock(body), actor)
        if isinstance(first, A.If) and len(body) == 1 and not first.otherwise:
            cond = self.phrase("if", cond=self.cond(first.cond, "면"))
            return f"{cond}{L.comma}{self.action_body(first.then, actor)}"
        if isinstance(first, A.ForEach):
            return self.steps(body, actor, may_first=True)
        return L.may_choose_to + self.steps(body, actor)

    def card_use(self, cl: A.Action) -> str:
        """A card's action: on whom it is used, then what it does to them ("出牌阶段，对一名
        其他角色使用。目标角色…"). Its targets are the characters its first `pick` or loop
        over characters names (as the engine declares them); with neither, its user."""
        L = self.L
        you = self.var("you")
        body = list(cl.body)
        who = you
        for i, st in enumerate(body):
            if isinstance(st, A.Do) and st.sentence.verb == "pick":
                args = self.an.of(st.sentence)
                who = self.value(args.get("who"))
                verb = self.reg.actions["pick"]
                many = self._picks_many(verb, args)
                if st.sentence.bind:
                    self.bound[st.sentence.bind] = L.card_targets if many else \
                        self.mention("plain", L.card_target, L.card_target_later)
                del body[i]
                break
            if isinstance(st, A.ForEach) and self.an.of(st).get("kind") == "player":
                over = self.an.of(st).get("over")
                who = L.every(self.value(over)) if not _bound_ref(over, self.bound) \
                    else self.value(over)
                self.target_loop = st
                break
        options = cl.options
        cond = options.condition
        if who == you and isinstance(cond, A.Is) and not cond.negated \
                and cond.word in self.reg.selectors \
                and self.value(self.an.of(cond).get("subject")) == you:
            # on a user who is so: 对已受伤的你使用, on yourself if you are wounded
            word = self.t(self.reg.selectors[cond.word].text, cond.word)
            who = L.described_self(you, word, self.phrase("if", cond=self.cond(cond, "면")))
            options = replace(options, condition=None)
        opts = self.options(options)
        head = L.card_use_head(who, L.comma.join(opts))
        rest = self.steps(tuple(body), you, inner=True)
        return L.card_use_text(head, rest)

    def _aims_at_lord(self, body: tuple[Any, ...]) -> bool:
        """Whether a step of a body is done to the lord (`offer_use 1 peach on lord`)."""
        for st in body:
            if isinstance(st, A.Do):
                on = self.an.of(st.sentence).get("on")
                if isinstance(on, dict) and on.get("select", {}).get("noun") == "lord":
                    return True
        return False

    def clause(self, cl: Any) -> str:
        L = self.L
        you = self.var("you")
        if isinstance(cl, A.Trigger):
            return self.trigger([cl])
        if isinstance(cl, A.Action) and cl.options.grant is not None \
                and self.an.of(cl.options).get("grant") is not None:
            # `action, for wu others:` is theirs to take in their own play phase, never the
            # owner's: the granted characters are the subject and "you" stays the owner
            who = self.value(self.an.of(cl.options).get("grant"))
            # a lord skill's action granted to others is aimed at the lord (救援, 黄天):
            # its condition on the owner names him as the body does ("while the lord is
            # wounded"), since "you" beside another subject reads as that subject
            self.owner_as = self.t(self.reg.selectors["lord"].text, "lord") \
                if "lord" in self.reg.selectors and self._aims_at_lord(cl.body) else ""
            options, when, word = cl.options, cl.options.condition, ""
            if self.owner_as and isinstance(when, A.Is) and not when.negated \
                    and when.word in self.reg.selectors \
                    and self.value(self.an.of(when).get("subject")) == self.owner_as:
                # the lord is described where the card goes: 对已受伤的主公使用
                word = self.t(self.reg.selectors[when.word].text, when.word)
                options = replace(options, condition=None)
            try:
                opts = L.comma.join(self.options(options, grant=False))
                body = self.steps(cl.body, "", inner=True)
            finally:
                self.owner_as = ""
            if word:
                lord = self.t(self.reg.selectors["lord"].text, "lord")
                body = L.described_other(body, lord, word)
            return L.granted_action(who, opts, body)
        if isinstance(cl, A.Action) and self.kind == "card" and not _recasts(cl):
            return self.card_use(cl)
        if isinstance(cl, A.Action):
            head = L.action_head(self, cl.options.limit)
            body = self.action_body(cl.body, you)
            if cl.options.condition is not None:  # `action, if COND:` (心战)
                cond = self.phrase("if", cond=self.cond(cl.options.condition, "면"))
                body = f"{cond}{L.comma}{body}"
            return L.action_text(head, body)
        if isinstance(cl, A.ViewAs):
            return self.view_as([cl])
        if isinstance(cl, A.Static):
            return self.static_line(cl)
        if isinstance(cl, A.StaticIf):
            cond = self.phrase("if", cond=self.cond(cl.cond, "면"))
            mods = L.join_statics([self.static_line(s) for s in cl.statics])
            return f"{cond}{L.comma}{mods}"
        if isinstance(cl, A.Awaken):
            if cl.timing is None:
                head = self.phrase("awaken", cond=self.cond(cl.cond, "ㄹ"))
            else:
                if cl.timing in ("start", "end"):
                    timing = self.phrase(f"at_{cl.timing}", phase=self.enum(cl.event))
                else:
                    timing = L.trigger_head(self.phrase(cl.timing), self.event_text(cl),
                                            self.phrase(f"{cl.timing}_suffix"))
                timing = timing[:1].lower() + timing[1:]  # inside the sentence (English)
                head = self.phrase("awaken_at", timing=timing, cond=self.cond(cl.cond, "면"))
            return f"{head}{L.comma}{self.steps(cl.body, you)}"
        return ""  # pragma: no cover


def _one_of(args: dict[str, Any], types: dict[str, str]) -> dict[str, Any]:
    """A choosing verb's `other` or `player` with no count chooses one (as the engine
    does): "choose another character", "选择一名其他角色", "다른 플레이어 1명"."""
    out = dict(args)
    for key, value in args.items():
        if types.get(key) == "player" and isinstance(value, dict) and "select" in value \
                and value["select"].get("count") is None \
                and value["select"].get("noun") in ONE_OF:
            out[key] = {**value, "select": {**value["select"], "count": 1}}
    return out


def _recasts(cl: A.Action) -> bool:
    """A card's action that only recasts it (重铸): a choice its holder makes, not a use."""
    return len(cl.body) == 1 and isinstance(cl.body[0], A.Do) \
        and cl.body[0].sentence.verb == "recast"


EQUIPMENT_TYPES = {"equipment_card", "weapon", "armour", "horse", "plus_horse", "minus_horse"}


def _bound_ref(v: Any, bound: dict[str, str]) -> bool:
    """Whether a value names characters a step bound earlier ("those characters")."""
    return isinstance(v, dict) and ("var" in v and v["var"] in bound)


def _named_cards(cards: Any) -> bool:
    """Whether a card argument is cards a step bound earlier (`... as c`, then `place c`),
    not a filter by kind."""
    return isinstance(cards, dict) and "var" in cards


def _equipment(cards: Any) -> bool:
    """Whether a card argument names equipment by type (it goes to the equipment area);
    otherwise it names delayed tricks (they go to the judgement zone)."""
    spec = cards.get("cards", {}) if isinstance(cards, dict) else {}
    return bool(EQUIPMENT_TYPES & set(spec.get("filters", {}).get("card_type", [])))


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
    if type(cl) is not type(prev) or not isinstance(cl, (A.ViewAs, A.Trigger)):
        return False  # two conditional statics in a row stand alone (将驰)
    if r.options(prev.options) != r.options(cl.options):
        return False
    if isinstance(cl, A.ViewAs):
        return bool(prev.card == cl.card)
    if not isinstance(cl, A.Trigger):
        return False
    return (cl.timing == prev.timing and cl.timing not in ("start", "end")
            and cl.options.optional == prev.options.optional
            and _body_text(r, prev) == _body_text(r, cl)
            and r.event_alternatives([r.event_text(c) for c in (*group, cl)]) is not None)


def _tally_flag(effect: A.Effect, an: Analysis) -> str:
    """The period of a tally that only records that the skill was used: every add adds 1
    as a step of the skill's own choice to use it (its trigger's or action's first-level
    may-block, or the steps of an optional trigger), and every test asks whether it is 0
    or not. Such a tally reads "if you used this skill this turn"; "" for any other."""
    adds: list[A.Sentence] = []
    direct: set[int] = set()
    for cl in effect.clauses:
        body = getattr(cl, "body", ())
        for st in body:
            if isinstance(st, A.MayBlock) or (isinstance(cl, A.Trigger)
                                               and cl.options.optional):
                steps = st.body if isinstance(st, A.MayBlock) else (st,)
                direct |= {id(x.sentence) for x in steps if isinstance(x, A.Do)}
    for node in walk(effect):
        if isinstance(node, A.Sentence) and node.verb == "add_tally":
            adds.append(node)
        if isinstance(node, A.Compare) and an.of(node).get("left") == {"quantity": "tally"} \
                and an.of(node).get("right") not in (0, 1):
            return ""
    periods = {an.of(s).get("period") for s in adds}
    if not adds or len(periods) != 1 or any(an.of(s).get("n") != 1 for s in adds) \
            or any(id(s) not in direct for s in adds):
        return ""
    return str(periods.pop())


@dataclass(frozen=True)
class TallyReading:
    """A tally the text says as what it counts. ``verb`` set: every add adds the number
    of cards the step just before it moved (``give … as X`` then ``add_tally X.count``),
    and every such step of the skill is counted. ``options`` set: each option of one
    choice adds its own constant, the n-th option ``options[n]``, and nothing else adds."""

    period: str
    verb: str = ""
    to_other: bool = False
    options: tuple[int, ...] = ()


_MOVES = ("give", "discard")  # the steps whose cards a tally may count, said by verb


def _tally_steps(effect: A.Effect) -> list[tuple[Any, ...]]:
    """The step sequences a clause runs as its owner: its body and the bodies of its
    first-level may-blocks (where "you" does each step)."""
    out: list[tuple[Any, ...]] = []
    for cl in effect.clauses:
        body = getattr(cl, "body", None)
        if not isinstance(body, tuple):
            continue
        out.append(body)
        out.extend(st.body for st in body if isinstance(st, A.MayBlock))
    return out


def _tally_said(effect: A.Effect, an: Analysis) -> TallyReading | None:
    """How the text says a tally that is more than "you used this skill": the cards the
    skill moved, or the option a choice took (see ``TallyReading``); None for any other,
    which keeps reading "this skill's running total"."""
    adds = [n for n in walk(effect) if isinstance(n, A.Sentence) and n.verb == "add_tally"]
    adds += [s for n in walk(effect) if isinstance(n, A.Choice)
             for branch in n.branches for s in branch if s.verb == "add_tally"]
    adds = list({id(s): s for s in adds}.values())
    mentions = [n for n in walk(effect) if isinstance(n, (A.Word, A.Ref))
                and (n.name if isinstance(n, A.Word) else n.parts) in ("tally", ("tally",))]
    tests = [n for n in walk(effect) if isinstance(n, A.Compare)
             and an.of(n).get("left") == {"quantity": "tally"}]
    if not adds or len(mentions) != len(tests) \
            or any(not isinstance(an.of(t).get("right"), int) for t in tests):
        return None  # the tally is also used as a number, or tested against a non-number
    periods = {an.of(s).get("period") for s in adds}
    if len(periods) != 1:
        return None
    period = str(periods.pop())
    steps = _tally_steps(effect)
    # the cards a step moved: `give … as X` directly followed by `add_tally X.count`
    counted: dict[int, A.Sentence] = {}
    for body in steps:
        for prev, st in itertools.pairwise(body):
            if isinstance(prev, A.Do) and isinstance(st, A.Do) \
                    and st.sentence.verb == "add_tally" and prev.sentence.bind \
                    and prev.sentence.verb in _MOVES \
                    and an.of(st.sentence).get("n") == {"ref": [prev.sentence.bind, "count"]}:
                counted[id(st.sentence)] = prev.sentence
    moves = [n for n in walk(effect) if isinstance(n, A.Sentence) and n.verb in _MOVES]
    movers = list(counted.values())
    if len(counted) == len(adds) and len({m.verb for m in movers}) == 1 \
            and len(moves) == len(movers) and {id(m) for m in moves} == {id(m) for m in movers}:
        to = [an.of(m).get("to") for m in movers]
        other = all(isinstance(t, dict) and t.get("select", {}).get("noun") == "other"
                    for t in to)
        return TallyReading(period, verb=movers[0].verb, to_other=other)
    # an option chosen: one choice, each branch ending by adding its own constant
    choices = [st for body in steps for st in body if isinstance(st, A.Choice)
               and (st.chooser is None or st.chooser == A.Word("you"))]
    for choice in choices:
        ends = [b[-1] for b in choice.branches if b]
        if len(ends) != len(choice.branches) or any(s.verb != "add_tally" for s in ends) \
                or sum(s.verb == "add_tally" for b in choice.branches for s in b) \
                != len(adds) or len(adds) != len(choice.branches):
            continue
        values = tuple(an.of(s).get("n") for s in ends)
        if all(isinstance(v, int) and v != 0 for v in values) \
                and len(set(values)) == len(values) \
                and all(an.of(t).get("right") in values and t.op in ("==", "!=")
                        for t in tests):
            return TallyReading(period, options=values)  # type: ignore[arg-type]
    return None


def _body_text(r: Renderer, cl: A.Trigger) -> str:
    """A trigger's steps as text, its first mentions numbered afresh (for comparing)."""
    r.mentions = []
    return r.trigger_body(cl)


def render(effect: A.Effect, analysis: Analysis, registry: Registry, lang: str = "en",
           names: Names | None = None, kind: str = "skill") -> str:
    """Rules text for an effect, one sentence per clause. ``kind`` "card": the effect is a
    card's, whose action clause says how the card is used and on whom."""
    r = Renderer(analysis, registry, lang, names, kind)
    r.tally_period = _tally_flag(effect, analysis)
    r.tally_said = None if r.tally_period else _tally_said(effect, analysis)
    L = r.L
    texts: list[str] = []
    statics: list[bool] = []  # whether each text is one static modifier (for merging)
    probe = Renderer(analysis, registry, lang, names, kind)  # grouping must not name anyone
    for group in _groups(effect.clauses, probe):
        r.start_clause(group[0])
        if len(group) > 1:
            text = r.view_as(group) if isinstance(group[0], A.ViewAs) else r.trigger(group)
        else:
            text = r.clause(group[0])
        text = r.resolve_mentions(text + r.definitions())
        text = L.one_label(L.polished(text, L.clause_polish))
        static = len(group) == 1 and isinstance(group[0], A.Static)
        merged = _merge_statics(texts[-1], text, L) if static and statics \
            and statics[-1] else None
        if merged is None and static and statics and statics[-1]:
            merged = _merge_alternatives(texts[-1], text, L)
        if merged is not None:
            texts[-1] = merged
            continue
        texts.append(text)
        statics.append(static)
    you = r.var("you")
    return L.join_sentences([L.sentence_done(text, you) + L.end for text in texts])


def _merge_statics(first: str, second: str, L: Language) -> str | None:
    """Two modifiers that make the same change under the same lead, as one sentence: "In
    every war you fight, …, your attack total and defence total are each +2" (else None)."""
    comma = L.comma
    n = 0
    while n < min(len(first), len(second)) and first[n] == second[n]:
        n += 1
    cut = first.rfind(comma, 0, n)
    if cut < 0:
        return None
    head, a, b = first[:cut + len(comma)], first[cut + len(comma):], second[cut + len(comma):]
    if a.startswith("(") or b.startswith("("):
        return None
    ma, mb = re.match(L.merge_pattern, a), re.match(L.merge_pattern, b)
    if not (ma and mb and ma.group(2) == mb.group(2)):
        return None  # only the same change to two totals reads as one
    x, y, delta = ma.group(1), mb.group(1), ma.group(2)
    shared = 0  # a shared lead word: your attack total and defence total
    for i, (p, q) in enumerate(zip(x, y, strict=False)):
        if p != q:
            break
        if L.shared_lead(i, p):
            shared = i + 1
    return L.merged(head, x, y[shared:], delta)


def _merge_alternatives(first: str, second: str, L: Language) -> str | None:
    """Two modifiers that say the same but for one short word, as one with the two words
    as alternatives: "declaring it as a basic or non-delayed trick card of your choice",
    "声明为任意一种基本牌或非延时锦囊牌" (else None)."""
    a, b, n, m = differing_middles(first, second)
    if not a or not b or max(len(a), len(b)) > 20 or n + m < max(2 * len(a), 2 * len(b), 12):
        return None
    return L.alternatives(first[:n], a, b, first[len(first) - m:])


__all__ = ["EN_PLURAL", "LANGUAGES", "Names", "Renderer", "language", "render"]

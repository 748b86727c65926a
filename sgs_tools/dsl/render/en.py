"""English phrasing and morphology: articles, plurals, third-person verbs, possessives."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from sgs_tools.dsl.render.common import CARD_CLOSE, CARD_OPEN, is_letter
from sgs_tools.dsl.render.language import Language

if TYPE_CHECKING:
    from sgs_tools.dsl.render.core import Renderer

NUMBER_WORDS = ["no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten"]
EN_PLURAL = {"card": "cards", "character": "characters", "other character":
             "other characters", "HP": "HP", "max HP": "max HP"}
EN_SINGULAR = {plural: one for one, plural in EN_PLURAL.items()}
COMPARE = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
           ">": "is greater than", ">=": "is at least"}


def en_plural(name: str) -> str:
    """The plural of an English card name: Jinks, Slashes, Peaches."""
    visible = re.sub("[\ue000-\uf8ff]", "", name)  # names a site links carry markers
    return name + ("es" if visible.endswith(("s", "x", "ch", "sh")) else "s")


def en_article(name: str) -> str:
    visible = re.sub("[\ue000-\uf8ff]", "", name)
    return ("an " if visible[:1].lower() in "aeiou" else "a ") + name


def en_card_names(text: str) -> str:
    """A card name as a template's object: "2 Jinks", "a Slash", "an Archery Attack"."""
    def counted(m: re.Match[str]) -> str:
        n, name = m.group(1), m.group(2)
        return en_article(name) if n == "1" else f"{n} {en_plural(name)}"
    text = re.sub(f"\\b(\\d+) {CARD_OPEN}([^{CARD_CLOSE}]*){CARD_CLOSE}", counted, text)
    text = re.sub(f"\\b(an?|the|this|that|no|any|each|every) {CARD_OPEN}", r"\1 ", text)
    text = re.sub(f"{CARD_OPEN}([^{CARD_CLOSE}]*){CARD_CLOSE}",
                  lambda m: en_article(m.group(1)), text)
    return text.replace(CARD_OPEN, "").replace(CARD_CLOSE, "")


# The characters a sentence names again and again; once one has been named, a pronoun
# says it after ("… you deal 1 damage to them").
NAMED_AGAIN = ("that character", "the target", "the source", "the current character")
_OBJECT = r"\b(to|from|on|with|at|for|of|let|make|have|ask|choose|than|as) "
_SUBJECT = {"does not": "do not", "must": "must", "may": "may", "cannot": "cannot",
            "is": "are", "has": "have"}


def pronouns(text: str) -> str:
    """Each sentence of a clause that names only one other character, and names it more
    than once: after the first time, "them" as an object, "their" as an owner, "they"
    before a few verbs ("if they do not"). With two or more, every name stays."""
    out = []
    for sentence in re.split(r"(?<=\.) ", text):
        named = [n for n in NAMED_AGAIN if n in sentence or n.capitalize() in sentence]
        if len(named) != 1:
            out.append(sentence)
            continue
        name = named[0]
        at = sentence.lower().find(name) + len(name)
        head, tail = sentence[:at], sentence[at:]
        tail = tail.replace(f"{name}'s ", "their ")
        tail = re.sub(_OBJECT + re.escape(name) + r"\b", r"\1 them", tail)
        tail = re.sub(r"\bthe ((?:[\w-]+ )*?[\w-]+) of them\b", r"their \1", tail)
        tail = re.sub(r"(?<=[,;:] )(if |then |or )?" + re.escape(name) + r" (does not|must|may|"
                      r"cannot|is|has)\b", lambda m: f"{m.group(1) or ''}they "
                      f"{_SUBJECT[m.group(2)]}", tail)
        out.append(head + tail)
    return " ".join(out)


class English(Language):
    code = "en"
    third_person = True
    polish = ((r"\b(prevents?) (?:that amount|the damage) of that damage",
               r"\1 all of that damage"),
              (r"\b(prevents?) (?:that amount|the damage) minus (\w+) of that damage",
               r"\1 all but \2 of that damage"),
              # a mark's name before the word: "gain 2 “Charge” marks", "gain “Charge” marks
              # equal to the damage", not "2 marks of “Charge”"
              (r"\b(\d+) (marks?) of (“[^”]*”)", r"\1 \3 \2"),
              (r"\bmarks equal to (.+?) of (“[^”]*”)", r"\2 marks equal to \1"),
              # "look at cards equal to your lost HP from the top of the deck"
              (r"\bthe top (cards equal to .+?) of the deck", r"\1 from the top of the deck"))

    # A count of uses tested against 0 is a use that did not happen: "if you did not use or
    # play a Slash in this turn's play phase", not "if the number of times … is 0".
    clause_polish = ((r"\bhand out (.+?) among all characters\b",
                      r"give \1 to any characters you choose"),
                     (r"\bthe number of times you used or played (.+?) is 0\b",
                      r"you did not use or play \1"),
                     # counts said as a reader would: "up to as many cards as your max
                     # HP", "are of 4 suits"
                     (r"\bup to (your (?:max HP|HP|lost HP)) cards\b",
                      r"up to as many cards as \1"),
                     (r"\bthose cards' number of suits is (\d)\b", r"those cards are of \1 suits"),
                     # a rule for your own turn: "During your turn, …"
                     (r"^if you are the current character, ", "during your turn, "),
                     (r"\bif you are the current character\b", "if it is your turn"))

    def number_range(self, r: Renderer, low: int, high: int | None) -> str:
        if high is None:
            return "any number of" if low == 0 else f"{low} or more"
        return f"{low} to {high}" if low else f"up to {high}"

    def any_or_all(self, n: str) -> str:
        return "any number of" if n == "any" else "all"

    def count_of(self, text: str) -> str:
        return f"the number of {text}"

    def attribute(self, owner: str, attr: str) -> str:
        return f"{owner}'s {attr}" if not owner.endswith("s") else f"{owner}' {attr}"

    def select(self, r: Renderer, noun: str, pre: list[str], post: list[str], count: Any,
               excepts: list[str]) -> str:
        if count is not None and count != 1:
            noun = EN_PLURAL.get(noun, noun)
        elif count == 1:
            noun = EN_SINGULAR.get(noun, noun)
        parts = []
        if count is not None:
            first = (pre or [noun])[0]
            vowel = first.startswith(("o", "a", "e", "i"))
            parts.append("a" if count == 1 and not vowel
                         else "an" if count == 1 else r.number(count))
        if excepts:
            post = [*post, "other than " + " and ".join(excepts)]
        if noun.startswith("other ") and pre:
            return " ".join([*parts, "other", *pre, noun[len("other "):], *post])
        return " ".join([*parts, *pre, noun, *post])

    def cards(self, r: Renderer, names: list[str], words: list[str], zones: list[str],
              count: Any, plural: bool) -> str:
        types = {r.enum(t) for t in r.reg.enums.get("card_type", {})}
        if "hand" in zones and any(w in types for w in words):
            # an equipment card from your hand, not "an equipment hand card"
            owner = "your" if r.subject in ("", r.var("you")) else "their"
            return self.cards(r, names, words, [z for z in zones if z != "hand"], count,
                              plural) + f" from {owner} hand"
        zone = " ".join("hand" if z == "hand" else r.enum(z) for z in zones)
        # a kind of cards: "Slashes or Duels cannot affect you"
        shown = [en_plural(n) for n in names] if plural and count is None else names
        noun = " or ".join(shown) if names else "card"
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
            amount = r.amount(count)
            if is_letter(amount):
                return f"{amount} {many}"  # X cards, where X is …
            return f"{many} equal to {amount}"  # cards equal to your lost HP
        return f"{r.number(count)} {text}"

    def range_cond(self, left: str, low: int, high: int) -> str:
        return f"{left} is from {low} to {high}"

    def not_cond(self, inner: str) -> str:
        return f"not ({inner})"

    def compare(self, left: str, op: str, right: str) -> str:
        # a count of characters against 0: "there are characters who questioned it"
        m = re.fullmatch(r"the number of (characters (?:who|with) .*)", left)
        if m and right == "0" and op in (">", "!=", "=="):
            return ("there are no " if op == "==" else "there are ") + m.group(1)
        return f"{left} {COMPARE[op]} {right}"

    def is_cond(self, subject: str, word: str, selector: bool, negated: bool, you: str,
                merge: bool = True) -> str:
        verb = "are" if subject == you else "is"
        if selector and word in EN_SINGULAR:  # "if the killer is another character"
            one = EN_SINGULAR[word]
            word = "another " + one[len("other "):] if one.startswith("other ") \
                else en_article(one)
        # a general named by its slot: "if the general bearing this skill is the deputy"
        subject = re.sub(r"^general\b", "the general", subject)
        word = re.sub(r"^(head|deputy) general$", r"the \1 general", word)
        return f"{subject} {verb} {'not ' if negated else ''}{word}"

    def in_cond(self, subject: str, group: str, selector: bool, you: str) -> str:
        return f"{subject} {'are' if subject == you else 'is'} {group}"

    def has_cond(self, subject: str, inner: str, none: bool, you: str) -> str:
        have = "have" if subject == you else "has"
        return f"{subject} {have} {'no ' if none else ''}{inner}"

    def answered(self, who: str, you: bool, positive: bool, verb: str) -> str:
        aux = ("do" if you else "does") if positive else ("do not" if you else "does not")
        return f"{who} {aux}"

    def alternative_head(self, word: str) -> str:
        return f"if {word}"

    def for_each(self, r: Renderer, what: str, kind: Any) -> str:
        # for each other character, for each of those cards
        what = ("of " + what if what.startswith(("those", "the ")) else
                re.sub(r"\bcharacters\b", "character", what, count=1))
        return r.phrase("for_each", what=what)

    def repeat_by(self, times: str) -> str | None:
        return f"repeat as many times as {times}"  # not "repeat that amount times"

    def have_do(self, r: Renderer, s: Any, actor: str) -> str:
        return f"{actor} may have {r.sentence(s, actor, bare=True)}"

    def may_have_it(self, text: str) -> str:
        return f"you may have it that {text}"

    def grant(self, who: str) -> str:
        return f"{who} may use this too"

    def granted_action(self, who: str, opts: str, body: str) -> str:
        return f"{who} may, in their play phase{', ' + opts if opts else ''}, {body}"

    def granted_condition(self, r: Renderer, cond: Any) -> str:
        return f"while {r.cond(cond)}"  # while the lord is wounded

    def same_suit(self, text: str) -> str:
        return f"{text} of the same suit"

    def view_as_card(self, card: str) -> str:
        return en_article(card)  # as a Jink

    def after_options(self, text: str) -> str:
        return text[:1].lower() + text[1:]

    # -- fill ----------------------------------------------------------------------------
    def fill_counted_bound(self, r: Renderer, value: dict[str, Any], rest: str | None
                           ) -> str | None:
        if rest is not None and rest.startswith("|"):
            return f"the same number of {EN_PLURAL.get(rest[1:], rest[1:] + 's')}"
        return None

    def fill_delta(self, value: Any, rest: str | None) -> str | None:
        """"1 extra card", "2 fewer cards"."""
        if rest is None or not rest.startswith("|") or not isinstance(value, dict) \
                or not isinstance(value.get("amount"), int):
            return None
        n, noun = value["amount"], rest[1:]
        noun = noun if n == 1 else EN_PLURAL.get(noun, noun + "s")
        return f"{n} {'extra' if value.get('sign') == '+' else 'fewer'} {noun}"

    def fill_value(self, r: Renderer, text: str, value: Any, type_name: str,
                   rest: str | None, computed: bool) -> str:
        if type_name == "card_name":
            return f"{CARD_OPEN}{text}{CARD_CLOSE}"  # an article or a plural, later
        if rest is not None and rest.startswith("|"):
            noun = rest[1:]
            noun_text = EN_PLURAL.get(noun, noun + "s") if value != 1 else noun
            if isinstance(value, dict) and ("cards" in value or "select" in value):
                return text
            lettered = computed and is_letter(text)
            if isinstance(value, dict) and "range" not in value and not lettered:
                return f"{noun_text} equal to {text}"
            return f"{text} {noun_text}"
        return text

    def fill_finish(self, r: Renderer, out: str, subject: str, template: str,
                    subordinate: bool, may: bool, actor: str) -> str:
        out = en_card_names(out)
        out = out.replace(" an other ", " another ").replace(" a other ", " another ")
        out = re.sub(r"^an? other ", "another ", out)
        out = re.sub(r"\byou's\b", "your", out)
        out = re.sub(r"s's\b", "s'", out)
        return re.sub(r"\bYou's\b", "Your", out)

    def one_label(self, text: str) -> str:
        # choose a male character other than that character → another male character
        text = re.sub(r"\ban? ((?:(?!character|card|from|to)[\w-]+ )*?)character other than "
                      r"that character\b", r"another \1character", super().one_label(text))
        # choose another character, then another character other than that character
        text = re.sub(r"\banother character other than that character\b",
                      "a second other character", text)
        # two characters of one kind chosen one after the other: "choose 2 male characters"
        text = re.sub(r"\bchoose (an?|another) ((?:[\w-]+ )*?)character,(?: then)? choose "
                      r"(?:another|a second other) \2character(?: other than that character)?",
                      lambda m: f"choose 2 {'other ' if m.group(1) == 'another' else ''}"
                      f"{m.group(2)}characters", text)
        # the two chosen characters together: "make the two characters swap hand cards",
        # "the difference between the two characters' numbers of hand cards"
        text = re.sub(r"\bthe first character's (.+?) and the second character's \1\b",
                      lambda m: "the two characters' " + re.sub(r"^number\b", "numbers",
                                                                m.group(1)), text)
        text = re.sub(r"\bthe first character and the second character\b", "the two characters",
                      text)
        text = pronouns(text)
        # "if they have more hand cards than you", not "their number of hand cards is …"
        return re.sub(r"\btheir number of hand cards is greater than the number of your "
                      r"hand cards\b", "they have more hand cards than you", text)

    def join_statics(self, texts: list[str]) -> str:
        """Modifiers under one condition or period, as a list: "A, B and C"."""
        if len(texts) < 2:
            return "".join(texts)
        tail = " cannot affect you"  # "a Slash and a non-delayed trick card cannot affect you"
        if all(t.endswith(tail) for t in texts):
            return self.join_statics([t[:-len(tail)] for t in texts]) + tail
        return f"{self.comma.join(texts[:-1])} and {texts[-1]}"

    def link(self, text: str, continues: bool, last: bool, before: str) -> str:
        """An if that follows a step is its own clause: "you may perform a judgement; if
        the judgement card is red, …", never "…, then if …"."""
        if text.startswith("if "):
            return self.sep
        return super().link(text, continues, last, before)

    def sentence_done(self, text: str, you: str) -> str:
        # every sentence of a clause starts with a capital ("… another character. Each …")
        text = re.sub(r"(\. )([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)
        return text[:1].upper() + text[1:] if text else text

    def merged(self, head: str, x: str, y: str, delta: str) -> str:
        return f"{head}{x} and {y} are each {delta}"


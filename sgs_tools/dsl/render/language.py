"""The rendering interface: what a language says at each point of a rules text.

``Renderer`` (core.py) walks the checked AST once, renders every part of a sentence once,
and hands the parts to its ``Language`` for phrasing and morphology. Each language is one
module (en.py, zh.py, ko.py): a rules editor of that language works in that file and in
the vocabulary's templates, and never in another language's branches.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from sgs_tools.dsl.render.common import capitalise

if TYPE_CHECKING:
    from sgs_tools.dsl.render.core import Renderer


class Step(NamedTuple):
    """A step that follows another in a sentence: its text, who does it ("" for a step
    that is not one character's action), whether it is plain (not an if, a loop, a
    choice) and whether it follows a block whose end a reader cannot see."""

    text: str
    subject: str
    plain: bool
    after: bool


class Language:
    code = ""
    third_person = False  # verbs agree with a third-person subject ({s}, {is})
    # Punctuation and the small words that join sentences and steps.
    comma = ", "
    sep = "; "
    end = "."
    colon = ": "
    then_join = ", then "  # two steps in a row: "…, then …"
    after_loop = "afterwards, "  # what follows a loop is done once, after it
    definitions_join = ", and "
    or_cards = " or "
    or_options = "; or "
    may_choose_to = "you may choose to: "
    may_body = "you may: {}"
    holder = "that character"  # who a delayed trick takes effect on, named again
    holder_first = "the character with this card in their judgement zone"
    this_card = "the card"  # the card the current event is about ({this})
    current_card = ("the card being used", "that {}")  # (generic, once the trigger names it)
    those_characters = "those characters"
    the_result = "the result"
    the_chosen_one = "the chosen one"
    that_card = "that card"
    that_character = "that character"  # the character a loop is on
    action_label = "Action"
    # What a response's test for not answering reads as, joined to the response ("其需打出
    # 一张【闪】，否则…"); empty: said as an if ("if that character does not, …").
    unanswered = ""
    choose_one = ("choose one", "may choose one")  # (plain, optional)
    # Chinese names every computed amount by a letter (摸X张牌（X为…）).
    letters_every_amount = False
    # "when other characters die" means each one: "when another character dies".
    each_of_plural_event = True
    # Korean makes "may" in the verb itself (-ㄹ 수 있다) or says "if you wish, …";
    # the others say "you may have it that …" where a template has no optional form.
    may_in_verb = False

    # -- values --------------------------------------------------------------------------
    def mark(self, value: str) -> str:
        """A value as it goes into a template (Korean marks it to fix its particles)."""
        return value

    def finish(self, text: str) -> str:
        """A filled template made final (Korean chooses the particles after each value)."""
        return text

    def card_name(self, name: str) -> str:
        return name

    def count_word(self, n: int) -> str:
        """A small count of cards or characters (Chinese: 两张, 一名)."""
        return str(n)

    def number_range(self, r: Renderer, low: int, high: int | None) -> str:
        raise NotImplementedError

    def any_or_all(self, n: str) -> str:
        raise NotImplementedError

    def event_card(self, card: str) -> str:
        """The card the current event names ("the Slash"), or the card in general."""
        return f"the {card}" if card else "that card"

    def count_of(self, text: str) -> str:
        raise NotImplementedError

    def attribute(self, owner: str, attr: str) -> str:
        raise NotImplementedError

    def select(self, r: Renderer, noun: str, pre: list[str], post: list[str], count: Any,
               excepts: list[str]) -> str:
        raise NotImplementedError

    def cards(self, r: Renderer, names: list[str], words: list[str], zones: list[str],
              count: Any, plural: bool) -> str:
        raise NotImplementedError

    def join_definitions(self, parts: list[str]) -> str:
        return self.definitions_join.join(parts)

    zones = ("judgement zone", "equipment area")
    # where `place` puts cards a step bound earlier, whose kind the text cannot know
    area_by_type = "equipment area or judgement zone, as its type requires"

    def area(self, equipment: bool) -> str:
        """The zone a placed card goes to: the equipment area or the judgement zone."""
        return self.zones[1 if equipment else 0]

    def character_label(self, letter: str) -> str:
        return f"character {letter}"

    one_chosen = "that character"  # the one character a sentence chose, named again
    one_chosen_alt = "that character"  # … where one_chosen already names someone else
    first_chosen = "the first character"  # of two characters chosen one after the other
    second_chosen = "the second character"
    lone_chosen = "the chosen character"  # the second, where the first is not named again

    def one_label(self, text: str) -> str:
        """Characters a sentence chose are named again in words, never by a letter: one
        is "that character" ("其", "그 플레이어"); of two chosen one after the other, the
        first is "that character" until the second is chosen, then they are "the first"
        and "the second" ("前者", "后者") — or, when only the second is named again, "the
        chosen character" ("该角色"). Three or more keep their letters."""
        first, second = self.character_label("A"), self.character_label("B")
        if first not in text or self.character_label("C") in text:
            return text
        apart = re.search(self.second_apart.format(re.escape(second)), text) \
            if self.second_apart else None
        if apart and first in text[:apart.start()] \
                and not self.chosen_as_another(apart.group(1), first):
            # the second chosen by a test of its own, not as "another": the first stays
            # "that character" and the second is "the chosen character" (选择其攻击范围内的
            # 一名角色，令其对该角色造成1点伤害)
            head, tail = text[:apart.end()], text[apart.end():]
            if first in tail:
                text = head + tail.replace(first, self.one_chosen).replace(
                    second, self.lone_chosen)
        if second not in text:
            name = self.one_chosen_alt if self.says_one_chosen(text) else self.one_chosen
            return self.labelled_once(text, first).replace(first, name)
        intro = self.labelled("", "", second)
        cut = next((i for i in (text.find(intro), text.find(intro.strip()),
                                text.find(second)) if i >= 0), 0)
        before, after = self.labelled_once(text[:cut], first), \
            self.labelled_once(self.labelled_once(text[cut:], second), first)
        name = self.one_chosen_alt if self.says_one_chosen(before) else self.one_chosen
        before = before.replace(first, name)
        if first in after:
            return before + after.replace(first, self.first_chosen).replace(
                second, self.second_chosen)
        return before + after.replace(second, self.lone_chosen)

    # Where a second character chosen apart from the first is introduced (a pattern with
    # {} for its label; its group is the clause choosing it), for languages that name the
    # first "that character" and the second "the chosen character" after it; "": never.
    second_apart = ""

    def chosen_as_another(self, clause: str, first: str) -> bool:
        """Whether the clause choosing the second character chooses it as "another than
        the first" (then the two are "the first" and "the second")."""
        return True

    def says_one_chosen(self, text: str) -> bool:
        """Whether the text already says "that character" of someone else."""
        return self.one_chosen in text

    def labelled_once(self, text: str, label: str) -> str:
        """The text without the label that introduced a character."""
        return text.replace(f" ({label})", "").replace(f"({label})", "")

    def labelled(self, text: str, chosen: str, label: str) -> str:
        """A step that names the character it chose: "… (character A)"."""
        return f"{text} ({label})"

    # -- conditions ----------------------------------------------------------------------
    def conj(self, text: str, form: str) -> str:
        """A condition in the form a sentence needs (Korean: 면/고/거나/ㄹ)."""
        return text

    def range_cond(self, left: str, low: int, high: int) -> str:
        raise NotImplementedError

    def suit_and_ranks(self, card: str, suit: str, low: int, high: int) -> str:
        """A card of one suit with a rank in a range: "the judgement card is ♠ 2–9"."""
        return f"{card} is {suit} {low}–{high}"

    def join_statics(self, texts: list[str]) -> str:
        """Modifiers under one condition or period, as one sentence."""
        return self.comma.join(texts)

    def join_top(self, texts: list[str]) -> str:
        """A clause's steps that stand apart from each other."""
        return self.sep.join(texts)

    def not_cond(self, inner: str) -> str:
        raise NotImplementedError

    def join_conds(self, parts: list[str], word: str, phrase: str,
                   subjects: list[str] | None = None) -> str:
        """Conditions joined by "and"/"or"; one about the same thing as the one before
        does not name it again ("if the target is at distance 1 from you or is you")."""
        return f" {phrase} ".join(self.drop_repeated(parts, subjects or [], " "))

    @staticmethod
    def drop_repeated(parts: list[str], subjects: list[str], after: str) -> list[str]:
        out = parts[:1]
        for i in range(1, len(parts)):
            subject = subjects[i] if i < len(subjects) else ""
            lead = subject + after
            if subject and subject == subjects[i - 1] and parts[i].startswith(lead) \
                    and parts[i - 1].startswith(lead):
                out.append(parts[i][len(lead):])
            else:
                out.append(parts[i])
        return out

    def compare(self, left: str, op: str, right: str) -> str:
        raise NotImplementedError

    def skill_used(self, period: str, used: bool) -> str:
        """Whether the skill was used in the current period (a tally that records it)."""
        return f"you {'used' if used else 'did not use'} this skill this {period}"

    # A pindian's result, said as winning: `pindian_number > rival_pindian_number`.
    pindian_won: ClassVar[dict[str, str]] = {
        ">": "you win the pindian", "<=": "you do not win the pindian"}

    def is_cond(self, subject: str, word: str, selector: bool, negated: bool, you: str,
                merge: bool = True) -> str:
        raise NotImplementedError

    def in_cond(self, subject: str, group: str, selector: bool, you: str) -> str:
        raise NotImplementedError

    def has_cond(self, subject: str, inner: str, none: bool, you: str) -> str:
        raise NotImplementedError

    def has_in_equipment(self, r: Renderer, subject: str, spec: dict[str, Any]
                         ) -> str | None:
        """A condition on the cards in an equipment area, where the language has a
        phrase for it (else None)."""
        return None

    def answered(self, who: str, you: bool, positive: bool, verb: str) -> str:
        raise NotImplementedError

    def alternative_head(self, word: str) -> str:
        """The second and later heads of "if it is ♥, …; if ♦, …"."""
        raise NotImplementedError

    # -- steps ---------------------------------------------------------------------------
    def tally_follows(self, previous: str, is_counter: bool) -> bool:
        """Whether a `let` reassignment joins the step before it ("…, then add 1 to X")."""
        return is_counter

    def tally(self, previous: str, text: str) -> str:
        return previous + self.then_join + text

    def join_steps(self, texts: list[str], plain: list[bool]) -> str:
        """The steps of a branch: plain steps join ("…, then …"); others stand apart."""
        out = texts[0]
        for i, text in enumerate(texts[1:], start=1):
            linked = plain[i] and plain[i - 1]
            out += (self.then_join if linked else self.sep) + text
        return out

    def same_subject(self, first: str, second: str, subject: str) -> str | None:
        """Two steps by the same character as one (else None)."""
        lead = subject + " "
        if not second.startswith(lead) or not first.startswith(lead):
            return None
        if second.startswith("you are "):  # "then you are treated as …"
            return first + self.then_join + second
        return first + self.then_join + second[len(lead):]

    def chooses_one(self, phrase: str, who: str, third: bool, options: list[str]) -> str:
        head = phrase.replace("{who}", who).replace("{s}", "s" if third else "")
        return f"{head}{self.colon}{self.or_options.join(options)}"

    def for_each(self, r: Renderer, what: str, kind: Any) -> str:
        return r.phrase("for_each", what=what)

    def have_choose(self, actor: str, who: str, options: list[str], phrase: str) -> str:
        """``actor`` may have someone else choose one of the options."""
        return f"{actor} may have " + self.chooses_one(phrase, who, False, options)

    def repeat_by(self, times: str) -> str | None:
        """A loop repeated a computed number of times that is not a letter (else None)."""
        return None

    def drop_option_subject(self, text: str, who: str) -> str:
        """An option of ``who``'s choice, without naming them: "discard 2 hand cards"."""
        return text[len(who):].lstrip() if text.startswith(who + " ") else text

    def chooser_named(self, text: str, who: str, you: str) -> str:
        """The chooser named again inside an option: "them", "their" ("其")."""
        if who == you:
            return text
        text = text.replace(f"{who}'s ", "their ")
        return re.sub(rf"\b(to|from|on|with|at) {re.escape(who)}\b", r"\1 them", text)

    def have_do(self, r: Renderer, s: Any, actor: str) -> str:
        """An optional step someone other than ``actor`` performs: the actor decides."""
        raise NotImplementedError

    def if_wished(self, actor: str, text: str) -> str:
        """Someone other than the actor does it, if the actor wishes (Korean)."""
        return text

    def may_have_it(self, text: str) -> str:
        """An optional step whose template has no optional form."""
        raise NotImplementedError

    def then_chain(self, r: Renderer, head: str, subject: str, steps: list[Step],
                   lead: str | None) -> str:
        """A may-block: its first step (by ``subject``), then the steps done only if it
        was. A step by the same character as the one before drops its subject; "then" is
        said once, and again where the character acting changes ("you may discard a card,
        then choose another character, give it to them, then they draw 1 card")."""
        out, previous, then_said = head, subject, f" {r.phrase('then')} " in head
        for i, step in enumerate(steps):
            text = step.text
            if step.after:  # the loop is over: "…; afterwards, …"
                out += self.sep + text
                previous, then_said = "", True
                continue
            same = step.plain and bool(step.subject) and step.subject == previous
            if same and text.startswith(step.subject):
                text = self.drop_subject(text, step.subject)
            last = i == len(steps) - 1 or not steps[i + 1].plain
            out += self.link(text, same and then_said, last, out) + text
            then_said = True
            previous = step.subject if step.plain else ""
        return out

    def drop_subject(self, text: str, subject: str) -> str:
        if text.startswith("you are "):
            return text  # "then you are treated as …", not "then are treated"
        return text[len(subject):].lstrip()

    def link(self, text: str, continues: bool, last: bool, before: str) -> str:
        """What goes before a step that follows another: ", then ", or where the same
        character goes on after "then" was said, ", " (", and " for the last)."""
        if continues:
            return ", and " if last else ", "
        return f"{self.comma}then "

    def cards_where(self, over: str, test: str) -> str:
        """The cards of ``over`` that pass ``test`` (said of "that card"): "those cards
        whose suit is ♥"."""
        return f"{over} {self._whose(test)}"

    def count_where(self, over: str, test: str) -> str:
        return f"the number of {over} {self._whose(test)}"

    @staticmethod
    def _whose(test: str) -> str:
        if test.startswith("that card's "):
            return "whose " + test[len("that card's "):]
        return re.sub(r"^that card is\b", "that are", test)

    def both(self, one: str, two: str, text: str) -> str:
        """``text`` (by ``two``, in the verb's plain form) done by both: "you and that
        character each recover 1 HP"."""
        rest = text[len(two):].lstrip() if text.startswith(two) else text
        return f"{one} and {two} each {rest}"

    def limited(self, limit: str, text: str) -> str:
        """Steps that may happen only so often: "you recover 1 HP (once per phase)"."""
        return f"{text} ({limit})"

    def grant(self, who: str) -> str:
        raise NotImplementedError

    def granted_action(self, who: str, opts: str, body: str) -> str:
        """An action other characters take in their own play phase (救援, 黄天)."""
        raise NotImplementedError

    def granted_condition(self, r: Renderer, cond: Any) -> str:
        """When others may take a granted action: "若主公已受伤"."""
        return r.phrase("if", cond=r.cond(cond, "면"))

    def same_suit(self, text: str) -> str:
        raise NotImplementedError

    def view_as_card(self, card: str) -> str:
        return card

    def after_options(self, text: str) -> str:
        """A head after its options ("once per turn, when …"): English lowers its case."""
        return text

    def trigger_head(self, lead: str, event: str, suffix: str) -> str:
        return f"{lead} {event}{suffix}".strip()

    # -- actions and card uses -----------------------------------------------------------
    def action_head(self, r: Renderer, limit: Any) -> str:
        """When an action may be taken: "During your play phase", "Once per play phase",
        "Once per turn, during your play phase"."""
        if limit is None:
            return "During your play phase"
        text = r.limit(limit)
        if limit.period == "phase":
            return capitalise(text.replace(" per phase", " per play phase"))
        return capitalise(text) + ", during your play phase"

    def action_text(self, head: str, body: str) -> str:
        return f"{head}{self.comma}{body}"

    card_target = "the target"  # a card's one target, named again
    card_target_later = "the target"  # … after the text has named it once
    card_targets = "the targets"  # a card's several targets, named again
    card_target_each = "each target"  # each target of a card's loop over them

    def every(self, what: str) -> str:
        """Every character of a group, as the targets of a card: "all other characters"."""
        what = re.sub(r"\bcharacter\b", "characters", what, count=1)
        return what if what.startswith("all ") else "all " + what

    def card_use_head(self, who: str, opts: str) -> str:
        """How a card is used and on whom ("Use in your play phase on another character")."""
        target = "yourself" if who == "you" else re.sub(r"^an? other\b", "another", who)
        head = f"use in your play phase on {target}"
        return capitalise(f"{opts}, {head}" if opts else head)

    def described_self(self, you: str, word: str, cond: str) -> str:
        """A card used on its user only when the user is so: "yourself if you are wounded"
        (Chinese and Korean put the word before the user: 已受伤的你, 부상당한 자신)."""
        return f"yourself {cond}"

    def described_other(self, body: str, who: str, word: str) -> str:
        """A step done to a character only while they are so, with the word where the
        step names them: "offer a Peach to the wounded lord" (对已受伤的主公使用)."""
        name = who[4:] if who.startswith("the ") else who
        return body.replace(f"to {who}", f"to the {word} {name}", 1)

    def card_use_text(self, head: str, rest: str) -> str:
        return f"{head}. {capitalise(rest)}" if rest else head

    def mentioned(self, text: str, token: str, form: str, what: str, later: str) -> str:
        """``token`` said in full where it first appears, then as ``later``."""
        first = {"each": "each " + re.sub(r"\bcharacters\b", "character", what, count=1),
                 "each_bound": "each of " + what, "target": what}.get(form, what)
        head, sep, tail = text.partition(token)
        return head + first + tail.replace(token, later) if sep else text

    def event_alternatives(self, texts: list[str]) -> str | None:
        """Event texts that differ only in one verb, as one (None when they differ more)."""
        words = [t.split(" ") for t in texts]
        if len(texts) != 2 or len(words[0]) != len(words[1]):
            return None
        diff = [k for k, (x, y) in enumerate(zip(*words, strict=True)) if x != y]
        if len(diff) != 1:
            return None
        k = diff[0]
        joined = self.verb_or(words[0][k], words[1][k])
        if joined is None:
            return None
        return " ".join([*words[0][:k], joined, *words[0][k + 1:]])

    def verb_or(self, a: str, b: str) -> str | None:
        return f"{a} or {b}"

    def event(self, text: str, timing: str) -> str:
        """An event clause in the form its timing needs (Korean: 받을/받은/받기)."""
        return text

    # -- fill ----------------------------------------------------------------------------
    def fill_counted_bound(self, r: Renderer, value: dict[str, Any], rest: str | None
                           ) -> str | None:
        """An amount counting cards bound earlier ("as many as those cards"), or None."""
        return None

    def fill_delta(self, value: Any, rest: str | None) -> str | None:
        """A change counted in a noun ("1 extra card"), where the language says it so."""
        return None

    def letter_for(self, text: str, subject: str, you: str) -> bool:
        """Whether a computed amount said in a step by ``subject`` reads as a letter
        defined after the sentence."""
        return False

    def fill_value(self, r: Renderer, text: str, value: Any, type_name: str,
                   rest: str | None, computed: bool) -> str:
        """A template's argument as it goes into the sentence."""
        return text

    def amount_of_event(self, text: str, event: str) -> str:
        """"That amount" named by what the event counts, where the language does: "the
        damage increases by 1"."""
        if event in ("take_damage", "deal_damage"):
            return text.replace("that amount increases by", "the damage increases by")
        return text

    def fill_finish(self, r: Renderer, out: str, subject: str, template: str,
                    subordinate: bool, may: bool, actor: str) -> str:
        return out

    polish: tuple[tuple[str, str], ...] = ()
    clause_polish: tuple[tuple[str, str], ...] = ()

    def polished(self, text: str, patterns: tuple[tuple[str, str], ...]) -> str:
        for pattern, replacement in patterns:
            text = re.sub(pattern, replacement, text)
        return text

    def sentence_done(self, text: str, you: str) -> str:
        """A clause as a finished sentence (its full stop is added after)."""
        return text

    def join_sentences(self, parts: list[str]) -> str:
        return " ".join(parts)

    # -- statics -------------------------------------------------------------------------
    merge_pattern = r"^(.*) is ([+−-]\S+)$"

    def shared_lead(self, i: int, ch: str) -> bool:
        """Whether position ``i`` may end a lead two merged totals share."""
        return ch == " "

    def merged(self, head: str, x: str, y: str, delta: str) -> str:
        raise NotImplementedError

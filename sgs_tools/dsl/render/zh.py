"""Chinese phrasing: counted numerals (两张, 一名), 【】 card names, letters for amounts
(摸X张牌（X为…）), 其 without 的, and the printed cards' set phrases."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from sgs_tools.dsl.render.common import EQUAL_CLOSE, EQUAL_OPEN, counts_bound, differing_middles
from sgs_tools.dsl.render.language import Language

if TYPE_CHECKING:
    from sgs_tools.dsl.render.core import Renderer

NUMBER_WORDS = "零一两三四五六七八九十"
COMPARE = {"==": "为", "!=": "不为", "<": "小于", "<=": "不大于", ">": "大于", ">=": "不小于"}
# Chinese names "that amount" by what it counts: 此伤害+1.
AMOUNT_OF_EVENT = {"take_damage": "此伤害", "deal_damage": "此伤害"}


def zh_count(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n <= 10 else str(n)


def zh_equal(text: str) -> str:
    """"摸{这些牌的数量}张牌" reads "摸与这些牌等量的牌"."""
    text = re.sub(f"{EQUAL_OPEN}([^{EQUAL_CLOSE}]*){EQUAL_CLOSE}张(手?牌)", r"与\1等量的\2",
                  text)
    return re.sub(f"{EQUAL_OPEN}([^{EQUAL_CLOSE}]*){EQUAL_CLOSE}", r"\1的数量", text)


class Chinese(Language):
    code = "zh"
    comma = "，"
    sep = "；"
    end = "。"
    colon = "："
    then_join = "，然后"
    after_loop = "结算完毕后，"
    definitions_join = "，"
    or_cards = "或"
    or_options = "；或"
    may_choose_to = "你可以选择："
    may_body = "你可以：{}"
    holder = "其"
    holder_first = "判定区里有此牌的角色"
    this_card = "该牌"
    current_card = ("正被使用的牌", "此{}")
    those_characters = "这些角色"
    the_result = "结果"
    the_chosen_one = "所选项"
    that_card = "该牌"
    that_character = "其"
    action_label = "出牌阶段"
    unanswered = "否则"
    choose_one = ("选择一项", "可以选择一项")
    letters_every_amount = True
    polish = ((r"的(装备区里|判定区里|区域里|场上|武将牌上)的", r"\1的"),  # 其区域里的一张牌
              (r"任意分配给所有角色", "交给任意角色"),  # cards handed out among anyone
              (r"防止此伤害中的(?:此数值|伤害值)点", "防止此伤害"),
              (r"防止此伤害中的(?:此数值|伤害值)减去(\w+)点", r"防止此伤害中超过\1点的部分"),
              # marks counted by an amount: 获得与伤害值等量的“蓄”标记, not 获得伤害值枚
              (r"(获得|弃置)(伤害值|此数值)枚(“[^”]*”)标记", r"\1与\2等量的\3标记"))
    # The same, over a whole sentence with its definitions: 防止此伤害中的X点（X为此数值减去1）.
    clause_polish = ((r"防止此伤害中的([A-Z])点（\1为(?:此数值|伤害值)减去(\w+)）",
                      r"防止此伤害中超过\2点的部分"),
                     # a character named by a long phrase is 其 right after the test on
                     # it: 若杀死你的角色为其他角色，其弃置所有牌
                     (r"若([^，。；：]{4,}?角色|[^，。；：]{2,}?来源)(为|不为)([^，。；：]+)，"
                      r"((?:每[^，。；：]+，)?)\1(?!的)", r"若\1\2\3，\4其"),
                     # 若你本回合出牌阶段未使用或打出过【杀】, not …【杀】的次数为0
                     (r"(你[^，。；：]*?)使用或打出(【[^】]+】)的次数为0", r"\1未使用或打出过\2"),
                     # the one made to act is 其 in the next step: 令目标角色摸X张牌，然后其…
                     (r"令(目标角色|伤害来源|当前回合角色)([^，。；：（]*)，然后\1(?!的)",
                      r"令\1\2，然后其"),
                     # 若这些牌包含四种花色, not 若这些牌的花色数为4
                     *((f"这些牌的花色数为{n}", f"这些牌包含{zh_count(n)}种花色")
                       for n in range(1, 5)),
                     # a rule for your own turn: 你的回合内，…
                     (r"^若你为当前回合角色，", "你的回合内，"))
    merge_pattern = r"^(.*?)([+−-]\S+)$"

    zones = ("判定区", "装备区")
    area_by_type = "装备区或判定区（视其类别）"

    def card_name(self, name: str) -> str:
        return f"【{name}】"

    def count_word(self, n: int) -> str:
        return zh_count(n)

    def number_range(self, r: Renderer, low: int, high: int | None) -> str:
        if high is None:
            return "任意" if low == 0 else f"至少{r.count_word(low)}"
        return f"{r.count_word(low)}至{r.count_word(high)}" if low else \
            f"至多{r.count_word(high)}"

    def any_or_all(self, n: str) -> str:
        return "任意" if n == "any" else "所有"

    def event_card(self, card: str) -> str:
        return "此" + card if card else "此牌"  # 此【杀】的使用者

    def count_of(self, text: str) -> str:
        return f"{text}的数量"

    def attribute(self, owner: str, attr: str) -> str:
        # what someone did (所选的花色) is theirs without 的; so is 其 (其体力值)
        bare = attr.startswith(("所", "已")) or owner == "其"
        return f"{owner}{'' if bare else '的'}{attr}"

    def select(self, r: Renderer, noun: str, pre: list[str], post: list[str], count: Any,
               excepts: list[str]) -> str:
        head = ""
        if count is not None:
            head = (r.count_word(count) + "名") if not isinstance(count, str) else "任意名"
        if noun.startswith("其他") and any(not p.endswith("的") for p in pre):
            # 其他 goes before a kind (其他蜀势力角色, 已受伤的其他男性角色)
            pre = [p for p in pre if p.endswith("的")] + ["其他"] + \
                [p for p in pre if not p.endswith("的")]
            noun = noun[len("其他"):]
        extra = "".join(f"除{e}外的" for e in excepts)
        if extra:  # 你攻击范围内除此【杀】的使用者外的一名其他角色
            where = "".join(post)
            where = where[:-1] if where.endswith("内的") else where
            return where + extra + head + "".join(pre) + noun
        return head + "".join(post) + "".join(pre) + noun

    def cards(self, r: Renderer, names: list[str], words: list[str], zones: list[str],
              count: Any, plural: bool) -> str:
        # where the cards are goes before their count: 装备区里的一张牌, 区域里的一张牌
        place = re.sub(r"^(装备区|判定区)的$", r"\1里的",
                       "".join(r.enum(z) for z in zones if z != "hand"))
        noun = "或".join(names) if names else "牌"
        hand = "手" if "hand" in zones else ""
        types = {r.enum(t) for t in r.reg.enums.get("card_type", {})}
        if hand and any(w in types for w in words):
            place, hand = "手牌中的" + place, ""  # 手牌中的一张装备牌, not 一张装备手牌
        body = "".join(words) + hand + noun
        if count == 0:
            return "没有" + place + body
        if count is None:
            return place + body
        if count in ("any", "all"):
            return f"{place}{r.number(count)}{body}"
        if isinstance(count, dict) and "range" not in count:
            if counts_bound(count, r.bound):
                return f"{place}与{r.var(count['ref'][0])}等量的{body}"
            return f"{place}{r.amount(count)}张{body}"
        return f"{place}{r.count_word(count)}张{body}"

    def join_definitions(self, parts: list[str]) -> str:
        # no brackets in brackets: （X为…的一半，向下取整）
        return self.definitions_join.join(re.sub(r"（([^（）]*)）$", r"，\1", p) for p in parts)

    def character_label(self, letter: str) -> str:
        return f"角色{letter}"

    one_chosen = "其"
    one_chosen_alt = "该角色"
    first_chosen = "前者"
    second_chosen = "后者"
    lone_chosen = "该角色"

    second_apart = r"([^，；：]*)（{}）"

    def chosen_as_another(self, clause: str, first: str) -> bool:
        return f"除{first}外" in clause

    def one_label(self, text: str) -> str:
        text = super().one_label(text).replace("其的", "其")
        # the one character chosen is made to act: 选择一名其他角色，令其摸一张牌
        text = re.sub("(选择[^，；：若]*)，然后其", r"\1，令其", text)
        # 选择一名除其外的男性角色 → 选择另一名男性角色
        text = re.sub(r"一名除(?:其|该角色)外的|除(?:其|该角色)外的一名", "另一名", text)
        # two characters of one kind chosen one after the other: 选择两名男性角色
        text = re.sub(r"选择一名([^，；：。]*?角色)(?:并|，然后|，)选择另一名\1", r"选择两名\1",
                      text)
        # the two chosen together: 令这两名角色交换手牌（X为这两名角色的手牌数之差）
        text = re.sub(r"前者的?([^，；：。（）]+?)与后者的?\1之差", r"这两名角色的\1之差", text)
        return text.replace("前者与后者", "这两名角色")

    def says_one_chosen(self, text: str) -> bool:
        return re.search("其(?![他余中])", text) is not None  # 其他角色 is not 其

    def labelled_once(self, text: str, label: str) -> str:
        return text.replace(f"（{label}）", "")

    def labelled(self, text: str, chosen: str, label: str) -> str:
        return f"{text}（{label}）"

    def range_cond(self, left: str, low: int, high: int) -> str:
        return f"{left}为{low}~{high}"

    def suit_and_ranks(self, card: str, suit: str, low: int, high: int) -> str:
        return f"{card}为{suit}{low}~{high}"

    def join_top(self, texts: list[str]) -> str:
        out = texts[0] if texts else ""
        for text in texts[1:]:  # 进行一次判定：若…
            out += ("：" if out.endswith("判定") and text.startswith("若") else self.sep) + text
        return out

    def not_cond(self, inner: str) -> str:
        return f"并非{inner}"

    def join_conds(self, parts: list[str], word: str, phrase: str,
                   subjects: list[str] | None = None) -> str:
        return phrase.join(self.drop_repeated(parts, subjects or [], ""))

    def compare(self, left: str, op: str, right: str) -> str:
        # a count of characters or cards against 0: 有质疑此牌的角色, 没有…的牌
        m = re.fullmatch(r"(.*的(?:角色|牌))数", left)
        if m and right == "0" and op in (">", "!=", "=="):
            return ("没有" if op == "==" else "有") + m.group(1)
        return f"{left}{COMPARE[op]}{right}"

    def skill_used(self, period: str, used: bool) -> str:
        return f"你本{period}{'' if used else '未'}发动过此技能"

    pindian_won: ClassVar[dict[str, str]] = {">": "你赢", "<=": "你没赢"}

    def moved_by_skill(self, verb: str, period: str, to_other: bool) -> str:
        done = {"give": "交给其他角色" if to_other else "交出", "discard": "弃置"}[verb]
        return f"本{period}你以此法{done}的牌数"

    def chose_option(self, period: str, index: int, count: int, chosen: bool) -> str:
        option = ("前者", "后者")[index] if count == 2 else f"第{'一二三四五六'[index]}项"
        return f"你本{period}{'' if chosen else '未'}选择{'了' if chosen else ''}{option}"

    def is_cond(self, subject: str, word: str, selector: bool, negated: bool, you: str,
                merge: bool = True) -> str:
        if merge and selector and word.endswith("的") and not negated:
            return f"{subject}{word[:-1]}"  # 目标角色与你距离为1, 该角色存活
        return f"{subject}{'不' if negated else ''}为{word}"

    def in_cond(self, subject: str, group: str, selector: bool, you: str) -> str:
        if selector and group.endswith("的"):
            return f"{subject}{group[:-1]}"  # 伤害来源与你势力相同, 目标角色与你距离为1
        return f"{subject}为{group}"

    def has_cond(self, subject: str, inner: str, none: bool, you: str) -> str:
        return f"{subject}{'没有' if none else '有'}{inner}"

    def has_in_equipment(self, r: Renderer, subject: str, spec: dict[str, Any]
                         ) -> str | None:
        if spec.get("filters", {}).get("zone") != ["equipment"]:
            return None
        # 你的装备区里没有武器牌, 目标角色的装备区里有牌
        filters = {k: v for k, v in spec["filters"].items() if k != "zone"}
        count = spec.get("count")
        inner = r.cards({**spec, "filters": filters, "count": None if count == 0 else count})
        owner = subject if subject == "其" else subject + "的"
        return f"{owner}装备区里{'没有' if count == 0 else '有'}{inner}"

    def answered(self, who: str, you: bool, positive: bool, verb: str) -> str:
        word = {"respond": "打出", "respond_use": "使用", "ask_use": "使用"}[verb]
        return f"{who}{word if positive else '未' + word}"

    def alternative_head(self, word: str) -> str:
        return f"若为{word}"

    def same_subject(self, first: str, second: str, subject: str) -> str | None:
        if not second.startswith(subject) or not first.startswith(subject):
            return None
        return first + ("，" if "然后" in first else self.then_join) + second[len(subject):]

    def join_steps(self, texts: list[str], plain: list[bool]) -> str:
        out = texts[0]
        for i, text in enumerate(texts[1:], start=1):
            linked = plain[i] and plain[i - 1]
            out += ("，" if "然后" in out else self.then_join) if linked else self.sep
            out += text
        return out

    def chooses_one(self, phrase: str, who: str, third: bool, options: list[str]) -> str:
        head = phrase.replace("{who}", who).replace("{s}", "")
        return f"{head}：{self.or_options.join(options)}"

    def have_choose(self, actor: str, who: str, options: list[str], phrase: str) -> str:
        return f"{actor}可以令" + self.chooses_one(phrase, who, False, options)

    def for_each(self, r: Renderer, what: str, kind: Any) -> str:
        if kind == "cards":
            return f"对{what}中的每张牌"  # not 对每名这些牌
        if what.startswith("这些"):
            return f"对{what}中的每名角色"
        return r.phrase("for_each", what=what)

    def drop_option_subject(self, text: str, who: str) -> str:
        return text[len(who):] if text.startswith(who) else text

    def chooser_named(self, text: str, who: str, you: str) -> str:
        return text if who == you else text.replace(who + "的", "其").replace(who, "其")

    def have_do(self, r: Renderer, s: Any, actor: str) -> str:
        return f"{actor}可以令{r.sentence(s, actor, bare=True)}"

    def may_have_it(self, text: str) -> str:
        return f"你可以令{text}"

    def drop_subject(self, text: str, subject: str) -> str:
        return text[len(subject):]

    def join_statics(self, texts: list[str]) -> str:
        # cards that cannot affect you, as one: 【杀】和非延时锦囊牌对你无效
        if len(texts) > 1 and all(t.endswith("对你无效") for t in texts):
            return "和".join(t[:-len("对你无效")] for t in texts) + "对你无效"
        if len(texts) > 1 and all(t.startswith("你") for t in texts):
            # one subject for the list: 你无视与其距离，无视其防具，对其使用【杀】无次数限制
            texts = texts[:1] + [t[1:] for t in texts[1:]]
        return super().join_statics(texts)

    def fill_value(self, r: Renderer, text: str, value: Any, type_name: str,
                   rest: str | None, computed: bool) -> str:
        if type_name == "delta" and rest == "|card" and isinstance(value, dict):
            # a change to the draw: 多摸一张牌, 少摸一张牌 (not 摸牌数+1)
            amount = value.get("amount")
            n = self.count_word(amount) if isinstance(amount, int) else text.lstrip("+−-")
            return f"{'多' if value.get('sign') == '+' else '少'}摸{n}张牌"
        return text

    def link(self, text: str, continues: bool, last: bool, before: str) -> str:
        # 然后 once per character; a test follows the step it tests: 进行一次判定：若…;
        # what follows a test stands apart from it: 若…，A；B
        if text.startswith("若"):
            return "：" if before.endswith("判定") else "，"
        if re.search(r"(^|[，；：])若[^；]*$", before):
            return "；"
        # a choice of whom to act on follows a cost in the same breath (你可以弃置一张手牌并
        # 选择一名角色); one_label has the one chosen made to act (选择…，令其摸一张牌)
        clause = re.split("[，；：]", before)[-1]
        if text.startswith("选择") and clause.startswith("你可以") and "选择" not in clause:
            return "并"
        # 然后 where the acting character changes, at most twice in one sentence; an
        # optional step inside the chain needs none (…，你可以选择一名角色，然后…)
        if continues or text.startswith("你可以") or before.count("然后") >= 2:
            return "，"
        return "，然后"

    def cards_where(self, over: str, test: str) -> str:
        return f"{over}中{re.sub('^该牌的?', '', test)}的牌"

    def count_where(self, over: str, test: str) -> str:
        return f"{over}中{re.sub('^该牌的?', '', test)}的牌数"

    def both(self, one: str, two: str, text: str) -> str:
        rest = text[len(two):] if text.startswith(two) else text
        return f"{one}与{two}各{rest}"

    def limited(self, limit: str, text: str) -> str:
        return f"{text}（{limit}）"

    def grant(self, who: str) -> str:
        return f"{who}也可以发动"

    def granted_action(self, who: str, opts: str, body: str) -> str:
        return f"{who}可以于其出牌阶段{'，' + opts + '，' if opts else ''}{body}"

    def same_suit(self, text: str) -> str:
        return text.replace("张", "张花色相同的", 1)

    def trigger_head(self, lead: str, event: str, suffix: str) -> str:
        return f"{lead}{event}{suffix}".strip()

    def action_head(self, r: Renderer, limit: Any) -> str:
        if limit is None:
            return self.action_label
        if limit.period == "phase":  # 出牌阶段限一次
            return self.action_label + r.limit(limit).replace("每阶段", "")
        return f"{self.action_label}，{r.limit(limit)}"

    card_target = "目标角色"
    card_target_later = "其"
    card_targets = "目标角色"
    card_target_each = "每名目标角色"

    def every(self, what: str) -> str:
        return what if what.startswith("所有") else "所有" + what

    def card_use_head(self, who: str, opts: str) -> str:
        return f"{self.action_label}，{opts + '，' if opts else ''}对{who}使用"

    def described_self(self, you: str, word: str, cond: str) -> str:
        return word + you

    def alternatives(self, head: str, a: str, b: str, tail: str) -> str:
        if tail.startswith("牌"):  # 基本牌或非延时锦囊牌, not 基本或非延时锦囊牌
            a, b, tail = a + "牌", b + "牌", tail[1:]
        return f"{head}{a}或{b}{tail}"

    def described_other(self, body: str, who: str, word: str) -> str:
        return body.replace(f"对{who}", f"对{word}{who}", 1)

    def card_use_text(self, head: str, rest: str) -> str:
        return f"{head}。{rest}" if rest else head

    def mentioned(self, text: str, token: str, form: str, what: str, later: str) -> str:
        if form == "plain" and self.character_label("A") in text:
            later = what  # 其 will name the one chosen character: 目标角色 stays 目标角色
        first = {"each": "每名" + what, "each_bound": what + "各自", "target": what}.get(
            form, what)
        head, sep, tail = text.partition(token)
        if not sep:
            return text
        return (head + first + tail.replace(token, later)).replace("其的", "其")

    def event_alternatives(self, texts: list[str]) -> str | None:
        first, second = texts[0], texts[1]
        a, b, i, j = differing_middles(first, second)
        if len(texts) != 2 or not a or not b or len(a) > 3 or len(b) > 3:
            return None
        return f"{first[:i]}{a}或{b}{first[len(first) - j:]}"

    # -- fill ----------------------------------------------------------------------------
    def fill_counted_bound(self, r: Renderer, value: dict[str, Any], rest: str | None
                           ) -> str | None:
        return f"{EQUAL_OPEN}{r.var(value['ref'][0])}{EQUAL_CLOSE}"

    def fill_finish(self, r: Renderer, out: str, subject: str, template: str,
                    subordinate: bool, may: bool, actor: str) -> str:
        out = zh_equal(out)
        # counted cards in words (摸两张牌), and 其 owns without 的
        return re.sub(r"(?<![\d.~])(10|[0-9])(张|名|枚)",
                      lambda m: zh_count(int(m.group(1))) + m.group(2), out).replace("其的", "其")

    def amount_of_event(self, text: str, event: str) -> str:
        if event in AMOUNT_OF_EVENT:
            return text.replace("此数值+", AMOUNT_OF_EVENT[event] + "+")  # 此伤害+1
        return text

    def join_sentences(self, parts: list[str]) -> str:
        return "".join(parts)

    def shared_lead(self, i: int, ch: str) -> bool:
        return True

    def merged(self, head: str, x: str, y: str, delta: str) -> str:
        return f"{head}{x}与{y}各{delta}"

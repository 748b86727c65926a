"""One card's compiled hooks → a FreeKill card: its ``fk.CreateCard`` spec and the skill
that carries its effect (a card skill for basics and tricks, an equip skill for
equipment), or the reason it cannot be exported.

What a card's hooks mean here (as in ``cards/standard/cards.yaml``): a basic card or an
ordinary trick has one ``action:`` — what using it does — read as FreeKill's card skill
(a leading ``pick 1 …`` is its target, a ``for each … as X`` over the whole body makes it
a card with fixed targets, no target means it targets its user); a delayed trick's
``action:`` only places it (``pick 1 … as target`` then ``place THIS on target``), its
``when delayed_effect:`` is the judgement-phase effect and its ``after cancelled:`` what
happens when it is cancelled (else it is discarded); equipment's hooks are the equip
skill's effects (the same trigger, modifier and view-as effects as a general's skill).
A card that answers an event itself (Jink, Nullification, Peach when dying) is one of
FreeKill's passive cards and is not exported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sgs_tools.export.freekill import lua
from sgs_tools.export.freekill.emit import (
    SKILL,
    Ctx,
    Effect,
    NotExportable,
    SkillEmitter,
    _fill,
    _indent,
    _short,
)
from sgs_tools.export.freekill.mapping import Mapping
from sgs_tools.export.freekill.skill import emit_skill

TYPES = {"basic": "Card.TypeBasic", "trick": "Card.TypeTrick",
         "delayed_trick": "Card.TypeTrick", "equipment": "Card.TypeEquip"}
SUBTYPES = {"weapon": "Card.SubtypeWeapon", "armour": "Card.SubtypeArmor",
            "plus_horse": "Card.SubtypeDefensiveRide",
            "minus_horse": "Card.SubtypeOffensiveRide", "treasure": "Card.SubtypeTreasure"}
# The kind of card, heading its translated text.
KIND_TEXT = {
    "zh": {"basic": "基本牌", "trick": "锦囊牌", "delayed_trick": "延时锦囊牌",
           "weapon": "装备牌·武器", "armour": "装备牌·防具", "plus_horse": "装备牌·+1坐骑",
           "minus_horse": "装备牌·-1坐骑", "treasure": "装备牌·宝物"},
    "en": {"basic": "Basic card", "trick": "Trick", "delayed_trick": "Delayed trick",
           "weapon": "Equipment · weapon", "armour": "Equipment · armour",
           "plus_horse": "Equipment · +1 horse", "minus_horse": "Equipment · −1 horse",
           "treasure": "Equipment · treasure"},
}
RANGE_TEXT = {"zh": "（攻击范围{n}）", "en": " (range {n})"}
MOD_TARGET = "mod_target_filter = function(self, player, to_select, selected, card, extra_data)"
DISCARD = ("local ids = room:getSubcardsByRule(effect.card, { Card.Processing })\n"
           "if #ids > 0 then\n"
           "  room:moveCards{ ids = ids, toArea = Card.DiscardPile, moveReason = fk.ReasonUse }\n"
           "end")


@dataclass
class CardLua:
    """The Lua of one exported card."""

    name: str  # the FreeKill card name (prefixed)
    skill: str | None  # the name of its skill skeleton (None: the card has no skill file)
    spec: list[str]  # the fields of its fk.CreateCard{ … }
    effects: list[Effect] = field(default_factory=list)
    helpers: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    option_words: dict[str, str] = field(default_factory=dict)
    tags: list[str] = field(default_factory=list)
    attached: bool = False  # an equip skill (attached_equip)
    ai: bool = False  # give FreeKill's AI a (neutral) strategy for using it
    one_target: bool = False  # used on exactly one other character

    def define(self) -> str:
        """The card's ``fk.CreateCard{ … }`` (for init.lua)."""
        return "fk.CreateCard{\n" + "".join(f"  {line}\n" for line in self.spec) + "}"


def card_text(card: Any, text: str, lang: str) -> str:
    """A card's translated description (FreeKill rich text): its kind (and range), then
    on the next line its rules text (already escaped for rich text)."""
    kind = card.subtype if card.type == "equipment" and card.subtype else card.type
    head = KIND_TEXT[lang].get(str(kind), str(kind))
    if card.subtype == "weapon" and card.range is not None:
        head += RANGE_TEXT[lang].format(n=card.range)
    return f"{head}<br />{text}" if text else head


def emit_card(card: Any, fk_name: str, hooks: list[dict[str, Any]], mapping: Mapping,
              cards: dict[str, str]) -> CardLua:
    """The FreeKill card for our ``card`` (a catalog Card); raises NotExportable."""
    kind = str(card.type)
    if kind not in TYPES:
        raise NotExportable(f"card type {kind}")
    spec = [f"name = {lua.string(fk_name)},", f"type = {TYPES[kind]},"]
    if kind == "equipment":
        return _equipment(card, fk_name, hooks, mapping, cards, spec)
    if kind == "delayed_trick":
        spec.append("sub_type = Card.SubtypeDelayedTrick,")
    skill = f"{fk_name}_skill"
    out = CardLua(fk_name, skill, spec, ai=True)
    em = SkillEmitter(mapping, cards)
    em.options, em.option_words, em.option_prefix = [], {}, f"{skill}_choice"
    if kind == "delayed_trick":
        body = _delayed(em, card, hooks, out)
    else:
        actions = [h for h in hooks if h.get("kind") == "action"]
        for h in hooks:
            if h.get("kind") != "action":
                raise NotExportable(_hook_word(h), "a card answering an event (FreeKill's "
                                    "passive cards) is not exported")
        if len(actions) != 1:
            raise NotExportable("action", f"{len(actions)} ways of using the card")
        body = _used(em, actions[0], out)
    if any(_deals_damage(h.get("steps") or []) for h in hooks):
        out.spec.append("is_damage_card = true,")
    spec.append(f"skill = {lua.string(skill)},")
    out.effects.append(Effect(lua.string("cardskill"), body))
    out.options, out.option_words = list(em.options), dict(em.option_words)
    return out


def _hook_word(hook: dict[str, Any]) -> str:
    if hook.get("kind") == "trigger":
        return f"{hook.get('timing')} {hook.get('event')}"
    return str(hook.get("kind"))


def _deals_damage(steps: list[Any]) -> bool:
    for st in steps:
        if not isinstance(st, dict):
            continue
        if st.get("do") == "damage":
            return True
        for key in ("then", "else", "steps", "may"):
            if isinstance(st.get(key), list) and _deals_damage(st[key]):
                return True
        for option in st.get("options") or []:
            if _deals_damage(option):
                return True
    return False


def _plain(hook: dict[str, Any], what: str) -> None:
    """A card's hook carries no limit, condition, cost or filter of its own."""
    for key in ("cost", "condition", "frequency", "filter"):
        if hook.get(key):
            raise NotExportable(what, f"a {key} on using a card")


def _target_test(em: SkillEmitter, sel: dict[str, Any], ctx: Ctx) -> str:
    """The test on ``to_select`` for a card's target selector (seen by its user)."""
    nouns = {"other": "to_select ~= player", "others": "to_select ~= player",
             "player": "true", "players": "true", "all": "true"}
    noun = str(sel.get("noun"))
    if noun not in nouns:
        raise NotExportable(f"selector {noun}", "as a card's target")
    tests = [nouns[noun]]
    for f in sel.get("filters") or []:
        tpl = em.m.selector_filters.get(str(f))
        if tpl is None:
            raise NotExportable(f"selector {f}")
        tests.append(_fill(tpl, p="to_select", me="player"))
    for ex in sel.get("except") or []:
        tests.append(em.except_test(ex, ctx, "to_select"))
    return " and ".join(t for t in tests if t != "true") or "true"


def _single_target(st: Any) -> dict[str, Any] | None:
    """The selector of ``pick 1 … as X`` (one character chosen), else None."""
    if not (isinstance(st, dict) and st.get("do") == "pick"):
        return None
    who = (st.get("args") or {}).get("who")
    sel = who.get("select") if isinstance(who, dict) else None
    if not isinstance(sel, dict) or sel.get("count", 1) not in (1, None):
        return None
    return sel


def _card_ctx() -> Ctx:
    """Where a card's effect runs: "you" is ``player`` (its user, or for a delayed trick
    the character whose judgement zone holds it), the card is ``effect.card``."""
    return Ctx(actor="player", vars={"you": "player"}, kinds={"you": "player"},
               card="effect.card", event_data="effect")


def _on_effect(body: str, user: str, head: str = "") -> str:
    lines = [line for line in (head, body) if line]
    text = "\n".join(lines)
    local = f"local player = {user}\n" if "player" in text else ""
    return ("on_effect = function(self, room, effect)\n"
            + _indent(local + text, "  ") + "\nend,")


def _used(em: SkillEmitter, hook: dict[str, Any], out: CardLua) -> str:
    """A basic card's or an ordinary trick's ``action:`` → the card skill's body."""
    _plain(hook, "action")
    ctx = _card_ctx()
    steps = list(hook.get("steps") or [])
    sel = _single_target(steps[0]) if steps else None
    head = ""
    if sel is not None:  # used on one character
        test = _target_test(em, sel, ctx)
        ctx.bind(str(steps[0].get("as") or "it"), "effect.to", "player")
        steps = steps[1:]
        lines = ["target_num = 1,",
                 MOD_TARGET,
                 f"  return {test}", "end,",
                 "target_filter = Util.CardTargetFilter,"]
        head = "if effect.to.dead then return end"
        out.one_target = test.startswith("to_select ~= player")
    elif len(steps) == 1 and isinstance(steps[0], dict) and "for_each" in steps[0] \
            and isinstance((steps[0]["for_each"] or {}).get("select"), dict):
        # for each of them: the card's fixed targets, its effect once on each
        each = steps[0]
        test = _target_test(em, each["for_each"]["select"], ctx)
        ctx.bind(str(each.get("as") or "it"), "effect.to", "player")
        steps = list(each.get("steps") or [])
        out.spec.append("multiple_targets = true,")
        lines = ["can_use = Util.CanUseFixedTarget,",
                 MOD_TARGET,
                 f"  return {test}", "end,"]
        head = "if effect.to.dead then return end"
    else:  # used on its user
        lines = ["can_use = Util.CanUseToSelf,", "mod_target_filter = Util.TrueFunc,"]
    body = em.steps(steps, ctx)
    return "\n".join(lines) + "\n" + _on_effect(body, "effect.from", head)


def _delayed(em: SkillEmitter, card: Any, hooks: list[dict[str, Any]], out: CardLua) -> str:
    """A delayed trick: where it is placed, its effect in the judgement phase, and what
    happens when it is cancelled."""
    actions = [h for h in hooks if h.get("kind") == "action"]
    effects = [h for h in hooks if h.get("kind") == "trigger"
               and h.get("event") == "delayed_effect"]
    cancelled = [h for h in hooks if h.get("kind") == "trigger"
                 and h.get("event") == "cancelled"]
    for h in hooks:
        if h not in actions + effects + cancelled:
            raise NotExportable(_hook_word(h), "on a delayed trick")
    if len(actions) != 1 or len(effects) != 1 or len(cancelled) > 1:
        raise NotExportable("delayed trick", "one action (placing it) and one "
                            "delayed_effect are needed")
    _plain(actions[0], "action")
    ctx = _card_ctx()
    steps = list(actions[0].get("steps") or [])
    sel = _single_target(steps[0]) if steps else None
    target = "you"
    if sel is not None:
        target = str(steps[0].get("as") or "it")
        test = _target_test(em, sel, ctx)
        steps = steps[1:]
        lines = ["target_num = 1,",
                 MOD_TARGET,
                 f"  return {test}", "end,",
                 "target_filter = Util.CardTargetFilter,"]
        out.one_target = test.startswith("to_select ~= player")
    else:
        lines = ["can_use = Util.CanUseToSelf,", "mod_target_filter = Util.TrueFunc,"]
    place = steps[0] if len(steps) == 1 and isinstance(steps[0], dict) else {}
    args = place.get("args") or {}
    names = (((args.get("cards") or {}).get("cards") or {}).get("filters") or {}).get("name")
    if place.get("do") != "place" or names != [card.id] or args.get("on") != {"var": target}:
        raise NotExportable("delayed trick", "its action must only place it on its target "
                            f"({_short(actions[0].get('steps'))})")
    for h in effects + cancelled:
        if h.get("condition") or h.get("frequency") or h.get("cost") or (
                h.get("filter") and any((h.get("filter") or {}).values())):
            raise NotExportable(_hook_word(h), "with a condition or filter")
    judged = _card_ctx()
    body = em.steps(list(effects[0].get("steps") or []), judged)
    text = "\n".join(lines) + "\n" + _on_effect(body + "\n" + DISCARD, "effect.to")
    after = em.steps(list(cancelled[0].get("steps") or []), _card_ctx()) \
        if cancelled else ""
    after = (after + "\n" if after else "") + DISCARD
    local = "local player = effect.to\n" if "player" in after else ""
    text += ("\non_nullified = function(self, room, effect)\n"
             + _indent(local + after, "  ") + "\nend,")
    return text


def _equipment(card: Any, fk_name: str, hooks: list[dict[str, Any]], mapping: Mapping,
               cards: dict[str, str], spec: list[str]) -> CardLua:
    sub = SUBTYPES.get(str(card.subtype))
    if sub is None:
        raise NotExportable(f"equipment subtype {card.subtype}")
    spec.append(f"sub_type = {sub},")
    if card.subtype == "weapon":
        spec.append(f"attack_range = {int(card.range or 1)},")
    if not hooks:
        return CardLua(fk_name, None, spec)
    skill = f"#{fk_name}_skill"
    sk = emit_skill(skill, hooks, mapping, cards)
    spec.append(f"equip_skill = {lua.string(skill)},")
    tags = ["Skill.Compulsory"] if all(h.get("locked") for h in hooks) else []
    return CardLua(fk_name, skill, spec, sk.effects, sk.helpers, sk.options,
                   sk.option_words, tags, attached=True)


def card_file(c: CardLua, comp: Any, tests: list[str], header: str) -> str:
    """The card's skill file (``cards/<id>.lua``): the skill skeleton FreeKill's card
    points at, headed by the DSL it came from."""
    from sgs_tools.dsl.unparse import unparse

    text = header
    text += lua.comment("DSL:\n" + unparse(comp.effect).rstrip("\n")) + "\n"
    for helper in c.helpers:
        text += helper + "\n\n"
    text += "local skel = fk.CreateSkill{\n"
    text += f"  name = {lua.string(str(c.skill))},\n"
    if c.tags:
        text += f"  tags = {{ {', '.join(c.tags)} }},\n"
    if c.attached:
        text += f"  attached_equip = {lua.string(c.name)},\n"
    text += "}\n"
    for eff in c.effects:
        text += f"\nskel:addEffect({eff.kind}, {{\n"
        text += "".join(f"  {line}\n" if line.strip() else "\n"
                        for line in eff.body.splitlines())
        text += "})\n"
    if c.ai:
        text += ("\n-- FreeKill's AI uses a card only when its skill has a strategy; this one "
                 "has no\n-- estimate of the effect, so the AI plays the card whenever it "
                 "can.\nskel:addAI(Fk.Ltk.AI.newCardSkillStrategy {})\n")
    for test in tests:
        text += f"\nskel:addTest({test})\n"
    text += "\nreturn skel\n"
    return text


__all__ = ["SKILL", "CardLua", "card_file", "card_text", "emit_card"]

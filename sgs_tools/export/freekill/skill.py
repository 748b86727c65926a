"""One skill's hooks → one FreeKill skill file (or the reason it cannot be exported)."""

from __future__ import annotations

import re
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
    card_pattern,
    em_why,
)
from sgs_tools.export.freekill.mapping import Mapping


@dataclass
class SkillLua:
    """The Lua of one exported skill, and the choice labels it needs translated."""

    name: str  # the FreeKill skill name (prefixed)
    effects: list[Effect]
    options: list[str] = field(default_factory=list)
    option_words: dict[str, str] = field(default_factory=dict)  # label → its first word
    helpers: list[str] = field(default_factory=list)
    granted: SkillLua | None = None
    """The skill FreeKill hands to the characters an action is granted to (``action, for
    wu others:``): an attached active skill, ``NAME&``."""


def _helpers(mapping: Mapping, sk: SkillLua) -> None:
    """Put the definitions of the helper functions the effects call at the top."""
    used = [name for name in mapping.helpers
            if any(re.search(rf"\b{name}\(", text)
                   for text in [e.body for e in sk.effects] + sk.helpers)]
    sk.helpers[:0] = [mapping.helpers[name].rstrip("\n") for name in used]


def emit_skill(name: str, hooks: list[dict[str, Any]], mapping: Mapping,
               cards: dict[str, str]) -> SkillLua:
    """The effects of skill ``name`` (already prefixed); raises NotExportable."""
    em = SkillEmitter(mapping, cards)
    em.options = []
    em.option_words = {}
    em.option_prefix = f"{name}_choice"
    em.skill_name = name
    out = SkillLua(name, [])
    views: list[dict[str, Any]] = []
    if not hooks:
        raise NotExportable("effect", "the skill has no compiled hooks")
    for hook in hooks:
        kind = hook.get("kind")
        if hook.get("cost") and kind not in ("action", "trigger"):
            raise NotExportable("cost", "a cost paid before the effect")
        if kind == "trigger":
            out.effects.extend(_trigger(em, hook, out))
        elif kind == "static":
            out.effects.extend(_static(em, hook, out))
        elif kind == "view_as":
            views.append(hook)
        elif kind == "action" and hook.get("granted_to"):
            if out.granted is None:
                out.granted = SkillLua(f"{name}&", [])
            test = _owner_relative(em, hook["granted_to"], "player", "owner")
            out.granted.effects.append(_active(em, hook, (name, test)))
        elif kind == "action":
            lent = _lent_use(em, hook)
            if lent is not None:
                views_of_own = [e for e in out.effects if e.kind == lua.string("viewas")]
                if views_of_own:
                    raise NotExportable("action", "two view-as effects in one skill")
            out.effects.append(lent or _active(em, hook))
        else:
            raise NotExportable(f"hook kind {kind}")
    if views:  # FreeKill allows one view-as effect per skill: conversions share it
        if any(e.kind == lua.string("viewas") for e in out.effects):
            raise NotExportable("view as", "two view-as effects in one skill")
        out.effects.append(_view_as(em, views))
    for mark, mod in em.lasting:  # modifiers that last until the end of a period
        out.effects += modifier_effects(em, mod, {}, out, mark)
    _helpers(mapping, out)
    if out.granted is not None:
        _helpers(mapping, out.granted)
    out.options = list(em.options)
    out.option_words = dict(em.option_words)
    return out


def _frequency(em: SkillEmitter, hook: dict[str, Any], who: str) -> str:
    freq = hook.get("frequency")
    if not freq:
        return ""
    if not isinstance(freq, dict):
        raise NotExportable("frequency", _short(freq))
    scope = em.m.periods.get(str(freq.get("per")))
    if scope is None:
        raise NotExportable(f"per {freq.get('per')}")
    times = em.integer(freq.get("times", 1), Ctx(actor=who, vars={"you": who}))
    return f"{who}:usedSkillTimes({SKILL}, {scope}) < {times}"


def _who_test(em: SkillEmitter, who: Any) -> str:
    """The test on FreeKill's ``target`` for our event's ``who``."""
    if who is None or (isinstance(who, dict) and who.get("var") == "you"):
        return "target == player"
    if isinstance(who, dict) and isinstance(who.get("select"), dict):
        sel = who["select"]
        for key in ("within", "where"):  # no mapping yet: never exported weaker
            if key in sel:
                raise NotExportable(f"selector {key}")
        noun = sel.get("noun")
        tests = {"others": "target ~= nil and target ~= player",
                 "players": "target ~= nil", "all": "target ~= nil",
                 "player": "target ~= nil"}
        role = em.m.selector_roles.get(str(noun))
        if role is not None:  # of lord: whoever holds that role
            tests[str(noun)] = f"target ~= nil and {_fill(role, p='target')}"
        if noun not in tests:
            raise NotExportable(f"selector {noun}", "as whose event it is")
        out = [tests[str(noun)]]
        for f in sel.get("filters") or []:
            tpl = em.m.selector_filters.get(str(f))
            if tpl is None:
                raise NotExportable(f"selector {f}")
            out.append(_fill(tpl, p="target", me="player"))
        return " and ".join(out)
    raise NotExportable("event subject", _short(who))


def _trigger(em: SkillEmitter, hook: dict[str, Any], out: SkillLua) -> list[Effect]:
    """A trigger hook → one effect per FreeKill event its moment maps to (``asked`` is
    both FreeKill's request to use and its request to play a card)."""
    event, timing = str(hook.get("event")), str(hook.get("timing"))
    entry = (em.m.events.get(event) or {}).get(timing)
    if entry is None:
        raise NotExportable(f"{timing} {event}", "no FreeKill event for this moment")
    ctx = Ctx(actor="player", vars={"you": "player"}, kinds={"you": "player"}, event=event)
    for var, expr in (entry.get("vars") or {}).items():
        ctx.bind(str(var), str(expr), em.kind_of(str(var), ctx))
    tests = ["player:hasSkill(skel.name)"]
    flt = dict(hook.get("filter") or {})
    if entry.get("moves") == "from":  # a batch of card moves: whose cards left which zones
        who = flt.pop("who", None)
        if who is not None and who != {"var": "you"}:
            raise NotExportable(f"{event} of {_short(who)}")
        spec = flt.pop("from", None)
        zones = ["hand", "equipment"]
        if spec is not None:
            cards = spec.get("cards") if isinstance(spec, dict) else None
            filters = dict((cards or {}).get("filters") or {})
            zones = filters.pop("zone", None) or zones
            if not isinstance(cards, dict) or filters:
                raise NotExportable(f"{event} filter", _short(spec))
        areas = [em.m.areas.get(str(z)) or _missing_area(str(z)) for z in zones]
        listed = "{ " + ", ".join(areas) + " }"
        for var in list(ctx.vars):
            ctx.vars[var] = _fill(ctx.vars[var], areas=listed)
        tests.append(f"{ctx.vars['amount']} > 0")
    else:
        tests.insert(0, _who_test(em, flt.pop("who", None)))
    card = flt.pop("card", None)
    if isinstance(card, str) and entry.get("card_name_test"):  # asked for a named card
        pattern = lua.string(card_pattern(em.card_name(card)))
        tests.append(_fill(str(entry["card_name_test"]), pattern=pattern))
    elif card is not None:
        if "card" not in ctx.vars:
            raise NotExportable(f"{event} card filter")
        expr = ctx.vars["card"]
        tests.append(f"{expr} ~= nil and {em.card_test(card, expr)}")
    if entry.get("test"):
        tests.append(str(entry["test"]))
    phase = flt.pop("phase", None)
    if phase is not None:
        field_ = entry.get("phase")
        ph = em.m.phases.get(str(phase))
        if field_ is None or ph is None:
            raise NotExportable(f"phase {phase}")
        tests.append(f"{field_} == {ph}")
        ctx.phase = str(phase)
    in_phase = flt.pop("in_phase", None)
    if in_phase is not None:
        ph = em.m.phases.get(str(in_phase))
        if ph is None:
            raise NotExportable(f"phase {in_phase}")
        tests.append(f"player.phase == {ph}")
    if flt:
        raise NotExportable(f"{event} filter {sorted(flt)[0]}")
    if hook.get("condition") is not None:
        tests.append(em.cond(hook["condition"], ctx))
    freq = _frequency(em, hook, "player")
    if freq:
        tests.append(freq)
    cost = list(hook.get("cost") or [])
    steps = list(hook.get("steps") or [])
    # A cost is paid first, once the owner chose to use the skill; it must be payable.
    # An optional skill is offered only when its first step can be carried out.
    for st in cost[:1] + (steps[:1] if hook.get("optional") or cost else []):
        can = em.option_can([st], ctx)
        if can != "true":
            tests.append(can)
    body = em.steps(cost + steps, ctx)
    effects = []
    events = entry["event"] if isinstance(entry["event"], list) else [entry["event"]]
    for fk_event in events:
        mine = tests + ([str(entry["tests"][fk_event])]
                        if fk_event in (entry.get("tests") or {}) else [])
        text = "can_trigger = function(self, event, target, player, data)\n"
        if any(re.search(r"(?<![.\w])room\b", t) for t in mine):
            text += "  local room = player.room\n"
        joined = " and\n  ".join(t.replace("\n", "\n  ") for t in mine)
        text += "  return " + _indent(joined, "  ").lstrip() + "\nend,\n"
        if not hook.get("optional"):
            text += "on_cost = Util.TrueFunc,\n"
        text += "on_use = function(self, event, target, player, data)\n"
        if "room" in body:
            text += "  local room = player.room\n"
        text += _indent(body, "  ") + "\nend,"
        effects.append(Effect(str(fk_event), text))
    return effects


def _missing_area(zone: str) -> str:
    raise NotExportable(f"zone {zone}")


def _modifier_cond(em: SkillEmitter, hook: dict[str, Any], who: str, out: SkillLua) -> str:
    """The skill's condition on its owner ``who`` (a local function of the skill file)."""
    if hook.get("condition") is None:
        return "true"
    cond = em.cond(hook["condition"], Ctx(actor="player", vars={"you": "player"}))
    name = f"condition{hook.get('index', 0)}"
    helper = f"local function {name}(player)\n  return {cond}\nend"
    if helper not in out.helpers:
        out.helpers.append(helper)
    return f"{name}({who})"


def _static(em: SkillEmitter, hook: dict[str, Any], out: SkillLua) -> list[Effect]:
    effects = []
    for mod in hook.get("modifiers") or []:
        effects += modifier_effects(em, mod, hook, out)
    return effects


def modifier_effects(em: SkillEmitter, mod: dict[str, Any], hook: dict[str, Any],
                     out: SkillLua, mark: str | None = None) -> list[Effect]:
    """The FreeKill effects of one modifier: while the owner has the skill (and its
    condition holds), or — for a modifier that lasts ``until`` the end of a period — while
    the owner carries ``mark`` (a FreeKill mark cleared at the end of that period)."""
    word = str(mod.get("modifier"))
    entry = em.m.modifiers.get(word)
    if entry is None:
        raise NotExportable(word, em_why(em, word))
    args = dict(mod.get("args") or {})
    forms: dict[str, str] = entry.get("forms") or {}
    values = {"skill": SKILL,
              "cond_player": _modifier_cond(em, hook, "player", out),
              "cond_from": _modifier_cond(em, hook, "from", out),
              "cond_to": _modifier_cond(em, hook, "to", out),
              "cond_p": _modifier_cond(em, hook, "p", out)}
    # who the modifier is active for: the owner ``owner`` (owner-relative forms)
    values["active"] = (f"owner:getMark({lua.string(mark)}) > 0" if mark else
                        f"owner:hasSkill({SKILL}) and {_modifier_cond(em, hook, 'owner', out)}")
    if mark and "${active}" not in "".join(forms.values()):
        raise NotExportable(word, "for a while (until …)")
    form = "any"
    if word == "distance":
        to, frm = args.pop("to", None), args.pop("from", None)
        others = {"select": {"noun": "others", "filters": []}}
        if to == others and frm is None:
            form = "to_others"
        elif frm == others and to is None:
            form = "from_others"
        else:
            raise NotExportable("distance", f"to {_short(to)} from {_short(frm)}")
    if word == "uses":
        form = "unlimited" if args.get("delta") == "unlimited" else "count"
        if form == "unlimited":
            args.pop("delta")
    if "delta" in args:
        values["delta"] = em.delta(args.pop("delta"))
    if "card" in args:
        card = args.pop("card")
        values["card_test"] = em.card_test(card, str(entry.get("card") or "card"))
        values["held_test"] = em.card_test(card, "c")
        _check_responses(em, entry, word, card, args)
    if "who" in args:
        values["who_test"] = _owner_relative(em, args.pop("who"), "player", "owner")
    for pname, kind in (entry.get("params") or {}).items():
        if pname not in args:
            continue
        value = args.pop(pname)
        if kind == "int":
            values[pname] = em.integer(value, Ctx(actor="player", vars={"you": "player"}))
        elif kind == "card_name":
            values[pname] = lua.string(em.card_name(str(value)))
        elif kind == "card_spec":
            values.update({f"{pname}_{k}": v for k, v in em.card_spec(value).items()})
        elif kind == "const" and value != (entry.get("require") or {}).get(pname):
            raise NotExportable(word, f"{pname} {_short(value)}")
    if args:
        raise NotExportable(word, f"argument {sorted(args)[0]}")
    tpl = forms.get(form)
    if tpl is None:
        raise NotExportable(word, f"form {form}")
    body = re.sub(r" and true\b", "", _fill(tpl, **values).rstrip("\n"))
    kind = str(entry["kind"])
    if kind != "trigger":
        return [Effect(lua.string(kind), body)]
    events = entry.get("events") or [entry["event"]]
    return [Effect(str(e), body) for e in events]


def _check_responses(em: SkillEmitter, entry: dict[str, Any], word: str, card: Any,
                     args: dict[str, Any]) -> None:
    """``responses_needed N RESPONSE against CARDS``: FreeKill counts the responses its
    rules ask for each card (a Jink for a Slash), so RESPONSE must be that one."""
    table = entry.get("responses")
    if not table:
        return
    response = args.get("response")
    names = (((card or {}).get("cards") or {}).get("filters") or {}).get("name") or []
    if not names or any(table.get(str(n)) != response for n in names):
        raise NotExportable(word, f"{response} against {', '.join(map(str, names)) or 'cards'}"
                            " (FreeKill counts the response its rules ask for)")


def _owner_relative(em: SkillEmitter, who: Any, p: str, owner: str) -> str:
    """A test that character ``p`` is who a modifier of ``owner``'s names."""
    if isinstance(who, dict) and who.get("var") == "you":
        return f"{p} == {owner}"
    if isinstance(who, dict) and isinstance(who.get("select"), dict):
        sel = who["select"]
        noun = str(sel.get("noun"))
        nouns = {"others": f"{p} ~= {owner}", "other": f"{p} ~= {owner}",
                 "players": "true", "all": "true", "player": "true"}
        role = em.m.selector_roles.get(noun)
        if noun in nouns:
            tests = [nouns[noun]]
        elif role is not None:
            tests = [_fill(role, p=p)]
        else:
            raise NotExportable(f"selector {noun}")
        for f in sel.get("filters") or []:
            tpl = em.m.selector_filters.get(str(f))
            if tpl is None:
                raise NotExportable(f"selector {f}")
            tests.append(_fill(tpl, p=p, me=owner))
        return " and ".join(t for t in tests if t != "true") or "true"
    raise NotExportable("modifier", f"for {_short(who)}")


def _conversion(em: SkillEmitter, hook: dict[str, Any]) -> tuple[str, str]:
    """One view-as hook → (FreeKill card name, test on ``to_select``)."""
    steps = hook.get("steps") or []
    if len(steps) != 1 or steps[0].get("do") != "view_as":
        raise NotExportable("view as", "not a single conversion")
    args = dict(steps[0].get("args") or {})
    target = em.card_name(str(args.pop("card")))
    if args:
        raise NotExportable("view as", f"argument {sorted(args)[0]}")
    flt = dict(hook.get("filter") or {})
    spec = flt.pop("cards", None)
    if flt or spec is None:
        raise NotExportable("view as", f"filter {sorted(flt) or 'none'}")
    if hook.get("condition") is not None or hook.get("frequency"):
        raise NotExportable("view as", "a condition or limit on a conversion")
    cards = spec.get("cards") if isinstance(spec, dict) else None
    if not isinstance(cards, dict):
        raise NotExportable("view as", f"cards {_short(spec)}")
    filters = dict(cards.get("filters") or {})
    count = cards.get("count", 1)
    if count != 1:
        raise NotExportable("view as", f"{count} cards")
    zones = filters.pop("zone", None)
    tests = [em.filter_test(k, v, "Fk:getCardById(to_select)") for k, v in sorted(filters.items())]
    if zones is not None:
        flag = "".join(em.m.zones.get(str(z)) or "?" for z in zones)
        if "?" in flag:
            raise NotExportable(f"zone {zones}")
        tests.append(f"table.contains(player:getCardIds({lua.string(flag)}), to_select)")
    return target, " and ".join(tests) or "true"


def _view_as(em: SkillEmitter, hooks: list[dict[str, Any]]) -> Effect:
    convs = [_conversion(em, h) for h in hooks]
    names = sorted({name for name, _ in convs})
    lines = [f"pattern = {lua.string(','.join(names))},",
             "card_filter = function(self, player, to_select, selected)",
             "  if #selected ~= 0 then return false end"]
    lines += [f"  if {test} then return true end" for _, test in convs]
    lines += ["  return false", "end,",
              "view_as = function(self, player, cards)",
              "  if #cards ~= 1 then return nil end",
              "  local to_select = cards[1]",
              "  local name"]
    for i, (name, test) in enumerate(convs):
        kw = "if" if i == 0 else "elseif"
        lines.append(f"  {kw} {test} then name = {lua.string(name)}")
    lines += ["  end",
              "  if name == nil then return nil end",
              "  local c = Fk:cloneCard(name)",
              f"  c.skillName = {SKILL}",
              "  c:addSubcard(to_select)",
              "  return c",
              "end,"]
    return Effect(lua.string("viewas"), "\n".join(lines))


def _chosen_cards(em: SkillEmitter, value: Any, what: str,
                  discard: bool) -> list[str]:
    """``card_num``/``card_filter`` of an active skill for cards its user picks up front
    (a discard cost, or the cards of a first step such as ``give 1 hand card``)."""
    spec = value.get("cards") if isinstance(value, dict) else None
    if not isinstance(spec, dict):
        raise NotExportable(what, _short(value))
    filters = dict(spec.get("filters") or {})
    zones = filters.pop("zone", None) or ["hand", "equipment"]
    flag = "".join(em.m.zones.get(str(z)) or "?" for z in zones)
    if "?" in flag:
        raise NotExportable(f"zone {zones}")
    ctests = [f"table.contains(player:getCardIds({lua.string(flag)}), to_select)"]
    if discard:
        ctests.append("not player:prohibitDiscard(to_select)")
    ctests += [em.filter_test(k, v, "Fk:getCardById(to_select)")
               for k, v in sorted(filters.items())]
    count = spec.get("count", 1)
    if isinstance(count, int) and not isinstance(count, bool):
        lines = [f"card_num = {count},"]
        ctests.insert(0, f"#selected < {count}")
    elif isinstance(count, dict) and isinstance(count.get("range"), list) \
            and count["range"][0] == 1 and count["range"][1] is None:
        lines = ["min_card_num = 1,"]
    else:
        raise NotExportable(what, f"count {_short(count)}")
    return [*lines, "card_filter = function(self, player, to_select, selected)",
            "  return " + " and\n    ".join(ctests), "end,"]


def _active(em: SkillEmitter, hook: dict[str, Any],
            granted: tuple[str, str] | None = None) -> Effect:
    """A play-phase action: its discard cost — or the cards its first step takes from
    the user (``give 1 hand card …``) — becomes the cards chosen up front, its leading
    picks of single characters the targets chosen up front. ``granted``: (the owner's
    skill, the test that ``player`` is one of those it grants the action to)."""
    if hook.get("filter"):
        raise NotExportable("action", f"filter {sorted(hook['filter'])[0]}")
    ctx = Ctx(actor="player", vars={"you": "player"}, kinds={"you": "player"}, phase="play")
    tests = []
    freq = _frequency(em, hook, "player")
    if freq:
        tests.append(freq)
    if hook.get("condition") is not None and granted is None:
        tests.append(em.cond(hook["condition"], ctx))
    if granted is not None:
        owner, test = granted
        if hook.get("condition") is not None:  # 救援: "you" in its condition is the owner
            owner_ctx = Ctx(actor="player", vars={"you": "owner"}, kinds={"you": "player"},
                            phase="play")
            test = f"{test} and\n    {em.cond(hook['condition'], owner_ctx)}"
        tests.append("table.find(Fk:currentRoom().alive_players, function(owner)\n"
                     f"  return owner ~= player and owner:hasSkill({lua.string(owner)}) and "
                     f"{test}\nend) ~= nil")
    head: list[str] = []
    cost = list(hook.get("cost") or [])
    steps = list(hook.get("steps") or [])
    card_lines = ["card_num = 0,", "card_filter = Util.FalseFunc,"]
    if cost:
        if len(cost) != 1 or cost[0].get("do") != "discard":
            raise NotExportable("cost", "only discarding cards is exported")
        args = dict(cost[0].get("args") or {})
        if args.pop("from", {"actor": True}) != {"actor": True} or set(args) != {"cards"}:
            raise NotExportable("cost", "a discard by someone else")
        card_lines = _chosen_cards(em, args["cards"], "cost", True)
        head.append("room:throwCard(effect.cards, skel.name, player, player)")
        if cost[0].get("as"):
            ctx.bind(str(cost[0]["as"]), "effect.cards", "ids")
    elif steps and isinstance(steps[0], dict) and (em.m.actions.get(
            str(steps[0].get("do"))) or {}).get("up_front") and isinstance(
            (steps[0].get("args") or {}).get("cards"), dict) and "cards" in (
            steps[0]["args"]["cards"]):
        # the cards the first step hands over are the ones the user picks with the skill
        first = dict(steps[0])
        card_lines = _chosen_cards(em, first["args"]["cards"], str(first["do"]), False)
        ctx.bind("__chosen", "effect.cards", "ids")
        first["args"] = {**first["args"], "cards": {"var": "__chosen"}}
        steps[0] = first
    picks: list[str] = []
    while steps and steps[0].get("do") == "pick" and isinstance(
            (steps[0].get("args") or {}).get("who"), dict) and "select" in steps[0]["args"]["who"]:
        st = steps.pop(0)
        sel = st["args"]["who"]["select"]
        if sel.get("count", 1) != 1:
            raise NotExportable("pick", f"count {_short(sel.get('count'))} as a target")
        slot = len(picks)
        t = [f"#selected == {slot}"]
        noun = str(sel.get("noun"))
        nouns = {"player": "true", "players": "true", "other": "to_select ~= player",
                 "others": "to_select ~= player"}
        if noun not in nouns:
            raise NotExportable(f"selector {noun}")
        t.append(nouns[noun])
        for f in sel.get("filters") or []:
            tpl = em.m.selector_filters.get(str(f))
            if tpl is None:
                raise NotExportable(f"selector {f}")
            t.append(_fill(tpl, p="to_select", me="player"))
        for ex in sel.get("except") or []:
            if not (isinstance(ex, dict) and ex.get("var") in ctx.vars):
                raise NotExportable("pick", f"except {_short(ex)}")
            t.append(f"to_select ~= selected[{picks.index(ex['var']) + 1}]"
                     if ex["var"] in picks else f"to_select ~= {ctx.vars[ex['var']]}")
        name = str(st.get("as") or "it")
        picks.append(name)
        ctx.bind(name, f"effect.tos[{slot + 1}]", "player")
        card_lines.append(("target_filter = function(self, player, to_select, selected)"
                           if slot == 0 else "") or "")
        card_lines.append("  if " + " and ".join(x for x in t if x != "true") +
                          " then return true end")
    if picks:
        card_lines = [line for line in card_lines if line]
        card_lines += ["  return false", "end,", f"target_num = {len(picks)},"]
    else:
        card_lines += ["target_num = 0,", "target_filter = Util.FalseFunc,"]
    body = em.steps(steps, ctx)
    if head:
        body = "\n".join(head) + ("\n" + body if body else "")
    can_use = " and\n  ".join(t.replace("\n", "\n  ") for t in tests) or "true"
    text = "\n".join(card_lines) + "\n"
    text += ("can_use = function(self, player)\n"
             f"  return {can_use}\n"
             "end,\n"
             "on_use = function(self, room, effect)\n"
             "  local player = effect.from\n"
             f"{_indent(body, '  ')}\n"
             "end,")
    return Effect(lua.string("active"), text)


def _lent_use(em: SkillEmitter, hook: dict[str, Any]) -> Effect | None:
    """``action: ask_play CARD from X as V; use_card V`` (激将 as first printed): in
    FreeKill a view-as skill for CARD in the play phase whose use first asks X, in seat
    order, to play CARD for the user; the card played is the one used (the user picks
    its targets first), and when nobody plays one the use fails. None: not this shape."""
    steps = list(hook.get("steps") or [])
    if len(steps) != 2 or steps[0].get("do") != "ask_play" or steps[1].get("do") != "use_card":
        return None
    bound = steps[0].get("as")
    use_args = steps[1].get("args") or {}
    if not bound or use_args.get("cards") != {"var": bound} or use_args.get("on") is not None:
        return None
    if hook.get("cost") or hook.get("condition") is not None or hook.get("frequency") \
            or hook.get("filter"):
        raise NotExportable("action", "a condition or limit on asking for a card")
    args = steps[0].get("args") or {}
    name = em.card_name(str(args.get("card")))
    ctx = Ctx(actor="player", vars={"you": "player"}, kinds={"you": "player"})
    sel = (args.get("from") or {}).get("select") if isinstance(args.get("from"), dict) else None
    if not isinstance(sel, dict):
        raise NotExportable("ask_play", f"from {_short(args.get('from'))}")
    cands, test = em.candidates(sel, ctx)
    seen = _owner_relative(em, {"select": sel}, "p", "player")  # the same, without room calls
    lines = [f"pattern = {lua.string(card_pattern(name))},",
             "card_filter = Util.FalseFunc,",
             "view_as = function(self, player, cards)",
             "  if #cards ~= 0 then return nil end",
             f"  local c = Fk:cloneCard({lua.string(name)})",
             f"  c.skillName = {SKILL}",
             "  return c",
             "end,",
             "before_use = function(self, player, use)",
             "  local room = player.room",
             f"  for _, p in ipairs({cands}) do",
             f"    if not p.dead and {test} then",
             "      local resp = room:askToResponse(p, {",
             f"        pattern = {lua.string(card_pattern(name))}, skill_name = {SKILL},",
             "        cancelable = true })",
             "      if resp then",
             "        resp.skipDrop = true  -- the card played is the card used",
             "        room:responseCard(resp)",
             "        use.card = resp.card",
             "        return",
             "      end",
             "    end",
             "  end",
             f"  return {SKILL}  -- nobody played one: the use fails",
             "end,",
             "enabled_at_play = function(self, player)  -- also run by the client",
             "  return table.find(Fk:currentRoom().alive_players, function(p)",
             f"    return {seen}",
             "  end) ~= nil",
             "end,",
             "enabled_at_response = Util.FalseFunc,"]
    return Effect(lua.string("viewas"), "\n".join(lines))

"""Compiled hook IR → the Lua of one FreeKill skill (``fk.CreateSkill`` + ``addEffect``).

The walker here knows only the IR's structure (triggers, statics, view-as, actions; if /
may / choose / repeat / for each); every vocabulary word goes through the mapping table
(``mapping.yaml``). A word the table lacks raises :class:`NotExportable` naming it, and the
whole skill is then left out — never written half-done.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from string import Template
from typing import Any

from sgs_tools.export.freekill import lua
from sgs_tools.export.freekill.mapping import Mapping

SKILL = "skel.name"
ROOM = "room"


class NotExportable(Exception):
    """A skill uses a word (or a form of one) that has no FreeKill mapping."""

    def __init__(self, word: str, why: str = "") -> None:
        super().__init__(f"{word}: {why}" if why else word)
        self.word = word
        self.why = why


@dataclass
class Ctx:
    """Where a step is emitted: who acts, which variables exist (and what kind of value
    each holds), the enclosing loops, and the card being resolved (in a card's effect)."""

    actor: str = "player"
    vars: dict[str, str] = field(default_factory=dict)
    event: str | None = None
    loop: str | None = None  # None, "bounded" or "endless"
    phase: str | None = None
    kinds: dict[str, str] = field(default_factory=dict)  # var → card | ids | player | …
    attrs: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    """(player expression, attribute) → (Lua expression, kind) set by an earlier step
    (``name_color`` gives ``target.named_color``)."""
    card: str = "nil"  # the card whose effect this is (``effect.card``), for damage records
    event_data: str = "nil"  # the card effect a response answers (``effect``)
    sizes: dict[str, int] = field(default_factory=dict)  # cards var → how many it holds

    def child(self, **changes: Any) -> Ctx:
        out = Ctx(self.actor, dict(self.vars), self.event, self.loop, self.phase,
                  dict(self.kinds), dict(self.attrs), self.card, self.event_data,
                  dict(self.sizes))
        for key, value in changes.items():
            setattr(out, key, value)
        return out

    def bind(self, name: str, expr: str, kind: str) -> None:
        self.vars[name] = expr
        self.kinds[name] = kind


def _fill(template: str, **values: str) -> str:
    try:
        return Template(template).substitute(values)
    except KeyError as exc:  # pragma: no cover - a mapping entry naming a hole we lack
        raise NotExportable("mapping", f"template hole {exc} has no value") from None


def _indent(text: str, by: str) -> str:
    return "\n".join(by + line if line.strip() else "" for line in text.splitlines())


@dataclass
class Effect:
    """One ``skel:addEffect(kind, { body })`` call."""

    kind: str  # a Lua expression: fk.Damaged or "distance" (already quoted)
    body: str
    comment: str = ""


class SkillEmitter:
    """Emits the effects of one skill; raises NotExportable on the first unmapped word."""

    def __init__(self, mapping: Mapping, cards: dict[str, str]) -> None:
        self.m = mapping
        self.cards = cards  # our card id → FreeKill card name
        self.counter = 0
        self.lasting = []

    # ---- expressions -------------------------------------------------------------------

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"

    def player(self, value: Any, ctx: Ctx) -> str:
        if isinstance(value, dict):
            if value.get("actor"):
                return ctx.actor
            if "var" in value:
                name = str(value["var"])
                if name == "you":  # the skill's owner: `player`, or `owner` in the
                    return ctx.vars.get("you", "player")  # test of a granted action
                if name in ctx.vars:
                    return ctx.vars[name]
                raise NotExportable(f"variable {name}", "no FreeKill expression here")
        raise NotExportable("player", f"selector form {_short(value)}")

    def kind_of(self, name: str, ctx: Ctx) -> str:
        """What a variable holds: card (a Card), ids (card ids), player, int … ("" unknown)."""
        return ctx.kinds.get(name) or str(self.m.var_kinds.get(name, ""))

    def card_object(self, name: str, ctx: Ctx) -> str:
        """The Lua expression of the one card a cards variable names."""
        if name not in ctx.vars:
            raise NotExportable(f"variable {name}")
        kind = self.kind_of(name, ctx)
        if kind == "card":
            return ctx.vars[name]
        if kind == "ids":
            return f"Fk:getCardById({ctx.vars[name]}[1])"
        raise NotExportable(f"variable {name}", "not a card here")

    def value(self, v: Any, ctx: Ctx) -> tuple[str, str]:
        """(Lua expression, kind) of a value that may be more than a number: a card's suit,
        colour or name, a colour a character named, or a bare word (``heart``) to be read
        against the other side of a comparison."""
        if isinstance(v, str):
            return v, "word"
        if isinstance(v, dict) and isinstance(v.get("ref"), list) and len(v["ref"]) == 2:
            owner, attr = str(v["ref"][0]), str(v["ref"][1])
            kind = self.kind_of(owner, ctx)
            if kind in ("card", "ids") and attr != "count":
                entry = self.m.card_attributes.get(attr)
                if entry is None:
                    raise NotExportable(f"card attribute {attr}")
                expr = _fill(str(entry["lua"]), c=self.card_object(owner, ctx))
                if kind == "ids":  # no card (none was taken): no value, never a crash
                    expr = f"({ctx.vars[owner]}[1] and {expr})"
                return expr, str(entry["kind"])
            if owner in ctx.vars or owner == "you":
                who = "player" if owner == "you" else ctx.vars[owner]
                if (who, attr) in ctx.attrs:
                    return ctx.attrs[(who, attr)]
        return self.integer(v, ctx), "int"

    def integer(self, value: Any, ctx: Ctx) -> str:
        if isinstance(value, bool):
            raise NotExportable("int", _short(value))
        if isinstance(value, int):
            return str(value)
        if isinstance(value, dict):
            if "call" in value:
                fn = str(value["call"])
                tpl = self.m.functions.get(fn)
                if tpl is None:
                    raise NotExportable(f"function {fn}")
                args = {str(i): self.integer(a, ctx)
                        for i, a in enumerate(value.get("args") or [])}
                return _fill(tpl, **{f"a{k}": x for k, x in args.items()})
            if "quantity" in value:
                q = str(value["quantity"])
                tpl = self.m.quantities.get(q)
                if tpl is None:
                    raise NotExportable(f"quantity {q}")
                return _fill(tpl, p="player")
            if "var" in value:
                name = str(value["var"])
                if name in ctx.vars:
                    return ctx.vars[name]
                raise NotExportable(f"variable {name}")
            if isinstance(value.get("ref"), list) and len(value["ref"]) == 2 \
                    and str(value["ref"][0]) in ctx.vars:
                owner, attr = ctx.vars[str(value["ref"][0])], str(value["ref"][1])
                if attr == "count":
                    return f"#{owner}"
                if attr in self.m.attributes and attr in self.m.quantities:
                    return _fill(self.m.quantities[attr], p=owner)
                raise NotExportable(f"attribute {attr}")
            if "op" in value and value["op"] in ("+", "-", "*"):
                return (f"({self.integer(value['left'], ctx)} {value['op']} "
                        f"{self.integer(value['right'], ctx)})")
        raise NotExportable("int", f"form {_short(value)}")

    def delta(self, value: Any) -> str:
        if isinstance(value, dict) and value.get("sign") in ("+", "-"):
            amount = value.get("amount")
            if isinstance(amount, int) and not isinstance(amount, bool):
                return f"{'-' if value['sign'] == '-' else ''}{amount}"
        raise NotExportable("delta", f"form {_short(value)}")

    def card_test(self, spec: Any, c: str) -> str:
        """A Lua test that card expression ``c`` matches a cards spec (name, colour …)."""
        if spec is None:
            return "true"
        if not (isinstance(spec, dict) and isinstance(spec.get("cards"), dict)):
            raise NotExportable("cards", f"form {_short(spec)}")
        filters = spec["cards"].get("filters") or {}
        tests: list[str] = []
        for key, values in sorted(filters.items()):
            if key == "zone":
                raise NotExportable("cards", "a zone filter on a card being used")
            tests.append(self.filter_test(key, values, c))
        return " and ".join(tests) if tests else "true"

    def filter_test(self, key: str, values: Any, c: str) -> str:
        entry = self.m.card_filters.get(key)
        if entry is None:
            raise NotExportable(f"card property {key}")
        if not isinstance(values, list) or not values:
            raise NotExportable(f"card property {key}", f"value {_short(values)}")
        if isinstance(entry, str):  # names: one template over the list
            names = [self.card_name(str(v)) for v in values]
            # FreeKill's own cards by their true name (every kind of Slash is a Slash);
            # an exported card (pkg__id) by its exact name, its true name being our id
            own = [n for n in names if "__" not in n]
            ours = [n for n in names if "__" in n]
            tests = []
            if own:
                tests.append(_fill(entry, values=_listed(own), c=c))
            if ours:
                tests.append(_fill(str(self.m.card_filters.get("exact_name")),
                                   values=_listed(ours), c=c))
            return tests[0] if len(tests) == 1 else "(" + " or ".join(tests) + ")"
        parts = []
        for v in values:
            tpl = entry.get(str(v))
            if tpl is None:
                raise NotExportable(f"{key} {v}")
            parts.append(_fill(tpl, c=c))
        return parts[0] if len(parts) == 1 else "(" + " or ".join(parts) + ")"

    def card_name(self, ident: str) -> str:
        name = self.cards.get(ident)
        if name is None:
            raise NotExportable(f"card {ident}", "no FreeKill card of that name")
        return name

    def card_spec(self, value: Any) -> dict[str, str]:
        """count, flag, include_equip and pattern of 'N [zone] cards' chosen by a player."""
        if not (isinstance(value, dict) and isinstance(value.get("cards"), dict)):
            raise NotExportable("cards", f"form {_short(value)}")
        spec = value["cards"]
        filters = dict(spec.get("filters") or {})
        zones = filters.pop("zone", None) or ["hand", "equipment"]
        suits: list[str] = []
        for key, values in sorted(filters.items()):
            if key == "color" and isinstance(values, list):
                suits += [s for v in values for s in {"red": ("heart", "diamond"),
                                                      "black": ("spade", "club")}[str(v)]]
            elif key == "suit" and isinstance(values, list):
                suits += [str(v) for v in values]
            else:
                raise NotExportable("cards", f"filter {key} on chosen cards")
        flag = ""
        for z in zones:
            f = self.m.zones.get(str(z))
            if f is None:
                raise NotExportable(f"zone {z}")
            flag += f
        count = spec.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise NotExportable("cards", f"count {_short(count)}")
        suit = ",".join(suits) or "."
        where = "|hand" if flag == "h" else ""
        pattern = "." if suit == "." and not where else f".|.|{suit}{where}"
        return {"count": str(count), "flag": lua.string(flag),
                "include_equip": "true" if "e" in flag else "false",
                "pattern": lua.string(pattern)}

    # ---- conditions --------------------------------------------------------------------

    def cond(self, c: Any, ctx: Ctx) -> str:
        if not isinstance(c, dict):
            raise NotExportable("condition", _short(c))
        if "all" in c:
            return "(" + " and ".join(self.cond(x, ctx) for x in c["all"]) + ")"
        if "any" in c:
            return "(" + " or ".join(self.cond(x, ctx) for x in c["any"]) + ")"
        if "not" in c:
            return f"not ({self.cond(c['not'], ctx)})"
        if "compare" in c:
            op = {"==": "==", "!=": "~=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}.get(
                str(c["compare"]))
            if op is None:
                raise NotExportable(f"comparison {c['compare']}")
            left, lkind = self.value(c["left"], ctx)
            right, rkind = self.value(c["right"], ctx)
            if {lkind, rkind} <= {"int"}:
                return f"{left} {op} {right}"
            kind = lkind if lkind not in ("word", "int") else rkind
            if op not in ("==", "~=") or kind in ("word", "int"):
                raise NotExportable(f"comparison {c['compare']}", f"of {lkind} and {rkind}")
            left = self.word(left, kind) if lkind == "word" else left
            right = self.word(right, kind) if rkind == "word" else right
            return f"{left} {op} {right}"
        if "is" in c:
            word = str(c["is"])
            subject = c.get("subject")
            if word in self.m.states:
                return _fill(self.m.states[word], p=self.player(subject, ctx))
            for key in ("color", "suit", "card_type"):
                entry = self.m.card_filters.get(key)
                if isinstance(entry, dict) and word in entry:
                    if not (isinstance(subject, dict) and "var" in subject):
                        raise NotExportable("cards", f"form {_short(subject)}")
                    card = self.card_object(str(subject["var"]), ctx)
                    return f"({card} ~= nil and {_fill(entry[word], c=card)})"
            raise NotExportable(f"is {word}")
        if "has" in c:
            who = self.player(c.get("subject"), ctx)
            spec = c["has"]
            if not (isinstance(spec, dict) and isinstance(spec.get("cards"), dict)):
                raise NotExportable("has", _short(spec))
            filters = dict(spec["cards"].get("filters") or {})
            zones = filters.pop("zone", None) or ["hand", "equipment"]
            flag = "".join(self.m.zones.get(str(z)) or _missing(f"zone {z}") for z in zones)
            ids = f"{who}:getCardIds({lua.string(flag)})"
            if filters:
                test = " and ".join(self.filter_test(k, v, "Fk:getCardById(id)")
                                    for k, v in sorted(filters.items()))
                ids = f"table.filter({ids}, function(id) return {test} end)"
            count = spec["cards"].get("count")
            if count is None:
                return f"#{ids} > 0"
            if count == 0:
                return f"#{ids} == 0"
            return f"#{ids} >= {int(count)}"
        raise NotExportable("condition", f"form {sorted(c)}")

    def word(self, text: str, kind: str) -> str:
        """A bare word as a value of ``kind`` (``heart`` as a suit, ``slash`` as a name)."""
        if kind == "name":
            return lua.string(self.card_name(text))
        table = self.m.values.get(kind) or {}
        if text not in table:
            raise NotExportable(f"{kind} {text}")
        return str(table[text])

    def cards_var(self, value: Any, ctx: Ctx) -> str:
        if isinstance(value, dict) and "var" in value:
            name = str(value["var"])
            if name in ctx.vars:
                return ctx.vars[name]
            raise NotExportable(f"variable {name}")
        raise NotExportable("cards", f"form {_short(value)}")

    # ---- steps -------------------------------------------------------------------------

    def steps(self, steps: list[Any], ctx: Ctx) -> str:
        out: list[str] = []
        ctx = ctx.child()  # variables bound here stay here
        for st in steps:
            out.append(self.step(st, ctx))
        return "\n".join(x for x in out if x)

    def step(self, st: Any, ctx: Ctx) -> str:
        if not isinstance(st, dict):
            raise NotExportable("step", _short(st))
        if "do" in st:
            return self.action(st, ctx)
        if "if" in st:
            text = f"if {self.cond(st['if'], ctx)} then\n"
            text += _indent(self.steps(st.get("then") or [], ctx), "  ") + "\n"
            if st.get("else"):
                text += "else\n" + _indent(self.steps(st["else"], ctx), "  ") + "\n"
            return text + "end"
        if "may" in st:
            ask = f"{ROOM}:askToSkillInvoke({ctx.actor}, {{ skill_name = {SKILL} }})"
            can = self.option_can(st["may"], ctx)  # offered only when it can be done
            if can != "true":
                ask = f"{can} and\n  {ask}"
            body = self.steps(st["may"], ctx)
            if ctx.loop == "endless":  # declining ends an endless repeat
                return f"if not ({ask}) then break end\n{body}"
            return f"if {ask} then\n{_indent(body, '  ')}\nend"
        if "choose" in st:
            return self.choose(st, ctx)
        if "repeat" in st:
            if st["repeat"] is None:
                body = self.steps(st.get("steps") or [], ctx.child(loop="endless"))
                return f"while not player.dead do\n{_indent(body, '  ')}\nend"
            n = self.integer(st["repeat"], ctx)
            body = self.steps(st.get("steps") or [], ctx.child(loop="bounded"))
            return f"for _ = 1, {n} do\n{_indent(body, '  ')}\nend"
        if "for_each" in st:
            if st.get("kind") != "player":
                raise NotExportable("for each", f"over {st.get('kind')}")
            src = st["for_each"]
            if isinstance(src, dict) and src.get("var") in ctx.vars:
                over = ctx.vars[src["var"]]
            elif isinstance(src, dict) and isinstance(src.get("select"), dict):
                cands, test = self.candidates(src["select"], ctx)
                over = cands if test == "true" else _filtered(cands, test)
            else:
                raise NotExportable("for each", f"over {_short(src)}")
            name = self.fresh("p")
            inner = ctx.child(loop="bounded")
            inner.bind(str(st.get("as") or "it"), name, "player")
            body = self.steps(st.get("steps") or [], inner)
            return (f"for _, {name} in ipairs({over}) do\n"
                    f"{_indent(body, '  ')}\nend")
        if "stop" in st:
            return "break" if ctx.loop else "do return end"
        if "until" in st:
            return self.during(st, ctx)
        raise NotExportable("step", f"form {sorted(st)}")

    def during(self, st: dict[str, Any], ctx: Ctx) -> str:
        """``until end of turn: MODIFIERS``: the actor carries a FreeKill mark that FreeKill
        clears at the end of that period (its ``-turn``/``-phase``/``-round`` suffix); the
        skill gets each modifier as an effect active while an owner carries the mark."""
        until = st.get("until") or {}
        suffix = self.m.until_marks.get(f"{until.get('edge')} {until.get('period')}")
        if suffix is None:
            raise NotExportable("until", f"{until.get('edge')} of {until.get('period')}")
        lines = []
        for mod in st.get("modifiers") or []:
            mark = f"{self.skill_name}_until{len(self.lasting) + 1}{suffix}"
            self.lasting.append((mark, mod))
            lines.append(f"{ROOM}:setPlayerMark({ctx.actor}, {lua.string(mark)}, 1)")
        return "\n".join(lines)

    def choose(self, st: dict[str, Any], ctx: Ctx) -> str:
        chooser = self.player(st["choose"], ctx)
        options = st.get("options") or []
        var = self.fresh("choice")
        inner = ctx.child(actor=chooser)
        lines = [f"local {var}s = {{}}"]
        branches = []
        # labels are numbered through the whole skill, so two choices never share one
        labels = [f"{self.option_prefix}{len(self.options) + i}"
                  for i in range(1, len(options) + 1)]
        self.options.extend(labels)
        for label, option in zip(labels, options, strict=True):
            can = self.option_can(option, inner)
            if can == "true":
                lines.append(f"table.insert({var}s, {lua.string(label)})")
            else:
                lines.append(f"if {can} then table.insert({var}s, {lua.string(label)}) end")
            branches.append((label, self.steps(option, inner)))
            if option and isinstance(option[0], dict) and "do" in option[0]:
                self.option_words[label] = str(option[0]["do"])
        lines.append(f"if #{var}s > 0 then")
        lines.append(f"  local {var} = {ROOM}:askToChoice({chooser}, {{ choices = {var}s, "
                     f"skill_name = {SKILL} }})")
        for i, (label, body) in enumerate(branches):
            kw = "if" if i == 0 else "elseif"
            lines.append(f"  {kw} {var} == {lua.string(label)} then")
            lines.append(_indent(body, "    "))
        if branches:
            lines.append("  end")
        lines.append("end")
        return "\n".join(line for line in lines if line)

    option_prefix = "choice"
    options: list[str]
    option_words: dict[str, str]
    skill_name = "skill"
    lasting: list[tuple[str, dict[str, Any]]]  # (mark, modifier) of `until` steps

    def option_can(self, option: list[Any], ctx: Ctx) -> str:
        """When the first step of some steps can be carried out: its table entry's ``can``,
        and for a character it chooses (``redirect to 1 other …``), that there is one."""
        if not (option and isinstance(option[0], dict) and "do" in option[0]):
            return "true"
        word = str(option[0]["do"])
        entry = self.m.actions.get(word)
        if entry is None:
            return "true"
        args = dict(option[0].get("args") or {})
        tests = []
        for pname, kind in (entry.get("params") or {}).items():
            value = args.get(pname)
            if kind == "player" and isinstance(value, dict) and isinstance(
                    value.get("select"), dict):
                cands, test = self.candidates(value["select"], ctx)
                if entry.get("select_test"):
                    test = _also(test, _fill(str(entry["select_test"]), p="p"))
                tests.append(f"#{_filtered(cands, test)} > 0")
                args[pname] = {"actor": True}  # stands in for the one chosen
        if entry.get("can"):
            values = self.action_values(word, entry, args, ctx)
            tests.insert(0, _fill(str(entry["can"]), **values))
        return " and ".join(tests) or "true"

    def action_values(self, word: str, entry: dict[str, Any], args: dict[str, Any],
                      ctx: Ctx) -> dict[str, str]:
        values = {"actor": ctx.actor, "skill": SKILL, "room": ROOM, "this_card": ctx.card,
                  "event_data": ctx.event_data,
                  "card_field": f" card = {ctx.card}," if ctx.card != "nil" else ""}
        for name, kind in (entry.get("params") or {}).items():
            value = args.get(name)
            if kind == "phase":
                phase = self.m.phases.get(str(value))
                if phase is None:
                    raise NotExportable(f"phase {value}")
                values[name] = phase
            elif kind == "players":  # everyone a selector names, in seat order
                if isinstance(value, dict) and isinstance(value.get("select"), dict):
                    self.recipients(word, entry, value["select"], args, ctx)
                    cands, test = self.candidates(value["select"], ctx)
                    values[name] = cands if test == "true" else _filtered(cands, test)
                elif isinstance(value, dict) and value.get("var") in ctx.vars \
                        and self.kind_of(str(value["var"]), ctx) == "players":
                    values[name] = ctx.vars[str(value["var"])]
                else:
                    values[name] = "{ " + self.player(value, ctx) + " }"
            elif kind == "player":
                values[name] = self.player(value if value is not None else {"actor": True}, ctx)
            elif kind == "int":
                values[name] = self.integer(value if value is not None else 1, ctx)
                # a computed amount may come to 0: a step that needs one says so
                values[f"{name}_positive"] = "" if values[name].isdigit() \
                    else f" and {values[name]} > 0"
            elif kind == "cards_var":
                values[name] = self.cards_var(value, ctx)
            elif kind == "ids":  # a list of card ids
                if not (isinstance(value, dict) and value.get("var") in ctx.vars):
                    raise NotExportable(word, f"{name}: {_short(value)}")
                vkind = self.kind_of(str(value["var"]), ctx)
                expr = ctx.vars[str(value["var"])]
                if vkind == "card":
                    values[name] = f"Card:getIdList({expr})"
                elif vkind == "ids":
                    values[name] = expr
                else:
                    raise NotExportable(word, f"{name}: not cards here")
            elif kind == "card_spec":
                spec = self.card_spec(value)
                if entry.get("single") and spec["count"] != "1":
                    raise NotExportable(word, f"{spec['count']} cards at once")
                values.update(spec)
            elif kind == "card_name":
                fk = self.card_name(str(value))
                values[name] = lua.string(fk)
                values[f"{name}_pattern"] = lua.string(card_pattern(fk))
            elif kind == "const":
                wanted = (entry.get("require") or {}).get(name)
                if value != wanted:
                    raise NotExportable(word, f"{name} {value}")
            elif kind == "nature":
                nature = self.m.natures.get("null" if value is None else str(value))
                if nature is None:
                    raise NotExportable(f"nature {value}")
                values[name] = nature
            else:  # pragma: no cover - a mapping entry with an unknown type
                raise NotExportable(word, f"parameter type {kind}")
        # An optional argument left out (None, such as `use … ignoring` unsaid) asks for
        # nothing; any other argument the mapping does not know refuses the skill.
        extra = {k for k in set(args) - set(entry.get("params") or {}) if args[k] is not None}
        if extra:
            raise NotExportable(word, f"argument {sorted(extra)[0]}")
        return values

    def recipients(self, word: str, entry: dict[str, Any], sel: dict[str, Any],
                   args: dict[str, Any], ctx: Ctx) -> None:
        """``distribute X among 1..2 players``: FreeKill's distribution does not limit how
        many characters receive cards, so the limit must be one the cards cannot exceed."""
        count = sel.get("count")
        if count is None or not entry.get("recipients_of"):
            return
        hi = count["range"][1] if isinstance(count, dict) and isinstance(
            count.get("range"), list) else count
        cards = args.get(str(entry["recipients_of"]))
        size = ctx.sizes.get(str(cards.get("var"))) if isinstance(cards, dict) else None
        if hi is not None and (size is None or size > int(hi)):
            raise NotExportable(word, f"among at most {hi} characters")

    def action(self, st: dict[str, Any], ctx: Ctx) -> str:
        word = str(st["do"])
        args = st.get("args") or {}
        if word == "pick":
            return self.pick(st, ctx)
        entry = self.m.actions.get(word)
        if entry is None:
            raise NotExportable(word, em_why(self, word))
        events = entry.get("events")
        if events and ctx.event not in events:
            raise NotExportable(word, f"outside {', '.join(events)}")
        if entry.get("phase") and ctx.phase != entry["phase"]:
            raise NotExportable(word, f"outside the {entry['phase']} phase")
        prelude = []
        for pname, kind in (entry.get("params") or {}).items():
            value = args.get(pname)
            if kind == "player" and isinstance(value, dict) and isinstance(
                    value.get("select"), dict):
                # a character chosen for this step ("redirect to 1 other in_range"): the
                # actor chooses first, then the step uses the choice
                text, chosen, hi = self.choose_players(value["select"], ctx,
                                                       entry.get("select_test"))
                if hi != 1:
                    raise NotExportable(word, f"{pname}: several characters")
                prelude.append(text)
                tmp = self.fresh("chosen")
                ctx.bind(tmp, f"{chosen}[1]", "player")
                args = {**args, pname: {"var": tmp}}
        values = self.action_values(word, entry, args, ctx)
        name = ""
        if st.get("as"):
            if not entry.get("result"):
                raise NotExportable(word, "its result named with 'as'")
            name = self.fresh(_ident(str(st["as"])))
        elif entry.get("result") and not entry.get("lua_as"):
            values["as"] = self.fresh("result")  # a local of its own even when not named
        values.setdefault("as", name or "_")
        if name:
            values["as"] = name
        template = (entry.get("lua_in") or {}).get(ctx.event) or (
            name and entry.get("lua_as")) or entry["lua"]
        if entry.get("attribute") and not st.get("as"):
            values["as"] = self.fresh("named")
        text = _fill(str(template), **values).rstrip("\n")
        binds = entry.get("sets")
        if binds:
            ctx.bind(str(binds), str(binds), str(entry.get("sets_kind") or ""))
        attr = entry.get("attribute")
        if attr:  # a value kept on a character for later steps (name_color's colour)
            holder = values[str(attr["of"])]
            ctx.attrs[(holder, str(attr["name"]))] = (
                _fill(str(attr["lua"]), **values), str(attr["kind"]))
        for label in entry.get("labels") or []:  # FreeKill's own choice labels
            self.option_words[str(label)] = str(label)
        if name:
            ctx.bind(str(st["as"]), name, "ids" if entry.get("result") == "cards"
                     else str(entry.get("result")))
            size = entry.get("size")  # how many cards the result holds, when known
            if size and values.get(str(size), "").isdigit():
                ctx.sizes[str(st["as"])] = int(values[str(size)])
        return "\n".join([*prelude, text])

    def pick(self, st: dict[str, Any], ctx: Ctx) -> str:
        who = (st.get("args") or {}).get("who")
        if isinstance(who, dict) and "var" in who:  # naming a known character: it must exist
            expr = self.player(who, ctx)
            if st.get("as"):
                ctx.bind(str(st["as"]), expr, "player")
            return f"if {expr} == nil or {expr}.dead then return end"
        if isinstance(who, dict) and isinstance(who.get("select"), dict):
            text, name, hi = self.choose_players(who["select"], ctx)
            if hi == 1:  # one character: the name is that character
                ctx.bind(str(st.get("as") or "it"), f"{name}[1]", "player")
            elif st.get("as"):
                ctx.bind(str(st["as"]), name, "players")
            else:
                raise NotExportable("pick", "several characters without a name")
            return text
        raise NotExportable("pick", f"form {_short(who)}")

    def candidates(self, sel: dict[str, Any], ctx: Ctx, p: str = "p") -> tuple[str, str]:
        """(the Lua list a selector chooses from, the Lua test on candidate ``p``)."""
        for key in ("within", "where"):  # no mapping yet: never exported weaker
            if key in sel:
                raise NotExportable(f"selector {key}")
        noun = str(sel.get("noun"))
        tpl = self.m.selector_nouns.get(noun)
        if tpl is None:
            raise NotExportable(f"selector {noun}")
        cands = _fill(tpl, room=ROOM, me=ctx.actor)
        tests = []
        for f in sel.get("filters") or []:
            ft = self.m.selector_filters.get(str(f))
            if ft is None:
                raise NotExportable(f"selector {f}")
            tests.append(_fill(ft, p=p, me=ctx.actor))
        for ex in sel.get("except") or []:
            tests.append(self.except_test(ex, ctx, p))
        return cands, " and ".join(tests) or "true"

    def except_test(self, ex: Any, ctx: Ctx, p: str) -> str:
        """The test that candidate ``p`` is not the excepted character(s)."""
        if isinstance(ex, dict) and "var" in ex:
            return f"{p} ~= {self.player(ex, ctx)}"
        if isinstance(ex, dict) and isinstance(ex.get("select"), dict) \
                and not ex["select"].get("filters"):
            tpl = self.m.selector_roles.get(str(ex["select"].get("noun")))
            if tpl is not None:
                return f"not ({_fill(tpl, p=p)})"
        raise NotExportable("except", _short(ex))

    def choose_players(self, sel: dict[str, Any], ctx: Ctx,
                       extra: str | None = None) -> tuple[str, str, int]:
        """(Lua asking the actor to choose characters by a selector, the list's name, the
        most that can be chosen); when nobody can be chosen the effect ends. ``extra``: a
        further test on candidate ``${p}`` the step itself needs."""
        cands, test = self.candidates(sel, ctx)
        if extra:
            test = _also(test, _fill(extra, p="p"))
        count = sel.get("count")
        lo = hi = 1
        if isinstance(count, dict) and isinstance(count.get("range"), list):
            lo, hi = (int(x) for x in count["range"])
        elif isinstance(count, int):
            lo = hi = count
        elif count is not None:
            raise NotExportable("pick", f"count {_short(count)}")
        name = self.fresh("targets")
        text = (f"local {name} = {ROOM}:askToChoosePlayers({ctx.actor}, {{\n"
                f"  targets = {_indent(_filtered(cands, test), '  ').lstrip()},\n"
                f"  min_num = {lo}, max_num = {hi}, skill_name = {SKILL}, cancelable = false,\n"
                f"}})\nif #{name} == 0 then return end")
        return text, name, hi


def em_why(em: SkillEmitter, word: str) -> str:
    """Why a word has no entry: the table's note on it, if it has one."""
    return str(em.m.unmapped.get(word) or "no FreeKill mapping")


def card_pattern(name: str) -> str:
    """A FreeKill card pattern matching a card name: FreeKill's own cards by true name,
    an exported card (``pkg__id``) by its exact name (the pattern's fifth field)."""
    return f".|.|.|.|{name}" if "__" in name else name


def _filtered(cands: str, test: str) -> str:
    """``table.filter`` of candidates by a test on ``p`` (on three lines when long)."""
    if test == "true":
        return cands
    one = f"table.filter({cands}, function(p) return {test} end)"
    if len(one) <= 90:
        return one
    return f"table.filter({cands}, function(p)\n  return {test}\nend)"


def _also(test: str, more: str) -> str:
    return more if test == "true" else f"{test} and {more}"


def _listed(names: list[str]) -> str:
    return "{ " + ", ".join(lua.string(n) for n in names) + " }"


def _ident(text: str) -> str:
    """A Lua local name from a DSL name (letters, digits, _), never a keyword."""
    clean = "".join(ch if ch.isascii() and (ch.isalnum() or ch == "_") else "_" for ch in text)
    return clean if lua.is_identifier(clean) else f"v_{clean}"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 60 else text[:57] + "..."


def _missing(word: str) -> str:
    raise NotExportable(word)

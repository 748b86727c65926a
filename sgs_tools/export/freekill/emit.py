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
    """Where a step is emitted: who acts, which variables exist, the enclosing loops."""

    actor: str = "player"
    vars: dict[str, str] = field(default_factory=dict)
    event: str | None = None
    loop: str | None = None  # None, "bounded" or "endless"
    phase: str | None = None

    def child(self, **changes: Any) -> Ctx:
        out = Ctx(self.actor, dict(self.vars), self.event, self.loop, self.phase)
        for key, value in changes.items():
            setattr(out, key, value)
        return out


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
                if name == "you":
                    return "player"
                if name in ctx.vars:
                    return ctx.vars[name]
                raise NotExportable(f"variable {name}", "no FreeKill expression here")
        raise NotExportable("player", f"selector form {_short(value)}")

    def integer(self, value: Any, ctx: Ctx) -> str:
        if isinstance(value, bool):
            raise NotExportable("int", _short(value))
        if isinstance(value, int):
            return str(value)
        if isinstance(value, dict):
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
            listed = "{ " + ", ".join(lua.string(n) for n in names) + " }"
            return _fill(entry, values=listed, c=c)
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
            return f"{self.integer(c['left'], ctx)} {op} {self.integer(c['right'], ctx)}"
        if "is" in c:
            word = str(c["is"])
            subject = c.get("subject")
            if word in self.m.states:
                return _fill(self.m.states[word], p=self.player(subject, ctx))
            for key in ("color", "suit", "card_type"):
                entry = self.m.card_filters.get(key)
                if isinstance(entry, dict) and word in entry:
                    card = self.cards_var(subject, ctx)
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
            if not (isinstance(src, dict) and src.get("var") in ctx.vars):
                raise NotExportable("for each", f"over {_short(src)}")
            name = self.fresh("p")
            inner = ctx.child(loop="bounded")
            inner.vars[str(st.get("as"))] = name
            body = self.steps(st.get("steps") or [], inner)
            return (f"for _, {name} in ipairs({ctx.vars[src['var']]}) do\n"
                    f"{_indent(body, '  ')}\nend")
        if "stop" in st:
            return "break" if ctx.loop else "do return end"
        raise NotExportable("step", f"form {sorted(st)}")

    def choose(self, st: dict[str, Any], ctx: Ctx) -> str:
        chooser = self.player(st["choose"], ctx)
        options = st.get("options") or []
        var = self.fresh("choice")
        inner = ctx.child(actor=chooser)
        lines = [f"local {var}s = {{}}"]
        branches = []
        for i, option in enumerate(options, 1):
            label = f"{self.option_prefix}{i}"
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
        self.options.extend(label for label, _ in branches)
        return "\n".join(line for line in lines if line)

    option_prefix = "choice"
    options: list[str]
    option_words: dict[str, str]

    def option_can(self, option: list[Any], ctx: Ctx) -> str:
        if option and isinstance(option[0], dict) and "do" in option[0]:
            word = str(option[0]["do"])
            entry = self.m.actions.get(word)
            if entry is not None and entry.get("can"):
                values = self.action_values(word, entry, option[0].get("args") or {}, ctx)
                return _fill(str(entry["can"]), **values)
        return "true"

    def action_values(self, word: str, entry: dict[str, Any], args: dict[str, Any],
                      ctx: Ctx) -> dict[str, str]:
        values = {"actor": ctx.actor, "skill": SKILL, "room": ROOM}
        for name, kind in (entry.get("params") or {}).items():
            value = args.get(name)
            if kind == "player":
                values[name] = self.player(value if value is not None else {"actor": True}, ctx)
            elif kind == "int":
                values[name] = self.integer(value if value is not None else 1, ctx)
            elif kind == "cards_var":
                values[name] = self.cards_var(value, ctx)
            elif kind == "card_spec":
                spec = self.card_spec(value)
                if entry.get("single") and spec["count"] != "1":
                    raise NotExportable(word, f"{spec['count']} cards at once")
                values.update(spec)
            elif kind == "card_name":
                values[name] = lua.string(self.card_name(str(value)))
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

    def action(self, st: dict[str, Any], ctx: Ctx) -> str:
        word = str(st["do"])
        args = st.get("args") or {}
        if word == "pick":
            return self.pick(st, ctx)
        entry = self.m.actions.get(word)
        if entry is None:
            raise NotExportable(word, "no FreeKill mapping")
        events = entry.get("events")
        if events and ctx.event not in events:
            raise NotExportable(word, f"outside {', '.join(events)}")
        if entry.get("phase") and ctx.phase != entry["phase"]:
            raise NotExportable(word, f"outside the {entry['phase']} phase")
        values = self.action_values(word, entry, args, ctx)
        name = ""
        if st.get("as"):
            if not entry.get("result"):
                raise NotExportable(word, "its result named with 'as'")
            name = self.fresh(_ident(str(st["as"])))
        values["as"] = name or "_"
        text = _fill(str(entry["lua"]), **values).rstrip("\n")
        binds = entry.get("sets")
        if binds:
            ctx.vars[str(binds)] = str(binds)
        if name:
            ctx.vars[str(st["as"])] = name
        return text

    def pick(self, st: dict[str, Any], ctx: Ctx) -> str:
        who = (st.get("args") or {}).get("who")
        if isinstance(who, dict) and "var" in who:  # naming a known character: it must exist
            expr = self.player(who, ctx)
            if st.get("as"):
                ctx.vars[str(st["as"])] = expr
            return f"if {expr} == nil or {expr}.dead then return end"
        if isinstance(who, dict) and isinstance(who.get("select"), dict):
            sel = who["select"]
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
                tests.append(_fill(ft, p="p", me=ctx.actor))
            count = sel.get("count")
            lo = hi = 1
            if isinstance(count, dict) and isinstance(count.get("range"), list):
                lo, hi = (int(x) for x in count["range"])
            elif isinstance(count, int):
                lo = hi = count
            elif count is not None:
                raise NotExportable("pick", f"count {_short(count)}")
            name = self.fresh("targets")
            test = " and ".join(tests) or "true"
            text = (f"local {name} = {ROOM}:askToChoosePlayers({ctx.actor}, {{\n"
                    f"  targets = table.filter({cands}, function(p) return {test} end),\n"
                    f"  min_num = {lo}, max_num = {hi}, skill_name = {SKILL}, cancelable = false,\n"
                    f"}})\nif #{name} == 0 then return end")
            if st.get("as"):
                ctx.vars[str(st["as"])] = name
            else:
                if hi != 1:
                    raise NotExportable("pick", "several characters without a name")
                ctx.vars["it"] = f"{name}[1]"
            return text
        raise NotExportable("pick", f"form {_short(who)}")


def _ident(text: str) -> str:
    """A Lua local name from a DSL name (letters, digits, _), never a keyword."""
    clean = "".join(ch if ch.isascii() and (ch.isalnum() or ch == "_") else "_" for ch in text)
    return clean if lua.is_identifier(clean) else f"v_{clean}"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 60 else text[:57] + "..."


def _missing(word: str) -> str:
    raise NotExportable(word)

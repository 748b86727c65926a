"""Checked AST → hook IR: plain JSON-serialisable records the engine interprets.

One hook per clause: ``{skill, index, kind, event, timing, filter, condition, cost, steps,
frequency, optional, locked, priority}``. Steps are small dicts (``{"do": verb, "args":
{...}}``, ``{"if": cond, "then": [...], "else": [...]}``, …) whose arguments were resolved
by the checker, so the engine never re-parses words.
"""

from __future__ import annotations

from typing import Any

from sgs_tools.dsl import ast as A
from sgs_tools.dsl.check import Analysis
from sgs_tools.dsl.vocabulary import Registry

IR_VERSION = 1


class Compiler:
    def __init__(self, analysis: Analysis, registry: Registry) -> None:
        self.an = analysis
        self.reg = registry

    def cond(self, c: Any) -> Any:
        if isinstance(c, A.All):
            return {"all": [self.cond(x) for x in c.conds]}
        if isinstance(c, A.Any_):
            return {"any": [self.cond(x) for x in c.conds]}
        if isinstance(c, A.Not):
            return {"not": self.cond(c.cond)}
        args = self.an.of(c)
        if isinstance(c, A.Compare):
            return {"compare": c.op, "left": args.get("left"), "right": args.get("right")}
        if isinstance(c, A.Is):
            out = {"is": c.word, "subject": args.get("subject")}
            return {"not": out} if c.negated else out
        if isinstance(c, A.In):
            return {"in": c.group, "subject": args.get("subject")}
        if isinstance(c, A.Has):
            return {"has": args.get("cards"), "subject": args.get("subject")}
        raise TypeError(c)  # pragma: no cover

    def sentence(self, s: A.Sentence) -> dict[str, Any]:
        out: dict[str, Any] = {"do": s.verb, "args": self.an.of(s)}
        if s.where is not None:  # `pick … as b where COND`: the choice's condition
            for value in out["args"].values():
                if isinstance(value, dict) and "where" in value.get("select", {}):
                    value["select"]["where"]["cond"] = self.cond(s.where)
        if s.bind:
            out["as"] = s.bind
        return out

    def limit(self, limit: A.Limit | None) -> dict[str, Any] | None:
        if limit is None:
            return None
        times = self.an.of(limit).get("times", 1) if limit.times is not None else 1
        return {"per": limit.period, "times": times}

    def steps(self, body: tuple[Any, ...]) -> list[dict[str, Any]]:
        return [self.stmt(st) for st in body]

    def stmt(self, st: Any) -> dict[str, Any]:
        if isinstance(st, A.Do):
            return self.sentence(st.sentence)
        if isinstance(st, A.May):
            return {"may": [self.sentence(st.sentence)]}
        if isinstance(st, A.MayBlock):
            return {"may": self.steps(st.body)}
        if isinstance(st, A.If):
            return {"if": self.cond(st.cond), "then": self.steps(st.then),
                    "else": self.steps(st.otherwise)}
        if isinstance(st, A.Choice):
            chooser = self.an.of(st).get("chooser") if st.chooser is not None else {
                "var": "you"}
            return {"choose": chooser,
                    "options": [[self.sentence(s) for s in b] for b in st.branches]}
        if isinstance(st, A.ForEach):
            info = self.an.of(st)
            return {"for_each": info.get("over"), "kind": info.get("kind"),
                    "as": st.name or "it", "steps": self.steps(st.body)}
        if isinstance(st, A.Let):
            return {"let": st.name, "value": self.an.of(st).get("value")}
        if isinstance(st, A.Repeat):
            times = self.an.of(st).get("times") if st.times is not None else None
            return {"repeat": times, "steps": self.steps(st.body)}
        if isinstance(st, A.During):
            return {"until": {"edge": st.edge, "period": st.period},
                    "modifiers": [self.modifier(s) for s in st.statics]}
        if isinstance(st, A.Limited):
            return {"limit": self.limit(st.limit), "steps": self.steps(st.body)}
        if isinstance(st, A.Stop):
            return {"stop": True}
        if isinstance(st, A.AfterThis):
            return {"after_this": self.steps(st.body)}
        raise TypeError(st)  # pragma: no cover

    def modifier(self, st: A.Static) -> dict[str, Any]:
        out: dict[str, Any] = {"modifier": st.sentence.verb, "args": self.an.of(st.sentence)}
        o = st.options
        when: dict[str, Any] = {}
        if o.phase:
            when["phase"] = o.phase
        if o.outside_turn:
            when["outside_turn"] = True
        if when:
            out["when"] = when
        return out

    def _cost(self, steps: list[dict[str, Any]]) -> tuple[list[dict[str, Any]],
                                                        list[dict[str, Any]]]:
        """Leading steps whose verbs are costs (discard, lose HP) form the hook's cost."""
        cost = []
        for step in steps:
            verb = self.reg.actions.get(step.get("do", ""))
            if verb is None or not verb.cost:
                break
            cost.append(step)
        return cost, steps[len(cost):]

    def clause(self, skill: str, index: int, cl: Any, tags: tuple[str, ...]) -> dict[str, Any]:
        hook: dict[str, Any] = {
            "skill": skill, "index": index, "kind": "", "event": None, "timing": None,
            "filter": {}, "condition": None, "cost": [], "steps": [], "modifiers": [],
            "frequency": None, "optional": False, "locked": "locked" in tags,
            "priority": 0, "lord": "lord" in tags,
        }
        options = getattr(cl, "options", None)
        if options is not None:
            hook["frequency"] = self.limit(options.limit)
            hook["optional"] = options.optional
            hook["locked"] = hook["locked"] or options.locked
            hook["priority"] = options.priority
            if options.outside_turn:
                hook["filter"]["outside_turn"] = True
            if options.phase:
                hook["filter"]["in_phase"] = options.phase
            if options.outside_phase:
                hook["filter"]["outside_phase"] = options.outside_phase
            if options.grant is not None:
                hook["granted_to"] = self.an.of(options).get("grant")
            if options.condition is not None:  # `, if COND`: when it may be used
                hook["condition"] = self.cond(options.condition)
        if "limited" in tags and hook["frequency"] is None:
            hook["frequency"] = {"per": "game", "times": 1}
        if isinstance(cl, A.Trigger):
            hook["kind"] = "trigger"
            if cl.timing in ("start", "end"):
                hook["event"] = f"phase_{cl.timing}"
                hook["timing"] = "at"
                hook["filter"]["phase"] = cl.event
            else:
                hook["event"] = cl.event
                hook["timing"] = cl.timing
                hook["filter"].update(self.an.of(cl))
            steps = self.steps(cl.body)
            if len(steps) == 1 and "may" in steps[0] and not hook["locked"]:
                hook["optional"] = True
                steps = steps[0]["may"]
            hook["cost"], hook["steps"] = self._cost(steps)
        elif isinstance(cl, A.Action):
            hook["kind"] = "action"
            hook["event"] = "play_phase_action"
            hook["optional"] = True
            hook["cost"], hook["steps"] = self._cost(self.steps(cl.body))
        elif isinstance(cl, A.ViewAs):
            hook["kind"] = "view_as"
            hook["optional"] = True
            info = self.an.of(cl)
            hook["filter"]["cards"] = info.get("cards")
            made = {"kind": info["kind"]} if "kind" in info else {"card": cl.card}
            hook["steps"] = [{"do": "view_as", "args": made}]
            hook["cost"] = self.steps(cl.cost)
        elif isinstance(cl, A.Static):
            hook["kind"] = "static"
            hook["locked"] = True
            hook["modifiers"] = [self.modifier(cl)]
        elif isinstance(cl, A.StaticIf):
            hook["kind"] = "static"
            hook["locked"] = True
            hook["condition"] = self.cond(cl.cond)
            hook["modifiers"] = [self.modifier(s) for s in cl.statics]
        elif isinstance(cl, A.Awaken):
            # Checked at its timing (as a trigger's), or at the start of each phase.
            hook["kind"] = "awaken"
            if cl.timing in ("start", "end"):
                hook["event"] = f"phase_{cl.timing}"
                hook["timing"] = "at"
                hook["filter"]["phase"] = cl.event
            elif cl.timing is not None:
                hook["event"] = cl.event
                hook["timing"] = cl.timing
                hook["filter"].update(self.an.of(cl))
            else:
                hook["event"] = "awaken_check"
                hook["timing"] = "when"
            hook["condition"] = self.cond(cl.cond)
            hook["frequency"] = {"per": "game", "times": 1}
            hook["locked"] = True
            hook["steps"] = self.steps(cl.body)
        return hook


def compile_effect(skill: str, effect: A.Effect, analysis: Analysis, registry: Registry,
                   tags: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The hook records of one skill or card effect."""
    compiler = Compiler(analysis, registry)
    return [compiler.clause(skill, i, cl, tags) for i, cl in enumerate(effect.clauses)]

"""AST → canonical effect text: the one spelling of each construct, for round trips."""

from __future__ import annotations

from typing import Any

from sgs_tools.dsl import ast as A

INDENT = "  "


def expr(e: Any, top: bool = True) -> str:
    if isinstance(e, A.Num):
        return str(e.value)
    if isinstance(e, A.Word):
        return e.name
    if isinstance(e, A.Ref):
        return ".".join(e.parts)
    if isinstance(e, A.Call):
        return f"{e.name}({', '.join(expr(a) for a in e.args)})"
    if isinstance(e, A.BinOp):
        text = f"{expr(e.left, False)} {e.op} {expr(e.right, False)}"
        return text if top else f"({text})"
    if isinstance(e, A.Group):
        return f"({expr(e.expr)})"
    raise TypeError(e)  # pragma: no cover


def word(w: Any) -> str:
    if isinstance(w, A.Signed):
        return f"{w.sign}{w.value}"
    if isinstance(w, A.Range):
        return f"{w.low}..{'' if w.high is None else w.high}"
    return expr(w)


def words(ws: tuple[Any, ...]) -> str:
    return " ".join(word(w) for w in ws)


def sentence(s: A.Sentence) -> str:
    text = " ".join(p for p in (s.verb, words(s.words)) if p)
    if s.bind and s.where is not None:
        return f"{text} as {s.bind} where {cond(s.where)}"
    return f"{text} as {s.bind}" if s.bind else text


def cond(c: Any, top: bool = True) -> str:
    if isinstance(c, A.All):
        text = " and ".join(cond(x, False) for x in c.conds)
    elif isinstance(c, A.Any_):
        text = " or ".join(cond(x, False) for x in c.conds)
    elif isinstance(c, A.Not):
        return f"not {cond(c.cond, False)}"
    elif isinstance(c, A.Compare):
        return f"{expr(c.left)} {c.op} {expr(c.right)}"
    elif isinstance(c, A.Is):
        subject = expr(c.subject)
        verb = "are" if subject == "you" else "is"
        return f"{subject} {verb} {'not ' if c.negated else ''}{c.word}"
    elif isinstance(c, A.In):
        return f"{expr(c.subject)} in {c.group}"
    elif isinstance(c, A.Has):
        return f"{expr(c.subject)} has {words(c.words)}"
    else:  # pragma: no cover
        raise TypeError(c)
    return text if top else f"({text})"


def limit(lim: A.Limit) -> str:
    if lim.times is None:
        return f"once per {lim.period}"
    return f"times per {lim.period} = {expr(lim.times)}"


def options(o: A.Options) -> str:
    parts = []
    if o.limit is not None:
        parts.append(limit(o.limit))
    if o.optional:
        parts.append("optional")
    if o.locked:
        parts.append("locked")
    if o.outside_turn:
        parts.append("outside turn")
    if o.phase:
        parts.append(f"in {o.phase}")
    if o.outside_phase:
        parts.append(f"outside {o.outside_phase}")
    if o.priority:
        parts.append(f"priority {o.priority:+d}")
    if o.grant is not None:
        parts.append(f"for {words(o.grant)}")
    if o.condition is not None:
        parts.append(f"if {cond(o.condition)}")
    return "".join(f", {p}" for p in parts)


def block(body: tuple[Any, ...], depth: int) -> list[str]:
    out: list[str] = []
    for st in body:
        out.extend(stmt(st, depth))
    return out


def stmt(st: Any, depth: int) -> list[str]:
    pad = INDENT * depth
    if isinstance(st, A.Do):
        return [pad + sentence(st.sentence)]
    if isinstance(st, A.May):
        return [f"{pad}may {sentence(st.sentence)}"]
    if isinstance(st, A.MayBlock):
        return [f"{pad}may:", *block(st.body, depth + 1)]
    if isinstance(st, A.If):
        lines = [f"{pad}if {cond(st.cond)}:", *block(st.then, depth + 1)]
        if st.otherwise:
            lines += [f"{pad}else:", *block(st.otherwise, depth + 1)]
        return lines
    if isinstance(st, A.Choice):
        who = "you" if st.chooser is None else expr(st.chooser)
        lines = [f"{pad}{who} chooses one:"]
        for branch in st.branches:
            lines.append(f"{pad}{INDENT}- " + " then ".join(sentence(s) for s in branch))
        return lines
    if isinstance(st, A.ForEach):
        name = f" as {st.name}" if st.name else ""
        return [f"{pad}for each {words(st.words)}{name}:", *block(st.body, depth + 1)]
    if isinstance(st, A.Let):
        return [f"{pad}let {st.name} = {expr(st.value)}"]
    if isinstance(st, A.Repeat):
        times = f" {expr(st.times)}" if st.times is not None else ""
        return [f"{pad}repeat{times}:", *block(st.body, depth + 1)]
    if isinstance(st, A.During):
        return [f"{pad}until {st.edge} of {st.period}:",
                *(pad + INDENT + static_line(s) for s in st.statics)]
    if isinstance(st, A.Limited):
        return [f"{pad}{limit(st.limit)}:", *block(st.body, depth + 1)]
    if isinstance(st, A.Stop):
        return [pad + "stop"]
    if isinstance(st, A.AfterThis):
        return [f"{pad}after this:", *block(st.body, depth + 1)]
    raise TypeError(st)  # pragma: no cover


def static_line(s: A.Static) -> str:
    return sentence(s.sentence) + options(s.options)


def clause(cl: Any) -> list[str]:
    if isinstance(cl, A.Trigger):
        if cl.timing in ("start", "end"):
            head = f"at {cl.timing} of {cl.event}"
        else:
            head = " ".join(p for p in (cl.timing, cl.event, words(cl.words)) if p)
        return [f"{head}{options(cl.options)}:", *block(cl.body, 1)]
    if isinstance(cl, A.Action):
        return [f"action{options(cl.options)}:", *block(cl.body, 1)]
    if isinstance(cl, A.ViewAs):
        head = " ".join(p for p in ("view", words(cl.words), "as", cl.card) if p)
        if cl.cost:
            return [f"{head}{options(cl.options)}:", *block(cl.cost, 1)]
        return [f"{head}{options(cl.options)}"]
    if isinstance(cl, A.Static):
        return [static_line(cl)]
    if isinstance(cl, A.StaticIf):
        return [f"if {cond(cl.cond)}:", *(INDENT + static_line(s) for s in cl.statics)]
    if isinstance(cl, A.Awaken):
        if cl.timing in ("start", "end"):
            at = f" at {cl.timing} of {cl.event}"
        elif cl.timing is not None:
            at = " " + " ".join(p for p in (cl.timing, cl.event, words(cl.words)) if p)
        else:
            at = ""
        return [f"awaken{at} when {cond(cl.cond)}:", *block(cl.body, 1)]
    raise TypeError(cl)  # pragma: no cover


def unparse(effect: A.Effect) -> str:
    """Canonical DSL text for an effect; ``parse(unparse(e)) == e``."""
    lines: list[str] = []
    for cl in effect.clauses:
        lines.extend(clause(cl))
    return "\n".join(lines) + "\n"

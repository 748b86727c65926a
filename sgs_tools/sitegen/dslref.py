"""The DSL's registry (``full_registry()``) → the reference page: every word, typed, in 3 languages.

Events (with what they provide), actions, modifiers (typed parameters, doc, en/zh/ko
templates), selectors, card words, quantities, functions and enums. Anchors are
``<kind>-<word>`` (``action-draw``), so other pages can link to a word.
"""

from __future__ import annotations

from sgs_tools.dsl.vocabulary import Event, Param, Registry, Term, Verb
from sgs_tools.sitegen.markup import code, fenced, md, md_code, slug, table

PAGE = "dsl/reference.md"


def _templates(text: dict[str, str],
               wordings: dict[str, dict[str, str]] | None = None) -> str:
    """Each language's template, then a mode's own wording of it (Guozhan's 叠置)."""
    lines = []
    for lang in ("en", "zh", "ko"):
        if text.get(lang):
            lines.append(f"- `{lang}` {code(text[lang])}")
        for mode, texts in (wordings or {}).items():
            if texts.get(lang):
                lines.append(f"- `{lang}` in {md(mode)} data: {code(texts[lang])}")
    return "\n".join(lines) + "\n" if lines else ""


def _example(text: str) -> str:
    return f"Example:\n\n{fenced(text)}" if text.strip() else ""


def _params(params: tuple[Param, ...]) -> str:
    if not params:
        return "No parameters.\n"
    rows = []
    for p in params:
        default = "" if p.required else ("none" if p.default is None else code(p.default))
        rows.append([code(p.name), md(p.type), code(p.marker) if p.marker else "",
                     "yes" if p.required else "no", default])
    return table(["Parameter", "Type", "Marker", "Required", "Default"], rows)


def _origin(origin: str) -> str:
    return "" if origin == "core" else f" <small>({md(origin)})</small>"


def verb_section(verb: Verb, wordings: dict[str, dict[str, str]] | None = None) -> str:
    out = [f"### {md(verb.name)}{_origin(verb.origin)} {{#{verb.kind}-{slug(verb.name)}}}\n"]
    if verb.doc:
        out.append(md_code(verb.doc) + "\n")
    facts = []
    if verb.returns:
        facts.append(f"returns {md(verb.returns)}")
    if verb.cost:
        facts.append("can be a cost")
    if facts:
        out.append("*" + "; ".join(facts) + ".*\n")
    out += [_params(verb.params), _templates(verb.text, wordings), _example(verb.example)]
    return "\n".join(o for o in out if o)


def event_section(event: Event, wordings: dict[str, dict[str, str]] | None = None) -> str:
    out = [f"### {md(event.name)}{_origin(event.origin)} {{#event-{slug(event.name)}}}\n"]
    if event.doc:
        out.append(md_code(event.doc) + "\n")
    if event.provides:
        out.append("Provides: " + ", ".join(f"{code(k)} ({md(v)})"
                                            for k, v in event.provides.items()) + "\n")
    else:
        out.append("Provides nothing.\n")
    out.append(f"Timings: {', '.join(code(t) for t in event.timings)}.\n")
    out += [_params(event.params), _templates(event.text, wordings), _example(event.example)]
    return "\n".join(o for o in out if o)


def _term_word(term: Term) -> str:
    """A term as written: a function with its argument types (``distance(player, player)``)."""
    params = term.info.get("params")
    if term.category == "function" and isinstance(params, list):
        return f"{term.name}({', '.join(str(p) for p in params)})"
    return term.name


def term_table(terms: dict[str, Term], extra: str | None = None,
               wordings: dict[str, dict[str, dict[str, str]]] | None = None) -> str:
    """The words of one table; a column of meanings when a word has a doc, and below it
    the examples the vocabulary gives."""
    docs = any(term.info.get("doc") for term in terms.values())
    head = (["Word", "English", "中文", "한국어"] + ([extra.capitalize()] if extra else [])
            + (["Meaning"] if docs else []))
    rows = []
    for term in terms.values():
        zh = md(term.text.get("zh", ""))
        for mode, texts in (wordings or {}).get(term.name, {}).items():
            if texts.get("zh"):
                zh += f" ({md(mode)}: {md(texts['zh'])})"
        row = [f"{code(_term_word(term))}{_origin(term.origin)}", md(term.text.get("en", "")),
               zh, md(term.text.get("ko", ""))]
        if extra:
            row.append(md(term.info.get(extra, "")))
        if docs:
            row.append(md_code(term.info.get("doc", "")))
        rows.append(row)
    out = table(head, rows)
    for term in terms.values():
        example = str(term.info.get("example") or "")
        if example.strip():
            out += f"\nExample of {code(term.name)}:\n\n{fenced(example)}"
    return out


def _worded(reg: Registry, table_name: str) -> dict[str, dict[str, dict[str, str]]]:
    return {name: texts for (t, name), texts in reg.wordings.items() if t == table_name}


def dsl_reference_markdown(reg: Registry) -> str:
    parts = ["# DSL reference\n",
             "Every word of the effect DSL, generated from the vocabulary files in "
             "`grammar/vocabulary/`. Words marked with a mode name exist only for data played "
             "in that mode. Templates show how each word is rendered: `{param}` is an argument, "
             "`{param|noun}` a counted noun, `{x:text}` text shown only when `x` is given.\n",
             "| Kind | Count |\n|---|---|\n"
             + "".join(f"| [{label}](#{anchor}) | {n} |\n" for label, anchor, n in (
                 ("Events", "events", len(reg.events)),
                 ("Actions", "actions", len(reg.actions)),
                 ("Modifiers", "modifiers", len(reg.modifiers)),
                 ("Selectors", "selectors", len(reg.selectors)),
                 ("Card words", "card-words", len(reg.card_words)),
                 ("Quantities", "quantities", len(reg.quantities)),
                 ("Functions", "functions", len(reg.functions)),
                 ("Enums", "enums", len(reg.enums))))]
    parts.append("## Events {#events}\n")
    events, actions = _worded(reg, "events"), _worded(reg, "actions")
    modifiers = _worded(reg, "modifiers")
    parts += [event_section(e, events.get(e.name))
              for e in sorted(reg.events.values(), key=lambda e: e.name)]
    parts.append("## Actions {#actions}\n")
    parts += [verb_section(v, actions.get(v.name))
              for v in sorted(reg.actions.values(), key=lambda v: v.name)]
    parts.append("## Modifiers {#modifiers}\n")
    parts += [verb_section(v, modifiers.get(v.name))
              for v in sorted(reg.modifiers.values(), key=lambda v: v.name)]
    parts += ["## Selectors {#selectors}\n",
              term_table(reg.selectors, "kind", _worded(reg, "selectors"))]
    parts += ["## Card words {#card-words}\n",
              term_table(reg.card_words, "kind", _worded(reg, "card_words"))]
    parts += ["## Quantities {#quantities}\n",
              term_table(reg.quantities, wordings=_worded(reg, "quantities"))]
    parts += ["## Functions {#functions}\n",
              term_table(reg.functions, wordings=_worded(reg, "functions"))]
    parts.append("## Enums {#enums}\n")
    for name in sorted(reg.enums):
        parts += [f"### {md(name)} {{#enum-{slug(name)}}}\n", term_table(reg.enums[name])]
    if reg.attributes:
        parts.append("## Attributes {#attributes}\n")
        rows = [[code(owner), code(attr), md(type_name)]
                for owner, attrs in sorted(reg.attributes.items())
                for attr, type_name in attrs.items()]
        parts.append(table(["Of", "Attribute", "Type"], rows))
    return "\n".join(parts)

"""The DSL's registry (``full_registry()``) → the reference page: every word, typed, in 3 languages.

Events (with what they provide), actions, modifiers (typed parameters, doc, en/zh/ko
templates), selectors, card words, quantities, functions and enums. Anchors are
``<kind>-<word>`` (``action-draw``), so other pages can link to a word.
"""

from __future__ import annotations

from sgs_tools.dsl.vocabulary import Event, Param, Registry, Term, Verb
from sgs_tools.sitegen.markup import code, md, md_code, slug, table

PAGE = "dsl/reference.md"


def _templates(text: dict[str, str]) -> str:
    lines = []
    for lang in ("en", "zh", "ko"):
        if text.get(lang):
            lines.append(f"- `{lang}` {code(text[lang])}")
    return "\n".join(lines) + "\n" if lines else ""


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


def verb_section(verb: Verb) -> str:
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
    out += [_params(verb.params), _templates(verb.text)]
    return "\n".join(out)


def event_section(event: Event) -> str:
    out = [f"### {md(event.name)}{_origin(event.origin)} {{#event-{slug(event.name)}}}\n"]
    if event.doc:
        out.append(md_code(event.doc) + "\n")
    if event.provides:
        out.append("Provides: " + ", ".join(f"{code(k)} ({md(v)})"
                                            for k, v in event.provides.items()) + "\n")
    else:
        out.append("Provides nothing.\n")
    out += [_params(event.params), _templates(event.text)]
    return "\n".join(out)


def term_table(terms: dict[str, Term], extra: str | None = None) -> str:
    head = ["Word", "English", "中文", "한국어"] + ([extra.capitalize()] if extra else [])
    rows = []
    for term in terms.values():
        row = [f"{code(term.name)}{_origin(term.origin)}", md(term.text.get("en", "")),
               md(term.text.get("zh", "")), md(term.text.get("ko", ""))]
        if extra:
            row.append(md(term.info.get(extra, "")))
        rows.append(row)
    return table(head, rows)


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
    parts += [event_section(e) for e in sorted(reg.events.values(), key=lambda e: e.name)]
    parts.append("## Actions {#actions}\n")
    parts += [verb_section(v) for v in sorted(reg.actions.values(), key=lambda v: v.name)]
    parts.append("## Modifiers {#modifiers}\n")
    parts += [verb_section(v) for v in sorted(reg.modifiers.values(), key=lambda v: v.name)]
    parts += ["## Selectors {#selectors}\n", term_table(reg.selectors, "kind")]
    parts += ["## Card words {#card-words}\n", term_table(reg.card_words, "kind")]
    parts += ["## Quantities {#quantities}\n", term_table(reg.quantities)]
    parts += ["## Functions {#functions}\n", term_table(reg.functions)]
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

"""`sgs words [QUERY]`: the effect DSL's vocabulary from the command line.

Each word with its kind, signature, meaning, an example taken from a bundled effect that
uses it, and its text in English, Chinese and Korean. QUERY matches a word's name, or its
text in any of the three languages (``draw``, ``摸牌``, ``뽑``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from sgs_tools.data.catalog import Catalog
    from sgs_tools.dsl.vocabulary import Event, Param, Registry, Term, Verb


@dataclass
class Word:
    name: str
    kind: str
    signature: str
    meaning: str
    text: dict[str, str]
    origin: str


def _param(p: Param) -> str:
    shown = f"{p.marker} {p.name.upper()}" if p.marker else p.name.upper()
    return shown if p.required else f"[{shown}]"


def _signature(name: str, params: tuple[Param, ...]) -> str:
    return " ".join([name, *(_param(p) for p in params)])


def _verb(verb: Verb, kind: str) -> Word:
    types = ", ".join(f"{p.name}: {p.type}" for p in verb.params)
    meaning = verb.doc.strip() or f"{kind}; {verb.text.get('en', '')}"
    if types:
        meaning += f" ({types})"
    if verb.returns:
        meaning += f"; gives {verb.returns}"
    return Word(verb.name, kind, _signature(verb.name, verb.params), meaning, verb.text,
                verb.origin)


def _event(event: Event) -> Word:
    sig = f"after|when|before {_signature(event.name, event.params)}"
    meaning = event.doc.strip() or f"event; {event.text.get('en', '')}"
    if event.provides:
        meaning += "; provides " + ", ".join(f"{k} ({v})" for k, v in event.provides.items())
    return Word(event.name, "event", sig, meaning, event.text, event.origin)


def _term_signature(t: Term, kind: str) -> str:
    """How a plain word is written: a function with its arguments (``distance(A, B)``),
    a selector bound with its number (``within N``)."""
    if kind == "function":
        params = t.info.get("params") or ["N", "N"]
        return f"{t.name}({', '.join(str(p).upper() for p in params)})"
    if kind == "selector" and t.info.get("kind") == "bound":
        return f"{t.name} N"
    return t.name


def all_words(reg: Registry) -> list[Word]:
    """Every word of the registry, actions first, in registry order."""
    out = [_verb(v, "action") for v in reg.actions.values()]
    out += [_verb(v, "modifier") for v in reg.modifiers.values()]
    out += [_event(e) for e in reg.events.values()]
    for kind, terms in (("selector", reg.selectors), ("card word", reg.card_words),
                        ("quantity", reg.quantities), ("function", reg.functions)):
        out += [Word(t.name, kind, _term_signature(t, kind),
                     str(t.info.get("doc") or "").strip()
                     or f"{kind}; {t.text.get('en', '')}", t.text, t.origin)
                for t in terms.values()]
    for enum, values in reg.enums.items():
        out += [Word(t.name, f"{enum} value", t.name, f"a {enum}: {t.text.get('en', '')}",
                     t.text, t.origin) for t in values.values()]
    return out


def matches(words: list[Word], query: str) -> list[Word]:
    """Words named ``query`` first, then names containing it, then texts containing it."""
    q = query.strip().casefold()
    exact = [w for w in words if w.name.casefold() == q]
    named = [w for w in words if q in w.name.casefold() and w not in exact]
    texts = [w for w in words if w not in exact and w not in named
             and any(q in t.casefold() for t in w.text.values())]
    return exact + named + texts


def project() -> Catalog:
    """The bundled game, plus the expansion the current folder is in (its kingdoms are
    words, its effects examples)."""
    from sgs_tools import paths
    from sgs_tools.project import validate

    here = paths.expansion_here()
    return validate([here] if here else None, compile_effects=False).catalog


def examples(cat: Catalog) -> dict[str, tuple[str, str]]:
    """Effect id → (its effect text, where it is: a bundled file by its path in the
    game's data, not in the installed package)."""
    from pathlib import Path

    from sgs_tools import paths
    from sgs_tools.data.model import Card, Skill

    base = paths.bundled_root().resolve()
    out: dict[str, tuple[str, str]] = {}
    things: list[Skill | Card] = [*cat.skills.values(), *cat.cards.values()]
    for thing in things:
        if thing.effect:
            where = Path(thing.origin.file).resolve()
            shown = (where.relative_to(base).as_posix() if where.is_relative_to(base)
                     else thing.origin.file)
            out[thing.id] = (thing.effect, shown)
    return out


def example_of(word: Word, effects: dict[str, tuple[str, str]]) -> tuple[str, str, str] | None:
    """The shortest bundled effect using ``word``: (its id, its text, its file)."""
    pattern = re.compile(rf"(?<![\w.]){re.escape(word.name)}(?![\w])")
    found = [(len(text), ident, text, where) for ident, (text, where) in effects.items()
             if pattern.search(text)]
    if not found:
        return None
    _, ident, text, where = min(found)
    return ident, text, where


def words(
    query: Annotated[str | None, typer.Argument(
        metavar="QUERY", help="A word, or part of its name or of its text in English, "
        "Chinese or Korean (default: list every word).", show_default=False)] = None,
    kind: Annotated[str | None, typer.Option(
        "--kind", help="Only words of this kind: action, modifier, event, selector, "
        "'card word', quantity, function, or '<enum> value'.")] = None,
) -> None:
    """Look up the effect DSL's words: signature, meaning, an example, and zh/ko text."""
    from sgs_tools.data.schemas import suggest
    from sgs_tools.dsl.effects import kingdom_words
    from sgs_tools.dsl.vocabulary import registry, vocabulary_files

    cat = project()
    reg = registry(frozenset(m for _, m, _ in vocabulary_files() if m), kingdom_words(cat))
    every = all_words(reg)
    if kind is not None:
        every = [w for w in every if w.kind == kind]
        if not every:
            kinds = sorted({w.kind for w in all_words(reg)})
            typer.echo(f"sgs words: unknown kind {kind!r}; expected one of: "
                       f"{', '.join(kinds)}", err=True)
            raise typer.Exit(2)
    if not query:
        width = max(len(w.signature) for w in every)
        for w in every:
            typer.echo(f"{w.signature:<{width}}  {w.kind:<12}  {w.text.get('en', '')}")
        typer.echo(f"{len(every)} words; 'sgs words WORD' shows one with an example")
        raise typer.Exit(0)
    found = matches(every, query)
    if not found:
        hint = suggest(query, [w.name for w in every])
        typer.echo(f"sgs words: no word matches {query!r}" + (f"; {hint}" if hint else ""),
                   err=True)
        raise typer.Exit(1)
    effects = examples(cat)
    shown = found[:20]
    for i, w in enumerate(shown):
        if i:
            typer.echo("")
        origin = "" if w.origin == "core" else f", {w.origin}"
        typer.echo(f"{w.name}  ({w.kind}{origin})")
        typer.echo(f"  usage:   {w.signature}")
        typer.echo(f"  meaning: {w.meaning}")
        for lang in ("en", "zh", "ko"):
            if w.text.get(lang):
                typer.echo(f"  {lang}:      {w.text[lang]}")
        example = example_of(w, effects)
        if example is not None:
            ident, text, where = example
            typer.echo(f"  example ({ident}, {where}):")
            for line in text.rstrip("\n").splitlines()[:8]:
                typer.echo(f"    {line}")
    if len(found) > len(shown):
        typer.echo(f"\n… and {len(found) - len(shown)} more: "
                   + ", ".join(w.name for w in found[len(shown):][:30]))

"""`sgs words [QUERY]`: the effect DSL's vocabulary from the command line.

Each word with its kind, signature, meaning, an example, and its text in English, Chinese
and Korean. The example is the shortest bundled effect that uses the word as that kind of
word (the function ``distance(a, b)``, not the modifier ``distance -1``), read from its
compiled hooks, else the example its vocabulary file gives. QUERY matches a word's name,
or its text in any of the three languages (``draw``, ``摸牌``, ``뽑``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from sgs_tools.dsl.vocabulary import Event, Param, Registry, Term, Verb
    from sgs_tools.engine.library import Library


@dataclass
class Word:
    name: str
    kind: str
    signature: str
    meaning: str
    text: dict[str, str]
    origin: str
    example: str = ""
    """The vocabulary file's own example, shown when no bundled effect uses the word."""
    types: str = ""
    """The types of its parameters and of what it gives (an event: the variables it provides)."""
    wordings: dict[str, dict[str, str]] = field(default_factory=dict)
    """A mode's own wording of the word: vocabulary id → its texts (Guozhan's 叠置)."""


_CATEGORY = {"action": "action", "modifier": "modifier", "event": "event",
             "selector": "selector", "quantity": "quantity", "function": "function"}
"""A word's kind → the category :func:`sgs_tools.engine.library.walk_words` names it by;
the other kinds (card words, enum values) are found in the effect's text."""


def _param(p: Param) -> str:
    shown = f"{p.marker} {p.name.upper()}" if p.marker else p.name.upper()
    return shown if p.required else f"[{shown}]"


def _signature(name: str, params: tuple[Param, ...]) -> str:
    return " ".join([name, *(_param(p) for p in params)])


def _verb(verb: Verb, kind: str) -> Word:
    types = ", ".join(f"{p.name}: {p.type}" for p in verb.params)
    if verb.returns:
        types += f"{'; ' if types else ''}gives {verb.returns}"
    meaning = verb.doc.strip() or f"{kind}; {verb.text.get('en', '')}"
    return Word(verb.name, kind, _signature(verb.name, verb.params), meaning, verb.text,
                verb.origin, verb.example, types)


def _event(event: Event) -> Word:
    sig = f"{'|'.join(event.timings)} {_signature(event.name, event.params)}"
    meaning = event.doc.strip() or f"event; {event.text.get('en', '')}"
    types = ", ".join(f"{p.name}: {p.type}" for p in event.params)
    if event.provides:
        types += (f"{'; ' if types else ''}provides "
                  + ", ".join(f"{k}: {v}" for k, v in event.provides.items()))
    return Word(event.name, "event", sig, meaning, event.text, event.origin, event.example,
                types)


def _term_signature(t: Term, kind: str) -> str:
    """How a plain word is written: a function with its arguments (``distance(A, B)``),
    a selector bound with its number (``within N``)."""
    if kind == "function":
        params = t.info.get("params") or ["N", "N"]
        return f"{t.name}({', '.join(str(p).upper() for p in params)})"
    if kind == "selector" and t.info.get("kind") == "bound":
        return f"{t.name} N"
    return t.name


_TABLES = {"action": "actions", "modifier": "modifiers", "event": "events",
           "selector": "selectors", "card word": "card_words", "quantity": "quantities",
           "function": "functions"}


def all_words(reg: Registry) -> list[Word]:
    """Every word of the registry, actions first, in registry order, each with the
    wordings a mode gives it."""
    return [replace(w, wordings=reg.wordings[_TABLES[w.kind], w.name])
            if (_TABLES.get(w.kind), w.name) in reg.wordings else w for w in _words(reg)]


def _words(reg: Registry) -> list[Word]:
    out = [_verb(v, "action") for v in reg.actions.values()]
    out += [_verb(v, "modifier") for v in reg.modifiers.values()]
    out += [_event(e) for e in reg.events.values()]
    for kind, terms in (("selector", reg.selectors), ("card word", reg.card_words),
                        ("quantity", reg.quantities), ("function", reg.functions)):
        out += [Word(t.name, kind, _term_signature(t, kind),
                     str(t.info.get("doc") or "").strip()
                     or f"{kind}; {t.text.get('en', '')}", t.text, t.origin,
                     str(t.info.get("example") or ""))
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


@dataclass
class Example:
    """An effect of the game: its text, its file, and the ``category:word`` keys it uses."""

    text: str
    where: str
    uses: frozenset[str]


def project() -> Library:
    """The bundled game, plus the expansion the current folder is in (its kingdoms are
    words, its effects examples), compiled to know which words each effect uses."""
    from sgs_tools import paths
    from sgs_tools.project import library

    here = paths.expansion_here()
    return library([here] if here else None)


def examples(lib: Library) -> dict[str, Example]:
    """Effect id → the effect (a bundled file shown by its path in the game's data, not in
    the installed package)."""
    from pathlib import Path

    from sgs_tools import paths
    from sgs_tools.engine.library import walk_words

    base = paths.bundled_root().resolve()
    out: dict[str, Example] = {}
    for ident, compiled in lib.effects.compiled.items():
        thing = lib.catalog.skills.get(ident) or lib.catalog.cards.get(ident)
        if thing is None or not thing.effect:
            continue
        uses: set[str] = set()
        for hook in compiled.hooks:
            if hook.get("event"):
                uses.add(f"event:{hook['event']}")
            for category, word in walk_words(hook):
                uses.add(f"{'selector' if category == 'predicate' else category}:{word}")
        where = Path(thing.origin.file).resolve()
        shown = (where.relative_to(base).as_posix() if where.is_relative_to(base)
                 else thing.origin.file)
        out[ident] = Example(thing.effect, shown, frozenset(uses))
    return out


def example_of(word: Word, effects: dict[str, Example]) -> tuple[str, str, str] | None:
    """The shortest bundled effect using ``word`` as its kind of word: (its id, its text,
    its file); else the vocabulary's own example, as (``vocabulary``, text, origin)."""
    pattern = re.compile(rf"(?<![\w.]){re.escape(word.name)}(?![\w])")
    category = _CATEGORY.get(word.kind)
    key = f"{category}:{word.name}"
    found = [(len(ex.text), ident, ex.text, ex.where) for ident, ex in effects.items()
             if pattern.search(ex.text) and (category is None or key in ex.uses)]
    if found:
        _, ident, text, where = min(found)
        return ident, text, where
    if word.example:
        return "vocabulary", word.example, f"grammar/vocabulary/{word.origin}.yaml"
    return None


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
    from sgs_tools.dsl.vocabulary import full_registry

    lib = project()
    reg = full_registry(kingdom_words(lib.catalog))
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
    effects = examples(lib)
    shown = found[:20]
    for i, w in enumerate(shown):
        if i:
            typer.echo("")
        origin = "" if w.origin == "core" else f", {w.origin}"
        typer.echo(f"{w.name}  ({w.kind}{origin})")
        typer.echo(f"  usage:   {w.signature}")
        typer.echo(f"  meaning: {w.meaning}")
        if w.types:
            typer.echo(f"  types:   {w.types}")
        for lang in ("en", "zh", "ko"):
            if w.text.get(lang):
                typer.echo(f"  {lang}:      {w.text[lang]}")
            for mode, texts in w.wordings.items():
                if texts.get(lang):
                    typer.echo(f"  {lang} ({mode}): {texts[lang]}")
        example = example_of(w, effects)
        if example is not None:
            ident, text, where = example
            typer.echo(f"  example ({where}):" if ident == "vocabulary"
                       else f"  example ({ident}, {where}):")
            for line in text.rstrip("\n").splitlines()[:8]:
                typer.echo(f"    {line}")
    if len(found) > len(shown):
        typer.echo(f"\n… and {len(found) - len(shown)} more: "
                   + ", ".join(w.name for w in found[len(shown):][:30]))

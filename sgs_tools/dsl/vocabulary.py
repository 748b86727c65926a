"""grammar/vocabulary/*.yaml → one typed Registry of the DSL's words, per set of modes.

The registry is the closed vocabulary the checker, compiler, renderer, engine dispatch and
the site's DSL reference all read. ``core.yaml`` holds the words every Sanguosha mode
shares; a file with ``mode: guozhan`` (or samurai, …) extends it for that mode only.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from sgs_tools import paths
from sgs_tools.data.loader import Document, load_file
from sgs_tools.errors import LoadError
from sgs_tools.paths import display_path

LANGS = ("en", "zh", "ko")

VALUE_TYPES = ("int", "count", "delta", "player", "cards", "card_name", "suit", "color",
               "nature", "zone", "phase", "kingdom", "gender", "card_type", "skill", "text",
               "period", "pile", "mark")
"""The types a parameter may take; each has a word parser in the checker."""


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    marker: str | None = None
    default: Any = None
    required: bool = True


@dataclass(frozen=True)
class Verb:
    """An action (a step in a block) or a modifier (a static clause or a duration)."""

    name: str
    kind: str
    params: tuple[Param, ...]
    text: dict[str, str]
    returns: str | None = None
    cost: bool = False
    origin: str = "core"
    doc: str = ""
    result: dict[str, str] = field(default_factory=dict, compare=False)
    """How the cards a step gives read when named with ``as`` ("the chosen cards"), where
    the general "those cards" would not tell them from other cards named before."""
    example: str = field(default="", compare=False)
    """An effect using the word, shown by ``sgs words`` and the DSL reference when no
    bundled effect uses it (a word made for designers before any data needs it)."""
    needs_event: tuple[str, ...] = field(default=(), compare=False)
    """The events whose triggers give the word something to act on (``uncount``: the card
    being used); the checker refuses it in any other clause."""

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    @property
    def markers(self) -> dict[str, Param]:
        return {p.marker: p for p in self.params if p.marker}


TIMINGS = ("before", "when", "after")
"""An event's timings: 'before' resolves first, at the same moment as 'when'."""


@dataclass(frozen=True)
class Event:
    name: str
    provides: dict[str, str]
    params: tuple[Param, ...]
    text: dict[str, str]
    origin: str = "core"
    doc: str = ""
    names: dict[str, dict[str, str]] = field(default_factory=dict, compare=False)
    """How the event's own variables read in rules text when the general wording (say,
    "that amount") would be vague: ``amount`` after taking damage is "the damage"."""
    timings: tuple[str, ...] = TIMINGS
    """The timings the rules raise it at (the checker refuses the others): a judgement
    card revealed (``judge``) has no 'after', a Slash dodged only an 'after'."""
    own: bool = False
    """Only a card's own effect sees it (a delayed trick taking effect)."""
    example: str = field(default="", compare=False)
    """An effect using the event, as :attr:`Verb.example`."""

    @property
    def markers(self) -> dict[str, Param]:
        return {p.marker: p for p in self.params if p.marker}


@dataclass(frozen=True)
class Term:
    """A plain word: a selector, a card word, a quantity or an enum value."""

    name: str
    category: str
    text: dict[str, str]
    info: dict[str, Any] = field(default_factory=dict)
    origin: str = "core"


@dataclass(frozen=True)
class RuleTerm:
    """A language's rules term: the word its rule book uses, and words not to use."""

    concept: str
    use: str
    avoid: tuple[str, ...] = ()
    note: str = ""


@dataclass
class Registry:
    actions: dict[str, Verb] = field(default_factory=dict)
    modifiers: dict[str, Verb] = field(default_factory=dict)
    events: dict[str, Event] = field(default_factory=dict)
    selectors: dict[str, Term] = field(default_factory=dict)
    card_words: dict[str, Term] = field(default_factory=dict)
    quantities: dict[str, Term] = field(default_factory=dict)
    enums: dict[str, dict[str, Term]] = field(default_factory=dict)
    attributes: dict[str, dict[str, str]] = field(default_factory=dict)
    functions: dict[str, Term] = field(default_factory=dict)
    phrases: dict[str, dict[str, str]] = field(default_factory=dict)
    variables: dict[str, dict[str, str]] = field(default_factory=dict)
    attribute_names: dict[str, dict[str, str]] = field(default_factory=dict)
    terms: dict[str, dict[str, RuleTerm]] = field(default_factory=dict)
    """Per language, the rule book's word for each concept and the words to avoid."""
    files: tuple[str, ...] = ()
    wordings: dict[tuple[str, str], dict[str, dict[str, str]]] = field(default_factory=dict)
    """A mode's own wording of a word another file defines, as (table, word) → the
    vocabulary id that words it → its texts (Guozhan's 叠置 for 翻面)."""

    def enum_of(self, word: str) -> str | None:
        """The enum type a word belongs to (suit, color, …), if any."""
        for type_name, values in self.enums.items():
            if word in values:
                return type_name
        return None

    def phrase(self, key: str, lang: str) -> str:
        texts = self.phrases.get(key, {})
        if lang in texts:
            return texts[lang]
        return texts.get("en", key)


def vocabulary_dir() -> Path:
    return paths.bundled_root() / "grammar" / "vocabulary"


def _params(raw: list[dict[str, Any]] | None) -> tuple[Param, ...]:
    out = []
    for p in raw or []:
        out.append(Param(p["name"], p["type"], p.get("marker"), p.get("default"),
                         p.get("required", "default" not in p)))
    return tuple(out)


def _text(raw: Any) -> dict[str, str]:
    if isinstance(raw, dict):
        return {k: str(v) for k, v in raw.items()}
    return {"en": str(raw)} if raw is not None else {}


def _merge(reg: Registry, data: dict[str, Any], origin: str) -> None:
    for name, raw in (data.get("actions") or {}).items():
        reg.actions[name] = Verb(name, "action", _params(raw.get("params")),
                                 _text(raw.get("text")), raw.get("returns"),
                                 bool(raw.get("cost")), origin, raw.get("doc", ""),
                                 _text(raw.get("result")) if raw.get("result") else {},
                                 str(raw.get("example") or ""),
                                 tuple(raw.get("needs_event") or ()))
    for name, raw in (data.get("modifiers") or {}).items():
        reg.modifiers[name] = Verb(name, "modifier", _params(raw.get("params")),
                                   _text(raw.get("text")), None, False, origin,
                                   raw.get("doc", ""), example=str(raw.get("example") or ""))
    for name, raw in (data.get("events") or {}).items():
        reg.events[name] = Event(name, dict(raw.get("provides") or {}),
                                 _params(raw.get("params")), _text(raw.get("text")), origin,
                                 raw.get("doc", ""),
                                 {k: _text(v) for k, v in (raw.get("names") or {}).items()},
                                 tuple(raw.get("timings") or TIMINGS), bool(raw.get("own")),
                                 str(raw.get("example") or ""))
    for table, category in (("selectors", "selector"), ("card_words", "card_word"),
                            ("quantities", "quantity"), ("functions", "function")):
        target: dict[str, Term] = getattr(reg, table)
        for name, raw in (data.get(table) or {}).items():
            info = {k: v for k, v in raw.items() if k != "text"}
            target[name] = Term(name, category, _text(raw.get("text")), info, origin)
    for type_name, values in (data.get("enums") or {}).items():
        bucket = reg.enums.setdefault(type_name, {})
        for name, raw in values.items():
            bucket[name] = Term(name, type_name, _text(raw.get("text")), {}, origin)
    for type_name, attrs in (data.get("attributes") or {}).items():
        reg.attributes.setdefault(type_name, {}).update(attrs)
    for key, raw in (data.get("phrases") or {}).items():
        reg.phrases[key] = _text(raw)
    for key, raw in (data.get("variables") or {}).items():
        reg.variables[key] = _text(raw)
    for key, raw in (data.get("attribute_names") or {}).items():
        reg.attribute_names[key] = _text(raw)
    for table_name, words in (data.get("wording") or {}).items():
        # a mode's own wording of a word another file defines: Guozhan's 叠置 for 翻面
        table = getattr(reg, table_name)
        for name, texts in words.items():
            if name in table:
                word = table[name]
                table[name] = replace(word, text={**word.text, **_text(texts)})
                reg.wordings.setdefault((table_name, name), {})[origin] = _text(texts)
    for lang, table in (data.get("terms") or {}).items():
        lang_terms = reg.terms.setdefault(lang, {})
        for concept, raw in table.items():
            lang_terms[concept] = RuleTerm(concept, str(raw["use"]),
                                       tuple(str(a) for a in raw.get("avoid") or ()),
                                       str(raw.get("note", "")))


_LOADED: dict[tuple[str, str, int, int], Document] = {}


def load_vocabulary(path: Path) -> Document:
    """One vocabulary file, read once per process (while its size and time are the same):
    the registries of each set of modes and the vocabulary's own checks share it.
    Raises LoadError as :func:`sgs_tools.data.loader.load_file` does."""
    shown = display_path(path)
    try:
        stat = path.stat()
        key = (shown, str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    except OSError:
        return load_file(path, shown)  # raises the located I/O error
    doc = _LOADED.get(key)
    if doc is None:
        doc = load_file(path, shown)
        _LOADED[key] = doc
    return doc


@cache
def vocabulary_files() -> tuple[tuple[str, str | None, Path], ...]:
    """(id, mode or None, path) for every vocabulary file, core first."""
    found = []
    for path in sorted(vocabulary_dir().glob("*.yaml")):
        try:
            data = load_vocabulary(path).data
        except LoadError:
            continue  # reported by registry_check with its location
        found.append((str(data.get("id", path.stem)), data.get("mode"), path))
    found.sort(key=lambda f: (f[1] is not None, f[0]))
    return tuple(found)


KingdomWord = tuple[str, str, str, str]
"""A kingdom an expansion declares, as the registry takes it: (id, zh, en, ko) names."""


def kingdom_terms(word: KingdomWord) -> tuple[Term, Term]:
    """A declared kingdom as an enum value (its name) and as a selector word ("another
    jin character": the Chinese rule books' 晋势力, the Korean 진 세력)."""
    ident, zh, en, ko = word
    value = Term(ident, "kingdom", {"en": en, "zh": zh, "ko": ko}, {}, "expansion")
    selector = Term(ident, "selector", {"en": en, "zh": f"{zh}势力", "ko": f"{ko} 세력"},
                    {"kind": "filter", "doc": f"characters of the {en} kingdom, which an "
                     f"expansion declares ('{ident} others': other {en} characters)"},
                    "expansion")
    return value, selector


@cache
def registry(modes: frozenset[str] = frozenset(),
             kingdoms: tuple[KingdomWord, ...] = ()) -> Registry:
    """The registry for data played in ``modes``: core plus those modes' extensions, plus
    the ``kingdoms`` the project's expansions declare (each a kingdom and a selector)."""
    if kingdoms:
        base = registry(modes)
        values = dict(base.enums.get("kingdom", {}))
        selectors = dict(base.selectors)
        for word in kingdoms:
            if word[0] not in values:  # a base kingdom is never redefined
                values[word[0]], selectors[word[0]] = kingdom_terms(word)
        return replace(base, enums={**base.enums, "kingdom": values}, selectors=selectors)
    reg = Registry()
    used = []
    for vocab_id, mode, path in vocabulary_files():
        if mode is None or mode in modes:
            try:
                _merge(reg, load_vocabulary(path).data, vocab_id)
            except (LoadError, KeyError, TypeError, AttributeError, ValueError):
                continue  # a malformed file: registry_check says where
            used.append(vocab_id)
    reg.files = tuple(used)
    return reg


@cache
def full_registry(kingdoms: tuple[KingdomWord, ...] = ()) -> Registry:
    """Every word of every mode (plus the ``kingdoms`` a project declares), for reference
    pages and completion: a word a mode words its own way keeps the text of the file that
    defines it (``turn_over`` reads 翻面, and :attr:`Registry.wordings` holds Guozhan's 叠置)."""
    full = registry(frozenset(m for _, m, _ in vocabulary_files() if m), kingdoms)
    if not full.wordings:
        return full
    base = registry(frozenset(), kingdoms)
    tables: dict[str, Any] = {}
    for table_name, name in full.wordings:
        own = getattr(base, table_name, {}).get(name)
        if own is not None:
            table = tables.setdefault(table_name, dict(getattr(full, table_name)))
            table[name] = replace(table[name], text=own.text)
    return replace(full, **tables)

"""Vocabulary files → problems: duplicate words, unknown types, templates naming no parameter.

The registry is data that designers extend, so it gets the same located errors as any
other data file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sgs_tools.data.loader import Document
from sgs_tools.data.schemas import suggest
from sgs_tools.dsl.vocabulary import LANGS, TIMINGS, VALUE_TYPES, load_vocabulary, vocabulary_dir
from sgs_tools.errors import LoadError, Problem
from sgs_tools.paths import display_path

TABLES = ("actions", "modifiers", "events", "selectors", "card_words", "quantities",
          "functions")
KNOWN_KEYS = {"kind", "id", "mode", *TABLES, "enums", "attributes", "phrases", "variables",
              "attribute_names", "terms", "wording"}
WORDING_TABLES = ("actions", "modifiers", "events", "selectors")
_HANZI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
SPECIAL = {"actor", "s", "may", "is", "actor_pos", "area", "this"}
_PLACEHOLDER = re.compile(r"\{(\w+)")


def _scope_overlaps(a: str | None, b: str | None) -> bool:
    return a is None or b is None or a == b


def check_vocabulary(directory: Path | None = None) -> tuple[list[Problem], dict[str, Document]]:
    folder = directory or vocabulary_dir()
    problems: list[Problem] = []
    docs: dict[str, Document] = {}
    seen: dict[tuple[str, str], list[tuple[str | None, Document]]] = {}
    enum_types: set[str] = set()
    loaded: list[Document] = []
    for path in sorted(folder.glob("*.yaml")):
        shown = display_path(path)
        try:
            doc = load_vocabulary(path)
        except LoadError as exc:
            problems.append(exc.problem)
            continue
        docs[shown] = doc
        if not _shape_ok(doc, problems):
            continue
        loaded.append(doc)
        enum_types.update((doc.data.get("enums") or {}).keys())
    for doc in loaded:
        data = doc.data
        mode = data.get("mode")
        if data.get("kind") != "vocabulary":
            problems.append(Problem(doc.where(("kind",)), "vocab-kind",
                                    "a vocabulary file needs 'kind: vocabulary'"))
        for key in data:
            if key not in KNOWN_KEYS:
                problems.append(Problem(doc.where((key,), key=True), "unknown-key",
                                        f"unknown key {key!r}", suggest(key, KNOWN_KEYS)))
        for table in (*TABLES, "enums"):
            for name in data.get(table) or {}:
                if table == "enums":
                    continue
                entries = seen.setdefault((table, name), [])
                for other_mode, other in entries:
                    if _scope_overlaps(mode, other_mode):
                        problems.append(Problem(
                            doc.where((table, name), key=True), "vocab-duplicate",
                            f"{table[:-1]} {name!r} is already defined in {other.path}",
                            "one word, one definition: reuse it or choose another name"))
                        break
                entries.append((mode, doc))
        for table in ("actions", "modifiers", "events"):
            for name, raw in (data.get(table) or {}).items():
                _check_verb(doc, table, name, raw, enum_types, problems)
    defined = {table: {name for doc in loaded for name in (doc.data.get(table) or {})}
               for table in WORDING_TABLES}
    for doc in loaded:
        _check_wording(doc, defined, problems)
    avoided = _avoided(loaded, problems)
    for doc in loaded:
        _check_terms(doc, avoided, problems)
    return problems, docs


def _check_wording(doc: Document, defined: dict[str, set[str]],
                   problems: list[Problem]) -> None:
    """A mode's own wording must name a word some file defines, in a known language."""
    wording = doc.data.get("wording")
    if wording is None:
        return
    if not isinstance(wording, dict):
        problems.append(Problem(doc.where(("wording",)), "vocab-shape",
                                "'wording' must map a table to its words"))
        return
    for table, words in wording.items():
        if table not in defined or not isinstance(words, dict):
            problems.append(Problem(doc.where(("wording", table), key=True), "vocab-shape",
                                    f"'wording' rewords {', '.join(WORDING_TABLES)}",
                                    suggest(str(table), set(WORDING_TABLES))))
            continue
        for name, texts in words.items():
            if name not in defined[table]:
                problems.append(Problem(doc.where(("wording", table, name), key=True),
                                        "vocab-unknown", f"no {table[:-1]} {name!r} to reword",
                                        suggest(str(name), defined[table])))
            elif not isinstance(texts, dict) or not set(texts) <= set(LANGS):
                problems.append(Problem(doc.where(("wording", table, name)), "vocab-shape",
                                        f"the wording of {name!r} maps languages to texts",
                                        f"languages: {', '.join(LANGS)}"))


def _avoided(docs: list[Document], problems: list[Problem]) -> dict[str, dict[str, str]]:
    """Per language, each word to avoid → the rules term to use instead."""
    out: dict[str, dict[str, str]] = {}
    for doc in docs:
        terms = doc.data.get("terms")
        if terms is None:
            continue
        if not isinstance(terms, dict):
            problems.append(Problem(doc.where(("terms",)), "vocab-shape",
                                    "'terms' must map a language to its terms"))
            continue
        for lang, table in terms.items():
            if lang not in LANGS or not isinstance(table, dict):
                problems.append(Problem(doc.where(("terms", lang), key=True), "vocab-shape",
                                        f"'terms' needs a table per language ({', '.join(LANGS)})",
                                        suggest(str(lang), set(LANGS))))
                continue
            for concept, raw in table.items():
                if not isinstance(raw, dict) or not isinstance(raw.get("use"), str) or not (
                        isinstance(raw.get("avoid", []), list)):
                    problems.append(Problem(
                        doc.where(("terms", lang, concept)), "vocab-shape",
                        f"term {concept!r} needs 'use' (a word) and may have 'avoid' (a list)",
                        "for example: {use: 플레이어, avoid: [캐릭터]}"))
                    continue
                for word in raw.get("avoid") or []:
                    out.setdefault(lang, {})[str(word)] = raw["use"]
    return out


def _check_terms(doc: Document, avoided: dict[str, dict[str, str]],
                 problems: list[Problem]) -> None:
    """Every text in a language uses that language's rules terms; Korean text has no
    Chinese characters."""
    def walk(node: Any, path: tuple[Any, ...]) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if path == () and key == "terms":
                    continue
                if key in LANGS and isinstance(value, str):
                    check(str(key), value, (*path, key))
                else:
                    walk(value, (*path, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, (*path, i))

    def check(lang: str, text: str, path: tuple[Any, ...]) -> None:
        for word, use in avoided.get(lang, {}).items():
            if word in text:
                problems.append(Problem(
                    doc.where(path), "vocab-term",
                    f"{lang} text uses {word!r}, which the rule book does not",
                    f"write {use!r} (the terms table in core.yaml)"))
        if lang == "ko" and _HANZI.search(text):
            problems.append(Problem(doc.where(path), "vocab-term",
                                    "Korean text contains Chinese characters",
                                    "write the Korean word alone"))

    walk(doc.data, ())


def _shape_ok(doc: Document, problems: list[Problem]) -> bool:
    """Every table is a mapping of word → mapping; otherwise the file cannot be merged."""
    ok = True
    for table in (*TABLES, "enums", "attributes", "phrases", "variables", "attribute_names"):
        raw = doc.data.get(table)
        if raw is None:
            continue
        if not isinstance(raw, dict):
            problems.append(Problem(doc.where((table,)), "vocab-shape",
                                    f"'{table}' must be a mapping of words"))
            ok = False
            continue
        for name, entry in raw.items():
            if not isinstance(entry, dict):
                problems.append(Problem(doc.where((table, name)), "vocab-shape",
                                        f"{table} entry {name!r} must be a mapping",
                                        "for example: {text: {en: …, zh: …, ko: …}}"))
                ok = False
    return ok


def _check_verb(doc: Document, table: str, name: str, raw: Any, enum_types: set[str],
                problems: list[Problem]) -> None:
    where = (table, name)
    if not isinstance(raw, dict):
        problems.append(Problem(doc.where(where), "vocab-shape", f"{name!r} must be a mapping"))
        return
    params = raw.get("params") or []
    names = set()
    markers: set[str] = set()
    for i, p in enumerate(params):
        if not isinstance(p, dict) or "name" not in p or "type" not in p:
            problems.append(Problem(doc.where((*where, "params", i)), "vocab-shape",
                                    "a parameter needs 'name' and 'type'"))
            continue
        names.add(p["name"])
        if p["type"] not in VALUE_TYPES and p["type"] not in enum_types:
            problems.append(Problem(
                doc.where((*where, "params", i, "type")), "vocab-type",
                f"unknown parameter type {p['type']!r}",
                suggest(p["type"], set(VALUE_TYPES) | enum_types)))
        marker = p.get("marker")
        if marker:
            if marker in markers:
                problems.append(Problem(doc.where((*where, "params", i, "marker")),
                                        "vocab-marker", f"marker {marker!r} used twice"))
            markers.add(marker)
    timings = raw.get("timings")
    if table == "events" and timings is not None and (
            not isinstance(timings, list) or not timings
            or not set(timings) <= set(TIMINGS)):
        problems.append(Problem(doc.where((*where, "timings")), "vocab-shape",
                                f"the timings of {name!r} are a list of "
                                f"{', '.join(TIMINGS)}"))
    named = raw.get("names") or {}
    if table == "events" and isinstance(named, dict):
        allowed = set(raw.get("provides") or {}) | {"each_amount", "this"}
        for var, texts in named.items():
            if var not in allowed:
                problems.append(Problem(
                    doc.where((*where, "names", var), key=True), "vocab-template",
                    f"{name!r} names {var!r}, which the event does not provide",
                    suggest(str(var), allowed)))
            elif not isinstance(texts, dict) or not set(LANGS) <= set(texts):
                problems.append(Problem(
                    doc.where((*where, "names", var)), "vocab-language",
                    f"the name of {var!r} in {name!r} needs en, zh and ko"))
    result = raw.get("result")
    if result is not None and (not isinstance(result, dict) or not set(LANGS) <= set(result)):
        problems.append(Problem(doc.where((*where, "result")), "vocab-language",
                                f"the result name of {name!r} needs en, zh and ko"))
    text = raw.get("text") or {}
    for lang in LANGS:
        if lang not in text:
            problems.append(Problem(doc.where((*where, "text")), "vocab-language",
                                    f"{name!r} has no {lang} text"))
            continue
        if lang != "en" and "en" in text:
            # A translation that leaves out a parameter the English shows drops meaning.
            shown = set(_PLACEHOLDER.findall(str(text["en"]))) & names
            for left_out in sorted(shown - set(_PLACEHOLDER.findall(str(text[lang])))):
                problems.append(Problem(
                    doc.where((*where, "text", lang)), "vocab-template",
                    f"{lang} text of {name!r} leaves out {{{left_out}}}, which the en "
                    "text shows"))
        for placeholder in _PLACEHOLDER.findall(str(text[lang])):
            if placeholder not in names and placeholder not in SPECIAL and not (
                    placeholder.isdigit()):
                problems.append(Problem(
                    doc.where((*where, "text", lang)), "vocab-template",
                    f"{lang} text of {name!r} names {{{placeholder}}}, which is not a "
                    "parameter", suggest(placeholder, names | SPECIAL)))

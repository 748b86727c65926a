"""Vocabulary files → problems: duplicate words, unknown types, templates naming no parameter.

The registry is data that designers extend, so it gets the same located errors as any
other data file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sgs_tools.data.loader import Document, load_file
from sgs_tools.data.schemas import suggest
from sgs_tools.data.validate import display_path
from sgs_tools.dsl.vocabulary import LANGS, VALUE_TYPES, vocabulary_dir
from sgs_tools.errors import LoadError, Problem

TABLES = ("actions", "modifiers", "events", "selectors", "card_words", "quantities",
          "functions")
KNOWN_KEYS = {"kind", "id", "mode", *TABLES, "enums", "attributes", "phrases", "variables",
              "attribute_names"}
SPECIAL = {"actor", "s", "may", "is", "actor_pos"}
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
            doc = load_file(path, shown)
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
    return problems, docs


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
    named = raw.get("names") or {}
    if table == "events" and isinstance(named, dict):
        allowed = set(raw.get("provides") or {}) | {"each_amount"}
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

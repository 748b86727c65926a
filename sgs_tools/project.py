"""Bundled data + expansions + ``--data`` → one validated, compiled project: every problem,
the catalog, the compiled effects, and the engine's Library built from them.

This is the one module above the data, the DSL, the engine and the scenario format: it
finds the files (the bundled game, the expansions the targets sit in, the targets), checks
each file alone (its schema, its scenario format, its effects parsed; from the cache, or in
worker processes for large trees), builds the catalog and its cross-file checks, checks and
compiles every effect against the catalog, and says which problems are the targets'.
Every command, the simulator, the site and the exporters ask it; nothing below it
imports it (tests/test_layers.py).
"""

from __future__ import annotations

import gc
import os
import pickle
import zlib
from collections.abc import Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sgs_tools import paths
from sgs_tools.data import validate as data_validate
from sgs_tools.data.cache import Cache
from sgs_tools.data.catalog import Catalog, cross_check, place
from sgs_tools.data.loader import MAX_BYTES, Document
from sgs_tools.data.model import Deck, Expansion, General, Mode, Origin
from sgs_tools.data.reserved import reserved_id_problems
from sgs_tools.data.validate import IO_ERROR, collect, identity
from sgs_tools.data.validate import shown as shown_path
from sgs_tools.errors import Problem

if TYPE_CHECKING:
    from sgs_tools.dsl.effects import EffectsResult
    from sgs_tools.engine.library import Library

__all__ = ["IO_ERROR", "Result", "check_file", "data_for", "library", "validate"]


@dataclass
class Result:
    """What validation found: the catalog, every problem, and the documents for carets."""

    catalog: Catalog
    problems: list[Problem]
    documents: dict[str, Document] = field(default_factory=dict)
    files: int = 0
    effects: EffectsResult | None = None
    checked: int | None = None
    """How many of the files were the user's targets (None: the bundled data itself)."""
    warnings: list[Problem] = field(default_factory=list)
    """Problems that do not fail validation (``sgs validate --strict`` makes them fail):
    a missing translation, a set no mode plays, a file named other than its id."""

    @property
    def reported(self) -> int:
        """The file count a report states: the targets, or every bundled file."""
        return self.files if self.checked is None else self.checked

    @property
    def ok(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)

    @property
    def exit_code(self) -> int:
        """0 clean, 1 problems, 2 when a file could not be read at all (an I/O error, as
        for a path that does not exist), whether it was named or found in a folder."""
        if any(p.code == IO_ERROR for p in self.problems):
            return 2
        return 0 if self.ok else 1


PARALLEL_FROM = 400
"""Below this many files, worker processes cost more than they save."""


def check_file(path: Path, named: bool = True) -> tuple[Document, list[Problem], str | None]:
    """Load one file and check it alone: a data file against its kind's schema
    (:func:`sgs_tools.data.validate.check_file`), a scenario's format (playing it is
    `sgs test`'s job). ``named``: the user named this file itself, rather than a folder
    holding it."""
    doc, problems, kind = data_validate.check_file(path, named)
    if kind is None and not problems and isinstance(doc.data, dict) and (
            doc.data.get("kind") == "scenario"):
        from sgs_tools.scenario.format import check_format

        problems.extend(check_format(doc))  # a samurai scenario by its own format
    return doc, problems, kind


def _workers(count: int) -> int:
    wanted = os.environ.get("SGS_WORKERS")
    if wanted and wanted.isdigit():
        return max(1, int(wanted))
    return 1 if count < PARALLEL_FROM else min(os.cpu_count() or 1, 8)


@dataclass
class FileResult:
    """One file checked alone: what the cache keeps and a worker process sends back.

    ``parsed`` maps each effect text of a valid general or cards file to its AST (or
    syntax problem), for runs that compile effects for use; ``ahead`` maps each skill of
    a valid general to its outcome checked ahead of the catalog (sgs_tools.dsl.effects
    .Outcome), for report runs, which then need no AST at all."""

    path: str
    text: str
    data: Any
    problems: list[Problem]
    kind: str | None
    parsed: dict[str, Any] | None = None
    ahead: dict[str, Any] | None = None

    def document(self) -> Document:
        doc = Document(self.path, self.text, self.data)
        doc.compact()  # positions come back from the text if a problem needs them
        return doc


PARSE, AHEAD = "parse", "ahead"
"""What check_one does with a file's effects besides checking the file: parse them, or
check and compile a general's skills ahead of the catalog."""


@dataclass
class Context:
    """What a worker knows before the whole catalog exists: the cards and skills (and the
    ids of broken files) of the files read first, which modes play each set, and what
    every effect's check consults of the whole catalog (every card's kind, the declared
    kingdoms; the card and expansion files are read first) with its digest."""

    cards: frozenset[str] = frozenset()
    skills: set[str] = field(default_factory=set)
    by_set: dict[str, frozenset[str]] = field(default_factory=dict)
    card_kinds: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    kingdoms: tuple[tuple[str, str, str, str], ...] = ()
    world: bytes = b""

    def modes(self, sets: list[str]) -> frozenset[str]:
        out: frozenset[str] = frozenset()
        for s in sets:
            out |= self.by_set.get(s, frozenset())
        return out


_CONTEXT = Context()
"""This process's Context for checking skills ahead (set by :func:`_start_worker`)."""


def _start_worker(context: Context) -> None:
    global _CONTEXT
    _CONTEXT = context
    gc.set_threshold(*_GC_THRESHOLD)


def check_packed(path: Path, named: bool, want: str | None) -> bytes:
    """:func:`check_one`, pickled: what a worker sends back, and what the cache keeps as
    it is (the parent unpickles it once, and pickles nothing again)."""
    return pickle.dumps(check_one(path, named, want), protocol=pickle.HIGHEST_PROTOCOL)


def check_one(path: Path, named: bool = True, want: str | None = PARSE) -> FileResult:
    """The per-file work that runs in the worker processes and that is cached:
    :func:`check_file`, then the file's effects parsed (``want=PARSE``), or a valid
    general's skills parsed, checked and compiled ahead (``want=AHEAD``)."""
    doc, problems, kind = check_file(path, named)
    result = FileResult(doc.path, doc.text, doc.data, problems, kind)
    if problems or kind not in ("general", "cards"):
        return result
    if want == PARSE:
        from sgs_tools.dsl.parse import EffectSyntaxError, parse

        result.parsed = {}
        for text in _effect_texts(doc.data):
            try:
                result.parsed[text] = parse(text)
            except EffectSyntaxError as exc:
                result.parsed[text] = exc.problem
    elif want == AHEAD and kind == "general":
        from sgs_tools.dsl.effects import check_ahead

        data = doc.data
        context = _CONTEXT
        # the skills known: those of the files read first and this file's own (a name
        # from another general is missed, and the parent checks that skill again)
        own = [("skills", i, raw) for i, raw in enumerate(data["skills"])]
        own += [("granted_skills", i, raw) for i, raw in enumerate(data.get("granted_skills")
                                                                   or [])]
        skills = _Either(context.skills, {raw["id"] for _, _, raw in own
                                          if isinstance(raw, dict)})
        modes = context.modes([data["set"], *data.get("also_in", [])])
        tokens = {raw["id"]: kind for key, kind in (("piles", "pile"), ("marks", "mark"))
                  for raw in data.get(key) or []}
        result.ahead = {}
        for key, i, raw in own:
            effect = raw.get("effect") if isinstance(raw, dict) else None
            if effect and raw["id"] not in result.ahead:
                result.ahead[raw["id"]] = check_ahead(
                    raw["id"], "skill", data["id"], effect, Origin(doc, (key, i)), modes,
                    tuple(raw.get("tags", [])), context.cards, skills,
                    card_kinds=context.card_kinds, kingdoms=context.kingdoms,
                    world=context.world, tokens=tokens)
    return result


class _Either(Collection[str]):
    """The names of two sets, without copying them into one."""

    def __init__(self, first: Collection[str], second: Collection[str]) -> None:
        self.first, self.second = first, second

    def __contains__(self, name: object) -> bool:
        return name in self.first or name in self.second

    def __iter__(self) -> Iterator[str]:
        yield from self.first
        yield from (n for n in self.second if n not in self.first)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _effect_texts(data: Any) -> list[str]:
    found: list[str] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key == "effect" and isinstance(value, str):
                    found.append(value)
                elif isinstance(value, (dict, list)):
                    stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _file_keys(files: list[Path], cache: Cache | None, named: set[Path] | None = None
               ) -> list[str | None]:
    """Each file's cache key (its bytes, its shown path, whether the user named it, the
    tool), or None."""
    keys: list[str | None] = []
    for path in files:
        key = None
        if cache is not None:
            try:
                if path.stat().st_size <= MAX_BYTES:
                    flag = "" if named is None or path in named else "\0found"
                    key = cache.file_key(shown_path(path) + flag, path.read_bytes())
            except OSError:
                key = None  # check_file reports it
        keys.append(key)
    return keys


def _in_generals(path: Path) -> bool:
    return "generals" in path.parts[:-1]


def _context(results: Iterable[FileResult]) -> Context:
    """The Context of the files read so far: their cards, skills and broken ids, and the
    modes of their sets (from their modes and expansions)."""
    pre = Catalog()
    skills: set[str] = set()
    for result in results:
        if result.kind in ("cards", "deck", "mode", "expansion") and not result.problems:
            pre.add(result.document(), result.kind)
        elif result.kind == "general" and not result.problems:
            skills.update(raw["id"] for raw in result.data["skills"] if isinstance(raw, dict))
        elif result.kind is not None:
            pre.note_broken(result.data, result.kind, result.document())
        elif result.data is None and result.problems:
            pre.note_unreadable(result.text)
    from sgs_tools.dsl.effects import _ModeIndex, card_kinds_of, kingdom_words, world_digest

    index = _ModeIndex(pre)
    kinds, kingdoms = card_kinds_of(pre), kingdom_words(pre)
    return Context(frozenset(pre.cards) | pre.broken_cards, skills | pre.broken_ids,
                   {s: frozenset(m) for s, m in index.by_set.items()}, kinds, kingdoms,
                   world_digest(kinds, kingdoms))


def _warm_up(context: Context, want: str | None) -> None:
    """Build what every worker needs (the schema checks, the parser's tables, the
    vocabulary of each set of modes) before the workers start, so that forked workers
    share it instead of each building its own."""
    from sgs_tools.data import schemas

    for name in set(schemas.KINDS.values()):
        schemas.quick_check(name)
    if want is not None:
        from sgs_tools.dsl.lalr import warm_up
        from sgs_tools.dsl.vocabulary import registry

        warm_up()
        for modes in {frozenset(), *context.by_set.values()}:
            registry(modes, context.kingdoms)


PACK_FROM = 5_000
"""From this many files, cache entries are kept compressed while the run lasts (about
half the size, for some 2% more time): at 50,000 files they would weigh 100 MB."""


def _check_files(files: list[Path], keys: list[str | None], cache: Cache | None,
                 named: set[Path] | None, want: str | None) -> Iterator[FileResult]:
    """Per-file work, from the cache where the file is unchanged, else computed: in this
    process for small trees, spread over the cores for large ones. Results come in file
    order, each as soon as it and those before it are ready, so a large tree is never
    held in memory all at once. To check skills ahead, the files outside ``generals/``
    folders (the cards, decks, modes and expansions the skills need) are read first."""
    ready: dict[int, FileResult] = {}
    todo: list[int] = []
    for i, key in enumerate(keys):
        blob = cache.get(key) if cache is not None and key is not None else None
        hit = _unpack(blob) if isinstance(blob, bytes) else None
        if hit is not None and (want != PARSE or hit.parsed is not None or hit.problems
                                or hit.kind not in ("general", "cards")):
            ready[i] = hit
        else:
            todo.append(i)
    pack = len(files) >= PACK_FROM

    def keep(i: int, result: FileResult, blob: bytes | None = None) -> None:
        ready[i] = result
        key = keys[i]
        if cache is not None and key is not None:
            blob = blob or pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
            cache.put(key, zlib.compress(blob, 1) if pack else blob)

    context = Context()
    if want == AHEAD:
        for i in [i for i in todo if not _in_generals(files[i])]:
            keep(i, check_one(files[i], named is None or files[i] in named, None))
        todo = [i for i in todo if _in_generals(files[i])]
        context = _context(ready.values())
    flags = [named is None or files[i] in named for i in todo]
    done = 0
    workers = _workers(len(todo))
    if workers <= 1:
        _start_worker(context)
        for i, flag in zip(todo, flags, strict=True):
            keep(i, check_one(files[i], flag, want))
            while done in ready:
                yield ready.pop(done)
                done += 1
    else:
        from concurrent.futures import ProcessPoolExecutor

        _warm_up(context, want)  # built once here, inherited by the forked workers
        chunk = max(16, min(500, len(todo) // (workers * 4)))
        # What the workers inherit is never collected by them: frozen, its pages are not
        # written (and so copied) by their garbage collector.
        gc.freeze()
        try:
            with ProcessPoolExecutor(max_workers=workers, initializer=_start_worker,
                                     initargs=(context,)) as pool:
                for i, blob in zip(todo, pool.map(check_packed, [files[i] for i in todo],
                                                  flags, [want] * len(todo), chunksize=chunk),
                                   strict=True):
                    keep(i, pickle.loads(blob), blob)
                    while done in ready:
                        yield ready.pop(done)
                        done += 1
        finally:
            gc.unfreeze()
    while done < len(files):
        yield ready.pop(done)
        done += 1


def _unpack(blob: bytes) -> FileResult | None:
    try:
        result = pickle.loads(zlib.decompress(blob) if blob[:1] == b"\x78" else blob)
    except Exception:  # a stale entry is only a cache miss
        return None
    return result if isinstance(result, FileResult) else None


def _broken_file_problems(cat: Catalog, broken: list[tuple[Document, str]],
                          effects: bool) -> list[Problem]:
    """A file that failed its schema still has its effects checked and its ids compared,
    so one run reports everything that can be found where the file could be read."""
    out: list[Problem] = []
    for doc, kind in broken:
        data = doc.data if isinstance(doc.data, dict) else {}
        key = "skills" if kind == "general" else "cards" if kind == "cards" else None
        items = data.get(key) if key else None
        entries = [(i, x) for i, x in enumerate(items if isinstance(items, list) else [])
                   if isinstance(x, dict) and isinstance(x.get("id"), str)]
        own = data.get("id")
        tables: dict[str, Mapping[str, General | Deck | Mode | Expansion]] = {
            "general": cat.generals, "deck": cat.decks, "mode": cat.modes,
            "expansion": cat.expansions}
        table = tables.get(kind, {})
        if isinstance(own, str) and own in table:
            first = table[own].origin.where("id")
            out.append(Problem(doc.where(("id",)), "duplicate-id",
                               f"{kind} id {own!r} is already defined in {place(first)}",
                               "ids must be unique; rename one of them", related=(first,)))
        others = cat.skills if kind == "general" else cat.cards
        for i, item in entries:
            ident = item["id"]
            if ident in others:
                first = others[ident].origin.where("id")
                out.append(Problem(doc.where((key or "", i, "id")), "duplicate-id",
                                   f"{'skill' if kind == 'general' else 'card'} id {ident!r} "
                                   f"is already defined in {place(first)}",
                                   "ids must be unique; rename one of them", related=(first,)))
            text = item.get("effect")
            if effects and isinstance(text, str) and text.strip():
                out.extend(_effect_problems(cat, doc, kind, data, item, text,
                                            Origin(doc, (key or "", i))))
    return out


def _effect_problems(cat: Catalog, doc: Document, kind: str, data: dict[str, object],
                     item: dict[str, object], text: str, origin: Origin) -> list[Problem]:
    """The DSL problems of one effect in a file that failed its schema."""
    from sgs_tools.dsl.effects import EffectsResult, _ModeIndex, _one

    found = EffectsResult()
    raw_tags = item.get("tags")
    tags = tuple(t for t in raw_tags if isinstance(t, str)) if isinstance(raw_tags, list) else ()
    sets = {x for x in (data.get("set"),) if isinstance(x, str)}
    modes = _ModeIndex(cat).modes(sets, set())
    owner = str(data.get("id") or data.get("set") or doc.path)
    what = "skill" if kind == "general" else "card"
    _one(cat, found, str(item["id"]), what, owner, text, origin, "effect", modes, tags)
    return found.problems


LANGUAGE_KEYS = {"kr": "ko", "kor": "ko", "cn": "zh", "ch": "zh", "zh_cn": "zh", "eng": "en",
                 "jp": "ja"}
"""Language codes people type for the ones names use (zh, en, ko)."""


def _better_hint(problem: Problem, catalog: Catalog, documents: dict[str, Document]
                 ) -> Problem:
    """Hints that need the whole catalog: a card or skill written by its Chinese or Korean
    name inside effect text (``闪``: write ``jink``); ``kr:`` for ``ko:``."""
    if problem.code == "unknown-key":
        key = problem.message.removeprefix("unknown key ").strip("'\"")
        if LANGUAGE_KEYS.get(key.lower()) in ("zh", "en", "ko"):
            return replace(problem, hint=f"did you mean '{LANGUAGE_KEYS[key.lower()]}'? names "
                           "are given as zh (Chinese), en (English) and ko (Korean)")
        return problem
    if problem.code != "dsl-syntax" or not problem.message.startswith("unexpected character"):
        return problem
    doc = documents.get(problem.location.path)
    if doc is None:
        return problem
    rest = doc.line_text(problem.location.line)[max(problem.location.col - 1, 0):]
    word = ""
    for ch in rest:
        if ch.isascii() or not ch.isalnum():
            break
        word += ch
    if not word:
        return problem
    owners: dict[str, list[str]] = {}
    for what, table in (("card", catalog.cards), ("skill", catalog.skills)):
        for thing in table.values():
            for name in thing.name.as_dict().values():
                owners.setdefault(name, []).append(f"{what} id '{thing.id}'")
    for length in range(len(word), 0, -1):
        found = owners.get(word[:length])
        if found:
            return replace(problem, message=f"{problem.message}: effect text names cards "
                           f"and skills by id, not by name ({word[:length]!r})",
                           hint=f"write the {' or the '.join(sorted(set(found)))}")
    return replace(problem, hint="effect words are written in ASCII: ids and DSL words "
                   "('sgs words QUERY' finds a word by its Chinese or Korean text)")


def _at_target(problem: Problem, targets: set[str]) -> Problem | None:
    """A problem as a target should see it: one located in a target stays; one located
    elsewhere but caused by a target (a mode's card count that a target deck breaks: a
    related location in a target) moves to that target, pointing back at where it was
    counted; the rest are not the targets' business."""
    if problem.location.path in targets:
        return problem
    for rel in problem.related:
        if rel.path in targets:
            others = tuple(r for r in problem.related if r != rel)
            return Problem(rel, problem.code, problem.message, problem.hint,
                           problem.severity, (problem.location, *others))
    return None


def _files(targets: list[Path] | None) -> tuple[list[Path], list[Path]]:
    """Every file to load (the bundled game, the rest of the expansions the targets sit
    in, the targets), and the targets' own files."""
    user_files = collect(targets) if targets else []
    user_set = {identity(p) for p in user_files}
    base = [p for p in paths.bundled_files() if identity(p) not in user_set]
    # A file inside an expansion is checked with the rest of its expansion (its cards,
    # its generals), though only the named files' problems are reported.
    roots = {root for t in targets or [] if (root := paths.expansion_around(t)) is not None}
    roots |= {req for root in list(roots) for req in data_validate.required_roots(root)}
    context = [f for root in sorted(roots) for f in paths.data_files(root)
               if identity(f) not in user_set]
    base += list(dict.fromkeys(context))
    return (base + user_files if targets else base), user_files


_GC_THRESHOLD = (100_000, 50, 100)
"""While validating, the cyclic garbage collector runs rarely: loading makes hundreds of
thousands of objects and no cycles, and a full collection walks them all again (about a
sixth of the time on 2,000 files, and growing with the tree)."""


@contextmanager
def _quiet_gc() -> Iterator[None]:
    before = gc.get_threshold()
    gc.set_threshold(*_GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def validate(targets: list[Path] | None = None, *, compile_effects: bool = True,
             report_only: bool = False, use_cache: bool = True) -> Result:
    """Validate the bundled data, or the given files and folders checked against it.

    With targets, the bundled game is loaded too (so an expansion can reference base cards
    and skills), but only problems located in the targets are reported. Unchanged files
    come from the cache (sgs_tools.data.cache). With ``report_only`` (`sgs validate`) the
    Result holds only the report: its problems and warnings, and the documents of the
    files they are in (for carets); its catalog is empty and it has no compiled effects,
    so nothing is kept that the report does not need, and an unchanged tree's whole report
    comes from the cache.
    """
    files, user_files = _files(targets)
    named = {t for t in targets or [] if t.is_file()}
    shown_user = {shown_path(p) for p in user_files}
    checked = len(user_files) if targets else None
    cache = Cache.open(targets) if use_cache else None
    keys = _file_keys(files, cache, named)
    run_key = None
    if cache is not None and report_only and compile_effects and all(keys):
        run_key = cache.run_key(sorted(shown_user), [k for k in keys if k])
        saved = cache.report(run_key)
        if isinstance(saved, tuple) and len(saved) == 3:
            problems_saved, documents_saved, warnings_saved = saved
            return Result(Catalog(), problems_saved, documents_saved, len(files), None,
                          checked, warnings_saved)
    want = None if not compile_effects else AHEAD if report_only else PARSE
    with _quiet_gc():
        catalog, problems, documents, effects = _validate(files, keys, cache, named, want,
                                                          report_only)
    if targets:
        problems = [q for p in problems if (q := _at_target(p, shown_user)) is not None]
    problems = [_better_hint(p, catalog, documents) for p in problems]
    problems = sorted(set(problems), key=Problem.sort_key)
    warnings = [p for p in problems if p.severity == "warning"]
    problems = [p for p in problems if p.severity != "warning"]
    if report_only:
        shown = {p.location.path for p in problems + warnings}
        documents = {k: d for k, d in documents.items() if k in shown}
        catalog = Catalog()
    if cache is not None:
        cache.save()
        if run_key is not None:
            shown = {p.location.path for p in problems + warnings}
            cache.save_report(run_key, (problems, {k: d for k, d in documents.items()
                                                   if k in shown}, warnings))
    return Result(catalog, problems, documents, len(files), effects, checked, warnings)


def _validate(files: list[Path], keys: list[str | None], cache: Cache | None,
              named: set[Path], want: str | None, report_only: bool
              ) -> tuple[Catalog, list[Problem], dict[str, Document], EffectsResult | None]:
    catalog = Catalog()
    broken: list[tuple[Document, str]] = []
    problems: list[Problem] = []
    documents: dict[str, Document] = {}
    parsed: dict[str, Any] = {}
    ahead: dict[str, Any] = {}
    shared: dict[Any, Any] = {}
    scenarios: list[Document] = []  # the scenarios' modes need the whole catalog
    for result in _check_files(files, keys, cache, named, want):
        doc = result.document()
        documents[doc.path] = doc
        if isinstance(result.data, dict) and result.data.get("kind") == "scenario":
            scenarios.append(doc)
        if result.parsed:
            parsed.update(result.parsed)
        problems.extend(result.problems)
        if result.kind is not None and not result.problems:
            catalog.add(doc, result.kind)
            for ident, o in (result.ahead or {}).items():
                taken = catalog.skills.get(ident)
                if (taken is not None and taken.origin.doc is doc
                        and all(p.severity != "error" for p in o.problems)):
                    # the skill the catalog took from this file; one copy of each set
                    # of modes, names, tokens, grants and digests (there are few), and
                    # of each outcome made of them (most skills share one)
                    o = o._replace(modes=shared.setdefault(o.modes, o.modes),
                                   cards=shared.setdefault(o.cards, o.cards),
                                   skills=shared.setdefault(o.skills, o.skills),
                                   tokens=shared.setdefault(o.tokens, o.tokens),
                                   world=shared.setdefault(o.world, o.world),
                                   grants=shared.setdefault(o.grants, o.grants))
                    ahead[ident] = shared.setdefault(o, o)
            if report_only:
                doc.release()  # its text, compressed: for the few that get a problem later
        elif result.kind is not None:
            catalog.note_broken(doc.data, result.kind, doc)
            broken.append((doc, result.kind))
        elif doc.data is None and result.problems:  # not even parsed
            catalog.note_unreadable(doc.text)
    problems.extend(cross_check(catalog))
    problems.extend(_scenario_modes(catalog, scenarios))
    problems.extend(reserved_id_problems(catalog))  # ids the site keeps (data/reserved.py)
    effects = None
    if want is not None:
        from sgs_tools.dsl.effects import compile_catalog
        from sgs_tools.dsl.registry_check import check_vocabulary

        vocab_problems, vocab_docs = check_vocabulary()
        problems.extend(vocab_problems)
        documents.update(vocab_docs)
        effects = compile_catalog(catalog, parsed, ahead if want == AHEAD else None)
        problems.extend(effects.problems)
    problems.extend(_broken_file_problems(catalog, broken, want is not None))
    return catalog, problems, documents, None if report_only else effects


def _scenario_modes(catalog: Catalog, documents: Iterable[Document]) -> list[Problem]:
    """A scenario's mode is one the engine plays in the loaded game (a bundled mode, or an
    expansion's own based on one): only the catalog knows, so it is checked here."""
    from sgs_tools.data.schemas import suggest
    from sgs_tools.engine.modes import played_modes

    played: list[str] | None = None
    out: list[Problem] = []
    for doc in documents:
        data = doc.data
        if not isinstance(data, dict) or data.get("kind") != "scenario":
            continue
        mode = data.get("mode", "identity")
        if not isinstance(mode, str):
            continue  # the format check says so
        if played is None:
            played = played_modes(catalog.modes)
        if mode not in played:
            out.append(Problem(doc.where(("mode",)), "scenario",
                               f"the reference engine does not play mode {mode!r}",
                               suggest(mode, played) or f"scenarios run in: {', '.join(played)}"))
    return out


def _is_data_folder(folder: Path) -> bool:
    return ((folder / "expansion.yaml").is_file() or (folder / "generals").is_dir()
            or (folder / "cards").is_dir())


def data_for(targets: list[Path], extra: list[Path] | None = None) -> list[Path]:
    """The data files to load with the bundled game for the scenarios under ``targets``.

    ``extra`` (``--data``) comes first; then each target that is a data folder itself,
    or sits inside an expansion folder, brings that folder's cards and generals.
    Scenario files are left out, and so is what `sgs validate` skips as not game data
    (tool configs beside the data); so is the bundled data (it is always loaded).
    """
    bundled = paths.bundled_root().resolve()
    roots: list[Path] = list(extra or [])
    for target in targets:
        if target.is_dir() and _is_data_folder(target):
            roots.append(target)
        else:
            around = paths.expansion_around(target)
            if around is not None:
                roots.append(around)
    out: list[Path] = []
    seen: set[Path] = set()
    for root in roots:
        resolved = root.resolve()
        if resolved == bundled or resolved in seen:
            continue
        seen.add(resolved)
        if root.is_dir():
            out.extend(f for f in paths.data_files(root)
                       if not data_validate.found_not_data(f))
        else:
            out.append(root)
    return out


def library(data: list[Path] | None = None, targets: list[Path] | None = None) -> Library:
    """The engine's Library of the bundled game plus extra data files or folders
    (``--data``) and the expansions the ``targets`` sit in (scenario files left out):
    validated, compiled and indexed. Its ``problems`` list what is wrong with that data."""
    from sgs_tools.engine.errors import SetupError
    from sgs_tools.engine.library import Library

    files = data_for(list(targets or []), list(data or [])) if data or targets else []
    result = validate(files or None)
    if result.effects is None:  # pragma: no cover - validate always compiles here
        raise SetupError("effects were not compiled")
    lib = Library(result.catalog, result.effects)
    lib.problems = [f"{p.location}: {p.message}" for p in result.problems
                    if p.severity == "error"]
    lib.index()
    return lib

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

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sgs_tools import paths
from sgs_tools.data import validate as data_validate
from sgs_tools.data.cache import Cache
from sgs_tools.data.catalog import Catalog, cross_check
from sgs_tools.data.loader import MAX_BYTES, Document
from sgs_tools.data.model import Deck, Expansion, General, Mode, Origin
from sgs_tools.data.reserved import reserved_id_problems
from sgs_tools.data.validate import IO_ERROR, collect
from sgs_tools.dsl import ast as A
from sgs_tools.dsl.effects import EffectsResult, _ModeIndex, _one, compile_catalog
from sgs_tools.dsl.parse import EffectSyntaxError, SyntaxProblem, parse
from sgs_tools.dsl.registry_check import check_vocabulary
from sgs_tools.engine.errors import SetupError
from sgs_tools.errors import Problem
from sgs_tools.paths import display_path

if TYPE_CHECKING:
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
        from sgs_tools.scenario.format import ScenarioError, parse_scenario

        try:
            parse_scenario(doc)
        except ScenarioError as exc:
            problems.extend(exc.problems)
    return doc, problems, kind


def _workers(count: int) -> int:
    wanted = os.environ.get("SGS_WORKERS")
    if wanted and wanted.isdigit():
        return max(1, int(wanted))
    return 1 if count < PARALLEL_FROM else min(os.cpu_count() or 1, 8)


Checked = tuple[Document, list[Problem], str | None, dict[str, "A.Effect | SyntaxProblem"]]
"""One file's own results: document, problems, kind, and its effect texts parsed."""


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


def check_and_parse(path: Path, named: bool = True) -> Checked:
    """check_file, then parse the file's effect texts too: the per-file work that runs in
    the worker processes (parsing is most of the cost of effects) and that is cached."""
    doc, problems, kind = check_file(path, named)
    parsed: dict[str, A.Effect | SyntaxProblem] = {}
    if kind in ("general", "cards") and not problems:
        for text in _effect_texts(doc.data):
            try:
                parsed[text] = parse(text)
            except EffectSyntaxError as exc:
                parsed[text] = exc.problem
    doc.compact()  # positions come back from the text if a later problem needs them
    return doc, problems, kind, parsed


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
                    key = cache.file_key(display_path(path) + flag, path.read_bytes())
            except OSError:
                key = None  # check_file reports it
        keys.append(key)
    return keys


def _check_files(files: list[Path], keys: list[str | None] | None = None,
                 cache: Cache | None = None, named: set[Path] | None = None
                 ) -> list[Checked]:
    """Per-file work, from the cache where the file is unchanged, else spread over the
    cores for large trees; results keep file order."""
    keys = keys if keys is not None else [None] * len(files)
    results: list[Checked | None] = [None] * len(files)
    todo: list[int] = []
    for i, key in enumerate(keys):
        hit = cache.get(key) if cache is not None and key is not None else None
        if hit is not None:
            results[i] = hit
        else:
            todo.append(i)
    workers = _workers(len(todo))
    paths_todo = [files[i] for i in todo]
    flags = [named is None or p in named for p in paths_todo]
    if workers <= 1:
        done = [check_and_parse(p, flag) for p, flag in zip(paths_todo, flags, strict=True)]
    else:
        from concurrent.futures import ProcessPoolExecutor

        chunk = max(16, len(paths_todo) // (workers * 4))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            done = list(pool.map(check_and_parse, paths_todo, flags, chunksize=chunk))
    for i, result in zip(todo, done, strict=True):
        results[i] = result
        key = keys[i]
        if cache is not None and key is not None:
            cache.put(key, result)
    return [r for r in results if r is not None]


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
                               f"{kind} id {own!r} is already defined in {first}",
                               "ids must be unique; rename one of them", related=(first,)))
        others = cat.skills if kind == "general" else cat.cards
        for i, item in entries:
            ident = item["id"]
            if ident in others:
                first = others[ident].origin.where("id")
                out.append(Problem(doc.where((key or "", i, "id")), "duplicate-id",
                                   f"{'skill' if kind == 'general' else 'card'} id {ident!r} "
                                   f"is already defined in {first}",
                                   "ids must be unique; rename one of them", related=(first,)))
            text = item.get("effect")
            if effects and isinstance(text, str) and text.strip():
                out.extend(_effect_problems(cat, doc, kind, data, item, text,
                                            Origin(doc, (key or "", i))))
    return out


def _effect_problems(cat: Catalog, doc: Document, kind: str, data: dict[str, object],
                     item: dict[str, object], text: str, origin: Origin) -> list[Problem]:
    """The DSL problems of one effect in a file that failed its schema."""
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


def validate(targets: list[Path] | None = None, *, compile_effects: bool = True,
             report_only: bool = False, use_cache: bool = True) -> Result:
    """Validate the bundled data, or the given files and folders checked against it.

    With targets, the bundled game is loaded too (so an expansion can reference base cards
    and skills), but only problems located in the targets are reported. Unchanged files
    come from the cache (sgs_tools.data.cache); with ``report_only`` (`sgs validate`) an
    unchanged tree's whole report does, and the Result then has an empty catalog.
    """
    user_files = collect(targets) if targets else []
    named = {t for t in targets or [] if t.is_file()}
    user_set = {p.resolve() for p in user_files}
    base = [p for p in paths.bundled_files() if p.resolve() not in user_set]
    # A file inside an expansion is checked with the rest of its expansion (its cards,
    # its generals), though only the named files' problems are reported.
    roots = {root for t in targets or [] if (root := paths.expansion_around(t)) is not None}
    roots |= {req for root in list(roots) for req in data_validate.required_roots(root)}
    context = [f for root in sorted(roots) for f in paths.data_files(root)
               if f.resolve() not in user_set]
    base += list(dict.fromkeys(context))
    files = base + user_files if targets else base
    shown_user = {display_path(p) for p in user_files}

    cache = Cache.open(targets) if use_cache else None
    keys = _file_keys(files, cache, named)
    run_key = None
    if cache is not None and report_only and compile_effects and all(keys):
        run_key = cache.run_key(sorted(shown_user), [k for k in keys if k])
        saved = cache.report(run_key)
        if isinstance(saved, tuple) and len(saved) == 3:
            problems_saved, documents_saved, warnings_saved = saved
            return Result(Catalog(), problems_saved, documents_saved, len(files), None,
                          len(user_files) if targets else None, warnings_saved)

    catalog = Catalog()
    broken: list[tuple[Document, str]] = []
    problems: list[Problem] = []
    documents: dict[str, Document] = {}
    parsed: dict[str, A.Effect | SyntaxProblem] = {}
    for doc, found, kind, effects_parsed in _check_files(files, keys, cache, named):
        documents[doc.path] = doc
        parsed.update(effects_parsed)
        problems.extend(found)
        if kind is not None and not found:
            catalog.add(doc, kind)
        elif kind is not None:
            catalog.note_broken(doc.data, kind, doc)
            broken.append((doc, kind))
        elif doc.data is None and found:  # not even parsed
            catalog.note_unreadable(doc.text)
    problems.extend(cross_check(catalog))
    problems.extend(_scenario_modes(catalog, documents))
    problems.extend(reserved_id_problems(catalog))  # ids the site keeps (data/reserved.py)
    effects = None
    if compile_effects:
        vocab_problems, vocab_docs = check_vocabulary()
        problems.extend(vocab_problems)
        documents.update(vocab_docs)
        effects = compile_catalog(catalog, parsed)
        problems.extend(effects.problems)
    problems.extend(_broken_file_problems(catalog, broken, compile_effects))
    if targets:
        problems = [q for p in problems if (q := _at_target(p, shown_user)) is not None]
    problems = [_better_hint(p, catalog, documents) for p in problems]
    problems = sorted(set(problems), key=Problem.sort_key)
    warnings = [p for p in problems if p.severity == "warning"]
    problems = [p for p in problems if p.severity != "warning"]
    if cache is not None:
        cache.save()
        if run_key is not None:
            shown = {p.location.path for p in problems + warnings}
            cache.save_report(run_key, (problems, {k: d for k, d in documents.items()
                                                   if k in shown}, warnings))
    return Result(catalog, problems, documents, len(files), effects,
                  len(user_files) if targets else None, warnings)


def _scenario_modes(catalog: Catalog, documents: Mapping[str, Document]) -> list[Problem]:
    """A scenario's mode is one the engine plays in the loaded game (a bundled mode, or an
    expansion's own based on one): only the catalog knows, so it is checked here."""
    from sgs_tools.data.schemas import suggest
    from sgs_tools.engine.modes import played_modes

    played: list[str] | None = None
    out: list[Problem] = []
    for doc in documents.values():
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

"""Paths → loaded documents → schema problems + cross-file problems, sorted: one Result."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sgs_tools import paths
from sgs_tools.data import schemas
from sgs_tools.data.catalog import Catalog, cross_check
from sgs_tools.data.loader import Document, load_file
from sgs_tools.errors import LoadError, Location, Problem, UsageError
from sgs_tools.sitegen.reserved import reserved_id_problems

if TYPE_CHECKING:
    from sgs_tools.data.cache import Cache
    from sgs_tools.dsl import ast as A
    from sgs_tools.dsl.effects import EffectsResult
    from sgs_tools.dsl.parse import SyntaxProblem

_KIND_BY_FOLDER = {"generals": "general", "modes": "mode"}


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


IO_ERROR = "io-error"
"""The problem code of a file that exists but cannot be read (permissions, a disk error)."""


def display_path(path: Path) -> str:
    """A path as the user should see it: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel


def _guess_kind(path: Path) -> str | None:
    if path.name in ("expansion.yaml", "expansion.yml"):
        return "expansion"
    if path.stem == "deck":
        return "deck"
    if path.stem == "cards":
        return "cards"
    for part in reversed(path.parts[:-1]):
        if part in _KIND_BY_FOLDER:
            return _KIND_BY_FOLDER[part]
    return None


OTHER_KINDS = frozenset({"scenario"})
"""Kinds of YAML file that may sit beside game data but are not game data."""


def kind_of(doc: Document, path: Path) -> tuple[str | None, list[Problem]]:
    """The file's kind, from its ``kind:`` key, or the problem with it."""
    data = doc.data
    kinds = sorted(schemas.KINDS)
    guess = _guess_kind(path)
    if "kind" not in data:
        hint = f"add 'kind: {guess}'" if guess else f"add 'kind:' (one of {', '.join(kinds)})"
        return None, [Problem(Location(doc.path, 1, 1), "missing-kind",
                              "file has no 'kind' key", hint)]
    kind = data["kind"]
    if isinstance(kind, str) and kind in OTHER_KINDS:
        return None, []  # checked by its own command (sgs test), not a game-data file
    if not isinstance(kind, str) or kind not in schemas.KINDS:
        hint = schemas.suggest(str(kind), kinds) or f"expected one of: {', '.join(kinds)}"
        return None, [Problem(doc.where(("kind",)), "unknown-kind",
                              f"unknown kind {kind!r}", hint)]
    return str(kind), []


def _collect(targets: list[Path]) -> list[Path]:
    found: list[Path] = []
    seen: set[Path] = set()
    for target in targets:
        if target.is_dir():
            files = paths.data_files(target)
            if not files:
                raise UsageError(f"no YAML files in {target}")
        elif target.is_file():
            files = [target]
        else:
            raise UsageError(f"no such file or folder: {target}")
        for f in files:
            if f.resolve() not in seen:
                seen.add(f.resolve())
                found.append(f)
    return found


PARALLEL_FROM = 400
"""Below this many files, worker processes cost more than they save."""


def check_file(path: Path) -> tuple[Document, list[Problem], str | None]:
    """Load one file and check it against its kind's schema."""
    shown = display_path(path)
    try:
        doc = load_file(path, shown)
    except LoadError as exc:
        return Document(shown, exc.text or "", None), [exc.problem], None
    kind, problems = kind_of(doc, path)
    if kind is not None:
        problems.extend(schemas.check(doc, schemas.KINDS[kind]))
    elif isinstance(doc.data, dict) and doc.data.get("kind") == "scenario":
        # The format of a scenario is checked here too; playing it is `sgs test`'s job.
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


def check_and_parse(path: Path) -> Checked:
    """check_file, then parse the file's effect texts too: the per-file work that runs in
    the worker processes (parsing is most of the cost of effects) and that is cached."""
    from sgs_tools.dsl.parse import EffectSyntaxError, parse

    doc, problems, kind = check_file(path)
    parsed: dict[str, A.Effect | SyntaxProblem] = {}
    if kind in ("general", "cards") and not problems:
        for text in _effect_texts(doc.data):
            try:
                parsed[text] = parse(text)
            except EffectSyntaxError as exc:
                parsed[text] = exc.problem
    doc.compact()  # positions come back from the text if a later problem needs them
    return doc, problems, kind, parsed


def _file_keys(files: list[Path], cache: Cache | None) -> list[str | None]:
    """Each file's cache key (its bytes, its shown path, the tool), or None."""
    from sgs_tools.data.loader import MAX_BYTES

    keys: list[str | None] = []
    for path in files:
        key = None
        if cache is not None:
            try:
                if path.stat().st_size <= MAX_BYTES:
                    key = cache.file_key(display_path(path), path.read_bytes())
            except OSError:
                key = None  # check_file reports it
        keys.append(key)
    return keys


def _check_files(files: list[Path], keys: list[str | None] | None = None,
                 cache: Cache | None = None) -> list[Checked]:
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
    if workers <= 1:
        done = [check_and_parse(p) for p in paths_todo]
    else:
        from concurrent.futures import ProcessPoolExecutor

        chunk = max(16, len(paths_todo) // (workers * 4))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            done = list(pool.map(check_and_parse, paths_todo, chunksize=chunk))
    for i, result in zip(todo, done, strict=True):
        results[i] = result
        key = keys[i]
        if cache is not None and key is not None:
            cache.put(key, result)
    return [r for r in results if r is not None]


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
    user_files = _collect(targets) if targets else []
    user_set = {p.resolve() for p in user_files}
    base = [p for p in paths.bundled_files() if p.resolve() not in user_set]
    # A file inside an expansion is checked with the rest of its expansion (its cards,
    # its generals), though only the named files' problems are reported.
    roots = {root for t in targets or [] if (root := paths.expansion_around(t)) is not None}
    context = [f for root in sorted(roots) for f in paths.data_files(root)
               if f.resolve() not in user_set]
    base += list(dict.fromkeys(context))
    files = base + user_files if targets else base
    shown_user = {display_path(p) for p in user_files}

    from sgs_tools.data.cache import Cache

    cache = Cache.open(targets) if use_cache else None
    keys = _file_keys(files, cache)
    run_key = None
    if cache is not None and report_only and compile_effects and all(keys):
        run_key = cache.run_key(sorted(shown_user), [k for k in keys if k])
        saved = cache.report(run_key)
        if isinstance(saved, tuple) and len(saved) == 2:
            problems_saved, documents_saved = saved
            return Result(Catalog(), problems_saved, documents_saved, len(files), None,
                          len(user_files) if targets else None)

    catalog = Catalog()
    problems: list[Problem] = []
    documents: dict[str, Document] = {}
    parsed: dict[str, A.Effect | SyntaxProblem] = {}
    for doc, found, kind, effects_parsed in _check_files(files, keys, cache):
        documents[doc.path] = doc
        parsed.update(effects_parsed)
        problems.extend(found)
        if kind is not None and not found:
            catalog.add(doc, kind)
        elif kind is not None:
            catalog.note_broken(doc.data, kind)
        elif doc.data is None and found:  # not even parsed
            catalog.note_unreadable(doc.text)
    problems.extend(cross_check(catalog))
    problems.extend(reserved_id_problems(catalog))  # ids the site keeps (sitegen/reserved.py)
    effects = None
    if compile_effects:
        from sgs_tools.dsl.effects import compile_catalog
        from sgs_tools.dsl.registry_check import check_vocabulary

        vocab_problems, vocab_docs = check_vocabulary()
        problems.extend(vocab_problems)
        documents.update(vocab_docs)
        effects = compile_catalog(catalog, parsed)
        problems.extend(effects.problems)
    if targets:
        problems = [q for p in problems if (q := _at_target(p, shown_user)) is not None]
    problems = sorted(set(problems), key=Problem.sort_key)
    if cache is not None:
        cache.save()
        if run_key is not None:
            shown = {p.location.path for p in problems}
            cache.save_report(run_key, (problems, {k: d for k, d in documents.items()
                                                   if k in shown}))
    return Result(catalog, problems, documents, len(files), effects,
                  len(user_files) if targets else None)

"""The layers of sgs_tools: no module imports one above it, and the packages form no cycle.

Every import counts: at the top of a module, inside a function (a local import used to
dodge a cycle is still a dependency), under ``if TYPE_CHECKING:``, relative or absolute,
and ``importlib.import_module`` with a constant name. From the bottom up:

- base: the package itself, errors, lines, paths, report (problems → text);
- data: YAML → documents, schemas, the model, the catalog and its cross-file checks;
- dsl: effect text → AST → checked → hook IR, and rules text;
- engine: plays games from the hook IR;
- scenario: the scenario format and its runner (which plays on the engine);
- project: loads a project (bundled data + expansions + --data), validates and compiles it;
- sim: simulation, statistics and balance over many games;
- outputs: the site, the FreeKill export, editor schemas, scaffolding;
- cli: one module per command.

A module may import its own layer or any layer below. Within one layer the packages may
use each other, as long as no two packages (or root modules) import each other, however
indirectly. Import cycles between modules of one package (the engine's table and its
primitives, say) are that package's own business and are not checked here.
"""

from __future__ import annotations

import ast
import itertools
from dataclasses import dataclass
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sgs_tools"

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("sgs_tools", "sgs_tools.errors", "sgs_tools.lines", "sgs_tools.paths",
              "sgs_tools.report")),
    ("data", ("sgs_tools.data",)),
    ("dsl", ("sgs_tools.dsl",)),
    ("engine", ("sgs_tools.engine",)),
    ("scenario", ("sgs_tools.scenario",)),
    ("project", ("sgs_tools.project",)),
    ("sim", ("sgs_tools.sim",)),
    ("outputs", ("sgs_tools.sitegen", "sgs_tools.export", "sgs_tools.editor",
                 "sgs_tools.scaffold")),
    ("cli", ("sgs_tools.cli",)),
)


@dataclass(frozen=True)
class Edge:
    """One import: the importing module, the imported module, and where it is written."""

    source: str
    target: str
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.source} imports {self.target}"


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package at ``root`` by dotted name (a package by its
    ``__init__``)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _known(name: str, mods: dict[str, Path]) -> str | None:
    """The module ``name`` is, or the nearest package holding it."""
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def imports(mods: dict[str, Path]) -> list[Edge]:
    """Every sgs_tools import written in the modules, wherever it is written."""
    edges = []
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        shown = "/".join(path.parts[-len(name.split(".")) - (path.name == "__init__.py"):])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), shown)):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    module = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    module = node.module or ""
                # ``from sgs_tools import project`` imports the module sgs_tools.project
                targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in mods else module
                           for a in node.names]
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "import_module" and node.args
                  and isinstance(node.args[0], ast.Constant)
                  and isinstance(node.args[0].value, str)):
                targets = [node.args[0].value]
            for target in targets:
                if target.split(".")[0] != "sgs_tools":
                    continue
                found = _known(target, mods)
                if found is not None and found != name:
                    edges.append(Edge(name, found, shown, node.lineno))
    return list(dict.fromkeys(edges))


def layer_of(module: str) -> tuple[int, str, str]:
    """(rank, layer, unit) of a module: the layer of its longest listed prefix, and the
    unit (top-level package or root module) it belongs to."""
    best: tuple[int, str, str] | None = None
    for rank, (layer, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            inside = module == prefix or module.startswith(prefix + ".")
            if inside and (best is None or len(prefix) > len(best[2])):
                best = (rank, layer, prefix)
    if best is None:
        raise AssertionError(f"{module} is in no layer: add it to LAYERS in {__file__}")
    return best


def upward(edges: list[Edge]) -> list[str]:
    """Each import of a module from a higher layer, explained."""
    found = []
    for edge in edges:
        (low, low_name, _), (high, high_name, _) = layer_of(edge.source), layer_of(edge.target)
        if high > low:
            found.append(f"{edge} ({low_name} reaches up into {high_name})")
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph``, as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def package_cycle(edges: list[Edge]) -> list[str]:
    """A cycle between packages (and root modules), with the imports that make it, or []."""
    graph: dict[str, set[str]] = {}
    where: dict[tuple[str, str], Edge] = {}
    for edge in edges:
        a, b = layer_of(edge.source)[2], layer_of(edge.target)[2]
        if a != b:
            graph.setdefault(a, set()).add(b)
            where.setdefault((a, b), edge)
    cycle = _cycle(graph)
    if cycle is None:
        return []
    return [" → ".join(cycle), *(str(where[pair]) for pair in itertools.pairwise(cycle))]


@cache
def _edges() -> list[Edge]:
    return imports(modules())


def test_every_module_is_in_a_layer() -> None:
    for module in modules():
        layer_of(module)


def test_no_module_imports_a_layer_above_it() -> None:
    found = upward(_edges())
    assert not found, "\n".join(found)


def test_the_packages_import_each_other_in_no_cycle() -> None:
    found = package_cycle(_edges())
    assert not found, "a cycle between packages: " + "\n".join(found)


def test_the_walker_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Local, type-only, relative and ``from package import module`` imports all count,
    and the checks fail on an upward import and on a cycle (they are not vacuous)."""
    root = tmp_path / "sgs_tools"
    for folder in ("data", "dsl", "cli", "sitegen", "export"):
        (root / folder).mkdir(parents=True)
        (root / folder / "__init__.py").write_text("", encoding="utf-8")
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "project.py").write_text("", encoding="utf-8")
    (root / "data" / "a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from sgs_tools.dsl import b\n"
        "def f():\n    from sgs_tools import project\n    from ..cli import c\n",
        encoding="utf-8")
    (root / "dsl" / "b.py").write_text("from . import c\n", encoding="utf-8")
    (root / "dsl" / "c.py").write_text("import importlib\n"
                                       "importlib.import_module('sgs_tools.data.a')\n",
                                       encoding="utf-8")
    (root / "cli" / "c.py").write_text("", encoding="utf-8")
    (root / "sitegen" / "s.py").write_text("from sgs_tools.export import e\n",
                                           encoding="utf-8")
    (root / "export" / "e.py").write_text("def g():\n    from sgs_tools.sitegen import s\n",
                                          encoding="utf-8")
    edges = {(e.source, e.target) for e in imports(modules(root))}
    assert edges == {
        ("sgs_tools.data.a", "sgs_tools.dsl.b"), ("sgs_tools.data.a", "sgs_tools.project"),
        ("sgs_tools.data.a", "sgs_tools.cli.c"), ("sgs_tools.dsl.b", "sgs_tools.dsl.c"),
        ("sgs_tools.dsl.c", "sgs_tools.data.a"), ("sgs_tools.sitegen.s", "sgs_tools.export.e"),
        ("sgs_tools.export.e", "sgs_tools.sitegen.s")}
    found = upward(imports(modules(root)))
    assert len(found) == 3 and all(line.startswith("sgs_tools/data/a.py:") for line in found)
    cycle = package_cycle(imports(modules(root)))
    assert cycle and cycle[0].startswith("sgs_tools.data → sgs_tools.dsl → sgs_tools.data")
    assert _cycle({"a": {"b"}, "b": {"c"}}) is None


def _walk_runtime(body: list[ast.stmt], package: str, mods: dict[str, Path], local: bool,
                  found: set[str]) -> None:
    """Collect into ``found`` the modules the statements import when they run."""
    for node in body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            _walk_runtime(node.orelse, package, mods, local, found)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            found.update(f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base
                         for a in node.names)
        elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
            for name in ("body", "orelse", "finalbody"):
                _walk_runtime(getattr(node, name, []), package, mods, local, found)
            for handler in getattr(node, "handlers", []):
                _walk_runtime(handler.body, package, mods, local, found)
        elif local and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            _walk_runtime(node.body, package, mods, local, found)


def runtime_imports(mods: dict[str, Path], local: bool) -> dict[str, set[str]]:
    """The sgs_tools modules each module imports when it runs: the statements at its top
    (``if TYPE_CHECKING:`` blocks left out) and, with ``local``, those inside its
    functions and classes too."""
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        _walk_runtime(ast.parse(path.read_text(encoding="utf-8")).body, package, mods, local,
                      found)
        graph[name] = {k for t in found if (k := _known(t, mods)) and k != name
                       and not name.startswith(k + ".")}
    return graph


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = {start}, [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def test_no_module_imports_itself_at_load_time() -> None:
    """The imports run when modules load form no cycle, inside a package too (a family of
    engine words registers by being imported from ``engine.actions``, not by importing
    ``primitives`` back)."""
    cycle = _cycle(runtime_imports(modules(), local=False))
    assert cycle is None, "an import cycle at load time: " + " → ".join(cycle or [])


def test_the_cycles_issue_8_named_are_gone() -> None:
    """validate ↔ registry_check and game ↔ ai: one of each pair never imports the other,
    not even from inside a function (only type-only imports are left)."""
    graph = runtime_imports(modules(), local=True)
    assert not _reaches(graph, "sgs_tools.dsl.registry_check", "sgs_tools.data.validate")
    assert not _reaches(graph, "sgs_tools.engine.ai", "sgs_tools.engine.game")
    # the checks can fail: a cycle in a small graph is found
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert _reaches({"a": {"b"}, "b": {"c"}}, "a", "c")

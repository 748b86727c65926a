"""Fuzz scenario tests: mutate every bundled scenario (its YAML structure and text) and
run it as `sgs test` does (and check its format as `sgs validate` does).

Run: python bench/fuzz_scenarios.py [--iterations N] [--seed S]

A failure is any exception escaping (`sgs test` would exit 3), a problem located in
another file or at a line the file does not have, or one scenario taking longer than
``--slow`` seconds. The same code runs, bounded, in the test suite
(tests/scenario/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import copy
import random
import shutil
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.fuzz_data import HOSTILE, _walk  # noqa: E402

SCENARIO_VALUES: list[Any] = [*HOSTILE, "game_over", "peach ♥3", "slash", "zhangliao",
                              "lord", "rebel", {"e": ["damage"]}, {"e": "damage", "n": [1]},
                              {"e": "damage", "times": -1}, 0, 1, 2, 99, 10**9,
                              {"seat": 0, "pick": "peach"}, {"seat": 5, "pick": None},
                              ["play"], ["nonsense"], {"0": {"hp": [1]}}]


@dataclass
class Failure:
    kind: str
    source: str
    text: str
    detail: str


@dataclass
class Stats:
    scenarios: int = 0
    failed: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)


@cache
def corpus() -> list[tuple[str, str]]:
    from sgs_tools import paths

    folder = paths.bundled_scenarios()
    return [(p.name, p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.yaml"))]


def mutate(text: str, rng: random.Random) -> str:
    import yaml

    data = yaml.safe_load(text)
    for _ in range(rng.randint(1, 2)):
        spots = _walk(data)[1:]
        if not spots:
            break
        where = rng.choice(spots)
        parent = data
        for k in where[:-1]:
            parent = parent[k]
        op = rng.randrange(3)
        if op == 0:
            parent[where[-1]] = copy.deepcopy(rng.choice(SCENARIO_VALUES))
        elif op == 1 and isinstance(parent, dict) and where[-1] != "kind":
            del parent[where[-1]]
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(rng.choice(SCENARIO_VALUES)))
        elif isinstance(parent, dict):
            parent[rng.choice(["until", "turns", "extra", "seed", "step_budget"])] = (
                copy.deepcopy(rng.choice(SCENARIO_VALUES)))
    data["kind"] = "scenario"
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def fuzz(iterations: int, seed: int = 0, slow: float = 20.0) -> Stats:
    from sgs_tools import project
    from sgs_tools.lines import file_lines
    from sgs_tools.paths import display_path
    from sgs_tools.project import check_file
    from sgs_tools.scenario.runner import run_file

    lib = project.library()
    rng = random.Random(seed)
    stats = Stats()
    files = corpus()
    scratch = Path(tempfile.mkdtemp(prefix="sgs-fuzz-scenarios-"))
    start = time.perf_counter()
    try:
        for _ in range(iterations):
            name, text = rng.choice(files)
            mutated = mutate(text, rng)
            path = scratch / name
            path.write_text(mutated, encoding="utf-8")
            shown = display_path(path)
            lines = len(file_lines(mutated))
            stats.scenarios += 1
            began = time.perf_counter()
            try:
                _doc, problems, _kind = check_file(path)  # what `sgs validate` does
                outcome, _doc2 = run_file(lib, path, shown)  # what `sgs test` does
                stats.failed += not outcome.ok
                for p in [*problems, *outcome.problems]:
                    if p.location.path != shown or p.location.line > lines + 1:
                        stats.failures.append(Failure(
                            "location", name, mutated, f"{p.location}: {p.message}"))
                        break
            except Exception:
                stats.failures.append(Failure("crash", name, mutated,
                                              traceback.format_exc(limit=8)))
            took = time.perf_counter() - began
            if took > slow:
                stats.failures.append(Failure("slow", name, mutated, f"{took:.1f} s"))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    stats.seconds = time.perf_counter() - start
    return stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iterations", type=int, default=2_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--slow", type=float, default=20.0)
    args = ap.parse_args()
    stats = fuzz(args.iterations, args.seed, args.slow)
    print(f"{stats.scenarios} mutated scenarios in {stats.seconds:.1f} s; "
          f"{stats.failed} failed (as they should, mostly)")
    for f in stats.failures[:20]:
        print(f"\n{f.kind.upper()} ({f.source}): {f.detail}\n--- file ---\n{f.text[:2000]}")
    print(f"\n{len(stats.failures)} failures")
    raise SystemExit(1 if stats.failures else 0)


if __name__ == "__main__":
    main()

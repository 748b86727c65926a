"""Fuzz scenario tests: mutate every bundled scenario (its YAML structure and text) and
run it as `sgs test` does (and check its format as `sgs validate` does).

Run: python bench/fuzz_scenarios.py [--iterations N] [--seed S]

A failure is any exception escaping (`sgs test` would exit 3), a problem located in
another file or at a line the file does not have, or one scenario taking longer than
``--slow`` seconds.

Then the wrong passes: each bundled scenario that passes gets one of its expectations
changed into one that cannot hold (an event that happened listed under ``no_events``, one
that never happened under ``events``, a count, a number of hit points or cards, a winner
or a distance made impossible, a list of cards one longer, a living seat expected dead);
it must fail with an expectation problem. A mutated scenario that passes is a failure of
the runner (and one that fails for another reason, such as a format error, a failure of
this fuzzer).

The same code runs, bounded, in the test suite (tests/scenario/test_fuzz.py).
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


def _impossible(value: Any) -> Any:
    """A value an expectation field cannot have if ``value`` held (None: no such value)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 100
    return None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict[Any, Any]:
    return value if isinstance(value, dict) else {}


def wrong_expectations(text: str) -> list[tuple[str, str, dict[str, Any]]]:
    """Every change of one expectation of the scenario ``text`` into one that cannot hold
    in the game the scenario plays: (what was changed, the new text, the changed node)."""
    import yaml

    data = yaml.safe_load(text)
    expect = data.get("expect") if isinstance(data, dict) else None
    if not isinstance(expect, dict):
        return []
    out: list[tuple[str, str, dict[str, Any]]] = []

    def emit(what: str, change: Any) -> None:
        new = copy.deepcopy(data)
        node = change(new["expect"])
        out.append((what, yaml.safe_dump(new, allow_unicode=True, sort_keys=False), node))

    events = _list(expect.get("events"))
    for i, ev in enumerate(events):
        if not isinstance(ev, dict):
            continue
        if "times" in ev and _impossible(ev["times"]) is not None:
            def times(x: dict[str, Any], i: int = i) -> Any:
                x["events"][i]["times"] = _impossible(x["events"][i]["times"])
                return x["events"][i]
            emit(f"events[{i}].times", times)
            continue

        def forbid(x: dict[str, Any], ev: dict[str, Any] = ev) -> Any:
            x.setdefault("no_events", []).append(copy.deepcopy(ev))
            return x["no_events"][-1]
        emit(f"events[{i}] under no_events", forbid)
        for key in ("n", "hp"):
            if _impossible(ev.get(key)) is not None and not isinstance(ev[key], bool):
                def number(x: dict[str, Any], i: int = i, key: str = key) -> Any:
                    x["events"][i][key] = _impossible(x["events"][i][key])
                    return x["events"][i]
                emit(f"events[{i}].{key}", number)
    nones = _list(expect.get("no_events"))
    for i, ev in enumerate(nones):
        if isinstance(ev, dict):
            def require(x: dict[str, Any], ev: dict[str, Any] = ev) -> Any:
                x.setdefault("events", []).append(copy.deepcopy(ev))
                return x["events"][-1]
            emit(f"no_events[{i}] under events", require)
    seats = _dict(_dict(expect.get("state")).get("seats"))
    for seat, fields in seats.items():
        if not isinstance(fields, dict):
            continue
        for key in ("hp", "max_hp", "hand", "alive"):
            if key in fields and _impossible(fields[key]) is not None:
                def field_(x: dict[str, Any], seat: Any = seat, key: str = key) -> Any:
                    spot = x["state"]["seats"][seat]
                    spot[key] = _impossible(spot[key])
                    return spot
                emit(f"state.seats.{seat}.{key}", field_)
        for key in ("hand", "equipment", "judgement"):
            if isinstance(fields.get(key), list) and all(isinstance(c, str)
                                                         for c in fields[key]):
                def one_more(x: dict[str, Any], seat: Any = seat, key: str = key) -> Any:
                    spot = x["state"]["seats"][seat]
                    spot[key] = [*spot[key], spot[key][0] if spot[key] else "slash"]
                    return spot
                emit(f"state.seats.{seat}.{key} + 1 card", one_more)
    if isinstance(expect.get("winner"), str) and expect["winner"] != "none":
        def winner(x: dict[str, Any]) -> Any:
            x["winner"] = "none"  # a side of every mode: nobody has won
            return x
        emit("winner", winner)
    for kind in ("distance", "in_range", "attack_range"):
        items = _list(expect.get(kind))
        for i, item in enumerate(items):
            if isinstance(item, dict) and _impossible(item.get("is")) is not None:
                def measure(x: dict[str, Any], kind: str = kind, i: int = i) -> Any:
                    x[kind][i]["is"] = _impossible(x[kind][i]["is"])
                    return x[kind][i]
                emit(f"{kind}[{i}].is", measure)
    return out


def wrong_passes(samples: int, seed: int = 0, every: bool = False) -> Stats:
    """``samples`` scenarios, each with one expectation made impossible (see the module's
    text): every one must fail with an ``expect`` problem. The unchanged scenario is run
    first; one that does not pass as it is (outside its folder) is not used. ``every``:
    each of those scenarios with each of its changes, one at a time."""
    from sgs_tools import project
    from sgs_tools.paths import display_path
    from sgs_tools.scenario.runner import run_file

    lib = project.library()
    rng = random.Random(seed)
    stats = Stats()
    scratch = Path(tempfile.mkdtemp(prefix="sgs-fuzz-wrong-"))
    start = time.perf_counter()
    files = list(corpus())
    rng.shuffle(files)
    try:
        for name, text in files:
            if stats.scenarios >= samples and not every:
                break
            changes = wrong_expectations(text)
            if not changes:
                continue
            path = scratch / name
            path.write_text(text, encoding="utf-8")
            shown = display_path(path)
            try:
                if not run_file(lib, path, shown)[0].ok:
                    continue
            except Exception:
                stats.failures.append(Failure("crash", name, text,
                                              traceback.format_exc(limit=8)))
                continue
            for what, mutated, _node in changes if every else [rng.choice(changes)]:
                path.write_text(mutated, encoding="utf-8")
                stats.scenarios += 1
                try:
                    outcome, _doc = run_file(lib, path, shown)
                except Exception:
                    stats.failures.append(Failure("crash", name, mutated,
                                                  traceback.format_exc(limit=8)))
                    continue
                stats.failed += not outcome.ok
                if outcome.ok:
                    stats.failures.append(Failure("wrong-pass", name, mutated,
                                                  f"passed with {what} made impossible"))
                elif not any(p.code == "expect" for p in outcome.problems):
                    stats.failures.append(Failure(
                        "wrong-reason", name, mutated, f"{what}: " + "; ".join(
                            f"{p.location}: [{p.code}] {p.message}"
                            for p in outcome.problems)))
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
    ap.add_argument("--wrong", type=int, default=100,
                    help="scenarios run with an impossible expectation (default 100)")
    ap.add_argument("--every-change", action="store_true",
                    help="every bundled scenario with each of its impossible expectations")
    args = ap.parse_args()
    stats = fuzz(args.iterations, args.seed, args.slow)
    print(f"{stats.scenarios} mutated scenarios in {stats.seconds:.1f} s; "
          f"{stats.failed} failed (as they should, mostly)")
    for f in stats.failures[:20]:
        print(f"\n{f.kind.upper()} ({f.source}): {f.detail}\n--- file ---\n{f.text[:2000]}")
    wrong = wrong_passes(args.wrong, args.seed, args.every_change)
    print(f"\n{wrong.scenarios} scenarios with an impossible expectation in "
          f"{wrong.seconds:.1f} s; {wrong.failed} failed (all should)")
    for f in wrong.failures[:20]:
        print(f"\n{f.kind.upper()} ({f.source}): {f.detail}\n--- file ---\n{f.text[:2000]}")
    failures = len(stats.failures) + len(wrong.failures)
    print(f"\n{failures} failures")
    raise SystemExit(1 if failures else 0)


if __name__ == "__main__":
    main()

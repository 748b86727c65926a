"""Fuzz the data loader and validator: mutate every bundled data file (as text and as
YAML structure) and check it as `sgs validate` would.

Run: python bench/fuzz_data.py [--iterations N] [--seed S] [--full-every K]

Each mutated file is written to a scratch folder laid out like the data it came from
(``generals/…``, ``cards/…``, ``modes/…``) and checked with ``check_file`` (load, kind,
schema); every ``--full-every``-th one also goes through the whole ``validate`` (cross-file
checks against the bundled game, every effect parsed, checked and compiled). A failure is:

- any exception escaping (an internal error: `sgs validate` would exit 3);
- a problem located in another file, or at a line the file does not have;
- one file taking longer than ``--slow`` seconds.

The same code runs, bounded, in the test suite (tests/data/test_fuzz.py).
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

TEXT_BITS = ["\x00", "\t", "\f", "\r", "\x85", "\u2028", "\ufeff", "\xff", "&a ", "*a",
             "!!python/object:os.system ", "<<: *a\n", "? ", "- ", ": ", "{", "}", "[", "]",
             "'", '"', "#", "|", ">", "\n", "\n  ", "%YAML 1.1\n", "---\n", "...\n",
             "99999999999999999999", "0x1F", ".inf", "~", "yes", "on", "é", "杀"]
HOSTILE: list[Any] = [None, [], {}, [1], {"a": 1}, -1, 0, 10**17, 1.5, float("nan"), True,
                      "", "x" * 300, "</title><script>alert(9)</script>", "index", "a\nb",
                      [[[[[[[[1]]]]]]]], {"kind": "general"}, "rank", "♠", "A", "13", 14,
                      "if not not hp > 1:\n  draw 1\n", "action, for:\n  draw 1\n"]


@dataclass
class Failure:
    kind: str
    source: str
    text: str
    detail: str


@dataclass
class Stats:
    files: int = 0
    full: int = 0
    with_problems: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)


@cache
def corpus() -> list[tuple[Path, str]]:
    from sgs_tools import paths

    root = paths.bundled_root()
    return [(p.relative_to(root), p.read_text(encoding="utf-8"))
            for p in paths.bundled_files()]


def _walk(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _walk(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _walk(v, (*path, i))
    return out


def mutate(text: str, rng: random.Random) -> str:
    """A text-level or a structural mutation of a data file."""
    import yaml

    if rng.random() < 0.5:
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError:
            data = None
        if isinstance(data, dict):
            where = rng.choice(_walk(data)[1:] or [()])
            if where:
                parent = data
                for k in where[:-1]:
                    parent = parent[k]
                op = rng.randrange(3)
                if op == 0:
                    parent[where[-1]] = copy.deepcopy(rng.choice(HOSTILE))
                elif op == 1 and isinstance(parent, dict):
                    del parent[where[-1]]
                elif isinstance(parent, dict):
                    parent[rng.choice(["extra", "kind", "id", "count", "effect"])] = (
                        copy.deepcopy(rng.choice(HOSTILE)))
                try:
                    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
                except (yaml.YAMLError, ValueError):
                    pass
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(4)
        a = rng.randrange(len(text) + 1)
        if op == 0:
            text = text[:a] + rng.choice(TEXT_BITS) + text[a:]
        elif op == 1:
            text = text[:a] + text[a + rng.randint(1, 40):]
        elif op == 2:
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            text = "\n".join(lines)
        else:
            text = text[:a] + text[a:a + rng.randint(1, 200)] * 2 + text[a + 200:]
    return text


def _check_locations(problems: list[Any], shown: str, text: str, raw: bytes) -> str | None:
    from sgs_tools.lines import file_lines

    try:
        n = len(file_lines(raw.decode("utf-8-sig")))
    except UnicodeDecodeError:
        n = raw.count(b"\n") + 1
    for p in problems:
        if p.location.path != shown:
            return f"problem in another file: {p.location} {p.code} {p.message}"
        if p.location.line > n + 1 or p.location.line < 0:
            return f"line {p.location.line} of a {n}-line file: {p.code} {p.message}"
    return None


def fuzz(iterations: int, seed: int = 0, full_every: int = 25, slow: float = 5.0) -> Stats:
    from sgs_tools.paths import display_path
    from sgs_tools.project import check_file, validate

    rng = random.Random(seed)
    stats = Stats()
    files = corpus()
    scratch = Path(tempfile.mkdtemp(prefix="sgs-fuzz-data-"))
    start = time.perf_counter()
    try:
        for n in range(iterations):
            rel, text = rng.choice(files)
            mutated = mutate(text, rng)
            target = scratch / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            raw = mutated.encode("utf-8", errors="surrogatepass")
            if "\xff" in mutated and rng.random() < 0.5:
                raw = raw.replace("\xff".encode(), b"\xff")  # a byte that is not UTF-8
            target.write_bytes(raw)
            shown = display_path(target)
            stats.files += 1
            began = time.perf_counter()
            limit = slow
            try:
                _doc, problems, _kind = check_file(target)
                if full_every and n % full_every == 0:
                    stats.full += 1
                    limit = 4 * slow  # it loads and checks the whole bundled game too
                    problems = validate([target]).problems
                stats.with_problems += bool(problems)
                bad = _check_locations(problems, shown, mutated, raw)
                if bad:
                    stats.failures.append(Failure("location", str(rel), mutated, bad))
            except Exception:
                stats.failures.append(Failure("crash", str(rel), mutated,
                                              traceback.format_exc(limit=8)))
            took = time.perf_counter() - began
            if took > limit:
                stats.failures.append(Failure("slow", str(rel), mutated, f"{took:.1f} s"))
            target.unlink()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    stats.seconds = time.perf_counter() - start
    return stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iterations", type=int, default=5_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--full-every", type=int, default=25,
                    help="run the whole validate on every K-th file (0: never)")
    ap.add_argument("--slow", type=float, default=5.0)
    args = ap.parse_args()
    stats = fuzz(args.iterations, args.seed, args.full_every, args.slow)
    print(f"{stats.files} mutated files ({stats.full} fully validated) in "
          f"{stats.seconds:.1f} s; {stats.with_problems} with problems")
    for f in stats.failures[:20]:
        print(f"\n{f.kind.upper()} ({f.source}): {f.detail}\n--- file ---\n{f.text[:2000]}")
    print(f"\n{len(stats.failures)} failures")
    raise SystemExit(1 if stats.failures else 0)


if __name__ == "__main__":
    main()

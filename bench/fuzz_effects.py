"""Fuzz the effect DSL: mutate every bundled effect and push it through parse, check,
compile and render (en, zh, ko).

Run: python bench/fuzz_effects.py [--iterations N] [--seed S] [--no-render]

What counts as a failure (each is printed with the effect text that caused it):

- any exception other than the located ``EffectSyntaxError`` (an internal error);
- a syntax error or checker issue whose line/column lies outside the text;
- one effect taking longer than ``--slow`` seconds in any stage (a hang in the making).

The mutations are those that found the crashes of issue 15: deleting and duplicating
spans and lines, inserting keywords, vocabulary words, huge numbers, brackets and odd line
breaks (``\\f``, ``\\r``, NEL, U+2028), re-indenting lines, and wrapping lines in deep
nesting (``repeat 2:``, ``if not …:``). The same code runs, bounded, in the test suite
(tests/dsl/test_fuzz.py); this script is for long runs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TOKENS = ["if ", "not ", "may ", "repeat 2:", "action, for:", "action, for qun others:",
          "after take_damage:", "when asked jink:", "at start of play:", "else:", ":",
          "(", ")", "-", "+", "*", "..", "#", ",", "chooses one:", "  - ", "draw ",
          "1", "0", "999999999", "12345678901234567890", "X", "hp", "source", "judgement",
          "once per turn", "times per turn = lost_hp + 1", "view red card as slash",
          "\t", "\f", "\r", "\x85", "\u2028", "\u2029", "\x00", "é", "杀", "\n", "\n  ",
          "pick 1 other as t", "t.hp", "stop", "awaken when hp < 2:"]


@dataclass
class Failure:
    kind: str
    text: str
    detail: str


@dataclass
class Stats:
    effects: int = 0
    syntax_errors: int = 0
    with_issues: int = 0
    clean: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)


def mutate(text: str, rng: random.Random) -> str:
    """One to three random edits of ``text``."""
    for _ in range(rng.randint(1, 3)):
        lines = text.split("\n")
        op = rng.randrange(8)
        if op == 0 and text:  # delete a span
            a = rng.randrange(len(text))
            text = text[:a] + text[a + rng.randint(1, 12):]
        elif op == 1:  # insert a token
            a = rng.randrange(len(text) + 1)
            text = text[:a] + rng.choice(TOKENS) + text[a:]
        elif op == 2 and lines:  # duplicate a line
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            text = "\n".join(lines)
        elif op == 3 and lines:  # re-indent a line
            i = rng.randrange(len(lines))
            lines[i] = " " * rng.choice([0, 1, 2, 3, 4, 6, 8]) + lines[i].lstrip(" ")
            text = "\n".join(lines)
        elif op == 4 and len(lines) > 1:  # swap two lines
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif op == 5 and lines:  # wrap a line in deep nesting
            i = rng.randrange(len(lines))
            depth = rng.choice([2, 5, 20, 60, 300])
            head = rng.choice(["repeat 2:", "if not hp > 1:", "may:"])
            indent = len(lines[i]) - len(lines[i].lstrip(" "))
            wrapped = [" " * (indent + 2 * k) + head for k in range(depth)]
            wrapped.append(" " * (indent + 2 * depth) + lines[i].lstrip(" "))
            lines[i:i + 1] = wrapped
            text = "\n".join(lines)
        elif op == 6:  # brackets or 'not's, deep on one line
            a = rng.randrange(len(text) + 1)
            n = rng.choice([3, 40, 2000])
            text = text[:a] + rng.choice(["(" * n, "not " * n, ")" * n]) + text[a:]
        elif op == 7 and text:  # replace a character
            a = rng.randrange(len(text))
            text = text[:a] + rng.choice(["", " ", ":", "\n", "x", "9"]) + text[a + 1:]
    return text


@cache
def corpus() -> tuple[list[Any], Any]:
    """Every bundled compiled effect, and the catalog's names (loaded once)."""
    from sgs_tools.dsl.effects import names_of
    from sgs_tools.project import validate

    result = validate()
    assert result.effects is not None
    return list(result.effects.compiled.values()), names_of(result.catalog)


def _inside(text: str, line: int, col: int) -> bool:
    from sgs_tools.lines import effect_lines

    lines = effect_lines(text.replace("\r\n", "\n")) or [""]
    if not 1 <= line <= len(lines) + 1:
        return False
    return line > len(lines) or 1 <= col <= len(lines[line - 1]) + 1


def fuzz(iterations: int, seed: int = 0, render_text: bool = True,
         slow: float = 2.0) -> Stats:
    """Mutate ``iterations`` effects (drawn from the bundled ones) and check each."""
    from sgs_tools.dsl.check import Context, check
    from sgs_tools.dsl.compile import compile_effect
    from sgs_tools.dsl.parse import EffectSyntaxError, parse
    from sgs_tools.dsl.render import render

    items, names = corpus()
    from sgs_tools.project import validate  # noqa: F401 - corpus() loaded it

    rng = random.Random(seed)
    stats = Stats()
    start = time.perf_counter()
    for _ in range(iterations):
        base = rng.choice(items)
        text = mutate(base.text, rng)
        stats.effects += 1
        began = time.perf_counter()
        try:
            try:
                effect = parse(text)
            except EffectSyntaxError as exc:
                stats.syntax_errors += 1
                p = exc.problem
                if not _inside(text, p.line, p.col):
                    stats.failures.append(Failure("outside", text,
                                                  f"syntax error at {p.line}:{p.col}"))
                continue
            ctx = Context(base.registry, frozenset(), frozenset(), base.tags, base.kind)
            analysis = check(effect, ctx)
            for issue in analysis.issues:
                if issue.line and not _inside(text, issue.line, issue.col):
                    stats.failures.append(Failure(
                        "outside", text, f"{issue.code} at {issue.line}:{issue.col}"))
            if analysis.issues:
                stats.with_issues += 1
                continue
            compile_effect(base.id, effect, analysis, base.registry, base.tags)
            if render_text:
                for lang in ("en", "zh", "ko"):
                    render(effect, analysis, base.registry, lang, names)
            stats.clean += 1
        except Exception:  # the one thing a fuzzer exists to find
            stats.failures.append(Failure("crash", text, traceback.format_exc(limit=6)))
        took = time.perf_counter() - began
        if took > slow:
            stats.failures.append(Failure("slow", text, f"{took:.1f} s"))
    stats.seconds = time.perf_counter() - start
    return stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iterations", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--slow", type=float, default=2.0, help="seconds per effect that count "
                    "as a hang (default 2)")
    ap.add_argument("--no-render", action="store_true", help="skip rendering")
    args = ap.parse_args()
    stats = fuzz(args.iterations, args.seed, not args.no_render, args.slow)
    print(f"{stats.effects} mutated effects in {stats.seconds:.1f} s "
          f"({stats.effects / max(stats.seconds, 1e-9):.0f}/s): {stats.syntax_errors} syntax "
          f"errors, {stats.with_issues} with checker issues, {stats.clean} clean")
    for f in stats.failures[:20]:
        print(f"\n{f.kind.upper()}: {f.detail}\n--- effect ---\n{f.text!r}")
    print(f"\n{len(stats.failures)} failures")
    raise SystemExit(1 if stats.failures else 0)


if __name__ == "__main__":
    main()

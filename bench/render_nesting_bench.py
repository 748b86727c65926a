"""Rendering time against nesting depth (issue 15: `if not not … hp > 1:`).

Run: python bench/render_nesting_bench.py [--depths 4,8,16,32,64]

Renders `action: if not … not hp > 1: draw 1` in en, zh and ko for each depth of `not`
and prints the time per render. The renderer once built every language's text at each
level (3^n work: 16 levels took minutes); each part is now rendered once, in the language
asked for, so the time grows linearly with the depth.
"""

from __future__ import annotations

import argparse
import time

from sgs_tools.dsl.check import Context, check
from sgs_tools.dsl.parse import parse
from sgs_tools.dsl.render import render
from sgs_tools.dsl.vocabulary import registry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--depths", default="4,8,16,32,64")
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    reg = registry(frozenset({"identity"}))
    for depth in (int(d) for d in args.depths.split(",")):
        effect = parse(f"action:\n  if {'not ' * depth}hp > 1:\n    draw 1\n")
        analysis = check(effect, Context(reg, frozenset(), frozenset()))
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            for lang in ("en", "zh", "ko"):
                render(effect, analysis, reg, lang)
            best = min(best, time.perf_counter() - start)
        print(f"depth {depth:4d}: {best * 1000:8.3f} ms for en+zh+ko")


if __name__ == "__main__":
    main()

"""Parse and compile throughput of the effect DSL over every bundled effect.

Run: python bench/dsl_bench.py [--repeat N]

Measures, in one process with the parser already built: parsing all effect texts, checking
them against the vocabulary, compiling to hook IR, and rendering text in en/zh/ko; prints
effects per second for each stage and the total.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from sgs_tools.dsl.check import Context, check
from sgs_tools.dsl.compile import compile_effect
from sgs_tools.dsl.effects import names_of
from sgs_tools.dsl.parse import parse, parser
from sgs_tools.dsl.render import render
from sgs_tools.project import validate


def best(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    t0 = time.perf_counter()
    parser()
    build_s = time.perf_counter() - t0
    result = validate()
    effects = result.effects
    assert effects is not None
    items = list(effects.compiled.values())
    if not items:
        raise SystemExit("no effects to measure")
    texts = [c.text for c in items]
    cat = result.catalog
    names = names_of(cat)
    asts = [parse(t) for t in texts]
    ctxs = [Context(c.registry, frozenset(cat.cards), frozenset(cat.skills), c.tags, c.kind)
            for c in items]
    analyses = [check(a, ctx) for a, ctx in zip(asts, ctxs, strict=True)]
    stages: dict[str, Callable[[], object]] = {
        "parse": lambda: [parse(t) for t in texts],
        "check": lambda: [check(a, ctx) for a, ctx in zip(asts, ctxs, strict=True)],
        "compile": lambda: [compile_effect(c.id, a, an, c.registry, c.tags)
                            for c, a, an in zip(items, asts, analyses, strict=True)],
        "render x3": lambda: [render(a, an, c.registry, lang, names)
                              for c, a, an in zip(items, asts, analyses, strict=True)
                              for lang in ("en", "zh", "ko")],
    }
    print(f"{len(items)} effects, {sum(len(t) for t in texts):,} characters; "
          f"parser built in {build_s * 1000:.0f} ms (cached on disk by lark)")
    print(f"{'stage':<12}{'best ms':>10}{'median ms':>11}{'effects/s':>12}")
    total = 0.0
    for name, fn in stages.items():
        b, med = best(fn, args.repeat)
        total += b
        print(f"{name:<12}{b * 1000:>10.1f}{med * 1000:>11.1f}{len(items) / b:>12,.0f}")
    print(f"{'all':<12}{total * 1000:>10.1f}{'':>11}{len(items) / total:>12,.0f}")


if __name__ == "__main__":
    main()

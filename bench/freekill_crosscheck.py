"""The FreeKill export's figures: what exports, and how it fares inside FreeKill.

Run: FREEKILL_HOME=../shared/freekill python bench/freekill_crosscheck.py [--games N]
     [--data PATH …]   (default: the test expansion of new cards, tests/export/data/fkcards)

Exports the standard, wind and Korean generals and the expansion's cards, installs the
package in a scratch copy of
the FreeKill tree, runs FreeKill's test runner (its own tests and our scenarios as tests),
then swaps FreeKill's own tested standard skills for ours (exported under FreeKill's names)
and runs FreeKill's tests against them, and plays N whole AI games with our generals in
the seats. Prints the figures the README quotes, every failure with its message, and the
time each part took.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import yaml

from sgs_tools.export.freekill import crosscheck as cc
from sgs_tools.export.freekill.build import build

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "tests" / "export" / "data" / "fkcards"
KNOWN = ROOT / "tests" / "export" / "freekill_known_differences.yaml"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=0, help="whole AI games to play (default 0)")
    ap.add_argument("--data", type=Path, nargs="*", default=[CARDS],
                    help="expansions to export too (default: the test card expansion)")
    args = ap.parse_args()
    reason = cc.missing_reason()
    if reason:
        print(f"cannot run FreeKill: {reason}", file=sys.stderr)
        return 2
    home = cc.freekill_home()
    assert home is not None
    t0 = time.process_time()
    res, report = build(list(args.data), "sgsx")
    assert res is not None, report
    t_export = time.process_time() - t0
    print(f"export: {len(res.generals)} of {res.considered_generals} generals, "
          f"{len(res.skills)} of {res.considered_skills} skills, {len(res.cards)} of "
          f"{res.considered_cards} expansion cards, {res.copies} deck copies "
          f"({t_export:.1f} CPU-s)")
    for r in res.refused:
        if r.kind in ("skill", "card"):
            print(f"  not exportable: {r.kind} {r.id}: {r.word}"
                  + (f" ({r.why})" if r.why else ""))
    with tempfile.TemporaryDirectory() as tmp:
        tree = cc.scratch(home, Path(tmp) / "fk")
        cc.install(res, tree)
        t0 = time.perf_counter()
        run = cc.run_tests(tree)
        t_tests = time.perf_counter() - t0
        ours = {o.path: cc.test_name(o.skel, o.index)
                for o in res.scenarios if o.skill}
        own = {k: v for k, v in run.results.items() if k not in ours.values()}
        passed = [p for p, name in ours.items() if run.results.get(name)]
        print(f"FreeKill's own tests: {sum(own.values())} of {len(own)} pass; crit lines: "
              f"{len(run.crit)} ({t_tests:.1f} s)")
        for line in run.crit[:10]:
            print(f"  {line}")
        on_cards = [o.path for o in res.scenarios if o.skill and o.skill.startswith("card:")]
        print(f"our scenarios as FreeKill tests: {len(passed)} of {len(ours)} pass "
              f"({len(res.scenarios) - len(ours)} about exported skills not emitted); "
              f"about the new cards: {sum(1 for p in on_cards if p in passed)} of "
              f"{len(on_cards)} pass")
        for path, name in sorted(ours.items()):
            if not run.results.get(name):
                print(f"  FAIL {path} ({name}): {run.failures.get(name, 'no result')}")
        for o in res.scenarios:
            if not o.skill:
                print(f"  not emitted: {o.path}: {o.reason}")

        # FreeKill's own tests against our skills under FreeKill's names
        tested = cc.freekill_tested_skills(tree)
        plain, _ = build([], "sgsx_swap", tests=False, prefix="")
        assert plain is not None
        tree2 = cc.scratch(home, Path(tmp) / "fk2")
        swapped = cc.swap(tree2, plain, tested)
        run2 = cc.run_tests(tree2)
        print(f"FreeKill's tests of its standard skills: {len(tested)} skills have tests; "
              f"ours exported for {len(swapped)}: {', '.join(swapped)}")
        for name in swapped:
            results = {k: v for k, v in run2.results.items() if k.startswith(f"Test{name}.")}
            ok = sum(results.values())
            print(f"  {name}: {ok} of {len(results)} pass")
            for k, v in results.items():
                if not v:
                    print(f"    FAIL {k}: {run2.failures.get(k, '')}")
        if run2.crit:
            print(f"  crit lines: {run2.crit[:5]}")

        if args.games:
            gens = sorted(res.generals.values())
            cc.install_probe(tree)
            allowed = [str(x).strip() for x in
                       yaml.safe_load(KNOWN.read_text(encoding="utf-8"))["freekill_ai_crits"]]
            t0 = time.perf_counter()
            bad = theirs = 0
            uses: dict[str, int] = {}
            skills: dict[str, int] = {}
            for i in range(args.games):
                seats = [gens[(i * 5 + k) % len(gens)] for k in range(5)]
                g = cc.run_game(tree, seats, 1000 + i)
                for k, v in g.uses.items():
                    uses[k] = uses.get(k, 0) + v
                for k, v in g.skills.items():
                    skills[k] = skills.get(k, 0) + v
                ours_crit = [c for c in g.crit if c.removeprefix("[crit] ").strip() not in allowed]
                theirs += len(g.crit) > len(ours_crit)
                if g.returncode != 0 or not g.over or ours_crit:
                    bad += 1
                    print(f"  game {i} seed {1000 + i} {seats}: rc={g.returncode} "
                          f"over={g.over} {g.crit[:3]}")
            print(f"whole AI games: {args.games - bad} of {args.games} finished with no "
                  f"error of ours ({theirs} with FreeKill's own AI [crit] that its generals "
                  f"print too; {time.perf_counter() - t0:.1f} s wall)")
            ours = {k: v for k, v in uses.items() if k in res.cards.values()}
            print(f"  new cards used or played: {sum(ours.values())} times, "
                  f"{len(ours)} of {len(res.cards)} kinds: {dict(sorted(ours.items()))}")
            mine = {k: v for k, v in skills.items() if k.startswith("sgsx__")}
            print(f"  our skills took effect {sum(mine.values())} times, "
                  f"{len(mine)} of {len(res.skills)} skills")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

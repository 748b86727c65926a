"""Games per CPU-second of the reference engine on one core, optionally against another
checkout of the project measured in the same run.

Run: python bench/engine_bench.py [--games N] [--repeat R] [--table MODE:PLAYERS ...]
                                  [--agents A ...] [--baseline PATH] [--seed S]

Each measurement is one child process (one core) that builds the library, then plays
``--games`` games one after another with seeds ``--seed``, ``--seed``+1, … without keeping
event logs, invariants on, as `sgs simulate` does in each worker; it reports games per
second of its own CPU time (``time.process_time``), so other work on a shared machine
slows it less than it slows wall-clock figures. With ``--baseline PATH`` (a checkout of an
older commit, e.g. made by ``git worktree add /tmp/base <commit>``) every measurement of
this checkout is paired with one of the baseline, interleaved, and the ratio of the
medians is printed. The defaults measure five-player identity and six-player Guozhan
games with random agents; the targets are twice the identity rate of commit acc9b84 and
at least 50 Guozhan games per CPU-second.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
root, mode, players, games, agents, seed = sys.argv[1:7]
sys.path.insert(0, root)
try:
    from sgs_tools.engine.game import Game, Setup
    from sgs_tools.engine.library import Library
    lib = Library.load()
    start = time.process_time()
    turns = errors = 0
    for i in range(int(games)):
        r = Game(lib, Setup(mode=mode, players=int(players), seed=int(seed) + i,
                            agents=agents, record=False)).play()
        turns += r.turns
        errors += int(r.error is not None)
    cpu = time.process_time() - start
    print(json.dumps({"rate": int(games) / cpu, "turns": turns / int(games),
                      "errors": errors}))
except Exception as exc:  # an older checkout may not know this mode
    print(json.dumps({"failed": f"{type(exc).__name__}: {exc}"}))
"""


def measure(root: Path, mode: str, players: int, games: int, agents: str,
            seed: int) -> dict[str, float | str]:
    """One child process plays the games; its own CPU time gives the rate."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(root), mode, str(players), str(games), agents,
         str(seed)], capture_output=True, text=True, cwd=root, check=False)
    lines = out.stdout.strip().splitlines()
    if out.returncode != 0 or not lines:
        return {"failed": (out.stderr.strip().splitlines() or ["no output"])[-1]}
    result: dict[str, float | str] = json.loads(lines[-1])
    return result


def table(spec: str) -> tuple[str, int]:
    mode, _, players = spec.partition(":")
    if not mode or not players.isdigit():
        raise argparse.ArgumentTypeError(f"expected MODE:PLAYERS, got {spec!r}")
    return mode, int(players)


def summary(rates: list[float]) -> str:
    return f"median {statistics.median(rates):6.1f}, best {max(rates):6.1f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=150, help="games per measurement")
    ap.add_argument("--repeat", type=int, default=3, help="measurements of each checkout")
    ap.add_argument("--table", type=table, nargs="+", default=[("identity", 5),
                                                                ("guozhan", 6)],
                    metavar="MODE:PLAYERS")
    ap.add_argument("--agents", nargs="+", default=["random"],
                    help="agent kinds to measure (random, heuristic)")
    ap.add_argument("--baseline", type=Path, help="another checkout to measure alongside")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    if args.baseline is not None and not (args.baseline / "sgs_tools").is_dir():
        print(f"engine_bench: {args.baseline}: not a checkout of sgs-tools", file=sys.stderr)
        return 2
    roots = [("this", HERE)] + ([("baseline", args.baseline.resolve())]
                                if args.baseline is not None else [])
    print(f"games per CPU-second, one core, {args.games} games x {args.repeat}, "
          f"invariants on; this = {HERE}"
          + (f", baseline = {args.baseline}" if args.baseline is not None else ""))
    for mode, players in args.table:
        for agents in args.agents:
            rates: dict[str, list[float]] = {name: [] for name, _ in roots}
            notes: dict[str, str] = {}
            turns: dict[str, float] = {}
            for _ in range(args.repeat):
                for name, root in roots:  # interleaved: load changes hit both alike
                    if name in notes and not rates[name]:
                        continue  # this checkout cannot play these games
                    r = measure(root, mode, players, args.games, agents, args.seed)
                    if "failed" in r:
                        notes[name] = str(r["failed"])
                        continue
                    rates[name].append(float(r["rate"]))
                    turns[name] = float(r["turns"])
                    if r["errors"]:
                        notes[name] = f"{int(r['errors'])} games ended in an error"
            print(f"{mode} {players}p, {agents} agents:")
            for name, _root in roots:
                line = (f"  {name:8} {summary(rates[name])} games/cpu-s, "
                        f"{turns[name]:.1f} turns/game" if rates[name] else
                        f"  {name:8} n/a")
                if name in notes:
                    line += f" ({notes[name]})"
                print(line)
            if len(roots) == 2 and rates["this"] and rates["baseline"]:
                ratio = statistics.median(rates["this"]) / statistics.median(
                    rates["baseline"])
                print(f"  this / baseline: {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

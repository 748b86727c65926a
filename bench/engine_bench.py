"""Games per CPU-second of the reference engine on one core, optionally against another
checkout of the project measured in the same run.

Run: python bench/engine_bench.py [--games N] [--batches B] [--table MODE:PLAYERS ...]
                                  [--agents A ...] [--baseline PATH] [--seed S]

For each checkout one child process (one core) builds the library and warms up, then
plays batches of ``--games`` seeded games on request (``--seed`` on, the same seeds for
every checkout), without keeping event logs, invariants on, as `sgs simulate` does in
each worker. Each batch is timed by the child's own CPU time (``time.process_time``), so
other work on a shared machine slows it less than it slows wall-clock figures. With
``--baseline PATH`` (a checkout of an older commit, e.g. ``git worktree add /tmp/base
acc9b84``) the batches of the two checkouts alternate, and the median over batches of
the ratio of their CPU times is printed. The defaults measure five-player identity and
six-player Guozhan games with random agents; the targets are twice the identity rate of
commit acc9b84 and at least 50 Guozhan games per CPU-second.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
root, mode, players, agents = sys.argv[1:5]
sys.path.insert(0, root)
try:
    from sgs_tools.engine.game import Game, Setup
    try:
        from sgs_tools.project import library as load_library
    except ImportError:  # a checkout from before sgs_tools/project.py
        from sgs_tools.engine.library import Library
        load_library = Library.load
    lib = load_library()
    def play(first, last):
        turns = errors = 0
        start = time.process_time()
        for seed in range(first, last):
            r = Game(lib, Setup(mode=mode, players=int(players), seed=seed,
                                agents=agents, record=False)).play()
            turns += r.turns
            errors += int(r.error is not None)
        return time.process_time() - start, turns, errors
    play(10**6, 10**6 + 5)  # warm up: lazily built parts of the library
    print(json.dumps({"ready": True}), flush=True)
except Exception as exc:  # an older checkout may not know this mode
    print(json.dumps({"failed": f"{type(exc).__name__}: {exc}"}), flush=True)
    sys.exit(0)
for line in sys.stdin:
    first, last = map(int, line.split())
    cpu, turns, errors = play(first, last)
    print(json.dumps({"cpu": cpu, "turns": turns, "errors": errors}), flush=True)
"""


class Player:
    """One child process (one core) that has built the library of one checkout and plays
    batches of seeded games on request, timing each batch by its own CPU time."""

    def __init__(self, root: Path, mode: str, players: int, agents: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(root), mode, str(players), agents],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, cwd=root)
        first = self.read()
        self.failed = str(first.get("failed", "")) or None
        self.cpu: list[float] = []
        self.games = self.turns = self.errors = 0

    def read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read() if self.proc.stderr is not None else ""
            return {"failed": (err.strip().splitlines() or ["no output"])[-1]}
        found: dict[str, Any] = json.loads(line)
        return found

    def batch(self, first: int, last: int) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{first} {last}\n")
        self.proc.stdin.flush()
        r = self.read()
        if "failed" in r:
            self.failed = str(r["failed"])
            return
        self.cpu.append(float(r["cpu"]))
        self.games += last - first
        self.turns += int(r["turns"])
        self.errors += int(r["errors"])

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()

    @property
    def rate(self) -> float:
        return self.games / sum(self.cpu)


def table(spec: str) -> tuple[str, int]:
    mode, _, players = spec.partition(":")
    if not mode or not players.isdigit():
        raise argparse.ArgumentTypeError(f"expected MODE:PLAYERS, got {spec!r}")
    return mode, int(players)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games per batch")
    ap.add_argument("--batches", type=int, default=15, help="batches of each checkout")
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
    print(f"games per CPU-second, one core, {args.batches} batches of {args.games} games, "
          f"invariants on; this = {HERE}"
          + (f", baseline = {args.baseline}" if args.baseline is not None else ""))
    for mode, players in args.table:
        for agents in args.agents:
            print(f"{mode} {players}p, {agents} agents:")
            runs = [(name, Player(root, mode, players, agents)) for name, root in roots]
            for k in range(args.batches):  # interleaved: load changes hit all alike
                first = args.seed + k * args.games
                for _name, run in runs:
                    if run.failed is None:
                        run.batch(first, first + args.games)
            for name, run in runs:
                run.close()
                if run.failed is not None or not run.cpu:
                    print(f"  {name:8} n/a ({run.failed})")
                    continue
                note = f" ({run.errors} games ended in an error)" if run.errors else ""
                print(f"  {name:8} {run.rate:6.1f} games/cpu-s, "
                      f"{run.turns / run.games:.1f} turns/game{note}")
            this, base = runs[0][1], runs[-1][1]
            if len(runs) == 2 and this.cpu and base.cpu and len(this.cpu) == len(base.cpu):
                # The same seeds in each batch: the ratio of CPU times per batch, median.
                ratios = [b / t for t, b in zip(this.cpu, base.cpu, strict=True)]
                print(f"  this / baseline: {statistics.median(ratios):.2f}x (median of "
                      f"{len(ratios)} batches; overall {this.rate / base.rate:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

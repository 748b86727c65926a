"""Games per second per core of the reference engine: 5-player identity games, random agents.

Run: python bench/engine_bench.py [--games N] [--players N] [--mode M] [--agents A]

Plays the games one after another in one process (one core), with the library already
built and without keeping event logs, as `sgs simulate` does in each worker; prints games
per second, average turns and steps per game. The target is at least 50 games/s/core.
"""

from __future__ import annotations

import argparse
import statistics
import time

from sgs_tools.engine.game import Game, Setup
from sgs_tools.engine.library import Library


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--mode", default="identity")
    ap.add_argument("--agents", default="random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    t0 = time.perf_counter()
    lib = Library.load()
    load_s = time.perf_counter() - t0
    rates = []
    turns = steps = errors = 0
    for rep in range(args.repeat):
        start = time.perf_counter()
        for i in range(args.games):
            setup = Setup(mode=args.mode, players=args.players, seed=args.seed + i,
                          agents=args.agents, record=False)
            r = Game(lib, setup).play()
            if rep == 0:
                turns += r.turns
                steps += r.steps
                errors += int(r.error is not None)
        rates.append(args.games / (time.perf_counter() - start))
    print(f"library built in {load_s:.2f} s")
    print(f"{args.games} games x {args.repeat}: {args.mode}, {args.players} players, "
          f"{args.agents} agents, one core")
    print(f"games/s/core: best {max(rates):.1f}, median {statistics.median(rates):.1f} "
          f"(target >= 50)")
    print(f"per game: {turns / args.games:.1f} turns, {steps / args.games:.0f} steps; "
          f"{errors} games ended in an error")


if __name__ == "__main__":
    main()

"""Samurai sweep and speed: seeded games for 3-6 players with random and heuristic agents
(0 crashes, invariant failures, stalls expected), and 4-player random games/s on one core.

    python bench/samurai_sweep.py            # 100 games per (players, agents) cell
    python bench/samurai_sweep.py --games 1250   # 10,000 games in all
"""

from __future__ import annotations

import argparse
import time

from sgs_tools import project
from sgs_tools.engine.modes import new_game
from sgs_tools.engine.records import Setup


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100, help="games per cell")
    parser.add_argument("--players", default="3,4,5,6")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--agents", default="random,heuristic")
    parser.add_argument("--speed-games", type=int, default=300)
    args = parser.parse_args()
    lib = project.library()
    bad: list[str] = []
    total = 0
    began = time.perf_counter()
    for players in [int(n) for n in args.players.split(",")]:
        for agents in args.agents.split(","):
            for seed in range(args.first_seed, args.first_seed + args.games):
                r = new_game(lib, Setup(mode="samurai", players=players, seed=seed,
                                        agents=agents, record=False)).play()
                total += 1
                if r.error or len(r.winners) != 1:
                    bad.append(f"{players}p {agents} seed {seed}: {r.error_kind} {r.error}")
    print(f"sweep: {total} games, {len(bad)} crashes/invariant failures/stalls "
          f"({time.perf_counter() - began:.0f} s)")
    for line in bad[:20]:
        print("  " + line)
    if args.speed_games < 1:
        return
    started, cpu = time.perf_counter(), time.process_time()
    for seed in range(args.speed_games):
        new_game(lib, Setup(mode="samurai", players=4, seed=seed, record=False)).play()
    rate = args.speed_games / (time.perf_counter() - started)
    per_cpu = args.speed_games / (time.process_time() - cpu)
    print(f"speed: {rate:.1f} four-player games/s wall clock, {per_cpu:.1f} per CPU second "
          "(random agents, invariants on, one process)")


if __name__ == "__main__":
    main()

"""Guozhan sweep: seeded games at every player count the mode allows, random and
heuristic agents, in one process on one core.

Run: python bench/guozhan_sweep.py [--games N] [--players 2-12] [--agents random,heuristic]

For each player count and agent kind it plays N games (seeds ``players * 100_000 + i``),
and prints games/s (wall clock, and per CPU second: the machine may be shared) and every
problem: a crash, an invariant broken, an engine gap (a
hook at the table the engine cannot run, or one that raised a gap mid-game), a step
budget exceeded, an illegal choice or a stall — with the command that replays it. The
library's Guozhan gap count is printed first. Exit status 1 if anything went wrong.
"""

from __future__ import annotations

import argparse
import sys
import time

from sgs_tools import project
from sgs_tools.engine.modes import new_game
from sgs_tools.engine.records import Setup


def player_counts(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40, help="games per count and agent kind")
    ap.add_argument("--players", default="2-12", help="a count or a range, e.g. 2-12")
    ap.add_argument("--agents", default="random,heuristic")
    args = ap.parse_args()
    lib = project.library()
    mode = lib.mode("guozhan")
    sources, found_gaps = lib.mode_gaps(mode)
    gaps = [f"{s}: {', '.join(words)}" for s, words in found_gaps.items()]
    print(f"guozhan: {len(sources)} skills and cards, {len(gaps)} with engine gaps")
    for line in gaps:
        print("  gap " + line)
    problems: list[str] = list(gaps)
    total = 0
    started = time.perf_counter()
    for agents in [a.strip() for a in args.agents.split(",") if a.strip()]:
        for players in player_counts(args.players):
            t0 = time.perf_counter()
            c0 = time.process_time()
            found = 0
            turns = 0
            for i in range(args.games):
                seed = players * 100_000 + i
                setup = Setup(mode="guozhan", players=players, seed=seed, agents=agents,
                              record=False)
                result = new_game(lib, setup).play()
                turns += result.turns
                kind = result.error_kind if result.error else (
                    "stalled" if result.winning_side == "none" else None)
                if result.gaps:
                    kind = kind or "engine-gap"
                if kind is not None:
                    found += 1
                    problems.append(
                        f"{agents} {players}p seed {seed}: {kind} "
                        f"[{result.error_skill or ''}] {result.error or result.gaps}\n"
                        f"    replay: python -m sgs_tools.cli.main replay --mode guozhan "
                        f"--players {players} --seed {seed} --agents {agents}")
                    print("  found " + problems[-1], flush=True)  # (a long run shows it now)
            seconds = time.perf_counter() - t0
            cpu = time.process_time() - c0
            total += args.games
            print(f"{agents:9} {players:2} players: {args.games} games, "
                  f"{turns / max(1, args.games):5.1f} turns/game, "
                  f"{args.games / seconds:6.1f} games/s wall, "
                  f"{args.games / max(cpu, 1e-9):6.1f} games/s CPU, {found} problems",
                  flush=True)
    seconds = time.perf_counter() - started
    cpu_all = time.process_time()
    print(f"{total} games in {seconds:.1f} s wall, {cpu_all:.1f} s CPU "
          f"({total / seconds:.1f} games/s wall, {total / cpu_all:.1f} games/s CPU); "
          f"{len(problems)} problems")
    for line in problems:
        print("  " + line)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()

"""How much the heuristic agent gains for its side over random play (issue: agents that
make the balance numbers mean something).

Run: python bench/agent_strength.py [--games N] [--players N] [--seed S] [--workers W]

For each side of identity (the lord with the loyalists; the rebels; the renegade), plays
the same seeds twice: every seat random, and that side's seats heuristic with the others
random; prints the side's win rate both ways (95% Wilson intervals) and the gain in points.
"""

from __future__ import annotations

import argparse
import time

from sgs_tools.sim.runner import Settings, run
from sgs_tools.sim.stats import wilson

SIDES = {"lord_side": ("lord", "loyalist"), "rebels": ("rebel",), "renegade": ("renegade",)}


def side_rate(summaries: list, side: str) -> tuple[int, int]:
    done = [s for s in summaries if not s.error and s.winning_side not in ("", "none")]
    return sum(s.winning_side == side for s in done), len(done)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args()
    base = Settings(mode="identity", players=args.players, games=args.games, seed=args.seed)
    start = time.perf_counter()
    plain = run(base, args.workers)
    print(f"identity, {args.players} players, {args.games} games per arrangement")
    for side, roles in SIDES.items():
        spec = ",".join(f"{r}=heuristic" for r in roles)
        smart = run(Settings(**{**base.__dict__, "agents": spec}), args.workers)
        w0, n0 = side_rate(plain, side)
        w1, n1 = side_rate(smart, side)
        lo0, hi0 = wilson(w0, n0)
        lo1, hi1 = wilson(w1, n1)
        print(f"  {side:<10} all random {w0 / n0:6.1%} [{lo0:.1%}, {hi0:.1%}]   "
              f"{spec}: {w1 / n1:6.1%} [{lo1:.1%}, {hi1:.1%}]   "
              f"gain {100 * (w1 / n1 - w0 / n0):+.1f} points")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()

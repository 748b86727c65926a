"""How much the heuristic agent gains for its side over random play (issue: agents that
make the balance numbers mean something).

Run: python bench/agent_strength.py [--games N] [--players N] [--seed S] [--workers W]
     python bench/agent_strength.py --strong [rollout[:R[:T]]] [--sides lord_side,rebels]

For each side of identity (the lord with the loyalists; the rebels; the renegade), plays
the same seeds twice: every seat random, and that side's seats heuristic with the others
random; prints the side's win rate both ways (95% Wilson intervals), the gain in points and
the paired gain per seed with its 95% interval.

``--strong``: the same against a stronger baseline: every seat heuristic, then that side's
seats playing the rollout agent (the heuristic agent everywhere else), on the same seeds;
also the paired difference (seeds won only with the rollout agent minus seeds won only
without it, with a 95% interval) and the rollout games' speed. ``--log FILE`` appends one
JSON line per rollout game as it finishes (side, agent kind, seed, the side that won with
and without the rollout agent, turns), so a run stopped early keeps its games;
``--summary FILE…`` prints the paired gain per side and kind over every game in the logs
(runs over different seeds pooled, each seed counted once).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import time

from sgs_tools.sim.runner import Settings, run, run_iter
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
    ap.add_argument("--strong", nargs="?", const="rollout", default=None, metavar="KIND",
                    help="rollout agent (rollout[:R[:T]]) against the heuristic agent")
    ap.add_argument("--sides", default=",".join(SIDES),
                    help="with --strong: the sides to measure (comma list)")
    ap.add_argument("--log", default=None, metavar="FILE",
                    help="with --strong: append each rollout game's outcome as a JSON line")
    ap.add_argument("--summary", nargs="+", default=None, metavar="FILE",
                    help="print the paired gains of the games in these --log files")
    args = ap.parse_args()
    if args.summary:
        summary(args.summary)
        return
    base = Settings(mode="identity", players=args.players, games=args.games, seed=args.seed)
    if args.strong:
        strong(base, args.strong, args.sides.split(","), args.workers, args.log)
        return
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
        gain, glo, ghi = paired(plain, smart, side)
        print(f"  {side:<10} all random {w0 / n0:6.1%} [{lo0:.1%}, {hi0:.1%}]   "
              f"{spec}: {w1 / n1:6.1%} [{lo1:.1%}, {hi1:.1%}]   "
              f"gain {100 * (w1 / n1 - w0 / n0):+.1f} points (paired: {100 * gain:+.1f} "
              f"[{100 * glo:+.1f}, {100 * ghi:+.1f}])")
    print(f"({time.perf_counter() - start:.0f} s)")


def paired(plain: list, smart: list, side: str) -> tuple[float, float, float]:
    """Mean paired gain (won with − won without, per seed) and its 95% normal interval."""
    by_seed = {s.seed: s for s in plain}
    diffs = []
    for s in smart:
        p = by_seed.get(s.seed)
        if p is None or s.error or p.error:
            continue
        diffs.append((s.winning_side == side) - (p.winning_side == side))
    return gain_interval(diffs)


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers, and
    the rollout agent's forked samples)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def gain_interval(diffs: list[int]) -> tuple[float, float, float]:
    """Mean of paired differences and its 95% normal interval."""
    n = len(diffs)
    if not n:
        return 0.0, 0.0, 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def summary(paths: list[str]) -> None:
    """Paired gains per (side, kind) over the games of ``--log`` files."""
    games: dict[tuple[str, str], dict[int, dict]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    games.setdefault((row["side"], row["kind"]), {})[row["seed"]] = row
    for (side, kind), rows in sorted(games.items()):
        ok = [r for r in rows.values() if not r.get("error")]
        diffs = [(r["with"] == side) - (r["without"] == side) for r in ok]
        mean, lo, hi = gain_interval(diffs)
        won = sum(r["with"] == side for r in ok)
        base = sum(r["without"] == side for r in ok)
        seeds = sorted(rows)
        cpus = [r["cpu"] for r in rows.values() if "cpu" in r]
        loads = [r["load"] for r in rows.values() if "load" in r]
        speed = (f", {sum(cpus) / len(cpus):.2f} CPU-s per game, load average "
                 f"{min(loads):.1f}–{max(loads):.1f}") if cpus and loads else ""
        print(f"{side:<10} {kind}: {len(ok)} games (seeds {seeds[0]}–{seeds[-1]}), "
              f"heuristic {base / max(1, len(ok)):.1%}, {kind} {won / max(1, len(ok)):.1%}, "
              f"paired gain {100 * mean:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}], "
              f"{len(rows) - len(ok)} errors{speed}")


def strong(base: Settings, kind: str, sides: list[str], workers: int | None,
           log: str | None = None) -> None:
    heur = Settings(**{**base.__dict__, "agents": "heuristic"})
    start = time.perf_counter()
    cpu0 = cpu_seconds()
    plain = run(heur, workers)
    heur_cpu = (cpu_seconds() - cpu0) / max(1, len(plain))
    print(f"identity, {base.players} players, {base.games} games per arrangement (seeds "
          f"{base.seed}–{base.seed + base.games - 1}): {kind} on one side, heuristic on "
          f"the others, against all heuristic ({time.perf_counter() - start:.1f} s; "
          f"{heur_cpu:.3f} CPU-s per all-heuristic game; load average "
          f"{os.getloadavg()[0]:.1f})")
    for side in sides:
        roles = SIDES[side]
        spec = ",".join(f"{r}={kind if r in roles else 'heuristic'}"
                        for r in ("lord", "loyalist", "rebel", "renegade"))
        t0 = time.perf_counter()
        cpu0 = cpu_seconds()
        by_seed = {s.seed: s for s in plain}
        smart = []
        last = cpu0
        for s in run_iter(Settings(**{**base.__dict__, "agents": spec}), workers):
            smart.append(s)
            now = cpu_seconds()
            if log:
                with open(log, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"side": side, "kind": kind, "seed": s.seed,
                                        "with": s.winning_side,
                                        "without": by_seed[s.seed].winning_side,
                                        "error": bool(s.error or by_seed[s.seed].error),
                                        "turns": s.turns,
                                        # this process's CPU (forked samples included)
                                        # since the last game: the game's own with one
                                        # worker
                                        "cpu": round(now - last, 3),
                                        "load": round(os.getloadavg()[0], 1)}) + "\n")
            last = now
        smart.sort(key=lambda s: s.seed)
        took = time.perf_counter() - t0
        cpu = (cpu_seconds() - cpu0) / max(1, len(smart))
        errors = sum(1 for s in smart if s.error)
        w0, n0 = side_rate(plain, side)
        w1, n1 = side_rate(smart, side)
        lo0, hi0 = wilson(w0, n0)
        lo1, hi1 = wilson(w1, n1)
        gain, glo, ghi = paired(plain, smart, side)
        print(f"  {side:<10} heuristic {w0 / n0:6.1%} [{lo0:.1%}, {hi0:.1%}]   "
              f"{kind}: {w1 / n1:6.1%} [{lo1:.1%}, {hi1:.1%}]   paired gain "
              f"{100 * gain:+.1f} points [{100 * glo:+.1f}, {100 * ghi:+.1f}]   "
              f"{cpu:.2f} CPU-s per game ({cpu / max(heur_cpu, 1e-9):.0f}× all "
              f"heuristic), {len(smart) / took:.2f} games/s wall, {errors} errors",
              flush=True)
        strong_settings = Settings(**{**base.__dict__, "agents": spec})
        for s in smart:
            if s.error:
                print(f"    seed {s.seed}: {s.error_kind}: {s.error} (replay: "
                      f"{strong_settings.replay_command(s.seed)})", flush=True)


if __name__ == "__main__":
    main()

"""How `sgs simulate` scales with worker processes (issue: two workers give at least 1.8×
one worker on 2,000 games).

Run: python bench/workers_bench.py [--games 2000] [--rounds 3] [--workers 1 2] [--mode M]
                                   [--players N] [--agents A]

Runs `sgs simulate --games N --workers W --quiet --json F` as a child process, the worker
counts alternating, ``--rounds`` times each, and prints for each run: the wall-clock
time, the CPU seconds of the whole process tree (the parent and its pool's workers, from
``getrusage(RUSAGE_CHILDREN)``), how many cores it had on average (CPU ÷ wall), and the
machine's load average before and after. Then, per worker count, the median wall time
and the speed-up over one worker. The same seeds must give the same report whatever the
number of workers; the script checks it (the reports minus their timing).

On a shared machine the wall-clock speed-up says as much about the other jobs as about
`sgs simulate`: the cores-used column shows how much of two cores a run really had. The
CPU per game of each count shows the cost of the pool itself (library load in each
worker, passing the seeds and summaries): with it, ``2 × CPU(1) / CPU(2)`` is the
speed-up two otherwise idle cores would give.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def one_run(args: argparse.Namespace, workers: int, out: Path) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "sgs_tools.cli.main", "simulate", "--mode", args.mode,
           "--players", str(args.players), "--games", str(args.games), "--seed",
           str(args.seed), "--agents", args.agents, "--workers", str(workers), "--quiet",
           "--json", str(out), "--force"]
    load0 = os.getloadavg()[0]
    cpu0 = children_cpu()
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    cpu = children_cpu() - cpu0
    report = json.loads(out.read_text(encoding="utf-8"))
    report.pop("seconds", None)
    return {"workers": workers, "wall": wall, "cpu": cpu, "load": (load0, os.getloadavg()[0]),
            "report": report}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--mode", default="identity")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--agents", default="random")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(f"`sgs simulate --mode {args.mode} -n {args.players} --agents {args.agents} "
          f"--games {args.games}`, {os.cpu_count()} cores", flush=True)
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            for w in args.workers:
                res = one_run(args, w, Path(tmp) / f"{w}-{r}.json")
                runs.append(res)
                print(f"  round {r + 1}, {w} worker(s): {res['wall']:6.1f} s wall, "
                      f"{res['cpu']:6.1f} CPU-s ({1000 * res['cpu'] / args.games:.1f} "
                      f"ms per game), {res['cpu'] / res['wall']:.2f} cores used, load "
                      f"{res['load'][0]:.1f} → {res['load'][1]:.1f}", flush=True)
    first = runs[0]["report"]
    same = all(r["report"] == first for r in runs)
    print(f"same report for every run and worker count: {'yes' if same else 'NO'}")
    walls = {w: statistics.median(r["wall"] for r in runs if r["workers"] == w)
             for w in args.workers}
    cpus = {w: statistics.median(r["cpu"] for r in runs if r["workers"] == w)
            for w in args.workers}
    base = args.workers[0]
    for w in args.workers:
        print(f"  {w} worker(s): median {walls[w]:.1f} s wall ({args.games / walls[w]:.0f} "
              f"games/s), {walls[base] / walls[w]:.2f}× {base} worker(s) by the wall clock; "
              f"median {cpus[w]:.1f} CPU-s, so on {w} idle cores "
              f"{w * cpus[base] / (base * cpus[w]):.2f}×")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()

"""The engine's acceptance sweep: 10,000 seeded games, every player count, every general.

Run: python bench/sim_sweep.py [--scale 1.0] [--out DIR]

Plays identity games with 4-10 players (1,000 each) and Korean-edition games with 4, 6, 8
and 10 players (750 each) through `sgs simulate` on every core, random agents, and
prints the games that crashed, broke an invariant, ran out of steps or stalled (with the
command that replays each), how many generals took part, and the time taken.
``--scale 0.1`` plays a tenth of the games for a quick check.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = [("identity", n, 1000) for n in range(4, 11)] + [("korean", n, 750)
                                                         for n in (4, 6, 8, 10)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--out", type=Path, default=None, help="Keep the JSON reports here.")
    args = ap.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="sgs-sweep-"))
    out.mkdir(parents=True, exist_ok=True)
    total = 0
    problems: list[str] = []
    generals: set[str] = set()
    started = time.perf_counter()
    for mode, players, games in RUNS:
        games = max(1, int(games * args.scale))
        report = out / f"{mode}-{players}.json"
        subprocess.run([sys.executable, "-c", "from sgs_tools.cli.main import run; run()",
                        "simulate", "--mode", mode, "--players", str(players), "--games",
                        str(games), "--seed", str(players * 100_000), "--quiet", "--json",
                        str(report), "--force"], check=False, stdout=subprocess.DEVNULL)
        data = json.loads(report.read_text(encoding="utf-8"))
        total += int(data["games"])
        generals.update(g["name"] for g in data.get("generals") or [])
        for p in data.get("problems") or []:
            problems.append(f"{mode} {players}p: {p}")
        print(f"{mode:9} {players:2} players: {data['games']} games, "
              f"{len(data.get('problems') or [])} problems", flush=True)
    seconds = time.perf_counter() - started
    print(f"{total} games in {seconds:.0f} s ({total / seconds:.0f} games/s); "
          f"{len(generals)} generals took part; {len(problems)} problems")
    for line in problems:
        print("  " + line)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()

"""Instructions the reference engine spends on seeded games, counted by valgrind's
callgrind: a figure that the machine's load and the VM's speed do not change, for
comparing commits on a shared machine where CPU seconds drift.

Run: python bench/engine_instructions.py [--games N] [--table MODE:PLAYERS ...]
                                         [--baseline PATH] [--agents A]

For each checkout (this one, and ``--baseline PATH``, a checkout of an older commit such
as acc9b84) and each table, one child process under ``valgrind --tool=callgrind`` builds
the library, warms up on other seeds, and plays ``--games`` seeded games (seeds 0..N-1,
invariants on, no event log) inside one ``functools.reduce`` call; only that call is
counted (``--toggle-collect``), so start-up and library building are left out. The child
runs with ``PYTHONHASHSEED=0``: with random string hashes the same commit's count moves by
about 2% from run to run (set and dict layouts change), more than many changes save. Prints
millions of instructions per table and checkout, and the baseline's count over this
one's (how many times fewer instructions this checkout needs). Needs ``valgrind``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CHILD = r"""
import functools, sys
root, mode, players, agents, games = sys.argv[1:6]
sys.path.insert(0, root)
from sgs_tools.engine.game import Game, Setup
try:
    from sgs_tools.project import library as load_library
except ImportError:  # a checkout from before sgs_tools/project.py
    from sgs_tools.engine.library import Library
    load_library = Library.load
lib = load_library()
def play(turns, seed):
    return turns + Game(lib, Setup(mode=mode, players=int(players), seed=seed,
                                   agents=agents, record=False)).play().turns
for seed in range(10**6, 10**6 + 2):  # warm up (lazily built parts), not counted
    play(0, seed)
turns = functools.reduce(play, range(int(games)), 0)  # the only counted call
print(turns)
"""


def count(root: Path, mode: str, players: int, agents: str, games: int) -> tuple[int, int]:
    """(instructions, turns) of ``games`` seeded games played by the checkout at ``root``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", "--toggle-collect=functools_reduce",
             f"--callgrind-out-file={out}", sys.executable, "-c", CHILD, str(root), mode,
             str(players), agents, str(games)],
            capture_output=True, text=True, check=False, cwd=root,  # its own data
            env={**os.environ, "PYTHONHASHSEED": "0"})  # else string hashes move it ±2%
        if proc.returncode != 0:
            raise SystemExit(f"{root}: the child failed:\n{proc.stderr[-2000:]}")
        found = re.search(r"^summary:\s+(\d+)", out.read_text(encoding="utf-8"), re.M)
        if found is None:
            raise SystemExit(f"{root}: no instruction summary in callgrind's output")
        return int(found.group(1)), int(proc.stdout.split()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--table", nargs="+", default=["identity:5", "guozhan:6"],
                    help="MODE:PLAYERS tables to measure")
    ap.add_argument("--agents", default="random")
    ap.add_argument("--baseline", type=Path, help="a checkout of an older commit")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (apt install valgrind)")
    print(f"instructions for {args.games} seeded games ({args.agents} agents), "
          f"callgrind; this = {HERE}" + (f", baseline = {args.baseline}"
                                         if args.baseline else ""))
    for table in args.table:
        mode, _, players = table.partition(":")
        mine, turns = count(HERE, mode, int(players), args.agents, args.games)
        line = f"{mode} {players}p: this {mine / 1e6:,.1f} M ({turns} turns)"
        if args.baseline is not None:
            base, base_turns = count(args.baseline, mode, int(players), args.agents,
                                     args.games)
            line += (f"; baseline {base / 1e6:,.1f} M ({base_turns} turns); "
                     f"baseline / this: {base / mine:.2f}x")
        print(line, flush=True)


if __name__ == "__main__":
    main()

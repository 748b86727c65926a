"""Fingerprints of the engine's behaviour: a hash of every event log of a fixed set of seeds.

Run: python bench/log_fingerprint.py [--out FILE] [--check FILE] [--quick]

Plays a fixed set of seeded games with logs kept (``record=True``): 300 five-player
identity, 100 Korean-edition (4, 6 and 8 players), 200 Guozhan (2–12 players)
games, each with random and with heuristic agents, and hashes each game's log and
result (winners, turns, steps, per-skill figures, error). It also replays a share of the
seeds with ``record=False`` (as ``sgs simulate`` and the benchmarks play) and checks that
the result is the same as with the log kept. It prints one hash per group and one over
all; ``--out FILE`` writes every game's hash, and ``--check FILE`` compares against such
a file and names the first games whose logs differ. Speed work must leave every hash
byte-identical: an optimisation that changes a log changes behaviour.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from sgs_tools.engine.game import Game, Setup  # noqa: E402
from sgs_tools.project import library as load_library  # noqa: E402

# (group, mode, player counts, games per agent kind)
GROUPS: list[tuple[str, str, list[int], int]] = [
    ("identity-5p", "identity", [5], 300),
    ("korean", "korean", [4, 6, 8], 100),
    ("guozhan", "guozhan", list(range(2, 13)), 200),
]
AGENTS = ("random", "heuristic")


def result_summary(r: Any) -> dict[str, Any]:
    return {"winners": r.winners, "side": r.winning_side, "turns": r.turns,
            "rounds": r.rounds, "steps": r.steps, "error": r.error,
            "error_kind": r.error_kind, "error_skill": r.error_skill,
            "skills": r.skills, "gaps": r.gaps, "seats": r.seats}


def digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, help="write every game's hash to this file")
    ap.add_argument("--check", type=Path, help="compare with a file written by --out")
    ap.add_argument("--quick", action="store_true", help="a fifth of the games")
    ap.add_argument("--unrecorded-every", type=int, default=5,
                    help="replay every Nth game with record=False (0: never)")
    args = ap.parse_args()
    lib = load_library()
    games: dict[str, str] = {}
    mismatches: list[str] = []
    started = time.process_time()
    total = 0
    for group, mode, counts, n in GROUPS:
        if args.quick:
            n = max(1, n // 5)
        group_hash = hashlib.sha256()
        for agents in AGENTS:
            for k in range(n):
                players = counts[k % len(counts)]
                seed = 1000 * len(group) + k
                setup = Setup(mode=mode, players=players, seed=seed, agents=agents,
                              record=True)
                r = Game(lib, setup).play()
                summary = result_summary(r)
                h = digest({"log": r.log, "result": summary})
                key = f"{group} {agents} {players}p seed {seed}"
                games[key] = h
                group_hash.update(h.encode())
                total += 1
                if args.unrecorded_every and k % args.unrecorded_every == 0:
                    setup = Setup(mode=mode, players=players, seed=seed, agents=agents,
                                  record=False)
                    r2 = Game(lib, setup).play()
                    if digest(result_summary(r2)) != digest(summary):
                        mismatches.append(key)
        print(f"{group:12} {group_hash.hexdigest()[:16]}", flush=True)
    everything = hashlib.sha256("".join(games.values()).encode()).hexdigest()
    print(f"{'all':12} {everything[:16]}  ({total} games, "
          f"{time.process_time() - started:.1f} CPU-s)")
    status = 0
    if mismatches:
        status = 1
        print(f"record=False differs from record=True in {len(mismatches)} games, e.g. "
              f"{mismatches[0]}")
    if args.out is not None:
        args.out.write_text(json.dumps(games, indent=0) + "\n", encoding="utf-8")
    if args.check is not None:
        expected: dict[str, str] = json.loads(args.check.read_text(encoding="utf-8"))
        differ = [k for k, h in games.items() if k in expected and expected[k] != h]
        missing = [k for k in games if k not in expected]
        if differ or missing:
            status = 1
            print(f"{len(differ)} games differ from {args.check}"
                  + (f", {len(missing)} not in it" if missing else "")
                  + (": " + "; ".join(differ[:5]) if differ else ""))
        else:
            print(f"identical to {args.check} ({len(games)} games)")
    return status


if __name__ == "__main__":
    sys.exit(main())

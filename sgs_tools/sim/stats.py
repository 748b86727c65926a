"""Game summaries → win rates per role and per general (95% Wilson intervals), game length,
and every game that stopped abnormally with the command that replays it."""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sgs_tools.report import plural
from sgs_tools.sim.runner import Settings, Summary

Z95 = 1.959964

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def plain(text: object) -> str:
    """Text for a terminal line: control characters (a name's ESC sequences) dropped and
    line breaks as spaces."""
    return _CONTROL.sub("", " ".join(str(text).split()))


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes (wide CJK characters take two)."""
    return sum(0 if unicodedata.combining(ch) else
               2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def width(names: Iterable[object], floor: int = 0) -> int:
    """The width of a column holding ``names``: the longest of them, at least ``floor``."""
    return max([floor, *(columns(plain(n)) for n in names)])


def pad(text: object, size: int) -> str:
    """``text`` (made plain) left-aligned in a column ``size`` terminal columns wide."""
    value = plain(text)
    return value + " " * max(0, size - columns(value))


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Rate:
    name: str
    wins: int = 0
    games: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {"name": self.name, "wins": self.wins, "games": self.games,
                "rate": round(self.rate, 4), "ci95": [round(low, 4), round(high, 4)]}


@dataclass
class Report:
    settings: Settings
    games: int = 0
    finished: int = 0
    stalled: int = 0
    sides: dict[str, int] = field(default_factory=dict)
    roles: dict[str, Rate] = field(default_factory=dict)
    generals: dict[str, Rate] = field(default_factory=dict)
    turns_total: int = 0
    rounds_total: int = 0
    max_turns: int = 0
    problems: list[dict[str, Any]] = field(default_factory=list)
    """The first MAX_LISTED problems (by seed); ``crashed`` and ``stalled`` count them all."""
    crashed: int = 0
    seconds: float = 0.0
    ways: dict[str, int] = field(default_factory=dict)
    """Samurai: how wins came (the winner's largest honor source; wars won on the way)."""

    @property
    def mean_turns(self) -> float:
        return self.turns_total / self.finished if self.finished else 0.0

    @property
    def mean_rounds(self) -> float:
        return self.rounds_total / self.finished if self.finished else 0.0

    def _problem(self, entry: dict[str, Any]) -> None:
        self.problems.append(entry)
        if len(self.problems) > 2 * MAX_LISTED:  # keep memory flat over endless runs
            self.problems.sort(key=lambda p: p["seed"])
            del self.problems[MAX_LISTED:]

    def to_json(self) -> dict[str, Any]:
        s = self.settings
        return {
            "version": 1,
            "settings": {"mode": s.mode, "players": s.players, "games": s.games,
                         "seed": s.seed, "agents": s.agents,
                         "generals": list(s.generals) if s.generals else None,
                         "first_game": s.first_game, "data": list(s.data)},
            "games": self.games, "finished": self.finished, "stalled": self.stalled,
            "seconds": round(self.seconds, 3),
            "sides": dict(sorted(self.sides.items())),
            "roles": [r.to_json() for r in sorted(self.roles.values(), key=lambda r: r.name)],
            "generals": [r.to_json() for r in sorted(self.generals.values(),
                                                     key=lambda r: (-r.rate, r.name))],
            "length": {"mean_turns": round(self.mean_turns, 2),
                       "mean_rounds": round(self.mean_rounds, 2),
                       "max_turns": self.max_turns},
            "problems": self.problems,
            **({"how_wins_came": dict(sorted(self.ways.items()))} if self.ways else {}),
        }


MAX_LISTED = 1000
"""At most this many problems are kept with their replay command (the counts are exact)."""


def lone_roles(mode: dict[str, Any]) -> frozenset[str]:
    """The roles (or Guozhan factions) of a mode's sides that win alone (``team: false``:
    a renegade, a careerist): two such seats at one table are two sides, not one."""
    out: set[str] = set()
    for side in (mode.get("victory") or {}).get("sides") or []:
        if isinstance(side, dict) and side.get("team", True) is False:
            out.update(str(r) for r in [*(side.get("roles") or []),
                                        *(side.get("factions") or [])])
    return frozenset(out)


def summarise(settings: Settings, summaries: Iterable[Summary], seconds: float = 0.0,
              alone: frozenset[str] = frozenset()) -> Report:
    """Fold game summaries into a report, one at a time: memory stays flat however many
    games stream in. A role in ``alone`` (:func:`lone_roles`) is counted once per seat
    that holds it, as each such seat is a side of its own; other roles once per game."""
    rep = Report(settings, seconds=seconds)
    for s in summaries:
        rep.games += 1
        if s.error:
            rep.crashed += 1
            rep._problem({"seed": s.seed, "kind": s.error_kind, "message": s.error,
                          "skill": s.error_skill, "replay": settings.replay_command(s.seed)})
            continue
        if s.winning_side in ("", "none"):
            rep.stalled += 1
            rep._problem({"seed": s.seed, "kind": "stalled",
                          "message": f"no winner after {s.turns} turns",
                          "skill": None, "replay": settings.replay_command(s.seed)})
            continue
        rep.finished += 1
        rep.sides[s.winning_side] = rep.sides.get(s.winning_side, 0) + 1
        rep.turns_total += s.turns
        rep.rounds_total += s.rounds
        rep.max_turns = max(rep.max_turns, s.turns)
        winners = set(s.winners)
        for seat in s.seats:
            if seat["seat"] in winners and "honor_from" in seat:
                _count_way(rep.ways, seat)
        seen_roles: dict[str, bool] = {}
        for seat in s.seats:
            role = str(seat.get("role"))
            won = seat["seat"] in winners
            if role in alone:  # (a side of its own: the other such seat lost)
                r = rep.roles.setdefault(role, Rate(role))
                r.games += 1
                r.wins += int(won)
            else:
                seen_roles[role] = seen_roles.get(role, False) or won
            general = seat.get("general")
            if general:
                g = rep.generals.setdefault(general, Rate(general))
                g.games += 1
                g.wins += int(won)
        for role, won in seen_roles.items():
            r = rep.roles.setdefault(role, Rate(role))
            r.games += 1
            r.wins += int(won)
    rep.problems.sort(key=lambda p: p["seed"])
    del rep.problems[MAX_LISTED:]
    return rep


def _count_way(ways: dict[str, int], seat: dict[str, Any]) -> None:
    sources: dict[str, int] = seat.get("honor_from") or {}
    if sources:
        main = max(sorted(sources), key=lambda k: sources[k])
        ways[f"most honor from {main}"] = ways.get(f"most honor from {main}", 0) + 1
    if seat.get("wars_won"):
        ways["won a war on the way"] = ways.get("won a war on the way", 0) + 1
    if seat.get("castles_taken"):
        ways["took a castle by war"] = ways.get("took a castle by war", 0) + 1


def render(rep: Report) -> str:
    """The report as text for a terminal."""
    s = rep.settings
    lines = [f"{plural(rep.games, 'game')} of {s.mode} with "
             f"{s.players} players ({s.agents} agents, "
             f"seed {s.seed}) in {rep.seconds:.1f} s"
             + (f" ({rep.games / rep.seconds:.1f} games/s)" if rep.seconds else "")]
    lines.append(f"finished {rep.finished}, stalled {rep.stalled}, "
                 f"errors {rep.crashed}; average length "
                 f"{rep.mean_turns:.1f} turns ({rep.mean_rounds:.1f} rounds)")
    if rep.sides:
        lines.append("winning sides: " + ", ".join(
            f"{k} {v}" for k, v in sorted(rep.sides.items(), key=lambda kv: -kv[1])))
    if rep.ways:
        lines.append("how wins came: " + ", ".join(
            f"{k} {v}" for k, v in sorted(rep.ways.items(), key=lambda kv: -kv[1])))
    lines.append("")
    # a side wins or loses as one: each game counts once per role (faction) at its
    # table, so these games add up to games × roles present, not to the seats; a role
    # whose seats win alone (a renegade, a careerist) counts once per such seat
    word = "faction" if "+" in "".join(rep.generals) else "role"
    lines.append(f"win rate by {word} (95% CI), each game counted once per {word} "
                 "at its table (once per seat for one that wins alone):")
    size = width(rep.roles, 12)
    for r in sorted(rep.roles.values(), key=lambda r: r.name):
        low, high = wilson(r.wins, r.games)
        lines.append(f"  {pad(r.name, size)} {r.rate:6.1%}  [{low:6.1%}, {high:6.1%}]  "
                     f"{r.wins}/{r.games}")
    if rep.generals:
        lines.append("")
        lines.append("win rate by general (95% CI), each seat counted:")
        size = width(rep.generals, 16)
        for g in sorted(rep.generals.values(), key=lambda r: (-r.rate, r.name)):
            low, high = wilson(g.wins, g.games)
            lines.append(f"  {pad(g.name, size)} {g.rate:6.1%}  [{low:6.1%}, {high:6.1%}]  "
                         f"{g.wins}/{g.games}")
    if rep.problems:
        lines.append("")
        total = rep.crashed + rep.stalled
        shown = "" if total == len(rep.problems) else f", the first {len(rep.problems)} shown"
        lines.append(f"games that did not finish normally ({total}{shown}):")
        for p in rep.problems:
            skill = f" [{p['skill']}]" if p.get("skill") else ""
            lines.append(f"  seed {p['seed']}: {p['kind']}{skill}: {plain(p['message'])}")
            lines.append(f"    replay: {p['replay']}")
    return "\n".join(lines) + "\n"

"""Game summaries → a balance report: win rate per general × role against the pool, with
intervals, effect sizes and outliers flagged under a multiple-comparison correction; paired
focus runs for a designer's generals; what each skill did per game.

Statistics used (all standard, written out here so the report says what it computed):
- a win rate's interval is the Wilson score interval (``stats.wilson``);
- a general in a role is compared with the rest of the pool in that role by a
  two-proportion z test; its effect size is the difference in points and Cohen's h;
- the p-values of every general × role cell are adjusted together, by Benjamini–Hochberg
  (false discovery rate, the default) or Holm (family-wise error), so thirty generals do
  not raise thirty false alarms;
- a focus run plays each seed twice, once with the focused general in the first seat of a
  role and once with that seat choosing as usual (the same deal: see
  ``modes.identity.seat_focus``), and reports the mean paired difference of that seat's
  result with a normal interval.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from sgs_tools.engine.modes.guozhan import FOCUS_SLOTS
from sgs_tools.engine.modes.guozhan import focus_seat as gz_focus_seat
from sgs_tools.report import plural
from sgs_tools.sim.charts import Row, interval_chart
from sgs_tools.sim.runner import Settings, Summary
from sgs_tools.sim.stats import Z95, pad, plain, width, wilson

STAT_NAMES = ("uses", "drawn", "damage", "recovered")


@dataclass
class Cell:
    """One general in one role (Guozhan: one pair of generals in one faction)."""

    general: str
    role: str
    wins: int = 0
    games: int = 0
    pool_wins: int = 0
    pool_games: int = 0
    p: float = 1.0
    adjusted: float = 1.0
    flagged: bool = False

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def pool_rate(self) -> float:
        return self.pool_wins / self.pool_games if self.pool_games else 0.0

    @property
    def effect(self) -> float:
        """Points above (below) the rest of the pool in this role."""
        return self.rate - self.pool_rate

    @property
    def cohen_h(self) -> float:
        return 2 * math.asin(math.sqrt(self.rate)) - 2 * math.asin(math.sqrt(self.pool_rate))

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {"general": self.general, "role": self.role, "wins": self.wins,
                "games": self.games, "rate": round(self.rate, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "pool_rate": round(self.pool_rate, 4), "effect": round(self.effect, 4),
                "cohen_h": round(self.cohen_h, 4), "p": round(self.p, 6),
                "p_adjusted": round(self.adjusted, 6), "flagged": self.flagged}


def two_proportion_p(w1: int, n1: int, w2: int, n2: int) -> float:
    """Two-sided p-value of a two-proportion z test (1.0 where it cannot be computed)."""
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (w1 + w2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    z = (w1 / n1 - w2 / n2) / se
    return math.erfc(abs(z) / math.sqrt(2))


def adjust(pvalues: list[float], method: str = "bh") -> list[float]:
    """Adjusted p-values: Benjamini–Hochberg ("bh") or Holm ("holm"), in input order."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [1.0] * m
    if method == "holm":
        running = 0.0
        for rank, i in enumerate(order):
            running = max(running, min(1.0, (m - rank) * pvalues[i]))
            out[i] = running
        return out
    if method != "bh":
        raise ValueError(f"unknown correction {method!r} (bh or holm)")
    running = 1.0
    for rank in range(m - 1, -1, -1):
        i = order[rank]
        running = min(running, pvalues[i] * m / (rank + 1))
        out[i] = min(1.0, running)
    return out


def names(general: str, how: str = "seat") -> list[str]:
    """The names a seat's ``general`` counts under: as it is ("seat"); Guozhan's pair
    ``main+deputy`` in a fixed order ("pairs": the same two generals either way round);
    or each of its generals ("generals")."""
    if how == "pairs":
        return ["+".join(sorted(general.split("+")))]
    if how == "generals":
        return list(dict.fromkeys(general.split("+")))
    return [general]


def finished(summaries: Iterable[Summary]) -> Iterator[Summary]:
    for s in summaries:
        if not s.error and s.winning_side not in ("", "none"):
            yield s


def cells(summaries: Iterable[Summary], how: str = "seat") -> dict[tuple[str, str], Cell]:
    """Win counts per (general, role) over the games that finished with a winner; see
    :func:`names` for ``how``. Each cell's pool is the other seats of its role."""
    found: dict[tuple[str, str], Cell] = {}
    totals: dict[str, list[int]] = {}
    for s in finished(summaries):
        winners = set(s.winners)
        for seat in s.seats:
            general, role = seat.get("general"), seat.get("role")
            if not general or role is None:
                continue
            won = int(seat["seat"] in winners)
            total = totals.setdefault(str(role), [0, 0])
            total[0] += won
            total[1] += 1
            for name in names(str(general), how):
                c = found.setdefault((name, str(role)), Cell(name, str(role)))
                c.games += 1
                c.wins += won
    for c in found.values():
        w, n = totals[c.role]
        c.pool_wins, c.pool_games = w - c.wins, n - c.games
    return found


def compare(found: dict[tuple[str, str], Cell], method: str = "bh", alpha: float = 0.05,
            min_games: int = 1) -> list[Cell]:
    """Each cell against the rest of its role (the pool :func:`cells` counted); p-values
    adjusted together; flagged where the adjusted p-value is below ``alpha``."""
    out = [c for c in found.values() if c.games >= min_games]
    for c in out:
        c.p = two_proportion_p(c.wins, c.games, c.pool_wins, c.pool_games)
    for c, adj in zip(out, adjust([c.p for c in out], method), strict=True):
        c.adjusted = adj
        c.flagged = adj < alpha
    out.sort(key=lambda c: (c.role, -c.rate, c.general))
    return out


def kingdoms(summaries: Iterable[Summary]) -> list[dict[str, Any]]:
    """Guozhan: each faction's seats (a careerist counted as one), won and played."""
    counts: dict[str, list[int]] = {}
    for s in finished(summaries):
        for seat in s.seats:
            role = seat.get("role")
            if role is None:
                continue
            c = counts.setdefault(str(role), [0, 0])
            c[0] += int(seat["seat"] in s.winners)
            c[1] += 1
    out = []
    for k, (w, n) in sorted(counts.items()):
        low, high = wilson(w, n)
        out.append({"kingdom": k, "wins": w, "games": n, "rate": round(w / n, 4),
                    "ci95": [round(low, 4), round(high, 4)]})
    return out


def lord_seats(summaries: Iterable[Summary]) -> dict[int, tuple[int, int]]:
    """The lord's (wins, games) by the lord's seat number."""
    out: dict[int, tuple[int, int]] = {}
    for s in summaries:
        if s.error or s.winning_side in ("", "none"):
            continue
        for seat in s.seats:
            if seat.get("role") == "lord":
                w, n = out.get(int(seat["seat"]), (0, 0))
                out[int(seat["seat"])] = (w + int(seat["seat"] in s.winners), n + 1)
    return dict(sorted(out.items()))


def skill_table(summaries: list[Summary], skills: Iterable[str] | None = None
                ) -> dict[str, dict[str, float]]:
    """Per skill: uses, cards drawn, damage dealt and HP recovered per game it was at the
    table in (approximated by the games that logged it at least once)."""
    totals: dict[str, list[int]] = {}
    games: dict[str, int] = {}
    for s in summaries:
        for skill, values in s.skills.items():
            acc = totals.setdefault(skill, [0, 0, 0, 0])
            for i, v in enumerate(values[:4]):
                acc[i] += v
            games[skill] = games.get(skill, 0) + 1
    wanted = set(skills) if skills is not None else None
    return {k: {name: round(v / games[k], 3) for name, v in zip(STAT_NAMES, vals,
                                                                strict=True)}
            | {"games": games[k]}
            for k, vals in sorted(totals.items()) if wanted is None or k in wanted}


@dataclass
class Focus:
    """One focused general in one role: its games, and the paired baseline."""

    general: str
    role: str
    wins: int = 0
    games: int = 0
    diffs: list[int] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def width(self) -> float:
        low, high = self.interval()
        return high - low

    def paired(self) -> tuple[float, float, float]:
        """Mean paired difference (focus − baseline) with a 95% normal interval."""
        n = len(self.diffs)
        if n == 0:
            return 0.0, 0.0, 0.0
        mean = sum(self.diffs) / n
        var = sum((d - mean) ** 2 for d in self.diffs) / (n - 1) if n > 1 else 0.0
        half = Z95 * math.sqrt(var / n)  # a difference of two win rates is within ±1
        return mean, max(-1.0, mean - half), min(1.0, mean + half)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval()
        mean, dlow, dhigh = self.paired()
        return {"general": self.general, "role": self.role, "wins": self.wins,
                "games": self.games, "rate": round(self.rate, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "paired_difference": round(mean, 4),
                "paired_ci95": [round(dlow, 4), round(dhigh, 4)]}


def focus_seat(s: Summary, role: str) -> dict[str, Any] | None:
    """The seat a focus takes in this game: the first seat dealt ``role``; in Guozhan
    (``role`` main or deputy) the seat ``focus_seat`` of the Guozhan rules."""
    if role in FOCUS_SLOTS:
        return s.seats[gz_focus_seat(s.seed, len(s.seats))] if s.seats else None
    return next((x for x in s.seats if x.get("role") == role), None)


def seat_result(s: Summary, role: str) -> int | None:
    """1 if the focus seat of ``role`` won, 0 if it lost, None if the game did not
    finish (or has no such role)."""
    if s.error or s.winning_side in ("", "none"):
        return None
    seat = focus_seat(s, role)
    if seat is None:
        return None
    return int(seat["seat"] in s.winners)


Runner = Callable[[Settings], list[Summary]]


def focus_run(base: Settings, generals: list[str], roles: list[str], run: Runner,
              until_ci: float | None = None, cap: int = 100_000, batch: int | None = None,
              progress: Callable[[int], None] | None = None
              ) -> tuple[list[Focus], list[Summary]]:
    """Play ``base.games`` seeds per cell (more, in batches, until every focus interval
    is narrower than ``until_ci`` or ``cap`` games were played), each paired with the
    same seed played without the focus. Returns the cells and every game played (the
    focused ones and the baseline)."""
    focus = {(g, r): Focus(g, r) for g in generals for r in roles}
    played: list[Summary] = []
    baseline: dict[int, Summary] = {}
    step = batch or base.games
    start = base.seed
    total = 0
    while True:
        seeds = Settings(**{**base.__dict__, "seed": start, "games": step, "focus": None})
        for s in run(seeds):
            baseline[s.seed] = s
            played.append(s)
        total += step
        for (g, r), cell in focus.items():
            games = run(Settings(**{**seeds.__dict__, "focus": (g, r)}))
            played.extend(games)
            total += step
            for s in games:
                mine = seat_result(s, r)
                if mine is None:
                    continue
                cell.games += 1
                cell.wins += mine
                theirs = seat_result(baseline[s.seed], r)
                if theirs is not None:
                    cell.diffs.append(mine - theirs)
        if progress is not None:
            progress(total)
        start += step
        if until_ci is None or all(c.width() < until_ci for c in focus.values()):
            break
        if total + step * (len(focus) + 1) > cap:
            break
    return list(focus.values()), played


# -- rendering -----------------------------------------------------------------------------

def pct(x: float) -> str:
    return f"{x * 100:5.1f}%"


PAIR_MIN_GAMES = 20
"""Guozhan pairs shown in text and Markdown: those seated at least this often."""


def text_table(cells: list[dict[str, Any]]) -> list[str]:
    """Cells as aligned lines: the name and role columns as wide as their longest entry."""
    name_w = width((c["general"] for c in cells), 18)
    role_w = width((c["role"] for c in cells), 10)
    out = []
    for c in cells:
        low, high = c["ci95"]
        mark = "*" if c["flagged"] else " "
        out.append(f" {mark}{pad(c['general'], name_w)} {pad(c['role'], role_w)} "
                   f"{pct(c['rate'])} [{pct(low)}, {pct(high)}]  pool {pct(c['pool_rate'])}  "
                   f"{c['effect'] * 100:+5.1f} pts  h={c['cohen_h']:+.2f}  "
                   f"p={c['p_adjusted']:.3f}  {c['wins']}/{c['games']}")
    return out


def until_ci_line(stop: dict[str, Any]) -> str:
    """Whether ``--until-ci`` reached its width, or the cap it stopped at instead."""
    width, widest = stop["width"] * 100, stop["widest"] * 100
    if stop["reached"]:
        return (f"--until-ci {width:g} points reached: the widest focused interval is "
                f"{widest:.1f} points")
    return (f"--until-ci {width:g} points NOT reached: stopped before --max-games "
            f"{stop['max_games']:,} with the widest focused interval {widest:.1f} points")


def render_text(report: dict[str, Any]) -> str:
    """The report for a terminal: every name made plain, every column as wide as its
    longest entry."""
    lines = [plain(report["title"]), ""]
    if report.get("focus"):
        lines.append("focused generals (each seed also played without them, paired):")
        name_w = width((f["general"] for f in report["focus"]), 16)
        role_w = width((f["role"] for f in report["focus"]), 9)
        for f in report["focus"]:
            low, high = f["ci95"]
            dl, dh = f["paired_ci95"]
            lines.append(f"  {pad(f['general'], name_w)} as {pad(f['role'], role_w)} "
                         f"{pct(f['rate'])} [{pct(low)}, {pct(high)}]  vs the pool's choice "
                         f"{f['paired_difference'] * 100:+5.1f} points "
                         f"[{dl * 100:+.1f}, {dh * 100:+.1f}]  ({plural(f['games'], 'game')})")
        if report.get("until_ci"):
            lines.append(f"  {until_ci_line(report['until_ci'])}")
        lines.append("")
    if report.get("kingdoms"):
        lines.append("win rate by faction (each seat once; a careerist is its own faction):")
        size = width((k["kingdom"] for k in report["kingdoms"]), 12)
        for k in report["kingdoms"]:
            low, high = k["ci95"]
            lines.append(f"  {pad(k['kingdom'], size)} {pct(k['rate'])} "
                         f"[{pct(low)}, {pct(high)}]  {k['wins']}/{k['games']}")
        lines.append("")
    word = plain(report.get("role_word", "role"))
    lines.append(f"win rate by general and {word} (95% CI), against the rest of the pool; "
                 f"* = outlier ({plain(report['correction'])} at {report['alpha']:.0%}):")
    lines += text_table(report["cells"])
    pairs = [c for c in report.get("pairs") or [] if c["games"] >= PAIR_MIN_GAMES]
    if report.get("pairs"):
        lines.append("")
        lines.append(f"win rate by pair of generals and {word}, pairs with at least "
                     f"{PAIR_MIN_GAMES} games ({len(pairs)} of {len(report['pairs'])}; "
                     "all in --format json); outliers corrected over every pair:")
        lines += text_table(pairs)
    if report.get("lord_seats"):
        lines.append("")
        lines.append("the lord by seat: " + ", ".join(
            f"seat {plain(k)} {pct(v['rate'])} ({v['games']})"
            for k, v in report["lord_seats"].items()))
    if report.get("skills"):
        lines.append("")
        lines.append("per skill, per game it was used in: uses, cards drawn, damage dealt, "
                     "HP recovered")
        size = width(report["skills"], 18)
        for k, v in report["skills"].items():
            lines.append(f"  {pad(k, size)} {v['uses']:6.2f} {v['drawn']:6.2f} "
                         f"{v['damage']:6.2f} {v['recovered']:6.2f}  "
                         f"({plural(v['games'], 'game')})")
    return "\n".join(lines) + "\n"


def md(text: object) -> str:
    """Text shown literally in Markdown, on one line (a table cell, a heading): ``&`` as
    an entity (``&lt;`` stays those four characters), every character Markdown or HTML
    would read as syntax backslash-escaped, control characters dropped."""
    out = plain(text).replace("&", "&amp;")
    return re.sub(r"([\\`*_{}\[\]|<>~#])", r"\\\1", out)


def markdown_cells(cells: list[dict[str, Any]], word: str, what: str = "general"
                   ) -> list[str]:
    lines = [f"| | {md(what)} | {md(word)} | win rate | 95% CI | pool | effect | adj. p | games |",
             "|---|---|---|---:|---|---:|---:|---:|---:|"]
    for c in cells:
        low, high = c["ci95"]
        lines.append(f"| {'⚠' if c['flagged'] else ''} | {md(c['general'])} | "
                     f"{md(c['role'])} | {c['rate']:.1%} | {low:.1%}–{high:.1%} | "
                     f"{c['pool_rate']:.1%} | {c['effect'] * 100:+.1f} | "
                     f"{c['p_adjusted']:.3f} | {c['games']} |")
    return lines


def render_markdown(report: dict[str, Any]) -> str:
    lines = [f"### {md(report['title'])}", ""]
    if report.get("focus"):
        lines += ["| general | role | win rate | 95% CI | vs pool's choice (points) | games |",
                  "|---|---|---:|---|---:|---:|"]
        for f in report["focus"]:
            low, high = f["ci95"]
            dl, dh = f["paired_ci95"]
            lines.append(f"| {md(f['general'])} | {md(f['role'])} | {f['rate']:.1%} | "
                         f"{low:.1%}–{high:.1%} | {f['paired_difference'] * 100:+.1f} "
                         f"({dl * 100:+.1f} to {dh * 100:+.1f}) | {f['games']} |")
        lines.append("")
        if report.get("until_ci"):
            lines += [md(until_ci_line(report["until_ci"])), ""]
    word = report.get("role_word", "role")
    if report.get("kingdoms"):
        lines += ["| faction | win rate | 95% CI | seats |", "|---|---:|---|---:|"]
        for k in report["kingdoms"]:
            low, high = k["ci95"]
            lines.append(f"| {md(k['kingdom'])} | {k['rate']:.1%} | {low:.1%}–{high:.1%} | "
                         f"{k['games']} |")
        lines.append("")
    lines += markdown_cells(report["cells"], word)
    pairs = [c for c in report.get("pairs") or [] if c["games"] >= PAIR_MIN_GAMES]
    if pairs:
        lines += ["", f"Pairs seated at least {PAIR_MIN_GAMES} times:", ""]
        lines += markdown_cells(pairs, word, "pair")
    lines += ["", f"Outliers: {md(report['correction'])} correction at "
                  f"{report['alpha']:.0%}. {md(report['settings_line'])}"]
    return "\n".join(lines) + "\n"


def render_svg(rows: list[Row], title: str) -> str:
    """Horizontal bars (win rates, or paired differences) with interval whiskers."""
    diverging = any(r.value < 0 or r.low < 0 for r in rows)
    desc = "; ".join(f"{r.label} {r.value:.1%} ({r.low:.1%} to {r.high:.1%})"
                     for r in rows[:60])
    return interval_chart(rows, title, desc, diverging=diverging) + "\n"


def svg_rows(report: dict[str, Any]) -> list[Row]:
    """The focused generals' win rates, or every general × role, as chart rows."""
    source = report.get("focus") or report["cells"]
    return [Row(f"{r['general']} ({r['role']})", r["rate"], r["ci95"][0], r["ci95"][1],
                r.get("pool_rate"), bool(r.get("flagged")))
            for r in source]

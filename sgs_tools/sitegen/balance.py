"""Balance reports (``sgs balance --save``, or ``sgs site build --balance FILE``) → the
site's Balance pages: an index of the reports, and per report the win rate of every
general in every role (Guozhan: faction) as bars with 95% whiskers against the pool's
rate, the outliers flagged after the report's multiple-comparison correction, the focused
generals' paired differences, the lord by seat and what each skill did per game.

Each chart is an SVG drawn here (``sim.charts``) with a table beside it holding the same
numbers, so nothing is only a picture. Names come from the catalog where the report's ids
are known (linked to their pages, with Chinese and Korean labels the language picker
shows), and are escaped either way: a report is data like any other.
"""

from __future__ import annotations

from typing import Any

from sgs_tools.sim.charts import Row, group_chart, interval_chart
from sgs_tools.sim.stats import wilson
from sgs_tools.sitegen.context import SiteData, trio
from sgs_tools.sitegen.links import HTML_LANG, mode_page, rel
from sgs_tools.sitegen.markup import code, md, slug, table

INDEX = "balance/index.md"
PAIR_MIN_GAMES = 20
"""Guozhan pairs drawn and listed: those seated at least this often (all are in the
report file)."""
CAREERIST = ("Careerist", "野心家", "야심가")


def report_page(name: str) -> str:
    return f"balance/{name}.md"


def pct(x: float) -> str:
    return f"{x:.1%}"


def points(x: float) -> str:
    return f"{x * 100:+.1f}"


class ReportPage:
    """One report's page, section by section."""

    def __init__(self, site: SiteData, name: str, report: dict[str, Any]) -> None:
        self.site = site
        self.name = name
        self.report = report
        self.page = report_page(name)
        self.made = report["made"]
        self.mode = site.cat.modes.get(str(self.made["mode"]))
        raw = self.mode.raw if self.mode is not None else {}
        self.role_names: dict[str, tuple[str, str | None, str | None]] = {}
        for rid, names in ((raw.get("roles") or {}).get("names") or {}).items():
            if isinstance(names, dict):
                self.role_names[str(rid)] = (str(names.get("en") or rid), names.get("zh"),
                                             names.get("ko"))
        word = report.get("role_word")
        self.word = word if word in ("role", "faction") else "role"
        self.charts = 0

    # -- names ---------------------------------------------------------------------------
    def role_trio(self, role: str) -> tuple[str, str | None, str | None]:
        if role in self.role_names:
            return self.role_names[role]
        if role == "careerist":
            return CAREERIST
        if role in ("main", "deputy"):
            return {"main": ("as main general", "主将", "주장"),
                    "deputy": ("as deputy general", "副将", "부장")}[role]
        en, zh, ko = self.site.kingdom(role)
        return (en, zh, ko)

    def general_trio(self, gid: str) -> tuple[str, str, str]:
        """English (with its version label), Chinese and Korean names of a general id, or
        of a Guozhan pair ``a+b``; an unknown id stands for itself."""
        parts = gid.split("+") if "+" in gid else [gid]
        names = []
        for part in parts:
            g = self.site.cat.generals.get(part)
            if g is None:
                names.append((part, part, part))
            else:
                en = self.site.general_name(g)
                names.append((en, g.name.zh or en, g.name.ko or g.name.zh or en))
        return (" + ".join(n[0] for n in names), " + ".join(n[1] for n in names),
                " + ".join(n[2] for n in names))

    def general_cell(self, gid: str) -> str:
        """The general (or pair) linked to its page(s), escaped."""
        parts = gid.split("+") if "+" in gid else [gid]
        return " + ".join(self.site.general_link(p, self.page) for p in parts)

    def row(self, label_id: str, value: float, low: float, high: float,
            reference: float | None = None, flagged: bool = False, note: str = "",
            label: str | None = None) -> Row:
        if label is not None:
            return Row(label, value, low, high, reference, flagged, note)
        en, zh, ko = self.general_trio(label_id)
        return Row(en, value, low, high, reference, flagged, note,
                   {HTML_LANG["zh"]: zh, HTML_LANG["ko"]: ko})

    def chart(self, rows: list[Row], title: str, desc: str, diverging: bool = False) -> str:
        self.charts += 1
        svg = interval_chart(rows, title, desc, chart_id=f"{slug(self.name)}-{self.charts}",
                             diverging=diverging)
        return f'<div class="sgs-chart-box" data-search-exclude>{svg}</div>\n'

    # -- sections ------------------------------------------------------------------------
    def intro(self) -> str:
        m = self.made
        first, last = m["seeds"]
        mode = (f"[{md(self.mode.name.en or self.mode.name.zh)}]"
                f"({rel(self.page, mode_page(self.mode.id))})" if self.mode is not None
                else md(m["mode"]))
        commit = f", commit {code(m['commit'])}" if m.get("commit") else ""
        data = ""
        if m.get("data"):
            data = " with " + ", ".join(code(d) for d in m["data"])
        errors = self.report.get("errors") or []
        problems = (f" {len(errors)} games stopped with an error and are left out."
                    if errors else "")
        return (f"From **{m['games']:,} games** ({mode}, {m['players']} players, "
                f"{md(m['agents'])} agents, seeds {first}–{last}{data}), played on "
                f"{md(str(m['date'])[:10])} by {md(m['tool'])}{commit} in "
                f"{float(m.get('seconds') or 0):.0f} s.{problems} "
                f"Outliers are flagged by {md(self.report['correction'])} at "
                f"{float(self.report['alpha']):.0%} over every cell of a table together. "
                "To make it again:\n\n" + code(m.get("command") or "sgs balance") + "\n")

    def outliers(self) -> str:
        flagged = [c for c in self.report["cells"] if c["flagged"]]
        flagged += [c for c in self.report.get("pairs") or [] if c["flagged"]]
        out = ["## Outliers {#outliers}\n"]
        if not flagged:
            out.append(f"None: no general's win rate in any {md(self.word)} differs from "
                       "the rest of the pool by more than chance explains after the "
                       "correction.\n")
            return "\n".join(out)
        rows = [[self.general_cell(c["general"]), trio(*self.role_trio(c["role"])),
                 pct(c["rate"]), pct(c["pool_rate"]), points(c["effect"]),
                 f"{c['p_adjusted']:.3g}", str(c["games"])] for c in flagged]
        out.append(table(["General", self.word.capitalize(), "Win rate", "Pool",
                          "Effect (points)", "Adj. p", "Games"], rows))
        return "\n".join(out)

    def focus(self) -> str:
        focus = self.report.get("focus") or []
        if not focus:
            return ""
        out = ["## Focused generals {#focus}\n",
               "Each seed was also played without the focused general (the same deal, that "
               "seat choosing as usual); the bars are the mean paired difference of that "
               "seat's result, in points, with its 95% interval.\n"]
        rows = []
        cells = []
        for f in focus:
            role, role_zh, role_ko = self.role_trio(f["role"])
            en, zh, ko = self.general_trio(f["general"])
            d = float(f["paired_difference"])
            dl, dh = (float(v) for v in f["paired_ci95"])
            rows.append(Row(f"{en} ({role})", d, dl, dh,
                            note=f"win rate {pct(f['rate'])}, {f['games']} games",
                            labels={HTML_LANG["zh"]: f"{zh} ({role_zh or role})",
                                    HTML_LANG["ko"]: f"{ko} ({role_ko or role})"}))
            low, high = f["ci95"]
            cells.append([self.general_cell(f["general"]), trio(*self.role_trio(f["role"])),
                          pct(f["rate"]), f"{pct(low)}–{pct(high)}", points(d),
                          f"{points(dl)} to {points(dh)}", str(f["games"])])
        desc = "; ".join(f"{r.label}: {points(r.value)} points ({points(r.low)} to "
                         f"{points(r.high)})" for r in rows)
        out.append(self.chart(rows, "Paired difference in win rate (points)", desc, True))
        out.append(scroll(table(["General", self.word.capitalize(), "Win rate", "95% CI",
                                 "Paired difference (points)", "95% CI (points)", "Games"],
                                cells)))
        return "\n".join(out)

    def cell_section(self, cells: list[dict[str, Any]], heading: str, anchor: str,
                     what: str = "General") -> str:
        out = [f"## {heading} {{#{anchor}}}\n"]
        if not cells:
            out.append("No games finished with a winner.\n")
            return "\n".join(out)
        by_role: dict[str, list[dict[str, Any]]] = {}
        for c in cells:
            by_role.setdefault(str(c["role"]), []).append(c)
        order = [r for r in self.role_names if r in by_role]
        order += sorted(r for r in by_role if r not in order)
        for role in order:
            group = sorted(by_role[role], key=lambda c: (-c["rate"], c["general"]))
            names = self.role_trio(role)
            out.append(f"### {trio(*names)} {{#{anchor}-{slug(role)}}}\n")
            pool = sum(c["wins"] for c in group) / max(1, sum(c["games"] for c in group))
            rows = [self.row(c["general"], c["rate"], c["ci95"][0], c["ci95"][1],
                             c["pool_rate"], c["flagged"],
                             f"{c['wins']}/{c['games']} games, adj. p {c['p_adjusted']:.3g}")
                    for c in group]
            desc = (f"Win rate of each {what.lower()} as {names[0]}, with 95% intervals; "
                    f"the tick is the rest of the pool ({pct(pool)} overall); "
                    + "; ".join(f"{r.label} {pct(r.value)}" + (" (outlier)" if r.flagged
                                                                else "") for r in rows))
            out.append(self.chart(rows, f"Win rate as {names[0]}", desc))
            body = [["⚠" if c["flagged"] else "", self.general_cell(c["general"]),
                     pct(c["rate"]), f"{pct(c['ci95'][0])}–{pct(c['ci95'][1])}",
                     pct(c["pool_rate"]), points(c["effect"]), f"{c['cohen_h']:+.2f}",
                     f"{c['p_adjusted']:.3g}", str(c["games"])] for c in group]
            out.append(scroll(table(["Flagged", what, "Win rate", "95% CI", "Pool",
                                     "Effect (points)", "Cohen's h", "Adj. p", "Games"],
                                    body)))
        return "\n".join(out)

    def kingdoms(self) -> str:
        rows_in = self.report.get("kingdoms") or []
        if not rows_in:
            return ""
        rows = [self.row("", k["rate"], k["ci95"][0], k["ci95"][1],
                         note=f"{k['wins']}/{k['games']} seats",
                         label=self.role_trio(k["kingdom"])[0]) for k in rows_in]
        for r, k in zip(rows, rows_in, strict=True):
            names = self.role_trio(k["kingdom"])
            r.labels = {HTML_LANG["zh"]: names[1] or names[0],
                        HTML_LANG["ko"]: names[2] or names[0]}
        desc = "; ".join(f"{r.label} {pct(r.value)} ({pct(r.low)} to {pct(r.high)})"
                         for r in rows)
        body = [[trio(*self.role_trio(k["kingdom"])), pct(k["rate"]),
                 f"{pct(k['ci95'][0])}–{pct(k['ci95'][1])}", str(k["wins"]), str(k["games"])]
                for k in rows_in]
        return "\n".join(["## By faction {#kingdoms}\n",
                          "Each seat counted once, under the faction it ended the game in "
                          "(a careerist is a faction of one).\n",
                          self.chart(rows, "Win rate by faction", desc),
                          scroll(table(["Faction", "Win rate", "95% CI", "Wins", "Seats"],
                                       body))])

    def lord_seats(self) -> str:
        seats = self.report.get("lord_seats") or {}
        if not seats:
            return ""
        rows, body = [], []
        for seat, v in seats.items():
            low, high = wilson(int(v["wins"]), int(v["games"]))
            rows.append(Row(f"seat {int(seat)}", float(v["rate"]), low, high,
                            note=f"{v['wins']}/{v['games']} games"))
            body.append([str(int(seat)), pct(float(v["rate"])), f"{pct(low)}–{pct(high)}",
                         str(v["games"])])
        desc = "; ".join(f"{r.label} {pct(r.value)}" for r in rows)
        return "\n".join(["## The lord by seat {#lord-seats}\n",
                          self.chart(rows, "The lord's win rate by seat", desc),
                          scroll(table(["Seat", "Win rate", "95% CI", "Games"], body))])

    def skills(self) -> str:
        skills = self.report.get("skills") or {}
        if not skills:
            return ""
        cat = self.site.cat.skills
        groups = []
        body = []
        for sid, v in skills.items():
            skill = cat.get(sid)
            name = (skill.name.en or skill.name.zh) if skill is not None else sid
            groups.append((name, [float(v["drawn"]), float(v["damage"]),
                                  float(v["recovered"])]))
            body.append([md(name) + (f" {md(skill.name.zh)}" if skill is not None
                                     and skill.name.en and skill.name.zh else ""),
                         f"{float(v['uses']):.2f}", f"{float(v['drawn']):.2f}",
                         f"{float(v['damage']):.2f}", f"{float(v['recovered']):.2f}",
                         str(v["games"])])
        self.charts += 1
        desc = "; ".join(f"{n}: {a:.2f} cards drawn, {b:.2f} damage, {c:.2f} HP recovered "
                         "per game" for n, (a, b, c) in groups[:60])
        svg = group_chart(groups, ["cards drawn", "damage dealt", "HP recovered"],
                          "What each skill did per game", desc,
                          chart_id=f"{slug(self.name)}-{self.charts}")
        return "\n".join([
            "## Per skill {#skills}\n",
            "Per game the skill was used in: how often, and the cards its owner drew, the "
            "damage it dealt and the HP it recovered while the skill resolved.\n",
            f'<div class="sgs-chart-box" data-search-exclude>{svg}</div>\n',
            scroll(table(["Skill", "Uses", "Cards drawn", "Damage dealt", "HP recovered",
                          "Games"], body))])

    def markdown(self) -> str:
        m = self.made
        mode_name = (self.mode.name.en or self.mode.name.zh) if self.mode else str(m["mode"])
        parts = [f"# Balance: {md(mode_name)}, {int(m['players'])} players\n", self.intro(),
                 self.outliers(), self.focus(), self.kingdoms()]
        heading = f"Win rate by general and {self.word}"
        parts.append(self.cell_section(self.report["cells"], heading, "cells"))
        pairs = [c for c in self.report.get("pairs") or [] if c["games"] >= PAIR_MIN_GAMES]
        if self.report.get("pairs"):
            section = self.cell_section(pairs, f"Pairs of generals by {self.word}", "pairs",
                                        "Pair")
            note = (f"Pairs seated at least {PAIR_MIN_GAMES} times: {len(pairs)} of "
                    f"{len(self.report['pairs'])} (the report file holds all).\n")
            head, _, rest = section.partition("\n")
            parts.append(f"{head}\n\n{note}{rest}")
        parts += [self.lord_seats(), self.skills(),
                  f"[All balance reports]({rel(self.page, INDEX)})\n"]
        return "\n".join(p for p in parts if p)


def scroll(body: str) -> str:
    return f'<div class="sgs-scroll" markdown>\n\n{body}\n</div>\n'


def unique_names(reports: list[tuple[str, dict[str, Any]]]) -> list[str]:
    out: list[str] = []
    for name, _report in reports:
        base = slug(name) if name != "index" else "index-report"
        candidate, n = base, 2
        while candidate in out:
            candidate, n = f"{base}-{n}", n + 1
        out.append(candidate)
    return out


def balance_pages(site: SiteData, reports: list[tuple[str, dict[str, Any]]]
                  ) -> dict[str, str]:
    """``{docs path: Markdown}`` for the index and one page per (name, report)."""
    if not reports:
        return {}
    pages: dict[str, str] = {}
    rows = []
    for name, (_given, report) in zip(unique_names(reports), reports, strict=True):
        page = ReportPage(site, name, report)
        pages[page.page] = page.markdown()
        m = report["made"]
        flagged = sum(1 for c in report["cells"] if c["flagged"])
        focus = sorted({str(f["general"]) for f in report.get("focus") or []})
        rows.append([f"[{md(name)}]({rel(INDEX, page.page)})",
                     md(m["mode"]), str(int(m["players"])), md(m["agents"]),
                     f"{int(m['games']):,}",
                     ", ".join(page.general_cell(f) for f in focus) or "—",
                     str(flagged), md(str(m["date"])[:10])])
    index = ["# Balance\n",
             "Win rates of every general in every role from `sgs balance` runs, with 95% "
             "intervals against the rest of the pool. Each report states the games, seeds, "
             "agents and version it came from. Make one with `sgs balance --save` (it is "
             "kept in `balance/` at the data root) and build the site again.\n",
             scroll(table(["Report", "Mode", "Players", "Agents", "Games", "Focus",
                           "Outliers", "Date"], rows))]
    pages[INDEX] = "\n".join(index)
    return pages


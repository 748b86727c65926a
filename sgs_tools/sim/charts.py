"""Rows of estimates with intervals → an SVG bar chart with whiskers (the balance lab's
pictures, for ``sgs balance --svg`` and the site's Balance page).

Every text that came from data (a general's name, a title) goes through :func:`xml`;
numbers are formatted here, never taken as text. A chart is an accessible image
(``role="img"`` labelled by its ``<title>`` and ``<desc>``) and draws only in
``currentColor`` and two fixed hues, so it reads in light and dark themes. A flagged row
is marked by a sign in its label as well as by colour.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from sgs_tools.sim.stats import columns

BAR = "#4a78b5"
FLAGGED = "#c0392b"
REFERENCE = "#e08a00"


def xml(text: object) -> str:
    """Text for SVG (element text and quoted attributes); control characters dropped."""
    value = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ue000-\uf8ff]", "", str(text))
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


@dataclass
class Row:
    """One bar: its label(s), the estimate and its 95% interval, the value it is compared
    with (drawn as a tick), whether it is flagged, and a line for its tooltip."""

    label: str
    value: float
    low: float
    high: float
    reference: float | None = None
    flagged: bool = False
    note: str = ""
    labels: dict[str, str] = field(default_factory=dict)
    """The label in other languages (``zh``, ``ko``): drawn too, each marked with its
    ``lang``, so a page can show the one its reader chose."""


def shorten(text: str, limit: int = 30) -> str:
    """``text`` cut to ``limit`` columns of a label (a wide CJK character takes two),
    ending in "…" if it was cut."""
    if columns(text) <= limit:
        return text
    out, used = "", 1
    for ch in text:
        used += columns(ch)
        if used > limit:
            break
        out += ch
    return out + "…"


def fmt(x: float, points: bool) -> str:
    return f"{x * 100:+.1f}" if points else f"{x * 100:.1f}%"


def interval_chart(rows: list[Row], title: str, desc: str, *, chart_id: str = "chart",
                   diverging: bool = False, reference_name: str = "rest of the pool"
                   ) -> str:
    """Horizontal bars from the axis (0, or the middle when ``diverging``: differences in
    points) to each value, a whisker over its interval and a tick at its reference."""
    label_w, plot_w, right, bar_h, top = 210, 360, 70, 20, 34
    lo_axis, hi_axis = (0.0, 1.0)
    if diverging:
        reach = max([0.1] + [max(abs(r.low), abs(r.high), abs(r.value)) for r in rows])
        reach = min(1.0, math.ceil(reach * 10) / 10)
        lo_axis, hi_axis = -reach, reach
    width = label_w + plot_w + right
    height = top + bar_h * len(rows) + 30
    cid = re.sub(r"[^a-z0-9_-]+", "-", chart_id.lower()).strip("-") or "chart"

    def x(v: float) -> float:
        v = max(lo_axis, min(hi_axis, v))
        return label_w + plot_w * (v - lo_axis) / (hi_axis - lo_axis)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" role="img" class="sgs-chart" '
           f'aria-labelledby="{cid}-title {cid}-desc" font-family="sans-serif" '
           f'font-size="12" fill="currentColor">',
           f'<title id="{cid}-title">{xml(title)}</title>',
           f'<desc id="{cid}-desc">{xml(desc)}</desc>',
           f'<text x="4" y="16" font-weight="bold">{xml(shorten(title, 50))}</text>']
    ticks = 4
    for k in range(ticks + 1):
        v = lo_axis + (hi_axis - lo_axis) * k / ticks
        tx = x(v)
        out.append(f'<line x1="{tx:.1f}" y1="{top - 6}" x2="{tx:.1f}" '
                   f'y2="{height - 22}" stroke="currentColor" stroke-opacity="0.18"/>'
                   f'<text x="{tx:.1f}" y="{height - 8}" font-size="10" '
                   f'text-anchor="middle">{fmt(v, diverging) if diverging else f"{v:.0%}"}'
                   '</text>')
    legend_x = label_w + plot_w - 190
    out.append(f'<path d="M{legend_x} 12H{legend_x + 16}M{legend_x} 8V16M{legend_x + 16} 8V16" '
               'stroke="currentColor" stroke-width="1.4" fill="none"/>'
               f'<text x="{legend_x + 21}" y="16" font-size="10">95% interval</text>')
    if any(r.reference is not None for r in rows):
        out.append(f'<path d="M{legend_x + 100} 6V18" stroke="{REFERENCE}" '
                   f'stroke-width="2.5"/><text x="{legend_x + 106}" y="16" '
                   f'font-size="10">{xml(reference_name)}</text>')
    zero = x(0.0)
    if diverging:
        out.append(f'<line x1="{zero:.1f}" y1="{top - 6}" x2="{zero:.1f}" '
                   f'y2="{height - 22}" stroke="currentColor" stroke-opacity="0.6"/>')
    for i, r in enumerate(rows):
        y = top + i * bar_h
        mid = y + bar_h / 2
        sign = "⚠ " if r.flagged else ""
        labels = [("", r.label)] + [(k, v) for k, v in r.labels.items() if v]
        for lang, text in labels:
            attr = f' lang="{xml(lang)}" class="sgs-label sgs-label-{xml(lang)}"' if lang \
                else ' class="sgs-label sgs-label-main"'
            out.append(f'<text x="{label_w - 8}" y="{mid + 4:.1f}" text-anchor="end"'
                       f'{attr}>{xml(sign + shorten(text))}</text>')
        a, b = sorted((zero, x(r.value)))
        colour = FLAGGED if r.flagged else BAR
        tip = (f"{r.label}: {fmt(r.value, diverging)} (95% CI {fmt(r.low, diverging)} to "
               f"{fmt(r.high, diverging)})")
        if r.reference is not None:
            tip += f"; {reference_name} {fmt(r.reference, diverging)}"
        if r.note:
            tip += f"; {r.note}"
        out.append(f'<rect class="sgs-bar" x="{a:.1f}" y="{y + 4}" width="{b - a:.1f}" '
                   f'height="{bar_h - 8}" fill="{colour}" fill-opacity="0.85">'
                   f"<title>{xml(tip)}</title></rect>")
        x1, x2 = x(r.low), x(r.high)
        out.append(f'<path class="sgs-whisker" d="M{x1:.1f} {mid:.1f}H{x2:.1f}'
                   f'M{x1:.1f} {y + 5}V{y + bar_h - 5}M{x2:.1f} {y + 5}V{y + bar_h - 5}" '
                   'stroke="currentColor" stroke-width="1.4" fill="none"/>')
        if r.reference is not None:
            rx = x(r.reference)
            out.append(f'<path class="sgs-reference" d="M{rx:.1f} {y + 2}V{y + bar_h - 2}" '
                       f'stroke="{REFERENCE}" stroke-width="2.5"/>')
        out.append(f'<text x="{label_w + plot_w + 6}" y="{mid + 4:.1f}" font-size="11">'
                   f"{fmt(r.value, diverging)}</text>")
    out.append("</svg>")
    return "".join(out)


GROUP_COLOURS = ("#4a78b5", "#c0392b", "#2e8b57", "#8e44ad")


def group_chart(groups: list[tuple[str, list[float]]], series: list[str], title: str,
                desc: str, *, chart_id: str = "chart") -> str:
    """Horizontal grouped bars: per group (a skill) one thin bar per series (cards drawn,
    damage, HP), on one scale from 0, with a legend."""
    label_w, plot_w, right, top = 210, 360, 50, 34 + 18
    per = max(1, len(series))
    bar = 7
    group_h = bar * per + 8
    height = top + group_h * len(groups) + 30
    width = label_w + plot_w + right
    cid = re.sub(r"[^a-z0-9_-]+", "-", chart_id.lower()).strip("-") or "chart"
    most = max([0.5] + [v for _n, vs in groups for v in vs])
    scale = math.ceil(most * 2) / 2

    def x(v: float) -> float:
        return label_w + plot_w * max(0.0, min(v, scale)) / scale

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" role="img" class="sgs-chart" '
           f'aria-labelledby="{cid}-title {cid}-desc" font-family="sans-serif" '
           f'font-size="12" fill="currentColor">',
           f'<title id="{cid}-title">{xml(title)}</title>',
           f'<desc id="{cid}-desc">{xml(desc)}</desc>',
           f'<text x="4" y="16" font-weight="bold">{xml(shorten(title, 90))}</text>']
    lx = label_w
    for k, name in enumerate(series):
        colour = GROUP_COLOURS[k % len(GROUP_COLOURS)]
        out.append(f'<rect x="{lx}" y="24" width="10" height="10" fill="{colour}"/>'
                   f'<text x="{lx + 14}" y="33" font-size="11">{xml(name)}</text>')
        lx += 20 + 7 * len(name)
    for k in range(5):
        v = scale * k / 4
        tx = x(v)
        out.append(f'<line x1="{tx:.1f}" y1="{top - 4}" x2="{tx:.1f}" y2="{height - 22}" '
                   f'stroke="currentColor" stroke-opacity="0.18"/><text x="{tx:.1f}" '
                   f'y="{height - 8}" font-size="10" text-anchor="middle">{v:g}</text>')
    for i, (name, values) in enumerate(groups):
        y = top + i * group_h
        out.append(f'<text x="{label_w - 8}" y="{y + group_h / 2 + 3:.1f}" '
                   f'text-anchor="end">{xml(shorten(name))}</text>')
        for k, v in enumerate(values[:per]):
            colour = GROUP_COLOURS[k % len(GROUP_COLOURS)]
            out.append(f'<rect class="sgs-bar" x="{label_w}" y="{y + 4 + k * bar}" '
                       f'width="{x(v) - label_w:.1f}" height="{bar - 1}" fill="{colour}">'
                       f'<title>{xml(name)}: {v:.2f} {xml(series[k])} per game</title></rect>')
    out.append("</svg>")
    return "".join(out)

"""A general → an SVG card face drawn by code: kingdom colour, names, HP, skill names.

No art and no web fonts: shapes are paths, text uses the reader's generic ``serif`` and
``sans-serif`` families. Health shows as 勾玉 (magatama) for whole HP, or as yin-yang half
discs for Guozhan's halves. Every piece of text from the data is escaped.
"""

from __future__ import annotations

import re

from sgs_tools.data.model import General, Skill
from sgs_tools.sitegen.markup import html

WIDTH, HEIGHT = 240, 336

KINGDOM_COLOURS = {
    "wei": ("#3a5a9c", "#dbe4f5"),
    "shu": ("#b0352b", "#f6dcd6"),
    "wu": ("#2f7d46", "#d8efdf"),
    "qun": ("#6b6b6b", "#e6e4df"),
    "god": ("#b08d2a", "#f5ecd0"),
}
DEFAULT_COLOURS = ("#5a4a7a", "#e8e2f2")
KINGDOM_GLYPHS = {"wei": "魏", "shu": "蜀", "wu": "吴", "qun": "群", "god": "神"}
MAX_ICONS = 8
MAX_SKILLS = 5


_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")

KingdomStyle = tuple[str, str, str]
"""How a kingdom is drawn: (dark colour, light colour, glyph)."""


def kingdom_colour(kingdom: str) -> str:
    return KINGDOM_COLOURS.get(kingdom, DEFAULT_COLOURS)[0]


def tint(colour: str, amount: float = 0.82) -> str:
    """``colour`` mixed with white (the light ground of a face in that colour)."""
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(ch * 2 for ch in value)
    rgb = [int(value[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def kingdom_style(kingdom: str, colour: str | None = None, zh: str | None = None
                  ) -> KingdomStyle:
    """The colours and glyph of a kingdom: a base kingdom's own; a declared one's from its
    colour (only a hex colour is used: anything else would be markup) and the first
    character of its Chinese name."""
    if kingdom in KINGDOM_COLOURS:
        dark, light = KINGDOM_COLOURS[kingdom]
        return dark, light, KINGDOM_GLYPHS.get(kingdom, kingdom[:1].upper())
    if colour is not None and _HEX.fullmatch(colour):
        dark, light = colour.lower(), tint(colour)
    else:
        dark, light = DEFAULT_COLOURS
    glyph = zh.strip()[:1] if zh and zh.strip() else kingdom[:1].upper()
    return dark, light, glyph


def _magatama(x: float, y: float, size: float, colour: str) -> str:
    """One 勾玉: a round head with a tail curling down and to the left."""
    s = size / 2
    path = (f"M {x:.1f} {y - s:.1f} "
            f"A {s:.1f} {s:.1f} 0 1 1 {x - 0.15 * s:.1f} {y + 0.99 * s:.1f} "
            f"Q {x - 0.85 * s:.1f} {y + 1.15 * s:.1f} {x - 1.25 * s:.1f} {y + 2.0 * s:.1f} "
            f"Q {x - 1.55 * s:.1f} {y + 0.7 * s:.1f} {x - 0.95 * s:.1f} {y - 0.3 * s:.1f} "
            f"A {s:.1f} {s:.1f} 0 0 1 {x:.1f} {y - s:.1f} Z")
    eye = f'<circle cx="{x + 0.15 * s:.1f}" cy="{y - 0.1 * s:.1f}" r="{0.28 * s:.1f}" fill="#fff"/>'
    return f'<path d="{path}" fill="{colour}" stroke="#222" stroke-width="1"/>{eye}'


def _half(x: float, y: float, r: float, left: bool, colour: str) -> str:
    """One yin-yang half disc (a half point of Guozhan health)."""
    sweep = 0 if left else 1
    top, bottom = y - r, y + r
    return (f'<path d="M {x:.1f} {top:.1f} A {r:.1f} {r:.1f} 0 0 {sweep} {x:.1f} {bottom:.1f} Z" '
            f'fill="{colour}" stroke="#222" stroke-width="1"/>')


def health_icons(general: General, colour: str) -> str:
    """The HP row: magatama for whole HP, half discs for halves."""
    out = []
    if general.halves is not None:
        halves = min(general.halves, 2 * MAX_ICONS)
        x = WIDTH - 20.0
        for i in range(halves):
            left = i % 2 == 1
            cx = x - (i // 2) * 26
            out.append(_half(cx - (1.5 if left else -1.5), 26, 10, left, colour))
        return "".join(out)
    hp = min(general.hp or 0, MAX_ICONS)
    for i in range(hp):
        out.append(_magatama(WIDTH - 22.0 - i * 24, 20, 16, colour))
    return "".join(out)


def health_label(general: General) -> str:
    if general.halves is not None:
        whole, half = divmod(general.halves, 2)
        return f"{general.halves} halves" + (f" ({whole} whole" + (" + ½" if half else "")
                                             + ")")
    return f"{general.hp} HP"


def face(general: General, skills: list[Skill], style: KingdomStyle | None = None,
         kingdom_name: str | None = None) -> str:
    """The SVG card face of a general (a standalone ``<svg>`` element), in its kingdom's
    ``style`` (default: the base kingdom's, see :func:`kingdom_style`)."""
    dark, light, glyph = style or kingdom_style(general.kingdom)
    name = general.name
    title = (f"{name.en or name.zh} ({name.zh}), {kingdom_name or general.kingdom}, "
             f"{health_label(general)}")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" class="sgs-face">',
        f"<title>{html(title)}</title>",
        f'<rect x="3" y="3" width="{WIDTH - 6}" height="{HEIGHT - 6}" rx="14" '
        f'fill="{light}" stroke="{dark}" stroke-width="6"/>',
        f'<rect x="6" y="6" width="{WIDTH - 12}" height="40" rx="10" fill="{dark}"/>',
        f'<circle cx="28" cy="26" r="16" fill="{light}" stroke="#222" stroke-width="1"/>',
        f'<text x="28" y="32" text-anchor="middle" font-family="serif" font-size="18" '
        f'font-weight="bold" fill="{dark}">{html(glyph)}</text>',
        health_icons(general, "#f3d36b"),
        # a faint kingdom glyph where the portrait would be
        f'<text x="{WIDTH / 2 + 20:.0f}" y="170" text-anchor="middle" font-family="serif" '
        f'font-size="120" fill="{dark}" fill-opacity="0.12">{html(glyph)}</text>',
    ]
    chars = list(name.zh)[:7]
    step = 150 / max(len(chars), 4)
    for i, ch in enumerate(chars):
        parts.append(f'<text x="32" y="{82 + i * step:.0f}" text-anchor="middle" '
                     f'font-family="serif" font-size="26" font-weight="bold" '
                     f'fill="{dark}">{html(ch)}</text>')
    gender = {"male": "♂", "female": "♀"}.get(general.gender, "")
    if gender:
        parts.append(f'<text x="{WIDTH - 18}" y="66" text-anchor="middle" '
                     f'font-family="sans-serif" font-size="14" fill="{dark}">{gender}</text>')
    box_top = 220
    parts.append(f'<rect x="14" y="{box_top}" width="{WIDTH - 28}" '
                 f'height="{HEIGHT - box_top - 48}" rx="6" fill="#fffdf7" '
                 f'fill-opacity="0.85" stroke="{dark}" stroke-width="1"/>')
    shown = skills[:MAX_SKILLS]
    line = min(14.0, (HEIGHT - box_top - 56) / max(len(shown), 1))
    for i, skill in enumerate(shown):
        label = skill.name.zh + (f" {skill.name.en}" if skill.name.en else "")
        if len(label) > 30:
            label = label[:29] + "…"
        parts.append(f'<text x="22" y="{box_top + 16 + i * line:.0f}" font-family="sans-serif" '
                     f'font-size="11" fill="#222">{html(label)}</text>')
    if len(skills) > MAX_SKILLS:
        parts.append(f'<text x="{WIDTH - 22}" y="{HEIGHT - 54}" text-anchor="end" '
                     f'font-family="sans-serif" font-size="10" fill="#555">'
                     f'+{len(skills) - MAX_SKILLS}</text>')
    en = name.en or ""
    if len(en) > 24:
        en = en[:23] + "…"
    parts.append(f'<text x="{WIDTH / 2:.0f}" y="{HEIGHT - 26}" text-anchor="middle" '
                 f'font-family="sans-serif" font-size="15" font-weight="bold" '
                 f'fill="{dark}">{html(en)}</text>')
    if name.ko:
        parts.append(f'<text x="{WIDTH / 2:.0f}" y="{HEIGHT - 11}" text-anchor="middle" '
                     f'font-family="sans-serif" font-size="11" fill="{dark}">'
                     f'{html(name.ko)}</text>')
    parts.append("</svg>")
    return "".join(parts)

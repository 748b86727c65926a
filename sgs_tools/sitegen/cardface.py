"""A card → an SVG card face drawn by code, like the general faces (``face.py``).

The frame's colour says the card type; the face shows the type (English and Chinese), the
name in three languages, the suit and rank of every printed copy, the equipment's range or
horse distance, a samurai card's cost, strength and unit type, and the English rules text
wrapped to the box. No art and no web fonts; every text from the data is escaped.
"""

from __future__ import annotations

from dataclasses import dataclass

from sgs_tools.data.model import Card
from sgs_tools.sitegen.markup import html

WIDTH, HEIGHT = 240, 336
TYPE_COLOURS = {
    "basic": ("#8a6d1f", "#f7efd6"),
    "trick": ("#2f5d8a", "#dde8f3"),
    "delayed_trick": ("#5b3f86", "#e8e0f2"),
    "equipment": ("#3f6b2e", "#e0eed8"),
    "samurai": ("#8b2e2e", "#f3dddd"),
    "heirloom": ("#8a5a1f", "#f5e6d0"),
    "army": ("#4a4a4a", "#e6e6e6"),
    "castle": ("#5a4a3a", "#ece4da"),
    "shogun": ("#6d1f4f", "#f1dbe8"),
}
DEFAULT_COLOURS = ("#555555", "#eeeeee")
SUIT_MARKS = {"spade": ("♠", "#222"), "heart": ("♥", "#c62828"), "club": ("♣", "#222"),
              "diamond": ("♦", "#c62828")}
MAX_CHIPS = 12
TEXT_LINE = 34
"""Characters per line of English rules text (11 px sans-serif in a 200 px box)."""
MAX_TEXT_LINES = 7


@dataclass(frozen=True)
class Printed:
    """One printed copy as the face shows it."""

    suit: str | None
    rank: str
    ex: bool = False


def wrap(text: str, width: int = TEXT_LINE, lines: int = MAX_TEXT_LINES) -> list[str]:
    """Greedy word wrap; the last kept line ends in an ellipsis when text is cut."""
    out: list[str] = []
    line = ""
    for word in text.split():
        while len(word) > width:  # a very long word is cut, not allowed to overflow
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        candidate = f"{line} {word}" if line else word
        if len(candidate) > width and line:
            out.append(line)
            line = word
        else:
            line = candidate
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][:width - 1].rstrip() + "…"
    return out


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def stats(card: Card) -> list[str]:
    """The numbers a player reads off the card: range, horse, samurai cost and strength."""
    out = []
    if card.range is not None:
        out.append(f"Range {card.range}")
    if card.subtype == "plus_horse":
        out.append("+1 distance (others to you)")
    elif card.subtype == "minus_horse":
        out.append("−1 distance (you to others)")
    extra = card.extra
    if "cost" in extra:
        out.append(f"Cost {_number(extra['cost'])}")
    if "attack" in extra or "defence" in extra:
        out.append(f"Strength {_number(extra.get('attack', '–'))}/"
                   f"{_number(extra.get('defence', '–'))}")
    if extra.get("unit"):
        out.append(f"Unit: {str(extra['unit']).replace('_', ' ')}")
    if "honor" in extra:
        out.append(f"Honor {_number(extra['honor'])}")
    return out


def _number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def card_face(card: Card, type_label: tuple[str, str | None], printed: list[Printed],
              text: str) -> str:
    """The SVG face of a card (a standalone ``<svg>`` element)."""
    dark, light = TYPE_COLOURS.get(card.type, DEFAULT_COLOURS)
    name = card.name
    type_en, type_zh = type_label
    title = f"{name.en or name.zh} ({name.zh}), {type_en}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" class="sgs-face sgs-card-face">',
        f"<title>{html(title)}</title>",
        f'<rect x="3" y="3" width="{WIDTH - 6}" height="{HEIGHT - 6}" rx="14" '
        f'fill="{light}" stroke="{dark}" stroke-width="6"/>',
        f'<rect x="6" y="6" width="{WIDTH - 12}" height="26" rx="10" fill="{dark}"/>',
        f'<text x="16" y="24" font-family="sans-serif" font-size="12" font-weight="bold" '
        f'fill="#fff">{html(_short(type_en, 22))}</text>',
    ]
    if type_zh:
        parts.append(f'<text x="{WIDTH - 16}" y="24" text-anchor="end" font-family="serif" '
                     f'font-size="13" fill="#fff">{html(_short(type_zh, 8))}</text>')
    parts.append(f'<text x="{WIDTH / 2:.0f}" y="74" text-anchor="middle" font-family="serif" '
                 f'font-size="30" font-weight="bold" fill="{dark}">'
                 f"{html(_short(name.zh, 8))}</text>")
    if name.en:
        parts.append(f'<text x="{WIDTH / 2:.0f}" y="96" text-anchor="middle" '
                     f'font-family="sans-serif" font-size="15" font-weight="bold" '
                     f'fill="{dark}">{html(_short(name.en, 26))}</text>')
    if name.ko:
        parts.append(f'<text x="{WIDTH / 2:.0f}" y="112" text-anchor="middle" '
                     f'font-family="sans-serif" font-size="11" fill="{dark}">'
                     f"{html(_short(name.ko, 30))}</text>")
    y = 134
    chips = printed[:MAX_CHIPS]
    for i, copy in enumerate(chips):
        symbol, colour = SUIT_MARKS.get(copy.suit or "", ("", "#222"))
        cx = 18 + (i % 6) * 35
        cy = y + (i // 6) * 20
        label = f"{symbol}{copy.rank}" + ("*" if copy.ex else "")
        parts.append(f'<rect x="{cx}" y="{cy - 13}" width="32" height="17" rx="4" '
                     f'fill="#fff" stroke="{dark}" stroke-width="0.8"/>'
                     f'<text x="{cx + 16}" y="{cy}" text-anchor="middle" '
                     f'font-family="sans-serif" font-size="11" fill="{colour}">'
                     f"{html(label)}</text>")
    if len(printed) > MAX_CHIPS:
        parts.append(f'<text x="{WIDTH - 16}" y="{y + 44}" text-anchor="end" '
                     f'font-family="sans-serif" font-size="10" fill="#555">'
                     f"+{len(printed) - MAX_CHIPS} more</text>")
    y += 20 * ((len(chips) + 5) // 6) + (12 if len(printed) > MAX_CHIPS else 0) + 6
    for line in stats(card)[:3]:
        parts.append(f'<text x="{WIDTH / 2:.0f}" y="{y}" text-anchor="middle" '
                     f'font-family="sans-serif" font-size="12" font-weight="bold" '
                     f'fill="{dark}">{html(_short(line, 32))}</text>')
        y += 16
    box_top = max(y, 180)
    parts.append(f'<rect x="14" y="{box_top}" width="{WIDTH - 28}" '
                 f'height="{HEIGHT - box_top - 16}" rx="6" fill="#fffdf7" '
                 f'stroke="{dark}" stroke-width="1"/>')
    room = max(1, (HEIGHT - box_top - 26) // 14)
    for i, line in enumerate(wrap(text, lines=min(MAX_TEXT_LINES, room))):
        parts.append(f'<text x="22" y="{box_top + 16 + i * 14}" font-family="sans-serif" '
                     f'font-size="11" fill="#222">{html(line)}</text>')
    parts.append("</svg>")
    return "".join(parts)

"""Ids → page paths and relative links; compiled effects → rules text with linked names.

Rules text comes from the DSL renderer (``sgs_tools.dsl.effects.explain``). To link the card
and skill names inside it without guessing where they are, the renderer is given names
wrapped in private-use marker characters: ``first HEAD index MID middle END last``. The
first and last characters stay outside the markers, so the renderer still sees them where
it looks at a name's edges (English "a"/"an" before it, Korean particles after it). A
one-character name is ``START index MID END name``. After escaping, each marked name
becomes a Markdown link; any stray marker is dropped.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field

from sgs_tools.data.catalog import Catalog
from sgs_tools.dsl.effects import Compiled, EffectsResult, explain
from sgs_tools.dsl.render import Names
from sgs_tools.sitegen.markup import md

START, MID, END, HEAD = "\ue000", "\ue001", "\ue002", "\ue003"
_DIGIT0 = 0xE010
_CHAR = r"(\\.|&#?\w+;|[^\ue000-\ue0ff])"  # one character of escaped Markdown
_MARKED = re.compile(f"{_CHAR}{HEAD}([\ue010-\ue019]+){MID}(.*?){END}{_CHAR}", re.S)
_MARKED_ONE = re.compile(f"{START}([\ue010-\ue019]+){MID}{END}{_CHAR}", re.S)
_MARKED_ANY = re.compile(f"[{HEAD}{START}]([\ue010-\ue019]+){MID}")
LANGS = ("en", "zh", "ko")
LANG_NAMES = {"en": "English", "zh": "中文", "ko": "한국어"}
HTML_LANG = {"en": "en", "zh": "zh-Hans", "ko": "ko"}
"""The ``lang`` attribute of each language's text (simplified Chinese)."""


def lang_span(text: str, lang: str) -> str:
    """Escaped text marked with its language (for fonts and screen readers)."""
    return f'<span lang="{HTML_LANG[lang]}">{text}</span>' if text else text


def card_page(card_id: str) -> str:
    return f"cards/{card_id}.md"


def general_page(general_id: str) -> str:
    return f"generals/{general_id}.md"


def deck_page(deck_id: str) -> str:
    return f"decks/{deck_id}.md"


def mode_page(mode_id: str) -> str:
    return f"modes/{mode_id}.md"


def rel(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """The relative link from one page (a docs path) to another, with an optional anchor."""
    if to_page == from_page:
        target = ""
    else:
        target = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return f"{target}#{anchor}" if anchor else target


def skill_home(cat: Catalog, skill_id: str) -> str | None:
    """The page that defines a skill: its owner's general page."""
    skill = cat.skills.get(skill_id)
    if skill is None or skill.owner not in cat.generals:
        return None
    return general_page(skill.owner)


def _encode(index: int) -> str:
    return "".join(chr(_DIGIT0 + int(d)) for d in str(index))


def _decode(digits: str) -> int:
    return int("".join(str(ord(ch) - _DIGIT0) for ch in digits))


def _mark(name: str, index: int) -> str:
    if len(name) >= 2:
        return f"{name[0]}{HEAD}{_encode(index)}{MID}{name[1:-1]}{END}{name[-1]}"
    return f"{START}{_encode(index)}{MID}{END}{name}" if name else name


@dataclass
class Linker:
    """Renders compiled effects with card and skill names linked to their pages."""

    cat: Catalog
    effects: EffectsResult
    targets: list[tuple[str, str | None]] = field(default_factory=list)
    names: Names = field(default_factory=Names)
    _rendered: dict[tuple[str, str], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        plain = self.effects.names
        cards: dict[str, dict[str, str]] = {}
        for card_id, texts in plain.cards.items():
            page = card_page(card_id) if card_id in self.cat.cards else None
            cards[card_id] = self._wrap(texts, page, None)
        skills: dict[str, dict[str, str]] = {}
        for skill_id, texts in plain.skills.items():
            skills[skill_id] = self._wrap(texts, skill_home(self.cat, skill_id), skill_id)
        self.names = Names(cards, skills, plain.playable)

    def _wrap(self, texts: dict[str, str], page: str | None,
              anchor: str | None) -> dict[str, str]:
        if page is None:
            return dict(texts)
        self.targets.append((page, anchor))
        index = len(self.targets) - 1
        return {lang: _mark(text, index) for lang, text in texts.items()}

    def marked(self, compiled: Compiled, lang: str) -> str:
        """The rendered text with marked names (rendered once per effect and language:
        a general's page, the comparison of its versions and "Mentioned by" share it)."""
        key = (compiled.id, lang)
        if key not in self._rendered:
            self._rendered[key] = explain(compiled, self.names, lang)
        return self._rendered[key]

    def targets_in(self, compiled: Compiled) -> list[tuple[str, str | None]]:
        """The pages (and anchors) of the cards and skills an effect's text names."""
        found = _MARKED_ANY.findall(self.marked(compiled, "en"))
        return [self.targets[_decode(digits)] for digits in dict.fromkeys(found)]

    def text(self, compiled: Compiled, lang: str, from_page: str) -> str:
        """Escaped Markdown rules text with names linked (relative to ``from_page``)."""
        escaped = md(self.marked(compiled, lang), keep_markers=True)

        def link(m: re.Match[str]) -> str:
            page, anchor = self.targets[_decode(m.group(2))]
            label = m.group(1) + m.group(3) + m.group(4)
            return f"[{label}]({rel(from_page, page, anchor)})"

        def link_one(m: re.Match[str]) -> str:
            page, anchor = self.targets[_decode(m.group(1))]
            return f"[{m.group(2)}]({rel(from_page, page, anchor)})"

        linked = _MARKED_ONE.sub(link_one, _MARKED.sub(link, escaped))
        return re.sub("[\ue000-\ue0ff]", "", linked)

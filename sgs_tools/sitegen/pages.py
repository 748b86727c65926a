"""Catalog + compiled effects → every generated page as ``{docs path: Markdown}`` (with the
glossary tooltips each page needs), plus the search dictionary. Pure: nothing is written."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from sgs_tools.data.catalog import Catalog
from sgs_tools.dsl.effects import EffectsResult
from sgs_tools.sitegen import glossary
from sgs_tools.sitegen.balance import INDEX as BALANCE_INDEX
from sgs_tools.sitegen.balance import balance_pages
from sgs_tools.sitegen.cards import card_markdown
from sgs_tools.sitegen.context import SiteData
from sgs_tools.sitegen.decks import deck_markdown
from sgs_tools.sitegen.dslref import PAGE as DSL_PAGE
from sgs_tools.sitegen.dslref import dsl_reference_markdown
from sgs_tools.sitegen.generals import general_markdown
from sgs_tools.sitegen.home import home_markdown
from sgs_tools.sitegen.indexes import cards_index, generals_index, skills_index
from sgs_tools.sitegen.links import card_page, deck_page, general_page, mode_page
from sgs_tools.sitegen.modes import mode_markdown
from sgs_tools.sitegen.rules import PAGE as RULES_PAGE
from sgs_tools.sitegen.rules import rules_markdown

USER_WORD_FREQ = 100000


@dataclass
class Generated:
    pages: dict[str, str] = field(default_factory=dict)
    mode_pages: dict[str, str] = field(default_factory=dict)
    """Mode page path → short nav title (escaped HTML, as mkdocs takes it), in data order."""
    extra_nav: list[dict[str, str]] = field(default_factory=list)
    """Nav entries for pages that exist only with some input (the Balance page)."""
    user_dictionary: str = ""


def user_dictionary(cat: Catalog) -> str:
    """A jieba user dictionary: every Chinese name in the data with a frequency.

    A given frequency spares jieba computing one per word at load time (a second for a few
    hundred words); 100000 is high enough that a name is never split. Single characters
    are their own tokens anyway and are left out.
    """
    words: list[str] = []
    names = [g.name for g in cat.generals.values()] + [s.name for s in cat.skills.values()]
    names += [c.name for c in cat.cards.values()] + [m.name for m in cat.modes.values()]
    names += [d.name for d in cat.decks.values()]
    found = [n.zh for n in names] + [t.zh for t in glossary.TERMS]
    found += [tag[1] for tag in glossary.TAGS.values()]
    for word in found:
        word = word.strip()
        if len(word) > 1 and not any(ch.isspace() for ch in word) and word not in words:
            words.append(word)
    return "".join(f"{w} {USER_WORD_FREQ}\n" for w in words)


def generate(cat: Catalog, effects: EffectsResult,
             balance: list[tuple[str, dict[str, Any]]] | None = None) -> Generated:
    """Every page; ``balance``: (name, report) for the Balance pages, if any."""
    site = SiteData(cat, effects)
    out = Generated()
    pages = out.pages
    pages["index.md"] = home_markdown(site)
    pages[RULES_PAGE] = rules_markdown(site)
    pages[DSL_PAGE] = dsl_reference_markdown(site.registry)
    pages["generals/index.md"] = generals_index(site)
    pages["cards/index.md"] = cards_index(site)
    pages["skills/index.md"] = skills_index(site)
    for mode in cat.modes.values():
        pages[mode_page(mode.id)] = mode_markdown(site, mode)
        # A nav title is HTML to mkdocs and the theme (written raw into the nav, the header
        # and the search index): escaped here, or a mode's name is a stored XSS.
        out.mode_pages[mode_page(mode.id)] = html.escape(mode.name.en or mode.name.zh)
    for general in cat.generals.values():
        pages[general_page(general.id)] = general_markdown(site, general)
    for card in cat.cards.values():
        pages[card_page(card.id)] = card_markdown(site, card)
    for deck in cat.decks.values():
        pages[deck_page(deck.id)] = deck_markdown(site, deck)
    if balance:
        pages.update(balance_pages(site, balance))
        out.extra_nav.append({"Balance": BALANCE_INDEX})
    for path, text in pages.items():
        pages[path] = glossary.with_abbreviations(text)
    out.user_dictionary = user_dictionary(cat)
    return out

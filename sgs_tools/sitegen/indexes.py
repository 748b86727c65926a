"""The catalog → index pages: generals, cards and skills as filterable, sortable tables.

Each table sits in ``<div class="sgs-filter" data-filters="…" markdown>``; a small script
(``assets/filter.js``, inlined into the page, no library) adds a search box, one
drop-down per named column and sorting by any header.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from sgs_tools.data.model import Names
from sgs_tools.sitegen.cards import subtype_label, type_label
from sgs_tools.sitegen.context import GENDERS, SiteData
from sgs_tools.sitegen.glossary import TAGS
from sgs_tools.sitegen.links import card_page, general_page, lang_span, rel
from sgs_tools.sitegen.markup import md, table
from sgs_tools.sitegen.words import counted


@cache
def filter_script() -> str:
    text = resources.files("sgs_tools.sitegen").joinpath("assets/filter.js").read_text(
        encoding="utf-8")
    return "<script>\n" + text.strip() + "\n</script>\n"


def names_cells(names: Names) -> list[str]:
    """The Chinese and Korean name cells, each marked with its language."""
    return [lang_span(md(names.zh), "zh"), lang_span(md(names.ko or ""), "ko")]


WIDE = "---\nhide:\n  - navigation\n  - toc\n---\n\n"
"""Front matter: index tables get the whole page width."""


def filtered(filters: list[str], body: str) -> str:
    """The table in a filter box, left out of the search index (no walls of table text)."""
    return (f'<div class="sgs-filter" data-filters="{",".join(filters)}" '
            f'data-search-exclude markdown>\n\n{body}\n</div>\n')


def generals_index(site: SiteData) -> str:
    page = "generals/index.md"
    rows = []
    for g in sorted(site.cat.generals.values(), key=lambda g: (g.kingdom, g.set, g.id)):
        health = str(g.hp) if g.hp is not None else f"{(g.halves or 0) / 2:g}"
        own = site.skills_of(g)
        hidden = " ".join(md(n) for s in own for n in (s.name.zh, s.name.ko or "") if n)
        skills = ", ".join(md(s.name.en or s.name.zh) for s in own)
        if hidden:  # found by the filter box, not shown
            skills += f' <span class="sgs-hidden">{hidden}</span>'

        rows.append([f"[{md(site.general_name(g))}]({rel(page, general_page(g.id))})",
                     *names_cells(g.name),
                     site.kingdom_cell(g.kingdom),
                     ", ".join(site.set_name(s) for s in g.sets), health,
                     md(GENDERS.get(g.gender, (g.gender,))[0]), skills])
    body = table(["Name", "中文", "한국어", "Kingdom", "Set", "HP", "Gender", "Skills"], rows)
    return (WIDE + "# Generals\n\n"
            f"{len(rows)} generals. Filter by kingdom, set or HP, type any name (English, "
            "中文 or 한국어), or click a column header to sort. Hegemony generals count "
            "their halves as HP here (4 halves = 2).\n\n"
            + filtered(["Kingdom", "Set", "HP", "Gender"], body) + "\n" + filter_script())


def cards_index(site: SiteData) -> str:
    page = "cards/index.md"
    rows = []
    for c in site.cat.cards.values():
        copies = sum(cp.count for d in site.cat.decks.values() for cp in d.copies
                     if cp.card == c.id)
        decks = [d.id for d in site.cat.decks.values() if any(cp.card == c.id
                                                               for cp in d.copies)]
        rows.append([f"[{md(c.name.en or c.name.zh)}]({rel(page, card_page(c.id))})",
                     *names_cells(c.name),
                     type_label(c).split(" · ")[0],
                     subtype_label(c.subtype).split(" · ")[0] if c.subtype else "",
                     str(c.range) if c.range is not None else "", site.set_name(c.set),
                     ", ".join(site.deck_name(d) for d in decks), str(copies)])
    body = table(["Name", "中文", "한국어", "Type", "Subtype", "Range", "Set", "Decks",
                  "Copies"], rows)
    deck_list = "\n".join(f"- {md(d.name.en or d.name.zh)} ({md(d.name.zh)}): "
                          f"{counted(d.size, 'card')}"
                          for d in site.cat.decks.values())
    return (WIDE + "# Cards\n\n"
            f"{len(rows)} cards in {len(site.cat.decks)} decks. Filter by type, set or deck, "
            "or type a name.\n\n" + deck_list + "\n\n"
            + filtered(["Type", "Subtype", "Set", "Decks"], body) + "\n" + filter_script())


def skills_index(site: SiteData) -> str:
    page = "skills/index.md"
    rows = []
    for s in site.cat.skills.values():
        if s.owner not in site.cat.generals:
            continue
        users = site.users_of_skill.get(s.id, [s.owner])
        owner = site.cat.generals[s.owner]
        rows.append([f"[{md(s.name.en or s.name.zh)}]"
                     f"({rel(page, general_page(s.owner), s.id)})",
                     *names_cells(s.name),
                     site.set_name(owner.set),
                     ", ".join(md(TAGS.get(t, (t,))[0]) for t in s.tags),
                     ", ".join(site.general_link(g, page) for g in users),
                     "yes" if s.id in site.effects.compiled else "no"])
    body = table(["Skill", "中文", "한국어", "Set", "Tags", "Generals", "Has DSL"], rows)
    return (WIDE + "# Skills\n\n"
            f"{len(rows)} skills. Each links to its anchor on the general's page.\n\n"
            + filtered(["Set", "Tags", "Has DSL"], body) + "\n" + filter_script())

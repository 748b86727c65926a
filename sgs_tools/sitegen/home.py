"""The catalog → the home page: what the site holds and where to start."""

from __future__ import annotations

from sgs_tools.sitegen.context import SiteData
from sgs_tools.sitegen.links import mode_page
from sgs_tools.sitegen.markup import md, table

PAGE = "index.md"


def home_markdown(site: SiteData) -> str:
    cat = site.cat
    rows = []
    for mode in cat.modes.values():
        players = mode.raw.get("players") or {}
        count = len(cat.pool(mode))
        rows.append([f"[{md(mode.name.en or mode.name.zh)}]({mode_page(mode.id)})",
                     md(mode.name.zh), md(mode.name.ko or ""),
                     f"{md(players.get('min', '?'))}–{md(players.get('max', '?'))}",
                     str(count) if count else "—",
                     ", ".join(site.deck_name(d) for d in mode.decks) or "—"])
    with_text = sum(1 for s in cat.skills if s in site.effects.compiled)
    return "\n".join([
        "# Sanguosha rules reference\n",
        "A reference for Sanguosha (三国杀, *Legends of the Three Kingdoms*) and its "
        "relatives, generated from the game data of **sgs-tools**. Every skill's and card's "
        "rules text here is produced from the same effect DSL the tools compile, in English, "
        "中文 and 한국어, so it cannot drift from the data.\n",
        "## Modes {#home-modes}\n",
        table(["Mode", "中文", "한국어", "Players", "Generals", "Decks"], rows),
        "## Browse {#home-browse}\n",
        f"- [Generals](generals/index.md): {len(cat.generals)} generals, filterable by "
        "kingdom, set and HP.\n"
        f"- [Cards](cards/index.md): {len(cat.cards)} cards in {len(cat.decks)} decks.\n"
        f"- [Skills](skills/index.md): {len(cat.skills)} skills, {with_text} with effect "
        "text so far.\n"
        "- [Rules and glossary](rules.md): distance, attack range, judgement, dying and "
        "the other words the rules text uses.\n"
        "- [DSL reference](dsl/reference.md): every word designers can write effects with.\n",
        "## Searching {#home-search}\n",
        "The search box finds names in any of the three languages: type 曹操, Cao Cao or "
        "조조. Chinese text is split into words with a dictionary that knows every general, "
        "skill and card name in the data.\n",
    ])

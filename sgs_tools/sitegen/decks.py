"""A deck → its page: every copy by suit and rank (a 4 × 13 grid), copies without a suit,
and the count of each card; linked from the modes that play it."""

from __future__ import annotations

from sgs_tools.data.model import Deck
from sgs_tools.sitegen.context import SUITS, SiteData, rank_name, title_of
from sgs_tools.sitegen.links import deck_page, rel
from sgs_tools.sitegen.markup import md, table
from sgs_tools.sitegen.words import counted

SUIT_ORDER = ("spade", "heart", "club", "diamond")
RANKS = tuple(range(1, 14))


def _suit_cell(suit: str) -> str:
    symbol, colour = SUITS.get(suit, (suit, ""))
    return f'<span class="sgs-suit sgs-{colour}" title="{suit}">{symbol}</span>'


def grid(site: SiteData, deck: Deck, page: str) -> str:
    """Suits down, ranks A to K across; each cell lists the cards printed there (EX
    copies marked *)."""
    cells: dict[tuple[str, int], list[str]] = {}
    for copy in deck.copies:
        if copy.suit is None or copy.rank is None:
            continue
        label = site.card_link(copy.card, page) + ("\\*" if copy.ex else "")
        cells.setdefault((copy.suit, copy.rank), []).extend([label] * copy.count)
    suits = [s for s in SUIT_ORDER if any(k[0] == s for k in cells)]
    suits += sorted({k[0] for k in cells} - set(suits))
    rows = [[_suit_cell(suit), *["<br>".join(cells.get((suit, r), [])) for r in RANKS]]
            for suit in suits]
    return table(["Suit", *[rank_name(r) for r in RANKS]], rows)


def deck_markdown(site: SiteData, deck: Deck) -> str:
    page = deck_page(deck.id)
    modes = site.modes_of_deck.get(deck.id, [])
    parts = [f"# {md(title_of(deck.name))}\n",
             table(["Deck", md(deck.name.en or deck.name.zh)],
                   [["Cards", counted(deck.size, "card")],
                    ["Modes", ", ".join(site.mode_link(m, page) for m in modes) or "none"]])]
    placed = [c for c in deck.copies if c.suit is not None and c.rank is not None]
    if placed:
        ex = sum(c.count for c in placed if c.ex)
        total = counted(sum(c.count for c in placed), "card")
        parts += ["## By suit and rank {#deck-grid}\n",
                  f"Every copy with a suit and rank, {total}"
                  + (f"; EX copies (\\*, {ex}) are added only where a mode says so" if ex else "")
                  + ".\n",
                  f'<div class="sgs-scroll" markdown>\n\n{grid(site, deck, page)}\n</div>\n']
    loose: dict[str, int] = {}
    for copy in deck.copies:
        if copy.suit is None or copy.rank is None:
            loose[copy.card] = loose.get(copy.card, 0) + copy.count
    if loose:
        parts += ["## Without suit or rank {#deck-unranked}\n",
                  table(["Card", "Copies"],
                        [[site.card_link(card, page), str(n)] for card, n in loose.items()])]
    totals: dict[str, int] = {}
    for copy in deck.copies:
        totals[copy.card] = totals.get(copy.card, 0) + copy.count
    parts += ["## Copies of each card {#deck-cards}\n",
              table(["Card", "Copies"],
                    [[site.card_link(card, page), str(n)] for card, n in totals.items()])]
    parts.append(f"[All cards]({rel(page, 'cards/index.md')})\n")
    return "\n".join(parts)

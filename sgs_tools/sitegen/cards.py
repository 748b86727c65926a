"""A card → its page: type, range, rules text (en/zh/ko), every copy per deck, its modes."""

from __future__ import annotations

from typing import Any

from sgs_tools.data.model import Card
from sgs_tools.dsl.effects import explain
from sgs_tools.sitegen.cardface import Printed, card_face
from sgs_tools.sitegen.context import (
    CARD_TYPES,
    SUBTYPES,
    SUITS,
    SiteData,
    rank_name,
    title_of,
    trio,
)
from sgs_tools.sitegen.links import card_page, deck_page, rel
from sgs_tools.sitegen.markup import code, md, table
from sgs_tools.sitegen.rulestext import effect_block

SAMURAI_FIELDS = (("cost", "Cost"), ("attack", "Attack (red)"), ("defence", "Defence (blue)"),
                  ("honor", "Honor"), ("commands", "Extra commands"), ("crest", "Crest"),
                  ("unit", "Unit type"))


def type_label(card: Card) -> str:
    return trio(*CARD_TYPES.get(card.type, (card.type.replace("_", " "), None, None)))


def subtype_label(subtype: str) -> str:
    return trio(*SUBTYPES.get(subtype, (subtype.replace("_", " "), None, None)))


def suit_label(suit: str | None) -> str:
    if suit is None:
        return "—"
    symbol, colour = SUITS.get(suit, (suit, ""))
    return f'<span class="sgs-suit sgs-{colour}" title="{suit}">{symbol}</span> {md(suit)}'


def _value(raw: Any) -> str:
    if isinstance(raw, bool):
        return "yes" if raw else "no"
    if isinstance(raw, float) and raw.is_integer():
        return str(int(raw))
    return md(raw)


def facts(site: SiteData, card: Card, page: str) -> list[list[str]]:
    rows = [["Type", type_label(card)]]
    if card.subtype:
        rows.append(["Subtype", subtype_label(card.subtype)])
    if card.range is not None:
        rows.append(["Range", str(card.range)])
    if card.nature:
        rows.append(["Nature", md(card.nature)])
    rows.append(["Set", site.set_label(card.set)])
    for key, label in SAMURAI_FIELDS:
        if key in card.extra:
            rows.append([label, _value(card.extra[key])])
    if card.count != 1:
        rows.append(["Copies (count)", str(card.count)])
    modes = site.modes_of_card.get(card.id, [])
    rows.append(["Modes", ", ".join(site.mode_link(m, page) for m in modes) or "none"])
    return rows


def copies(site: SiteData, card: Card) -> str:
    """Every copy of the card per deck: one row per suit listing its ranks (EX marked)."""
    out = []
    for deck in site.cat.decks.values():
        mine = [c for c in deck.copies if c.card == card.id]
        if not mine:
            continue
        total = sum(c.count for c in mine)
        out.append(f"### {md(title_of(deck.name))} {{#deck-{deck.id}}}\n")
        out.append(f"{total} of the {deck.size} cards in [this deck]"
                   f"({rel(card_page(card.id), deck_page(deck.id))}).\n")
        suits: dict[str | None, list[str]] = {}
        for c in mine:
            if c.suit is None and c.rank is None:
                continue
            label = rank_name(c.rank) + (" (EX)" if c.ex else "")
            suits.setdefault(c.suit, []).extend([label] * c.count)
        if suits:
            rows = [[suit_label(suit), ", ".join(ranks), str(len(ranks))]
                    for suit, ranks in suits.items()]
            out.append(table(["Suit", "Ranks", "Copies"], rows))
    return "\n".join(out) if out else "This card is in no deck.\n"


def abilities(site: SiteData, card: Card, page: str) -> str:
    out = []
    for raw in card.extra.get("abilities") or []:
        if not isinstance(raw, dict) or "id" not in raw:
            continue
        name = raw.get("name") or {}
        label = " · ".join(md(name[k]) for k in ("en", "zh", "ko") if name.get(k)) or md(
            raw["id"])
        kind = f" ({md(raw['kind'])})" if raw.get("kind") else ""
        out.append(f"### {label}{kind} {{#{card.id}-{raw['id']}}}\n")
        out.append(effect_block(site, f"{card.id}.{raw['id']}", page, raw.get("effect")))
    bonus = card.extra.get("bonus")
    if isinstance(bonus, dict):
        kind = f" ({md(bonus['kind'])})" if bonus.get("kind") else ""
        out.append(f"### Bonus{kind} {{#{card.id}-bonus}}\n")
        out.append(effect_block(site, f"{card.id}.bonus", page, bonus.get("effect")))
    return "\n".join(out)


def printed_copies(site: SiteData, card: Card) -> list[Printed]:
    """The copies the face shows: those of the deck of the card's own set, else of the
    first deck holding it (the Copies section lists every deck)."""
    decks = [d for d in site.cat.decks.values() if any(c.card == card.id for c in d.copies)]
    decks.sort(key=lambda d: d.id != card.set)
    if not decks:
        return []
    return [Printed(c.suit, rank_name(c.rank), c.ex) for c in decks[0].copies
            if c.card == card.id and (c.suit is not None or c.rank is not None)
            for _ in range(c.count)]


def face_text(site: SiteData, card: Card) -> str:
    """The card's English rules text, plain (for the face): its effect, else its
    abilities' and bonus texts."""
    names = site.effects.names
    compiled = site.effects.compiled.get(card.id)
    if compiled is not None:
        return explain(compiled, names, "en")
    out = []
    for raw in card.extra.get("abilities") or []:
        if isinstance(raw, dict) and "id" in raw:
            ability = site.effects.compiled.get(f"{card.id}.{raw['id']}")
            label = (raw.get("name") or {}).get("en") or raw["id"]
            if ability is not None:
                out.append(f"{label}: {explain(ability, names, 'en')}")
    bonus = site.effects.compiled.get(f"{card.id}.bonus")
    if bonus is not None:
        out.append(f"Bonus: {explain(bonus, names, 'en')}")
    return " ".join(out)


def mentioned_by(site: SiteData, card: Card, page: str) -> str:
    """The skills and cards whose rules text names this card, linked."""
    items = []
    for effect_id in site.mentions.get(card.id, []):
        if effect_id in site.cat.skills:
            skill = site.cat.skills[effect_id]
            users = site.users_of_skill.get(effect_id) or [skill.owner]
            who = ", ".join(site.general_link(g, page) for g in users)
            items.append(f"- {site.skill_link(effect_id, page)}, skill of {who}")
        else:  # a card's effect ('slash') or a samurai ability ('card.ability')
            owner = effect_id.split(".", 1)[0]
            if owner in site.cat.cards and owner != card.id:
                items.append(f"- {site.card_link(owner, page)} (card)")
    return "\n".join(dict.fromkeys(items)) + "\n" if items else ""


def card_markdown(site: SiteData, card: Card) -> str:
    page = card_page(card.id)
    kind = CARD_TYPES.get(card.type, (card.type.replace("_", " "), None, None))
    svg = card_face(card, (kind[0], kind[1]), printed_copies(site, card), face_text(site, card))
    parts = [f"# {md(title_of(card.name))}\n",
             f'<div class="sgs-face-box" data-search-exclude>{svg}</div>\n',
             table(["Card", md(card.name.en or card.name.zh)],
                   [*facts(site, card, page), ["Id", code(card.id)]])]
    more = abilities(site, card, page)
    if card.effect or not more:
        parts += ["## Rules text {#card-text}\n",
                  effect_block(site, card.id, page, card.effect)]
    if more:
        parts += ["## Abilities {#card-abilities}\n", more]
    parts += ["## Copies {#card-copies}\n", copies(site, card)]
    mentions = mentioned_by(site, card, page)
    if mentions:
        parts += ["## Mentioned by {#card-mentioned-by}\n",
                  "Skills and cards whose rules text names this card:\n", mentions]
    return "\n".join(parts)

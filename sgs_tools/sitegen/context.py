"""Catalog + compiled effects → a SiteData: lookups every page shares (who plays what)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from sgs_tools.data.catalog import Catalog
from sgs_tools.data.model import General, Mode, Names, Skill
from sgs_tools.dsl.effects import EffectsResult
from sgs_tools.dsl.vocabulary import Registry, full_registry
from sgs_tools.engine.library import Library
from sgs_tools.sitegen.face import KingdomStyle, kingdom_style
from sgs_tools.sitegen.links import Linker, card_page, general_page, mode_page, rel
from sgs_tools.sitegen.markup import html, md

SUITS = {"spade": ("♠", "black"), "heart": ("♥", "red"), "club": ("♣", "black"),
         "diamond": ("♦", "red")}
CARD_TYPES = {
    "basic": ("basic", "基本牌", "기본 카드"),
    "trick": ("trick", "锦囊牌", "책략 카드"),
    "delayed_trick": ("delayed trick", "延时锦囊", "지연 책략"),
    "equipment": ("equipment", "装备牌", "장비 카드"),
    "samurai": ("samurai", "武士", "무사"),
    "heirloom": ("heirloom", "家宝", "가보"),
    "army": ("army", "部队", "부대"),
    "castle": ("castle", "城", "성"),
    "shogun": ("shogun", "将军", "쇼군"),
}
SUBTYPES = {
    "weapon": ("weapon", "武器", "무기"),
    "armour": ("armour", "防具", "방어구"),
    "plus_horse": ("+1 horse", "+1坐骑", "+1 말"),
    "minus_horse": ("−1 horse", "−1坐骑", "−1 말"),
    "treasure": ("treasure", "宝物", "보물"),
}
GENDERS = {"male": ("male", "男", "남성"), "female": ("female", "女", "여성")}
SETS = {
    "standard": ("Standard", "标准版", "표준판"),
    "wind": ("Wind", "风", "풍"),
    "korean": ("Korean edition", "三国杀韩国版", "삼국살"),
    "guozhan": ("Hegemony (Guozhan)", "国战", "국전"),
    "samurai": ("Samurai variant", "武士荣誉变体", "사무라이 변형"),
}
"""Display names of the bundled sets (an expansion's come from its expansion.yaml)."""
SHORT_SETS = {"standard": "Standard", "wind": "Wind", "korean": "Korean",
              "guozhan": "Hegemony", "samurai": "Samurai"}
"""Short English set names: the version label of a general that has several versions."""


def trio(en: str, zh: str | None, ko: str | None) -> str:
    """'English · 中文 · 한국어' as escaped Markdown, skipping missing parts."""
    return " · ".join(md(p) for p in (en, zh, ko) if p)


def names_trio(names: Names) -> str:
    return trio(names.en or names.zh, names.zh if names.en else None, names.ko)


def title_of(names: Names) -> str:
    """Plain page title: 'Cao Cao · 曹操 · 조조' (unescaped; the caller escapes)."""
    return " · ".join(p for p in (names.en, names.zh, names.ko) if p)


def rank_name(rank: int | None) -> str:
    if rank is None:
        return ""
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


@dataclass
class SiteData:
    """What the page builders read: the catalog, compiled effects, and derived lookups."""

    cat: Catalog
    effects: EffectsResult
    registry: Registry = field(default_factory=full_registry)

    @cached_property
    def linker(self) -> Linker:
        return Linker(self.cat, self.effects)

    @cached_property
    def library(self) -> Library:
        """The engine's view of this data: which effects it can run (the gap counts)."""
        lib = Library(self.cat, self.effects)
        lib.index()
        return lib

    def engine_support(self, mode: Mode) -> tuple[bool, list[str], dict[str, list[str]]]:
        """Whether the reference engine plays a mode, its skills and cards, and those the
        engine cannot run (the Library's gaps, as ``sgs build`` counts them)."""
        from sgs_tools.engine.modes import played_modes

        sources, gaps = self.library.mode_gaps(mode)
        return mode.id in played_modes(self.cat.modes), sources, gaps

    @cached_property
    def modes_of_deck(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for mode in self.cat.modes.values():
            for deck in mode.decks:
                out.setdefault(deck, []).append(mode.id)
        return out

    @cached_property
    def modes_of_card(self) -> dict[str, list[str]]:
        """Card id → the modes whose decks hold it, or whose expansion adds it to the mode,
        in the modes' order."""
        out: dict[str, list[str]] = {}
        for mode in self.cat.modes.values():
            added = {e.id for e in self.cat.expansions.values() if mode.id in e.modes}
            held = {copy.card for deck_id in self.cat.decks_of(mode)
                    if deck_id in self.cat.decks for copy in self.cat.decks[deck_id].copies}
            held |= {c.id for c in self.cat.cards.values() if c.set in added}
            for card_id in sorted(held):
                modes = out.setdefault(card_id, [])
                if mode.id not in modes:
                    modes.append(mode.id)
        return out

    @cached_property
    def modes_of_general(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for mode in self.cat.modes.values():
            for general in self.cat.pool(mode):
                out.setdefault(general.id, []).append(mode.id)
        return out

    @cached_property
    def users_of_skill(self) -> dict[str, list[str]]:
        """Skill id → every general with the skill, each once, in load order."""
        out: dict[str, list[str]] = {}
        for general in self.cat.generals.values():
            for entry in general.skills:
                users = out.setdefault(entry.id, [])
                if general.id not in users:
                    users.append(general.id)
        return out

    @cached_property
    def versions(self) -> dict[str, list[str]]:
        """General id → every general sharing its Chinese and English names (itself
        included, in load order), for the generals that have more than one version."""
        groups: dict[tuple[str, str], list[str]] = {}
        for g in self.cat.generals.values():
            groups.setdefault((g.name.zh, g.name.en or ""), []).append(g.id)
        return {gid: ids for ids in groups.values() if len(ids) > 1 for gid in ids}

    def version_label(self, general: General) -> str | None:
        """'Hegemony' for a general with other versions (its set's short name, plus its
        edition when another version has the same set), else None. Plain text."""
        ids = self.versions.get(general.id)
        if not ids:
            return None
        label = SHORT_SETS.get(general.set) or self.set_names(general.set)[0]
        same_set = [g for g in ids if self.cat.generals[g].set == general.set]
        if len(same_set) > 1:
            label += f", {general.edition or general.id}"
        return label

    def general_title(self, general: General) -> str:
        """The plain page title: 'Cao Cao · 曹操 · 조조 (Hegemony)' (the caller escapes)."""
        label = self.version_label(general)
        return title_of(general.name) + (f" ({label})" if label else "")

    def general_name(self, general: General) -> str:
        """The English name with its version label, plain: 'Cao Cao (Hegemony)'."""
        label = self.version_label(general)
        return (general.name.en or general.name.zh) + (f" ({label})" if label else "")

    @cached_property
    def mentions(self) -> dict[str, list[str]]:
        """Card id → the effects (skill ids, card ids, 'card.ability') whose rules text
        names the card, in load order: read from the link markers of the rendered text."""
        out: dict[str, list[str]] = {}
        for effect_id, compiled in self.effects.compiled.items():
            for page, _anchor in self.linker.targets_in(compiled):
                if page.startswith("cards/"):
                    card_id = page.removeprefix("cards/").removesuffix(".md")
                    users = out.setdefault(card_id, [])
                    if effect_id not in users:
                        users.append(effect_id)
        return out

    def mode_sets(self, mode: Mode) -> list[str]:
        """The sets a mode's general pool takes: its own, then expansions naming it."""
        sets = list(mode.general_sets)
        sets += [e.id for e in self.cat.expansions.values()
                 if mode.id in e.modes and e.id not in sets]
        return sets

    def set_names(self, set_id: str) -> tuple[str, str | None, str | None]:
        """A set's (English, Chinese, Korean) display names (unescaped): an expansion's
        from its data, a bundled set's from SETS, else a mode of the same id, else the id."""
        expansion = self.cat.expansions.get(set_id)
        if expansion is not None:
            name = expansion.name
            return (name.en or name.zh, name.zh if name.en else None, name.ko)
        if set_id in SETS:
            return SETS[set_id]
        mode = self.cat.modes.get(set_id)
        if mode is not None:
            return (mode.name.en or mode.name.zh, mode.name.zh if mode.name.en else None,
                    mode.name.ko)
        return (set_id, None, None)

    def set_label(self, set_id: str) -> str:
        """'Standard · 标准版 · 표준판' as escaped Markdown, '(expansion)' for an expansion."""
        label = trio(*self.set_names(set_id))
        return label + (" (expansion)" if set_id in self.cat.expansions else "")

    def set_name(self, set_id: str) -> str:
        """A set's name in the page language (English), escaped."""
        return md(self.set_names(set_id)[0])

    def deck_name(self, deck_id: str) -> str:
        """A deck's name in the page language (English), escaped; the id if unknown."""
        deck = self.cat.decks.get(deck_id)
        return md(deck.name.en or deck.name.zh) if deck else md(deck_id)

    def kingdom(self, kingdom: str) -> tuple[str, str | None, str | None]:
        """A kingdom's names (English, Chinese, Korean): an expansion's own from its
        expansion.yaml, the base game's from the vocabulary."""
        declared = self.cat.kingdom_names(kingdom)
        if declared is not None:
            return (declared.en or declared.zh, declared.zh if declared.en else None,
                    declared.ko)
        term = self.registry.enums.get("kingdom", {}).get(kingdom)
        if term is not None:
            return (term.text.get("en", kingdom), term.text.get("zh"), term.text.get("ko"))
        for mode in self.cat.modes.values():
            names = ((mode.raw.get("factions") or {}).get("names") or {}).get(kingdom)
            if isinstance(names, dict):
                return (names.get("en", kingdom), names.get("zh"), names.get("ko"))
        return (kingdom, None, None)

    def kingdom_style(self, kingdom: str) -> KingdomStyle:
        """The colours and glyph a kingdom is drawn in (faces, table swatches)."""
        declared = self.cat.kingdoms.get(kingdom)
        if declared is None:
            return kingdom_style(kingdom)
        return kingdom_style(kingdom, declared.colour, declared.name.zh)

    def kingdom_cell(self, kingdom: str) -> str:
        """A kingdom in a table: its English name after a swatch of its colour (the
        swatch is drawn by CSS, so the cell's text, which the filters read, is the name)."""
        dark = self.kingdom_style(kingdom)[0]
        return (f'<span class="sgs-kingdom" style="--sgs-kingdom: {html(dark)}">'
                f"{md(self.kingdom(kingdom)[0])}</span>")

    def skills_of(self, general: General) -> list[Skill]:
        return self.cat.skills_of(general)

    # -- links ------------------------------------------------------------------------
    def card_link(self, card_id: str, from_page: str) -> str:
        card = self.cat.cards.get(card_id)
        if card is None:
            return md(card_id)
        return f"[{md(card.name.en or card.name.zh)}]({rel(from_page, card_page(card_id))})"

    def general_link(self, general_id: str, from_page: str) -> str:
        general = self.cat.generals.get(general_id)
        if general is None:
            return md(general_id)
        return f"[{md(self.general_name(general))}]({rel(from_page, general_page(general_id))})"

    def general_skill_link(self, general_id: str, skill_id: str, from_page: str) -> str:
        """A general's name linked to a skill's anchor on that general's page."""
        general = self.cat.generals.get(general_id)
        if general is None:
            return md(general_id)
        return (f"[{md(self.general_name(general))}]"
                f"({rel(from_page, general_page(general_id), skill_id)})")

    def skill_link(self, skill_id: str, from_page: str) -> str:
        skill = self.cat.skills.get(skill_id)
        if skill is None or skill.owner not in self.cat.generals:
            return md(skill_id)
        return (f"[{md(skill.name.en or skill.name.zh)}]"
                f"({rel(from_page, general_page(skill.owner), skill_id)})")

    def mode_link(self, mode_id: str, from_page: str) -> str:
        mode = self.cat.modes.get(mode_id)
        if mode is None:
            return md(mode_id)
        return f"[{md(mode.name.en or mode.name.zh)}]({rel(from_page, mode_page(mode_id))})"

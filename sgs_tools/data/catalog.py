"""Schema-valid documents → a Catalog of the whole game, plus every cross-file problem.

The catalog is where data meets mechanics: ids are unique, references resolve, and each
mode's decks and general pool agree with its rules (kingdoms, lords, yin-yang health,
component counts).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from sgs_tools.data import model
from sgs_tools.data.loader import Document
from sgs_tools.data.model import (
    Card,
    Deck,
    Expansion,
    General,
    Kingdom,
    Mode,
    Origin,
    Skill,
    SkillRef,
)
from sgs_tools.data.schemas import schema, suggest
from sgs_tools.errors import Location, Problem


def place(loc: Location) -> str:
    """Where a thing is defined, as a message says it: a bundled file as "the base game
    (generals/standard/caocao.yaml:13:9)", not as the absolute path of an installed package;
    any other file as its location. (The problem's related location keeps the real path,
    for editors.)"""
    from sgs_tools import paths

    try:
        rel = Path(loc.path).resolve().relative_to(paths.bundled_root().resolve())
    except (ValueError, OSError):
        return str(loc)
    return f"the base game ({Location(rel.as_posix(), loc.line, loc.col)})"

T = TypeVar("T", Card, Deck, General, Skill, Mode, Expansion, Kingdom)


def base_kingdoms() -> tuple[str, ...]:
    """The base game's kingdoms, as the general schema lists them (from the vocabulary)."""
    return tuple(schema("general")["properties"]["kingdom"]["enum"])


@dataclass
class Catalog:
    """Everything loaded, by id, in load order."""

    cards: dict[str, Card] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    generals: dict[str, General] = field(default_factory=dict)
    skills: dict[str, Skill] = field(default_factory=dict)
    modes: dict[str, Mode] = field(default_factory=dict)
    expansions: dict[str, Expansion] = field(default_factory=dict)
    kingdoms: dict[str, Kingdom] = field(default_factory=dict)
    """The kingdoms expansions declare (the base game's are :func:`base_kingdoms`)."""
    problems: list[Problem] = field(default_factory=list)
    broken_ids: set[str] = field(default_factory=set)
    """Ids declared by files that failed their schema: already reported there, so a
    reference to one of them is not reported again as unknown."""
    broken_cards: set[str] = field(default_factory=set)
    """The card ids among ``broken_ids``: effect text naming them is not wrong."""
    broken: bool = False
    """Some card, deck or general file failed its schema: counts over them are skipped."""
    broken_kingdoms: set[str] = field(default_factory=set)
    """Kingdoms declared by an expansion.yaml that failed its schema (already reported):
    a general of one of them is not reported again."""
    broken_sets: set[str] = field(default_factory=set)
    """Ids of expansions whose expansion.yaml failed its schema: still sets in play."""
    _folders: dict[str, Path] = field(default_factory=dict, repr=False, compare=False)
    """Folders resolved so far (:meth:`_resolved`)."""
    _required: dict[tuple[int, tuple[str, ...]], list[Expansion]] = field(
        default_factory=dict, repr=False, compare=False)
    """:meth:`required` so far, by expansion and the expansions loaded then."""

    def pool(self, mode: Mode, *, expansions: bool = True) -> list[General]:
        """The generals a mode plays with: by set, plus expansions that name the mode.

        An expansion's generals go to the modes whose health they fit (identity's whole
        HP, Guozhan's halves), whether a mode takes their set or the expansion joins the
        mode: one expansion can hold both. A general fitting none of the modes it could
        join stays in all of them, so validation says why.
        With ``expansions=False``, only the mode's own box: what its component counts count.
        """
        sets = set(mode.general_sets)
        joined = {e.id for e in self.expansions.values()
                  if mode.id in e.modes} if expansions else set()
        out = []
        for g in self.generals.values():
            if not (sets.intersection(g.sets) or joined.intersection(g.sets)):
                continue
            if (_fits(g, mode) or not any(s in self.expansions for s in g.sets)
                    or not any(_fits(g, m) for m in self._could_join(g))):
                out.append(g)
        return out

    def _could_join(self, general: General) -> list[Mode]:
        """The modes that take one of the general's sets, or that its expansion joins."""
        return [m for m in self.modes.values()
                if set(m.general_sets).intersection(general.sets) or any(
                    m.id in self.expansions[s].modes for s in general.sets
                    if s in self.expansions)]

    def decks_of(self, mode: Mode) -> list[str]:
        """The decks a mode plays with: its own, then those of the expansions that name
        the mode (a deck file inside an expansion's folder belongs to that expansion)."""
        out = list(mode.decks)
        folders = [Path(e.origin.file).resolve().parent for e in self.expansions.values()
                   if mode.id in e.modes]
        for deck in self.decks.values():
            if deck.id in out or not folders:
                continue
            where = self._resolved(deck.origin.file)
            if any(where.is_relative_to(folder) for folder in folders):
                out.append(deck.id)
        return out

    def expansion_of(self, thing: Card | Deck | General | Mode) -> Expansion | None:
        """The expansion whose folder holds the file ``thing`` comes from (the innermost,
        if one expansion sits inside another), or None for the base game and loose files."""
        where = self._resolved(thing.origin.file)
        best: tuple[int, Expansion] | None = None
        for exp in self.expansions.values():
            folder = self._resolved(exp.origin.file).parent
            if where.is_relative_to(folder) and (best is None or
                                                 len(folder.parts) > best[0]):
                best = (len(folder.parts), exp)
        return best[1] if best else None

    def _resolved(self, file: str) -> Path:
        """``Path(file).resolve()``, resolving each folder once (a file that is no link
        resolves to its resolved folder and its name): one ``lstat`` a file instead of one
        per folder of its path, for tens of thousands of generals."""
        if os.path.islink(file):
            return Path(file).resolve()
        folder, name = os.path.split(file)
        real = self._folders.get(folder)
        if real is None:
            real = self._folders[folder] = Path(folder or ".").resolve()
        return real / name

    def all_kingdoms(self) -> list[str]:
        """Every kingdom: the base game's, then those expansions declare."""
        return [*base_kingdoms(), *(k for k in self.kingdoms if k not in base_kingdoms())]

    def kingdoms_for(self, general: General) -> list[str]:
        """The kingdoms a general may belong to: the base game's, its expansion's and
        those of the expansions it requires (``requires:``, transitively)."""
        exp = self.expansion_of(general)
        own = [k.id for e in self.required(exp) for k in e.kingdoms] if exp is not None else []
        return list(dict.fromkeys([*base_kingdoms(), *own]))

    def required(self, exp: Expansion) -> list[Expansion]:
        """``exp`` and the expansions it requires, theirs in turn, each once (worked out
        once per expansion while no other expansion is added: every general asks)."""
        key = (id(exp), tuple(self.expansions))
        known = self._required.get(key)
        if known is not None and known[0] is exp:
            return list(known)
        by_folder = {self._resolved(e.origin.file).parent: e for e in self.expansions.values()}
        out = [exp]
        for current in out:
            here = self._resolved(current.origin.file).parent
            for entry in current.requires:
                found = by_folder.get((here / entry).resolve())
                if found is not None and found not in out:
                    out.append(found)
        self._required[key] = out
        return list(out)

    def mode_kingdoms(self, mode: Mode) -> list[str]:
        """The kingdoms a mode plays: its own list, plus those declared by the expansions
        that join it (empty: the mode names none, so any)."""
        if not mode.kingdoms:
            return []
        extra = [k.id for e in self.expansions.values() if mode.id in e.modes
                 for k in e.kingdoms if k.id in self.kingdoms]
        return list(dict.fromkeys([*mode.kingdoms, *extra]))

    def kingdom_names(self, kingdom: str) -> model.Names | None:
        """A declared kingdom's names (the base game's are in the vocabulary)."""
        declared = self.kingdoms.get(kingdom)
        return declared.name if declared is not None else None

    def skills_of(self, general: General) -> list[Skill]:
        out = []
        for entry in general.skills:
            skill = self.skills.get(entry.id) if isinstance(entry, SkillRef) else entry
            if skill is not None:
                out.append(skill)
        return out

    def known_sets(self) -> set[str]:
        found = {s for g in self.generals.values() for s in g.sets}
        return found | set(self.expansions)

    # -- building ----------------------------------------------------------------------

    def unknown(self, origin: Origin, sub: tuple[str | int, ...], what: str, ref: str,
                known: Iterable[str]) -> None:
        """Report a reference to an id nobody defines (unless a broken file defines it)."""
        if ref not in self.broken_ids:
            self.problems.append(_unknown(origin, sub, what, ref, known))

    def note_unreadable(self, text: str) -> None:
        """A file that could not even be parsed: its kind is unknown, so every ``id:`` it
        seems to declare is taken as broken (cards included)."""
        self.broken = True
        ids = set(re.findall(r"^[ \t-]*id:[ \t]*['\"]?([A-Za-z_][A-Za-z0-9_]*)", text,
                             re.MULTILINE))
        self.broken_ids.update(ids)
        self.broken_cards.update(ids)

    def note_broken(self, data: object, kind: str, doc: Document | None = None) -> None:
        """A file of ``kind`` that failed its schema: remember the ids it meant to define
        (and, given its ``doc``, report what else can be found in it)."""
        if kind in ("cards", "deck", "general"):
            self.broken = True
        if not isinstance(data, dict):
            return
        if kind == "expansion":
            if isinstance(data.get("id"), str):
                self.broken_sets.add(data["id"])
            self.broken_kingdoms.update(_declared_ids(data))
            if doc is not None:
                self.problems.extend(_declaration_problems(doc))
        items = [data]
        for key in ("cards", "skills"):
            more = data.get(key)
            if isinstance(more, list):
                items.extend(x for x in more if isinstance(x, dict))
        ids = {x["id"] for x in items if isinstance(x.get("id"), str)}
        self.broken_ids.update(ids)
        if kind == "cards":
            self.broken_cards.update(ids)

    def _add(self, table: dict[str, T], item: T, what: str) -> None:
        first = table.get(item.id)
        if first is None:
            table[item.id] = item
            return
        self.problems.append(Problem(
            item.origin.where("id"), "duplicate-id",
            f"{what} id {item.id!r} is already defined in {place(first.origin.where('id'))}",
            "ids must be unique; rename one of them", related=(first.origin.where("id"),)))

    def add(self, doc: Document, kind: str) -> None:
        """Add one schema-valid document of the given kind."""
        if kind == "cards":
            for card in model.cards_of(doc):
                self._add(self.cards, card, "card")
        elif kind == "deck":
            self._add(self.decks, model.deck_of(doc), "deck")
        elif kind == "general":
            general = model.general_of(doc)
            self._add(self.generals, general, "general")
            for entry in general.skills:
                if isinstance(entry, Skill):
                    self._add(self.skills, entry, "skill")
            for granted in general.granted:
                self._add(self.skills, granted, "skill")
        elif kind == "mode":
            self._add(self.modes, model.mode_of(doc), "mode")
        elif kind == "expansion":
            expansion = model.expansion_of(doc)
            self._add(self.expansions, expansion, "expansion")
            seen: set[str] = set()
            for kingdom in expansion.kingdoms:
                # a clash or a repeat within the file: _declaration_problems says so
                if kingdom.id not in base_kingdoms() and kingdom.id not in seen:
                    self._add(self.kingdoms, kingdom, "kingdom")
                seen.add(kingdom.id)


def _fits(general: General, mode: Mode) -> bool:
    """Whether a general's health is counted the way the mode counts it."""
    return (general.halves is not None) if mode.yin_yang else (general.hp is not None)


def _unknown(origin: Origin, sub: tuple[str | int, ...], what: str, ref: str,
             known: Iterable[str]) -> Problem:
    return Problem(origin.where(*sub), "unknown-ref", f"unknown {what} {ref!r}",
                   suggest(ref, set(known)))


def _check_decks(cat: Catalog) -> None:
    for deck in cat.decks.values():
        for copy in deck.copies:
            card = cat.cards.get(copy.card)
            if card is None:
                cat.unknown(copy.origin, ("card",), "card", copy.card,
                            cat.cards)
                continue
            if card.type in model.SANGUOSHA_TYPES and copy.suit is None:
                cat.problems.append(Problem(
                    copy.origin.where(), "missing-suit",
                    f"copy of {card.id!r} has no suit and rank",
                    "every copy of a Sanguosha card needs 'suit' and 'rank'"))


def _check_generals(cat: Catalog) -> None:
    for skill in cat.skills.values():
        if skill.id in cat.cards:
            cat.problems.append(Problem(
                skill.origin.where("id"), "duplicate-id",
                f"skill id {skill.id!r} is also a card id",
                "skills and cards share one namespace for effects; rename the skill"))
    for general in cat.generals.values():
        origin = general.origin
        if general.hp is None and general.halves is None:
            cat.problems.append(Problem(origin.where(), "missing-health",
                                        f"general {general.id!r} has neither 'hp' nor 'halves'",
                                        "add 'hp:' (whole points) or 'halves:' (Guozhan)"))
        elif general.hp is not None and general.halves is not None:
            cat.problems.append(Problem(origin.where("halves", key=True), "health-both",
                                        "a general has 'hp' or 'halves', not both",
                                        "Guozhan generals use 'halves'; others use 'hp'"))
        for i, companion in enumerate(general.companions):
            if companion not in cat.generals:
                cat.unknown(origin, ("companions", i), "companion general",
                            companion, cat.generals)
            elif companion == general.id:
                cat.problems.append(Problem(origin.where("companions", i), "self-companion",
                                            "a general cannot be its own companion"))
        seen: set[str] = set()
        for entry in general.skills:
            if entry.id in seen:
                cat.problems.append(Problem(entry.origin.where(), "duplicate-skill",
                                            f"skill {entry.id!r} is listed twice"))
            seen.add(entry.id)
            if isinstance(entry, SkillRef) and entry.id not in cat.skills:
                cat.unknown(entry.origin, (), "skill", entry.id, cat.skills)
        allowed = cat.kingdoms_for(general)
        if general.kingdom not in allowed and general.kingdom not in cat.broken_kingdoms:
            cat.problems.append(_unknown_kingdom(cat, general, allowed))
        if general.lord is True and not any(
                "lord" in s.tags for s in cat.skills_of(general)):
            cat.problems.append(Problem(origin.where("lord"), "lord-without-skill",
                                        f"{general.id!r} is marked lord but has no lord skill"))


def _unknown_kingdom(cat: Catalog, general: General, allowed: list[str]) -> Problem:
    declared = cat.kingdoms.get(general.kingdom)
    if declared is not None:
        hint = (f"kingdom {general.kingdom!r} is declared by expansion "
                f"{declared.expansion!r}, not by this general's: add that expansion's "
                "folder to this one's 'requires:' in its expansion.yaml")
    else:
        # Kingdom ids are short: one wrong letter of three ('jim') is still a likely typo.
        hint = suggest(general.kingdom, [*allowed, *sorted(cat.broken_kingdoms)],
                       cutoff=0.6) or (
            f"kingdoms: {', '.join(allowed)}; an expansion declares kingdoms of its own "
            "under 'kingdoms:' in its expansion.yaml")
    return Problem(general.origin.where("kingdom"), "unknown-kingdom",
                   f"unknown kingdom {general.kingdom!r}", hint)


def _int_at(raw: object) -> int | None:
    return raw if isinstance(raw, int) and not isinstance(raw, bool) else None


def _check_mode(cat: Catalog, mode: Mode) -> None:
    origin = mode.origin
    raw = mode.raw
    for i, deck_id in enumerate(mode.decks):
        if deck_id not in cat.decks:
            cat.unknown(origin, ("decks", i), "deck", deck_id, cat.decks)
    components = raw.get("components") or {}
    want_cards = _int_at(components.get("game_cards"))
    decks = [cat.decks[d] for d in mode.decks if d in cat.decks]
    if want_cards is not None and len(decks) == len(mode.decks) and not cat.broken:
        have = sum(d.size for d in decks)
        if have != want_cards:
            cat.problems.append(Problem(
                origin.where("components", "game_cards"), "deck-count",
                f"mode {mode.id!r} has {want_cards} game cards but its decks "
                f"({', '.join(mode.decks)}) hold {have}",
                "fix the deck list or the component count",
                related=tuple(d.origin.where("cards", key=True) for d in decks)))
    known_sets = cat.known_sets()
    for i, set_id in enumerate(mode.general_sets):
        if set_id not in known_sets:
            cat.unknown(origin, ("generals", "sets", i), "general set",
                        set_id, known_sets)
    pool = cat.pool(mode)
    box = cat.pool(mode, expansions=False)
    want_generals = _int_at(components.get("generals"))
    if (want_generals is not None and mode.general_sets and len(box) != want_generals
            and not cat.broken):
        cat.problems.append(Problem(
            origin.where("components", "generals"), "general-count",
            f"mode {mode.id!r} has {want_generals} generals but its pool "
            f"({', '.join(mode.general_sets)}) holds {len(box)}"))
    _check_roles(cat, mode)
    _check_careerist(cat, mode)
    _check_components(cat, mode, box)
    pool_ids = {g.id for g in pool}
    played = cat.mode_kingdoms(mode)
    for general in pool:
        g_origin = general.origin
        if (played and general.kingdom not in played
                and general.kingdom in cat.kingdoms_for(general)):
            declared = cat.kingdoms.get(general.kingdom)
            hint = (f"add {mode.id!r} to the 'modes:' of expansion {declared.expansion!r}, "
                    "which declares it" if declared is not None else
                    f"{mode.id} allows: {', '.join(played)}")
            cat.problems.append(Problem(
                g_origin.where("kingdom"), "kingdom-not-allowed",
                f"kingdom {general.kingdom!r} is not played in mode {mode.id!r}", hint))
        if mode.yin_yang and general.halves is None:
            cat.problems.append(Problem(
                g_origin.where("hp", key=True), "health-kind",
                f"mode {mode.id!r} counts health in yin-yang halves but {general.id!r} "
                "gives whole 'hp'", "write 'halves:' (half points) instead"))
        if not mode.yin_yang and general.hp is None and general.halves is not None:
            cat.problems.append(Problem(
                g_origin.where("halves", key=True), "health-kind",
                f"mode {mode.id!r} counts whole health but {general.id!r} gives 'halves'",
                "write 'hp:' instead"))
        for i, companion in enumerate(general.companions):
            if companion in cat.generals and companion not in pool_ids:
                cat.problems.append(Problem(
                    g_origin.where("companions", i), "companion-outside-pool",
                    f"companion {companion!r} is not in mode {mode.id!r}'s general pool"))
        if not mode.has_lord:
            for skill in cat.skills_of(general):
                if "lord" in skill.tags:
                    tags_at = skill.origin.where("tags", skill.tags.index("lord"))
                    cat.problems.append(Problem(
                        tags_at, "lord-skill-without-lord",
                        f"lord skill {skill.id!r} in mode {mode.id!r}, which has no lord",
                        "lord skills belong to modes with a lord role"))


def _check_roles(cat: Catalog, mode: Mode) -> None:
    """Role tables: every player count covered, each row adding up, only declared roles."""
    roles = mode.raw.get("roles") or {}
    ids = set(roles.get("ids") or [])
    players = mode.raw.get("players") or {}
    low, high = _int_at(players.get("min")), _int_at(players.get("max"))
    if low is not None and high is not None and low > high:
        cat.problems.append(Problem(
            mode.origin.where("players", "min"), "players-range",
            f"mode {mode.id!r} plays from {low} to {high} players: no count is both",
            f"'min' is the fewest players, at most 'max' ({high})"))
        low = high = None  # every row would be "outside" an empty range
    for table_key in ("table", "alternative_table"):
        table = roles.get(table_key) or {}
        for count, row in table.items():
            where = ("roles", table_key, count)
            if not isinstance(row, dict):
                continue
            for role in row:
                if role not in ids:
                    cat.unknown(mode.origin, (*where, role), "role", role, ids)
            lords = row.get("lord")
            if mode.has_lord and isinstance(lords, int) and lords != 1:
                cat.problems.append(Problem(
                    mode.origin.where(*where, "lord"), "role-count",
                    f"the {count}-player row deals {lords} lords",
                    "a table has one lord: the seat that plays first and whom the "
                    "others win or lose by"))
            total = sum(v for v in row.values() if isinstance(v, int))
            if count.isdigit() and total != int(count):
                cat.problems.append(Problem(
                    mode.origin.where(*where), "role-count",
                    f"the {count}-player row deals {total} role cards",
                    f"a {count}-player row must deal exactly {count}"))
        if table_key == "table" and table and low is not None and high is not None:
            span = range(low, min(high, low + 100) + 1)
            missing = [n for n in span if str(n) not in table]
            if missing:
                shown = ", ".join(map(str, missing[:10])) + (" …" if len(missing) > 10 else "")
                cat.problems.append(Problem(
                    mode.origin.where("roles", "table", key=True), "role-table-gap",
                    f"no role row for {shown} players",
                    f"mode {mode.id!r} allows {low}-{high} players"))
    sides = (mode.raw.get("victory") or {}).get("sides") or []
    for i, side in enumerate(sides):
        for j, role in enumerate(side.get("roles") or [] if isinstance(side, dict) else []):
            if ids and role not in ids:
                cat.unknown(mode.origin, ("victory", "sides", i, "roles", j),
                            "role", role, ids)
    for i, reward in enumerate(mode.raw.get("rewards") or []):
        for who in ("killer", "victim"):
            role = reward.get(who) if isinstance(reward, dict) else None
            if ids and isinstance(role, str) and role != "any" and role not in ids:
                cat.unknown(mode.origin, ("rewards", i, who), "role", role,
                            ids | {"any"})


CAREERIST_THRESHOLDS = {"more_than_half": lambda n: n // 2 + 1}
"""How a stated careerist threshold turns a player count into the reveal that makes a
careerist: ``more_than_half`` — the reveal that takes one kingdom past half the players."""


def _check_careerist(cat: Catalog, mode: Mode) -> None:
    """A careerist table agrees with its stated threshold and covers every player count."""
    rule = mode.raw.get("careerist")
    if not isinstance(rule, dict) or not isinstance(rule.get("table"), dict):
        return
    if not mode.raw.get("factions"):  # (a mode on its own is held to this by its schema)
        cat.problems.append(Problem(
            mode.origin.where("careerist", key=True), "careerist-without-factions",
            f"mode {mode.id!r} has careerists but no factions, nor does its base",
            "add a 'factions:' section, or base the mode on one that has it"))
    table = rule["table"]
    threshold = CAREERIST_THRESHOLDS.get(str(rule.get("threshold")))
    players = mode.raw.get("players") or {}
    low, high = _int_at(players.get("min")), _int_at(players.get("max"))
    for count, reveal in table.items():
        n = int(count) if str(count).isdigit() else None
        if n is None or not isinstance(reveal, int):
            continue
        if threshold is not None and reveal != threshold(n):
            cat.problems.append(Problem(
                mode.origin.where("careerist", "table", count), "careerist-table",
                f"at {n} players the table makes the reveal number {reveal} a careerist, "
                f"but the threshold {rule.get('threshold')} gives {threshold(n)}",
                f"write {threshold(n)}, or change the stated threshold"))
    if low is not None and high is not None:
        missing = [n for n in range(low, min(high, low + 100) + 1)
                   if n not in table and str(n) not in table]
        if missing:
            cat.problems.append(Problem(
                mode.origin.where("careerist", "table", key=True), "careerist-table",
                f"the careerist table has no row for {', '.join(map(str, missing[:10]))} "
                "players", f"mode {mode.id!r} allows {low}-{high} players"))


def _check_components(cat: Catalog, mode: Mode, pool: list[General]) -> None:
    """Per-kingdom and per-type component counts agree with the pool and the decks."""
    components = mode.raw.get("components") or {}
    by_kingdom = components.get("generals_by_kingdom")
    # Counts over files that failed their schema would only mislead: skipped then.
    if isinstance(by_kingdom, dict) and mode.general_sets and not cat.broken:
        for kingdom, want in by_kingdom.items():
            have = sum(1 for g in pool if g.kingdom == kingdom)
            if isinstance(want, int) and have != want:
                cat.problems.append(Problem(
                    mode.origin.where("components", "generals_by_kingdom", kingdom),
                    "general-count",
                    f"mode {mode.id!r} has {want} {kingdom} generals but its pool holds {have}"))
    by_type = components.get("card_types")
    decks = [cat.decks[d] for d in mode.decks if d in cat.decks]
    if isinstance(by_type, dict) and decks and not cat.broken:
        have_types: dict[str, int] = {}
        for deck in decks:
            for copy in deck.copies:
                card = cat.cards.get(copy.card)
                if card is not None:
                    kind = "trick" if card.type == "delayed_trick" else card.type
                    have_types[kind] = have_types.get(kind, 0) + copy.count
        for kind, want in by_type.items():
            have = have_types.get(kind, 0)
            if isinstance(want, int) and have != want:
                cat.problems.append(Problem(
                    mode.origin.where("components", "card_types", kind), "deck-count",
                    f"mode {mode.id!r} has {want} {kind} cards but its decks hold {have}",
                    related=tuple(d.origin.where("cards", key=True) for d in decks)))
    selection = mode.raw.get("selection") or {}
    pool_ids = {g.id for g in pool}
    for who, rule in selection.items():
        fixed = rule.get("fixed") if isinstance(rule, dict) else None
        for i, general_id in enumerate(fixed or []):
            if general_id not in pool_ids:
                cat.unknown(mode.origin, ("selection", who, "fixed", i),
                            "general (not in the pool)", general_id,
                            pool_ids)


def _check_expansions(cat: Catalog) -> None:
    for exp in cat.expansions.values():
        for i, mode_id in enumerate(exp.modes):
            if mode_id not in cat.modes:
                cat.unknown(exp.origin, ("modes", i), "mode", mode_id,
                            cat.modes)
        cat.problems.extend(_declaration_problems(exp.origin.doc))
        here = Path(exp.origin.file).resolve().parent
        for i, entry in enumerate(exp.requires):
            if not (here / entry / "expansion.yaml").is_file():
                cat.problems.append(Problem(
                    exp.origin.where("requires", i), "unknown-expansion",
                    f"no expansion in {entry!r} (no expansion.yaml in {here / entry})",
                    "give the folder of the expansion this one builds on, relative to "
                    "this expansion's folder"))


def _declared_ids(data: dict[str, object]) -> list[str]:
    """The ids of the kingdoms an expansion.yaml's data declares, as far as it reads."""
    raw = data.get("kingdoms")
    return [k["id"] for k in (raw if isinstance(raw, list) else [])
            if isinstance(k, dict) and isinstance(k.get("id"), str)]


def _declaration_problems(doc: Document) -> list[Problem]:
    """A kingdom declared again (a base kingdom's id, or twice in one expansion.yaml):
    found in the file's data, so also when the file failed its schema."""
    data = doc.data if isinstance(doc.data, dict) else {}
    out: list[Problem] = []
    seen: set[str] = set()
    for i, ident in enumerate(_declared_ids(data)):
        where = doc.where(("kingdoms", i, "id"))
        if ident in base_kingdoms():
            out.append(Problem(
                where, "kingdom-clash",
                f"{ident!r} is a base kingdom; an expansion declares new ones only",
                f"remove this entry (generals may belong to {ident!r} already) or give "
                "the new kingdom an id of its own"))
        elif ident in seen:
            out.append(Problem(where, "duplicate-id", f"kingdom {ident!r} is declared twice",
                               "remove one of the two entries"))
        seen.add(ident)
    return out


def _warn_names(cat: Catalog) -> None:
    """A name missing in English or Korean shows in another language on the site and in
    rules text: said once per thing (a warning; ``--strict`` makes it an error)."""
    things: list[tuple[str, Card | General | Skill | Kingdom]] = [
        *(("kingdom", k) for k in cat.kingdoms.values()),
        *(("general", g) for g in cat.generals.values()),
        *(("skill", s) for s in cat.skills.values()),
        *(("card", c) for c in cat.cards.values())]
    for what, thing in things:
        missing = [lang for lang in ("en", "ko") if not getattr(thing.name, lang)]
        if missing:
            shown = " and ".join({"en": "English", "ko": "Korean"}[m] for m in missing)
            cat.problems.append(Problem(
                thing.origin.where("name", key=True), "missing-name",
                f"{what} {thing.id!r} has no {shown} name; "
                f"{'the Chinese' if 'en' in missing else 'the English'} name is shown instead",
                f"add {', '.join(f'{m}:' for m in missing)} to its name", severity="warning"))


def _warn_generals(cat: Catalog) -> None:
    """A general whose set no mode plays and no expansion declares is in no pool (most
    likely a misspelt set); a general file named other than its id is hard to find."""
    played = ({s for m in cat.modes.values() for s in m.general_sets} | set(cat.expansions)
              | cat.broken_sets)
    for general in cat.generals.values():
        if played and not played.intersection(general.sets):
            set_id = general.sets[0] if general.sets else ""
            hint = suggest(set_id, played) or (
                f"sets played: {', '.join(sorted(played))}; or declare the set as an "
                "expansion's id")
            cat.problems.append(Problem(
                general.origin.where("set"), "unplayed-set",
                f"no mode plays set {set_id!r}: general {general.id!r} is in no pool",
                hint, severity="warning"))
        stem = Path(general.origin.file).stem
        if stem != general.id and general.origin.file != "<string>":
            cat.problems.append(Problem(
                general.origin.where("id"), "file-name",
                f"the file is named {stem!r} but the general's id is {general.id!r}",
                f"rename the file to {general.id}.yaml", severity="warning"))


NOT_INHERITED = frozenset({"kind", "id", "name", "based_on", "components", "notes"})
"""Top-level sections of a mode that its ``based_on`` base never gives it: what names it,
and its box's contents (``components``: a mode with other sets has other counts)."""
ALTERNATIVES = (frozenset({"roles", "factions"}),)
"""Sections of which a mode has one: giving one, it inherits none of the others."""


def inherit_modes(cat: Catalog) -> None:
    """Each mode ``based_on`` another takes the top-level sections it does not give from
    its base (along the chain): "the base's rules apply where this one is silent". An
    unknown base or a cycle is reported at ``based_on``; such a mode keeps its own data."""
    done: dict[str, Mode] = {}

    def resolve(mode: Mode, trail: tuple[str, ...]) -> Mode:
        if mode.id in done:
            return done[mode.id]
        base_id = mode.raw.get("based_on")
        result = mode
        if isinstance(base_id, str) and base_id:
            base = cat.modes.get(base_id)
            if base is None:
                cat.unknown(mode.origin, ("based_on",), "mode", base_id, cat.modes)
            elif base_id in trail or base_id == mode.id:
                cat.problems.append(Problem(
                    mode.origin.where("based_on"), "mode-cycle",
                    f"mode {mode.id!r} is based on itself through "
                    f"{' → '.join((*trail, mode.id, base_id))}",
                    "one mode of the chain must stand on its own (no based_on)"))
            else:
                parent = resolve(base, (*trail, mode.id))
                own = set(mode.raw)
                skip = set(NOT_INHERITED) | {k for group in ALTERNATIVES if own & group
                                             for k in group}
                taken = [k for k in parent.raw if k not in own and k not in skip]
                raw = {**{k: parent.raw[k] for k in taken}, **mode.raw}
                result = Mode(mode.id, mode.name, raw, mode.origin, tuple(taken))
        done[mode.id] = result
        return result

    for ident in list(cat.modes):
        cat.modes[ident] = resolve(cat.modes[ident], ())


def cross_check(cat: Catalog) -> list[Problem]:
    """Run every cross-file check; return the catalog's problems (building ones included)."""
    inherit_modes(cat)
    _check_decks(cat)
    _check_generals(cat)
    _warn_generals(cat)
    _warn_names(cat)
    for mode in cat.modes.values():
        _check_mode(cat, mode)
    _check_expansions(cat)
    return cat.problems

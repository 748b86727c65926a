"""Schema-valid data → frozen dataclasses: the cards, decks, generals, skills and modes."""

from __future__ import annotations

from dataclasses import dataclass, field
from sys import intern
from typing import Any

from sgs_tools.data.loader import Document, JsonPath
from sgs_tools.errors import Location

RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
SANGUOSHA_TYPES = frozenset({"basic", "trick", "delayed_trick", "equipment"})


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a piece of data came from: its document and the path inside it."""

    doc: Document = field(compare=False, repr=False)
    path: JsonPath = ()

    def where(self, *sub: str | int, key: bool = False) -> Location:
        return self.doc.where((*self.path, *sub), key=key)

    @property
    def file(self) -> str:
        return self.doc.path


@dataclass(frozen=True, slots=True)
class Names:
    zh: str
    en: str | None = None
    ko: str | None = None

    @classmethod
    def of(cls, raw: dict[str, str]) -> Names:
        return cls(raw["zh"], raw.get("en"), raw.get("ko"))

    def get(self, lang: str) -> str:
        return getattr(self, lang, None) or self.en or self.zh

    def as_dict(self) -> dict[str, str]:
        """The names that are given, by language."""
        return {lang: text for lang, text in (("zh", self.zh), ("en", self.en),
                                              ("ko", self.ko)) if text}


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: Names
    type: str
    set: str
    subtype: str | None
    range: int | None
    nature: str | None
    effect: str | None
    count: int
    extra: dict[str, Any] = field(compare=False, repr=False)
    origin: Origin = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Copy:
    """One physical copy (or, with ``count``, several) of a card in a deck."""

    card: str
    suit: str | None
    rank: int | None
    ex: bool
    count: int
    origin: Origin = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    name: Names
    copies: tuple[Copy, ...]
    origin: Origin = field(compare=False, repr=False)

    @property
    def size(self) -> int:
        return sum(c.count for c in self.copies)


@dataclass(frozen=True, slots=True)
class Skill:
    id: str
    name: Names
    tags: tuple[str, ...]
    effect: str | None
    owner: str
    origin: Origin = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class SkillRef:
    """A skill named by id in a general's list, defined by another general."""

    id: str
    origin: Origin = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Token:
    """A named pile of cards or kind of marker on a general card (钟会's 权): its id is a
    word of the general's effects."""

    id: str
    name: Names
    kind: str  # "pile" or "mark"


@dataclass(frozen=True, slots=True)
class General:
    id: str
    name: Names
    set: str
    also_in: tuple[str, ...]
    edition: str | None
    kingdom: str
    gender: str
    hp: int | None
    halves: int | None
    companions: tuple[str, ...]
    skills: tuple[Skill | SkillRef, ...]
    lord: bool | None
    origin: Origin = field(compare=False, repr=False)
    granted: tuple[Skill, ...] = ()
    """Skills the general does not start with, granted by one of its skills (排异)."""
    tokens: tuple[Token, ...] = ()
    """Its named piles and markers (``piles:``, ``marks:``)."""

    @property
    def sets(self) -> tuple[str, ...]:
        return (self.set, *self.also_in)


@dataclass(frozen=True, slots=True)
class Mode:
    id: str
    name: Names
    raw: dict[str, Any] = field(compare=False, repr=False)
    origin: Origin = field(compare=False, repr=False)
    inherited: tuple[str, ...] = ()
    """The top-level sections ``raw`` took from the ``based_on`` chain (the mode's file
    is silent on them)."""

    @property
    def decks(self) -> list[str]:
        return list(self.raw.get("decks", []))

    @property
    def general_sets(self) -> list[str]:
        pool = self.raw.get("generals") or {}
        return list(pool.get("sets", []))

    @property
    def kingdoms(self) -> list[str]:
        return list(self.raw.get("kingdoms", []))

    @property
    def has_lord(self) -> bool:
        roles = self.raw.get("roles") or {}
        return "lord" in (roles.get("ids") or [])

    @property
    def yin_yang(self) -> bool:
        return bool((self.raw.get("health") or {}).get("yin_yang"))


@dataclass(frozen=True, slots=True)
class Kingdom:
    """A kingdom (势力) an expansion declares beside the base game's: its names and the
    colour its generals' faces and table rows are drawn in."""

    id: str
    name: Names
    colour: str
    expansion: str
    origin: Origin = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Expansion:
    id: str
    name: Names
    modes: tuple[str, ...]
    origin: Origin = field(compare=False, repr=False)
    kingdoms: tuple[Kingdom, ...] = ()
    requires: tuple[str, ...] = ()
    """Folders of the expansions this one builds on, as written (relative to its own)."""


def rank_number(raw: int | str | None) -> int | None:
    if raw is None:
        return None
    return raw if isinstance(raw, int) else RANKS[raw]


def cards_of(doc: Document) -> list[Card]:
    data = doc.data
    out = []
    for i, raw in enumerate(data["cards"]):
        extra = {k: v for k, v in raw.items()
                 if k not in ("id", "name", "type", "subtype", "range", "nature", "effect",
                              "count")}
        out.append(Card(raw["id"], Names.of(raw["name"]), raw["type"], data["set"],
                        raw.get("subtype"), raw.get("range"), raw.get("nature"),
                        raw.get("effect"), raw.get("count", 1), extra,
                        Origin(doc, ("cards", i))))
    return out


def deck_of(doc: Document) -> Deck:
    data = doc.data
    copies = tuple(
        Copy(raw["card"], raw.get("suit"), rank_number(raw.get("rank")), bool(raw.get("ex")),
             raw.get("count", 1), Origin(doc, ("cards", i)))
        for i, raw in enumerate(data["cards"]))
    return Deck(data["id"], Names.of(data["name"]), copies, Origin(doc))


_SHARED: dict[Any, Any] = {}
"""Paths inside a file (``("skills", 0)``) and tag lists, kept once for all the generals
that repeat them (tens of thousands, when validating that many files)."""


def _once(value: Any) -> Any:
    if len(_SHARED) >= 4096:
        return value
    return _SHARED.setdefault(value, value)


def _tags(raw: dict[str, Any]) -> tuple[str, ...]:
    tags: tuple[str, ...] = _once(tuple(map(intern, raw.get("tags", []))))
    return tags


def general_of(doc: Document) -> General:
    data = doc.data
    skills: list[Skill | SkillRef] = []
    for i, raw in enumerate(data["skills"]):
        origin = Origin(doc, _once(("skills", i)))
        if isinstance(raw, str):
            skills.append(SkillRef(raw, origin))
        else:
            skills.append(Skill(raw["id"], Names.of(raw["name"]), _tags(raw),
                                raw.get("effect"), data["id"], origin))
    granted = tuple(
        Skill(raw["id"], Names.of(raw["name"]), _tags(raw),
              raw.get("effect"), data["id"], Origin(doc, _once(("granted_skills", i))))
        for i, raw in enumerate(data.get("granted_skills") or []))
    tokens = tuple(Token(raw["id"], Names.of(raw["name"]), kind)
                   for key, kind in (("piles", "pile"), ("marks", "mark"))
                   for raw in data.get(key) or [])
    # words every general repeats are kept once (tens of thousands of generals)
    return General(
        data["id"], Names.of(data["name"]), intern(data["set"]),
        tuple(map(intern, data.get("also_in", []))), _intern(data.get("edition")),
        intern(data["kingdom"]), intern(data["gender"]), data.get("hp"),
        data.get("halves"), tuple(data.get("companions", [])), tuple(skills),
        data.get("lord"), Origin(doc), granted, tokens)


def _intern(word: str | None) -> str | None:
    return None if word is None else intern(word)


def mode_of(doc: Document) -> Mode:
    return Mode(doc.data["id"], Names.of(doc.data["name"]), doc.data, Origin(doc))


def expansion_of(doc: Document) -> Expansion:
    data = doc.data
    kingdoms = tuple(
        Kingdom(raw["id"], Names.of(raw["name"]), raw["colour"], data["id"],
                Origin(doc, ("kingdoms", i)))
        for i, raw in enumerate(data.get("kingdoms", [])))
    return Expansion(data["id"], Names.of(data["name"]), tuple(data.get("modes", [])),
                     Origin(doc), kingdoms, tuple(data.get("requires", [])))

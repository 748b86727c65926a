"""Catalog → every skill and card effect parsed, checked and compiled; problems at YAML lines.

This is where the data and the DSL meet: each effect's mode vocabulary is chosen from the
modes that play it, and each problem in effect text is moved from its line and column
within the text to its line and column in the YAML file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from sgs_tools.data.catalog import Catalog
from sgs_tools.data.model import Origin
from sgs_tools.dsl import ast as A
from sgs_tools.dsl.check import Analysis, Context, check
from sgs_tools.dsl.compile import IR_VERSION, compile_effect
from sgs_tools.dsl.parse import EffectSyntaxError, parse
from sgs_tools.dsl.render import Names, render
from sgs_tools.dsl.vocabulary import Registry, registry
from sgs_tools.errors import Location, Problem


@dataclass
class Compiled:
    """One effect: where it came from, its AST, analysis and hooks."""

    id: str
    kind: str
    owner: str
    text: str
    effect: A.Effect
    analysis: Analysis
    registry: Registry
    hooks: list[dict[str, Any]]
    tags: tuple[str, ...] = ()


@dataclass
class EffectsResult:
    compiled: dict[str, Compiled] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    names: Names = field(default_factory=Names)


def text_location(origin: Origin, key: str, line: int, col: int) -> Location:
    """Map a 1-based line/column inside an effect scalar to the YAML file."""
    doc = origin.doc
    where = doc.where((*origin.path, key))
    raw = doc.line_text(where.line)
    start = raw[where.col - 1:] if where.col > 0 else ""
    block = re.match(r"(?:[&!]\S*\s+)*([|>])([1-9])?[+-]?([1-9])?", start)
    if block:
        indicator = block.group(2) or block.group(3)
        indent: int | None = None
        if indicator:
            # An explicit indentation indicator counts from the enclosing mapping's indent.
            key_at = doc.where((*origin.path, key), key=True)
            key_line = doc.line_text(key_at.line)
            indent = key_at.col - 1 if key_line.strip() else 0
            indent += int(indicator)
        else:
            for text in doc.lines[where.line:]:  # content starts on the next line
                if text.strip():
                    indent = len(text) - len(text.lstrip(" "))
                    break
        return Location(doc.path, where.line + line, (indent or 0) + col)
    offset = 1 if start[:1] in ("'", '"') else 0
    quote = start[:1]
    if offset and quote in start[1:]:
        # A one-line quoted scalar: escapes shift columns, so point at what we can map.
        if line == 1 and "\\" not in start:
            return Location(doc.path, where.line, where.col + offset + col - 1)
        return Location(doc.path, where.line, where.col + offset)
    if line == 1:
        return Location(doc.path, where.line, where.col + offset + col - 1)
    return Location(doc.path, where.line + line - 1, col)


class _ModeIndex:
    """Which modes play each set and each deck, computed once per catalog."""

    def __init__(self, cat: Catalog) -> None:
        self.by_set: dict[str, set[str]] = {}
        self.by_deck: dict[str, set[str]] = {}
        for mode in cat.modes.values():
            sets = set(mode.general_sets) | {e.id for e in cat.expansions.values()
                                             if mode.id in e.modes}
            for s in sets:
                self.by_set.setdefault(s, set()).add(mode.id)
            for d in mode.decks:
                self.by_deck.setdefault(d, set()).add(mode.id)

    def modes(self, sets: set[str], decks: set[str]) -> frozenset[str]:
        out: set[str] = set()
        for s in sets:
            out |= self.by_set.get(s, set())
        for d in decks:
            out |= self.by_deck.get(d, set())
        return frozenset(out)


def names_of(cat: Catalog) -> Names:
    def n(names: Any) -> dict[str, str]:
        return {k: v for k, v in (("zh", names.zh), ("en", names.en), ("ko", names.ko)) if v}
    return Names({cid: n(c.name) for cid, c in cat.cards.items()},
                 {sid: n(s.name) for sid, s in cat.skills.items()})


def _one(cat: Catalog, out: EffectsResult, ident: str, kind: str, owner: str, text: str,
         origin: Origin, key: str, modes: frozenset[str], tags: tuple[str, ...]) -> None:
    reg = registry(modes)
    try:
        effect = parse(text)
    except EffectSyntaxError as exc:
        p = exc.problem
        hint = f"expected {', '.join(p.expected[:8])}" if p.expected else None
        out.problems.append(Problem(text_location(origin, key, p.line, p.col),
                                    "dsl-syntax", p.message, hint))
        return
    ctx = Context(reg, frozenset(cat.cards), frozenset(cat.skills), tags, kind)
    try:
        analysis = check(effect, ctx)
    except RecursionError:
        out.problems.append(Problem(text_location(origin, key, 1, 1), "dsl-syntax",
                                    "the effect nests too deeply",
                                    "split it into simpler clauses"))
        return
    for issue in analysis.issues:
        out.problems.append(Problem(text_location(origin, key, max(issue.line, 1),
                                                  max(issue.col, 1)),
                                    issue.code, issue.message, issue.hint))
    hooks = compile_effect(ident, effect, analysis, reg, tags) if not analysis.issues else []
    out.compiled[ident] = Compiled(ident, kind, owner, text, effect, analysis, reg, hooks,
                                   tags)


def compile_catalog(cat: Catalog) -> EffectsResult:
    """Parse, check and compile every effect text in the catalog."""
    out = EffectsResult(names=names_of(cat))
    index = _ModeIndex(cat)
    sets_of_skill: dict[str, set[str]] = {}
    for g in cat.generals.values():
        for entry in g.skills:
            sets_of_skill.setdefault(entry.id, set()).update(g.sets)
    decks_of_card: dict[str, set[str]] = {}
    for deck in cat.decks.values():
        for copy in deck.copies:
            decks_of_card.setdefault(copy.card, set()).add(deck.id)
    for skill in cat.skills.values():
        if not skill.effect:
            continue
        _one(cat, out, skill.id, "skill", skill.owner, skill.effect, skill.origin, "effect",
             index.modes(sets_of_skill.get(skill.id, set()), set()), skill.tags)
    for card in cat.cards.values():
        card_modes = index.modes({card.set}, decks_of_card.get(card.id, set()))
        if card.effect:
            _one(cat, out, card.id, "card", card.set, card.effect, card.origin, "effect",
                 card_modes, ())
        for i, ability in enumerate(card.extra.get("abilities") or []):
            effect = ability.get("effect") if isinstance(ability, dict) else None
            if effect:
                origin = Origin(card.origin.doc, (*card.origin.path, "abilities", i))
                _one(cat, out, f"{card.id}.{ability['id']}", "ability", card.id, effect,
                     origin, "effect", card_modes, ())
        bonus = card.extra.get("bonus")
        if isinstance(bonus, dict) and bonus.get("effect"):
            origin = Origin(card.origin.doc, (*card.origin.path, "bonus"))
            _one(cat, out, f"{card.id}.bonus", "heirloom", card.id, bonus["effect"], origin,
                 "effect", card_modes, ())
    return out


def hook_table(result: EffectsResult) -> dict[str, Any]:
    """The JSON document `sgs compile` writes."""
    return {
        "version": IR_VERSION,
        "effects": len(result.compiled),
        "hooks": [h for c in result.compiled.values() for h in c.hooks],
    }


def explain(compiled: Compiled, names: Names, lang: str) -> str:
    return render(compiled.effect, compiled.analysis, compiled.registry, lang, names)



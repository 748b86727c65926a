"""Catalog → every skill and card effect parsed, checked and compiled; problems at YAML lines.

This is where the data and the DSL meet: each effect's mode vocabulary is chosen from the
modes that play it, and each problem in effect text is moved from its line and column
within the text to its line and column in the YAML file.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sgs_tools.data.catalog import Catalog
from sgs_tools.data.model import Origin
from sgs_tools.dsl import ast as A
from sgs_tools.dsl.check import Analysis, Context, check
from sgs_tools.dsl.compile import IR_VERSION, compile_effect
from sgs_tools.dsl.names import Names
from sgs_tools.dsl.parse import EffectSyntaxError, SyntaxProblem, parse
from sgs_tools.dsl.vocabulary import KingdomWord, Registry, registry
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
    """(The renderer is imported only where names are made: `sgs validate` renders
    nothing.)"""
    taken: dict[str, frozenset[str]] = field(default_factory=dict)
    """Skills checked ahead and taken as they were (so not in ``compiled``: a report run),
    each with the skills it grants."""


_ESCAPE_LENGTH = {"x": 3, "u": 5, "U": 9}
_PREFIX = re.compile(r"(?:[&!]\S*\s+)*")  # an anchor or tag before the scalar


def scalar_positions(lines: list[str], line: int, col: int, value: str
                     ) -> list[tuple[int, int]] | None:
    """Where each character of a scalar's ``value`` sits in the file (1-based), or None.

    ``line``/``col`` is where the scalar's node starts. The characters of the value are
    matched, in order, against the source: folding and indentation only remove whitespace,
    quotes are doubled (``''``) and double-quoted escapes (``\\n``, ``\\u00e9`` …) stand
    for one character, so a greedy walk finds each character's own line and column in
    block, plain and quoted scalars alike. Returns None if the walk gets lost.
    """
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    c = col - 1
    c += _PREFIX.match(text, c).end() - c  # type: ignore[union-attr]
    head = text[c:c + 1]
    quote = head if head in ("'", '"') else ""
    if head in ("|", ">"):
        row, c = line + 1, 0  # block content starts on the next line
    else:
        row, c = line, c + (1 if quote else 0)
    out: list[tuple[int, int]] = []

    def next_line(row: int) -> tuple[int, int]:
        # A block's indentation may hold content spaces; a flow scalar's leading
        # whitespace on a continuation line never does.
        if head in ("|", ">") or row >= len(lines):
            return row + 1, 0
        following = lines[row]
        return row + 1, len(following) - len(following.lstrip(" \t"))

    for ch in value:
        while True:
            if row > len(lines):
                return None
            src = lines[row - 1]
            if c >= len(src):
                # A line break: in a literal block it is the value's newline; elsewhere
                # folding turns it into a space (or a newline, for a blank line).
                # YAML keeps a raw LINE or PARAGRAPH SEPARATOR as it is, but the file's
                # lines (sgs_tools.lines) end there all the same.
                if ch in "\n\u2028\u2029" or (ch == " " and head != "|"):
                    out.append((row, c + 1))
                    row, c = next_line(row)
                    break
                row, c = next_line(row)
                continue
            got = src[c]
            if got == ch and not (quote == "'" and ch == "'") and not (
                    quote == '"' and ch == "\\"):
                out.append((row, c + 1))
                c += 1
                break
            if quote == "'" and got == "'" and src[c + 1:c + 2] == "'" and ch == "'":
                out.append((row, c + 1))
                c += 2
                break
            if quote == '"' and got == "\\":
                nxt = src[c + 1:c + 2]
                if nxt == "":  # an escaped line break: joins the lines, adds nothing
                    row, c = next_line(row)
                    continue
                out.append((row, c + 1))
                c += 1 + _ESCAPE_LENGTH.get(nxt, 1)
                break
            if got in " \t":
                c += 1
                continue
            return None
    out.append((row, c + 1))  # just past the end, for "unexpected end of text"
    return out


def _value_at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def text_location(origin: Origin, key: str, line: int, col: int) -> Location:
    """Map a 1-based line/column inside an effect scalar to the YAML file."""
    doc = origin.doc
    where = doc.where((*origin.path, key))
    value = _value_at(doc.data, (*origin.path, key))
    if isinstance(value, str):
        positions = scalar_positions(doc.lines, where.line, where.col, value)
        if positions is not None:
            rows = value.split("\n")
            line = min(max(line, 1), len(rows))
            index = sum(len(r) + 1 for r in rows[:line - 1]) + min(max(col, 1) - 1,
                                                                   len(rows[line - 1]))
            row, column = positions[min(index, len(positions) - 1)]
            return Location(doc.path, row, column)
    return Location(doc.path, where.line, where.col)


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
                 {sid: n(s.name) for sid, s in cat.skills.items()},
                 tokens={t.id: n(t.name) for g in cat.generals.values() for t in g.tokens})


@dataclass
class _Known:
    """What every effect of a catalog may name, built once (not once per effect)."""

    cards: Collection[str]
    skills: Collection[str]
    parsed: Mapping[str, A.Effect | SyntaxProblem]
    card_kinds: Mapping[str, tuple[str, str | None]] = field(default_factory=dict)
    kingdoms: tuple[KingdomWord, ...] = ()
    """The kingdoms the catalog's expansions declare: words of every effect."""


def kingdom_words(cat: Catalog) -> tuple[KingdomWord, ...]:
    """The catalog's declared kingdoms as the registry takes them (names in zh/en/ko,
    each falling back as names do)."""
    return tuple((k.id, k.name.zh, k.name.get("en"), k.name.get("ko"))
                 for k in cat.kingdoms.values())


class _Looked(Collection[str]):
    """Names an effect may use, noting each name the checker asked for (found or not), and
    whether it read the whole list (for a hint): what a check made before the catalog was
    whole, or by an earlier run, depended on."""

    def __init__(self, names: Collection[str]) -> None:
        self.names = names
        self.found: set[str] = set()
        self.missed: set[str] = set()
        self.whole = False

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return name in self.names
        if name in self.names:
            self.found.add(name)
            return True
        self.missed.add(name)
        return False

    def __iter__(self) -> Iterator[str]:
        self.whole = True
        return iter(self.names)

    def __len__(self) -> int:
        self.whole = True
        return len(self.names)


def world_digest(card_kinds: Mapping[str, tuple[str, str | None]],
                 kingdoms: tuple[KingdomWord, ...]) -> bytes:
    """A digest of what checking any effect consults of the whole catalog besides the
    names it asks for: every card's (type, subtype) (a card filter no card matches) and
    the kingdoms the expansions declare (words of every effect)."""
    text = repr((sorted(card_kinds.items()), kingdoms))
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


def card_kinds_of(cat: Catalog) -> dict[str, tuple[str, str | None]]:
    """Each card's (type, subtype), as the checker takes them."""
    return {cid: (c.type, c.subtype) for cid, c in cat.cards.items()}


class Outcome(NamedTuple):
    """One effect checked and compiled ahead of its catalog (in a worker process, or by an
    earlier run), with what its result depended on that only the whole catalog knows: the
    modes it was checked for, the card and skill names it asked for (as cards, as skills)
    and whether each was known, whether it read a whole list of names, its general's
    piles and marks, and the digest of the card kinds and declared kingdoms it was
    checked with (:func:`world_digest`); and the skills its hooks grant (``gain_skill``,
    for the catalog's granted-skill check). :func:`compile_catalog` takes it instead of
    checking the effect again only if it has no error and all of that still holds. It
    holds no text: it is only ever taken for the skill of the very file (and file content)
    it was made from. (A named tuple: tens of thousands of them are pickled by the workers
    and into the cache.)"""

    problems: tuple[Problem, ...]
    modes: frozenset[str]
    cards: tuple[frozenset[str], frozenset[str]]
    """The card names asked for: (known then, unknown then)."""
    skills: tuple[frozenset[str], frozenset[str]]
    """The skill names asked for: (known then, unknown then)."""
    whole: bool
    tokens: tuple[tuple[str, str], ...]
    """The general's piles and marks it was checked with: (id, kind), sorted."""
    world: bytes
    grants: frozenset[str]


def check_ahead(ident: str, kind: str, owner: str, text: str, origin: Origin,
                modes: frozenset[str], tags: tuple[str, ...], cards: Collection[str],
                skills: Collection[str], *,
                card_kinds: Mapping[str, tuple[str, str | None]] | None = None,
                kingdoms: tuple[KingdomWord, ...] = (), world: bytes | None = None,
                tokens: Mapping[str, str] | None = None) -> Outcome:
    """Parse, check and compile one effect with the names known so far (the cards and
    skills of the files seen before it), the modes its own file gives it, its general's
    piles and marks, and every card's kind and the declared kingdoms (the card and
    expansion files, read first; ``world`` is their :func:`world_digest`, given when
    many effects share them)."""
    cards_seen, skills_seen = _Looked(cards), _Looked(skills)
    kinds = card_kinds or {}
    found = EffectsResult()
    _one(Catalog(), found, ident, kind, owner, text, origin, "effect", modes, tags,
         _Known(cards_seen, skills_seen, {}, kinds, kingdoms), dict(tokens or {}))
    compiled = found.compiled.get(ident)
    return Outcome(tuple(found.problems), modes,
                   (frozenset(cards_seen.found), frozenset(cards_seen.missed)),
                   (frozenset(skills_seen.found), frozenset(skills_seen.missed)),
                   cards_seen.whole or skills_seen.whole, tuple(sorted((tokens or {}).items())),
                   world if world is not None else world_digest(kinds, kingdoms),
                   _grants(text, compiled.hooks) if compiled else _NO_GRANTS)


_NO_GRANTS: frozenset[str] = frozenset()


def _grants(text: str, hooks: Any) -> frozenset[str]:
    """The skills compiled hooks grant: none where the text never says ``gain_skill`` (a
    step's ``do`` is the verb as written: sgs_tools.dsl.compile), so most effects need no
    walk over their hooks; one shared empty set for them (tens of thousands are kept)."""
    if "gain_skill" not in text:
        return _NO_GRANTS
    return frozenset(_granted_by(hooks)) or _NO_GRANTS


def _holds(outcome: Outcome | None, modes: frozenset[str], known: _Known,
           tokens: Mapping[str, str] | None, world: bytes) -> bool:
    """Whether an effect checked ahead gives what checking it now would: it had no error
    (a warning is kept with it), and its modes, its general's piles and marks, the card
    kinds and declared kingdoms, and every name it asked for are as they are in the whole
    catalog (each known name still known, each unknown one still unknown)."""
    if (outcome is None or outcome.whole or outcome.modes != modes or outcome.world != world
            or any(p.severity == "error" for p in outcome.problems)
            or outcome.tokens != tuple(sorted((tokens or {}).items()))):
        return False
    for (was_known, was_unknown), names in ((outcome.cards, known.cards),
                                            (outcome.skills, known.skills)):
        if any(n not in names for n in was_known) or any(n in names for n in was_unknown):
            return False
    return True


def _one(cat: Catalog, out: EffectsResult, ident: str, kind: str, owner: str, text: str,
         origin: Origin, key: str, modes: frozenset[str], tags: tuple[str, ...],
         known: _Known | None = None, tokens: dict[str, str] | None = None) -> None:
    if known is None:
        known = _Known(frozenset(cat.cards) | cat.broken_cards,
                       frozenset(cat.skills) | cat.broken_ids, {},
                       kingdoms=kingdom_words(cat))
    reg = registry(modes, known.kingdoms)
    try:
        ready = known.parsed.get(text)
        if isinstance(ready, SyntaxProblem):
            raise EffectSyntaxError(ready)
        effect = ready if ready is not None else parse(text)
    except EffectSyntaxError as exc:
        p = exc.problem
        hint = f"expected {', '.join(p.expected[:8])}" if p.expected else None
        out.problems.append(Problem(text_location(origin, key, p.line, p.col),
                                    "dsl-syntax", p.message, hint))
        return
    # Ids from files that failed their schema still count as names: that file's error
    # is reported once there, not again in every effect that names one of its cards.
    ctx = Context(reg, known.cards, known.skills, tags, kind, tokens or {},
                  known.card_kinds)
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
                                    issue.code, issue.message, issue.hint, issue.severity))
    errors = [i for i in analysis.issues if i.severity == "error"]
    hooks = compile_effect(ident, effect, analysis, reg, tags) if not errors else []
    out.compiled[ident] = Compiled(ident, kind, owner, text, effect, analysis, reg, hooks,
                                   tags)


PLAY_ASKS = ("respond", "respond_use", "ask_play")
"""Actions that ask a character for a card in response; their ``card`` is playable (a
Jink is used against a Slash and played against Archery Attack: "use or play")."""


def _action_args(hooks: Any, actions: tuple[str, ...], key: str) -> set[str]:
    """The string ``key`` argument of every ``actions`` step anywhere in compiled hooks."""
    found: set[str] = set()
    stack = [hooks]
    while stack:  # no recursion: one walk over every node of every hook
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("do") in actions and isinstance(item.get("args"), dict):
                value = item["args"].get(key)
                if isinstance(value, str):
                    found.add(value)
            stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, (dict, list)))
    return found


def _played_cards(hooks: Any) -> set[str]:
    """Cards a compiled effect asks a character to play or use in response."""
    return _action_args(hooks, PLAY_ASKS, "card")


def _granted_by(hooks: Any) -> set[str]:
    """Skills a compiled effect grants (``gain_skill``)."""
    return _action_args(hooks, ("gain_skill",), "skill")


def _ungranted(cat: Catalog, out: EffectsResult) -> list[Problem]:
    """A general's ``granted_skills`` entry that no effect grants can never be had."""
    granted = granting(out)
    problems = []
    for general in cat.generals.values():
        for skill in general.granted:
            if skill.id not in granted and (skill.id in out.compiled or skill.id in out.taken):
                problems.append(Problem(
                    skill.origin.where("id"), "ungranted-skill",
                    f"granted skill {skill.id!r} is never granted",
                    f"a skill of {general.id!r} needs 'gain_skill {skill.id}' (or list it "
                    "under 'skills:' if the general starts with it)"))
    return problems


def granting(out: EffectsResult) -> dict[str, list[str]]:
    """Skill → the effects that grant it (for pages: "granted by 自立")."""
    found: dict[str, list[str]] = {}
    for ident, compiled in out.compiled.items():
        for skill in _granted_by(compiled.hooks):
            found.setdefault(skill, []).append(ident)
    for ident, grants in out.taken.items():
        for skill in grants:
            found.setdefault(skill, []).append(ident)
    return found


def compile_catalog(cat: Catalog,
                    parsed: Mapping[str, A.Effect | SyntaxProblem] | None = None,
                    ahead: Mapping[str, Outcome] | None = None
                    ) -> EffectsResult:
    """Parse, check and compile every effect text in the catalog. ``parsed`` holds
    effect texts already parsed (by the worker processes, or from the cache); ``ahead``
    holds skills checked and compiled ahead, by skill id, each made from the very file
    the catalog took that skill from: one without errors whose context still holds is
    taken as it is (its warnings with it) and left out of ``compiled`` (so only its
    problems and the skills it grants are known: for a report)."""
    out = EffectsResult(names=names_of(cat))
    known = _Known(frozenset(cat.cards) | cat.broken_cards,
                   frozenset(cat.skills) | cat.broken_ids, parsed or {},
                   card_kinds_of(cat), kingdoms=kingdom_words(cat))
    world = world_digest(known.card_kinds, known.kingdoms) if ahead is not None else b""
    index = _ModeIndex(cat)
    sets_of_skill: dict[str, set[str]] = {}
    tokens_of: dict[str, dict[str, str]] = {}  # general → its piles and marks (id → kind)
    for g in cat.generals.values():
        for entry in (*g.skills, *g.granted):
            sets_of_skill.setdefault(entry.id, set()).update(g.sets)
        tokens_of[g.id] = {t.id: t.kind for t in g.tokens}
    decks_of_card: dict[str, set[str]] = {}
    for deck in cat.decks.values():
        for copy in deck.copies:
            decks_of_card.setdefault(copy.card, set()).add(deck.id)
    for skill in cat.skills.values():
        if not skill.effect:
            continue
        modes = index.modes(sets_of_skill.get(skill.id, set()), set())
        tokens = tokens_of.get(skill.owner)
        if ahead is not None:
            outcome = ahead.get(skill.id)
            if outcome is not None and _holds(outcome, modes, known, tokens, world):
                out.problems.extend(outcome.problems)
                out.taken[skill.id] = outcome.grants
                continue
        _one(cat, out, skill.id, "skill", skill.owner, skill.effect, skill.origin, "effect",
             modes, skill.tags, known, tokens)
    for card in cat.cards.values():
        card_modes = index.modes({card.set}, decks_of_card.get(card.id, set()))
        if card.effect:
            _one(cat, out, card.id, "card", card.set, card.effect, card.origin, "effect",
                 card_modes, (), known)
        for i, ability in enumerate(card.extra.get("abilities") or []):
            effect = ability.get("effect") if isinstance(ability, dict) else None
            if effect:
                origin = Origin(card.origin.doc, (*card.origin.path, "abilities", i))
                _one(cat, out, f"{card.id}.{ability['id']}", "ability", card.id, effect,
                     origin, "effect", card_modes, (), known)
        bonus = card.extra.get("bonus")
        if isinstance(bonus, dict) and bonus.get("effect"):
            origin = Origin(card.origin.doc, (*card.origin.path, "bonus"))
            _one(cat, out, f"{card.id}.bonus", "heirloom", card.id, bonus["effect"], origin,
                 "effect", card_modes, (), known)
    out.problems.extend(_ungranted(cat, out))
    asked = _played_cards([c.hooks for c in out.compiled.values()])
    # A kind of an asked card counts too: fire_slash answers where slash is asked.
    out.names.playable = frozenset(
        cid for cid in cat.cards if any(cid == n or cid.endswith("_" + n) for n in asked))
    return out


def hook_table(result: EffectsResult) -> dict[str, Any]:
    """The JSON document `sgs compile` writes."""
    return {
        "version": IR_VERSION,
        "effects": len(result.compiled),
        "hooks": [h for c in result.compiled.values() for h in c.hooks],
    }


def explain(compiled: Compiled, names: Names, lang: str) -> str:
    from sgs_tools.dsl.render import render

    return render(compiled.effect, compiled.analysis, compiled.registry, lang, names,
                  kind=compiled.kind)



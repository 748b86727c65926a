"""AST + vocabulary → typed, resolved arguments for every sentence, and every misuse found.

The checker is where the closed vocabulary meets the grammar's open word lists: each
sentence's words are matched against its verb's typed parameters (markers such as ``to`` or
``from`` open a parameter; the rest fill the unmarked ones in order), every variable must
be provided by the event, a binding or a ``let``, and skill tags must agree with the text.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from sgs_tools.data.schemas import suggest
from sgs_tools.dsl import ast as A
from sgs_tools.dsl.vocabulary import Event, Param, Registry, Verb

INT_TYPES = ("int", "count")
PLAYER_VARS = {"you": "player"}


@dataclass(frozen=True)
class Issue:
    """A problem in effect text, at a 1-based line and column within the text."""

    line: int
    col: int
    code: str
    message: str
    hint: str | None = None
    severity: str = "error"
    """``warning``: the effect still compiles and runs (``sgs validate --strict`` fails)."""


@dataclass
class Context:
    """What an effect may refer to besides the vocabulary."""

    registry: Registry
    cards: Collection[str] = frozenset()
    skills: Collection[str] = frozenset()
    tags: tuple[str, ...] = ()
    owner: str = "skill"
    tokens: dict[str, str] = field(default_factory=dict)
    """The general's named piles and marks: id → "pile" or "mark" (钟会's 权)."""
    card_kinds: Mapping[str, tuple[str, str | None]] = field(default_factory=dict)
    """Each card's (type, subtype), so card filters no card can match are found."""


@dataclass
class Analysis:
    """The checker's result: problems, and resolved arguments per sentence and trigger."""

    issues: list[Issue] = field(default_factory=list)
    args: dict[int, dict[str, Any]] = field(default_factory=dict)

    def of(self, node: object) -> dict[str, Any]:
        return self.args.get(id(node), {})


def _close(word: str, choices: set[str] | list[str], cutoff: float = 0.7) -> str | None:
    """Effect words are short, so the DSL accepts slightly looser matches."""
    return suggest(word, choices, cutoff=cutoff)


def _nearest(word: str, choices: set[str] | list[str]) -> str | None:
    """The known words nearest to an unknown one: "did you mean" the closest, naming the
    others near it too; else up to three near ones; else (for a short list) all of them;
    else the three least far."""
    ordered = sorted(choices)
    best = difflib.get_close_matches(word, ordered, n=1, cutoff=0.7)
    near = difflib.get_close_matches(word, ordered, n=3, cutoff=0.4)
    if best:
        close = best[0]
        others = [w for w in near if w != close]
        also = f" (also near: {', '.join(repr(w) for w in others)})" if others else ""
        return f"did you mean {close!r}?{also}"
    if near:
        return "nearest known: " + ", ".join(repr(w) for w in near)
    if 0 < len(ordered) <= 12:
        return "known: " + ", ".join(repr(w) for w in ordered)
    least_far = difflib.get_close_matches(word, ordered, n=3, cutoff=0.0)
    if least_far:
        return "nearest known: " + ", ".join(repr(w) for w in least_far)
    return None


TABLES = {"action": "actions", "modifier": "modifiers", "event": "events",
          "selector": "selectors", "quantity": "quantities", "function": "functions",
          "card word": "card_words"}
"""Word kind → the Registry table holding that kind."""


def _mode_of(origin: str) -> str | None:
    """The mode whose vocabulary file ``origin`` is (None: every mode's)."""
    from sgs_tools.dsl.vocabulary import vocabulary_files

    return next((mode for vocab_id, mode, _ in vocabulary_files() if vocab_id == origin),
                None)


def _other_mode_hint(word: str, table: str) -> str | None:
    """When a word exists only in another mode's vocabulary, say which mode has it."""
    from sgs_tools.dsl.vocabulary import full_registry

    full = full_registry()
    kinds = [table] if table in TABLES else list(TABLES)
    for kind in kinds:
        found = getattr(full, TABLES[kind]).get(word)
        if found is not None:
            return _mode_words_hint(word, kind, found.origin)
    for type_name, values in full.enums.items():
        if word in values and table in ("word", "selector", "enum"):
            return _mode_words_hint(word, f"{type_name} value", values[word].origin)
    return None


def _mode_words_hint(word: str, kind: str, origin: str) -> str:
    mode = _mode_of(origin)
    if mode is None:  # pragma: no cover - every mode has the core words
        return f"{word!r} is a word of the {origin} vocabulary"
    article = "an" if kind[0] in "aeiou" else "a"
    return (f"{word!r} is {article} {kind} of the {mode} vocabulary ({origin}.yaml), about "
            f"a concept only the {mode} mode has; the modes playing this effect do not "
            "use it")


SUIT_COLOR = {"heart": "red", "diamond": "red", "spade": "black", "club": "black"}


def _type_is(kind: tuple[str, str | None], word: str) -> bool:
    """A card of this (type, subtype) is a ``word`` card (the engine's ``type_is``)."""
    ctype, subtype = kind
    if word == ctype:
        return True
    if word == "trick":
        return ctype in ("trick", "delayed_trick")
    if word == "non_delayed_trick":
        return ctype == "trick"
    if word == "equipment_card":
        return ctype == "equipment"
    if word == "horse":
        return subtype in ("plus_horse", "minus_horse")
    return subtype == word


REDIRECT_EVENTS = ("targeted", "targeting")
"""The triggers in which a card being used has targets a ``redirect`` can change."""


class Checker:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.reg = ctx.registry
        self.out = Analysis()
        self.trigger: A.Trigger | None = None  # the trigger clause being checked

    # -- reporting -------------------------------------------------------------------
    def issue(self, pos: A.Pos, code: str, message: str, hint: str | None = None,
              severity: str = "error") -> None:
        self.out.issues.append(Issue(pos.line, pos.col, code, message, hint, severity))

    def all_words(self, scope: dict[str, str]) -> set[str]:
        reg = self.reg
        words = set(reg.selectors) | set(reg.card_words) | set(reg.quantities) | set(scope) \
            | set(self.ctx.tokens)
        for values in reg.enums.values():
            words |= set(values)
        return words | set(self.ctx.cards)

    # -- typed word parsers: each returns (value, words consumed) ----------------------
    def ref_type(self, ref: A.Ref, scope: dict[str, str]) -> str | None:
        head, *rest = ref.parts
        current = scope.get(head)
        if current is None:
            self.issue(ref.pos, "dsl-unknown-name", f"{head!r} is not available here",
                       _close(head, set(scope)) or self._available(scope))
            return "error"
        col = ref.pos.col + len(head) + 1  # where each attribute starts on the line
        for attr in rest:
            attrs = self.reg.attributes.get(current, {})
            if attr not in attrs:
                where = A.Pos(ref.pos.line, col) if ref.pos.line else ref.pos
                self.issue(where, "dsl-unknown-attribute",
                           f"{current} has no attribute {attr!r}",
                           _close(attr, set(attrs)) or
                           f"{current} attributes: {', '.join(sorted(attrs))}")
                return "error"
            current = attrs[attr]
            col += len(attr) + 1
        return current

    def _available(self, scope: dict[str, str]) -> str:
        names = sorted(n for n in scope if n != "you")
        return f"available here: {', '.join(names)}" if names else "no event values here"

    def expr(self, node: Any, scope: dict[str, str]) -> tuple[Any, str]:
        """An expression → (IR, type)."""
        if isinstance(node, A.Group):
            return self.expr(node.expr, scope)
        if isinstance(node, A.Num):
            return node.value, "int"
        if isinstance(node, A.Word):
            if node.name in scope:
                t = scope[node.name]
                return {"var": node.name}, ("int" if t == "count" else t)
            if node.name in self.reg.quantities:
                return {"quantity": node.name}, "int"
            token = self.ctx.tokens.get(node.name)
            if token is not None:  # a pile or mark of the general: how many there are
                return {token: node.name}, "int"
            enum = self.reg.enum_of(node.name)
            if enum is not None:
                return node.name, enum
            if node.name in self.ctx.cards:
                return node.name, "card_name"
            self.issue(node.pos, "dsl-unknown-name", f"unknown word {node.name!r}",
                       _other_mode_hint(node.name, "word")
                       or _nearest(node.name, self.all_words(scope)))
            return None, "error"
        if isinstance(node, A.Ref):
            return {"ref": list(node.parts)}, self.ref_type(node, scope) or "error"
        if isinstance(node, A.Call):
            if node.name not in self.reg.functions:
                self.issue(node.pos, "dsl-unknown-function", f"unknown function {node.name!r}",
                           _other_mode_hint(node.name, "function")
                           or _nearest(node.name, set(self.reg.functions)))
                return None, "error"
            return {"call": node.name, "args": self.call_args(node, scope)}, "int"
        if isinstance(node, A.BinOp):
            left = self.int_expr(node.left, scope)
            right = self.int_expr(node.right, scope)
            return {"op": node.op, "left": left, "right": right}, "int"
        self.issue(getattr(node, "pos", A.Pos()), "dsl-type", "expected a number here")
        return None, "error"

    def call_args(self, node: A.Call, scope: dict[str, str]) -> list[Any]:
        """A function's arguments, each checked against the type the vocabulary gives it
        (numbers unless it says otherwise: ``distance(source, you)`` takes characters)."""
        types = list(self.reg.functions[node.name].info.get("params") or [])
        if types and len(node.args) != len(types):
            self.issue(node.pos, "dsl-type",
                       f"{node.name}() takes {len(types)} values, found {len(node.args)}",
                       f"write {node.name}({', '.join(types)})")
        out = []
        for i, arg in enumerate(node.args):
            want = types[i] if i < len(types) else "int"
            if want == "int":
                out.append(self.int_expr(arg, scope))
                continue
            value, t = self.expr(arg, scope)
            if t not in (want, "error"):
                self.issue(getattr(arg, "pos", node.pos), "dsl-type",
                           f"{node.name}() takes {self._type_words(want)} here, "
                           f"not {self._type_words(t)}")
            out.append(value)
        return out

    def int_expr(self, node: Any, scope: dict[str, str]) -> Any:
        value, t = self.expr(node, scope)
        if t not in ("int", "error"):
            self.issue(getattr(node, "pos", A.Pos()), "dsl-type",
                       f"expected a number, found a {t}")
        return value

    def p_int(self, words: list[Any], scope: dict[str, str]) -> tuple[Any, int]:
        if not words:
            return None, 0
        w = words[0]
        if isinstance(w, (A.Num, A.Group)):
            return self.int_expr(w, scope), 1
        if isinstance(w, A.Word) and (scope.get(w.name) in INT_TYPES or
                                      w.name in self.reg.quantities or
                                      w.name in self.ctx.tokens):
            return self.expr(w, scope)[0], 1
        if isinstance(w, A.Ref):
            value, t = self.expr(w, scope)
            if t in INT_TYPES:
                return value, 1
        return None, 0

    def p_count(self, words: list[Any], scope: dict[str, str]) -> tuple[Any, int]:
        if words and isinstance(words[0], A.Range):
            r = words[0]
            return {"range": [r.low, r.high]}, 1
        if words and isinstance(words[0], A.Word) and words[0].name in ("any", "all"):
            return words[0].name, 1
        return self.p_int(words, scope)

    def p_delta(self, words: list[Any], scope: dict[str, str]) -> tuple[Any, int]:
        if not words:
            return None, 0
        w = words[0]
        if isinstance(w, A.Signed):
            if isinstance(w.value, int):
                amount: Any = w.value
            else:
                amount, t = self.expr(A.Word(w.value, w.pos), scope)
                if t not in (*INT_TYPES, "error"):
                    self.issue(w.pos, "dsl-type", f"'{w.sign}{w.value}' needs a number, "
                               f"not a {t}")
            return {"sign": w.sign, "amount": amount}, 1
        if isinstance(w, A.Word) and w.name == "unlimited":
            return "unlimited", 1
        return None, 0

    def p_player(self, words: list[Any], scope: dict[str, str]) -> tuple[Any, int]:
        if not words:
            return None, 0
        w = words[0]
        if isinstance(w, A.Word) and scope.get(w.name) == "player":
            return {"var": w.name}, 1
        if isinstance(w, A.Ref):
            if self.ref_type(w, scope) == "player":
                return {"ref": list(w.parts)}, 1
            return None, 0
        i = 0
        count = None
        if isinstance(w, (A.Num, A.Range)) and len(words) > 1 and isinstance(
                words[1], A.Word) and words[1].name in self.reg.selectors:
            count, _ = self.p_count(words, scope)
            i = 1
        nouns: list[str] = []
        filters: list[str] = []
        excluded: list[Any] = []
        bounds: dict[str, Any] = {}
        while i < len(words):
            w = words[i]
            if not isinstance(w, A.Word):
                break
            if w.name == "except" and i + 1 < len(words):
                value, used = self.p_player(words[i + 1:i + 2], scope)
                if used:
                    excluded.append(value)
                    i += 2
                    continue
                break
            term = self.reg.selectors.get(w.name)
            if term is None:
                break
            if term.info.get("kind") == "bound":  # `within 2`: a distance bound
                bound, used = self.p_int(words[i + 1:i + 2], scope)
                if not used:
                    self.issue(w.pos, "dsl-type", f"'{w.name}' needs a distance, such as "
                               f"'{w.name} 2'")
                    i += 1
                    continue
                bounds[w.name] = bound
                i += 1 + used
                continue
            (nouns if term.info.get("kind") == "noun" else filters).append(w.name)
            i += 1
        if not nouns and not filters and not bounds:
            return None, 0
        if len(nouns) > 1:
            self.issue(words[0].pos, "dsl-selector",
                       f"a selector names one kind of character, found {', '.join(nouns)}")
        select: dict[str, Any] = {"noun": nouns[0] if nouns else "players",
                                  "filters": filters}
        if count is not None:
            select["count"] = count
        if excluded:
            select["except"] = excluded
        select.update(bounds)
        return {"select": select}, i

    def p_cards(self, words: list[Any], scope: dict[str, str]) -> tuple[Any, int]:
        if not words:
            return None, 0
        w = words[0]
        if isinstance(w, A.Word) and scope.get(w.name) == "cards":
            return {"var": w.name}, 1
        if isinstance(w, A.Ref):
            if self.ref_type(w, scope) == "cards":
                return {"ref": list(w.parts)}, 1
            return None, 0
        i = 0
        count: Any = None
        if isinstance(w, A.Word) and w.name == "no":
            count, i = 0, 1
        else:
            count, i = self.p_count(words, scope)
        filters: dict[str, list[str]] = {}
        noun = None
        start = i
        while i < len(words):
            w = words[i]
            if not isinstance(w, A.Word):
                break
            name = w.name
            if name in self.reg.card_words:
                noun = name
            elif self.ctx.tokens.get(name) == "pile":  # `1 quan card`: one of that pile
                filters.setdefault("pile", []).append(name)
            elif name in self.ctx.cards:
                filters.setdefault("name", []).append(name)
            else:
                enum = self.reg.enum_of(name)
                if enum in ("color", "suit", "zone", "card_type"):
                    filters.setdefault(enum, []).append(name)
                else:
                    break
            i += 1
        if i == start:
            return None, 0
        self.card_filter_matches_nothing(words[start:i], filters)
        spec: dict[str, Any] = {"filters": filters}
        if count is not None:
            spec["count"] = count
        if noun:
            spec["noun"] = noun
        return {"cards": spec}, i

    def card_filter_matches_nothing(self, words: list[Any],
                                    filters: dict[str, list[str]]) -> None:
        """Warn (located) about card words that no card can satisfy together, such as
        ``red spade card`` or ``equipment slash`` (a Slash is never equipped): the filter
        compiles and runs, and matches nothing. A card name beside a card type is an
        alternative (``equipment_card slash card``: an equipment card or a Slash), never a
        contradiction."""
        shown = " ".join(w.name for w in words if isinstance(w, A.Word))
        colors, suits = filters.get("color", []), filters.get("suit", [])
        reason = None
        if colors and suits and not any(SUIT_COLOR.get(x) in colors for x in suits):
            reason = f"a {' or '.join(colors)} card is never {' or '.join(suits)}"
        kinds = self.ctx.card_kinds
        names, types = filters.get("name", []), filters.get("card_type", [])
        equipped = filters.get("zone") == ["equipment"]  # only equipment is found there
        if reason is None and kinds and (names or types) and (types or equipped) and not (
                names and types):
            cands = [kind for c, kind in kinds.items() if not names or any(
                c == n or c.endswith("_" + n) for n in names)]
            if cands and equipped:
                cands = [k for k in cands if k[0] == "equipment"]
                if not cands:
                    reason = f"{' or '.join(names or types)} is never in the equipment area"
            if reason is None and cands and types and not any(
                    _type_is(k, t) for k in cands for t in types):
                what = " or ".join(names) or "a card in the equipment area"
                reason = f"{what} is never {' or '.join(types)}"
        if reason is not None:
            self.issue(words[0].pos, "dsl-card-filter",
                       f"'{shown}' matches no card: {reason}",
                       "drop the word that contradicts the others", severity="warning")

    def p_enum(self, type_name: str, words: list[Any]) -> tuple[Any, int]:
        if words and isinstance(words[0], A.Word) and words[0].name in self.reg.enums.get(
                type_name, {}):
            return words[0].name, 1
        return None, 0

    def p_card_name(self, words: list[Any]) -> tuple[Any, int]:
        if words and isinstance(words[0], A.Word) and words[0].name in self.ctx.cards:
            return words[0].name, 1
        return None, 0

    def p_skill(self, words: list[Any]) -> tuple[Any, int]:
        if words and isinstance(words[0], A.Word) and words[0].name in self.ctx.skills:
            return words[0].name, 1
        return None, 0

    def parse_type(self, type_name: str, words: list[Any],
                   scope: dict[str, str]) -> tuple[Any, int]:
        if type_name == "int":
            return self.p_int(words, scope)
        if type_name == "count":
            return self.p_count(words, scope)
        if type_name == "delta":
            return self.p_delta(words, scope)
        if type_name == "player":
            return self.p_player(words, scope)
        if type_name == "cards":
            return self.p_cards(words, scope)
        if type_name == "card_name":
            return self.p_card_name(words)
        if type_name == "skill":
            return self.p_skill(words)
        if type_name in ("pile", "mark"):
            if words and isinstance(words[0], A.Word) and self.ctx.tokens.get(
                    words[0].name) == type_name:
                return words[0].name, 1
            return None, 0
        if type_name == "text":
            if words and isinstance(words[0], A.Word):
                return words[0].name, 1
            return None, 0
        return self.p_enum(type_name, words)

    # -- slot filling --------------------------------------------------------------------
    def fill(self, what: str, params: tuple[Param, ...], words: tuple[Any, ...],
             scope: dict[str, str], pos: A.Pos) -> dict[str, Any]:
        """Match words to typed parameters; report what does not fit."""
        markers = {p.marker: p for p in params if p.marker}
        segments: dict[str | None, list[Any]] = {None: []}
        current: str | None = None
        marker_pos: dict[str, A.Pos] = {}
        for w in words:
            if isinstance(w, A.Word) and w.name in markers and w.name not in segments:
                current = w.name
                segments[current] = []
                marker_pos[current] = w.pos
            else:
                segments[current].append(w)
        args: dict[str, Any] = {}
        rest = segments[None]
        for p in params:
            if p.marker:
                continue
            value, used = self.parse_type(p.type, rest, scope)
            if used:
                args[p.name] = value
                rest = rest[used:]
            elif p.required:
                at = rest[0].pos if rest else pos
                if p.type in self.reg.enums and rest and isinstance(rest[0], A.Word):
                    self.issue(at, "dsl-type", f"{rest[0].name!r} is not a {p.type}",
                               self._enum_hint(p.type, rest[0].name))
                    return args
                found = f", found {self._show(rest[0])}" if rest else ""
                self.issue(at, "dsl-missing-argument",
                           f"{what} needs {self._type_words(p.type)}{found}",
                           self._hint_for(rest[0], scope) if rest else None)
                return args
            else:
                args[p.name] = self.default(p)
        if rest:
            w = rest[0]
            expected = [f"'{m}'" for m in markers if m not in segments]
            self.issue(w.pos, "dsl-unexpected-word",
                       f"unexpected {self._show(w)} in {what}",
                       self._hint_for(w, scope) or (
                           f"expected {' or '.join(expected)} or end of line" if expected
                           else None))
        for marker, p in markers.items():
            seg = segments.get(marker)
            if seg is None:
                if p.required:
                    self.issue(pos, "dsl-missing-argument",
                               f"{what} needs '{marker} <{self._type_words(p.type)}>'")
                else:
                    args[p.name] = self.default(p)
                continue
            value, used = self.parse_type(p.type, seg, scope)
            if not used:
                at = seg[0].pos if seg else marker_pos[marker]
                first = seg[0] if seg else None
                if p.type in self.reg.enums and isinstance(first, A.Word):
                    self.issue(at, "dsl-type", f"{first.name!r} is not a {p.type}",
                               self._enum_hint(p.type, first.name))
                    continue
                if (isinstance(first, A.Word) and first.name in self.reg.variables
                        and first.name not in scope):
                    self.issue(at, "dsl-unavailable",
                               f"{first.name!r} is not available here",
                               f"no event here provides it; {self._available(scope)}")
                    continue
                self.issue(at, "dsl-type",
                           f"'{marker}' in {what} needs {self._type_words(p.type)}",
                           self._hint_for(seg[0], scope) if seg else None)
            elif used < len(seg):
                self.issue(seg[used].pos, "dsl-unexpected-word",
                           f"unexpected {self._show(seg[used])} in {what}",
                           self._hint_for(seg[used], scope))
            args[p.name] = value
        return args

    def default(self, p: Param) -> Any:
        """A parameter's default as IR: 'actor' is whoever performs the step."""
        if p.type != "player" or not isinstance(p.default, str):
            return p.default
        if p.default == "actor":
            return {"actor": True}
        if p.default == "you":
            return {"var": "you"}
        return {"select": {"noun": p.default, "filters": []}}

    def _enum_hint(self, type_name: str, word: str) -> str:
        values = sorted(self.reg.enums.get(type_name, {}))
        return _close(word, values) or f"{type_name} is one of: {', '.join(values)}"

    def _show(self, w: Any) -> str:
        if isinstance(w, A.Word):
            return f"word {w.name!r}"
        if isinstance(w, A.Num):
            return f"number {w.value}"
        if isinstance(w, A.Ref):
            return f"{'.'.join(w.parts)!r}"
        if isinstance(w, A.Signed):  # was "signed": the node's class name
            return f"signed amount '{w.sign}{w.value}'"
        if isinstance(w, A.Range):
            return f"range '{w.low}..{'' if w.high is None else w.high}'"
        if isinstance(w, A.Group):
            return "bracketed expression"
        if isinstance(w, A.Call):
            return f"call '{w.name}(…)'"
        return "expression"

    def _hint_for(self, w: Any, scope: dict[str, str]) -> str | None:
        if isinstance(w, A.Word) and w.name in self.reg.variables and w.name not in scope:
            return f"{w.name!r} is not provided at this timing; {self._available(scope)}"
        if isinstance(w, A.Word) and w.name not in self.all_words(scope):
            return (_other_mode_hint(w.name, "word")
                    or _close(w.name, self.all_words(scope))
                    or _close(w.name, set(scope), cutoff=0.5)
                    or f"{w.name!r} is no word or name known here; {self._available(scope)}")
        return None

    @staticmethod
    def _type_words(type_name: str) -> str:
        return {"int": "a number", "count": "a number or range", "delta": "a signed amount "
                "such as +1", "player": "characters (a selector or a name)",
                "cards": "cards (such as 'red card' or '2 hand cards')",
                "card_name": "a card name", "skill": "a skill id",
                "pile": "a pile the general declares under 'piles:'",
                "mark": "a mark the general declares under 'marks:'",
                "text": "a word"}.get(type_name, f"a {type_name}")

    # -- sentences, statements and clauses ---------------------------------------------
    def sentence(self, s: A.Sentence, scope: dict[str, str], table: str) -> None:
        verbs = self.reg.actions if table == "action" else self.reg.modifiers
        verb = verbs.get(s.verb)
        if verb is None:
            other = self.reg.modifiers if table == "action" else self.reg.actions
            hint = _other_mode_hint(s.verb, table) or _nearest(s.verb, set(verbs))
            if s.verb in other and table == "action":
                hint = (f"{s.verb!r} is a modifier (it always holds): write it on a line "
                        "of its own, not under a trigger")
            elif s.verb in other:
                hint = (f"{s.verb!r} is an action: it goes under a trigger ('at start of "
                        "play:', 'after take_damage:', 'action:'); here the line is read as "
                        "a modifier (one that always holds)")
            self.issue(s.pos, "dsl-unknown-word", f"unknown {table} {s.verb!r}", hint)
            return
        self.out.args[id(s)] = self.fill(f"'{s.verb}'", verb.params, s.words, scope, s.pos)
        if s.where is not None:
            self.where(s, verb, scope)
        if s.verb == "redirect":
            self.redirect(s, self.out.args[id(s)])
        elif verb.needs_event:
            self.needs_event(s, verb)
        if s.bind:
            if verb.returns is None:
                self.issue(s.pos, "dsl-type",
                           f"'{s.verb}' gives nothing to name, so 'as {s.bind}' would stay "
                           "unbound", "drop 'as …', or name the result of a step that "
                           "returns cards or characters (draw, discard, pick, take, …)")
            scope[s.bind] = verb.returns or "cards"
        if s.verb == "judge":
            scope["judgement"] = "cards"

    def where(self, s: A.Sentence, verb: Verb, scope: dict[str, str]) -> None:
        """``pick … as b where COND``: the condition each character chosen must meet, read
        with the binding naming the one tested; it joins that choice's selector."""
        args = self.out.args[id(s)]
        select = next((args[p.name]["select"] for p in verb.params if p.type == "player"
                       and isinstance(args.get(p.name), dict) and "select" in args[p.name]),
                      None)
        if verb.returns != "player" or select is None or not s.bind:
            self.issue(s.pos, "dsl-type", f"'where' belongs to a choice of characters, "
                       f"not to '{s.verb}'",
                       "write it after a pick: 'pick other as b where b.hp > 1'")
            return
        inner = {**scope, s.bind: "player"}
        self.cond(s.where, inner)
        select["where"] = {"as": s.bind}  # the compiler adds the condition's IR
    def needs_event(self, s: A.Sentence, verb: Verb) -> None:
        """A word that acts on what an event is about (``uncount``: the card being used)
        is refused in a clause that is no trigger on such an event: it would do nothing."""
        cl = self.trigger
        event = cl.event if cl is not None and cl.timing not in ("start", "end") else None
        if event not in verb.needs_event:
            where = f"a '{event}' trigger" if event else "this clause"
            wanted = " or ".join(f"'{e}'" for e in verb.needs_event)
            self.issue(s.pos, "dsl-needs-event",
                       f"'{s.verb}' acts on the card of a {wanted} event, and {where} has "
                       "none, so it would do nothing",
                       f"use it in a trigger on {wanted}: 'when {verb.needs_event[0]} …:'")

    def redirect(self, s: A.Sentence, args: dict[str, Any]) -> None:
        """A ``redirect`` that can never change anything is refused: one outside the
        triggers where a card has targets, one from a character to itself, and one
        moving the target away from you in a trigger about another character becoming
        the target (you are not a target there: name who is, ``from target``)."""
        cl = self.trigger
        event = cl.event if cl is not None and cl.timing not in ("start", "end") else None
        if event not in REDIRECT_EVENTS:
            where = f"a '{event}' trigger" if event else "this clause"
            self.issue(s.pos, "dsl-redirect",
                       f"'redirect' changes the targets of a card being used, and {where} "
                       "has none to change, so it would do nothing",
                       "use it in a 'when targeted …' or 'when targeting …' trigger")
            return
        old = args.get("from") or {"var": "you"}
        who = self.out.of(cl).get("who")
        if event == "targeted" and old == {"var": "you"} and who != {"var": "you"}:
            self.issue(s.pos, "dsl-redirect",
                       "this trigger is about another character becoming the target, and "
                       "'redirect' moves the target away from you (who are not it), so it "
                       "would do nothing",
                       "name who became the target: 'redirect from target to you'")
        elif old == args.get("to"):
            self.issue(s.pos, "dsl-redirect",
                       "'redirect' moves the target from a character to the same character, "
                       "so it would do nothing", "name another character after 'to'")

    def block(self, stmts: tuple[Any, ...], scope: dict[str, str]) -> None:
        for st in stmts:
            self.stmt(st, scope)

    def stmt(self, st: Any, scope: dict[str, str]) -> None:
        if isinstance(st, A.Do):
            self.sentence(st.sentence, scope, "action")
        elif isinstance(st, A.May):
            # What an optional step binds may not exist afterwards.
            self.sentence(st.sentence, dict(scope), "action")
        elif isinstance(st, A.MayBlock):
            self.block(st.body, dict(scope))
        elif isinstance(st, A.If):
            self.cond(st.cond, scope)
            self.block(st.then, dict(scope))
            self.block(st.otherwise, dict(scope))
        elif isinstance(st, A.Choice):
            if st.chooser is not None:
                chooser, used = self.p_player([st.chooser], scope)
                if not used:
                    self.issue(st.pos, "dsl-type", "the chooser must be a character",
                               self._hint_for(st.chooser, scope))
                self.out.args[id(st)] = {"chooser": chooser}
            for branch in st.branches:
                inner = dict(scope)
                for s in branch:
                    self.sentence(s, inner, "action")
        elif isinstance(st, A.ForEach):
            value, used = self.p_player(list(st.words), scope)
            kind = "player"
            if not used:
                value, used = self.p_cards(list(st.words), scope)
                kind = "cards"
            if not used or used < len(st.words):
                self.issue(st.pos, "dsl-type", "'for each' needs characters or cards")
            self.out.args[id(st)] = {"over": value, "kind": kind}
            inner = dict(scope)
            inner[st.name or "it"] = kind
            self.block(st.body, inner)
        elif isinstance(st, A.Let):
            self.out.args[id(st)] = {"value": self.int_expr(st.value, scope)}
            scope[st.name] = "int"
        elif isinstance(st, A.Repeat):
            if st.times is not None:
                self.out.args[id(st)] = {"times": self.int_expr(st.times, scope)}
            self.block(st.body, dict(scope))
        elif isinstance(st, A.During):
            if st.period not in ("phase", "turn", "round", "game"):  # pragma: no cover
                self.issue(st.pos, "dsl-type", f"unknown period {st.period!r}")
            for static in st.statics:
                self.static(static, scope)
        elif isinstance(st, A.Limited):
            self.limit(st.limit, scope)
            self.block(st.body, dict(scope))
        elif isinstance(st, A.AfterThis):
            trigger = self.trigger
            event = trigger.event if trigger is not None else ""
            if f"resolved_{event}" not in self.reg.phrases or trigger is None or \
                    trigger.timing not in ("before", "when"):
                known = sorted(k[len("resolved_"):] for k in self.reg.phrases
                               if k.startswith("resolved_"))
                self.issue(st.pos, "dsl-type", "'after this:' belongs in a 'before' or "
                           "'when' trigger of an event that resolves afterwards",
                           f"events it can follow: {', '.join(known)}")
            self.block(st.body, dict(scope))

    def limit(self, limit: A.Limit, scope: dict[str, str]) -> None:
        if limit.times is not None:
            self.out.args[id(limit)] = {"times": self.int_expr(limit.times, scope)}

    def cond(self, c: Any, scope: dict[str, str]) -> None:
        if isinstance(c, (A.All, A.Any_)):
            for sub in c.conds:
                self.cond(sub, scope)
        elif isinstance(c, A.Not):
            self.cond(c.cond, scope)
        elif isinstance(c, A.Compare):
            left, lt = self.expr(c.left, scope)
            right, rt = self.expr(c.right, scope)
            if "error" not in (lt, rt) and {lt, rt} - {"int", "count"} and lt != rt:
                self.issue(c.pos, "dsl-type", f"cannot compare a {lt} with a {rt}")
            if c.op not in ("==", "!=") and lt not in (*INT_TYPES, "error"):
                self.issue(c.pos, "dsl-type", f"'{c.op}' compares numbers, not a {lt}")
            self.out.args[id(c)] = {"left": left, "right": right}
        elif isinstance(c, A.Is):
            subject, t = self.expr(c.subject, scope)
            ok = self._is_word(t, c.word, scope)
            if t != "error" and not ok:
                self.issue(c.pos, "dsl-type", f"{c.word!r} does not describe a {t}",
                           _other_mode_hint(c.word, "selector")
                           or _close(c.word, self._is_words(t, scope)))
            self.out.args[id(c)] = {"subject": subject}
        elif isinstance(c, A.In):
            subject, t = self.expr(c.subject, scope)
            if c.group not in self.reg.selectors:
                self.issue(c.pos, "dsl-unknown-word", f"unknown selector {c.group!r}",
                           _other_mode_hint(c.group, "selector")
                           or _nearest(c.group, set(self.reg.selectors)))
            self.out.args[id(c)] = {"subject": subject}
        elif isinstance(c, A.Has):
            subject, t = self.expr(c.subject, scope)
            if t not in ("player", "cards", "error"):  # cards: "among them there are …"
                self.issue(c.pos, "dsl-type", f"only characters have cards, not a {t}")
            cards, used = self.p_cards(list(c.words), scope)
            if used < len(c.words) or not used:
                self.issue(c.pos, "dsl-type", "'has' needs cards such as 'hand cards'")
            self.out.args[id(c)] = {"subject": subject, "cards": cards}
            if t == "cards":  # `if cards has club cards`: among those cards
                self.out.args[id(c)]["among"] = True

    def _is_words(self, t: str, scope: dict[str, str]) -> set[str]:
        reg = self.reg
        if t == "cards":
            words = set(self.ctx.cards)
            for enum in ("color", "suit", "card_type"):
                words |= set(reg.enums.get(enum, {}))
            return words
        if t == "player":
            return (set(reg.selectors) | {n for n, v in scope.items() if v == "player"}
                    | set(reg.enums.get("kingdom", {})))
        return set(reg.enums.get(t, {}))

    def _is_word(self, t: str, word: str, scope: dict[str, str]) -> bool:
        if t == "cards":  # as _is_words, without copying every card id for one test
            return word in self.ctx.cards or any(
                word in self.reg.enums.get(enum, {}) for enum in ("color", "suit", "card_type"))
        return word in self._is_words(t, scope)

    def static(self, st: A.Static, scope: dict[str, str]) -> None:
        if isinstance(st, A.StaticIf):  # the grammar allows it where only modifiers work
            self.issue(st.pos, "dsl-type", "an 'if' cannot stand inside this block",
                       "only modifiers can; put the 'if' around the whole clause")
            return
        self.options(st.options, scope, st.pos, "static")
        if st.options.limit is not None:
            self.issue(st.pos, "dsl-uncountable",
                       "a static modifier always applies; it cannot have a limit",
                       "put the limit on a trigger or an action instead")
        self.sentence(st.sentence, dict(scope), "modifier")

    def options(self, options: A.Options, scope: dict[str, str], pos: A.Pos,
                clause: str = "") -> None:
        if options.limit is not None:
            self.limit(options.limit, scope)
        if options.condition is not None:
            if clause in ("view", "action"):
                self.cond(options.condition, scope)
            else:
                self.issue(pos, "dsl-type", "', if …' says when a conversion or an action "
                           "may be used", "in a trigger, put 'if …:' inside its block; "
                           "for a modifier, put 'if …:' above it")
        for phase in (options.phase, options.outside_phase):
            if phase is not None and phase not in self.reg.enums.get("phase", {}):
                where = options.phase_pos if options.phase_pos.line else pos
                self.issue(where, "dsl-unknown-word", f"unknown phase {phase!r}",
                           _nearest(phase, set(self.reg.enums.get("phase", {}))))
        if options.grant is not None:
            value, used = self.p_player(list(options.grant), scope)
            if not options.grant:
                self.issue(pos, "dsl-type",
                           "'for' needs characters, such as 'qun others'; none are given",
                           "write 'action, for qun others:' or drop 'for'")
            elif not used or used < len(options.grant):
                bad = options.grant[used] if used < len(options.grant) else options.grant[0]
                where = getattr(bad, "pos", pos)
                self.issue(where if where.line else pos, "dsl-type",
                           f"'for' needs characters, such as 'qun others'; "
                           f"{self._show(bad)} is not one",
                           self._hint_for(bad, scope))
            self.out.args[id(options)] = {"grant": value}

    def clause(self, cl: Any) -> None:
        scope: dict[str, str] = dict(PLAYER_VARS)
        self.trigger = cl if isinstance(cl, A.Trigger) else None
        if isinstance(cl, A.Trigger):
            if cl.timing in ("start", "end"):
                if cl.event not in self.reg.enums.get("phase", {}):
                    self.issue(cl.event_pos, "dsl-unknown-word", f"unknown phase {cl.event!r}",
                               _close(cl.event, set(self.reg.enums.get("phase", {}))))
            else:
                event = self.reg.events.get(cl.event)
                if event is None:
                    self.issue(cl.event_pos, "dsl-unknown-word", f"unknown event {cl.event!r}",
                               _other_mode_hint(cl.event, "event")
                               or _nearest(cl.event, set(self.reg.events)))
                    return
                self.event_timing(cl, event)
                self.out.args[id(cl)] = self.fill(f"event '{cl.event}'", event.params,
                                                  cl.words, scope, cl.pos)
                scope.update(event.provides)
            self.options(cl.options, scope, cl.pos)
            self.block(cl.body, scope)
        elif isinstance(cl, A.Action):
            self.options(cl.options, scope, cl.pos, "action")
            self.block(cl.body, scope)
        elif isinstance(cl, A.ViewAs):
            self.view_as(cl, scope)
        elif isinstance(cl, A.Static):
            self.static(cl, scope)
        elif isinstance(cl, A.StaticIf):
            self.cond(cl.cond, scope)
            for st in cl.statics:
                if isinstance(st, A.StaticIf):  # the grammar lets one nest in another
                    self.issue(st.pos if st.pos.line else cl.pos, "dsl-type",
                               "a static 'if' cannot hold another 'if'",
                               "join the two conditions with 'and' in one 'if'")
                    continue
                self.static(st, scope)
        elif isinstance(cl, A.Awaken):
            if cl.timing in ("start", "end"):
                if cl.event not in self.reg.enums.get("phase", {}):
                    self.issue(cl.event_pos, "dsl-unknown-word", f"unknown phase {cl.event!r}",
                               _close(cl.event, set(self.reg.enums.get("phase", {}))))
            elif cl.timing is not None:
                event = self.reg.events.get(cl.event)
                if event is None:
                    self.issue(cl.event_pos, "dsl-unknown-word", f"unknown event {cl.event!r}",
                               _close(cl.event, set(self.reg.events)))
                    return
                self.event_timing(cl, event)
                self.out.args[id(cl)] = self.fill(f"event '{cl.event}'", event.params,
                                                  cl.words, scope, cl.pos)
                scope.update(event.provides)
            self.cond(cl.cond, scope)
            self.block(cl.body, scope)

    def event_timing(self, cl: A.Trigger | A.Awaken, event: Event) -> None:
        """A timing the rules never raise the event at, or a card's own event in a skill,
        would never fire: refused, at the timing word."""
        if cl.timing not in event.timings:
            self.issue(cl.pos, "dsl-timing",
                       f"'{cl.timing} {cl.event}' never happens: {cl.event!r} is raised "
                       f"{' and '.join(repr(t) for t in event.timings)} only",
                       f"write '{event.timings[-1]} {cl.event}'")
        if event.own and self.ctx.owner != "card":
            self.issue(cl.pos, "dsl-timing",
                       f"{cl.event!r} is a card's own event: only that card's effect sees "
                       "it, so a skill listening to it would never fire",
                       "listen to an event every character sees (judged, take_effect, …)")

    def view_as(self, cl: A.ViewAs, scope: dict[str, str]) -> None:
        """``view CARDS as NAME``: NAME is a card, or a kind of card whose name the user
        chooses each time (``as non_delayed_trick``: 奇策); with a block, the steps are
        its cost, and with no cards named the card is made from none (酒诗)."""
        if not cl.words and cl.cost:
            value: Any = {"cards": {"count": 0, "filters": {}}}
        else:
            value, used = self.p_cards(list(cl.words), scope)
            if not used or used < len(cl.words):
                at = cl.words[used].pos if used < len(cl.words) else cl.pos
                self.issue(at, "dsl-type", "'view' needs cards such as 'red card'",
                           self._hint_for(cl.words[used], scope) if used < len(cl.words)
                           else "or a block of steps that pay for a card made from none")
        args: dict[str, Any] = {"cards": value}
        if cl.card in self.reg.enums.get("card_type", {}):
            args["kind"] = cl.card  # the card's name is chosen as it is used
        elif cl.card not in self.ctx.cards:
            self.issue(cl.card_pos, "dsl-unknown-word", f"unknown card {cl.card!r}",
                       _nearest(cl.card, set(self.ctx.cards)
                                | set(self.reg.enums.get("card_type", {}))))
        self.out.args[id(cl)] = args
        self.options(cl.options, scope, cl.pos, "view")
        self.block(cl.cost, dict(scope))

    def tags(self, effect: A.Effect) -> None:
        tags = set(self.ctx.tags)
        first = effect.clauses[0].pos if effect.clauses else A.Pos(1, 1)
        has_awaken = any(isinstance(c, A.Awaken) for c in effect.clauses)
        if "awakening" in tags and not has_awaken:
            self.issue(first, "dsl-tags", "an awakening skill (觉醒技) needs an 'awaken when' "
                       "clause")
        if has_awaken and "awakening" not in tags:
            self.issue(first, "dsl-tags", "'awaken when' belongs to a skill tagged awakening")
        if "limited" in tags and not _has_game_limit(effect):
            self.issue(first, "dsl-tags", "a limited skill (限定技) needs 'once per game'")
        if "locked" in tags:
            for cl in effect.clauses:
                opt = getattr(cl, "options", None)
                if opt is not None and opt.optional:
                    self.issue(cl.pos, "dsl-tags", "a locked skill cannot be 'optional'")
                body = getattr(cl, "body", ())
                if isinstance(cl, A.Trigger) and body and isinstance(body[0],
                                                                     (A.May, A.MayBlock)):
                    self.issue(body[0].pos, "dsl-tags",
                               "a locked skill (锁定技) is compulsory: remove 'may'",
                               "or drop the 'locked' tag")
                if isinstance(cl, A.ViewAs):
                    self.issue(cl.pos, "dsl-tags", "a view-as conversion is always optional; "
                               "it cannot be locked")
        if "lord" in tags and self.ctx.owner != "skill":  # pragma: no cover
            self.issue(first, "dsl-tags", "only skills can be lord skills")

    def run(self, effect: A.Effect) -> Analysis:
        for cl in effect.clauses:
            self.clause(cl)
        self.tags(effect)
        return self.out


def _has_game_limit(effect: A.Effect) -> bool:
    def walk(node: Any) -> bool:
        if isinstance(node, A.Limit):
            return node.period == "game"
        if isinstance(node, tuple):
            return any(walk(n) for n in node)
        if hasattr(node, "__dataclass_fields__"):
            return any(walk(getattr(node, f)) for f in node.__dataclass_fields__
                       if f != "pos")
        return False
    return walk(effect)


def check(effect: A.Effect, ctx: Context) -> Analysis:
    """Check an effect against the vocabulary; return resolved arguments and issues."""
    return Checker(ctx).run(effect)

"""What every language's rendering shares: placeholder markers, template substitution and
AST walking. Nothing here is a word of any language."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from sgs_tools.dsl import ast as A

NEGATE = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
SUITS = ("heart", "diamond", "spade", "club")
# Events whose "you" is not the card's user but the character holding it: a delayed trick
# takes effect on whoever has it in their judgement zone, so the text names them.
HOLDER_EVENTS = {"delayed_effect"}

# Markers put around substituted values while a sentence is assembled, and taken out
# before it is returned: a value (Korean particles after it are fixed), an amount that is
# not a number, an English card name (article or plural), a count of bound cards.
MARK_OPEN, MARK_CLOSE = "\x01", "\x02"
AMOUNT = "\x03"
CARD_OPEN, CARD_CLOSE = "\x04", "\x05"
EQUAL_OPEN, EQUAL_CLOSE = "\x06", "\x07"
# A name said in full where a clause first names it and short after ("每名其他角色…其…"):
# a token ``MENTION_OPEN n MENTION_CLOSE`` resolved when the clause is done.
MENTION_OPEN, MENTION_CLOSE = "\x0e", "\x0f"


def mark(text: str) -> str:
    """Wrap a substituted value so Korean particles after it can be fixed, and only those."""
    return f"{MARK_OPEN}{text}{MARK_CLOSE}" if text else text


def is_letter(text: str) -> bool:
    """Whether a rendered amount is a letter standing for a defined value (X, Y, …)."""
    return re.fullmatch(r"[A-Z]", text) is not None


@dataclass(frozen=True)
class Alts:
    """Consecutive ifs that test one thing against different values: only one applies."""

    ifs: tuple[A.If, ...]


def open_block(st: Any) -> bool:
    """A statement whose end a reader cannot see: a loop, a choice between branches, or an
    if with several steps or an otherwise. What follows it reads "afterwards, …"."""
    if isinstance(st, (A.ForEach, A.Repeat, A.Choice)):
        return True
    if isinstance(st, A.If):
        return len(st.then) > 1 or bool(st.otherwise)
    return False


@functools.lru_cache(maxsize=4096)
def segments(template: str) -> tuple[tuple[str, str | None, str | None], ...]:
    """A template cut once into (literal, key, rest) pieces: the literal text before each
    placeholder, its key and what follows the key inside the braces (nesting-aware)."""
    out: list[tuple[str, str | None, str | None]] = []
    literal: list[str] = []
    i = 0
    while i < len(template):
        ch = template[i]
        if ch != "{":
            literal.append(ch)
            i += 1
            continue
        depth, j = 1, i + 1
        while j < len(template) and depth:
            depth += {"{": 1, "}": -1}.get(template[j], 0)
            j += 1
        m = re.match(r"(\w+)(.*)$", template[i + 1: j - 1], re.S)
        if not m:
            literal.append(template[i:j])
        else:
            out.append(("".join(literal), m.group(1), m.group(2) or None))
            literal = []
        i = j
    out.append(("".join(literal), None, None))
    return tuple(out)


class Match:
    """A placeholder found by ``substitute``: group(1) its key, group(2) the rest."""

    def __init__(self, key: str, rest: str | None) -> None:
        self._groups = (key, rest)

    def group(self, n: int) -> Any:
        return self._groups[n - 1]


def substitute(template: str, repl: Any) -> str:
    """Replace {key}, {key|noun} and {key:inner {nested}} placeholders (nesting-aware)."""
    out = []
    for literal, key, rest in segments(template):
        out.append(literal)
        if key is not None:
            out.append(repl(Match(key, rest)))
    return "".join(out)


def split_else(body: str) -> tuple[str, str]:
    """Split 'present|absent' at the first '|' outside braces."""
    depth = 0
    for i, ch in enumerate(body):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "|" and depth == 0:
            return body[:i], body[i + 1:]
    return body, ""


_FIELDS: dict[type, tuple[str, ...]] = {}


def walk(node: Any) -> Any:
    """Every AST node under ``node`` (itself included)."""
    yield node
    kind = type(node)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(getattr(kind, "__dataclass_fields__", ()))
    for name in names:
        value = getattr(node, name)
        if isinstance(value, tuple):
            for child in value:
                if hasattr(child, "__dataclass_fields__"):
                    yield from walk(child)
        elif hasattr(value, "__dataclass_fields__"):
            yield from walk(value)


def counts_bound(v: Any, bound: dict[str, str]) -> bool:
    """``cards.count`` of cards bound earlier: "as many as those cards"."""
    ref = v.get("ref") if isinstance(v, dict) else None
    return isinstance(ref, list) and len(ref) == 2 and ref[1] == "count" and ref[0] in bound


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def differing_middles(first: str, second: str) -> tuple[str, str, int, int]:
    """What two texts say differently: the middle of each once their longest common start
    and end (not overlapping) are taken away, and the lengths of that start and end."""
    n = 0
    while n < min(len(first), len(second)) and first[n] == second[n]:
        n += 1
    m = 0
    while m < min(len(first), len(second)) - n and first[-1 - m] == second[-1 - m]:
        m += 1
    return first[n:len(first) - m], second[n:len(second) - m], n, m

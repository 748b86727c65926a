"""Effect text → AST, with lark's LALR parser built once; syntax errors → table-driven messages."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from sgs_tools import paths
from sgs_tools.dsl import ast as A
from sgs_tools.dsl.lalr import parse_fast
from sgs_tools.lines import effect_lines

if TYPE_CHECKING:
    from lark import Lark, Token, Tree


@dataclass(frozen=True)
class SyntaxProblem:
    """A syntax error within effect text: 1-based line and column, message, expected."""

    line: int
    col: int
    message: str
    expected: tuple[str, ...] = ()


class EffectSyntaxError(Exception):
    def __init__(self, problem: SyntaxProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


# (message, bad examples): the examples both explain errors via match_examples and serve
# as test data for these messages (tests/dsl/test_parse.py parses every one).
SYNTAX_ERRORS: dict[str, list[str]] = {
    "a trigger needs ':' after its event, then an indented block": [
        "after damaged\n  draw 1\n",
        "at start of play\n  draw 1\n",
    ],
    "expected an indented block after ':'": [
        "after damaged:\ndraw 1\n",
        "action:\ndraw 1\n",
        "after damaged:\n  if hp > 1:\n  draw 1\n",
    ],
    "a limit reads 'once per phase|turn|round|game' or 'times per turn = N'": [
        "action, once per day:\n  draw 1\n",
        "action, once a turn:\n  draw 1\n",
        "action, twice per turn:\n  draw 1\n",
    ],
    "'at' takes 'start of' or 'end of' and a phase: 'at start of play'": [
        "at begin of play:\n  draw 1\n",
        "at start play:\n  draw 1\n",
    ],
    "a condition compares with ==, !=, <, <=, > or >= (not '=')": [
        "after damaged:\n  if hp = 1:\n    draw 1\n",
    ],
    "each branch of a choice starts with '-' on its own line": [
        "after damaged:\n  source chooses one:\n    discard 1 card\n",
    ],
    "'chooses' must be followed by 'one:'": [
        "after damaged:\n  source chooses:\n    - draw 1\n",
    ],
    "'else' needs a matching 'if' just above it": [
        "after damaged:\n  draw 1\n  else:\n    draw 2\n",
    ],
    "'view' reads 'view <cards> as <card>'": [
        "view red card slash\n",
        "view red card as\n",
    ],
    "unclosed '(' ": [
        "after damaged:\n  draw (X + 1\n",
    ],
    "an effect needs at least one clause": [
        "\n",
    ],
}


class _Indenter:
    """Turns newlines and leading spaces into _INDENT/_DEDENT tokens (python-style)."""

    NL_type = "_NL"
    OPEN_PAREN_types: ClassVar[list[str]] = ["LPAR"]
    CLOSE_PAREN_types: ClassVar[list[str]] = ["RPAR"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


def grammar_path() -> Path:
    return paths.bundled_root() / "grammar" / "effect.lark"


@cache
def parser() -> Lark:
    """The LALR parser, built once per process (and cached on disk by lark)."""
    from lark import Lark
    from lark.indenter import Indenter

    indenter = type("EffectIndenter", (_Indenter, Indenter), {})()
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr",
                postlex=indenter, propagate_positions=True, maybe_placeholders=False,
                cache=True)


MAX_NUMBER_DIGITS = 9
"""Numbers in effect text are small game quantities; longer ones are refused."""


def _normalise(text: str) -> str:
    text = text.replace("\r\n", "\n")
    return text if text.endswith("\n") else text + "\n"


def _bad_dedent(source: str) -> tuple[int, int]:
    """The first line whose indentation closes no open block."""
    stack = [0]
    for number, line in enumerate(effect_lines(source), start=1):
        stripped = line.lstrip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        width = len(line) - len(stripped) + line[: len(line) - len(stripped)].count("\t") * 3
        if width > stack[-1]:
            stack.append(width)
            continue
        while width < stack[-1]:
            stack.pop()
        if width != stack[-1]:
            return number, 1
    return 1, 1


def _describe(expected: set[str]) -> tuple[str, ...]:
    names = {
        "_NL": "end of line", "_INDENT": "an indented block", "_DEDENT": "end of block",
        "COLON": "':'", "COMMA": "','", "NAME": "a word", "INT": "a number",
        "LPAR": "'('", "RPAR": "')'", "MINUS": "'-'", "PLUS": "'+'", "AS": "'as'",
        "COMPARE": "a comparison", "DOT": "'.'", "__ANON_0": "'..'", "STAR": "'*'",
        "SLASH": "'/'",
    }
    out = []
    for name in sorted(expected):
        if name in names:
            out.append(names[name])
        elif name.isupper() and not name.startswith("_"):
            out.append(f"'{name.lower()}'")
    return tuple(dict.fromkeys(out))


FULL_WIDTH = {"：": ":", "，": ",", "（": "(", "）": ")", "·": ".", "．": ".", "－": "-",
              "＋": "+", "＝": "=", "＜": "<", "＞": ">", "！": "!", "　": " ", "＊": "*",
              "／": "/"}
"""Full-width punctuation a Chinese or Korean keyboard types, and what the DSL expects."""


_LONG_NUMBER = re.compile(rf"\d{{{MAX_NUMBER_DIGITS + 1},}}")
_WIDE = re.compile("[" + re.escape("".join(FULL_WIDTH)) + "０-９Ａ-ｚ]")
"""Any character :func:`_full_width` looks at: most effects have none, and skip it."""


def _mixed_indent(source: str) -> SyntaxProblem | None:
    """The first line whose indentation mixes tabs and spaces, in itself or with the lines
    indented before it. The parser counts a tab as four columns wherever it stands, an
    editor to its next tab stop, so only one kind throughout means what it shows."""
    kind = None  # the first indented line's: " " or "\t"
    for number, line in enumerate(effect_lines(source), start=1):
        stripped = line.lstrip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        indent = line[: len(line) - len(stripped)]
        if not indent:
            continue
        kind = kind or indent[0]
        other = next((i for i, ch in enumerate(indent) if ch != kind), None)
        if other is not None:
            return SyntaxProblem(
                number, other + 1, "indentation mixes tabs and spaces",
                ("the indentation of the lines above: "
                 + ("spaces" if kind == " " else "tabs") + " only",))
    return None


def _full_width(source: str) -> SyntaxProblem | None:
    """The first full-width character outside a comment: a specific, located hint."""
    for number, line in enumerate(source.splitlines(), start=1):
        code = line.split("#", 1)[0]
        for index, ch in enumerate(code):
            ascii_form = FULL_WIDTH.get(ch)
            if ascii_form is None and "０" <= ch <= "９":
                ascii_form = chr(ord(ch) - ord("０") + ord("0"))
            if ascii_form is None and "Ａ" <= ch <= "ｚ" and ch.isalpha():
                ascii_form = chr(ord(ch) - 0xFEE0)
            if ascii_form is not None:
                shown = "a full-width space" if ch == "　" else f"full-width {ch!r}"
                return SyntaxProblem(
                    number, index + 1, f"{shown} in effect text",
                    (f"the ASCII {ascii_form!r} (switch the keyboard to half-width)",))
    return None


def parse(text: str) -> A.Effect:
    """Parse effect text; raise :class:`EffectSyntaxError` with a located, helpful message."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput
    from lark.indenter import DedentError

    from sgs_tools.dsl.build import build

    source = _normalise(text)
    if _LONG_NUMBER.search(source):
        for number, line_text in enumerate(effect_lines(source), start=1):
            m = _LONG_NUMBER.search(line_text.split("#", 1)[0])
            if m:
                raise EffectSyntaxError(SyntaxProblem(
                    number, m.start() + 1, f"number {m.group()[:12]}… is too large",
                    (f"at most {MAX_NUMBER_DIGITS} digits",)))
    if _WIDE.search(source):
        wide = _full_width(source)
        if wide is not None:
            raise EffectSyntaxError(wide)
    if "\t" in source:
        mixed = _mixed_indent(source)
        if mixed is not None:
            raise EffectSyntaxError(mixed)
    fast = parse_fast(source, MAX_TREE_DEPTH)
    if fast is not None:
        return fast  # the AST lark's parse and build below would give (sgs_tools.dsl.lalr)
    p = parser()
    try:
        tree = p.parse(source)
    except DedentError:
        line, col = _bad_dedent(source)
        raise EffectSyntaxError(SyntaxProblem(
            line, col, "this line's indentation matches no enclosing block: indent it like "
            "the lines of the block it belongs to")) from None
    except RecursionError:
        raise EffectSyntaxError(SyntaxProblem(1, 1, "the effect nests too deeply")) from None
    except UnexpectedInput as exc:
        label = None
        try:
            label = exc.match_examples(p.parse, SYNTAX_ERRORS, use_accepts=True)
        except Exception:  # pragma: no cover - a table entry that no longer errors
            label = None
        expected: set[str] = set(getattr(exc, "expected", None) or
                                 getattr(exc, "allowed", None) or [])
        line = getattr(exc, "line", 0) or 0
        col = getattr(exc, "column", 0) or 0
        if isinstance(exc, UnexpectedEOF) or line <= 0:
            lines = effect_lines(source.rstrip("\n")) or [""]
            line, col = len(lines), len(lines[-1]) + 1
        token = getattr(exc, "token", None)
        where = source.splitlines()[line - 1][: max(col - 1, 0)] if 0 < line <= len(
            source.splitlines()) else ""
        if label and label.startswith("'else'") and "else" not in (
                str(token or ""), where.strip()):
            label = None  # lark's example matching guessed from the parser state alone
            if token is not None and token.type == "COLON":
                label = ("unexpected ':' here: only a trigger, 'if', 'else', 'may', a choice "
                         "or a loop ends with ':'")
        shape = None if label else _shape_hint(source, line, where, token)
        if shape is not None:
            label, expected_text = shape
            raise EffectSyntaxError(SyntaxProblem(line, col, label, (expected_text,))) from None
        if label:
            message = label.strip()
        elif isinstance(exc, UnexpectedCharacters):
            at = exc.pos_in_stream or 0
            message = f"unexpected character {source[at]!r}"
        else:
            token = getattr(exc, "token", None)
            shown = "end of text" if token is None or token.type == "$END" else (
                "end of line" if token.type == "_NL" else
                "indented block" if token.type == "_INDENT" else
                "end of block" if token.type == "_DEDENT" else repr(str(token)))
            message = f"unexpected {shown}"
        raise EffectSyntaxError(SyntaxProblem(line, col, message, _describe(expected))) from None
    deep = _too_deep(tree)
    if deep is not None:
        raise EffectSyntaxError(deep)
    from lark.exceptions import VisitError

    try:
        return build(tree)
    except RecursionError:  # pragma: no cover - _too_deep bounds the depth first
        raise EffectSyntaxError(SyntaxProblem(1, 1, "the effect nests too deeply")) from None
    except VisitError as exc:
        if isinstance(exc.orig_exc, RecursionError):  # pragma: no cover - as above
            raise EffectSyntaxError(SyntaxProblem(1, 1, "the effect nests too deeply")) from None
        raise


def _shape_hint(source: str, line: int, where: str, token: object) -> tuple[str, str] | None:
    """(message, help) for two mistakes the parser state alone does not tell apart: an
    'else' with no 'if' before it, and a line left unindented under a line ending in ':'."""
    text = str(token or "")
    if text == "else" or (text == ":" and where.strip() == "else"):
        return ("'else' needs a matching 'if' just above it",
                "an 'if …:' block right above the 'else', at the same indentation")
    lines = source.splitlines()
    if not 1 < line <= len(lines):
        return None
    here = lines[line - 1]
    for number in range(line - 1, 0, -1):
        above = lines[number - 1]
        code = above.split("#", 1)[0].rstrip()
        if not code:
            continue
        if code.endswith(":") and (len(here) - len(here.lstrip(" "))
                                   <= len(above) - len(above.lstrip(" "))):
            return ("expected an indented block after ':'",
                    f"the lines under '{code.strip()}' indented further than it "
                    "(two more spaces)")
        return None
    return None


MAX_TREE_DEPTH = 100
"""How deep the parse tree may go: about 45 nested blocks or brackets, or 90 'not's (the
bundled effects reach 16). Deeper effects are refused before anything recurses over them."""


def _too_deep(tree: Tree[Token]) -> SyntaxProblem | None:
    """The place where the parse tree first goes deeper than MAX_TREE_DEPTH (no recursion)."""
    from lark import Tree

    stack: list[tuple[Tree[Token], int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_TREE_DEPTH:
            line, col = _first_position(node)
            return SyntaxProblem(
                line, col, "the effect nests too deeply here",
                (f"no more than about {MAX_TREE_DEPTH * 45 // 100} nested blocks or brackets; "
                 "split the effect up",))
        stack.extend((child, depth + 1) for child in reversed(node.children)
                     if isinstance(child, Tree))
    return None


def _first_position(node: Tree[Token]) -> tuple[int, int]:
    from lark import Token, Tree

    meta = node.meta
    if not getattr(meta, "empty", True) and getattr(meta, "line", None):
        return meta.line, meta.column
    stack: list[Tree[Token] | Token] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Token):
            if item.line:
                return item.line, item.column or 1
        elif isinstance(item, Tree):
            stack.extend(reversed(item.children))
    return 1, 1

"""Effect text → AST in one pass over lark's own tables, or None where lark must speak.

lark stays the parser: it compiles ``grammar/effect.lark`` into its contextual lexer and
LALR tables, and its parse (``sgs_tools.dsl.parse``) gives every syntax error its message
and location. This module only drives those tables faster for text that parses: it lexes
with lark's compiled per-state patterns, indents as lark's ``Indenter`` does, shifts and
reduces by lark's table, and at each reduction calls the ``Builder`` method of the rule
(sgs_tools.dsl.build) with the children and the position that lark's tree builder
(``propagate_positions``) would have given the node, so the AST is the one
``build(lark.parse(text))`` makes, positions included — without building the parse tree
or walking it a second time (about five times faster).

Anything unexpected — a character no terminal matches, a token the table refuses, a bad
dedent, a tree deeper than ``MAX_TREE_DEPTH``, a builder that raises, or a lark whose
internals are not the ones this module reads — returns None, and the caller parses the
text with lark, which then reports what is wrong exactly as before.
tests/dsl/test_lalr.py checks that both give the same AST, positions included, on every
bundled effect and on generated and mutated ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from lark import Token, Tree

if TYPE_CHECKING:
    from lark import Lark

    from sgs_tools.dsl import ast as A

# A node's position as lark's tree builder keeps it: its own (line, column), what its
# parent takes as its first position (``container_*``, which differs from its own only
# for a ``?rule`` that passed a single child through), or None for an empty node.
Meta = tuple[Any, Any, Any, Any] | None


class _Tok(Token):
    """A lark Token made with the four attributes the AST builder reads."""

    __slots__ = ()

    def __new__(cls, type_: str, value: str, start: int | None, line: int | None,
                column: int | None) -> _Tok:
        inst = str.__new__(cls, value)
        inst.type = type_
        inst.value = value
        inst.start_pos = start
        inst.line = line
        inst.column = column
        inst.end_line = inst.end_column = inst.end_pos = None
        return inst

    def __reduce__(self) -> tuple[Any, ...]:
        return (Token, (self.type, self.value, self.start_pos, self.line, self.column))


class _Meta:
    """What a Builder method reads of a node's meta."""

    __slots__ = ("column", "empty", "line")

    def __init__(self, empty: bool, line: Any = None, column: Any = None) -> None:
        self.empty = empty
        self.line = line
        self.column = column


_EMPTY = _Meta(True)


class _Helper:
    """The value of one of lark's helper rules (``__start_star_0`` …): a list of children
    that the parent rule splices in, with their positions and heights."""

    __slots__ = ("children", "heights", "metas")

    def __init__(self, children: list[Any], metas: list[Meta], heights: list[int]) -> None:
        self.children = children
        self.metas = metas
        self.heights = heights


class _Fallback(Exception):
    """The fast path cannot say what lark would: let lark parse the text."""


@dataclass(frozen=True)
class _Rule:
    size: int
    origin: str
    include: tuple[tuple[int, bool], ...] | None
    """Which children the node keeps, and which helper children it splices in (None:
    every child, as they are)."""
    expand1: bool
    """A ``?rule``: a single kept child is passed through instead of making a node."""
    passthrough: bool
    """A ``?rule`` of one symbol: the child, its position and height stay as they are."""
    spliced: bool
    """Some child is a helper's list of children, spliced in."""
    kept: tuple[int, ...]
    """The indices of the children kept (as ``include`` says, or all)."""
    simple: bool
    """Neither a helper, nor a ``?rule``, nor splicing: a node of the kept children."""
    helper: bool
    build: Callable[[Any, list[Any]], Any] | None
    """The Builder method (None for a helper rule, and for a rule the Builder leaves to
    lark's Transformer, which makes a Tree of it: such a text takes lark's path)."""
    grows: int = -1
    """A helper that grows the helper child at this index by its ``rest`` children (a
    list one item longer: ``x*``), reduced inline; -1: not such a helper."""
    fresh: bool = False
    """A helper of plain children only (a list's first items), reduced inline."""
    rest: tuple[int, ...] = ()
    """The plain children such a helper keeps, in order."""


@dataclass(frozen=True)
class _Lexer:
    patterns: tuple[Any, ...]
    ignore: frozenset[str]
    newline: frozenset[str]
    keywords: dict[str, dict[str, str]]
    """Per terminal, the fixed strings that lark's lexer retypes as keywords."""


@dataclass(frozen=True)
class Tables:
    """lark's compiled parser, read once into plain dicts for the loop below."""

    actions: list[dict[str, tuple[bool, Any]]]
    """Per parser state: terminal or rule name → (shift?, next state or rule)."""
    start: int
    end: int
    lexers: list[_Lexer]
    """Per parser state, the contextual lexer lark uses there."""
    valued: frozenset[str]
    """The terminals some rule keeps as a child: the others need no Token made."""
    nl: str
    indent: str
    dedent: str
    open_paren: frozenset[str]
    close_paren: frozenset[str]
    tab_len: int


def _rule_of(rule: Any, callback: Any, methods: dict[str, Any]) -> _Rule:
    """One rule's reduction, read off the callback lark built for it (a chain of
    PropagatePositions → ChildFilter → ExpandSingleChild → Tree)."""
    from lark.parse_tree_builder import (
        ChildFilterLALR_NoPlaceholders,
        ExpandSingleChild,
        PropagatePositions,
    )

    if type(callback) is not PropagatePositions or callback.node_filter is not None:
        raise _Fallback("positions are not propagated as expected")
    f = callback.node_builder
    include = None
    if type(f) is ChildFilterLALR_NoPlaceholders:
        include = tuple((int(i), bool(x)) for i, x in f.to_include)
        f = f.node_builder
    expand1 = False
    if type(f) is ExpandSingleChild:
        expand1 = True
        f = f.node_builder
    if not (isinstance(f, partial) and f.func is Tree and len(f.args) == 1 and not f.keywords):
        raise _Fallback(f"unexpected tree builder for {rule}")
    name = str(f.args[0])
    helper = name.startswith("_")
    build = None if helper else methods.get(name)
    size = len(rule.expansion)
    passthrough = expand1 and size == 1 and include in (None, ((0, False),))
    spliced = include is not None and any(x for _, x in include)
    kept = tuple(range(size)) if include is None else tuple(i for i, _ in include)
    simple = not (helper or expand1 or spliced)
    grows, fresh = -1, False
    rest: tuple[int, ...] = ()
    if helper and not expand1:
        if include is not None and include and include[0][1] and not any(
                x for _, x in include[1:]):
            grows, rest = include[0][0], tuple(i for i, _ in include[1:])
        elif not spliced:
            fresh, rest = True, kept
    return _Rule(size, rule.origin.name, include, expand1, passthrough, spliced, kept,
                 simple, helper, build, grows, fresh, rest)


def _lexer_of(lexer: Any) -> _Lexer:
    from lark.lexer import PatternStr, UnlessCallback

    scanner = lexer.scanner  # built on first use; it sets ``callback`` too
    keywords: dict[str, dict[str, str]] = {}
    for type_, callback in lexer.callback.items():
        if type(callback) is not UnlessCallback:
            raise _Fallback(f"unexpected lexer callback for {type_}")
        table = {}
        for term in callback.scanner.terminals:
            if not isinstance(term.pattern, PatternStr) or term.pattern.flags:
                raise _Fallback(f"unexpected keyword terminal {term.name}")
            table[term.pattern.value] = term.name
        keywords[type_] = table
    return _Lexer(tuple(scanner._mres), frozenset(lexer.ignore_types),
                  frozenset(lexer.newline_types), keywords)


def _methods(builder: Any) -> dict[str, Any]:
    """Builder method name → a function of (meta, children), as lark's Transformer calls
    them for ``v_args(meta=True)``."""
    from lark.visitors import _vargs_meta, _VArgsWrapper

    out = {}
    for name, raw in vars(type(builder)).items():
        if isinstance(raw, _VArgsWrapper):
            if raw.visit_wrapper is not _vargs_meta:
                raise _Fallback(f"Builder.{name} is not a meta=True method")
            out[name] = partial(raw.base_func, builder)
    return out


def tables_of(lark: Lark, builder: Any) -> Tables:
    """Read lark's parse table, contextual lexer and indenter settings (raises
    :class:`_Fallback` if they are not what this module expects)."""
    from lark.indenter import Indenter
    from lark.lexer import ContextualLexer
    from lark.parser_frontends import PostLexConnector

    frontend = lark.parser
    connector = frontend.lexer
    post = lark.options.postlex
    if (lark.options.parser != "lalr" or lark.options.keep_all_tokens
            or lark.options.maybe_placeholders or lark.options.propagate_positions is not True
            or lark.options.transformer is not None or lark.options.lexer_callbacks
            or not isinstance(connector, PostLexConnector) or not isinstance(post, Indenter)
            or not isinstance(connector.lexer, ContextualLexer)):
        raise _Fallback("lark is not configured as sgs_tools.dsl.parse builds it")
    if any(name.isupper() for name in vars(type(builder))):
        raise _Fallback("the Builder transforms tokens")
    inner = frontend.parser.parser
    methods = _methods(builder)
    rules = {rule: _rule_of(rule, cb, methods) for rule, cb in inner.callbacks.items()
             if not isinstance(rule, str)}
    if any(isinstance(rule, str) for rule in inner.callbacks):
        raise _Fallback("token callbacks in the parser")
    states = inner.parse_table.states
    if sorted(states) != list(range(len(states))):
        raise _Fallback("parser states are not numbered 0..n-1")
    actions: list[dict[str, tuple[bool, Any]]] = []
    for state in range(len(states)):
        row = {}
        for type_, (action, arg) in states[state].items():
            shift = action.name == "Shift"
            row[type_] = (shift, arg if shift else rules[arg])
        actions.append(row)
    by_lexer: dict[int, _Lexer] = {}
    lexers = []
    for state in range(len(states)):
        basic = connector.lexer.lexers[state]
        if id(basic) not in by_lexer:
            by_lexer[id(basic)] = _lexer_of(basic)
        lexers.append(by_lexer[id(basic)])
    valued = frozenset(rule.expansion[i].name for rule, r in rules.items() for i in r.kept
                       if rule.expansion[i].is_term)
    if {post.INDENT_type, post.DEDENT_type} & valued:
        raise _Fallback("a rule keeps an indentation token")
    [start] = inner.parse_table.start_states.values()
    [end] = inner.parse_table.end_states.values()
    return Tables(actions, start, end, lexers, valued, post.NL_type, post.INDENT_type,
                  post.DEDENT_type, frozenset(post.OPEN_PAREN_types),
                  frozenset(post.CLOSE_PAREN_types), int(post.tab_len))


@cache
def _tables() -> Tables | None:
    from sgs_tools.dsl.build import Builder
    from sgs_tools.dsl.parse import parser

    try:
        return tables_of(parser(), Builder())
    except (_Fallback, AttributeError, TypeError, ValueError, ImportError, KeyError):
        return None  # another lark: every text goes through lark's own parse


def warm_up() -> None:
    """Build lark's parser and read its tables now (before forking workers, say)."""
    _tables()


def parse_fast(source: str, max_depth: int) -> A.Effect | None:
    """The AST of ``source`` (normalised: ends with a newline), or None when lark should
    parse it (a syntax error, a tree deeper than ``max_depth``, an unexpected lark)."""
    tables = _tables()
    if tables is None:
        return None
    try:
        return _run(tables, source, max_depth)
    except _Fallback:
        return None
    except Exception:  # a builder that raises: lark's path reports it as it always did
        return None


def _reduce(rule: _Rule, entries: list[_Entry], max_depth: int) -> tuple[Any, Meta, int]:
    """One reduction: the value, position and height of the node lark would build (or
    of the child a ``?rule`` passes through, or of a helper's children)."""
    first = None
    for entry in entries:
        if entry[2] is not None:
            first = entry[2]
            break
    if rule.spliced or rule.helper or rule.expand1:
        include = rule.include or [(i, False) for i in rule.kept]
        if rule.helper and include and include[0][1]:
            # a list grown one item at a time (``x*``): extend the helper before it, as
            # lark's child filter does (each helper is taken by exactly one parent)
            grown = entries[include[0][0]][1]
            kids, kid_metas, kid_heights = grown.children, grown.metas, grown.heights
            include = include[1:]
        else:
            kids, kid_metas, kid_heights = [], [], []
        for i, expand in include:
            entry = entries[i]
            if expand:
                helper = entry[1]
                kids += helper.children
                kid_metas += helper.metas
                kid_heights += helper.heights
            else:
                kids.append(entry[1])
                kid_metas.append(entry[2])
                kid_heights.append(entry[3])
        if rule.expand1 and len(kids) == 1:
            child, meta = kids[0], kid_metas[0]
            if isinstance(child, Token):
                return child, meta, kid_heights[0]  # lark leaves a passed-through token
            if meta is None:
                if first is not None:
                    raise _Fallback("an empty node would take its position from its parent")
                return child, None, kid_heights[0]
            if first is not None:
                meta = (meta[0], meta[1], first[2], first[3])
            return child, meta, kid_heights[0]
        if rule.helper:
            own = None if first is None else (first[2], first[3], first[2], first[3])
            return _Helper(kids, kid_metas, kid_heights), own, 0
        height = 1 + (max(kid_heights) if kid_heights else 0)
    else:
        kids = [entries[i][1] for i in rule.kept]
        height = 1
        for i in rule.kept:
            if entries[i][3] >= height:
                height = entries[i][3] + 1
    if height > max_depth:
        raise _Fallback("too deep: lark's path locates the error")
    if rule.build is None:
        raise _Fallback("a node the Builder has no method for")
    if first is None:
        return rule.build(_EMPTY, kids), None, height
    return (rule.build(_Meta(False, first[2], first[3]), kids),
            (first[2], first[3], first[2], first[3]), height)


_Entry = tuple[int, Any, Meta, int]
"""One place on the parser's stack: (state, value, position, height of the subtree)."""


def _run(t: Tables, text: str, max_depth: int) -> A.Effect:
    actions, lexers, valued = t.actions, t.lexers, t.valued
    nl_type, indent_type, dedent_type, tab_len = t.nl, t.indent, t.dedent, t.tab_len
    open_paren, close_paren = t.open_paren, t.close_paren
    stack: list[_Entry] = [(t.start, None, None, 0)]
    pos, line, line_start, end = 0, 1, 0, len(text)
    paren, indents = 0, [0]
    # the indenter's tokens waiting to be fed, last first: (type, value, position)
    pending: list[tuple[str, Any, tuple[int, int, int, int]]] = []
    last_at: tuple[int, int, int, int] | None = None  # the last token lexed (for dedents)
    node_meta = _Meta(False)
    done = False
    while True:
        # -- the next token: one the indenter holds, or one lexed in the parser's state
        if pending:
            type_, tok, tmeta = pending.pop()
        elif done:
            break
        else:
            lexer = lexers[stack[-1][0]]
            ignore, keywords = lexer.ignore, lexer.keywords
            while True:  # lark's BasicLexer.next_token, with its line counter
                if pos >= end:
                    type_ = ""
                    break
                for pattern in lexer.patterns:
                    m = pattern.match(text, pos, end)
                    if m:
                        break
                else:
                    raise _Fallback("no terminal matches here")
                value = m.group(0)
                type_ = m.lastgroup
                at = pos
                col = pos - line_start + 1
                here = line
                if type_ in lexer.newline:
                    count = value.count("\n")
                    if count:
                        line += count
                        line_start = pos + value.rindex("\n") + 1
                pos += len(value)
                table = keywords.get(type_)
                if table is not None and value in table:
                    retyped = table[value]
                    if type_ not in ignore:
                        type_ = retyped
                        break
                    continue
                if type_ not in ignore:
                    break
            if not type_:  # the end: close every open block, as lark's Indenter does
                done = True
                dedent_at = last_at or (0, 0, 0, 0)
                while len(indents) > 1:
                    indents.pop()
                    pending.append((dedent_type, None, dedent_at))
                continue
            tmeta = (here, col, here, col)
            last_at = tmeta
            if type_ == nl_type:
                if paren > 0:
                    continue
                indent_str = value.rsplit("\n", 1)[1]
                width = indent_str.count(" ") + indent_str.count("\t") * tab_len
                if width > indents[-1]:
                    indents.append(width)
                    pending.append((indent_type, None, tmeta))
                else:
                    while width < indents[-1]:
                        indents.pop()
                        pending.append((dedent_type, None, tmeta))
                    if width != indents[-1]:
                        raise _Fallback("a dedent to no open block")
                pending.reverse()  # taken from the end
                tok = _Tok(type_, value, at, here, col) if type_ in valued else None
            else:
                if type_ in open_paren:
                    paren += 1
                elif type_ in close_paren:
                    paren -= 1
                    if paren < 0:
                        raise _Fallback("unbalanced ')'")
                tok = _Tok(type_, value, at, here, col) if type_ in valued else None
        # -- feed it: reduce as the table says, then shift
        while True:
            step = actions[stack[-1][0]].get(type_)
            if step is None:
                raise _Fallback("the table refuses this token")
            shift, arg = step
            if shift:
                stack.append((arg, tok, tmeta, 0))
                break
            if arg.passthrough:
                top = stack[-1]
                stack[-1] = (actions[stack[-2][0]][arg.origin][1], top[1], top[2], top[3])
                continue
            size = arg.size
            if size:
                entries = stack[-size:]
                del stack[-size:]
            else:
                entries = []
            build = arg.build
            if arg.simple and build is not None:  # most nodes: _reduce's plain case, inline
                first = None
                for entry in entries:
                    if entry[2] is not None:
                        first = entry[2]
                        break
                height = 1
                kids = []
                for i in arg.kept:
                    entry = entries[i]
                    kids.append(entry[1])
                    if entry[3] >= height:
                        height = entry[3] + 1
                if height > max_depth:
                    raise _Fallback("too deep: lark's path locates the error")
                if first is None:
                    stack.append((actions[stack[-1][0]][arg.origin][1], build(_EMPTY, kids),
                                  None, height))
                else:
                    # one Meta for every node: a Builder method reads it and keeps nothing
                    line_ = node_meta.line = first[2]
                    col_ = node_meta.column = first[3]
                    stack.append((actions[stack[-1][0]][arg.origin][1], build(node_meta, kids),
                                  (line_, col_, line_, col_), height))
                continue
            if arg.grows >= 0 or arg.fresh:  # a list one item longer, or a new one
                own = None
                for entry in entries:
                    if entry[2] is not None:
                        m = entry[2]
                        own = (m[2], m[3], m[2], m[3])
                        break
                grown = _Helper([], [], []) if arg.fresh else entries[arg.grows][1]
                kids, kid_metas, kid_heights = grown.children, grown.metas, grown.heights
                for i in arg.rest:
                    entry = entries[i]
                    kids.append(entry[1])
                    kid_metas.append(entry[2])
                    kid_heights.append(entry[3])
                stack.append((actions[stack[-1][0]][arg.origin][1], grown, own, 0))
                continue
            value_, meta, height = _reduce(arg, entries, max_depth)
            stack.append((actions[stack[-1][0]][arg.origin][1], value_, meta, height))
    # -- the end of the input: reduce until the table accepts
    end_state = t.end
    while True:
        step = actions[stack[-1][0]].get("$END")
        if step is None or step[0]:
            raise _Fallback("the text ends too early")
        rule = step[1]
        size = rule.size
        if size:
            entries = stack[-size:]
            del stack[-size:]
        else:
            entries = []
        value_, meta, height = _reduce(rule, entries, max_depth)
        stack.append((actions[stack[-1][0]][rule.origin][1], value_, meta, height))
        if stack[-1][0] == end_state:
            result: A.Effect = value_
            return result

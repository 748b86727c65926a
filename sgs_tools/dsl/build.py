"""lark parse tree → AST dataclasses (sgs_tools.dsl.ast), keeping each node's position."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, Tree, v_args
from lark.tree import Meta

from sgs_tools.dsl import ast as A

_POSITIONS: dict[tuple[int, int], A.Pos] = {}
"""Each position made so far, made once: a Pos is frozen, and every node has one (a
frozen dataclass costs far more to make than a lookup). Effects are short, so few."""


def _at(line: int, col: int) -> A.Pos:
    key = (line, col)
    pos = _POSITIONS.get(key)
    if pos is None:
        pos = A.Pos(line, col)
        if len(_POSITIONS) < 100_000:
            _POSITIONS[key] = pos
    return pos


def _pos(meta: Meta) -> A.Pos:
    if getattr(meta, "empty", True):
        return A.NOPOS
    return _at(meta.line, meta.column)


def _tpos(tok: Token) -> A.Pos:
    return _at(tok.line or 0, tok.column or 0)


@v_args(meta=True)
class Builder(Transformer[Token, A.Effect]):
    """Each method builds one node; names follow the grammar's rules and aliases."""

    # -- words ---------------------------------------------------------------------------
    def word(self, meta: Meta, items: list[Token]) -> A.Word:
        return A.Word(str(items[0]), _tpos(items[0]))

    def number(self, meta: Meta, items: list[Token]) -> A.Num:
        return A.Num(int(items[0]), _tpos(items[0]))

    def ref(self, meta: Meta, items: list[Token]) -> A.Ref:
        return A.Ref(tuple(str(t) for t in items), _pos(meta))

    def signed(self, meta: Meta, items: list[Token]) -> A.Signed:
        sign, value = items
        raw: int | str = int(value) if value.type == "INT" else str(value)
        return A.Signed(str(sign), raw, _tpos(sign))

    def range(self, meta: Meta, items: list[Token]) -> A.Range:
        high = int(items[1]) if len(items) > 1 else None
        return A.Range(int(items[0]), high, _pos(meta))

    def words(self, meta: Meta, items: list[Any]) -> tuple[Any, ...]:
        return tuple(A.Group(i, getattr(i, "pos", A.Pos())) if isinstance(i, (A.BinOp, A.Call))
                     else i for i in items)

    def call(self, meta: Meta, items: list[Any]) -> A.Call:
        name, *args = items
        return A.Call(str(name), tuple(a for a in args if a is not None), _pos(meta))

    def arith(self, meta: Meta, items: list[Any]) -> Any:
        left = items[0]
        for i in range(1, len(items), 2):
            left = A.BinOp(str(items[i]), left, items[i + 1], _pos(meta))
        return left

    # -- conditions ----------------------------------------------------------------------
    def comparison(self, meta: Meta, items: list[Any]) -> A.Compare:
        left, op, right = items
        return A.Compare(str(op), left, right, _pos(meta))

    def predicate(self, meta: Meta, items: list[Any]) -> A.Is:
        subject, *rest = items
        negated = any(isinstance(t, Token) and t == "not" for t in rest)
        word = str(rest[-1])
        return A.Is(subject, negated, word, _pos(meta))

    def membership(self, meta: Meta, items: list[Any]) -> A.In:
        return A.In(items[0], str(items[1]), _pos(meta))

    def has_test(self, meta: Meta, items: list[Any]) -> A.Has:
        return A.Has(items[0], items[2], _pos(meta))

    def negate(self, meta: Meta, items: list[Any]) -> A.Not:
        return A.Not(items[-1], _pos(meta))

    def all_of(self, meta: Meta, items: list[Any]) -> Any:
        return items[0] if len(items) == 1 else A.All(tuple(items), _pos(meta))

    def any_of(self, meta: Meta, items: list[Any]) -> Any:
        return items[0] if len(items) == 1 else A.Any_(tuple(items), _pos(meta))

    # -- options and limits --------------------------------------------------------------
    def period(self, meta: Meta, items: list[Token]) -> str:
        return str(items[0])

    def limit_once(self, meta: Meta, items: list[Any]) -> A.Limit:
        return A.Limit(items[0], None, _pos(meta))

    def limit_times(self, meta: Meta, items: list[Any]) -> A.Limit:
        return A.Limit(items[0], items[1], _pos(meta))

    def opt_optional(self, meta: Meta, items: list[Any]) -> tuple[str, Any]:
        return ("optional", True)

    def opt_locked(self, meta: Meta, items: list[Any]) -> tuple[str, Any]:
        return ("locked", True)

    def opt_outside_turn(self, meta: Meta, items: list[Any]) -> tuple[str, Any]:
        return ("outside_turn", True)

    def opt_outside_phase(self, meta: Meta, items: list[Any]) -> tuple[str, Any]:
        return ("outside_phase", (str(items[0]), _tpos(items[0])))

    def opt_phase(self, meta: Meta, items: list[Any]) -> tuple[str, Any]:
        return ("phase", (str(items[0]), _tpos(items[0])))

    def opt_priority(self, meta: Meta, items: list[Any]) -> tuple[str, Any]:
        return ("priority", int(items[0]))

    def opt_grant(self, meta: Meta, items: list[Any]) -> tuple[str, Any]:
        return ("grant", items[0])

    def opt_if(self, meta: Meta, items: list[Any]) -> tuple[str, Any]:
        return ("condition", items[0])

    def options(self, meta: Meta, items: list[Any]) -> A.Options:
        values: dict[str, Any] = {}
        for item in items:
            if isinstance(item, A.Limit):
                values["limit"] = item
            else:
                key, value = item
                if key in ("phase", "outside_phase"):
                    value, values["phase_pos"] = value
                values[key] = value
        return A.Options(**values)

    # -- statements ----------------------------------------------------------------------
    def sentence(self, meta: Meta, items: list[Any]) -> A.Sentence:
        verb, words, *bind = items
        where = bind[1] if len(bind) > 1 else None
        return A.Sentence(str(verb), words, str(bind[0]) if bind else None, _tpos(verb),
                          where)

    def block(self, meta: Meta, items: list[Any]) -> tuple[Any, ...]:
        return tuple(items)

    def do(self, meta: Meta, items: list[Any]) -> A.Do:
        return A.Do(items[0], _pos(meta))

    def maybe(self, meta: Meta, items: list[Any]) -> A.May:
        return A.May(items[0], _pos(meta))

    def maybe_block(self, meta: Meta, items: list[Any]) -> A.MayBlock:
        return A.MayBlock(items[0], _pos(meta))

    def if_stmt(self, meta: Meta, items: list[Any]) -> A.If:
        cond, then, *rest = items
        return A.If(cond, then, rest[0] if rest else (), _pos(meta))

    def chooser_you(self, meta: Meta, items: list[Any]) -> None:
        return None

    def chooser_name(self, meta: Meta, items: list[Token]) -> A.Word:
        return A.Word(str(items[0]), _tpos(items[0]))

    def chooser(self, meta: Meta, items: list[Any]) -> Any:
        return items[0]

    def branch(self, meta: Meta, items: list[Any]) -> tuple[A.Sentence, ...]:
        return tuple(i for i in items if isinstance(i, A.Sentence))

    def choice(self, meta: Meta, items: list[Any]) -> A.Choice:
        chooser, *branches = items
        return A.Choice(chooser, tuple(branches), _pos(meta))

    def for_each(self, meta: Meta, items: list[Any]) -> A.ForEach:
        words = items[0]
        name = str(items[1]) if len(items) == 3 else None
        return A.ForEach(words, name, items[-1], _pos(meta))

    def let(self, meta: Meta, items: list[Any]) -> A.Let:
        return A.Let(str(items[0]), items[1], _pos(meta))

    def repeat(self, meta: Meta, items: list[Any]) -> A.Repeat:
        times = items[0] if len(items) == 2 else None
        return A.Repeat(times, items[-1], _pos(meta))

    def during(self, meta: Meta, items: list[Any]) -> A.During:
        edge, period, *statics = items
        return A.During(str(edge), period, tuple(statics), _pos(meta))

    def limited_block(self, meta: Meta, items: list[Any]) -> A.Limited:
        return A.Limited(items[0], items[1], _pos(meta))

    def after_this(self, meta: Meta, items: list[Any]) -> A.AfterThis:
        return A.AfterThis(items[-1], _pos(meta))

    def stop(self, meta: Meta, items: list[Any]) -> A.Stop:
        return A.Stop(_pos(meta))

    # -- clauses -------------------------------------------------------------------------
    def event_timing(self, meta: Meta, items: list[Any]) -> tuple[str, Token, tuple[Any, ...]]:
        return (str(items[0]), items[1], items[2])

    def phase_timing(self, meta: Meta, items: list[Any]) -> tuple[str, Token, tuple[Any, ...]]:
        return (str(items[0]), items[1], ())

    def trigger(self, meta: Meta, items: list[Any]) -> A.Trigger:
        (timing, event, words), options, body = items
        return A.Trigger(timing, str(event), words, options, body, _pos(meta), _tpos(event))

    def action(self, meta: Meta, items: list[Any]) -> A.Action:
        return A.Action(items[0], items[1], _pos(meta))

    def view_as(self, meta: Meta, items: list[Any]) -> A.ViewAs:
        words, card, options = items
        return A.ViewAs(words, str(card), options, _pos(meta), _tpos(card))

    def view_as_paid(self, meta: Meta, items: list[Any]) -> A.ViewAs:
        words, card, options, cost = items
        return A.ViewAs(words, str(card), options, _pos(meta), _tpos(card), cost)

    def static(self, meta: Meta, items: list[Any]) -> A.Static:
        return A.Static(items[0], items[1], _pos(meta))

    def static_if(self, meta: Meta, items: list[Any]) -> A.StaticIf:
        cond, *statics = items
        return A.StaticIf(cond, tuple(statics), _pos(meta))

    def awaken(self, meta: Meta, items: list[Any]) -> A.Awaken:
        if len(items) == 3:
            (timing, event, words), cond, body = items
            return A.Awaken(cond, body, _pos(meta), timing, str(event), words, _tpos(event))
        return A.Awaken(items[0], items[1], _pos(meta))

    def start(self, meta: Meta, items: list[Any]) -> A.Effect:
        return A.Effect(tuple(items), _pos(meta))


def build(tree: Tree[Token]) -> A.Effect:
    return Builder().transform(tree)

"""The effect DSL's abstract syntax: one frozen dataclass per construct, each with a position.

Positions are 1-based line and column within the effect text; they are left out of
equality so that ``parse(unparse(ast)) == ast`` compares meaning, not layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Pos:
    line: int = 0
    col: int = 0


NOPOS = Pos()


# --- words and expressions --------------------------------------------------------------

@dataclass(frozen=True)
class Num:
    value: int
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Word:
    name: str
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Ref:
    """A dotted reference: ``judgement.suit``, ``source.hp``."""

    parts: tuple[str, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Signed:
    """A signed amount for modifiers: ``-1``, ``+X``."""

    sign: str
    value: int | str
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Range:
    """A count range: ``1..2``, ``1..`` (one or more)."""

    low: int
    high: int | None
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple[Expr, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class BinOp:
    op: str
    left: Expr
    right: Expr
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Group:
    """A parenthesised expression used as a word: ``draw (X + 1)``."""

    expr: Expr
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


Expr = Num | Word | Ref | Call | BinOp
WordNode = Num | Word | Ref | Signed | Range | Group


# --- conditions -----------------------------------------------------------------------

@dataclass(frozen=True)
class Compare:
    op: str
    left: Expr
    right: Expr
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Is:
    """``judgement is black``, ``target is not male``."""

    subject: Expr
    negated: bool
    word: str
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class In:
    subject: Expr
    group: str
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Has:
    """``source has cards``, ``you have no hand cards``."""

    subject: Expr
    words: tuple[WordNode, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Not:
    cond: Cond
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class All:
    conds: tuple[Cond, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Any_:
    conds: tuple[Cond, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


Cond = Compare | Is | In | Has | Not | All | Any_


# --- sentences and statements ------------------------------------------------------------

@dataclass(frozen=True)
class Sentence:
    """A vocabulary word and its arguments: ``discard 2 hand cards as discarded``."""

    verb: str
    words: tuple[WordNode, ...]
    bind: str | None = None
    pos: Pos = field(default=NOPOS, compare=False, repr=False)
    where: Cond | None = None
    """``… as b where COND``: each character chosen must meet COND, read with b naming it."""


@dataclass(frozen=True)
class Limit:
    """``once per phase`` (times is None) or ``times per turn = lost_hp + 1``."""

    period: str
    times: Expr | None = None
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Options:
    limit: Limit | None = None
    optional: bool = False
    locked: bool = False
    outside_turn: bool = False
    phase: str | None = None
    priority: int = 0
    grant: tuple[WordNode, ...] | None = None
    outside_phase: str | None = None
    """``outside discard``: not during the owner's phase of that kind (弃牌阶段外)."""
    condition: Cond | None = None
    """``view as analeptic, if you are face_up:``: when a conversion or action may be used."""
    phase_pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Do:
    sentence: Sentence
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class May:
    sentence: Sentence
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class MayBlock:
    body: tuple[Stmt, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class If:
    cond: Cond
    then: tuple[Stmt, ...]
    otherwise: tuple[Stmt, ...] = ()
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Choice:
    """``source chooses one:`` with branches; chooser None means "you"."""

    chooser: Expr | None
    branches: tuple[tuple[Sentence, ...], ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class ForEach:
    words: tuple[WordNode, ...]
    name: str | None
    body: tuple[Stmt, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Let:
    name: str
    value: Expr
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Repeat:
    times: Expr | None
    body: tuple[Stmt, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class During:
    """``until end of turn:`` followed by modifiers that last that long."""

    edge: str
    period: str
    statics: tuple[Static, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Limited:
    limit: Limit
    body: tuple[Stmt, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class AfterThis:
    """``after this:`` in a before/when trigger: steps done once its event has resolved."""

    body: tuple[Stmt, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Stop:
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


Stmt = (Do | May | MayBlock | If | Choice | ForEach | Let | Repeat | During | Limited | Stop
        | AfterThis)


# --- clauses ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Trigger:
    """``after damaged:``; phase triggers have timing start/end and event = the phase."""

    timing: str
    event: str
    words: tuple[WordNode, ...]
    options: Options
    body: tuple[Stmt, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)
    event_pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Action:
    options: Options
    body: tuple[Stmt, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class ViewAs:
    words: tuple[WordNode, ...]
    card: str
    options: Options
    pos: Pos = field(default=NOPOS, compare=False, repr=False)
    card_pos: Pos = field(default=NOPOS, compare=False, repr=False)
    cost: tuple[Stmt, ...] = ()
    """``view as analeptic:`` with steps: what using the conversion costs (酒诗 turns the
    general card over); the card is then made from the cards named, or from none."""


@dataclass(frozen=True)
class Static:
    sentence: Sentence
    options: Options = Options()
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class StaticIf:
    cond: Cond
    statics: tuple[Static, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)


@dataclass(frozen=True)
class Awaken:
    """``awaken [TIMING] when COND:``; the timing says when the condition is checked
    (``at start of start``, ``after take_damage``), as a trigger's does: ``timing`` is
    start/end (``event`` = the phase) or before/after; None: at the start of each of the
    owner's phases."""

    cond: Cond
    body: tuple[Stmt, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)
    timing: str | None = None
    event: str = ""
    words: tuple[WordNode, ...] = ()
    event_pos: Pos = field(default=NOPOS, compare=False, repr=False)


Clause = Trigger | Action | ViewAs | Static | StaticIf | Awaken


@dataclass(frozen=True)
class Effect:
    clauses: tuple[Clause, ...]
    pos: Pos = field(default=NOPOS, compare=False, repr=False)

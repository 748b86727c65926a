"""Hypothesis strategies that build random, well-formed effect ASTs."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from sgs_tools.dsl import ast as A

NAMES = st.sampled_from(["draw", "gain", "card", "red", "source", "hp", "x1", "others", "X"])
SMALL = st.integers(0, 20)


def exprs(depth: int = 2) -> st.SearchStrategy[object]:
    leaf = st.one_of(SMALL.map(A.Num), NAMES.map(A.Word),
                     st.lists(NAMES, min_size=2, max_size=3).map(lambda p: A.Ref(tuple(p))))
    if depth <= 0:
        return leaf
    sub = exprs(depth - 1)
    return st.one_of(
        leaf,
        st.builds(A.BinOp, st.sampled_from(["+", "-", "*", "/"]), sub, sub),
        st.builds(A.Call, NAMES, st.lists(sub, min_size=1, max_size=2).map(tuple)),
    )


def word_nodes() -> st.SearchStrategy[object]:
    return st.one_of(
        SMALL.map(A.Num), NAMES.map(A.Word),
        st.lists(NAMES, min_size=2, max_size=2).map(lambda p: A.Ref(tuple(p))),
        st.builds(A.Signed, st.sampled_from(["+", "-"]), st.one_of(SMALL, NAMES)),
        st.builds(A.Range, SMALL, st.one_of(st.none(), SMALL)),
        st.builds(lambda e: A.Group(e), st.builds(A.BinOp, st.just("+"), exprs(0), exprs(0))),
    )


def _no_open_range_then_number(ws: list[object]) -> bool:
    return not any(isinstance(a, A.Range) and a.high is None and isinstance(b, (A.Num, A.Range))
                   for a, b in itertools.pairwise(ws))


WORDS = st.lists(word_nodes(), max_size=4).filter(_no_open_range_then_number).map(tuple)
SENTENCES = st.builds(A.Sentence, NAMES, WORDS, st.one_of(st.none(), NAMES))
LIMITS = st.builds(A.Limit, st.sampled_from(["phase", "turn", "round", "game"]),
                   st.one_of(st.none(), exprs(1)))
OPTIONS = st.builds(A.Options, st.one_of(st.none(), LIMITS), st.booleans(), st.booleans(),
                    st.booleans(), st.one_of(st.none(), NAMES), st.integers(-3, 3),
                    st.one_of(st.none(), st.lists(NAMES.map(A.Word), min_size=1,
                                                  max_size=2).map(tuple)),
                    st.one_of(st.none(), NAMES))


def conds(depth: int = 2) -> st.SearchStrategy[object]:
    leaf = st.one_of(
        st.builds(A.Compare, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), exprs(1),
                  exprs(1)),
        st.builds(A.Is, exprs(0), st.booleans(), NAMES),
        st.builds(A.In, exprs(0), NAMES),
        st.builds(A.Has, exprs(0), WORDS),
    )
    if depth <= 0:
        return leaf
    sub = conds(depth - 1)
    return st.one_of(leaf, st.builds(A.Not, sub),
                     st.lists(sub, min_size=2, max_size=3).map(lambda c: A.All(tuple(c))),
                     st.lists(sub, min_size=2, max_size=3).map(lambda c: A.Any_(tuple(c))))


STATIC_LINES = st.builds(A.Static, SENTENCES, OPTIONS)


def stmts(depth: int = 2) -> st.SearchStrategy[object]:
    simple = st.one_of(st.builds(A.Do, SENTENCES), st.builds(A.May, SENTENCES),
                       st.builds(A.Let, NAMES, exprs(1)), st.just(A.Stop()),
                       st.builds(A.During, st.sampled_from(["start", "end"]),
                                 st.sampled_from(["phase", "turn", "round", "game"]),
                                 st.lists(STATIC_LINES, min_size=1, max_size=2).map(tuple)))
    if depth <= 0:
        return simple
    body = st.lists(stmts(depth - 1), min_size=1, max_size=3).map(tuple)
    chooser = st.one_of(st.none(), NAMES.map(A.Word),
                        st.lists(NAMES, min_size=2, max_size=2).map(lambda p: A.Ref(tuple(p))))
    branches = st.lists(st.lists(SENTENCES, min_size=1, max_size=2).map(tuple), min_size=1,
                        max_size=3).map(tuple)
    return st.one_of(
        simple,
        st.builds(A.MayBlock, body),
        st.builds(A.If, conds(1), body, st.one_of(st.just(()), body)),
        st.builds(A.Choice, chooser, branches),
        st.builds(A.ForEach, WORDS, st.one_of(st.none(), NAMES), body),
        st.builds(A.Repeat, st.one_of(st.none(), exprs(1)), body),
        st.builds(A.Limited, LIMITS, body),
    )


BODY = st.lists(stmts(), min_size=1, max_size=3).map(tuple)
CLAUSES = st.one_of(
    st.builds(A.Trigger, st.sampled_from(["before", "when", "after"]), NAMES, WORDS, OPTIONS,
              BODY),
    st.builds(A.Trigger, st.sampled_from(["start", "end"]), NAMES, st.just(()), OPTIONS, BODY),
    st.builds(A.Action, OPTIONS, BODY),
    st.builds(A.ViewAs, WORDS, NAMES, OPTIONS),
    STATIC_LINES,
    st.builds(A.StaticIf, conds(1), st.lists(STATIC_LINES, min_size=1, max_size=2).map(tuple)),
    st.builds(A.Awaken, conds(1), BODY),
    st.builds(A.Awaken, conds(1), BODY, timing=st.sampled_from(["before", "after"]),
              event=NAMES, words=WORDS),
    st.builds(A.Awaken, conds(1), BODY, timing=st.sampled_from(["start", "end"]),
              event=NAMES),
)
EFFECTS = st.lists(CLAUSES, min_size=1, max_size=3).map(lambda c: A.Effect(tuple(c)))

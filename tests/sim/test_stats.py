"""`sgs simulate` and `sgs balance` text tables (sgs_tools/sim/stats.py): columns line up
in a terminal whatever the names (long Guozhan pairs, wide CJK characters, combining marks,
control characters)."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from sgs_tools.sim import balance as bal
from sgs_tools.sim import stats
from sgs_tools.sim.charts import shorten
from sgs_tools.sim.runner import Settings, Summary

NAMES = ["gz_zhangjiao+gz_yanliangwenchou", "曹操+司马懿", "caocao", "조조+사마의",
         "e\u0301e\u0301", "\x1b[31mred\x1b[0m", "lvbu"]


def shown_width(text: str) -> int:
    """Terminal columns, counted here on their own (not with the code under test)."""
    total = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


def column_of(line: str, marker: str) -> int:
    return shown_width(line[:line.rindex(marker)])


def test_simulate_tables_align_for_long_and_wide_names() -> None:
    settings = Settings(mode="guozhan", players=len(NAMES), games=2, seed=0)
    seats = [{"seat": i, "role": "wei" if i % 2 else "shu", "general": g, "alive": True}
             for i, g in enumerate(NAMES)]
    games = [Summary(0, "wei", [1, 3, 5], 20, 5, 100, seats),
             Summary(1, "shu", [0, 2, 4, 6], 20, 5, 100, seats)]
    text = stats.render(stats.summarise(settings, games))
    assert "\x1b" not in text
    heading = "win rate by general (95% CI), each seat counted:\n"
    table = text.split(heading)[1].splitlines()[:len(NAMES)]
    assert len(table) == len(NAMES)
    assert len({column_of(line, "%") for line in table}) == 1, table
    assert len({column_of(line, "[") for line in table}) == 1, table
    assert len({shown_width(line) for line in table}) == 1, table


def _cell(name: str, role: str) -> dict[str, object]:
    return {"general": name, "role": role, "rate": 0.5, "ci95": [0.4, 0.6],
            "pool_rate": 0.45, "effect": 0.05, "cohen_h": 0.1, "p_adjusted": 0.5,
            "wins": 25, "games": 50, "flagged": False}


def test_balance_text_tables_align_for_long_and_wide_names() -> None:
    cells = [_cell(n, r) for n, r in zip(NAMES, ["wei", "蜀", "careerist", "lord", "吴",
                                                "rebel", "qun"], strict=True)]
    report = {"title": "t", "correction": "bh", "alpha": 0.05, "cells": cells,
              "pairs": cells, "role_word": "faction"}
    lines = bal.render_text(report).splitlines()
    for table in (lines[3:3 + len(NAMES)], lines[-len(NAMES):]):
        assert len({column_of(line, "%") for line in table}) == 1, table
        assert len({column_of(line, "pool") for line in table}) == 1, table


@settings(deadline=None)  # a loaded machine takes seconds over one example
@given(st.lists(st.text(max_size=12), min_size=1, max_size=6), st.integers(0, 20))
def test_pad_fills_a_column_exactly(names: list[str], floor: int) -> None:
    size = stats.width(names, floor)
    assert size >= floor
    for name in names:
        cell = stats.pad(name, size)
        assert shown_width(cell) == size, (name, cell)
        assert not any(unicodedata.category(ch) == "Cc" for ch in cell)


@settings(deadline=None)
@given(st.text(max_size=60), st.integers(2, 40))
def test_chart_labels_are_cut_by_display_width(text: str, limit: int) -> None:
    """A long Guozhan pair or a Chinese name is cut to the label column's width in
    terminal columns (a wide character takes two), not in characters."""
    cut = shorten(text, limit)
    assert shown_width(cut) <= limit
    if shown_width(text) <= limit:
        assert cut == text
    else:
        assert cut.endswith("…") and text.startswith(cut[:-1])


def test_a_chinese_label_is_cut_at_half_the_characters() -> None:
    assert shorten("曹" * 20, 30) == "曹" * 14 + "…"
    assert shorten("a" * 20, 30) == "a" * 20


def test_one_game_is_one_game() -> None:
    """Review, session 8: `sgs simulate --games 1` said "1 games of identity"."""
    seats = [{"seat": i, "role": "rebel", "general": "caocao", "alive": True}
             for i in range(4)]
    for games, said in ((1, "1 game of identity"), (2, "2 games of identity")):
        settings = Settings(mode="identity", players=4, games=games, seed=0)
        played = [Summary(i, "rebels", [1], 20, 5, 100, seats) for i in range(games)]
        assert stats.render(stats.summarise(settings, played)).startswith(said + " with 4")


def test_two_careerists_at_one_table_are_two_sides() -> None:
    """Review, session 9: a table with two careerists counted them as one faction, so one
    careerist's win read as the careerist faction winning every such game; each careerist
    is a side of its own and is counted once per seat."""
    seats = [{"seat": 0, "role": "careerist", "general": "a+b", "alive": True},
             {"seat": 1, "role": "careerist", "general": "c+d", "alive": False},
             {"seat": 2, "role": "wei", "general": "e+f", "alive": False},
             {"seat": 3, "role": "wei", "general": "g+h", "alive": False}]
    settings = Settings(mode="guozhan", players=4, games=2, seed=0)
    games = [Summary(0, "careerist", [0], 20, 5, 100, seats),
             Summary(1, "faction", [2, 3], 20, 5, 100, seats)]
    alone = frozenset({"careerist"})
    rep = stats.summarise(settings, games, alone=alone)
    assert (rep.roles["careerist"].wins, rep.roles["careerist"].games) == (1, 4)
    assert (rep.roles["wei"].wins, rep.roles["wei"].games) == (1, 2)  # a team: once a game
    old = stats.summarise(settings, games)  # (how it counted before: one per game)
    assert (old.roles["careerist"].wins, old.roles["careerist"].games) == (1, 2)


def test_the_sides_that_win_alone_come_from_the_mode_data() -> None:
    from sgs_tools.project import library

    lib = library()
    assert stats.lone_roles(lib.mode("guozhan").raw) == {"careerist"}
    assert stats.lone_roles(lib.mode("identity").raw) == {"renegade"}
    assert stats.lone_roles({"victory": {"sides": [{"id": "x", "roles": ["a"]}]}}) == set()
    assert stats.lone_roles({}) == set()

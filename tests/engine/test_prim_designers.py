"""The words designers reach for (grammar/vocabulary/designers.yaml), each run by its
primitive on a small identity table: distance bounds and the distance function, …"""

from __future__ import annotations

from sgs_tools.engine.library import Library

from .gz_table import frame, table

FIVE = ["caocao", "liubei", "sunquan", "lvbu", "zhangfei"]


def test_within_bounds_a_choice_by_distance(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    f = frame(g, 0)
    near = g.interp.select({"noun": "others", "filters": [], "within": 1}, f)
    assert sorted(near) == [1, 4]  # the two neighbours of seat 0 at a five-seat table
    two = g.interp.select({"noun": "others", "filters": [], "within": {"quantity": "hp"}}, f)
    assert sorted(two) == [1, 2, 3, 4]  # within 4 (seat 0's HP): everyone
    assert g.interp.names_seat({"select": {"noun": "others", "filters": [], "within": 1}}, 4,
                               f)
    assert not g.interp.names_seat({"select": {"noun": "others", "filters": [],
                                               "within": 1}}, 2, f)


def test_distance_function_reads_the_table(lib: Library) -> None:
    g = table(lib, FIVE, mode="identity")
    f = frame(g, 0, a=(0,), b=(2,))
    call = {"call": "distance", "args": [{"var": "a"}, {"var": "b"}]}
    assert g.interp.value(call, f) == 2
    g.table.players[1].alive = False  # a dead neighbour is skipped
    assert g.interp.value(call, f) == 1
    assert g.interp.value({"call": "distance", "args": [{"var": "a"}, {"var": "nobody"}]},
                          f) == 0

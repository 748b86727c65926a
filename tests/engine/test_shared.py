"""The library's tables shared by every game: a deep copy of a game keeps them."""

from __future__ import annotations

import copy

from sgs_tools.engine import library
from sgs_tools.engine.shared import Shared


def test_a_deep_copy_shares_the_table_and_copies_the_rest() -> None:
    table = Shared(plans={"x": [1]})
    state = {"table": table, "own": [1, 2]}
    copied = copy.deepcopy(state)
    assert copied["table"] is table
    assert copied["own"] == [1, 2] and copied["own"] is not state["own"]


def test_the_library_keeps_the_same_class() -> None:
    """The rules modules make one without importing the library (which imports the
    modes: tests/test_layers.py); the library's name for it is the same class."""
    assert library.Shared is Shared

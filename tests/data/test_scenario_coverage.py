"""Every identity and Korean skill and card (issue 13), and every Guozhan skill and
Guozhan-only card (issue 8), is named by a scenario: a scenario in tests/scenarios/ writes
its id in its data (a seat's `skills`, a card in a hand or on the table, a scripted `when`,
an expected event or state), not only in a comment or a file name, so `sgs test` proves
each one by name."""

from __future__ import annotations

import re
from typing import Any

from sgs_tools.data.loader import load_file
from tests.conftest import TESTS
from tests.dsl.test_bundled import bundled

SCENARIOS = sorted((TESTS / "scenarios").glob("*.yaml"))
IDENTITY_SETS = {"standard", "wind", "korean"}


def words(node: Any) -> set[str]:
    """Every identifier written in a scenario's data (keys and values; comments ignored)."""
    out: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            out |= words(key) | words(value)
    elif isinstance(node, list):
        for value in node:
            out |= words(value)
    elif isinstance(node, str):
        out |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", node))
    return out


def named_by_scenarios() -> set[str]:
    out: set[str] = set()
    for path in SCENARIOS:
        data = load_file(path).data
        data.pop("name", None)  # a title is prose, not a name the engine reads
        out |= words(data)
    return out


def identity_and_korean_ids() -> set[str]:
    cat = bundled().catalog
    ids = {sid for sid, skill in cat.skills.items()
           if (g := cat.generals.get(skill.owner)) and IDENTITY_SETS & {g.set, *g.also_in}}
    ids |= {cid for cid, card in cat.cards.items() if card.set == "standard"}
    return ids


def test_there_are_identity_and_korean_skills_and_cards() -> None:
    ids = identity_and_korean_ids()
    assert {"jianxiong", "tongji", "slash", "zixing"} <= ids
    assert not any(i.startswith("gz_") for i in ids)


def test_every_identity_and_korean_skill_and_card_is_named_by_a_scenario() -> None:
    assert sorted(identity_and_korean_ids() - named_by_scenarios()) == []


def guozhan_ids() -> set[str]:
    """The skills of the Guozhan generals and the cards only the Guozhan deck has."""
    cat = bundled().catalog
    ids = {sid for sid, skill in cat.skills.items()
           if (g := cat.generals.get(skill.owner)) and "guozhan" in {g.set, *g.also_in}}
    ids |= {cid for cid, card in cat.cards.items() if card.set == "guozhan"}
    return ids


def test_there_are_guozhan_skills_and_cards() -> None:
    ids = guozhan_ids()
    assert {"gz_jianxiong", "gz_wansha", "thunder_slash", "known_both"} <= ids
    assert "slash" not in ids and "jianxiong" not in ids


def test_every_guozhan_skill_and_guozhan_only_card_is_named_by_a_scenario() -> None:
    assert sorted(guozhan_ids() - named_by_scenarios()) == []

"""The mapping table: every entry names a real vocabulary word; a word without an entry
makes its skill not exportable, named by skill and word."""

from __future__ import annotations

import dataclasses

import pytest

from sgs_tools.dsl.vocabulary import registry
from sgs_tools.export.freekill.emit import NotExportable
from sgs_tools.export.freekill.mapping import load, parse
from sgs_tools.export.freekill.skill import emit_skill

REG = registry(frozenset({"identity", "korean"}))


def test_every_mapped_word_is_a_vocabulary_word() -> None:
    m = load()
    # phases are grammar, not vocabulary: 'at the start of your draw phase' compiles to
    # phase_start / phase_end hooks with the phase in the filter
    assert set(m.events) - {"phase_start", "phase_end"} <= set(REG.events)
    assert set(m.actions) <= set(REG.actions)
    assert set(m.modifiers) <= set(REG.modifiers)
    assert set(m.quantities) <= set(REG.quantities)
    assert set(m.selector_nouns) | set(m.selector_filters) <= set(REG.selectors)
    for event, timings in m.events.items():
        for timing, entry in timings.items():
            assert timing in ("before", "when", "after", "at"), (event, timing)
            events = entry["event"] if isinstance(entry["event"], list) else [entry["event"]]
            assert all(str(e).startswith("fk.") for e in events), (event, timing)
            assert set(entry.get("tests") or {}) <= set(events), (event, timing)
            provided = set(REG.events[event].provides) if event in REG.events else set()
            assert set(entry.get("vars") or {}) <= provided, (event, timing)


def test_mapping_is_data_a_word_is_one_entry() -> None:
    m = load()
    hook = {"skill": "x", "kind": "trigger", "event": "take_damage", "timing": "after",
            "filter": {"who": {"var": "you"}}, "condition": None, "cost": [],
            "steps": [{"do": "draw", "args": {"n": 2, "who": {"actor": True}}}],
            "modifiers": [], "frequency": None, "optional": True, "locked": False}
    lua = emit_skill("p__x", [hook], m, m.cards)
    assert "fk.Damaged" in lua.effects[0].kind
    assert "drawCards(2, skel.name)" in lua.effects[0].body
    # without the draw entry the same skill is refused by that word
    actions = {k: v for k, v in m.actions.items() if k != "draw"}
    with pytest.raises(NotExportable) as err:
        emit_skill("p__x", [hook], dataclasses.replace(m, actions=actions), m.cards)
    assert err.value.word == "draw"
    # and a new entry is enough to map a new word
    actions["draw"] = {"params": {"n": "int", "who": "player"},
                       "lua": "${who}:drawCards(${n} + 1, ${skill})\n"}
    lua = emit_skill("p__x", [hook], dataclasses.replace(m, actions=actions), m.cards)
    assert "drawCards(2 + 1, skel.name)" in lua.effects[0].body


@pytest.mark.parametrize("hook, word", [
    ({"kind": "trigger", "event": "turned_over", "timing": "after", "filter": {},
      "steps": []}, "after turned_over"),
    ({"kind": "static", "modifiers": [{"modifier": "count_as", "args": {}}]}, "count_as"),
    ({"kind": "trigger", "event": "take_damage", "timing": "after",
      "filter": {"who": {"var": "you"}}, "steps": [{"do": "extra_turn", "args": {}}]},
     "extra_turn"),
])
def test_unmapped_words_are_refused_by_name(hook: dict[str, object], word: str) -> None:
    m = load()
    with pytest.raises(NotExportable) as err:
        emit_skill("p__x", [hook], m, m.cards)
    assert err.value.word == word


def test_parse_refuses_other_files() -> None:
    with pytest.raises(ValueError, match="freekill-mapping"):
        parse("kind: vocabulary\n")

"""Guozhan reaches 0 engine gaps, honestly: every card and skill of the mode has a
primitive for each word it uses, the gap check sees every word (conditions included) and
every effect kind, and seeded games run each Guozhan word through the engine."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from sgs_tools import project
from sgs_tools.engine import prim_generals, primitives, words
from sgs_tools.engine.game import Game
from sgs_tools.engine.library import Library, walk_words
from sgs_tools.engine.modifiers import Statics
from sgs_tools.engine.records import Setup

RUN_ELSEWHERE = {
    ("action", "view_as"): "a conversion, not a step: used through play options",
    ("modifier", "count_as"): "read by equipped_names, not Statics.active",
    ("event", "dying"): "raised by the dying loop's own listeners",
    ("event", "delayed_effect"): "run by the judgement phase for the card itself",
    ("event", "unequipped"): "a card's own event (emit_own)",
    ("event", "play_phase_action"): "an action hook, offered in the play phase",
    ("action", "extra_turn"): "a core word (放权 only here); tests/scenarios cover it",
}


def guozhan_words(lib: Library) -> Counter[tuple[str, str]]:
    out: Counter[tuple[str, str]] = Counter()
    for source in lib.sources_for_mode(lib.mode("guozhan")):
        for raw in lib.effects.compiled[source].hooks:
            for cat, word in walk_words([raw.get(k) for k in (
                    "cost", "steps", "modifiers", "condition", "frequency", "filter")]):
                out[(cat, word)] += 1
            if raw.get("event"):
                out[("event", str(raw["event"]))] += 1
    return out


def test_every_guozhan_card_and_skill_runs(lib: Library) -> None:
    sources = lib.sources_for_mode(lib.mode("guozhan"))
    assert len(sources) > 100
    assert {s: lib.gaps[s] for s in sources if s in lib.gaps} == {}


def test_a_word_in_a_condition_is_checked() -> None:
    raw = {"kind": "trigger", "event": "take_damage", "steps": [{"if": {
        "is": "nowhere_word", "subject": {"var": "source"}}, "then": [], "else": []}]}
    assert Library.missing_words(raw) == ["selector nowhere_word"]
    raw["steps"][0]["if"]["is"] = "partly_hidden"
    assert Library.missing_words(raw) == []


def test_effect_kinds_no_engine_runs_are_gaps(lib: Library,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    for kind in ("ability", "heirloom"):  # as if the samurai engine were not there
        monkeypatch.delitem(words.EFFECT_KINDS, kind, raising=False)
        monkeypatch.delitem(words.EFFECT_GAPS, kind, raising=False)
    monkeypatch.setattr("sgs_tools.engine.modes.load_builtin", lambda: None)
    fresh = Library(lib.catalog, lib.effects)
    fresh.index()
    kinds = {c.kind for c in lib.effects.compiled.values()} - set(words.EFFECT_KINDS)
    assert kinds == {"ability", "heirloom"}
    for ident, compiled in lib.effects.compiled.items():
        if compiled.kind in kinds:
            assert fresh.gaps.get(ident) == [f"effect kind {compiled.kind}"]
    # and the mode's own count (sgs build, the site, sgs simulate) finds them: an effect of
    # a card or general is named ``card.effect``
    _sources, gaps = fresh.mode_gaps(fresh.mode("samurai"))
    assert set(gaps) == {i for i, c in lib.effects.compiled.items() if c.kind in kinds}
    assert lib.mode_gaps(lib.mode("samurai"))[1] == {}


def test_the_samurai_engine_runs_every_samurai_effect(lib: Library) -> None:
    samurai = [i for i, c in lib.effects.compiled.items() if c.kind in ("ability", "heirloom")]
    assert len(samurai) >= 70
    assert words.EFFECT_KINDS["ability"] == words.EFFECT_KINDS["heirloom"] == "samurai"
    assert [i for i in samurai if i in lib.gaps] == []
    unknown = {"kind": "static", "modifiers": [{"modifier": "teleport", "args": {}}]}
    assert words.EFFECT_GAPS["ability"](unknown) == ["modifier teleport"]


def test_an_engine_declares_what_it_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    lib = project.library()
    samurai = [i for i, c in lib.effects.compiled.items() if c.kind == "heirloom"]
    monkeypatch.setitem(words.EFFECT_KINDS, "heirloom", "test engine")
    monkeypatch.delitem(words.EFFECT_GAPS, "heirloom", raising=False)
    raws = [h for i in samurai for h in lib.effects.compiled[i].hooks]
    missing = {m for raw in raws for m in Library.missing_words(raw)}
    fresh = Library(lib.catalog, lib.effects)
    fresh.index()
    for ident in samurai:
        assert fresh.gaps.get(ident, []) == [m for m in fresh.gaps.get(ident, [])
                                             if m in missing]
        assert "effect kind heirloom" not in fresh.gaps.get(ident, [])
    if missing:
        category, _, word = sorted(missing)[0].partition(" ")
        monkeypatch.setattr(words, "_EXTRA", {category: {word}})
        assert word in (words.known(category) or ())


def test_seeded_games_run_every_guozhan_word(lib: Library,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    want = guozhan_words(lib)
    called: Counter[tuple[str, str]] = Counter()
    for name, fn in list(primitives.ACTIONS.items()):
        def counted(g: Game, a: dict[str, Any], f: Any, fn: Any = fn, name: str = name
                    ) -> Any:
            called[("action", name)] += 1
            return fn(g, a, f)
        monkeypatch.setitem(primitives.ACTIONS, name, counted)
    for table, cat in ((prim_generals.FILTER_WORDS, "selector"),
                       (prim_generals.QUANTITY_WORDS, "quantity")):
        for name, fn in list(table.items()):
            def counted_word(*args: Any, fn: Any = fn, key: tuple[str, str] = (cat, name)
                             ) -> Any:
                called[key] += 1
                return fn(*args)
            monkeypatch.setitem(table, name, counted_word)  # type: ignore[arg-type]
    active = Statics.active

    def counted_active(self: Statics, seat: int, word: str) -> Any:
        out = active(self, seat, word)
        if out:
            called[("modifier", word)] += 1
        return out
    monkeypatch.setattr(Statics, "active", counted_active)
    emit = Game.emit

    def counted_emit(self: Game, event: str, *args: Any) -> Any:
        called[("event", event)] += 1
        return emit(self, event, *args)
    monkeypatch.setattr(Game, "emit", counted_emit)
    for seed in range(16):
        for agents in ("random", "heuristic"):
            result = Game(lib, Setup(mode="guozhan", players=8, seed=seed, agents=agents,
                                     record=False)).play()
            assert result.error is None, result.error
    checked = {k for k in want if k[0] in ("action", "modifier", "event")}
    checked |= {k for k in want if k[0] == "selector" and k[1] in prim_generals.FILTER_WORDS}
    checked |= {k for k in want if k[0] == "quantity" and k[1] in prim_generals.QUANTITY_WORDS}
    never = sorted(k for k in checked if k not in called and k not in RUN_ELSEWHERE)
    assert never == []

"""What the engine keeps up to date instead of working out afresh gives what working it
out afresh gives, in whole games where the table changes under it:

- the listener lists and emit plans kept across a change of the skills at the table
  (``table.setup.forget_listeners`` drops only those the change touches), and the ring
  distances kept while nobody has died;
- the modifiers in force, refreshed per seat (``modifiers.Statics.refresh``);
- Guozhan's latent skills, faction members, public names and the hidden generals a decision is
  searched for (``modes.guozhan``), kept as generals are seated, revealed and hidden.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from sgs_tools.engine.agents import Decision
from sgs_tools.engine.game import Game, Setup
from sgs_tools.engine.library import Hook, Library
from sgs_tools.engine.modes.guozhan import GuozhanRules
from sgs_tools.engine.modifiers import Statics
from sgs_tools.engine.table import characters, events, setup

TABLES = [("identity", 5), ("korean", 6), ("guozhan", 6), ("guozhan", 9)]


def ids(hooks: list[Hook]) -> list[int]:
    return [id(h) for h in hooks]


def plan_shape(plan: events.Plan) -> tuple[Any, ...]:
    """Each seat's hooks and the card hooks by identity, then the rest of the plan."""
    return ([ids(h) for h in plan[0]], ids(plan[1]), *plan[2:])


class CheckedGame(Game):
    """A game that checks, after every change of skills and every refresh of the
    modifiers, that what was kept is what building it again gives."""

    checks: dict[str, int]

    def refresh_skills(self) -> None:
        setup.refresh_skills(self)
        plans, listening = self.emit_plans, self.listening
        self.emit_plans, self.listening = {}, {}
        try:
            for key, (by_seat, cards) in listening.items():
                fresh_seats, fresh_cards = events.listeners(self, key)
                assert [ids(h) for h in by_seat] == [ids(h) for h in fresh_seats], key
                assert ids(cards) == ids(fresh_cards), key
            for key, plan in plans.items():
                fresh = self.emit_plans.get(key) or events.plan_emit(
                    self, key[0], key[1], key)
                assert plan_shape(plan) == plan_shape(fresh), key
            self.checks["plans"] = self.checks.get("plans", 0) + len(plans)
        finally:
            self.emit_plans, self.listening = plans, listening
        self.check_ring()

    def check_ring(self) -> None:
        if self.over:
            return
        ring = self.ring_memo
        kept = {pair: characters.distance(self, *pair) for pair in ring}
        self.ring_memo = {}
        try:
            assert kept == {pair: characters.distance(self, *pair) for pair in kept}
        finally:
            self.ring_memo = ring
        self.checks["ring"] = self.checks.get("ring", 0) + len(kept)


def check_statics(g: CheckedGame) -> None:
    kept = g.statics
    original = kept.refresh

    def refresh() -> None:
        original()
        fresh = Statics(g)
        fresh.refresh()
        assert kept.words == fresh.words
        for seat, (mine, theirs) in enumerate(zip(kept.by_word, fresh.by_word, strict=True)):
            assert mine.keys() == theirs.keys(), seat
            for word, entries in mine.items():
                assert [(id(h), a.word, a.args, f.owner, phase)
                        for h, f, a, phase in entries] == [
                    (id(h), a.word, a.args, f.owner, phase)
                    for h, f, a, phase in theirs[word]], (seat, word)
        g.checks["statics"] = g.checks.get("statics", 0) + 1

    kept.refresh = refresh  # type: ignore[method-assign]


def check_guozhan(g: CheckedGame) -> None:
    rules = g.rules
    if not isinstance(rules, GuozhanRules):
        return
    original = rules.check_decision

    def check_decision(d: Decision) -> None:
        for seat, s in enumerate(rules.slots):
            latent = {k for k, slot in rules.skill_slot[seat].items() if not s.revealed[slot]}
            assert rules.latent_skills[seat] == latent, seat
        for faction in {s.faction for s in rules.slots} - {None}:
            assert faction is not None
            assert rules.faction_members(faction, alive_only=False) == [
                i for i, s in enumerate(rules.slots) if s.faction == faction]
        original(d)
        known = rules.shown[d.seat] if d.seat < len(rules.shown) else set()
        assert rules.secrets[d.seat][1] == frozenset(
            x for i, s in enumerate(rules.slots) if i != d.seat
            for x, up in zip(s.generals, s.revealed, strict=True)
            if not up and x not in known)
        # the generals kept as named by a text are its words that are generals
        if rules.named is not None:
            named, generals = rules.named
            for text in (d.prompt, *d.options):
                if text in named:
                    assert named[text] == {w for w in re.findall(r"[a-z0-9_]+", text)
                                           if w in generals}, text
        # every general face up: no decision is built for the check (``decisions_checked``)
        if rules.slots:  # (dealt)
            assert g.decisions_checked == any(False in s.revealed for s in rules.slots)
        for seat in range(len(rules.slots)):  # the kept public names are the fresh ones
            kept = rules.public_name(seat)
            names, rules.public_names = rules.public_names, []
            assert rules.public_name(seat) == kept, seat
            rules.public_names = names
        g.checks["guozhan"] = g.checks.get("guozhan", 0) + 1

    rules.check_decision = check_decision  # type: ignore[method-assign]
    turned = rules.refresh_turned

    def refresh_turned() -> None:
        turned()
        # what is kept of the seats' skills and equipment (a general turned without a
        # change of skills keeps it) is what reading it again gives
        for seat, names in list(g._equipped.items()):
            assert names == g._equipped_names(seat), seat
        for seat, sources in list(g._sources.items()):
            assert sources == [*g.skillsets[seat], *g.equipped_names(seat)], seat
        for seat, converts in list(g._converts.items()):
            assert converts == events.converts_of(g, g.sources_of(seat)), seat
        g.check_ring()
        g.checks["turned"] = g.checks.get("turned", 0) + 1

    rules.refresh_turned = refresh_turned  # type: ignore[method-assign]


@pytest.mark.parametrize(("mode", "players"), TABLES)
def test_what_is_kept_agrees_with_fresh_answers(lib: Library, mode: str,
                                                players: int) -> None:
    checks: dict[str, int] = {}
    for seed in range(4):
        for agents in ("random", "heuristic"):
            g = CheckedGame(lib, Setup(mode=mode, players=players, seed=seed, agents=agents,
                                       record=False))
            g.checks = checks
            check_statics(g)
            check_guozhan(g)
            r = g.play()
            assert r.error is None, (seed, agents, r.error)
    assert checks.get("plans", 0) > 0 and checks.get("statics", 0) > 0, checks
    if mode == "guozhan":  # (reveals with nobody dead: the ring and those memos are kept)
        assert checks.get("guozhan", 0) > 0 and checks.get("ring", 0) > 0, checks
        assert checks.get("turned", 0) > 0, checks

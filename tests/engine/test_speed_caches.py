"""The engine's speed caches give what working it out afresh gives.

Each cache or shortcut added for speed is checked against the plain computation, in whole
games where the table changes under it: remembered distances while play options are
listed, the card hooks a seat holds (and the seats ``emit`` passes over for them), a
selector checked on one seat, a card's face, the hooks ``emit`` passes over at another
character's event, the plans the interpreter reads selectors and card specs through.
"""

from __future__ import annotations

from typing import Any

import pytest

from sgs_tools.engine.errors import EngineGap
from sgs_tools.engine.game import Game, Setup
from sgs_tools.engine.interp import Frame
from sgs_tools.engine.library import Hook, Library
from sgs_tools.engine.records import PHASE_EVENTS
from sgs_tools.engine.state import CardInst
from sgs_tools.engine.table import characters, events, options

TABLES = [("identity", 5), ("korean", 4), ("guozhan", 6)]


class CheckedGame(Game):
    """A game that, at every distance, attack range and event, also works the answer
    out without the caches and fails the test on any difference."""

    checks: dict[str, int]

    def distance(self, a: int, b: int) -> int:
        got = characters.distance(self, a, b)
        memo, self.range_memo = self.range_memo, None
        try:
            fresh = characters.distance(self, a, b)
        finally:
            self.range_memo = memo
        assert got == fresh, (a, b, memo)
        self.checks["distance"] = self.checks.get("distance", 0) + (memo is not None)
        return got

    def attack_range(self, seat: int) -> int:
        got = characters.attack_range(self, seat)
        memo, self.range_memo = self.range_memo, None
        try:
            fresh = characters.attack_range(self, seat)
        finally:
            self.range_memo = memo
        assert got == fresh, (seat, memo)
        return got

    def emit(self, event: str, timing: str, subject: int | None, payload: dict[str, Any]
             ) -> dict[str, Any]:
        key = (event, timing)
        if key in self.lib.by_event and not self.over:
            _by_seat, cards = self.listeners(key)
            for p in self.table.players:
                if p.alive and cards:
                    want = [h for h in cards if self.holds(p.seat, h)]
                    assert events.held_cards(self, p.seat, cards) == want, (key, p.seat)
                    self.checks["held"] = self.checks.get("held", 0) + 1
        if not self.over:
            self.check_subject_bound(event, timing, payload, subject)
        return events.emit(self, event, timing, subject, payload)

    def check_subject_bound(self, event: str, timing: str, payload: dict[str, Any],
                            subject: int | None) -> None:
        """A hook ``emit`` passes over at another seat's event (``subject_bound``)
        never matches it."""
        key: tuple[Any, ...] = (event, timing, payload.get("phase")) if (
            event in PHASE_EVENTS) else (event, timing)
        plan = self.emit_plans.get(key) or events.plan_emit(self, event, timing, key)
        by_seat, cards, _before, _hooked, _equipment, loose, cards_at = plan
        if cards_at is not None and not self.statics.any_active("change_name"):
            # a seat ``emit`` passes over for the cards (no copy in hand, no equipment or
            # conversion of them) holds none of them, and the delayed tricks left out of
            # the plan are held by no one
            holders = events.hand_holders(self, cards_at[1])
            for p in self.table.players:
                if not p.alive:
                    continue
                if p.seat not in holders and not events.may_hold(
                        self, p.seat, cards_at, self._equipped):
                    assert not [h for h in cards if self.holds(p.seat, h)], (key, p.seat)
                    self.checks["passed"] = self.checks.get("passed", 0) + 1
                assert (p.seat in holders) == any(
                    self.table.cards[u].card in cards_at[1] for u in p.hand), (key, p.seat)
        base = self.listeners((event, timing))[1]
        assert not [h for h in base if h.card_type == "delayed_trick" and h not in cards
                    and any(self.holds(p.seat, h) for p in self.table.players)]
        # (``loose`` None: every hook, the cards' too, is passed over at others' events)
        passed = [(seat, hooks) for seat, hooks in enumerate(by_seat)] if loose is not None else [
            (p.seat, [*(by_seat[p.seat] if by_seat else ()),
                      *(h for h in cards if self.holds(p.seat, h))])
            for p in self.table.players]
        for seat, hooks in passed:
            if seat == subject or (loose is not None and seat in loose) or not (
                    self.table.players[seat].alive):
                continue
            for h in hooks:
                assert events.subject_bound(h, event), (h.describe(), event)
                assert not self.matches(h, seat, event, subject, payload), (
                    h.describe(), seat, subject)
                self.checks["bound"] = self.checks.get("bound", 0) + 1


@pytest.mark.parametrize(("mode", "players"), TABLES)
def test_caches_agree_with_fresh_answers(lib: Library, mode: str, players: int) -> None:
    checks: dict[str, int] = {}
    for seed in range(4):
        g = CheckedGame(lib, Setup(mode=mode, players=players, seed=seed, record=True))
        g.checks = checks
        g.play()
        assert g.range_memo is None  # only kept while options are listed
    assert checks.get("distance", 0) > 0  # memoised distances were used and checked
    assert checks.get("held", 0) > 0
    assert checks.get("bound", 0) > 0  # hooks passed over at others' events were checked
    assert checks.get("passed", 0) > 0  # seats passed over for an event's cards too


@pytest.mark.parametrize("agents", ["heuristic", "random"])
def test_range_memo_is_dropped_when_listing_options_fails(
        lib: Library, agents: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Listed in full (heuristic) or checked as the agent tries them (random)."""
    g = Game(lib, Setup(mode="identity", players=5, seed=3, agents=agents))
    g.deal()
    g.ensure_agents()
    g.refresh_skills()

    def broken(*_args: Any) -> Any:
        assert g.range_memo == {}
        raise RuntimeError("listing failed")

    if agents == "random":
        monkeypatch.setattr(options.PlaySlots, "legal", broken)
    else:
        # (on the class: a game's attributes are slots, with no room for a method of its own)
        monkeypatch.setattr(Game, "play_options", lambda _self, *args: broken(*args))
    phase = next(ph for ph in g.phases if "use_limits" in ph)
    with pytest.raises(RuntimeError):
        g.play_phase(g.table.current, phase)
    assert g.range_memo is None


def modifier_selectors(lib: Library) -> list[Any]:
    """Every ``to``/``from``/``who`` argument of a static modifier in the data."""
    found = []
    for hooks in lib.statics.values():
        for hook in hooks:
            for mod in hook.modifiers:
                args = mod.get("args") or {}
                found += [args[k] for k in ("to", "from", "who") if args.get(k) is not None]
    return found


def test_names_seat_is_membership(lib: Library) -> None:
    selectors = [
        *modifier_selectors(lib),
        {"select": {"noun": "others"}},
        {"select": {"noun": "players", "filters": ["wounded"]}},
        {"select": {"noun": "others", "filters": ["in_range"]}},
        {"select": {"noun": "others", "except": [{"var": "you"}]}},
        {"var": "you"}, None]
    assert len(selectors) > 6
    for seed in range(3):
        g = Game(lib, Setup(mode="identity", players=6, seed=seed))
        g.deal()
        g.refresh_skills()
        g.table.players[2].alive = False  # a dead seat is never named
        g.table.players[4].hp -= 1
        for owner in range(6):
            f = Frame(owner, owner, None)
            for sel in selectors:
                for seat in range(6):
                    assert g.interp.names_seat(sel, seat, f) == (
                        seat in g.interp.players_of(sel, f)), (sel, owner, seat)


def test_face_is_built_once_and_not_compared() -> None:
    a = CardInst(1, "slash", "spade", 7, "basic")
    b = CardInst(1, "slash", "spade", 7, "basic")
    assert a.face() == "slash ♠7"
    assert a.face() is a.face()
    assert a == b  # the remembered face takes no part in equality
    assert CardInst(-1, "slash", None, None, "basic").face() == "slash"
    assert CardInst(2, "peach", "heart", 12, "basic").face() == "peach ♥Q"


def test_library_view_cards_and_hook_key(lib: Library) -> None:
    assert lib.view_cards == {v.view_card for views in lib.views.values() for v in views
                              if v.view_card}
    assert lib.view_cards  # the bundled data has conversions
    hook: Hook = next(h for hooks in lib.hooks.values() for h in hooks)
    assert hook.key == f"{hook.source}#{hook.index}"


def test_select_plans_are_shared_and_read_each_selector_once(lib: Library) -> None:
    g = Game(lib, Setup(mode="identity", players=5, seed=1))
    g.deal()
    g.refresh_skills()
    f = Frame(0, 0, None)
    sel: dict[str, Any] = {"noun": "others", "filters": ["wounded"]}
    assert g.interp.select(sel, f) == ()
    g.table.players[3].hp -= 1
    assert g.interp.select(sel, f) == (3,)  # the plan is the selector's, not its answer
    assert g.interp.select_plans[id(sel)][0] is sel
    other = Game(lib, Setup(mode="identity", players=5, seed=2))
    assert other.interp.select_plans is g.interp.select_plans  # one per library
    twin = dict(sel)  # an equal selector is another selector: it gets its own plan
    g.table.players[3].hp += 1
    assert g.interp.select(twin, f) == ()
    assert g.interp.select_plans[id(twin)][0] is twin


def test_an_unknown_selector_word_is_a_gap_when_it_is_met(lib: Library) -> None:
    g = Game(lib, Setup(mode="identity", players=5, seed=1))
    g.deal()
    g.refresh_skills()
    f = Frame(0, 0, None)
    sel = {"noun": "others", "filters": ["wounded", "no_such_word"]}
    assert g.interp.select(sel, f) == ()  # nobody wounded: the word is never asked
    g.table.players[2].hp -= 1
    with pytest.raises(EngineGap, match="selector no_such_word"):
        g.interp.select(sel, f)


def test_card_spec_plans_match_names_types_colours_and_suits(lib: Library) -> None:
    g = Game(lib, Setup(mode="identity", players=5, seed=1))
    red_slash = CardInst(1, "fire_slash", "heart", 4, "basic")
    black_slash = CardInst(2, "slash", "spade", 7, "basic")
    horse = CardInst(3, "dilu", "club", 5, "equipment", "plus_horse")
    peach = CardInst(4, "peach", "heart", 12, "basic")
    specs: list[tuple[dict[str, Any], list[bool]]] = [
        ({}, [True, True, True, True]),
        ({"filters": {}}, [True, True, True, True]),
        ({"filters": {"name": ["slash"]}}, [True, True, False, False]),
        ({"filters": {"name": ["slash"], "card_type": ["horse"]}}, [True, True, True, False]),
        ({"filters": {"color": ["red"]}}, [True, False, False, True]),
        ({"filters": {"suit": ["spade", "club"]}}, [False, True, True, False]),
        ({"filters": {"name": ["slash"], "color": ["black"]}}, [False, True, False, False]),
        ({"filters": {"card_type": ["basic"], "suit": ["heart"]}}, [True, False, False, True]),
    ]
    for _round in range(2):  # the second time through, from the kept plans
        for spec, want in specs:
            got = [g.interp.card_matches(c, spec)
                   for c in (red_slash, black_slash, horse, peach)]
            assert got == want, spec


def test_emit_plans_are_shared_by_tables_that_listen_alike(lib: Library) -> None:
    first = Game(lib, Setup(mode="identity", players=5, seed=7))
    first.deal()
    first.refresh_skills()
    second = Game(lib, Setup(mode="identity", players=5, seed=7))
    second.deal()
    second.refresh_skills()
    shared = 0
    for key in lib.by_event:
        plan = events.plan_emit(first, key[0], key[1], key)
        assert events.plan_emit(second, key[0], key[1], key) is plan  # the same listeners
        shared += plan is not events.NOBODY
    assert shared > 0
    key = next(k for k in lib.by_event if first.emit_plans[k] is not events.NOBODY)
    plan = first.emit_plans[key]
    by_seat, cards, _before, hooked, _equipment, loose, _cards_at = plan
    assert hooked == [s for s, hooks in enumerate(by_seat) if hooks]
    assert loose is None or loose <= set(hooked)  # (None: every hook subject_bound)
    assert cards == [h for h in lib.by_event.get(key, ()) if h.origin == "card"
                     and h.source in first.card_names() and h.card_type != "delayed_trick"]


def test_a_deep_copy_shares_the_library_tables() -> None:
    import copy

    from sgs_tools.engine.library import Shared

    table = Shared(a=[1])
    holder = {"t": table, "other": [2]}
    copied = copy.deepcopy(holder)
    assert copied["t"] is table and copied["other"] is not holder["other"]

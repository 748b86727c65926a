"""Library + setup (mode, seats, seed, agents) → one game played to the end, with a log.

The core knows the rules of a Sanguosha table (seating and turns, the mode's phases,
zones, distance and attack range, use vs response vs discard, dying and death, rewards
and victory through the mode's data) but no card or general by name: what a card or
skill does comes from its compiled hooks, run by the interpreter. Card *types* are rules
(equipment goes to its slot, a delayed trick waits in the judgement zone).
"""

from __future__ import annotations

import random
from operator import itemgetter
from typing import Any

from sgs_tools.engine import LOG_EVENTS
from sgs_tools.engine.agents import Agent, IllegalChoice
from sgs_tools.engine.errors import (
    EngineError,
    EngineGap,
    GameOver,
    InvariantBroken,
    SetupError,
    StepBudgetExceeded,
)
from sgs_tools.engine.interp import Frame, Interpreter
from sgs_tools.engine.library import Hook, Library
from sgs_tools.engine.modes.base import Rules
from sgs_tools.engine.modifiers import Statics, no_dying
from sgs_tools.engine.records import Result, Setup, Use
from sgs_tools.engine.shared import Shared
from sgs_tools.engine.state import (
    DISCARD,
    DRAW,
    EQUIPMENT,
    GENERAL_PILE,
    HAND,
    JUDGEMENT,
    PILE_SPOTS,
    PROCESSING,
    Table,
)
from sgs_tools.engine.table import (
    characters,
    decisions,
    events,
    health,
    judgement,
    options,
    phases,
    setup,
    turns,
    use,
    zones,
)
from sgs_tools.engine.wordstate import WordState


class Game:
    # Every attribute a game has, in slots: a game has about sixty, more than an instance
    # dict shares its keys for (thirty), and CPython then looks each of them, and every
    # method called on the game (``g.emit`` …), up in the instance's own dict first. A
    # method replaced for one game goes on its class (a test's patch) or on a subclass
    # (a rollout child's ``finish``).
    __slots__ = ("_card_names", "_converts", "_equipped", "_rules_numbers", "_sources",
                 "_statics_dirty", "action_lists", "agents", "card_listening", "card_slots",
                 "changes", "copies", "count_as", "counters", "current_frame",
                 "decisions_checked", "emit_plans", "extra_turns", "forgo_draw",
                 "hand_names", "interp", "leaning", "lib", "limit_keys", "listening", "log",
                 "made_of", "mode", "next_virtual", "over", "phase_kind", "phase_kinds",
                 "phase_uses", "phases", "probe_uses", "probes", "quiet_phases",
                 "range_memo", "raw", "record", "result", "ring_alive", "ring_memo", "rng",
                 "rules", "seat_listening", "seat_views", "setup", "skill_stats",
                 "skillsets", "skipped", "statics", "statics_seats", "steps", "table",
                 "trigger_answers", "turn_plays", "use_stack", "view_names", "views",
                 "word_state")

    def __init__(self, lib: Library, setup: Setup, agents: list[Agent] | None = None) -> None:
        self.lib = lib
        self.setup = setup
        self.mode = lib.mode(setup.mode)
        self.raw = self.mode.raw
        self.rng = random.Random(f"game:{setup.seed}")
        self.log: list[dict[str, Any]] = []
        self.record = setup.record
        self.steps = 0
        self.over = False
        self.result = Result()
        self.interp = Interpreter(self)
        self.statics = Statics(self)
        self._statics_dirty = True
        self._equipped: dict[int, list[str]] = {}
        self._sources: dict[int, list[str]] = {}
        self._converts: dict[int, set[str]] = {}
        self.made_of: list[tuple[list[str], dict[str, int], int | None, bool] | None] = []
        """Per seat, what its equipped names, sources and conversions (those three memos)
        were read of: its skills, its equipment, a weapon it borrowed, whether it lives
        (copied). When the statics are marked dirty only the seats whose are not the
        same drop their memos (``seats_changed``)."""
        self.statics_seats: set[int] | None = None
        """While the statics are dirty: the seats whose modifiers ``Statics.refresh``
        reads again (those ``seats_changed`` found); None: every seat (the statics were
        marked dirty otherwise, or the skills at the table were refreshed)."""
        self.count_as: dict[int, tuple[list[str], list[tuple[str, str | None]]]] = {}
        """Seat → (its skill list, the cards its ``count_as`` modifiers name: name and
        subtype), while the list is the seat's (``events.statics_for_count_as``)."""
        self.hand_names: dict[tuple[int, ...], frozenset[str]] = {}
        """A hand's uids → its cards' names (``events.hand_names``)."""
        self.agents: list[Agent] = agents or []
        self.table = Table({}, [])
        self.counters: dict[tuple[str, int, str], int] = {}
        self.phase_uses: dict[tuple[int, str], int] = {}
        self.turn_plays: dict[tuple[int, str], int] = {}
        """(seat, card) → cards used or played in this turn's play phase."""
        self.phase_kind = ""
        self.phase_kinds: dict[int, tuple[Any, ...]] = {}
        """id of a phase's data → (the data, its ``table.turns.phase_kind``, its id, the
        keys of its events: ``table.turns.phase_plan``)."""
        """What the phase being played does (``table.turns.phase_kind``)."""
        self.skipped: dict[int, set[str]] = {}
        self.forgo_draw = False
        self.extra_turns: list[int] = []
        self.views: dict[int, str] = {}
        self.probes: dict[str, int] = {}
        self.action_lists: options.ActionIndex | None = None
        """Per seat, its skills' own and granted action hooks, and its own as play
        candidates (``options.action_index``), until the skills at the table change."""
        self.limit_keys: dict[str, str] = {}
        """Card name → the name its uses are limited under (``prim_use.limit_key``)."""
        self.card_slots: dict[int, options.CardSlot] = lib.compiled.setdefault(
            "card_slots", Shared())
        """Hand card uid → how the play options list it (``options.card_slot``): kept
        by the library for every game, as a mode's physical cards are (``build_deck``)."""
        self.seat_views: dict[int, tuple[list[str], list[tuple[str, Hook]]]] = {}
        """Seat → (its ``sources_of`` list, the conversions of those sources), read by
        ``options.seat_views`` while that list is the one ``sources_of`` gives."""
        self.view_names: dict[str, list[str]] = {}
        """View-as hook key → the card names it can make at this table (prim_views)."""
        self.probe_uses: dict[tuple[str, int], Use] = {}
        """(card, user) → a Use of a probe card, for checking targets (never changed)."""
        self.trigger_answers: dict[str, bool] = {}
        self.listening: dict[tuple[str, str], tuple[list[list[Hook]], list[Hook]]] = {}
        """Event key → the hooks that listen to it (``table.events.listeners``): kept
        until the skills at the table change."""
        self.seat_listening: list[dict[tuple[str, str], list[Hook]] | None] = []
        """Per seat, event key → the hooks of its skills that listen to it (the library's
        ``listening_for`` its skills; None once they change: ``table.events.listeners``)."""
        self.card_listening: dict[tuple[str, str], list[Hook]] = {}
        """Event key → the card hooks of cards at this table (which never change)."""
        self.emit_plans: dict[tuple[Any, ...], events.Plan] = {}
        """Event key (with the phase, for a phase event) → how ``emit`` raises it."""
        self.quiet_phases: set[str] = set()
        """The phases whose start, beginning, awakening check, end and ending nobody
        listens to (their plans all NOBODY: ``table.turns.run_phase``); emptied whenever
        plans are dropped (``table.setup.refresh_skills``), as a plan is only ever added
        otherwise."""
        self._card_names: frozenset[str] | None = None
        self.copies: tuple[dict[int, Any], int, dict[str, list[int]]] | None = None
        """The table's cards (that dict, its size) → card name → the uids of its copies
        (``table.events.hand_holders``)."""
        self.skill_stats: dict[str, list[int]] = {}
        """Per skill (or card hook) source: [uses, cards drawn, damage dealt, HP recovered]
        by its owner while it resolved — what a balance report shows a designer."""
        self.skillsets: list[list[str]] = []
        self.leaning: list[float] = []
        self.next_virtual = -1
        self.current_frame: Frame | None = None
        self.phases: list[dict[str, Any]] = list(self.raw.get("phases") or [])
        self.use_stack: list[Use] = []
        self.changes = 0
        self.word_state = WordState()
        """What a vocabulary word remembers between steps, with when it ends."""
        self.range_memo: dict[tuple[int, int], int] | None = None
        """While a player's play options are listed (nothing on the table changes then):
        (a, b) → distance from a to b, (a, -1) → a's attack range. None the rest of the
        time, when every distance is worked out afresh."""
        self.ring_memo: dict[tuple[int, int], int] = {}
        """(a, b) → seats from a to b the shorter way round, counting the living: what a
        distance is before modifiers. Cleared when skills are refreshed, as they are
        whenever someone dies (and when a scenario has set the table up), if who is alive
        has changed since it was last cleared (``ring_alive``)."""
        self.ring_alive: tuple[bool, ...] = ()
        self._rules_numbers: tuple[int, int] | None = None
        from sgs_tools.engine.modes import rules_for

        self.rules: Rules = rules_for(self.mode, lib.catalog.modes)(self)
        self.decisions_checked = type(self.rules).check_decision is not Rules.check_decision
        """Whether the mode's rules check what a decision shows (``check_decision``); if
        not, a random agent is asked without building one (``decisions.ask_n``)."""

    @property
    def statics_dirty(self) -> bool:
        """Skills or equipment changed: modifiers and equipped names must be recomputed."""
        return self._statics_dirty

    @statics_dirty.setter
    def statics_dirty(self, value: bool) -> None:
        was = self._statics_dirty
        self._statics_dirty = value
        if value:
            changed = self.seats_changed()
            if changed is None or not was:
                self.statics_seats = changed
            elif self.statics_seats is not None:
                self.statics_seats |= changed

    def seats_changed(self) -> set[int] | None:
        """Skills or equipment changed somewhere (an equipment move, a borrowed weapon,
        the skills refreshed): the seats whose skills, equipment, borrowed weapon or
        life are not what their memos were read of drop them, and are returned (None,
        with every memo dropped, if the table's seats are not those of the last time)."""
        players = self.table.players
        kept = self.made_of
        skillsets = self.skillsets
        if len(kept) != len(players) or len(skillsets) != len(players):
            kept[:] = [None] * len(players)
            self._equipped.clear()
            self._sources.clear()
            self._converts.clear()
            return None
        borrowing = bool(self.word_state.kept)  # (else nobody has borrowed a weapon)
        if borrowing:
            from sgs_tools.engine.primitives import borrowed_weapon
        changed: set[int] = set()
        for p in players:
            seat = p.seat
            made = (skillsets[seat], p.equipment,
                    borrowed_weapon(self, seat) if borrowing else None, p.alive)
            if made != kept[seat]:
                kept[seat] = (list(made[0]), dict(made[1]), made[2], made[3])
                self._equipped.pop(seat, None)
                self._sources.pop(seat, None)
                self._converts.pop(seat, None)
                changed.add(seat)
        return changed

    def rules_numbers(self) -> tuple[int, int]:
        """The mode's minimum distance and base attack range (read once per game)."""
        found = self._rules_numbers
        if found is None:
            rule = self.raw.get("distance") or {}
            found = self._rules_numbers = (int(rule.get("min_distance", 1)),
                                           int(rule.get("base_attack_range", 1)))
        return found

    # == running ==========================================================================
    def play(self) -> Result:
        """Deal (unless the table was set up already) and play until the game ends."""
        try:
            if not self.table.players:
                self.deal()
            self.ensure_agents()
            self.refresh_skills()
            self.loop()
        except GameOver:
            pass
        except EngineError as exc:
            self.fail(exc)
        except IllegalChoice as exc:
            self.fail(exc, kind="illegal-choice")
        return self.finish()

    def fail(self, exc: Exception, kind: str | None = None) -> None:
        self.over = True
        self.result.error = str(exc)
        self.result.error_kind = kind or getattr(exc, "kind", "error")
        if isinstance(exc, StepBudgetExceeded):
            self.result.error_skill = exc.skill
        elif isinstance(exc, EngineGap):
            self.result.error_skill = exc.where or None
        elif self.current_frame is not None:
            self.result.error_skill = self.current_frame.name
        self.log_event("error", kind=self.result.error_kind, message=str(exc))

    def finish(self) -> Result:
        r = self.result
        r.turns = self.table.turn
        r.rounds = self.table.round
        r.steps = self.steps
        r.log = self.log
        r.seats = [self.rules.seat_summary(p) for p in self.table.players]
        r.gaps = self.gaps()
        r.skills = self.skill_stats
        return r

    def gaps(self) -> list[str]:
        """``source: words`` for every skill or card at the table that has an engine gap."""
        present = [s for p in self.table.players for s in p.skills]
        present += sorted({c.card for c in self.table.cards.values()})
        return [f"{s}: {', '.join(self.lib.gaps[s])}" for s in dict.fromkeys(present)
                if s in self.lib.gaps]








    # == the rules by topic (sgs_tools/engine/table/) ======================================
    deal = setup.deal
    build_deck = setup.build_deck
    add_player = setup.add_player
    refresh_skills = setup.refresh_skills
    ensure_agents = setup.ensure_agents

    loop = turns.loop
    take_turn = turns.take_turn
    run_phase = turns.run_phase
    end_period = turns.end_period
    sweep = turns.sweep

    judge_phase = phases.judge_phase
    zone_name = phases.zone_name
    draw_phase = phases.draw_phase
    play_phase = phases.play_phase
    discard_phase = phases.discard_phase

    play_options = options.play_options
    action_hooks = options.action_hooks
    use_limit = options.use_limit
    probe_card = options.probe_card
    card_usable = options.card_usable
    action_usable = options.action_usable
    has_targets = options.has_targets
    do_play_option = options.do_play_option
    run_action = options.run_action
    declarable = options.declarable
    disguised_use = options.disguised_use

    listeners = events.listeners
    card_names = events.card_names
    emit = events.emit
    holds = events.holds
    armour_ignored = events.armour_ignored
    equipped_names = events.equipped_names
    _equipped_names = events._equipped_names
    statics_for_count_as = events.statics_for_count_as
    sources_of = events.sources_of
    matches = events.matches
    subject_ok = events.subject_ok
    card_filter = events.card_filter
    fire_for = events.fire_for
    fire = events.fire
    card_response = events.card_response
    count_view = events.count_view
    discard_processed = events.discard_processed
    run_hook = events.run_hook
    frequency_ok = events.frequency_ok
    frequency_use = events.frequency_use
    add_temporary_modifiers = events.add_temporary_modifiers

    ask = decisions.ask
    ask_n = decisions.ask_n
    ask_yes_no = decisions.ask_yes_no
    ask_may = decisions.ask_may
    step_label = decisions.step_label
    choose_one = decisions.choose_one
    choose_players = decisions.choose_players
    choose_cards = decisions.choose_cards

    face = zones.face
    make_virtual = zones.make_virtual
    card_for = zones.card_for
    move = zones.move
    emit_own = zones.emit_own
    reshuffle = zones.reshuffle
    peek = zones.peek
    draw = zones.draw
    discard = zones.discard
    equip = zones.equip
    place = zones.place
    pass_on = zones.pass_on

    use_card = use.use_card
    resolve = use.resolve
    declares_targets = staticmethod(use.declares_targets)
    count_play = use.count_play
    play_phase_count = use.play_phase_count
    targeting_select = use.targeting_select
    can_target = use.can_target
    pick = use.pick
    after_targeting = use.after_targeting
    redirect = use.redirect
    cancel = use.cancel
    takes_effect = use.takes_effect
    respond = use.respond
    ask_play = use.ask_play
    response_sources = use.response_sources
    declare = use.declare
    answers_by_trigger = use.answers_by_trigger
    ask_for_card = use.ask_for_card
    announce_answer = use.announce_answer
    response_counts = use.response_counts
    answer_done = use.answer_done

    damage = health.damage
    lose_hp = health.lose_hp
    recover = health.recover
    change_max_hp = health.change_max_hp
    dying = health.dying
    rescue_by_rule = health.rescue_by_rule
    die = health.die

    judge = judgement.judge

    distance = characters.distance
    attack_range = characters.attack_range
    in_range = characters.in_range
    skip_phase = characters.skip_phase
    turn_over = characters.turn_over
    gain_skill = characters.gain_skill

    # == bookkeeping ======================================================================
    def tick(self, f: Frame | None) -> None:
        self.steps += 1
        if self.steps > self.setup.step_budget:
            raise StepBudgetExceeded(f.name if f is not None else "rules",
                                     self.setup.step_budget)

    USES, DRAWN, DAMAGE, RECOVERED = range(4)

    def credit(self, what: int, n: int, seat: int) -> None:
        """Credit ``n`` cards drawn, damage or HP to the skill resolving now, if ``seat``
        (who drew, dealt or recovered) is its owner."""
        f = self.current_frame
        if f is not None and f.hook is not None and f.owner == seat and n > 0:
            self.skill_stats.setdefault(f.hook.source, [0, 0, 0, 0])[what] += n

    def log_event(self, event: str, /, **data: Any) -> None:
        if event == "skill":
            self.skill_stats.setdefault(str(data["skill"]), [0, 0, 0, 0])[0] += 1
        if self.record:
            if event not in LOG_EVENTS:
                raise EngineError(f"unknown log event {event!r}")
            data["e"] = event
            self.log.append(data)

    def check_invariants(self) -> None:
        t = self.table
        uids, expected = self.zone_cards()  # (one pass over the zones for both checks)
        if len(uids) != len(t.cards) or len(t.where) != len(t.cards):
            raise InvariantBroken(f"cards not conserved: {len(uids)} in zones, "
                                  f"{len(t.where)} located, {len(t.cards)} in the game")
        # Every card in a zone is located there; with the counts equal, each card is
        # where it is said to be (one pass over the zones, not a search per card: every
        # zone's cards looked up at once, and only if one is not where it is said to be,
        # zone by zone for the first such card).
        if not self.all_located(uids, expected):
            self.find_misplaced()
        for p in t.players:
            if p.alive and not (p.hp <= p.max_hp and (p.hp > 0 or no_dying(self, p.seat))):
                raise InvariantBroken(f"seat {p.seat} is alive with {p.hp}/{p.max_hp} HP")
            if not p.alive and (p.hand or p.equipment or p.judgement or p.pile) and (
                    self.rules.death_cards(p)):
                raise InvariantBroken(f"seat {p.seat} is dead but still holds cards of a "
                                      "zone its mode discards on death")
        if t.processing:
            raise InvariantBroken(f"cards left in processing: "
                                  f"{[self.face(u) for u in t.processing]}")
        self.rules.check_invariants()

    def zone_cards(self) -> tuple[list[int], list[tuple[str, int]]]:
        """Every card in a zone, and beside each the zone (and seat) it lies in."""
        t = self.table
        draw, discard, processing = t.draw_pile, t.discard_pile, t.processing
        uids = [*draw, *discard, *processing]
        # (the piles' own tuples, PILE_SPOTS: those the moves record, compared as such)
        expected = [PILE_SPOTS[DRAW]] * len(draw)
        if discard:
            expected += [PILE_SPOTS[DISCARD]] * len(discard)
        if processing:
            expected += [PILE_SPOTS[PROCESSING]] * len(processing)
        for p in t.players:
            seat = p.seat
            if p.hand:
                uids += p.hand
                expected += [(HAND, seat)] * len(p.hand)
            if p.equipment:
                uids += p.equipment.values()
                expected += [(EQUIPMENT, seat)] * len(p.equipment)
            if p.judgement:
                uids += p.judgement
                expected += [(JUDGEMENT, seat)] * len(p.judgement)
            if p.pile:
                uids += p.pile
                expected += [(GENERAL_PILE, seat)] * len(p.pile)
        return uids, expected

    def all_located(self, uids: list[int], expected: list[tuple[str, int]]) -> bool:
        """Whether every card in a zone is said (``Table.where``) to be in that zone
        (``zone_cards``' lists)."""
        where = self.table.where
        if len(uids) < 2:
            return [where.get(u) for u in uids] == expected
        try:
            return list(itemgetter(*uids)(where)) == expected
        except KeyError:  # (a card in a zone but located nowhere)
            return False

    def find_misplaced(self) -> None:
        """Raise for the first card, zone by zone, that is not where it is said to be."""
        t = self.table
        where_get = t.where.get
        for zone, uids in ((DRAW, t.draw_pile), (DISCARD, t.discard_pile),
                           (PROCESSING, t.processing)):
            if uids and list(map(where_get, uids)).count((zone, -1)) != len(uids):
                self.misplaced(zone, -1, uids)
        for p in t.players:
            seat = p.seat
            if p.hand and list(map(where_get, p.hand)).count((HAND, seat)) != len(p.hand):
                self.misplaced(HAND, seat, p.hand)
            if p.equipment:
                uids = list(p.equipment.values())
                if list(map(where_get, uids)).count((EQUIPMENT, seat)) != len(uids):
                    self.misplaced(EQUIPMENT, seat, uids)
            for zone, uids in ((JUDGEMENT, p.judgement), (GENERAL_PILE, p.pile)):
                if uids and list(map(where_get, uids)).count((zone, seat)) != len(uids):
                    self.misplaced(zone, seat, uids)
        raise InvariantBroken("a card is not where it is said to be")

    def misplaced(self, zone: str, seat: int, uids: list[int]) -> None:
        """Raise for the first of a zone's cards that is said to be elsewhere."""
        here = (zone, seat)
        for uid in uids:
            said = self.table.where.get(uid)
            if said != here:
                raise InvariantBroken(
                    f"card {self.face(uid)} lies in {zone} of seat {seat} but is said "
                    f"to be in {said[0] if said else 'no zone'}"
                    f"{f' of seat {said[1]}' if said else ''}")

    def win(self, side: str, winners: list[int]) -> None:
        """End the game: ``side`` has won, with these seats."""
        self.result.winners = winners
        self.result.winning_side = side
        self.over = True
        self.log_event("win", side=side, seats=winners)
        raise GameOver



def play_game(lib: Library, setup: Setup) -> Result:
    """Deal and play one game with the setup's agents."""
    return Game(lib, setup).play()


__all__ = ["DRAW", "Game", "Result", "Setup", "SetupError", "Use", "play_game"]

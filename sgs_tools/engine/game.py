"""Library + setup (mode, seats, seed, agents) → one game played to the end, with a log.

The core knows the rules of a Sanguosha table (seating and turns, the mode's phases,
zones, distance and attack range, use vs response vs discard, dying and death, rewards
and victory through the mode's data) but no card or general by name: what a card or
skill does comes from its compiled hooks, run by the interpreter. Card *types* are rules
(equipment goes to its slot, a delayed trick waits in the judgement zone).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from sgs_tools.engine import LOG_EVENTS, ai
from sgs_tools.engine.agents import DECISION_KINDS, Agent, Decision, IllegalChoice, make_agent
from sgs_tools.engine.errors import (
    Abort,
    EngineError,
    EngineGap,
    GameOver,
    InvariantBroken,
    SetupError,
    StepBudgetExceeded,
)
from sgs_tools.engine.interp import Frame, Interpreter, card_is_named
from sgs_tools.engine.library import Hook, Library
from sgs_tools.engine.modifiers import Statics, card_filter_ok, delta
from sgs_tools.engine.state import (
    DISCARD,
    DRAW,
    EQUIPMENT,
    HAND,
    JUDGEMENT,
    PROCESSING,
    CardInst,
    Player,
    Table,
)
from sgs_tools.engine.words import DODGED

PHASE_EVENTS = frozenset({"phase_start", "phase_end", "phase_begins"})
SLOTS = ("weapon", "armour", "plus_horse", "minus_horse")


@dataclass
class Setup:
    """Everything that fixes a game: mode, seats, generals, seed and agents."""

    mode: str = "identity"
    players: int = 5
    seed: int = 0
    generals: list[str] | None = None
    first_game: bool = False
    agents: str = "random"
    step_budget: int = 200_000
    max_turns: int = 400
    check_invariants: bool = True
    record: bool = True


@dataclass
class Result:
    """How a game ended: the winners, its length, and any error, with the log."""

    winners: list[int] = field(default_factory=list)
    winning_side: str = ""
    turns: int = 0
    rounds: int = 0
    steps: int = 0
    error: str | None = None
    error_kind: str | None = None
    error_skill: str | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    seats: list[dict[str, Any]] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    """Skills and cards at this table with hooks the engine cannot run (never run)."""

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass
class Request:
    """A character asked for a card: skills answering the ``asked`` event fill it."""

    name: str
    seat: int
    provided: list[int] = field(default_factory=list)
    played: bool = False


@dataclass(eq=False)
class Use:
    """A card being used: what it is, by whom, on whom, and what responses changed."""

    name: str
    card: int
    user: int
    hook: Hook | None
    targets: list[int] = field(default_factory=list)
    preset: list[int] | None = None
    denied: dict[int, list[str]] = field(default_factory=dict)
    cancelled: list[int] = field(default_factory=list)
    forced: list[int] = field(default_factory=list)
    declared: bool = False
    failed: bool = False
    nature: str | None = None
    via: str | None = None
    bonus: int = 0
    extra: int = 0


class Game:
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
        self.agents: list[Agent] = agents or []
        self.table = Table({}, [])
        self.counters: dict[tuple[str, int, str], int] = {}
        self.phase_uses: dict[tuple[int, str], int] = {}
        self.skipped: dict[int, set[str]] = {}
        self.forgo_draw = False
        self.extra_turns: list[int] = []
        self.borrowed: dict[int, int] = {}
        self.views: dict[int, str] = {}
        self.probes: dict[str, int] = {}
        self.trigger_answers: dict[str, bool] = {}
        self.listening: dict[tuple[str, str], tuple[list[list[Hook]], list[Hook]]] = {}
        self.skillsets: list[list[str]] = []
        self.leaning: list[float] = []
        self.next_virtual = -1
        self.current_frame: Frame | None = None
        self.phases: list[dict[str, Any]] = list(self.raw.get("phases") or [])
        self.use_stack: list[Use] = []
        self.changes = 0
        self.questioners: list[int] = []

    @property
    def statics_dirty(self) -> bool:
        """Skills or equipment changed: modifiers and equipped names must be recomputed."""
        return self._statics_dirty

    @statics_dirty.setter
    def statics_dirty(self, value: bool) -> None:
        self._statics_dirty = value
        if value:
            self._equipped.clear()

    # == setting up =======================================================================
    def deal(self) -> None:
        """A normal game: roles, generals, HP, the shuffled deck and starting hands."""
        from sgs_tools.engine import seating

        seating.deal(self)

    def build_deck(self, exclude_ranks: tuple[int, ...] = ()) -> list[int]:
        cards: dict[int, CardInst] = {}
        for uid, (cid, suit, rank) in enumerate(self.lib.deck(self.mode)):
            if rank in exclude_ranks:
                continue
            info = self.lib.card(cid)
            cards[uid] = CardInst(uid, cid, suit, rank, info.type, info.subtype, info.range,
                                  info.nature)
        self.table.cards = cards
        return list(cards)

    def add_player(self, p: Player) -> None:
        self.table.players.append(p)
        self.skillsets.append([])
        self.leaning.append(0.0)

    def refresh_skills(self) -> None:
        """Which skills each character can use (lord skills only for the lord)."""
        has_lord = self.mode.has_lord
        self.skillsets = []
        for p in self.table.players:
            active = []
            if p.alive:
                for s in p.skills:
                    if self.lib.is_lord_skill(s) and not (has_lord and p.role == "lord"):
                        continue
                    active.append(s)
            self.skillsets.append(active)
        self.statics_dirty = True
        self.listening.clear()

    def ensure_agents(self) -> None:
        n = len(self.table.players)
        kinds = [k.strip() for k in self.setup.agents.split(",") if k.strip()] or ["random"]
        while len(self.agents) < n:
            seat = len(self.agents)
            self.agents.append(make_agent(kinds[seat % len(kinds)], self.setup.seed, seat))

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
        r.seats = [{"seat": p.seat, "role": p.role, "general": p.general, "hp": p.hp,
                    "max_hp": p.max_hp, "alive": p.alive} for p in self.table.players]
        r.gaps = self.gaps()
        return r

    def gaps(self) -> list[str]:
        """``source: words`` for every skill or card at the table that has an engine gap."""
        present = [s for p in self.table.players for s in p.skills]
        present += sorted({c.card for c in self.table.cards.values()})
        return [f"{s}: {', '.join(self.lib.gaps[s])}" for s in dict.fromkeys(present)
                if s in self.lib.gaps]

    def loop(self, first: int | None = None) -> None:
        t = self.table
        seat = first if first is not None else t.current
        while not self.over:
            if t.turn >= self.setup.max_turns:
                self.log_event("stalled", turns=t.turn)
                self.result.winning_side = "none"
                self.over = True
                raise GameOver
            self.take_turn(seat)
            while self.extra_turns and not self.over:
                extra = self.extra_turns.pop(0)
                if t.players[extra].alive:
                    self.take_turn(extra)
            nxt = t.next_alive(seat).seat
            if nxt <= seat:
                t.round += 1
            seat = nxt

    def take_turn(self, seat: int, phases: list[str] | None = None) -> None:
        t = self.table
        p = t.players[seat]
        if not p.alive:
            return
        t.current = seat
        t.turn += 1
        self.log_event("turn", seat=seat, turn=t.turn)
        if p.turned_over:
            p.turned_over = False
            self.log_event("skip_turn", seat=seat)
            return
        self.emit("phase_start", "at", seat, {"phase": "turn"})
        for phase in self.phases:
            pid = str(phase["id"])
            if phases is not None and pid not in phases:
                continue
            if not p.alive or self.over:
                break
            self.run_phase(seat, phase)
        if p.alive:
            self.emit("phase_end", "at", seat, {"phase": "turn"})
        self.end_period("turn")
        self.sweep()
        if self.setup.check_invariants:
            self.check_invariants()

    def run_phase(self, seat: int, phase: dict[str, Any]) -> None:
        t = self.table
        pid = str(phase["id"])
        skipped = self.skipped.get(seat)
        if skipped and pid in skipped:
            skipped.discard(pid)
            self.log_event("skip", seat=seat, phase=pid)
            return
        t.phase = pid
        self.forgo_draw = False
        self.log_event("phase", seat=seat, phase=pid)
        self.emit("phase_start", "at", seat, {"phase": pid})
        self.emit("phase_begins", "when", seat, {"phase": pid, "current": (seat,)})
        self.emit("awaken_check", "when", seat, {"phase": pid})
        skipped = self.skipped.get(seat)
        if skipped and pid in skipped:
            skipped.discard(pid)
            self.log_event("skip", seat=seat, phase=pid)
        elif t.players[seat].alive:
            if "judge_order" in phase or pid == "judge":
                self.judge_phase(seat, phase)
            elif "draw" in phase:
                self.draw_phase(seat, phase)
            elif "use_limits" in phase or pid == "play":
                self.play_phase(seat, phase)
            elif "hand_limit" in phase:
                self.discard_phase(seat, phase)
        if t.players[seat].alive:
            self.emit("phase_end", "at", seat, {"phase": pid})
        self.end_period("phase")
        self.sweep()
        t.phase = ""

    def end_period(self, period: str) -> None:
        if self.counters:
            self.counters = {k: v for k, v in self.counters.items() if k[0] != period}
        if period == "phase":
            self.phase_uses.clear()
            if self.table.phase == "discard" and self.table.current in self.borrowed:
                del self.borrowed[self.table.current]  # a borrowed weapon goes back
                self.statics_dirty = True
        self.statics.expire("end", period)
        if period == "turn":
            if self.borrowed:
                self.borrowed.clear()
                self.statics_dirty = True
            for p in self.table.players:
                p.marks.pop("named_color", None)

    def sweep(self) -> None:
        """Cards left in the processing area go to the discard pile."""
        if self.table.processing:
            self.move(list(self.table.processing), DISCARD, -1, "sweep")

    # == phases ===========================================================================
    def judge_phase(self, seat: int, phase: dict[str, Any]) -> None:
        p = self.table.players[seat]
        order = list(p.judgement)
        rule = phase.get("judge_order")
        if isinstance(rule, list):
            rank = {str(n): i for i, n in enumerate(rule)}
            order.sort(key=lambda u: rank.get(self.zone_name(u), len(rank)))
        elif rule == "top_first":
            order.reverse()
        for uid in order:
            if self.over or not p.alive:
                return
            if uid not in p.judgement:
                continue
            name = self.zone_name(uid)
            self.views.pop(uid, None)
            card_uid = uid if self.table.cards[uid].card == name else self.make_virtual(
                name, [uid])
            self.move([uid], PROCESSING, -1, "judge_zone")
            hooks = [h for h in self.lib.by_event.get(("delayed_effect", "when"), ())
                     if h.source == name]
            use = Use(name, card_uid, seat, hooks[0] if hooks else None, [seat])
            use.declared = True
            self.log_event("delayed", seat=seat, card=name)
            self.use_stack.append(use)
            try:
                if self.takes_effect(use, seat, Frame(seat, seat, use.hook, {}, {}, use)):
                    for hook in hooks:
                        f = Frame(seat, seat, hook, {"card": [card_uid]},
                                  {"card": [card_uid], "__use": use}, use)
                        self.run_hook(hook, f)
            finally:
                self.use_stack.pop()
            if self.table.where.get(uid, ("", 0))[0] == PROCESSING:
                self.move([uid], DISCARD, -1, "judged")

    def zone_name(self, uid: int) -> str:
        return self.views.get(uid) or self.table.cards[uid].card

    def draw_phase(self, seat: int, phase: dict[str, Any]) -> None:
        n = int(phase.get("draw", 2))
        for a in self.statics.active(seat, "draw_count"):
            d = delta(self, a)
            n = n + d if d is not None else n
        if self.forgo_draw:
            return
        self.draw(seat, max(0, n))

    def play_phase(self, seat: int, phase: dict[str, Any]) -> None:
        p = self.table.players[seat]
        failed: set[str] = set()
        actions = 0
        while p.alive and not self.over:
            options = self.play_options(seat, phase, failed)
            labels = [o[0] for o in options] + ["end"]
            context = None
            if getattr(self.agents[seat], "wants_context", False):
                context = {"scores": [ai.play_score(self, seat, o) for o in options] + [0.1]}
            pick = self.ask(seat, "play", labels, 1, 1, "play phase", context)[0]
            if pick == len(options):
                break
            label = options[pick][0]
            actions += 1
            if not self.do_play_option(seat, options[pick], phase):
                failed.add(label)
            else:
                failed.clear()
            self.sweep()
            if self.setup.check_invariants and self.table.zone_total() != len(
                    self.table.cards):
                self.check_invariants()

    def discard_phase(self, seat: int, phase: dict[str, Any]) -> None:
        p = self.table.players[seat]
        if self.statics.active(seat, "skip_discard_limit"):
            return
        limit = p.hp if phase.get("hand_limit", "current_hp") == "current_hp" else int(
            phase.get("hand_limit", 0))
        for a in self.statics.active(seat, "hand_limit"):
            d = delta(self, a)
            if d is None:
                return
            limit += d
        for _holder, a in self.statics.everywhere("hand_limit_for"):
            if seat in self.interp.players_of(a.args.get("who"), a.frame):
                d = delta(self, a)
                if d is None:
                    return
                limit += d
        excess = len(p.hand) - max(0, limit)
        if excess <= 0:
            return
        chosen = self.choose_cards(seat, seat, list(p.hand), excess, excess,
                                   "discard down to the hand limit", None)
        self.discard(chosen, seat, None, reason="hand_limit")

    # == play-phase options ===============================================================
    def play_options(self, seat: int, phase: dict[str, Any], failed: set[str]
                     ) -> list[tuple[str, str, Any]]:
        """(label, kind, data) for everything the player may do now, "end" aside."""
        p = self.table.players[seat]
        out: list[tuple[str, str, Any]] = []
        cache: dict[str, bool] = {}
        cards = self.table.cards
        for uid in p.hand:
            c = cards[uid]
            label = c.face()
            if label in failed:
                continue
            if c.type == "equipment":
                out.append((label, "equip", uid))
                continue
            ok = cache.get(c.card)
            if ok is None:
                ok = self.card_usable(seat, c.card, uid, phase)
                cache[c.card] = ok
            if ok:
                out.append((label, "card", uid))
        for source in self.sources_of(seat):
            for view in self.lib.views.get(source, ()):
                name = view.view_card or ""
                if not self.lib.actions.get(name) or not self.frequency_ok(
                        seat, view.key, view.frequency, None):
                    continue
                spec = view.view_spec or {}
                inner = self.interp.spec_of(spec) or {}
                cands = self.interp.candidates(seat, inner)
                low, _high = self.interp.count_of(inner, Frame(seat, seat, view), len(cands))
                if len(cands) < max(1, low):
                    continue
                if not self.card_usable(seat, name, cands[0], phase):
                    continue
                if low <= 1 and inner.get("count") not in ("any",):
                    for uid in cands:
                        if uid == -1:
                            continue
                        label = f"{source}: {cards[uid].face()} as {name}"
                        if label not in failed:
                            out.append((label, "view", (view, [uid])))
                else:
                    label = f"{source}: {low} cards as {name}"
                    if label not in failed:
                        out.append((label, "view", (view, None)))
        for hook, owner in self.action_hooks(seat):
            label = hook.source if hook.index == 0 else f"{hook.source}#{hook.index}"
            if owner != seat:
                label = f"{label} (of seat {owner})"
            if label in failed:
                continue
            if self.action_usable(seat, owner, hook):
                out.append((label, "skill", (hook, owner)))
        mods = self.statics.active(seat, "disguise")
        if mods and p.hand and "disguise" not in failed:
            out.append(("disguise", "disguise", mods))
        return out

    def action_hooks(self, seat: int) -> list[tuple[Hook, int]]:
        out = []
        for source in self.skillsets[seat]:
            for hook in self.lib.actions.get(source, ()):
                if hook.grant is None:
                    out.append((hook, seat))
        me = self.table.players[seat]
        for other in self.table.players:
            if other.seat == seat or not other.alive:
                continue
            for source in self.skillsets[other.seat]:
                for hook in self.lib.actions.get(source, ()):
                    if hook.grant is None:
                        continue
                    f = Frame(other.seat, seat, hook)
                    grant = hook.grant
                    if self.interp.noun_ok(grant.get("noun", "players"), me, other.seat) and all(
                            self.interp.filter_ok(x, me, other.seat, f)
                            for x in grant.get("filters", ())):
                        out.append((hook, other.seat))
        return out

    def use_limit(self, seat: int, name: str, phase: dict[str, Any] | None) -> int | None:
        """How many times ``name`` may be used this play phase (None = no limit)."""
        limit: int | None = None
        for hook in self.lib.actions.get(name, ()):
            freq = hook.frequency
            if freq and freq.get("per") == "phase":
                limit = self.interp.num(freq.get("times", 1), Frame(seat, seat, hook))
                break
        if limit is None and phase is not None:
            rule = (phase.get("use_limits") or {}).get(name)
            if rule is not None:
                limit = int(rule)
        if limit is None:
            return None
        probe = self.probe_card(name)
        for a in self.statics.active(seat, "uses"):
            if card_filter_ok(self, a, "card", probe):
                d = delta(self, a)
                if d is None:
                    return None
                limit += d
        return limit

    def probe_card(self, name: str) -> int:
        """A virtual card of the given name, for checking filters before a use."""
        uid = self.probes.get(name)
        if uid is None:
            uid = self.probes[name] = self.make_virtual(name, [])
        return uid

    def card_usable(self, seat: int, name: str, uid: int, phase: dict[str, Any] | None
                    ) -> bool:
        hooks = self.lib.actions.get(name)
        if not hooks:
            return False
        limit = self.use_limit(seat, name, phase)
        if limit is not None and self.phase_uses.get((seat, name), 0) >= limit:
            return False
        hook = hooks[0]
        f = Frame(seat, seat, hook, {"card": [uid]})
        if hook.condition is not None and not self.interp.cond(hook.condition, f):
            return False
        return self.has_targets(hook, f, name)

    def action_usable(self, seat: int, owner: int, hook: Hook) -> bool:
        f = Frame(owner, seat, hook)
        if not self.frequency_ok(seat, hook.key, hook.frequency, f):
            return False
        if hook.condition is not None and not self.interp.cond(hook.condition, f):
            return False
        from sgs_tools.engine.primitives import can_pay

        if not all(can_pay(self, step, f) for step in hook.cost):
            return False
        return self.has_targets(hook, f, None)

    def has_targets(self, hook: Hook, f: Frame, card: str | None) -> bool:
        """Whether an effect can start: its first pick (its targets) has someone to pick,
        the cards its first steps spend exist, and a leading condition holds."""
        from sgs_tools.engine.primitives import CARD_SPENDERS, can_pay

        for step in hook.steps:
            word = step.get("do")
            if word in ("pick", "redirect"):
                args = step.get("args") or {}
                who = args.get("who" if word == "pick" else "to")
                if isinstance(who, dict) and "select" in who:
                    select = who["select"]
                    if card is not None:
                        use = Use(card, self.probe_card(card), f.owner, hook)
                        select = self.targeting_select(use, select)
                        cands = [c for c in self.interp.select(select, f)
                                 if self.can_target(use, c)]
                    else:
                        cands = list(self.interp.select(select, f))
                    low, _high = self.interp.selector_count(select, f, len(cands))
                    return len(cands) >= max(low, 1)
                return True
            if word in CARD_SPENDERS:
                if not can_pay(self, step, f):
                    return False
                continue
            if "if" in step and not step.get("else"):
                return self.interp.cond(step["if"], f)
            break
        if card is not None and hook.card_type == "delayed_trick":
            return not any(self.zone_name(u) == card
                           for u in self.table.players[f.owner].judgement)
        return True

    def do_play_option(self, seat: int, option: tuple[str, str, Any], phase: dict[str, Any]
                       ) -> bool:
        _label, kind, data = option
        if kind == "equip":
            return self.use_card(seat, [data], self.table.cards[data].card, in_play=True)
        if kind == "card":
            return self.use_card(seat, [data], self.table.cards[data].card, in_play=True)
        if kind == "view":
            view, uids = data
            if uids is None:
                inner = self.interp.spec_of(view.view_spec or {}) or {}
                cands = self.interp.candidates(seat, inner)
                low, high = self.interp.count_of(inner, Frame(seat, seat, view), len(cands))
                uids = self.choose_cards(seat, seat, cands, low, min(high, len(cands)),
                                         f"cards to use as {view.view_card}", None)
            self.log_event("skill", seat=seat, skill=view.source)
            self.frequency_use(seat, view.key, view.frequency)
            return self.use_card(seat, uids, view.view_card or "", in_play=True,
                                 via=view.source)
        if kind == "skill":
            hook, owner = data
            return self.run_action(seat, owner, hook)
        if kind == "disguise":
            return self.disguised_use(seat, data)
        return False

    def run_action(self, seat: int, owner: int, hook: Hook) -> bool:
        """Run a skill's action; False (not offered again until something changes) if it
        was undone or changed nothing."""
        f = Frame(owner, seat, hook)
        self.frequency_use(seat, hook.key, hook.frequency)
        self.log_event("skill", seat=seat, skill=hook.source)
        before = self.changes
        try:
            self.run_hook(hook, f)
        except Abort:
            return False
        return self.changes != before

    def declarable(self, mods: list[Any]) -> list[str]:
        """Card names the ``disguise`` modifiers let a character declare."""
        names: set[str] = set()
        for mod in mods:
            kinds_spec = self.interp.spec_of(mod.args.get("kinds")) or {}
            names.update(c.card for c in self.table.cards.values()
                         if self.interp.card_matches(c, kinds_spec))
        return sorted(names)

    def disguised_use(self, seat: int, mods: list[Any]) -> bool:
        """Use a hand card face down as a declared card (the ``disguise`` modifier)."""
        phase = next((ph for ph in self.phases if ph.get("id") == self.table.phase), None)
        names = [n for n in self.declarable(mods) if self.lib.actions.get(n)
                 and self.card_usable(seat, n, self.probe_card(n), phase)]
        p = self.table.players[seat]
        if not names or not p.hand:
            return False
        pick = self.ask(seat, "cards", [self.face(u) for u in p.hand], 1, 1,
                        "card to use face down")[0]
        uid = p.hand[pick]
        declared = names[self.ask(seat, "declare", names, 1, 1, "declare it as")[0]]
        return self.use_card(seat, [uid], declared, in_play=True, declared=True)

    # == events ===========================================================================
    def listeners(self, key: tuple[str, str]) -> tuple[list[list[Hook]], list[Hook]]:
        """For one event and timing: each seat's skill hooks, and every card hook."""
        found = self.listening.get(key)
        if found is None:
            hooks = self.lib.by_event.get(key, ())
            by_seat = [[h for h in hooks if h.origin == "skill" and h.source in skills]
                       for skills in self.skillsets]
            cards = [h for h in hooks if h.origin == "card"]
            found = self.listening[key] = (by_seat, cards)
        return found

    def emit(self, event: str, timing: str, subject: int | None, payload: dict[str, Any]
             ) -> dict[str, Any]:
        key = (event, timing)
        if key not in self.lib.by_event or self.over:
            return payload
        by_seat, cards = self.listeners(key)
        t = self.table
        n = len(t.players)
        for i in range(n):
            seat = (t.current + i) % n
            if not t.players[seat].alive:
                continue
            held = by_seat[seat]
            if cards:
                held = held + [h for h in cards if self.holds(seat, h)]
            if held:
                self.fire_for(seat, held, event, subject, payload)
                if self.over:
                    break
        return payload

    def holds(self, seat: int, hook: Hook) -> bool:
        if hook.origin == "skill":
            return hook.source in self.skillsets[seat]
        ctype = hook.card_type
        if ctype == "equipment":
            return hook.source in self.equipped_names(seat) and not self.armour_ignored(
                seat, hook.source)
        if ctype == "delayed_trick":
            return False
        cards = self.table.cards
        name = hook.source
        if any(cards[u].card == name for u in self.table.players[seat].hand):
            return True
        return any(v.view_card == name for s in self.sources_of(seat)
                   for v in self.lib.views.get(s, ())) and bool(
            self.response_sources(seat, name))

    def armour_ignored(self, seat: int, source: str) -> bool:
        """Armour does nothing against a card whose user ignores armour."""
        if not self.use_stack:
            return False
        info = self.lib.catalog.cards.get(source)
        if info is None or info.subtype != "armour":
            return False
        use = self.use_stack[-1]
        if use.user == seat:
            return False
        return any(card_filter_ok(self, a, "card", use.card)
                   for a in self.statics.active(use.user, "ignore_armour"))

    def equipped_names(self, seat: int) -> list[str]:
        found = self._equipped.get(seat)
        if found is None:
            found = self._equipped[seat] = self._equipped_names(seat)
        return found

    def _equipped_names(self, seat: int) -> list[str]:
        p = self.table.players[seat]
        names = [self.table.cards[u].card for u in p.equipment.values()]
        borrowed = self.borrowed.get(seat)
        if borrowed is not None:
            names.append(self.table.cards[borrowed].card)
        for a in self.statics_for_count_as(seat):
            names.append(a)
        return names

    def statics_for_count_as(self, seat: int) -> list[str]:
        out = []
        for hook_list in (self.lib.statics.get(s, ()) for s in self.skillsets[seat]):
            for hook in hook_list:
                for mod in hook.modifiers:
                    if mod["modifier"] != "count_as":
                        continue
                    spec = self.interp.spec_of((mod.get("args") or {}).get("card")) or {}
                    names = (spec.get("filters") or {}).get("name") or []
                    for n in names:
                        card = self.lib.catalog.cards.get(n)
                        if card is not None and card.subtype not in self.table.players[
                                seat].equipment:
                            out.append(n)
        return out

    def sources_of(self, seat: int) -> list[str]:
        """Skill and equipment ids whose statics and triggers the character has."""
        return [*self.skillsets[seat], *self.equipped_names(seat)]

    def matches(self, hook: Hook, owner: int, event: str, subject: int | None,
                payload: dict[str, Any]) -> bool:
        flt = hook.filter
        if flt:
            phase = flt.get("phase")
            if phase is not None:
                if event in PHASE_EVENTS:
                    if payload.get("phase") != phase:
                        return False
                elif self.table.phase != phase or self.table.current != owner:
                    return False
            if flt.get("outside_turn") and self.table.current == owner:
                return False
            who = flt.get("who", {"var": "you"} if event not in PHASE_EVENTS else None)
            if event in ("phase_start", "phase_end") and who is None:
                who = {"var": "you"}
            if who is not None and not self.subject_ok(who, owner, subject, hook, payload):
                return False
            card = flt.get("card")
            if card is not None and not self.card_filter(card, payload.get("card")):
                return False
            src = flt.get("from")
            if src is not None:
                spec = self.interp.spec_of(src) or {}
                zones = (spec.get("filters") or {}).get("zone")
                if zones and not set(zones) & set(payload.get("zones", ())):
                    return False
        elif subject != owner and event not in ("awaken_check",):
            return False
        if hook.kind == "awaken":
            if subject != owner:
                return False
            f = Frame(owner, owner, hook)
            if not self.interp.cond(hook.condition, f):
                return False
        return self.frequency_ok(owner, hook.key, hook.frequency, None)

    def subject_ok(self, who: Any, owner: int, subject: int | None, hook: Hook,
                   payload: dict[str, Any]) -> bool:
        if subject is None:
            return False
        if isinstance(who, dict):
            if who.get("var") == "you":
                return subject == owner
            if "select" in who:
                s = who["select"]
                p = self.table.players[subject]
                f = Frame(owner, owner, hook, {}, payload)
                if s.get("except"):
                    return subject in self.interp.select(s, f)
                return self.interp.noun_ok(s.get("noun", "players"), p, owner) and all(
                    self.interp.filter_ok(x, p, owner, f) for x in s.get("filters", ()))
        f = Frame(owner, owner, hook, {}, payload)
        return subject in self.interp.players_of(who, f)

    def card_filter(self, flt: Any, card: Any) -> bool:
        if isinstance(flt, str):
            if isinstance(card, str):
                return card == flt or card.endswith("_" + flt)
            if isinstance(card, list) and card:
                return card_is_named(self.table.card(card[0]), (flt,))
            return False
        spec = self.interp.spec_of(flt)
        if spec is None:
            return True
        if isinstance(card, list) and card:
            return self.interp.card_matches(self.table.card(card[0]), spec)
        if isinstance(card, str):
            names = (spec.get("filters") or {}).get("name") or ()
            return card in names
        return False

    def fire_for(self, seat: int, hooks: list[Hook], event: str, subject: int | None,
                 payload: dict[str, Any]) -> int:
        """Offer one character the hooks they hold for this event; returns how many ran."""
        p = self.table.players[seat]
        entries = [h for h in hooks if self.matches(h, seat, event, subject, payload)]
        fired = 0
        request = payload.get("__request")
        while entries and p.alive and not self.over:
            if request is not None and request.provided:
                break
            compulsory = [h for h in entries if h.locked or not h.optional]
            chosen = False
            if compulsory:
                hook = compulsory[0]
            elif len(entries) == 1:
                hook = entries[0]
            else:
                labels = [h.source for h in entries] + ["pass"]
                pick = self.ask(seat, "trigger", labels, 1, 1, f"{event}: which first",
                                {"benefit": 1})[0]
                if pick == len(entries):
                    return fired
                hook = entries[pick]
                chosen = True
            entries.remove(hook)
            if not self.matches(hook, seat, event, subject, payload):
                continue
            if self.fire(hook, seat, payload, subject, chosen):
                fired += 1
        return fired

    def fire(self, hook: Hook, owner: int, payload: dict[str, Any], subject: int | None,
             chosen: bool = False) -> bool:
        """Run one triggered hook; ``chosen`` means its owner already picked it from a
        list, so an optional hook is not asked about again."""
        use = payload.get("__use")
        f = Frame(owner, owner, hook, {}, payload, use)
        if hook.origin == "card" and hook.card_type not in ("equipment", "delayed_trick"):
            return self.card_response(hook, owner, payload, subject, f)
        from sgs_tools.engine.primitives import can_pay

        if not all(can_pay(self, step, f) for step in hook.cost):
            return False
        if hook.optional and not self.has_targets(hook, f, None):
            return False
        if hook.optional and not hook.locked and not chosen and not self.ask_yes_no(
                owner, hook.source, f, benefit=ai.trigger_benefit(self, owner, hook, payload)):
            return False
        self.frequency_use(owner, hook.key, hook.frequency)
        first = hook.steps[0] if hook.steps else {}
        if hook.optional or hook.cost or not ("may" in first or "repeat" in first
                                               or "if" in first):
            self.log_event("skill", seat=owner, skill=hook.source)
            f.vars["__announced"] = True
        try:
            self.run_hook(hook, f)
        except Abort:
            return False
        return True

    def card_response(self, hook: Hook, owner: int, payload: dict[str, Any],
                      subject: int | None, f: Frame) -> bool:
        """A card in hand answering an event (Peach on the dying, Nullification …):
        its holder may use it; the card's trigger is its effect."""
        options = self.response_sources(owner, hook.source)
        if not options:
            return False
        benefit = ai.response_benefit(self, owner, hook, payload)
        labels = [o[0] for o in options] + ["pass"]
        request = payload.get("__request")
        verb = "play" if request is not None and request.name == hook.source else "use"
        pick = self.ask(owner, "respond", labels, 1, 1, f"{verb} {hook.source}",
                        {"benefit": benefit})[0]
        if pick == len(options):
            return False
        _label, uids, via = options[pick]
        target = payload.get("target") or payload.get("victim")
        tseat = target[0] if isinstance(target, tuple) and target else owner
        if via and via.startswith("declare:"):
            declared = self.declare(owner, uids, hook.source, f)
            if declared is None:
                return True
            uid = declared
        else:
            if via:
                self.log_event("skill", seat=owner, skill=via)
                self.count_view(owner, via, hook.source)
            uid = self.card_for(hook.source, uids)
        self.frequency_use(owner, hook.key, hook.frequency)
        if request is not None and card_is_named(self.table.card(uid), (request.name,)):
            # Answering a request for this card: it is played, and answers it.
            self.move(self.table.physical([uid]), PROCESSING, -1, "play", f)
            self.log_event("play", seat=owner, card=self.face(uid))
            self.count_play(owner, request.name)
            request.provided = [uid]
            request.played = True
            played = {"card": [uid], "__use": payload.get("__use")}
            self.emit("play", "when", owner, played)
            self.run_hook(hook, f)
            self.discard_processed([uid])
            self.emit("play", "after", owner, played)
            return True
        self.move(self.table.physical([uid]), PROCESSING, -1, "use", f)
        use = Use(hook.source, uid, owner, hook, [tseat], via=via)
        use.declared = True
        self.log_event("use", seat=owner, card=self.face(uid), targets=[tseat])
        self.use_stack.append(use)
        try:
            self.emit("use", "when", owner, {"card": [uid], "targets": (tseat,),
                                             "__use": use})
            inner = Frame(owner, owner, hook, {"card": [uid]}, payload, use)
            if not use.failed and self.takes_effect(use, tseat, inner):
                self.run_hook(hook, inner)
            self.emit("use", "after", owner, {"card": [uid], "targets": (tseat,),
                                              "__use": use})
        finally:
            self.use_stack.pop()
        self.discard_processed([uid])
        return True

    def count_view(self, seat: int, source: str, name: str) -> None:
        """A view-as conversion was used: count it against its frequency."""
        for view in self.lib.views.get(source, ()):
            if view.view_card == name:
                self.frequency_use(seat, view.key, view.frequency)
                return

    def discard_processed(self, uids: list[int]) -> None:
        for u in self.table.physical(uids):
            if self.table.where.get(u, ("", 0))[0] == PROCESSING:
                self.move([u], DISCARD, -1, "used")

    def run_hook(self, hook: Hook, f: Frame) -> None:
        prev = self.current_frame
        self.current_frame = f
        try:
            if hook.cost:
                self.interp.run(hook.cost, f)
            self.interp.run(hook.steps, f)
        finally:
            self.current_frame = prev

    # == frequency ========================================================================
    def frequency_ok(self, seat: int, key: str, freq: dict[str, Any] | None,
                     f: Frame | None) -> bool:
        if not freq:
            return True
        period = str(freq.get("per", "turn"))
        times = freq.get("times", 1)
        n = times if isinstance(times, int) else self.interp.num(
            times, f or Frame(seat, seat, None))
        return self.counters.get((period, seat, key), 0) < n

    def frequency_use(self, seat: int, key: str, freq: dict[str, Any] | None) -> None:
        if not freq:
            return
        k = (str(freq.get("per", "turn")), seat, key)
        self.counters[k] = self.counters.get(k, 0) + 1

    def add_temporary_modifiers(self, f: Frame, mods: list[dict[str, Any]],
                                until: dict[str, Any]) -> None:
        self.changes += 1
        self.statics.add_temporary(f, mods, until)

    # == decisions ========================================================================
    def ask(self, seat: int, kind: str, labels: list[str], low: int = 1, high: int = 1,
            prompt: str = "", context: dict[str, Any] | None = None) -> list[int]:
        p = self.table.players[seat]
        if not p.alive:
            raise InvariantBroken(f"seat {seat} was asked to act after death ({prompt})")
        if kind not in DECISION_KINDS:
            raise EngineError(f"unknown decision kind {kind!r} ({prompt})")
        n = len(labels)
        low = min(low, n)
        high = min(max(high, low), n)
        if n == 0 or high == 0:
            return []
        if n == 1 and low == 1 and kind not in ("play",):
            return [0]
        agent = self.agents[seat]
        d = Decision(seat, kind, labels, low, high, prompt, context or {})
        picks = agent.decide(d)
        if (not isinstance(picks, list) or len(picks) != len(set(picks))
                or not low <= len(picks) <= high
                or any(not isinstance(i, int) or not 0 <= i < n for i in picks)):
            raise IllegalChoice(f"illegal choice {picks!r} by seat {seat} for "
                                f"{d.describe()}: pick {low}..{high} distinct indices "
                                f"below {n}")
        if self.record:
            self.log.append({"e": "decide", "seat": seat, "kind": kind, "prompt": prompt,
                             "picked": [labels[i] for i in picks]})
        return picks

    def ask_yes_no(self, seat: int, prompt: str, f: Frame | None, benefit: float = 1.0
                   ) -> bool:
        if not self.table.players[seat].alive:
            return False
        return self.ask(seat, "yes_no", ["yes", "no"], 1, 1, prompt,
                        {"benefit": benefit})[0] == 0

    def ask_may(self, seat: int, f: Frame, body: list[dict[str, Any]]) -> bool:
        label = self.step_label(body[0]) if body else "…"
        return self.ask_yes_no(seat, f"{f.name}: may {label}", f,
                               benefit=ai.may_benefit(self, seat, f, body))

    def step_label(self, step: dict[str, Any]) -> str:
        if "do" in step:
            args = step.get("args") or {}
            bits = [step["do"]]
            n = args.get("n")
            if isinstance(n, int):
                bits.append(str(n))
            cards = args.get("cards")
            if isinstance(cards, dict) and "cards" in cards:
                spec = cards["cards"]
                count = spec.get("count")
                if isinstance(count, int):
                    bits.append(str(count))
                flt = spec.get("filters") or {}
                for key in ("color", "suit", "zone", "card_type", "name"):
                    bits.extend(str(x) for x in flt.get(key, ()))
                bits.append(str(spec.get("noun", "cards")))
            card = args.get("card")
            if isinstance(card, str):
                bits.append(card)
            return " ".join(bits)
        return next(iter(step), "step")

    def choose_one(self, seat: int, labels: list[str], f: Frame) -> int:
        return self.ask(seat, "choose", labels, 1, 1, f"{f.name}: choose one")[0]

    def choose_players(self, chooser: int, cands: tuple[int, ...] | list[int], low: int,
                       high: int, prompt: str, f: Frame | None, helpful: bool = False
                       ) -> tuple[int, ...]:
        labels = [self.table.players[s].name() for s in cands]
        context = None
        if getattr(self.agents[chooser], "wants_context", False):
            sign = -1.0 if helpful else 1.0
            context = {"scores": [sign * ai.hostility(self, chooser, s) for s in cands]}
        picks = self.ask(chooser, "players", labels, low, high, prompt, context)
        return tuple(cands[i] for i in sorted(picks))

    def choose_cards(self, chooser: int, owner: int, uids: list[int], low: int, high: int,
                     prompt: str, f: Frame | None) -> list[int]:
        """``chooser`` picks among ``owner``'s cards; someone else's hand is chosen blind."""
        if not uids:
            return []
        p = self.table.players[owner]
        hidden = chooser != owner
        shown: list[int] = []
        blind: list[int] = []
        for u in uids:
            (blind if hidden and u in p.hand else shown).append(u)
        if blind:
            self.rng.shuffle(blind)
        order = shown + blind
        labels = [self.face(u) for u in shown] + [f"hand card {i + 1}"
                                                   for i in range(len(blind))]
        context = None
        if getattr(self.agents[chooser], "wants_context", False):
            context = {"values": [ai.card_value(self, chooser, u, owner) for u in order]}
        picks = self.ask(chooser, "cards", labels, low, high, prompt, context)
        return [order[i] for i in sorted(picks)]

    # == cards moving =====================================================================
    def face(self, uid: int) -> str:
        return self.table.card(uid).face()

    def make_virtual(self, name: str, parts: list[int]) -> int:
        uid = self.next_virtual
        self.next_virtual -= 1
        info = self.lib.catalog.cards.get(name)
        physical = [self.table.cards[u] for u in parts if u in self.table.cards]
        suits = {c.suit for c in physical}
        colors = {c.color for c in physical}
        suit = physical[0].suit if len(suits) == 1 else None
        rank = physical[0].rank if len(physical) == 1 else None
        self.table.virtual[uid] = CardInst(
            uid, name, suit, rank, info.type if info else "basic",
            info.subtype if info else None, info.range if info else None,
            info.nature if info else None, tuple(parts),
            tint=colors.pop() if len(colors) == 1 and suit is None else None)
        return uid

    def card_for(self, name: str, uids: list[int]) -> int:
        if len(uids) == 1 and uids[0] >= 0 and self.table.cards[uids[0]].card == name:
            return uids[0]
        if len(uids) == 1 and uids[0] < 0:
            return uids[0]
        return self.make_virtual(name, uids)

    def move(self, uids: list[int], zone: str, seat: int = -1, reason: str = "",
             f: Frame | None = None, bottom: bool = False) -> None:
        """Move physical cards; raises ``lose_cards`` for characters who lose cards from
        their hand or equipment, and ``gain_cards`` for one who gains cards in hand."""
        if not uids:
            return
        self.changes += 1
        t = self.table
        lost: dict[int, tuple[list[int], set[str]]] = {}
        moved = []
        for uid in uids:
            if uid < 0:
                for part in t.virtual[uid].parts:
                    if part not in uids:
                        moved.append(part)
                continue
            moved.append(uid)
        for uid in moved:
            if uid not in t.where:
                continue
            old_zone, old_seat = t.remove(uid)
            if old_zone == JUDGEMENT and zone != JUDGEMENT:
                self.views.pop(uid, None)
            if old_zone == EQUIPMENT:
                self.statics_dirty = True
                for holder, borrowed in list(self.borrowed.items()):
                    if borrowed == uid:
                        del self.borrowed[holder]
            if old_zone in (HAND, EQUIPMENT) and not (zone == old_zone and seat == old_seat):
                entry = lost.setdefault(old_seat, ([], set()))
                entry[0].append(uid)
                entry[1].add(old_zone)
            if zone == EQUIPMENT:
                slot = t.cards[uid].subtype or "weapon"
                t.put(uid, zone, seat, slot)
                self.statics_dirty = True
            else:
                t.put(uid, zone, seat, bottom=bottom)
        if self.record:
            self.log.append({"e": "move", "to": zone, "seat": seat, "reason": reason,
                             "cards": [self.face(u) for u in moved]})
        for old_seat, (cards, zones) in lost.items():
            if t.players[old_seat].alive:
                self.emit("lose_cards", "after", old_seat,
                          {"cards": cards, "amount": len(cards), "zones": sorted(zones)})
                if EQUIPMENT in zones:
                    eq = [u for u in cards if t.cards[u].type == "equipment"]
                    for u in eq:
                        self.emit_own(t.cards[u].card, "unequipped", "after", old_seat,
                                      {"card": [u]})
        if zone == HAND and seat >= 0 and t.players[seat].alive:
            self.emit("gain_cards", "after", seat, {"cards": moved, "amount": len(moved)})

    def emit_own(self, source: str, event: str, timing: str, owner: int,
                 payload: dict[str, Any]) -> None:
        """Run a card's own hooks for an event (``cancelled``, ``unequipped``)."""
        for hook in self.lib.by_event.get((event, timing), ()):
            if hook.source == source and hook.filter.get("card") is None:
                f = Frame(owner, owner, hook, dict(payload), payload, payload.get("__use"))
                self.log_event("card_effect", seat=owner, card=source, event=event)
                self.run_hook(hook, f)

    def reshuffle(self) -> None:
        t = self.table
        if not t.discard_pile:
            return
        pile = list(t.discard_pile)
        t.discard_pile.clear()
        self.rng.shuffle(pile)
        for u in pile:
            t.draw_pile.insert(0, u)
            t.where[u] = (DRAW, -1)
        self.log_event("reshuffle", cards=len(pile))

    def peek(self, n: int) -> list[int]:
        t = self.table
        if len(t.draw_pile) < n:
            self.reshuffle()
        return list(reversed(t.draw_pile[-n:])) if n > 0 else []

    def draw(self, seat: int, n: int, f: Frame | None = None) -> list[int]:
        t = self.table
        out = []
        self.changes += 1
        for _ in range(n):
            if not t.draw_pile:
                self.reshuffle()
                if not t.draw_pile:
                    break
            uid = t.draw_pile.pop()
            out.append(uid)
            t.put(uid, HAND, seat)
        if self.record:
            self.log.append({"e": "draw", "seat": seat,
                             "cards": [self.face(u) for u in out]})
        if out and t.players[seat].alive:
            self.emit("gain_cards", "after", seat, {"cards": out, "amount": len(out)})
        return out

    def discard(self, uids: list[int], owner: int, f: Frame | None, reason: str = "discard"
                ) -> None:
        if uids:
            self.move(uids, DISCARD, -1, reason, f)

    def equip(self, seat: int, uid: int, f: Frame | None) -> None:
        t = self.table
        p = t.players[seat]
        card = t.cards[uid]
        slot = card.subtype or "weapon"
        old = p.equipment.get(slot)
        kinds = [slot]
        for a in self.statics.active(seat, "equip_limit"):
            if card_filter_ok(self, a, "card", uid):
                limit = self.interp.num(a.args.get("n", 1), a.frame)
                same = [u for u in p.equipment.values() if card_filter_ok(self, a, "card", u)]
                if len(same) >= limit and same:
                    old = same[0]
                    kinds.append(t.cards[old].subtype or "")
        if old is not None:
            self.move([old], DISCARD, -1, "replaced", f)
        self.move([uid], EQUIPMENT, seat, "equip", f)

    def place(self, uid: int, on: int, f: Frame) -> None:
        """Put a card (the card being used, as what it is used as) in a judgement zone,
        or equipment in an equipment area."""
        t = self.table
        if t.card(uid).type == "delayed_trick" and any(
                self.zone_name(u) == t.card(uid).card for u in t.players[on].judgement):
            raise Abort("that judgement zone already holds this card")
        card = t.card(uid)
        parts = t.physical([uid])
        if not parts:
            return
        if card.type == "equipment":
            self.equip(on, parts[0], f)
            return
        self.move(parts[:1], JUDGEMENT, on, "place", f)
        if t.cards[parts[0]].card != card.card:
            self.views[parts[0]] = card.card

    def pass_on(self, f: Frame) -> None:
        """Move the delayed trick being resolved to the next character who can take it."""
        use = f.use
        if use is None:
            return
        parts = [u for u in self.table.physical([use.card])
                 if self.table.where.get(u, ("", 0))[0] in (PROCESSING, JUDGEMENT)]
        if not parts:
            return
        t = self.table
        start = use.user
        n = len(t.players)
        for i in range(1, n + 1):
            q = t.players[(start + i) % n]
            if not q.alive:
                continue
            if any(self.zone_name(u) == use.name for u in q.judgement):
                continue
            if not self.can_target(use, q.seat, ignore_user=True):
                continue
            self.move(parts[:1], JUDGEMENT, q.seat, "pass_on", f)
            if t.cards[parts[0]].card != use.name:
                self.views[parts[0]] = use.name
            self.log_event("pass_on", card=use.name, to=q.seat)
            return

    # == using and playing cards ==========================================================
    def use_card(self, user: int, uids: list[int], name: str, preset: list[int] | None = None,
                 via: str | None = None, in_play: bool = False, declared: bool = False
                 ) -> bool:
        """Use cards (or none: a virtual card) as ``name``; returns False if undone."""
        t = self.table
        info = self.lib.catalog.cards.get(name)
        if info is None:
            raise EngineGap(f"card {name!r}", via or "rules")
        physical = t.physical(uids)
        origins = [(u, t.where[u]) for u in physical if u in t.where]
        uid = self.card_for(name, uids)
        hooks = self.lib.actions.get(name, [])
        hook = hooks[0] if hooks else None
        use = Use(name, uid, user, hook, list(preset or []), preset, via=via)
        for a in self.statics.active(user, "extra_targets"):
            if card_filter_ok(self, a, "card", uid):
                use.extra += delta(self, a) or 0
        if info.type == "equipment" and physical:
            self.log_event("use", seat=user, card=self.face(physical[0]), targets=[user])
            self.equip(user, physical[0], None)
            self.emit("use", "when", user, {"card": [uid], "targets": (user,), "__use": use})
            return True
        self.log_event("use", seat=user, card=self.face(uid), via=via,
                       targets=list(preset or []))
        self.move(physical, PROCESSING, -1, "use")
        if in_play:
            key = (user, name)
            self.phase_uses[key] = self.phase_uses.get(key, 0) + 1
            self.count_play(user, name)
        for a in self.statics.active(user, "next_damage"):
            if card_filter_ok(self, a, "card", uid):
                use.bonus += delta(self, a) or 0
                self.statics.drop(user, "next_damage")
        self.use_stack.append(use)
        ok = True
        try:
            payload = {"card": [uid], "targets": tuple(preset or ()), "__use": use}
            if declared:
                self.questioners = []
                self.log_event("declare", seat=user, named=name)
                self.emit("declare", "when", user, {"card": physical, "named": name,
                                                    "__use": use})
            if not use.failed:
                self.emit("use", "when", user, payload)
            if not use.failed and hook is not None:
                f = Frame(user, user, hook, {"card": [uid]}, payload, use)
                self.resolve(use, f)
            if not use.failed:
                self.emit("use", "after", user, payload)
        except Abort:
            ok = False
            for u, (zone, seat) in origins:
                if t.where.get(u, ("", 0))[0] == PROCESSING:
                    t.remove(u)
                    if zone == EQUIPMENT:
                        t.put(u, zone, seat, t.cards[u].subtype)
                    else:
                        t.put(u, zone, seat)
            if in_play:
                self.phase_uses[(user, name)] -= 1
            self.log_event("undo", seat=user, card=name)
        finally:
            self.use_stack.pop()
        if use.failed and in_play and ok:
            self.phase_uses[(user, name)] -= 1
        for u in physical:
            if t.where.get(u, ("", 0))[0] == PROCESSING:
                self.move([u], DISCARD, -1, "used")
        return ok

    def resolve(self, use: Use, f: Frame) -> None:
        hook = use.hook
        assert hook is not None
        if self.declares_targets(hook):
            self.run_hook(hook, f)
            return
        if use.hook is not None and use.hook.card_type == "delayed_trick":
            self.run_hook(hook, f)
            return
        # No targets of its own: it takes effect on its user, or on the character it was
        # used on, who then performs its steps.
        targets = use.preset or [use.user]
        use.targets = list(targets)
        use.declared = True
        for tseat in targets:
            if self.over or not self.table.players[tseat].alive:
                continue
            if self.takes_effect(use, tseat, f):
                inner = Frame(use.user, tseat, hook, dict(f.vars), f.event, use)
                self.run_hook(hook, inner)

    @staticmethod
    def declares_targets(hook: Hook) -> bool:
        for step in hook.steps:
            if step.get("do") == "pick":
                return True
            if "for_each" in step and step.get("kind") == "player":
                return True
        return False

    def count_play(self, seat: int, name: str) -> None:
        t = self.table
        if t.phase == "play" and t.current == seat:
            key = (seat, f"played:{name}")
            self.phase_uses[key] = self.phase_uses.get(key, 0) + 1

    def play_phase_count(self, seat: int, name: str) -> int:
        total = 0
        for (s, key), n in self.phase_uses.items():
            if (s == seat and key.startswith("played:") and key[7:] in (name,)) or (
                    s == seat and key.startswith("played:") and key.endswith("_" + name)):
                total += n
        return total

    def targeting_select(self, use: Use, select: dict[str, Any]) -> dict[str, Any]:
        for a in self.statics.active(use.user, "no_distance_limit"):
            if card_filter_ok(self, a, "card", use.card):
                flt = [x for x in select.get("filters", ())
                       if x not in ("in_range", "at_distance_1")]
                return {**select, "filters": flt}
        return select

    def can_target(self, use: Use, seat: int, ignore_user: bool = False) -> bool:
        """Whether the card being used may name ``seat`` as a target."""
        for a in self.statics.active(seat, "untargetable"):
            if card_filter_ok(self, a, "card", use.card):
                return False
        card = self.table.card(use.card)
        if card.type == "delayed_trick":
            limit = 1
            for phase in self.phases:
                if "judgement_area_same_card" in phase:
                    limit = int(phase["judgement_area_same_card"])
            same = sum(1 for u in self.table.players[seat].judgement
                       if self.zone_name(u) == use.name)
            if same >= limit:
                return False
        if not ignore_user:
            for holder, a in self.statics.everywhere("taunt"):
                if holder in (use.user, seat) or not card_filter_ok(self, a, "card", use.card):
                    continue
                if self.in_range(use.user, holder):
                    return False
        return True

    def pick(self, who: Any, f: Frame) -> tuple[int, ...]:
        if not (isinstance(who, dict) and "select" in who):
            value = self.interp.value(who, f)
            if isinstance(value, tuple):
                return tuple(s for s in value if self.table.players[s].alive)
            return ()
        select = who["select"]
        use = f.use if (f.use is not None and f.hook is f.use.hook
                        and not f.use.declared) else None
        if use is not None and use.preset is not None:
            use.targets = [s for s in use.preset if self.table.players[s].alive]
            return tuple(use.targets)
        if use is not None:
            select = self.targeting_select(use, select)
        cands = list(self.interp.select(select, f))
        if use is not None:
            cands = [c for c in cands if self.can_target(use, c)]
        low, high = self.interp.selector_count(select, f, len(cands))
        if use is not None:
            high += use.extra
        if not cands or len(cands) < low:
            if use is not None:
                raise Abort("no legal target")
            return ()
        high = min(high, len(cands))
        if low == high == len(cands) and (select.get("count") is None):
            picked = tuple(cands)
        else:
            helpful = f.hook is not None and not f.hook.harmful
            picked = self.choose_players(f.actor, cands, max(low, 0), high,
                                         f"{f.name}: choose", f, helpful=helpful)
        if use is not None:
            use.targets = list(picked)
        return picked

    def after_targeting(self, use: Use, f: Frame) -> None:
        """Targets are declared: the targets' and then the user's triggers."""
        self.log_event("target", seat=use.user, card=use.name, targets=list(use.targets))
        for t in list(use.targets):
            payload = {"source": (use.user,), "card": [use.card], "__use": use}
            self.emit("targeted", "when", t, payload)
            self.emit("targeted", "after", t, payload)
        for t in list(use.targets):
            payload = {"target": (t,), "card": [use.card], "__use": use}
            self.emit("targeting", "when", use.user, payload)
            self.emit("targeting", "after", use.user, payload)

    def redirect(self, use: Use, old: int, new: int, f: Frame) -> None:
        use.targets = [new if s == old else s for s in use.targets]
        self.log_event("redirect", card=use.name, frm=old, to=new, skill=f.name)

    def cancel(self, use: Use, targets: list[int], f: Frame) -> None:
        for s in targets:
            if s not in use.cancelled:
                use.cancelled.append(s)
        self.log_event("cancel", card=use.name, targets=targets, skill=f.name)

    def takes_effect(self, use: Use, target: int, f: Frame) -> bool:
        """The moment a card is about to take effect on one character (Nullification)."""
        if target in use.cancelled and target not in use.forced:
            return False
        for a in self.statics.active(target, "immune"):
            if card_filter_ok(self, a, "card", use.card) and not (
                    a.hook is not None and self.armour_ignored(target, a.hook.source)):
                self.log_event("immune", seat=target, card=use.name, skill=a.frame.name)
                return False
        payload = {"card": [use.card], "source": (use.user,), "target": (target,),
                   "__use": use}
        self.emit("take_effect", "when", target, payload)
        if target in use.cancelled and target not in use.forced:
            self.emit_own(use.name, "cancelled", "after", use.user,
                          {"card": [use.card], "target": (target,), "__use": use})
            self.emit("cancelled", "after", target, {"card": [use.card],
                                                     "target": (target,), "__use": use})
            return False
        return True

    def respond(self, seat: int, name: str, n: int, f: Frame) -> list[int]:
        """``seat`` must play ``n`` cards named ``name``; returns them, or [] if not."""
        use = f.use
        if use is not None:
            for a in self.statics.active(use.user, "responses_needed"):
                if (card_filter_ok(self, a, "card", use.card)
                        and a.args.get("response") == name):
                    n = max(n, self.interp.num(a.args.get("n", 1), a.frame))
        got: list[int] = []
        for _ in range(max(1, n)):
            one = self.ask_for_card(seat, name, f)
            if not one:
                return []
            got += one
        if (use is not None and seat != use.user and name == DODGED[1]
                and card_is_named(self.table.card(use.card), DODGED[:1])):
            self.emit("dodged", "after", use.user,
                      {"target": (seat,), "card": [use.card], "__use": use})
            if seat in use.forced:
                return []
        return got

    def ask_play(self, beneficiary: int, helpers: list[int], name: str, f: Frame
                 ) -> list[int]:
        for seat in helpers:
            if not self.table.players[seat].alive:
                continue
            got = self.ask_for_card(seat, name, f, helping=beneficiary)
            if got:
                return got
        return []

    def response_sources(self, seat: int, name: str) -> list[tuple[str, list[int], str | None]]:
        """Ways a character can produce a card named ``name`` from hand or equipment:
        (label, physical uids, skill or None)."""
        p = self.table.players[seat]
        cards = self.table.cards
        out: list[tuple[str, list[int], str | None]] = [
            (cards[u].face(), [u], None) for u in p.hand if card_is_named(cards[u], (name,))]
        for source in self.sources_of(seat):
            for view in self.lib.views.get(source, ()):
                if view.view_card != name or not self.frequency_ok(
                        seat, view.key, view.frequency, None):
                    continue
                inner = self.interp.spec_of(view.view_spec or {}) or {}
                cands = self.interp.candidates(seat, inner)
                low, _ = self.interp.count_of(inner, Frame(seat, seat, view), len(cands))
                if low <= 1:
                    out.extend((f"{source}: {cards[u].face()} as {name}", [u], source)
                               for u in cands)
                elif len(cands) >= low:
                    out.append((f"{source}: {low} cards as {name}", cands[:low], source))
        mods = self.statics.active(seat, "disguise")
        if mods and p.hand and name in self.declarable(mods):
            skill = mods[0].frame.name
            out.extend((f"{skill}: declare a hand card as {name}", [u], f"declare:{skill}")
                       for u in p.hand)
        return out

    def declare(self, seat: int, uids: list[int], name: str, f: Frame | None) -> int | None:
        """A face-down card declared as ``name`` (``disguise``): the ``declare`` event may
        question it; returns the card to use, or None if it failed."""
        uid = self.make_virtual(name, uids)
        use = Use(name, uid, seat, None)
        self.move(uids, PROCESSING, -1, "declare", f)
        self.log_event("declare", seat=seat, named=name)
        self.questioners = []
        self.emit("declare", "when", seat, {"card": list(uids), "named": name,
                                            "__use": use})
        if use.failed:
            self.discard_processed(uids)
            return None
        return uid

    def answers_by_trigger(self, name: str) -> bool:
        """Whether the card answers requests through its own ``asked`` trigger."""
        found = self.trigger_answers.get(name)
        if found is None:
            found = self.trigger_answers[name] = any(
                h.source == name for h in self.lib.by_event.get(("asked", "when"), ()))
        return found

    def ask_for_card(self, seat: int, name: str, f: Frame, helping: int | None = None
                     ) -> list[int]:
        p = self.table.players[seat]
        if not p.alive:
            return []
        use = f.use
        if use is not None and name in use.denied.get(seat, ()):
            self.log_event("denied", seat=seat, card=name)
            return []
        request = Request(name, seat)
        self.emit("asked", "when", seat, {"card": name, "source": (use.user,) if use else (),
                                          "__request": request, "__use": use})
        if request.provided:
            if not request.played:
                self.log_event("play", seat=seat, card=self.face(request.provided[0]),
                               provided=True)
                self.count_play(seat, name)
            return request.provided
        if not p.alive or self.answers_by_trigger(name):
            return []
        options = self.response_sources(seat, name)
        if not options:
            return []
        labels = [o[0] for o in options] + ["pass"]
        benefit = ai.respond_benefit(self, seat, name, use, helping)
        pick = self.ask(seat, "respond", labels, 1, 1, f"play {name}", {"benefit": benefit})[0]
        if pick == len(options):
            return []
        _label, uids, via = options[pick]
        if via and via.startswith("declare:"):
            declared = self.declare(seat, uids, name, f)
            if declared is None:
                return []
            uid = declared
        else:
            if via:
                self.log_event("skill", seat=seat, skill=via)
                self.count_view(seat, via, name)
            uid = self.card_for(name, uids)
        self.move(self.table.physical([uid]), PROCESSING, -1, "play")
        self.log_event("play", seat=seat, card=self.face(uid))
        self.count_play(seat, name)
        payload = {"card": [uid], "__use": use}
        self.emit("play", "when", seat, payload)
        counts = True
        if use is not None:
            for a in self.statics.active(use.user, "response_cost"):
                if not card_filter_ok(self, a, "card", use.card):
                    continue
                spec = self.interp.spec_of(a.args.get("cost")) or {}
                cands = self.interp.candidates(seat, spec)
                low, _high = self.interp.count_of(spec, a.frame, len(cands))
                if len(cands) < low or not self.ask_yes_no(
                        seat, f"discard {low} more to make the response count", f):
                    counts = False
                    break
                chosen = self.choose_cards(seat, seat, cands, low, low, "response cost", f)
                self.discard(chosen, seat, f)
        for u in self.table.physical([uid]):
            if self.table.where.get(u, ("", 0))[0] == PROCESSING:
                self.move([u], DISCARD, -1, "played")
        self.emit("play", "after", seat, payload)
        return [uid] if counts else []

    # == damage, HP, dying and death ======================================================
    def damage(self, victim: int, n: int, source: int | None, nature: str | None,
               f: Frame) -> None:
        t = self.table
        if not t.players[victim].alive or self.over:
            return
        use = f.use
        own = (use is not None and f.hook is not None and use.hook is not None
               and f.hook.source == use.hook.source)
        card = [use.card] if own and use is not None else []
        nature = nature or (use.nature if own and use is not None else None) or (
            t.card(use.card).nature if own and use is not None else None) or "normal"
        payload: dict[str, Any] = {
            "source": (source,) if source is not None else (), "target": (victim,),
            "victim": (victim,), "card": card, "amount": n, "nature": nature,
            "__use": use if own else None}
        if source is not None and t.players[source].alive:
            for a in self.statics.active(source, "damage"):
                if card_filter_ok(self, a, "card", card[0] if card else None):
                    payload["amount"] += delta(self, a) or 0
            if own and use is not None:
                payload["amount"] += use.bonus
            self.emit("deal_damage", "when", source, payload)
        self.emit("take_damage", "when", victim, payload)
        amount = int(payload["amount"])
        p = t.players[victim]
        if amount <= 0 or not p.alive:
            self.log_event("damage_prevented", seat=victim)
            return
        p.hp -= amount
        self.changes += 1
        self.log_event("damage", seat=victim, source=source, n=amount, nature=nature,
                       card=self.face(card[0]) if card else None, hp=p.hp)
        ai.perceive(self, source, victim, amount)
        if p.hp <= 0:
            self.dying(victim, source, f)
        if self.over:
            return
        if source is not None and t.players[source].alive:
            self.emit("deal_damage", "after", source, payload)
        self.emit("take_damage", "after", victim, payload)

    def lose_hp(self, seat: int, n: int, f: Frame | None) -> None:
        p = self.table.players[seat]
        if not p.alive or n <= 0:
            return
        payload: dict[str, Any] = {"amount": n}
        self.emit("lose_hp", "when", seat, payload)
        n = int(payload["amount"])
        if n <= 0:
            return
        p.hp -= n
        self.changes += 1
        self.log_event("lose_hp", seat=seat, n=n, hp=p.hp)
        if p.hp <= 0:
            self.dying(seat, None, f)
        if not self.over:
            self.emit("lose_hp", "after", seat, payload)

    def recover(self, seat: int, n: int, source: int | None, f: Frame | None) -> None:
        p = self.table.players[seat]
        if not p.alive or n <= 0:
            return
        card = [f.use.card] if f is not None and f.use is not None else []
        payload: dict[str, Any] = {"amount": n, "source": (source,) if source is not None
                                   else (), "card": card}
        self.emit("recover", "when", seat, payload)
        amount = min(int(payload["amount"]), p.max_hp - p.hp)
        if amount <= 0:
            return
        p.hp += amount
        self.changes += 1
        self.log_event("recover", seat=seat, n=amount, hp=p.hp, source=source)
        if source is not None and source != seat:
            ai.perceive_help(self, source, seat)
        self.emit("recover", "after", seat, payload)

    def change_max_hp(self, seat: int, n: int, f: Frame | None) -> None:
        p = self.table.players[seat]
        p.max_hp += n
        p.hp = min(p.hp, p.max_hp)
        self.log_event("max_hp", seat=seat, max_hp=p.max_hp, hp=p.hp)
        if p.max_hp <= 0:
            self.die(seat, None)

    def dying(self, victim: int, source: int | None, f: Frame | None) -> None:
        t = self.table
        p = t.players[victim]
        self.log_event("dying", seat=victim, hp=p.hp)
        payload = {"victim": (victim,), "target": (victim,),
                   "source": (source,) if source is not None else ()}
        hooks = self.lib.by_event.get(("dying", "when"), [])
        rescue = str((self.raw.get("death") or {}).get("rescue_card", ""))
        by_rule = bool(rescue) and not any(h.source == rescue for h in hooks)
        for q in t.from_current():
            while p.hp <= 0 and q.alive and p.alive and not self.over:
                held = [h for h in hooks if self.holds(q.seat, h)]
                fired = self.fire_for(q.seat, held, "dying", victim, payload) if held else 0
                if not fired and by_rule:
                    fired = int(self.rescue_by_rule(q.seat, victim, rescue))
                if not fired:
                    break
            if p.hp > 0 or self.over:
                break
        if p.hp <= 0 and p.alive:
            self.die(victim, source)

    def rescue_by_rule(self, seat: int, victim: int, rescue: str) -> bool:
        """The mode's rescue card used on a dying character whose card has no trigger
        for it: the card's effect then resolves on the dying character."""
        options = self.response_sources(seat, rescue)
        if not options:
            return False
        labels = [o[0] for o in options] + ["pass"]
        benefit = ai.rescue_benefit(self, seat, victim)
        pick = self.ask(seat, "respond", labels, 1, 1, f"use {rescue} on seat {victim}",
                        {"benefit": benefit})[0]
        if pick == len(options):
            return False
        _label, uids, _via = options[pick]
        return self.use_card(seat, uids, rescue, preset=[victim])

    def die(self, victim: int, killer: int | None) -> None:
        t = self.table
        p = t.players[victim]
        if not p.alive:
            return
        self.emit("death", "when", victim, {"victim": (victim,), "killer": (
            killer,) if killer is not None else ()})
        p.role_revealed = True
        self.log_event("death", seat=victim, role=p.role, killer=killer)
        cards = p.all_cards()
        p.alive = False
        self.move(cards, DISCARD, -1, "death")
        self.refresh_skills()
        for holder in list(self.borrowed):
            if holder == victim:
                del self.borrowed[holder]
        self.statics.temporary = [x for x in self.statics.temporary if x.seat != victim]
        self.check_victory()
        if killer is not None and t.players[killer].alive:
            self.rewards(killer, victim)
        self.emit("death", "after", victim, {"victim": (victim,), "killer": (
            killer,) if killer is not None else ()})
        # If the current player died, what is resolving finishes (nobody dead acts: a
        # hook stops when its actor dies) and the turn ends, as every phase loop checks.

    def rewards(self, killer: int, victim: int) -> None:
        t = self.table
        k, v = t.players[killer], t.players[victim]
        for rule in self.raw.get("rewards") or []:
            if rule.get("victim") != v.role:
                continue
            who = rule.get("killer", "any")
            if who != "any" and who != k.role:
                continue
            effect = rule.get("effect") or {}
            self.log_event("reward", seat=killer, rule=rule.get("id"))
            if "draw" in effect:
                self.draw(killer, int(effect["draw"]))
            if "discard" in effect:
                zones = effect["discard"]
                cards = []
                if "hand" in zones:
                    cards += k.hand
                if "equipment" in zones:
                    cards += list(k.equipment.values())
                self.discard(list(cards), killer, None, reason="penalty")

    def check_victory(self) -> None:
        t = self.table
        alive = [p for p in t.players if p.alive]
        for side in (self.raw.get("victory") or {}).get("sides") or []:
            if self.side_wins(side.get("condition") or {}, alive):
                roles = side.get("roles") or []
                if side.get("team", True):
                    winners = [p.seat for p in t.players if p.role in roles]
                else:
                    winners = [p.seat for p in alive if p.role in roles]
                self.result.winners = winners
                self.result.winning_side = str(side.get("id"))
                self.over = True
                self.log_event("win", side=self.result.winning_side, seats=winners)
                raise GameOver

    def side_wins(self, cond: dict[str, Any], alive: list[Player]) -> bool:
        ok = True
        if "all_dead" in cond:
            roles = cond["all_dead"]
            ok = not any(p.role in roles for p in alive)
        if "sole_survivor" in cond:
            ok = ok and len(alive) == 1 and alive[0].role == cond["sole_survivor"]
        unless = cond.get("unless")
        if ok and isinstance(unless, dict) and self.side_wins(unless, alive):
            return False
        return ok

    # == judgement ========================================================================
    def judge(self, seat: int, f: Frame) -> list[int]:
        top = self.peek(1)
        if not top:
            return []
        uid = top[0]
        self.move([uid], PROCESSING, -1, "judge")
        self.log_event("judge", seat=seat, card=self.face(uid), skill=f.name)
        payload: dict[str, Any] = {"judgement": [uid], "judged": (seat,)}
        self.emit("judge", "when", seat, payload)
        result = payload["judgement"]
        if result and result[0] != uid:
            self.log_event("judge_result", seat=seat, card=self.face(result[0]))
        self.emit("judged", "after", seat, {"judgement": result, "judged": (seat,)})
        return list(result)

    # == characters =======================================================================
    def distance(self, a: int, b: int) -> int:
        if a == b:
            return 0
        t = self.table
        n = len(t.players)
        if not (0 <= a < n and 0 <= b < n):
            raise ValueError(f"no seat {a if not 0 <= a < n else b} at a {n}-seat table")
        cw = ccw = 0
        i = a
        while i != b:
            i = (i + 1) % n
            if t.players[i].alive or i == b:
                cw += 1
        i = a
        while i != b:
            i = (i - 1) % n
            if t.players[i].alive or i == b:
                ccw += 1
        d = min(cw, ccw)
        if self.statics_dirty:
            self.statics.refresh()
        for a_mod in self.statics.active(a, "distance"):
            to, frm = a_mod.args.get("to"), a_mod.args.get("from")
            if frm is not None and to is None:
                continue
            if to is None or b in self.interp.players_of(to, a_mod.frame):
                d += delta(self, a_mod) or 0
        for b_mod in self.statics.active(b, "distance"):
            frm = b_mod.args.get("from")
            if frm is not None and a in self.interp.players_of(frm, b_mod.frame):
                d += delta(self, b_mod) or 0
        minimum = int((self.raw.get("distance") or {}).get("min_distance", 1))
        return max(d, minimum)

    def attack_range(self, seat: int) -> int:
        t = self.table
        p = t.players[seat]
        base = int((self.raw.get("distance") or {}).get("base_attack_range", 1))
        weapon = self.borrowed.get(seat, p.equipment.get("weapon"))
        if weapon is not None:
            r = t.cards[weapon].range
            if r is not None:
                base = r
        for a in self.statics.active(seat, "attack_range"):
            base += delta(self, a) or 0
        for _holder, a in self.statics.everywhere("attack_range_for"):
            if seat in self.interp.players_of(a.args.get("who"), a.frame):
                base += delta(self, a) or 0
        return base

    def in_range(self, a: int, b: int, f: Frame | None = None) -> bool:
        return a != b and self.distance(a, b) <= self.attack_range(a)

    def skip_phase(self, seat: int, phase: str) -> None:
        self.changes += 1
        self.skipped.setdefault(seat, set()).add(phase)
        self.log_event("will_skip", seat=seat, phase=phase)

    def turn_over(self, seat: int, f: Frame | None) -> None:
        p = self.table.players[seat]
        p.turned_over = not p.turned_over
        self.log_event("turn_over", seat=seat, turned_over=p.turned_over)
        self.emit("turned_over", "after", seat, {})

    def gain_skill(self, seat: int, skill: str) -> None:
        p = self.table.players[seat]
        if skill not in p.skills:
            p.skills.append(skill)
            self.refresh_skills()
            self.log_event("gain_skill", seat=seat, skill=skill)

    # == bookkeeping ======================================================================
    def tick(self, f: Frame | None) -> None:
        self.steps += 1
        if self.steps > self.setup.step_budget:
            raise StepBudgetExceeded(f.name if f is not None else "rules",
                                     self.setup.step_budget)

    def log_event(self, event: str, /, **data: Any) -> None:
        if self.record:
            if event not in LOG_EVENTS:
                raise EngineError(f"unknown log event {event!r}")
            data["e"] = event
            self.log.append(data)

    def check_invariants(self) -> None:
        t = self.table
        total = t.zone_total()
        if total != len(t.cards) or len(t.where) != len(t.cards):
            raise InvariantBroken(f"cards not conserved: {total} in zones, {len(t.where)} "
                                  f"located, {len(t.cards)} in the game")
        for uid, (zone, seat) in t.where.items():
            if zone == EQUIPMENT:
                if uid not in t.players[seat].equipment.values():
                    raise InvariantBroken(f"card {self.face(uid)} is not where it is said "
                                          f"to be ({zone} of seat {seat})")
            elif uid not in t.zone_list(zone, seat):
                raise InvariantBroken(f"card {self.face(uid)} is not where it is said to be "
                                      f"({zone} of seat {seat})")
        for p in t.players:
            if p.alive and not 0 < p.hp <= p.max_hp:
                raise InvariantBroken(f"seat {p.seat} is alive with {p.hp}/{p.max_hp} HP")
            if not p.alive and (p.hand or p.equipment or p.judgement):
                raise InvariantBroken(f"seat {p.seat} is dead but still holds cards")
        if t.processing:
            raise InvariantBroken(f"cards left in processing: "
                                  f"{[self.face(u) for u in t.processing]}")


def play_game(lib: Library, setup: Setup) -> Result:
    """Deal and play one game with the setup's agents."""
    return Game(lib, setup).play()


__all__ = ["DRAW", "Game", "Result", "Setup", "SetupError", "Use", "play_game"]

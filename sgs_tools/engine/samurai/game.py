"""The samurai game: setup, the three steps of a turn, limits, daimyo succession, victory.

One `SamuraiGame` per game, built from the bundled `Library` and a `Setup` (mode
``samurai``). It shares the kernel of the Sanguosha engine: a seeded RNG, decisions asked of
agents (`engine.agents`), an event log whose kinds are declared in
``engine.LOG_FIELDS``, a step budget and invariants checked after every turn. War and ninja
actions are in `war` and `ninja`; abilities and heirloom bonuses run through `hooks`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from sgs_tools.engine.agents import Agent, Decision, IllegalChoice, RandomAgent
from sgs_tools.engine.errors import SetupError
from sgs_tools.engine.library import Library
from sgs_tools.engine.records import Result, Setup
from sgs_tools.engine.samurai import hooks as hk
from sgs_tools.engine.samurai.rules import SamuraiRules
from sgs_tools.engine.samurai.state import House, Player, SCard


class StepBudget(Exception):
    """The game took more steps than its budget."""


class InvariantError(Exception):
    """A rule the table must always keep was broken."""


class SamuraiGame:
    """A game of the samurai variant, played to the end by :meth:`play`."""

    def __init__(self, lib: Library, setup: Setup, *, deal: bool = True) -> None:
        self.lib = lib
        self.setup = setup
        mode = lib.mode(setup.mode)
        self.rules = SamuraiRules.from_mode(mode.raw)
        r = self.rules
        if not r.players_min <= setup.players <= r.players_max:
            raise SetupError(f"the samurai mode is played by {r.players_min}-{r.players_max} "
                             f"players, not {setup.players}")
        self.hooks = hk.index(lib)
        self.rng = random.Random(f"samurai:{setup.seed}")
        self.dice_rng = random.Random(f"samurai-dice:{setup.seed}")
        self.scripted_dice: list[int] = []
        self.target = int(r.play["honor_target"])
        if not r.honor_min <= self.target <= r.honor_max:
            raise SetupError(f"honor target {self.target} is outside the mode's range "
                             f"{r.honor_min}-{r.honor_max}")
        self.record = setup.record
        self.log: list[dict[str, Any]] = []
        self.steps = 0
        self.turn_no = 0
        self.current = 0
        self.winner: int | None = None
        self.deck: list[SCard] = []
        self.discard: list[SCard] = []
        self.shogun_free: SCard | None = None
        self.players: list[Player] = []
        self.total_cards = 0
        kinds = [k.strip() for k in setup.agents.split(",") if k.strip()] or ["random"]
        from sgs_tools.engine.samurai.agent import make_samurai_agent

        self.agents: list[Agent] = [make_samurai_agent(kinds[s % len(kinds)], setup.seed, s)
                                    for s in range(setup.players)]
        self.wants_scores = [bool(getattr(a, "wants_context", False)) for a in self.agents]
        if deal:
            self.deal()

    # -- kernel ------------------------------------------------------------------------
    def log_event(self, event: str, /, **fields: Any) -> None:
        if self.record:
            entry = {"e": event}
            entry.update(fields)
            self.log.append(entry)

    def step(self) -> None:
        self.steps += 1
        if self.steps > self.setup.step_budget:
            raise StepBudget(f"more than {self.setup.step_budget} steps")

    def roll(self) -> int:
        """One six-sided die: a scripted value first, else the seeded dice."""
        self.step()
        if self.scripted_dice:
            return self.scripted_dice.pop(0)
        return self.dice_rng.randint(1, 6)

    def ask(self, seat: int, kind: str, prompt: str, options: list[str],
            scores: Callable[[], list[float]] | None = None, low: int = 1,
            high: int = 1) -> list[int]:
        """Ask a seat's agent; check the answer is legal."""
        self.step()
        if len(options) == 1 and low == high == 1:
            return [0]
        ctx: dict[str, Any] = {}
        if scores is not None and self.wants_scores[seat]:
            ctx["scores"] = scores()
        picked = self.agents[seat].decide(Decision(seat, kind, options, low, high, prompt,
                                                   ctx))
        if not low <= len(picked) <= high or len(set(picked)) != len(picked) or any(
                not 0 <= i < len(options) for i in picked):
            raise IllegalChoice(f"seat {seat} answered {picked} to {prompt!r} "
                                f"({len(options)} options, pick {low}..{high})")
        self.log_event("decide", seat=seat, kind=kind, prompt=prompt,
                       picked=[options[i] for i in picked])
        return picked

    def choose(self, seat: int, prompt: str, options: list[str],
               scores: Callable[[], list[float]] | None = None, kind: str = "choose") -> int:
        return self.ask(seat, kind, prompt, options, scores)[0]

    # -- setup -------------------------------------------------------------------------
    def make_cards(self) -> list[SCard]:
        """One card per copy in the mode's decks (the printed numbers read once per
        library)."""
        key = f"_samurai_cards_{self.setup.mode}"
        printed: list[tuple[Any, ...]] | None = getattr(self.lib, key, None)
        if printed is None:
            printed = []
            for ident, _suit, _rank in self.lib.deck(self.lib.mode(self.setup.mode)):
                c = self.lib.card(ident)
                x = c.extra
                honor = hk.honor_of(x.get("honor"))
                printed.append((ident, c.type, int(x.get("cost", 0) or 0),
                                int(x.get("attack", 0) or 0), int(x.get("defence", 0) or 0),
                                honor, x.get("crest"), x.get("unit"), int(honor * 2)))
            setattr(self.lib, key, printed)
        return [SCard(uid, *row) for uid, row in enumerate(printed)]

    def deal(self) -> None:
        cards = self.make_cards()
        self.total_cards = len(cards)
        shogun = [c for c in cards if c.type == "shogun"]
        self.shogun_free = shogun[0] if shogun else None
        deck = [c for c in cards if c.type != "shogun"]
        self.rng.shuffle(deck)
        self.deck = deck
        n = self.setup.players
        self.players = [Player(s, [House() for _ in range(2)]) for s in range(n)]
        self.log_event("setup", mode=self.setup.mode, players=n, seed=self.setup.seed,
                       first_game=False, scenario=None)
        per = int(self.rules.play["starting_samurai"])
        for p in self.players:
            for i in range(per):
                found = next((c for c in self.deck if c.type == "samurai"), None)
                if found is None:
                    break
                self.deck.remove(found)
                p.houses[min(i, 1)].samurai.append(found)
            p.start_daimyo = p.daimyo.id if p.daimyo else ""
            p.money = int(self.rules.play["starting_money"])
        for p in self.players:
            for _ in range(int(self.rules.play["starting_hand"])):
                self.draw(p, log=False)
        self.log_event("seats", seats=[{"seat": p.seat, "daimyo": p.start_daimyo,
                                        "houses": [[c.id for c in h.cards()]
                                                   for h in p.houses]}
                                       for p in self.players])

    # -- zones ---------------------------------------------------------------------------
    def draw(self, p: Player, log: bool = True) -> SCard | None:
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.log_event("reshuffle", cards=len(self.deck))
        if not self.deck:
            return None
        card = self.deck.pop()
        if card.type == "samurai" and not p.houses[0].samurai:
            # No samurai left: the next samurai drawn becomes the daimyo at once.
            p.houses[0].samurai.append(card)
            self.log_event("draw", seat=p.seat, cards=[card.id])
            self.log_event("daimyo", seat=p.seat, card=card.id, swap=False)
            return card
        p.hand.append(card)
        if log:
            self.log_event("draw", seat=p.seat, cards=[card.id])
        return card

    def to_discard(self, cards: list[SCard]) -> None:
        for c in cards:
            if c.type == "shogun":
                self.shogun_free = c
            else:
                self.discard.append(c)

    def remove(self, p: Player, card: SCard) -> None:
        """Take a card out of a player's houses (the caller puts it somewhere)."""
        for h in p.houses:
            row = h.row(card.type)
            if card in row:
                row.remove(card)
                return
        raise InvariantError(f"{card} is not in a house of seat {p.seat}")

    def settle(self, p: Player, why: str) -> None:
        """After a loss: seat a new daimyo at once if the first house lost its samurai,
        then discard every house left without samurai."""
        if not p.houses[0].samurai and p.houses[1].samurai:
            self.daimyo_died(p, why)
            return
        for i, h in enumerate(p.houses):
            if not h.samurai and h.cards() and self.rules.house_needs_samurai:
                lost = h.clear()
                self.to_discard(lost)
                self.log_event("house_lost", seat=p.seat, house=i + 1,
                               cards=[c.id for c in lost], why=why)

    def daimyo_died(self, p: Player, why: str) -> None:
        """The daimyo is gone: another samurai must be chosen at once (from either house;
        one from the second house swaps the rows)."""
        first = p.houses[0].samurai
        second = p.houses[1].samurai
        options = [*(f"{c.id} (house 1)" for c in first), *(f"{c.id} (house 2)"
                                                           for c in second)]
        pool = [*first, *second]
        if pool:
            i = 0 if len(pool) == 1 else self.choose(
                p.seat, "new daimyo", options,
                lambda: [float(c.honor + c.attack + c.defence) + (1 if c in first else 0)
                         for c in pool])
            pick = pool[i]
            swap = pick in second
            if swap and self.rules.rows_swap:
                p.houses.reverse()
            house = p.houses[0] if swap and self.rules.rows_swap else (
                p.houses[1] if swap else p.houses[0])
            house.samurai.remove(pick)
            if swap and not self.rules.rows_swap:
                p.houses[0].samurai.insert(0, pick)
            else:
                house.samurai.insert(0, pick)
            self.log_event("daimyo", seat=p.seat, card=pick.id, swap=swap)
        self.settle(p, why)

    def lose_samurai(self, p: Player, card: SCard, why: str, to: str = "discard") -> None:
        """A samurai leaves a player's houses (killed, persuaded away, retired)."""
        was_daimyo = card is p.daimyo
        self.remove(p, card)
        if to == "discard":
            self.to_discard([card])
        if was_daimyo:
            self.daimyo_died(p, why)
        else:
            self.settle(p, why)

    # -- the rules' small numbers --------------------------------------------------------
    def cards_in_play(self, p: Player) -> list[SCard]:
        return p.in_play()

    def castles(self, p: Player) -> int:
        return sum(len(h.castles) for h in p.houses)

    def command_count(self, p: Player) -> int:
        r = self.rules
        n = r.commands_base + r.commands_per_castle * self.castles(p)
        n += sum(self.hooks.commands_delta(c.id) for c in p.in_play())
        return max(r.commands_min, min(r.commands_max, n))

    def cost(self, p: Player, card: SCard, discounts: dict[str, int] | None = None) -> int:
        if card.type not in ("castle", "army"):
            return 0
        if discounts is None:
            discounts = self.discounts(p)
        return max(0, card.cost + discounts[card.type])

    def discounts(self, p: Player) -> dict[str, int]:
        """The cost changes the player's cards in play make, by card type."""
        cards = p.in_play()
        return {t: sum(self.hooks.cost_delta(c.id, t) for c in cards)
                for t in ("castle", "army")}

    def honor_total(self, p: Player) -> tuple[Fraction, dict[str, Fraction]]:
        """The honor of what the player holds, by source (before fractions are dropped)."""
        halves = self.honor_halves(p)
        parts = {k: Fraction(v, 2) for k, v in halves.items()}
        return Fraction(sum(halves.values()), 2), parts

    def honor_halves(self, p: Player) -> dict[str, int]:
        halves: dict[str, int] = {}
        sources = self.rules.honor_sources
        for h in p.houses:
            for c in h.cards():
                if c.halves and c.type in sources:
                    halves[c.type] = halves.get(c.type, 0) + c.halves
        if p.shogun is not None and "shogun" in sources:
            halves["shogun"] = 2 * self.rules.shogun_honor
        return halves

    # -- a turn --------------------------------------------------------------------------
    def play(self) -> Result:
        error: tuple[str, str] | None = None
        try:
            while self.winner is None and self.turn_no < self.setup.max_turns:
                self.take_turn(self.players[self.current])
                if self.setup.check_invariants:
                    self.check_invariants()
                self.current = (self.current + 1) % len(self.players)
            if self.winner is None:
                self.log_event("stalled", turns=self.turn_no)
        except StepBudget as exc:
            error = ("step-budget", str(exc))
        except InvariantError as exc:
            error = ("invariant", str(exc))
        except IllegalChoice as exc:
            error = ("illegal-choice", str(exc))
        if error is not None:
            self.log_event("error", kind=error[0], message=error[1])
        return self.result(error)

    def result(self, error: tuple[str, str] | None) -> Result:
        n = len(self.players)
        seats = [{"seat": p.seat, "role": f"seat {p.seat}", "general": p.start_daimyo,
                  "honor": p.honor, "money": p.money,
                  "honor_from": dict(sorted(p.honor_from.items())),
                  "wars_won": p.wars_won, "castles_taken": p.castles_taken,
                  "shogun": p.shogun is not None} for p in self.players]
        return Result(
            winners=[self.winner] if self.winner is not None else [],
            winning_side="player" if self.winner is not None else "none",
            turns=self.turn_no, rounds=(self.turn_no + n - 1) // n, steps=self.steps,
            error=error[1] if error else None, error_kind=error[0] if error else None,
            log=self.log, seats=seats, gaps=[f"{k}: {', '.join(v)}"
                                             for k, v in sorted(self.hooks.gaps.items())])

    def take_turn(self, p: Player, phases: tuple[str, ...] = ("honor", "commands",
                                                               "declaration")) -> None:
        self.turn_no += 1
        self.log_event("turn", seat=p.seat, turn=self.turn_no)
        if "honor" in phases:
            self.log_event("phase", seat=p.seat, phase="honor")
            self.honor_step(p)
            if self.winner is not None:
                return
        if "commands" in phases:
            self.log_event("phase", seat=p.seat, phase="commands")
            self.command_step(p)
        if "declaration" in phases:
            self.log_event("phase", seat=p.seat, phase="declaration")
            self.declaration_step(p)
        self.end_of_turn(p)

    def honor_step(self, p: Player) -> None:
        halves = self.honor_halves(p)
        gained = sum(halves.values()) // 2
        p.honor += gained
        # Which sources the points came from (whole points, half points paired in order).
        whole = {k: v // 2 for k, v in halves.items()}
        rest = gained - sum(whole.values())
        for k in sorted(k for k, v in halves.items() if v % 2)[:rest]:
            whole[k] += 1
        for k, v in whole.items():
            if v:
                p.honor_from[k] = p.honor_from.get(k, 0) + v
        self.log_event("honor", seat=p.seat, gained=gained, total=p.honor)
        if p.honor >= self.target:
            self.winner = p.seat
            self.log_event("win", side="player", seats=[p.seat])

    # -- commands ------------------------------------------------------------------------
    def command_step(self, p: Player) -> None:
        from sgs_tools.engine.samurai import commands

        n = self.command_count(p)
        used = 0
        while used < n:
            if not commands.one_command(self, p, n - used):
                break
            used += 1
        unused = n - used
        halves = sum(self.hooks.income_halves(c.id) for c in p.in_play())
        money = max(0, unused * self.rules.unused_command_money + halves // 2)
        p.money += money
        self.log_event("income", seat=p.seat, money=money, unused=unused)

    def declaration_step(self, p: Player) -> None:
        from sgs_tools.engine.samurai import commands

        commands.declarations(self, p)

    def end_of_turn(self, p: Player) -> None:
        """Row and hand limits, checked after the player's own turn: the excess is
        discarded at once (the player chooses which)."""
        limits = self.rules.row_limits
        for i, h in enumerate(p.houses):
            for kind, limit in limits.items():
                row = h.row(kind)
                while len(row) > limit:
                    keep = [c for c in row if not (kind == "samurai" and c is p.daimyo)]
                    pick = keep[self.choose(p.seat, f"discard excess {kind} of house {i + 1}",
                                            [c.id for c in keep], _values(keep),
                                            kind="cards")]
                    row.remove(pick)
                    self.to_discard([pick])
                    self.log_event("discard_excess", seat=p.seat, cards=[pick.id])
        excess = len(p.hand) - self.rules.hand_limit
        if excess > 0:
            picks = self.ask(p.seat, "cards", f"discard {excess} from hand",
                             [c.id for c in p.hand],
                             lambda: [-float(c.honor + c.attack + c.defence + c.cost)
                                      for c in p.hand], low=excess, high=excess)
            gone = [p.hand[i] for i in picks]
            for c in gone:
                p.hand.remove(c)
            self.to_discard(gone)
            self.log_event("discard_excess", seat=p.seat, cards=[c.id for c in gone])

    # -- invariants ------------------------------------------------------------------------
    def check_invariants(self) -> None:
        zones: list[SCard] = [*self.deck, *self.discard]
        if self.shogun_free is not None:
            zones.append(self.shogun_free)
        for p in self.players:
            zones.extend(p.all_cards())
            if p.money < 0 or p.honor < 0:
                raise InvariantError(f"seat {p.seat} has negative chips "
                                     f"(money {p.money}, honor {p.honor})")
            for i, h in enumerate(p.houses):
                for kind, limit in self.rules.row_limits.items():
                    if len(h.row(kind)) > limit:
                        raise InvariantError(f"seat {p.seat} house {i + 1} has "
                                             f"{len(h.row(kind))} {kind} (limit {limit})")
                if not h.samurai and (h.armies or h.castles or h.heirlooms):
                    raise InvariantError(f"seat {p.seat} house {i + 1} has cards but no "
                                         "samurai")
            if not p.houses[0].samurai and p.houses[1].samurai:
                raise InvariantError(f"seat {p.seat} has samurai but no daimyo")
            if len(p.hand) > self.rules.hand_limit and p.seat == self.current:
                raise InvariantError(f"seat {p.seat} holds {len(p.hand)} cards after "
                                     "its turn")
        seen = {c.uid for c in zones}
        if len(seen) != len(zones):
            twice = sorted({c.id for c in zones if zones.count(c) > 1})
            raise InvariantError(f"{', '.join(twice)} in two places")
        if len(seen) != self.total_cards:
            raise InvariantError(f"{len(seen)} cards on the table, expected "
                                 f"{self.total_cards}")


def random_agent(seed: int, seat: int) -> RandomAgent:
    return RandomAgent(f"agent:{seed}:{seat}")


def _values(cards: list[SCard]) -> Callable[[], list[float]]:
    """Scores for discarding: the least valuable card first."""
    return lambda: [-float(c.honor * 3 + c.attack + c.defence + c.cost) for c in cards]

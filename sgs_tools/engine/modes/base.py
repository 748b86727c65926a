"""The `Rules` base class: the named steps of a game that a mode may change.

A ruleset overrides a few predicates and hooks (how the table is dealt, which skills a
character can use, who is an enemy, what a death brings, who has won); the table's core
(turns, phases, cards, damage) calls them and is never copied. python-chess's variants are
the model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from sgs_tools.engine.errors import SetupError
from sgs_tools.engine.shared import Shared
from sgs_tools.engine.state import DRAW, PILE_SPOTS

if TYPE_CHECKING:
    from sgs_tools.engine.agents import Decision
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.library import Hook
    from sgs_tools.engine.state import Player

RULES: dict[str, type[Rules]] = {}

DEATH_ZONES = ("hand", "equipment", "judgement", "pile")
"""The zones of a character that ``death.discard`` may name, in the order a dead
character's cards go to the discard pile (``pile``: the cards on the general card)."""


def death_zones(mode_id: str, raw: dict[str, Any]) -> tuple[str, ...]:
    """The mode's ``death.discard``: the zones whose cards a dead character discards (in
    ``DEATH_ZONES`` order). A mode that does not say is refused: no zone is assumed."""
    death = raw.get("death")
    zones = death.get("discard") if isinstance(death, dict) else None
    if not isinstance(zones, list):
        raise SetupError(f"mode {mode_id!r} does not say which zones a dead character's "
                         f"cards are discarded from (death: discard: "
                         f"[{', '.join(DEATH_ZONES)}])")
    unknown = [str(z) for z in zones if z not in DEATH_ZONES]
    if unknown:
        raise SetupError(f"mode {mode_id!r}: death.discard names {', '.join(unknown)}, "
                         f"not a zone of a character ({', '.join(DEATH_ZONES)})")
    return tuple(z for z in DEATH_ZONES if z in zones)


def kept_skills(g: Game, seat: int, skills: list[str]) -> list[str]:
    """A seat's skills for ``refresh_skills``: the list the table already has for the
    seat if it holds the same skills (memos keyed by that list, as ``count_as`` is, stay
    good: the lists are replaced, never changed), else a copy."""
    kept = g.skillsets
    if seat < len(kept):
        old = kept[seat]
        if old == skills:
            return old
    return list(skills)


def register(*mode_ids: str) -> Any:
    """Class decorator: these mode ids (and modes based on them) play by this class."""
    def add(cls: type[Rules]) -> type[Rules]:
        for m in mode_ids:
            RULES[m] = cls
        cls.modes = tuple(mode_ids)
        return cls
    return add


def kept_for_mode(g: Game, name: str, make: Callable[[], Any]) -> Any:
    """What ``make`` builds from the library's generals for this game's mode, built once
    per library and mode and kept for every game (the library's generals never change;
    callers only read it)."""
    kept = g.lib.compiled.setdefault(name, Shared())
    found = kept.get(g.mode.id)
    if found is None or found[0] is not g.mode:
        found = kept[g.mode.id] = (g.mode, make())
    return found[1]


class Rules:
    """What differs between rulesets. Every method has the table's plain default."""

    modes: ClassVar[tuple[str, ...]] = ()

    def __init__(self, g: Game) -> None:
        self.g = g
        self.death_zones = death_zones(g.mode.id, g.raw)
        """``death.discard``: the zones a dead character's cards leave."""
        self.death_all = self.death_zones == DEATH_ZONES

    # -- setting up ----------------------------------------------------------------------
    def deal(self) -> None:
        """Seat the players, give them their generals and HP, shuffle and deal hands."""
        raise NotImplementedError

    def shuffle_deck(self, exclude_ranks: tuple[int, ...] = ()) -> None:
        """The mode's decks built, shuffled and laid down as the draw pile."""
        g = self.g
        uids = g.build_deck(exclude_ranks)
        g.rng.shuffle(uids)
        t = g.table
        t.draw_pile = uids
        t.where.update(dict.fromkeys(uids, PILE_SPOTS[DRAW]))  # (the pile's one tuple)

    def deal_hands(self) -> None:
        """Everyone draws the mode's starting hand, from the current player on."""
        g = self.g
        hand = int((g.raw.get("setup") or {}).get("starting_hand", 4))
        for p in g.table.from_current():
            g.draw(p.seat, hand)

    def active_skills(self, p: Player) -> list[str]:
        """The skills a living character can use (possibly after a reveal): the list the
        table has for the seat when they are the same (``kept_skills``)."""
        return kept_skills(self.g, p.seat, p.skills)

    # -- skills --------------------------------------------------------------------------
    def latent(self, seat: int, skill: str) -> bool:
        """The skill belongs to a general that must be revealed before it takes effect."""
        return False

    def ready(self, seat: int, hook: Hook, asked: bool = False) -> bool:
        """Called before a skill's hook takes effect: False stops it (a hidden general
        whose owner declines to reveal it, a locked skill of a hidden general).
        ``asked``: the owner has just chosen to use the skill."""
        return True

    def used_skill(self, seat: int, skill: str) -> None:
        """The owner chose to use a skill (an action, a conversion): whatever that
        implies (Guozhan: its general is revealed)."""

    def static_applies(self, seat: int, skill: str) -> bool:
        """Whether a skill's static modifiers apply now."""
        return True

    # -- turns ---------------------------------------------------------------------------
    def turn_start(self, seat: int) -> None:
        """Before a turn's phases (Guozhan: hidden generals may be revealed)."""

    # -- people --------------------------------------------------------------------------
    def hostility(self, me: int, other: int) -> float:
        """How much ``me`` wants to hurt ``other`` (negative: help), from what ``me`` may
        know."""
        return 0.0 if me == other else 1.0

    def leaning(self, seat: int) -> float:
        """How much ``seat`` seems to be on the lord's side (positive), as its deeds
        show (the heuristic agent's reading); 0 where no side is the lord's."""
        return 0.0

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know of the table: public facts plus its own secrets."""
        t = self.g.table
        return {"seats": [{"seat": p.seat, "alive": p.alive, "hp": p.hp, "max_hp": p.max_hp,
                           "hand": len(p.hand), "general": p.general}
                          for p in t.players]}

    def public_name(self, seat: int) -> str:
        """How a seat is named to everyone: ``seat 3 (caocao)``."""
        return self.g.table.players[seat].name()

    def seat_summary(self, p: Player) -> dict[str, Any]:
        """One seat in a game's result."""
        return {"seat": p.seat, "role": p.role, "general": p.general, "hp": p.hp,
                "max_hp": p.max_hp, "alive": p.alive}

    # -- death and the end ---------------------------------------------------------------
    def death_cards(self, p: Player) -> list[int]:
        """The cards a character's death sends to the discard pile: those of the zones
        ``death.discard`` names (the others stay where they are)."""
        if self.death_all:
            return p.all_cards()
        out: list[int] = []
        for zone in self.death_zones:
            if zone == "hand":
                out += p.hand
            elif zone == "equipment":
                out += p.equipment.values()
            elif zone == "judgement":
                out += p.judgement
            else:
                out += p.pile
        return out

    def on_death(self, victim: int) -> None:
        """What a death makes public."""
        self.g.table.players[victim].role_revealed = True

    def rewards(self, killer: int, victim: int) -> None:
        """Rewards and penalties for the killer."""

    def pay(self, rule: dict[str, Any], killer: int, victim: int) -> None:
        """One of the mode's ``rewards`` that matched a kill: its ``effect`` on the killer
        (``draw`` a number or ``victim_faction_count``, ``discard`` the listed zones,
        ``none``)."""
        effect = rule.get("effect") or {}
        if effect.get("none"):
            return
        g = self.g
        k = g.table.players[killer]
        g.log_event("reward", seat=killer, rule=rule.get("id"))
        if "draw" in effect:
            draw = effect["draw"]
            n = (self.faction_size(victim, bool(effect.get("includes_victim")))
                 if draw == "victim_faction_count" else int(draw))
            g.draw(killer, n)
        if "discard" in effect:
            zones = effect["discard"]
            cards = []
            if "hand" in zones:
                cards += k.hand
            if "equipment" in zones:
                cards += list(k.equipment.values())
            if "judgement" in zones:
                cards += k.judgement
            g.discard(list(cards), killer, None, reason="penalty")

    def faction_size(self, victim: int, includes_victim: bool) -> int:
        """``victim_faction_count``: the living players of the victim's side (its role),
        and the victim if ``includes_victim``."""
        t = self.g.table
        role = t.players[victim].role
        alive = sum(1 for p in t.players if p.alive and p.seat != victim and p.role == role)
        return alive + (1 if includes_victim else 0)

    def check_victory(self) -> None:
        """Raise GameOver (through ``Game.win``) when a side has won."""

    def check_invariants(self) -> None:
        """Mode-specific invariants, checked after every turn."""

    def check_decision(self, d: Decision) -> None:
        """Raise InvariantBroken if a decision shows its seat what it may not know."""

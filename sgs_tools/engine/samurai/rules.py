"""The samurai mode's data (modes/samurai.yaml) → the numbers the engine plays by.

Every rule number is read from the mode; the few the rule book leaves open have defaults
here (``PLAY_DEFAULTS``), documented with their reasons in modes/samurai.yaml, and a mode
sets them under ``samurai.play``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PLAY_DEFAULTS: dict[str, Any] = {
    "starting_samurai": 2,     # one per house: the daimyo, and a retainer leading house 2
    "starting_hand": 3,        # setup.starting_hand of the mode wins when given
    "starting_money": 3,
    "honor_target": 25,        # the middle of the 20-30 range; a scenario may set its own
    "dice_cap": 7,             # dice per side: the seven dice in the box
    "declarations_per_turn": 1,
    "support_sides": "both",   # the attacker's and the defender's other house may support
    "shogun_card": "beside_board",  # the shogun card is not shuffled into the deck
}


@dataclass(frozen=True)
class Unit:
    id: str
    kind: str                  # matched, advance or none
    value: int = 0
    against: frozenset[str] = frozenset()
    against_all_except: frozenset[str] | None = None
    chance_in_six: int = 0
    removes: int = 0
    when: str = ""

    def matches(self, unit: str) -> bool:
        if self.against_all_except is not None:
            return unit not in self.against_all_except
        return unit in self.against


@dataclass(frozen=True)
class NinjaAction:
    id: str
    chance_in_six: int
    excludes: frozenset[str]


@dataclass(frozen=True)
class SamuraiRules:
    players_min: int
    players_max: int
    row_limits: dict[str, int]
    hand_limit: int
    guard_defence: int
    house_needs_samurai: bool
    honor_min: int
    honor_max: int
    honor_sources: tuple[str, ...]
    commands_base: int
    commands_per_castle: int
    commands_min: int
    commands_max: int
    unused_command_money: int
    ninja_actions: dict[str, NinjaAction]
    ninja_multiply: int
    castle_ninja: int
    shogun_honor: int
    war_samurai: int
    war_armies: int
    support_only_when_short: bool
    support_lost_on_defeat: bool
    attack_sum: tuple[str, ...]
    defence_sum: tuple[str, ...]
    dice_divisor: int
    tie: str
    units: dict[str, Unit]
    retire_while_shogun: bool
    rows_swap: bool
    play: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_mode(cls, raw: dict[str, Any]) -> SamuraiRules:
        s = raw.get("samurai") or {}
        players = raw.get("players") or {}
        honor = s.get("honor") or {}
        target = honor.get("target") or {}
        cmd = s.get("commands") or {}
        ninja = s.get("ninja") or {}
        war = s.get("war") or {}
        mods = ninja.get("modifiers") or []
        multiply = next((int(m.get("multiply", 1)) for m in mods
                         if m.get("source") == "ninja_ability"), 2)
        castle = next((-int(m.get("add_in_six", 0)) for m in mods
                       if m.get("source") == "castle"), 1)
        guard = next((-int(m.get("add_in_six", 0)) for m in mods
                      if m.get("source") == "house_guard"), 1)
        units: dict[str, Unit] = {}
        for u in s.get("units") or []:
            b = u.get("bonus") or {}
            units[u["id"]] = Unit(
                u["id"], str(b.get("kind", "none")), int(b.get("value", 0) or 0),
                frozenset(b.get("against") or ()),
                frozenset(b["against_all_except"]) if "against_all_except" in b else None,
                int(b.get("chance_in_six", 0) or 0), int(b.get("removes", 0) or 0),
                str(b.get("when", "")))
        support = war.get("support") or {}
        part = war.get("participants") or {}
        daimyo = s.get("daimyo") or {}
        retire = daimyo.get("retire") or {}
        play = dict(PLAY_DEFAULTS)
        play.update(s.get("play") or {})
        setup = raw.get("setup") or {}
        if "starting_hand" in setup:
            play["starting_hand"] = int(setup["starting_hand"])
        return cls(
            players_min=int(players.get("min", 3)), players_max=int(players.get("max", 6)),
            row_limits={k: int(v) for k, v in (s.get("row_limits") or {}).items()},
            hand_limit=int(s.get("hand_limit", 7)),
            guard_defence=int((s.get("house_guard") or {}).get("ninja_defence", guard)),
            house_needs_samurai=bool(s.get("house_needs_samurai", True)),
            honor_min=int(target.get("min", 20)), honor_max=int(target.get("max", 30)),
            honor_sources=tuple(honor.get("sources") or ()),
            commands_base=int(cmd.get("base", 3)),
            commands_per_castle=int(cmd.get("per_castle", 1)),
            commands_min=int(cmd.get("min", 3)), commands_max=int(cmd.get("max", 5)),
            unused_command_money=int((s.get("money") or {}).get("unused_command", 1)),
            ninja_actions={a["id"]: NinjaAction(a["id"], int(a["chance_in_six"]),
                                                frozenset(a.get("excludes") or ()))
                           for a in ninja.get("actions") or []},
            ninja_multiply=multiply, castle_ninja=castle,
            shogun_honor=int((s.get("shogun") or {}).get("honor", 3)),
            war_samurai=int(part.get("samurai", 2)), war_armies=int(part.get("army", 5)),
            support_only_when_short=bool(support.get("only_when_short", True)),
            support_lost_on_defeat=bool(support.get("lost_on_defeat", False)),
            attack_sum=tuple(war.get("attack_sum") or ()),
            defence_sum=tuple(war.get("defence_sum") or ()),
            dice_divisor=int(war.get("dice_divisor", 3)), tie=str(war.get("tie", "defender")),
            units=units, retire_while_shogun=not bool(retire.get("not_while_shogun", True)),
            rows_swap=bool(daimyo.get("rows_swap_if_from_second_house", True)), play=play)

    def dice(self, total: int) -> int:
        """War dice for a strength total: divided and rounded down, at most the cap."""
        return max(0, min(int(self.play["dice_cap"]), total // self.dice_divisor))

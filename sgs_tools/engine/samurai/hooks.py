"""Samurai abilities and heirloom bonuses: their compiled hooks, run through primitives.

A samurai card's abilities compile to ``<card>.<ability>`` hooks and an heirloom's bonus
to ``<card>.bonus`` (kinds ``ability`` and ``heirloom``; see ``sgs explain``). Each hook is
a static clause of modifiers; each modifier word has one primitive here, and the
arguments each primitive understands are checked when the index is built: anything else
(another word, a trigger, an unknown argument) is an engine gap, reported and never run.

``SAMURAI_WORDS`` is the one list of the samurai vocabulary words this engine runs, by
category, in the form of ``sgs_tools.engine.words.KNOWN``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sgs_tools.engine.library import Library

SAMURAI_WORDS: dict[str, frozenset[str]] = {
    "hook_kind": frozenset({"static"}),
    "modifier": frozenset({"attack", "defence", "war_bonus", "cost", "income", "commands",
                           "ninja_odds", "ninja_defence"}),
}
"""The samurai vocabulary words the engine runs: every modifier a samurai or heirloom
clause may use. Other samurai words (the trigger events and actions) are gaps."""

HOOK_KINDS = ("ability", "heirloom")
WAR_PARTS = frozenset({"fighting", "at_war"})
WAR_SIDES = frozenset({"attacking", "defending", "attacking_castle", "defending_castle"})
TARGET_TYPES = frozenset({"castle", "shogun"})


def delta(args: dict[str, Any], key: str = "delta") -> int:
    d = args.get(key)
    if not isinstance(d, dict):
        return 0
    amount = int(d.get("amount", 0))
    return -amount if d.get("sign") == "-" else amount


def card_types(spec: Any) -> frozenset[str] | None:
    """The card types of a ``CARDS`` argument that only filters by card type, else None."""
    if not isinstance(spec, dict) or set(spec) != {"cards"}:
        return None
    inner = spec["cards"]
    if not isinstance(inner, dict):
        return None
    filters = inner.get("filters") or {}
    if set(inner) - {"filters", "noun"} or set(filters) != {"card_type"}:
        return None
    return frozenset(str(t) for t in filters["card_type"])


@dataclass(frozen=True)
class Mod:
    """One modifier of a card's hook, as the primitives read it."""

    source: str      # the hook's key: card.ability#index
    word: str
    args: dict[str, Any]


@dataclass
class WarView:
    """What a war modifier needs to know: which side, on what, who fights."""

    side: str                    # attack or defence
    target_type: str             # castle or shogun
    defending_castle: bool
    fighting: frozenset[int]     # uids of the fighting samurai
    house_units: dict[int, dict[str, int]]   # samurai uid → unit counts of its house
    enemy_units: dict[str, int]
    own_units: dict[str, int]


def _war(word: str) -> Callable[[Mod, int, WarView], int]:
    def run(mod: Mod, owner_uid: int, war: WarView) -> int:
        args = mod.args
        if word == "attack" and war.side != "attack":
            return 0
        if word == "defence" and war.side != "defence":
            return 0
        if args.get("while") == "fighting" and owner_uid not in war.fighting:
            return 0
        against = args.get("against")
        if against is not None:
            types = card_types(against)
            if types is None or war.target_type not in types:
                return 0
        per = args.get("per")
        if per is not None:
            return delta(args) * war.house_units.get(owner_uid, {}).get(str(per), 0)
        return delta(args)
    return run


def unit_bonus(mod: Mod, army_count: int, war: WarView) -> int:
    """A unit-type bonus: ``value`` for each enemy army of the named types matched one to
    one by an army of this type (spearmen against cavalry: 2 spearmen, 3 cavalry → 2)."""
    args = mod.args
    against = args.get("against") or []
    enemies = sum(n for u, n in war.enemy_units.items()
                  if (u in against) != bool(args.get("except")))
    return delta(args) * min(army_count, enemies)


def war_bonus(mod: Mod, owner_uid: int, war: WarView) -> int:
    """``war_bonus``: to either side's total; flat, per own army of a unit type, per enemy
    army of a unit type (matched one to one when both are named), limited to attacking or
    defending (a castle)."""
    args = mod.args
    if args.get("while") == "fighting" and owner_uid not in war.fighting:
        return 0
    during = args.get("during")
    attacking = war.side == "attack"
    if (during == "attacking" and not attacking) or (during == "defending" and attacking):
        return 0
    if during == "attacking_castle" and not (attacking and war.target_type == "castle"):
        return 0
    if during == "defending_castle" and not (not attacking and war.defending_castle):
        return 0
    per, versus = args.get("per"), args.get("versus")
    own = (war.house_units.get(owner_uid, war.own_units).get(str(per), 0)
           if per is not None else None)
    enemy = war.enemy_units.get(str(versus), 0) if versus is not None else None
    if own is not None and enemy is not None:
        return delta(args) * min(own, enemy)
    if own is not None:
        return delta(args) * own
    if enemy is not None:
        return delta(args) * enemy
    return delta(args)


WAR_PRIMITIVES: dict[str, Callable[[Mod, int, WarView], int]] = {
    "attack": _war("attack"), "defence": _war("defence"), "war_bonus": war_bonus}


def arg_gaps(word: str, args: dict[str, Any]) -> list[str]:
    """Arguments of a modifier this engine's primitive does not understand."""
    out: list[str] = []
    if word == "war_bonus":
        if args.get("while") not in WAR_PARTS:
            out.append(f"modifier war_bonus: while {args.get('while')!r}")
        if args.get("during") not in (None, *WAR_SIDES):
            out.append(f"modifier war_bonus: during {args.get('during')!r}")
    elif word in ("attack", "defence"):
        if args.get("while") not in WAR_PARTS:
            out.append(f"modifier {word}: while {args.get('while')!r}")
        against = args.get("against")
        if against is not None and card_types(against) is None:
            out.append(f"modifier {word}: against anything but card types")
    elif word == "cost":
        if card_types(args.get("for")) is None:
            out.append("modifier cost: for anything but card types")
    elif word == "income" and args.get("unit") not in (None, "coin", "half"):
        out.append(f"modifier income: unit {args.get('unit')!r}")
    return out


@dataclass
class CardHooks:
    """Every card's runnable modifiers, and the gaps."""

    mods: dict[str, list[Mod]] = field(default_factory=dict)
    gaps: dict[str, list[str]] = field(default_factory=dict)
    sources: dict[str, list[str]] = field(default_factory=dict)

    def of(self, card: str) -> list[Mod]:
        return self.mods.get(card, [])

    # -- primitives over a card ---------------------------------------------------------
    def cost_delta(self, card: str, placed_type: str) -> int:
        return sum(delta(m.args) for m in self.of(card) if m.word == "cost"
                   and placed_type in (card_types(m.args.get("for")) or ()))

    def income_halves(self, card: str) -> int:
        out = 0
        for m in self.of(card):
            if m.word == "income":
                out += delta(m.args) * (1 if m.args.get("unit") == "half" else 2)
        return out

    def commands_delta(self, card: str) -> int:
        return sum(delta(m.args) for m in self.of(card) if m.word == "commands")

    def ninja_odds(self, card: str, action: str) -> tuple[int, int]:
        """(multiplier, sixths added) of ninja actions this samurai performs."""
        times, add = 1, 0
        for m in self.of(card):
            if m.word != "ninja_odds" or m.args.get("of") not in (None, action):
                continue
            if m.args.get("times"):
                times *= int(m.args["times"])
            add += delta(m.args)
        return times, add

    def ninja_defence(self, card: str) -> int:
        return sum(int(m.args.get("n") or 1) for m in self.of(card)
                   if m.word == "ninja_defence")

    def war_bonus(self, card: str, uid: int, war: WarView) -> int:
        return sum(WAR_PRIMITIVES[m.word](m, uid, war) for m in self.of(card)
                   if m.word in WAR_PRIMITIVES)


def _cached(lib: Library) -> CardHooks | None:
    found: CardHooks | None = getattr(lib, "_samurai_hooks", None)
    return found


def index(lib: Library) -> CardHooks:
    """The samurai hooks of every card, built once per library."""
    found = _cached(lib)
    if found is not None:
        return found
    out = CardHooks()
    for key, compiled in lib.effects.compiled.items():
        if compiled.kind not in HOOK_KINDS:
            continue
        card = key.split(".", 1)[0]
        out.sources.setdefault(card, []).append(key)
        for raw in compiled.hooks:
            gaps = hook_gaps(raw)
            if gaps:
                bucket = out.gaps.setdefault(key, [])
                bucket.extend(g for g in gaps if g not in bucket)
                continue
            for m in raw.get("modifiers") or []:
                out.mods.setdefault(card, []).append(
                    Mod(f"{key}#{raw.get('index', 0)}", str(m["modifier"]),
                        dict(m.get("args") or {})))
    lib._samurai_hooks = out  # type: ignore[attr-defined]
    return out


def hook_gaps(raw: dict[str, Any]) -> list[str]:
    """What of one compiled samurai hook this engine cannot run (empty: it all runs)."""
    out: list[str] = []
    kind = raw.get("kind")
    if kind not in SAMURAI_WORDS["hook_kind"]:
        out.append(f"hook kind {kind!r}")
    for step in [*(raw.get("steps") or []), *(raw.get("cost") or [])]:
        out.append(f"action {step.get('do')}")
    if raw.get("condition") is not None:
        out.append("condition")
    for m in raw.get("modifiers") or []:
        word = str(m.get("modifier"))
        if word not in SAMURAI_WORDS["modifier"]:
            out.append(f"modifier {word}")
        else:
            out.extend(arg_gaps(word, dict(m.get("args") or {})))
    return out


def honor_of(value: Any) -> Fraction:
    return Fraction(str(value)) if value is not None else Fraction(0)

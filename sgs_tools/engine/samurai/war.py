"""War: one house against the house holding a castle (or the sitting shogun's house).

Each side fights with at most the mode's samurai and armies of its house; a side short of
armies is supported by armies of its other house (never more than its own). Defending a
castle, advance-fire units shoot first. Each side adds up the terms the mode lists (armies,
samurai, unit bonuses, castle defence, and every ``attack``/``defence`` hook of its cards),
rolls one die per ``dice_divisor`` of it (rounded down, at most ``dice_cap``), and the
higher pip total wins, the tie going to the side the mode names. The loser discards its
fighting house (support armies go home); a winning attacker takes the castle (or the
shogun card).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from sgs_tools.engine.samurai import agent as heur
from sgs_tools.engine.samurai.hooks import Mod, WarView, unit_bonus
from sgs_tools.engine.samurai.state import House, Player, SCard

if TYPE_CHECKING:
    from sgs_tools.engine.samurai.game import SamuraiGame


@dataclass
class Side:
    player: Player
    house: int
    samurai: list[SCard]
    armies: list[SCard]
    support: list[SCard] = field(default_factory=list)
    removed: list[SCard] = field(default_factory=list)
    terms: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.terms.values())

    def fighting_armies(self) -> list[SCard]:
        return [a for a in [*self.armies, *self.support] if a not in self.removed]


def _force(g: SamuraiGame, p: Player, house: int, key: str, supported: bool) -> Side:
    rules = g.rules
    h: House = p.houses[house]
    armies = h.armies[:rules.war_armies]
    side = Side(p, house, h.samurai[:rules.war_samurai], list(armies))
    short = rules.war_armies - len(armies)
    if supported and (short > 0 or not rules.support_only_when_short):
        other = p.houses[1 - house].armies
        n = min(short, len(armies), len(other))
        side.support = sorted(other, key=lambda a: -getattr(a, key))[:n]
    return side


def units(armies: list[SCard]) -> dict[str, int]:
    out: dict[str, int] = {}
    for a in armies:
        if a.unit:
            out[a.unit] = out.get(a.unit, 0) + 1
    return out


def unit_mods(g: SamuraiGame) -> dict[str, Mod]:
    """The mode's unit bonuses (``samurai.units``) as ``unit_bonus`` modifiers."""
    out: dict[str, Mod] = {}
    for u in g.rules.units.values():
        if u.kind != "matched":
            continue
        if u.against_all_except is not None:
            args = {"delta": {"sign": "+", "amount": u.value},
                    "against": sorted(u.against_all_except), "except": True}
        else:
            args = {"delta": {"sign": "+", "amount": u.value}, "against": sorted(u.against)}
        out[u.id] = Mod(f"mode:samurai.units.{u.id}", "unit_bonus", args)
    return out


def sum_side(g: SamuraiGame, side: Side, enemy: Side, role: str, target_type: str,
             defending_castle: bool) -> None:
    """Fill ``side.terms``: the mode's war terms for this side."""
    p = side.player
    armies = side.fighting_armies()
    main = [a for a in side.armies if a not in side.removed]
    key = "attack" if role == "attack" else "defence"
    own = units(armies)
    view = WarView(role, target_type, defending_castle,
                   frozenset(s.uid for s in side.samurai),
                   {s.uid: units(main) for s in side.samurai}, units(enemy.fighting_armies()),
                   own)
    t = side.terms
    t[f"army_{key}"] = sum(getattr(a, key) for a in armies)
    t[f"samurai_{key}"] = sum(getattr(s, key) for s in side.samurai)
    bonus = 0
    for u, n in own.items():
        mod = unit_mods(g).get(u)
        if mod is not None:
            bonus += unit_bonus(mod, n, view)
    t["unit_bonus"] = bonus
    from_hooks = {"heirloom": 0, "samurai": 0}
    for c in p.in_play():
        if c.type in from_hooks:
            from_hooks[c.type] += g.hooks.war_bonus(c.id, c.uid, view)
    t["heirloom_strength"] = from_hooks["heirloom"]
    t["abilities"] = from_hooks["samurai"]
    if role == "defence":
        t["castle_defence"] = sum(c.defence for c in p.houses[side.house].castles)
    listed = set(g.rules.attack_sum if role == "attack" else g.rules.defence_sum)
    ability_terms = {"army_support", "strength", "castle_attack"}
    for k in list(t):
        if k == "abilities":
            if not listed & ability_terms:
                t[k] = 0
        elif k not in listed:
            t[k] = 0


def options(g: SamuraiGame, p: Player) -> list[tuple[str, Callable[[], None],
                                                   Callable[[], float]]]:
    out: list[tuple[str, Callable[[], None], Callable[[], float]]] = []
    mine = [i for i, h in enumerate(p.houses) if h.samurai]
    if not mine:
        return out
    for other in g.players:
        if other is p:
            continue
        aims: list[tuple[str, int, SCard | None]] = []
        if other.shogun is not None and p.shogun is None and other.houses[0].samurai:
            aims.append(("shogun", 0, other.shogun))
        for hi, h in enumerate(other.houses):
            for c in h.castles:
                aims.append(("castle", hi, c))
        for kind, hi, card in aims:
            for mh in mine:
                what = "the shogun" if kind == "shogun" else f"{card.id if card else '?'}"
                label = f"war on {what} of seat {other.seat} with house {mh + 1}"
                out.append((label, _runner(g, p, mh, other, hi, kind),
                            _scorer(g, p, mh, other, hi, kind)))
    return out


def _runner(g: SamuraiGame, p: Player, mh: int, other: Player, hi: int, kind: str
            ) -> Callable[[], None]:
    def run() -> None:
        fight(g, p, mh, other, hi, kind)
    return run


def _scorer(g: SamuraiGame, p: Player, mh: int, other: Player, hi: int, kind: str
            ) -> Callable[[], float]:
    def score() -> float:
        a, d = forces(g, p, mh, other, hi, kind)
        return heur.war_score(g, p, other, kind, win_chance(
            g.rules.dice(a.total), g.rules.dice(d.total), g.rules.tie), a, d)
    return score


def forces(g: SamuraiGame, p: Player, mh: int, other: Player, hi: int, kind: str,
           fire: bool = False) -> tuple[Side, Side]:
    both = g.rules.play["support_sides"] == "both"
    att = _force(g, p, mh, "attack", True)
    dfn = _force(g, other, hi, "defence", both)
    defending_castle = bool(other.houses[hi].castles)
    if fire and defending_castle:
        advance_fire(g, att, dfn)
    sum_side(g, att, dfn, "attack", kind, defending_castle)
    sum_side(g, dfn, att, "defence", kind, defending_castle)
    return att, dfn


def advance_fire(g: SamuraiGame, att: Side, dfn: Side) -> None:
    """Defending a castle: each advance-fire army rolls; a hit removes an enemy army
    before the war (the strongest attacker first)."""
    for a in dfn.fighting_armies():
        u = g.rules.units.get(a.unit or "")
        if u is None or u.kind != "advance":
            continue
        roll = g.roll()
        hit = roll <= u.chance_in_six
        shot: list[str] = []
        if hit:
            for _ in range(max(1, u.removes)):
                left = att.fighting_armies()
                if not left:
                    break
                victim = max(left, key=lambda x: (x.attack, -x.uid))
                att.removed.append(victim)
                shot.append(victim.id)
        g.log_event("advance_fire", seat=dfn.player.seat, army=a.id, roll=roll, hit=shot)


def fight(g: SamuraiGame, p: Player, mh: int, other: Player, hi: int, kind: str) -> bool:
    """Declare and resolve a war; True if the attacker wins."""
    castle = other.houses[hi].castles[0] if kind == "castle" else None
    g.log_event("war_declared", seat=p.seat, house=mh + 1, target=other.seat,
                card=castle.id if castle else "shogun")
    att, dfn = forces(g, p, mh, other, hi, kind, fire=True)
    rules = g.rules
    ad, dd = rules.dice(att.total), rules.dice(dfn.total)
    ap, dp, attacker_wins = resolve_dice(g, ad, dd)
    g.log_event("war", seat=p.seat, target=other.seat, attack=dict(att.terms),
                defence=dict(dfn.terms), attack_dice=ad, defence_dice=dd, attack_pips=ap,
                defence_pips=dp, winner=p.seat if attacker_wins else other.seat)
    if attacker_wins:
        p.wars_won += 1
        taken: SCard | None = None
        if kind == "castle" and castle is not None:
            other.houses[hi].castles.remove(castle)
            p.houses[mh].castles.append(castle)
            p.castles_taken += 1
            taken = castle
        elif kind == "shogun":
            taken = other.shogun
            other.shogun = None
            p.shogun = taken
            g.log_event("shogun", seat=p.seat, how="war")
        _lose_house(g, other, hi, dfn, "war lost")
        g.log_event("war_won", seat=p.seat, card=taken.id if taken else None)
    else:
        other.wars_won += 1
        # Armies shot by advance fire come back to a winner only.
        for a in att.removed:
            if a in att.support:
                p.houses[1 - mh].armies.remove(a)
                g.to_discard([a])
        _lose_house(g, p, mh, att, "war lost")
        g.log_event("war_won", seat=other.seat, card=None)
    return attacker_wins


def resolve_dice(g: SamuraiGame, attack_dice: int, defence_dice: int
                 ) -> tuple[int, int, bool]:
    """Both sides roll their dice; (attacker pips, defender pips, whether the attacker
    wins): the higher total wins, a tie goes to the side the mode names."""
    ap = sum(g.roll() for _ in range(attack_dice))
    dp = sum(g.roll() for _ in range(defence_dice))
    return ap, dp, ap > dp or (ap == dp and g.rules.tie == "attacker")


def _lose_house(g: SamuraiGame, p: Player, house: int, side: Side, why: str) -> None:
    """The loser discards every card of its fighting house (support armies go home)."""
    h = p.houses[house]
    lost = h.clear()
    g.to_discard(lost)
    g.log_event("house_lost", seat=p.seat, house=house + 1, cards=[c.id for c in lost],
                why=why)
    g.settle(p, why)


@cache
def _sums(dice: int) -> tuple[int, ...]:
    counts = [1]
    for _ in range(dice):
        nxt = [0] * (len(counts) + 6)
        for total, ways in enumerate(counts):
            for face in range(1, 7):
                nxt[total + face] += ways
        counts = nxt
    return tuple(counts)


@cache
def win_chance(attack_dice: int, defence_dice: int, tie: str = "defender") -> Fraction:
    """The engine's own exact chance that the attacker's pips beat the defender's."""
    a, d = _sums(attack_dice), _sums(defence_dice)
    cumulative = [0]
    for ways in d:
        cumulative.append(cumulative[-1] + ways)
    wins = 0
    for total, ways in enumerate(a):
        upto = total + 1 if tie == "attacker" else total
        wins += ways * cumulative[min(upto, len(d))]
    return Fraction(wins, 6 ** (attack_dice + defence_dice))

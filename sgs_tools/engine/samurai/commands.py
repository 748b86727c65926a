"""The command step (draw, place, move, ninja action; unused commands pay money) and the
declaration step (shogun, war, and retiring the daimyo on one's own turn)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sgs_tools.engine.samurai import agent as heur
from sgs_tools.engine.samurai import ninja, war
from sgs_tools.engine.samurai.state import Player, SCard

if TYPE_CHECKING:
    from sgs_tools.engine.samurai.game import SamuraiGame

Move = tuple[str, Callable[[], None], Callable[[], float]]
"""One legal option: its label, what it does, and the heuristic's score for it."""


def placements(g: SamuraiGame, p: Player) -> list[Move]:
    limits = g.rules.row_limits
    out: list[Move] = []
    no_daimyo = not p.houses[0].samurai
    discounts = g.discounts(p)
    for c in p.hand:
        if c.type not in limits and c.type != "heirloom":
            continue
        cost = g.cost(p, c, discounts)
        if cost > p.money:
            continue
        for i, h in enumerate(p.houses):
            if c.type == "samurai":
                if no_daimyo and i != 0:
                    continue
            elif not h.samurai:
                continue
            if c.type in limits and len(h.row(c.type)) >= limits[c.type]:
                continue
            label = f"place {c.id} in house {i + 1}" + (f" for {cost}" if cost else "")
            out.append((label, _placer(g, p, c, i, cost),
                        _score(heur.place_score, g, p, c, i, cost)))
    return out


def _score(fn: Callable[..., float], *args: object) -> Callable[[], float]:
    return lambda: fn(*args)


def _placer(g: SamuraiGame, p: Player, c: SCard, house: int, cost: int
            ) -> Callable[[], None]:
    def run() -> None:
        p.hand.remove(c)
        p.money -= cost
        p.houses[house].row(c.type).append(c)
        g.log_event("place", seat=p.seat, card=c.id, house=house + 1, paid=cost)
    return run


def moves(g: SamuraiGame, p: Player) -> list[Move]:
    limits = g.rules.row_limits
    out: list[Move] = []
    for i, h in enumerate(p.houses):
        other = p.houses[1 - i]
        for c in h.cards():
            if c is p.daimyo:
                continue
            if c.type in limits and len(other.row(c.type)) >= limits[c.type]:
                continue
            if c.type != "samurai" and not other.samurai:
                continue
            if c.type == "samurai" and len(h.samurai) == 1 and len(h.cards()) > 1:
                continue  # the house would be left without samurai
            if c.type == "samurai" and i == 1 and not p.houses[0].samurai:
                continue
            out.append((f"move {c.id} to house {2 - i}", _mover(g, p, c, i),
                        _score(heur.move_score, g, p, c, i)))
    return out


def _mover(g: SamuraiGame, p: Player, c: SCard, frm: int) -> Callable[[], None]:
    def run() -> None:
        p.houses[frm].row(c.type).remove(c)
        p.houses[1 - frm].row(c.type).append(c)
        g.log_event("relocate", seat=p.seat, card=c.id, house=2 - frm)
    return run


def one_command(g: SamuraiGame, p: Player, left: int) -> bool:
    """Ask for one command; False when the player ends the step."""
    kinds: list[str] = []
    detail: dict[str, list[Move]] = {}
    if g.deck or g.discard:
        kinds.append("draw")
    found = placements(g, p)
    if found:
        kinds.append("place")
        detail["place"] = found
    found = moves(g, p)
    if found:
        kinds.append("move")
        detail["move"] = found
    if ninja.possible(g, p):
        kinds.append("ninja")
    kinds.append("end")

    def options_of(kind: str) -> list[Move]:
        if kind not in detail:
            detail[kind] = ninja.options(g, p) if kind == "ninja" else []
        return detail[kind]

    pick = kinds[g.choose(p.seat, f"command ({left} left)", kinds,
                          lambda: [heur.kind_score(g, p, k, options_of(k)) for k in kinds])]
    if pick == "end":
        return False
    if pick == "draw":
        g.draw(p)
        return True
    options = options_of(pick)
    i = g.choose(p.seat, pick, [o[0] for o in options], lambda: [o[2]() for o in options])
    options[i][1]()
    return True


def declarations(g: SamuraiGame, p: Player) -> None:
    made = 0
    retired = False
    limit = int(g.rules.play["declarations_per_turn"])
    while made < limit:
        options: list[Move] = [("pass", lambda: None, lambda: 0.0)]
        if g.shogun_free is not None and p.daimyo is not None and p.shogun is None:
            options.append(("shogun", lambda: claim_shogun(g, p),
                            lambda: heur.shogun_score(g, p)))
        options.extend(war.options(g, p))
        if not retired:
            options.extend(retire_options(g, p))
        i = g.choose(p.seat, "declare", [o[0] for o in options],
                     lambda options=options: [o[2]() for o in options],  # type: ignore[misc]
                     kind="declare")
        label = options[i][0]
        if label == "pass":
            return
        options[i][1]()
        if label.startswith("retire"):
            retired = True
            continue
        made += 1


def claim_shogun(g: SamuraiGame, p: Player) -> None:
    p.shogun = g.shogun_free
    g.shogun_free = None
    g.log_event("shogun", seat=p.seat, how="declared")


def retire_options(g: SamuraiGame, p: Player) -> list[Move]:
    d = p.daimyo
    if d is None or (p.shogun is not None and not g.rules.retire_while_shogun):
        return []
    out: list[Move] = []
    for i, h in enumerate(p.houses):
        for c in h.samurai:
            if c is d:
                continue
            out.append((f"retire {d.id} for {c.id}", _retirer(g, p, c, i),
                        _score(heur.retire_score, g, p, c)))
    return out


def _retirer(g: SamuraiGame, p: Player, heir: SCard, house: int) -> Callable[[], None]:
    def run() -> None:
        d = p.daimyo
        assert d is not None
        p.houses[0].samurai.remove(d)
        g.to_discard([d])
        g.log_event("retire", seat=p.seat, card=d.id)
        p.houses[house].samurai.remove(heir)
        swap = house == 1 and g.rules.rows_swap
        if swap:
            p.houses.reverse()
        p.houses[0].samurai.insert(0, heir)
        g.log_event("daimyo", seat=p.seat, card=heir.id, swap=swap)
        g.settle(p, "retire")
    return run

"""Identity (身份局) rules, and the Korean edition's (the same rules with its own data):
roles dealt by the mode's role table, the lord's general chosen first, lord skills only
for the lord, rewards by role and victory by side.

Setup follows the mode's ``roles.table``, ``selection`` (the lord picks from the fixed
lords plus random ones, then everyone else from their own random few), ``health`` (the
lord's bonus, the first-game rules without generals) and ``setup`` (starting hands).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from sgs_tools.data.model import RANKS, General
from sgs_tools.engine import ai
from sgs_tools.engine.errors import SetupError
from sgs_tools.engine.modes.base import Rules, kept_for_mode, kept_skills, register
from sgs_tools.engine.state import Player
from sgs_tools.report import plural

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


@register("identity", "korean")
class IdentityRules(Rules):
    """Roles: lord, loyalists, rebels, renegade; the lord's side against the rest."""

    def deal(self) -> None:
        deal(self.g)

    def active_skills(self, p: Player) -> list[str]:
        """Lord skills only for the lord (and only where the mode has one); the table's
        list for the seat when the skills are the same (``kept_skills``)."""
        g = self.g
        lord = g.mode.has_lord and p.role == "lord"
        return kept_skills(g, p.seat, [s for s in p.skills if lord or not g.lib.is_lord_skill(s)])

    def hostility(self, me: int, other: int) -> float:
        return hostility(self.g, me, other)

    def leaning(self, seat: int) -> float:
        return leaning(self.g, seat)

    def view(self, seat: int) -> dict[str, Any]:
        out = super().view(seat)
        for p, row in zip(self.g.table.players, out["seats"], strict=True):
            row["role"] = p.role if (p.role_revealed or p.seat == seat) else None
        return out

    def rewards(self, killer: int, victim: int) -> None:
        """Every one of the mode's ``rewards`` whose ``killer`` and ``victim`` roles
        match (``any`` matches every role) is paid."""
        t = self.g.table
        k, v = t.players[killer], t.players[victim]
        for rule in self.g.raw.get("rewards") or []:
            if rule.get("victim", "any") not in ("any", v.role):
                continue
            if rule.get("killer", "any") not in ("any", k.role):
                continue
            self.pay(rule, killer, victim)

    def check_victory(self) -> None:
        g = self.g
        t = g.table
        alive = [p for p in t.players if p.alive]
        for side in (g.raw.get("victory") or {}).get("sides") or []:
            if self.side_wins(side.get("condition") or {}, alive):
                roles = side.get("roles") or []
                if side.get("team", True):
                    winners = [p.seat for p in t.players if p.role in roles]
                else:
                    winners = [p.seat for p in alive if p.role in roles]
                g.win(str(side.get("id")), winners)

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


def leaning(g: Game, seat: int) -> float:
    p = g.table.players[seat]
    if p.role == "lord" or (p.role_revealed and p.role == "loyalist"):
        return ai.LORD_LEANING
    if p.role_revealed and p.role == "rebel":
        return -ai.LORD_LEANING
    return g.leaning[seat]


def hostility(g: Game, me: int, other: int) -> float:
    """How much ``me`` wants to hurt ``other`` (negative: wants to help)."""
    if me == other:
        return -10.0
    t = g.table
    mine = t.players[me].role
    lean = leaning(g, other)
    if mine in ("lord", "loyalist"):
        return -lean + (0.3 if lean == 0 else 0.0)
    if mine == "rebel":
        if t.players[other].role == "lord":
            return 10.0
        return lean + (0.3 if lean == 0 else 0.0)
    if mine == "renegade":
        return renegade_hostility(g, other, lean)
    return 1.0


def renegade_hostility(g: Game, other: int, lean: float) -> float:
    """The renegade wins only by outliving everyone, the lord last, so it guards the lord
    until the two of them are left. While rebels live it fights whoever looks like one
    and is at most a lukewarm friend to the lord's helpers (it rescues them, it does not
    spend much on them); once the rebels are dead (their number is public: the role
    table less the rebels revealed at death) every loyalist stands between it and the
    duel with the lord, and is its enemy."""
    t = g.table
    alive = sum(1 for p in t.players if p.alive)
    if t.players[other].role == "lord":
        return 10.0 if alive == 2 else -2.0
    if any(p.alive and p.role == "rebel" for p in t.players):
        return max(-1.0, 0.5 - lean)
    return 5.0


def roles_for(raw: dict[str, Any], n: int) -> list[str]:
    roles = raw.get("roles") or {}
    table = roles.get("table") or {}
    row = table.get(n, table.get(str(n)))
    if row is None:
        counts = sorted(int(k) for k in table)
        raise SetupError(f"mode has no role table for {n} players "
                         f"(it plays {counts[0]}-{counts[-1]})" if counts else
                         "mode has no role table")
    out: list[str] = []
    for role in roles.get("ids") or list(row):
        out.extend([str(role)] * int(row.get(role, 0)))
    return out


def deal(g: Game) -> None:
    setup = g.setup
    raw = g.raw
    n = setup.players
    players = raw.get("players") or {}
    if not int(players.get("min", 1)) <= n <= int(players.get("max", 99)):
        raise SetupError(f"mode {g.mode.id!r} plays {players.get('min')}-"
                         f"{players.get('max')} players, not {n}")
    roles = roles_for(raw, n)
    if len(roles) != n:
        raise SetupError(f"the role table for {n} players deals {len(roles)} roles")
    g.rng.shuffle(roles)
    health = raw.get("health") or {}
    first = health.get("first_game") or {}
    for seat, role in enumerate(roles):
        g.add_player(Player(seat, role=role, role_revealed=role in (
            (raw.get("roles") or {}).get("public") or [])))
    g.log_event("setup", mode=g.mode.id, players=n, seed=setup.seed,
                first_game=setup.first_game)
    lord = next((p.seat for p in g.table.players if p.role == "lord"), 0)
    g.table.current = lord if (raw.get("setup") or {}).get("first_player") == "lord" else 0
    g.ensure_agents()
    use_generals = not (setup.first_game and first.get("use_generals") is False)
    if use_generals:
        choose_generals(g, lord)
    bonus = health.get("lord_bonus") or {}
    for p in g.table.players:
        if use_generals:
            general = g.lib.general(p.general or "")
            p.max_hp = int(general.hp or 4)
            p.kingdom = general.kingdom
            p.gender = general.gender
            if not (setup.first_game and first.get("use_skills") is False):
                p.skills = g.lib.skill_ids(general)
        else:
            p.max_hp = int(first.get("max_hp", 4))
            p.gender = None
        if p.role == "lord":
            lord_hp = first.get("lord_max_hp") if not use_generals else None
            if isinstance(lord_hp, dict):
                if n >= int(lord_hp.get("min_players", 0)):
                    p.max_hp = int(lord_hp.get("value", p.max_hp))
            elif bonus and n >= int(bonus.get("min_players", 0)):
                p.max_hp += int(bonus.get("max_hp", 0))
        p.hp = p.max_hp
    exclude: tuple[int, ...] = ()
    if setup.first_game:
        exclude = tuple(RANKS.get(str(r), 0) for r in first.get("exclude_ranks") or [])
    g.rules.shuffle_deck(exclude)
    g.refresh_skills()
    g.log_event("seats", seats=[{"seat": p.seat, "role": p.role if p.role_revealed else None,
                                 "general": p.general, "hp": p.hp} for p in g.table.players])
    g.rules.deal_hands()


def choose_generals(g: Game, lord: int) -> None:
    setup = g.setup
    t = g.table
    n = len(t.players)
    if setup.generals:
        names = list(setup.generals)
        if len(names) < n:
            raise SetupError(f"--generals names {plural(len(names), 'general')} for {n} "
                             "seats")
        for p, name in zip(t.players, names, strict=False):
            g.lib.general(name)
            p.general = name
        return
    pool, by_id, ids = generals_pool(g)
    if len(pool) < n:
        raise SetupError(f"mode {g.mode.id!r} has only {len(pool)} generals for {n} seats")
    rest = list(ids)
    g.rng.shuffle(rest)
    sel = g.raw.get("selection") or {}
    lord_rule = sel.get("lord") or {}
    fixed = [x for x in lord_rule.get("fixed") or [] if x in by_id]
    if t.players[lord].role == "lord" and g.mode.has_lord:
        rest = [x for x in rest if x not in fixed]
        extra = int(lord_rule.get("random", 2))
        offer = fixed + rest[:extra]
        rest = rest[extra:]
        pick = pick_general(g, lord, offer, by_id)
        t.players[lord].general = pick
        rest += [x for x in offer if x != pick]
        g.rng.shuffle(rest)
    others_rule = sel.get("others") or {}
    by_players = others_rule.get("random_by_players") or {}
    per = int(by_players.get(n, by_players.get(str(n), others_rule.get("random", 3))))
    others = [p for p in t.from_seat(lord) if p.general is None]
    if others:
        per = max(1, min(per, len(rest) // len(others)))
    offers = {p.seat: rest[i * per:(i + 1) * per] for i, p in enumerate(others)}
    for p in others:
        p.general = pick_general(g, p.seat, offers[p.seat], by_id)
    if setup.focus:
        seat_focus(g, *setup.focus)


def generals_pool(g: Game) -> tuple[list[General], dict[str, General], list[str]]:
    """The mode's generals with whole HP, by id, and their ids (kept for every game,
    ``kept_for_mode``)."""
    def make() -> tuple[list[General], dict[str, General], list[str]]:
        pool = [x for x in g.lib.pool(g.mode) if x.hp is not None]
        return pool, {x.id: x for x in pool}, [x.id for x in pool]

    return cast("tuple[list[General], dict[str, General], list[str]]",
                kept_for_mode(g, "identity_pool", make))


def seat_focus(g: Game, general: str, role: str) -> None:
    """The first seat dealt ``role`` plays ``general`` instead of its choice (a seat that
    chose that general takes the replaced one), so that a game with the focus and the
    same seed without it differ in that one seat: paired games."""
    g.lib.general(general)
    t = g.table
    seat = next((p for p in t.players if p.role == role), None)
    if seat is None:
        raise SetupError(f"no {role} at a {len(t.players)}-player table to seat {general} in")
    other = next((p for p in t.players if p.general == general and p is not seat), None)
    if other is not None:
        other.general = seat.general
    seat.general = general


def pick_general(g: Game, seat: int, offer: list[str], by_id: dict[str, General]) -> str:
    labels = [f"{x} ({by_id[x].kingdom}, {by_id[x].hp} HP)" for x in offer]
    return offer[g.ask(seat, "general", labels, 1, 1, "choose your general")[0]]

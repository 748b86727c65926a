"""Game state → hints for the heuristic agent: who looks like an enemy, what is worth doing.

A character knows only its own role and the public ones. Everyone else is judged by what
they did: hurting the lord (or the lord's friends) makes one look like a rebel, helping
them like a loyalist (``leaning``: positive = on the lord's side). Hints are computed only
for agents that ask for them (``wants_context``), so random games pay nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_tools.engine.interp import Frame
from sgs_tools.engine.records import Use

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.library import Hook

LORD_LEANING = 5.0


def leaning(g: Game, seat: int) -> float:
    """How much ``seat`` seems to be on the lord's side, as the mode's rules judge it
    (identity; 0 in modes with no lord's side)."""
    return g.rules.leaning(seat)


def hostility(g: Game, me: int, other: int) -> float:
    """How much ``me`` wants to hurt ``other`` (negative: wants to help), as the mode's
    rules judge it from what ``me`` may know."""
    return g.rules.hostility(me, other)


def perceive(g: Game, source: int | None, victim: int, amount: int) -> None:
    if source is None or source == victim:
        return
    target = leaning(g, victim)
    if target == 0:
        return
    g.leaning[source] -= (1.5 if target >= LORD_LEANING else 0.7) * amount * (
        1 if target > 0 else -1)


def perceive_help(g: Game, source: int, target: int) -> None:
    lean = leaning(g, target)
    if lean:
        g.leaning[source] += 0.7 if lean > 0 else -0.7


def target_pool(g: Game, seat: int, hook: Hook, card: str | None) -> list[int]:
    f = Frame(seat, seat, hook)
    for step in hook.steps:
        if step.get("do") == "pick":
            who = (step.get("args") or {}).get("who")
            if isinstance(who, dict) and "select" in who:
                select = who["select"]
                if card is not None:
                    use = Use(card, g.probe_card(card), seat, hook)
                    select = g.targeting_select(use, select)
                    return [c for c in g.interp.select(select, f) if g.can_target(use, c)]
                return list(g.interp.select(select, f))
            break
    return []


def play_score(g: Game, seat: int, option: tuple[str, str, Any]) -> float:
    _label, kind, data = option
    p = g.table.players[seat]
    if kind == "equip":
        card = g.table.cards[data]
        return 3.0 if (card.subtype or "weapon") not in p.equipment else 0.5
    if kind in ("card", "view"):
        name = g.table.cards[data].card if kind == "card" else str(data[2])
        hooks = g.lib.actions.get(name)
        if not hooks:
            return -1.0
        hook = hooks[0]
        bonus = -0.5 if kind == "view" else 0.0
        if hook.harmful:
            pool = target_pool(g, seat, hook, name)
            if pool:
                best = max(hostility(g, seat, s) for s in pool)
                return (2.0 + best / 5 if best > 0 else -1.0) + bonus
            return 2.0 + bonus
        words = {s.get("do") for s in hook.steps}
        if "recover" in words and not p.wounded:
            return -1.0
        return 3.0 + bonus
    if kind == "skill":
        hook, _owner = data
        if hook.harmful:
            pool = target_pool(g, seat, hook, None)
            if pool and max(hostility(g, seat, s) for s in pool) <= 0:
                return -1.0
        return 1.5
    return 0.5


def _has_friend(g: Game, seat: int) -> bool:
    return any(p.alive and p.seat != seat and hostility(g, seat, p.seat) < 0
               for p in g.table.players)


def _does(steps: list[dict[str, Any]], word: str) -> list[dict[str, Any]]:
    return [s for s in steps if s.get("do") == word]


def trigger_benefit(g: Game, owner: int, hook: Hook, payload: dict[str, Any]) -> float:
    """Whether to use an optional skill now. Declined when it only costs: skipping one's
    own play phase for nothing but a later gift when no one at the table is a friend
    (放权 with only enemies left), giving up the draw to take from others who have
    nothing, or skipping the draw phase with an empty hand (a game of such choices
    never ends)."""
    steps = hook.steps
    skips = {str((s.get("args") or {}).get("phase")) for s in _does(steps, "skip")}
    if "play" in skips and not _does(steps, "pick") and not _has_friend(g, owner):
        return -1.0
    if _does(steps, "forgo_draw") or "draw" in skips:
        if _does(steps, "pick") and not target_pool(g, owner, hook, None):
            return -1.0
        if "draw" in skips and not g.table.players[owner].hand:
            return -1.0
    return 1.0


def may_benefit(g: Game, seat: int, f: Any, body: list[dict[str, Any]]) -> float:
    """An optional step: an extra turn is given only to a friend (never the last enemy)."""
    if _does(body, "extra_turn") and not _has_friend(g, seat):
        return -1.0
    return 1.0


def response_benefit(g: Game, owner: int, hook: Hook, payload: dict[str, Any]) -> float:
    """Whether to answer an event with a card from hand (Nullification, Peach …)."""
    victim = payload.get("victim")
    if hook.event == "dying" and isinstance(victim, tuple) and victim:
        return rescue_benefit(g, owner, victim[0])
    use = payload.get("__use")
    target = payload.get("target")
    if use is not None and isinstance(target, tuple) and target:
        friendly = hostility(g, owner, target[0]) < 0
        harmful = use.hook is not None and use.hook.harmful
        if use.user == owner:
            return -1.0
        return 1.0 if harmful == friendly else -1.0
    return 1.0


def respond_benefit(g: Game, seat: int, name: str, use: Any, helping: int | None) -> float:
    if helping is not None:
        return 1.0 if hostility(g, seat, helping) < 0 else -1.0
    return 1.0


def rescue_benefit(g: Game, seat: int, victim: int) -> float:
    return 1.0 if seat == victim or hostility(g, seat, victim) < 0 else -1.0


def card_value(g: Game, chooser: int, uid: int, owner: int) -> float:
    """How much a card is worth keeping; another character's cards count negatively so
    that "pick the lowest" takes or destroys their best card."""
    t = g.table
    card = t.card(uid)
    where = t.where.get(uid, ("", 0))[0]
    if chooser != owner and where == "hand":
        return -2.0
    rescue = str((g.raw.get("death") or {}).get("rescue_card", ""))
    if card.card == rescue:
        value = 5.0
    elif where == "equipment":
        value = 3.0
    elif card.card not in g.lib.actions:
        value = 3.5  # answers only: kept for responses
    elif any(h.harmful for h in g.lib.actions[card.card]):
        value = 2.0
    else:
        value = 2.5
    return value if chooser == owner else -value

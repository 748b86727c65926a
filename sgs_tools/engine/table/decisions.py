"""Decisions: every choice goes to the seat's agent, checked and logged."""


from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sgs_tools.engine import ai
from sgs_tools.engine.agents import (
    DECISION_KINDS,
    Agent,
    Decision,
    IllegalChoice,
    RandomAgent,
)
from sgs_tools.engine.errors import (
    EngineError,
    InvariantBroken,
)
from sgs_tools.engine.interp import Frame

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


def ask(g: Game, seat: int, kind: str, labels: list[str], low: int = 1, high: int = 1,
        prompt: str = "", context: dict[str, Any] | None = None,
        legal: Callable[[int], bool] | None = None) -> list[int]:
    """The indices ``seat``'s agent picks among ``labels``, checked. With ``legal``, the
    labels are candidates and only those it allows may be picked (``Decision.legal``)."""
    return ask_n(g, seat, kind, len(labels), labels.__getitem__, low, high, prompt,
                 context, legal, labels)


def ask_n(g: Game, seat: int, kind: str, n: int, label_of: Callable[[int], str],
          low: int = 1, high: int = 1, prompt: str = "",
          context: dict[str, Any] | None = None, legal: Callable[[int], bool] | None = None,
          labels: list[str] | None = None) -> list[int]:
    """``ask`` among ``n`` options whose labels ``label_of`` gives: a random agent is
    asked without a Decision (unless the mode's rules check one), and only the labels
    it picks are built (for the log); any other agent gets the full list."""
    p = g.table.players[seat]
    if not p.alive:
        raise InvariantBroken(f"seat {seat} was asked to act after death ({prompt})")
    if kind not in DECISION_KINDS:
        raise EngineError(f"unknown decision kind {kind!r} ({prompt})")
    # (``low = min(low, n)``, ``high = min(max(high, low), n)``, without the calls)
    if low > n:
        low = n
    if high < low:
        high = low
    if high > n:
        high = n
    if n == 0 or high == 0:
        return []
    if n == 1 and low == 1 and kind not in ("play",):
        return [0]
    agent = g.agents[seat]
    if type(agent) is RandomAgent:
        # (its answer is legal by construction: what it reads is n, low, high, the kind
        # and ``legal``, so it makes the same choice as through ``decide``; a Decision is
        # built only for the mode's rules to check, when they do)
        if g.decisions_checked and g.setup.check_invariants:
            if labels is None:
                labels = [label_of(i) for i in range(n)]
            g.rules.check_decision(Decision(seat, kind, labels, low, high, prompt,
                                            context or {}, legal))
        if legal is None and low == high == 1:
            picks = [agent.rng.randrange(n)]  # (what ``choose`` draws then, inline)
        else:
            picks = agent.choose(n, low, high, kind, legal)
    else:
        if labels is None:
            labels = [label_of(i) for i in range(n)]
        picks = decide(g, agent, Decision(seat, kind, labels, low, high, prompt,
                                          context or {}, legal))
    if g.record:
        g.log.append({"e": "decide", "seat": seat, "kind": kind, "prompt": prompt,
                      "picked": [label_of(i) for i in picks]})
    return picks


def decide(g: Game, agent: Agent, d: Decision) -> list[int]:
    """The agent's answer to ``d``, checked (``IllegalChoice`` if it is not legal)."""
    if g.setup.check_invariants:
        g.rules.check_decision(d)
    picks = agent.decide(d)
    n, low, high, legal = len(d.options), d.low, d.high, d.legal
    if not (type(picks) is list and len(picks) == 1 and type(picks[0]) is int
            and 0 <= picks[0] < n and low <= 1 <= high) and (
            # (the usual answer, one index, checked above without the general test)
            not isinstance(picks, list) or len(picks) != len(set(picks))
            or not low <= len(picks) <= high
            or any(not isinstance(i, int) or not 0 <= i < n for i in picks)):
        raise IllegalChoice(f"illegal choice {picks!r} by seat {d.seat} for "
                            f"{d.describe()}: pick {low}..{high} distinct indices "
                            f"below {n}")
    if legal is not None and not all(legal(i) for i in picks):
        raise IllegalChoice(f"illegal choice {picks!r} by seat {d.seat} for "
                            f"{d.describe()}: {', '.join(d.options[i] for i in picks)} "
                            "may not be picked now")
    return picks


def ask_yes_no(g: Game, seat: int, prompt: str, f: Frame | None, benefit: float = 1.0
               ) -> bool:
    if not g.table.players[seat].alive:
        return False
    return g.ask(seat, "yes_no", ["yes", "no"], 1, 1, prompt,
                    {"benefit": benefit})[0] == 0


def ask_may(g: Game, seat: int, f: Frame, body: list[dict[str, Any]]) -> bool:
    label = g.step_label(body[0]) if body else "…"
    wants = getattr(g.agents[seat], "wants_context", False)
    return g.ask_yes_no(seat, f"{f.name}: may {label}", f,
                           benefit=ai.may_benefit(g, seat, f, body) if wants else 1.0)


def step_label(g: Game, step: dict[str, Any]) -> str:
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


def choose_one(g: Game, seat: int, labels: list[str], f: Frame) -> int:
    return g.ask(seat, "choose", labels, 1, 1, f"{f.name}: choose one")[0]


def choose_players(g: Game, chooser: int, cands: tuple[int, ...] | list[int], low: int,
                   high: int, prompt: str, f: Frame | None, helpful: bool = False
                   ) -> tuple[int, ...]:
    context = None
    if getattr(g.agents[chooser], "wants_context", False):
        sign = -1.0 if helpful else 1.0
        context = {"scores": [sign * ai.hostility(g, chooser, s) for s in cands]}
    public_name = g.rules.public_name
    picks = g.ask_n(chooser, "players", len(cands), lambda i: public_name(cands[i]), low,
                    high, prompt, context)
    if len(picks) == 1:
        return (cands[picks[0]],)  # (the usual answer: one, sorted already)
    return tuple(cands[i] for i in sorted(picks))


def choose_cards(g: Game, chooser: int, owner: int, uids: list[int], low: int, high: int,
                 prompt: str, f: Frame | None) -> list[int]:
    """``chooser`` picks among ``owner``'s cards; someone else's hand is chosen blind."""
    if not uids:
        return []
    if chooser == owner:
        order, n_shown = uids, len(uids)  # (one's own cards are all shown, in order)
    else:
        hand = g.table.players[owner].hand
        shown = [u for u in uids if u not in hand]
        blind = [u for u in uids if u in hand]
        if blind:
            g.rng.shuffle(blind)
        order, n_shown = shown + blind, len(shown)
    context = None
    if getattr(g.agents[chooser], "wants_context", False):
        context = {"values": [ai.card_value(g, chooser, u, owner) for u in order]}
    face = g.face
    picks = g.ask_n(chooser, "cards", len(order), lambda i: face(order[i]) if i < n_shown
                    else f"hand card {i - n_shown + 1}", low, high, prompt, context)
    if len(picks) == 1:
        return [order[picks[0]]]  # (the usual answer: one, sorted already)
    return [order[i] for i in sorted(picks)]

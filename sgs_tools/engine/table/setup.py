"""Game setup: the deck built from the mode's decks, seats added, skills made active, agents."""


from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_tools.engine.agents import make_agent
from sgs_tools.engine.shared import Shared
from sgs_tools.engine.state import (
    CardInst,
    Player,
)

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


def deal(g: Game) -> None:
    """A normal game, dealt by the mode's rules: seats, generals, HP, the shuffled deck
    and starting hands."""
    g.rules.deal()


def build_deck(g: Game, exclude_ranks: tuple[int, ...] = ()) -> list[int]:
    key = (g.mode.id, tuple(exclude_ranks))
    built = g.lib.built_decks.get(key)
    if built is None:
        # Physical cards never change during play (only where they lie does), so every
        # game of a mode shares one set of CardInst objects, built once per library.
        built = {}
        for uid, (cid, suit, rank) in enumerate(g.lib.deck(g.mode)):
            if rank in exclude_ranks:
                continue
            info = g.lib.card(cid)
            built[uid] = CardInst(uid, cid, suit, rank, info.type, info.subtype,
                                  info.range, info.nature)
        g.lib.built_decks[key] = built
    g.table.cards = dict(built)
    return list(built)


def add_player(g: Game, p: Player) -> None:
    g.table.players.append(p)
    g.skillsets.append([])
    g.action_lists = None
    g.leaning.append(0.0)


def refresh_skills(g: Game) -> None:
    """Which skills each character can use, as the mode's rules say."""
    skillsets = [g.rules.active_skills(p) if p.alive else [] for p in g.table.players]
    if skillsets != g.skillsets:
        # Who listens to an event depends on the skills at the table alone: kept while
        # they are the same (a Guozhan reveal, the refresh as play starts).
        old = g.skillsets
        kept = g.seat_listening  # (``events.listeners``: each seat's, for its skills)
        for seat in range(len(kept)):
            if seat >= len(old) or seat >= len(skillsets) or old[seat] != skillsets[seat]:
                kept[seat] = None
        if len(old) == len(skillsets) and g.listening:
            forget_listeners(g, {s for a, b in zip(old, skillsets, strict=True) if a != b
                                 for s in (*a, *b)})
        else:
            g.listening.clear()
            g.emit_plans.clear()
        g.quiet_phases.clear()  # (some of their plans may have been dropped)
        g.action_lists = None
        g.hand_names.clear()  # (a table set up by hand may have placed its cards since)
    g.skillsets = skillsets
    g.statics_dirty = True
    g.statics_seats = None  # (every seat's modifiers: whether one applies may change too)
    alive = tuple(p.alive for p in g.table.players)
    if alive != g.ring_alive:  # a death (or a table set up by hand) changes the ring
        g.ring_memo.clear()
        g.ring_alive = alive


def forget_listeners(g: Game, moved: set[str]) -> None:
    """Some seats' skills changed (``moved``: the skills they gained or lost; a death
    loses them all): drop the listener lists and emit plans of the events one of those
    skills has a hook for, every plan whose 'before' hooks resolve first, and every
    'when' plan whose 'before' one of them has a hook for (whether 'before' hooks
    resolve first is part of the 'when' plan). The others are what rebuilding them
    would give: a seat's share of an event is the hooks its skills have for it, and the
    card hooks never change."""
    events_of = skill_events(g)
    hit: set[tuple[str, str]] = set()
    for skill in moved:
        found = events_of.get(skill)
        if found:
            hit.update(found)
    listening, plans = g.listening, g.emit_plans
    if hit:
        for key in [k for k in listening if k in hit]:
            del listening[key]
    # (a plan's key or its 'before' key among the events hit: the same test as among the
    # events hit that some kept plan or list is of, as every key tested is such a one)
    for key in [k for k, plan in plans.items() if plan[2] or (hit and (
            k[:2] in hit or (k[1] == "when" and (k[0], "before") in hit)))]:
        del plans[key]


def skill_events(g: Game) -> dict[str, frozenset[tuple[str, str]]]:
    """Skill → the event keys its hooks listen to (those ``Library.event_index`` lists it
    under), made once per library and kept with its compiled parts."""
    kept = g.lib.compiled.get("skill_events")
    if kept is None:
        found: dict[str, set[tuple[str, str]]] = {}
        for key, hooks in g.lib.by_event.items():
            for h in hooks:
                if h.origin == "skill":
                    found.setdefault(h.source, set()).add(key)
        kept = g.lib.compiled["skill_events"] = Shared(
            (s, frozenset(keys)) for s, keys in found.items())
    return kept


def ensure_agents(g: Game) -> None:
    """One agent per seat: ``random``, ``heuristic``, a comma list by seat, or by role
    (``lord=heuristic,loyalist=heuristic,rebel=random,renegade=random``; a role not
    named plays random)."""
    n = len(g.table.players)
    kinds = [k.strip() for k in g.setup.agents.split(",") if k.strip()] or ["random"]
    by_role = dict(k.split("=", 1) for k in kinds if "=" in k)
    while len(g.agents) < n:
        seat = len(g.agents)
        if by_role:
            kind = by_role.get(str(g.table.players[seat].role), "random")
        else:
            kind = kinds[seat % len(kinds)]
        g.agents.append(make_agent(kind, g.setup.seed, seat))
    for agent in g.agents:  # agents that look ahead (rollout) are given the game
        if hasattr(agent, "attach"):
            agent.attach(g)

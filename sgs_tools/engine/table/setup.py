"""Game setup: the deck built from the mode's decks, seats added, skills made active, agents."""


from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_tools.engine.agents import make_agent
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
    cards: dict[int, CardInst] = {}
    for uid, (cid, suit, rank) in enumerate(g.lib.deck(g.mode)):
        if rank in exclude_ranks:
            continue
        info = g.lib.card(cid)
        cards[uid] = CardInst(uid, cid, suit, rank, info.type, info.subtype, info.range,
                              info.nature)
    g.table.cards = cards
    return list(cards)


def add_player(g: Game, p: Player) -> None:
    g.table.players.append(p)
    g.skillsets.append([])
    g.leaning.append(0.0)


def refresh_skills(g: Game) -> None:
    """Which skills each character can use, as the mode's rules say."""
    g.skillsets = [g.rules.active_skills(p) if p.alive else [] for p in g.table.players]
    g.statics_dirty = True
    g.listening.clear()


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

"""Small Guozhan tables for the primitive tests: fixed generals, scripted answers, cards
put in hand by name."""

from __future__ import annotations

from typing import Any

from sgs_tools.engine.agents import Decision
from sgs_tools.engine.game import Game
from sgs_tools.engine.interp import Frame
from sgs_tools.engine.library import Library
from sgs_tools.engine.records import Setup
from sgs_tools.engine.state import DISCARD, DRAW, HAND


class Scripted:
    """Answers by rules ``(prompt or kind substring, option substring)``, first match
    wins; otherwise the first option(s) ("yes" for yes/no). Records every decision."""

    wants_context = False

    def __init__(self, rules: list[tuple[str, str]] | None = None) -> None:
        self.rules = list(rules or [])
        self.seen: list[Decision] = []

    def decide(self, d: Decision) -> list[int]:
        self.seen.append(d)
        for key, want in self.rules:
            if key in d.prompt or key == d.kind:
                for i, label in enumerate(d.options):
                    if want in label:
                        return [i]
        return list(range(max(d.low, 1) if d.high else 0))


def table(lib: Library, pairs: list[str], rules: dict[int, list[tuple[str, str]]] | None = None,
          reveal: bool = True, mode: str = "guozhan", seed: int = 1) -> Game:
    """A dealt game (hands emptied) with the given ``main+deputy`` pairs, every general
    revealed unless ``reveal`` is False."""
    agents = [Scripted((rules or {}).get(i)) for i in range(len(pairs))]
    g = Game(lib, Setup(mode=mode, players=len(pairs), seed=seed, generals=pairs),
             agents=agents)  # type: ignore[arg-type]
    g.deal()
    for p in g.table.players:
        g.move(list(p.hand), DISCARD, -1, "test")
    if reveal and mode == "guozhan":
        for p in g.table.players:
            for slot in (0, 1):
                g.rules.reveal(p.seat, slot, why="test", rewards=False)  # type: ignore[call-arg]
    g.refresh_skills()
    return g


def give(g: Game, seat: int, name: str, rank: int | None = None, suit: str | None = None
         ) -> int:
    """Put a card of this name (and rank/suit) from the piles into a hand."""
    t = g.table
    for uid, card in t.cards.items():
        if (card.card == name and (rank is None or card.rank == rank)
                and (suit is None or card.suit == suit)
                and t.where[uid][0] in (DRAW, DISCARD)):
            g.move([uid], HAND, seat, "test")
            return uid
    raise LookupError(f"no free {name} {suit or ''}{rank or ''}")


def frame(g: Game, owner: int, skill: str | None = None, **vars: Any) -> Frame:
    hook = g.lib.hooks[skill][0] if skill else None
    return Frame(owner, owner, hook, dict(vars))


def agent(g: Game, seat: int) -> Scripted:
    found = g.agents[seat]
    assert isinstance(found, Scripted)
    return found

"""Whole games: determinism, setup rules from the mode data, guards and invariants."""

from __future__ import annotations

import pytest

from sgs_tools.engine.agents import Decision, IllegalChoice, RandomAgent
from sgs_tools.engine.errors import InvariantBroken, SetupError
from sgs_tools.engine.game import Game, Setup
from sgs_tools.engine.library import Library


def play(lib: Library, **kw: object) -> Game:
    g = Game(lib, Setup(**kw))  # type: ignore[arg-type]
    g.play()
    return g


def test_same_seed_same_log(lib: Library) -> None:
    a = play(lib, seed=11)
    b = play(lib, seed=11)
    assert a.log == b.log
    assert a.result.winning_side == b.result.winning_side


def test_other_seed_other_game(lib: Library) -> None:
    assert play(lib, seed=1).log != play(lib, seed=2).log


@pytest.mark.parametrize(("mode", "players", "agents"), [
    ("identity", 4, "random"), ("identity", 5, "heuristic"), ("identity", 8, "random"),
    ("identity", 10, "heuristic"), ("korean", 2, "random"), ("korean", 3, "heuristic"),
    ("korean", 6, "random"),
])
def test_games_finish_cleanly(lib: Library, mode: str, players: int, agents: str) -> None:
    for seed in range(3):
        g = play(lib, mode=mode, players=players, seed=seed, agents=agents, record=False)
        r = g.result
        assert r.error is None, (seed, r.error)
        assert r.winning_side in ("lord_side", "rebels", "renegade", "none")
        if r.winning_side != "none":
            assert r.winners


def test_lord_bonus_from_five_players(lib: Library) -> None:
    four = Game(lib, Setup(players=4, seed=3, generals=["caocao", "zhangfei", "lvbu",
                                                         "guanyu"]))
    four.deal()
    five = Game(lib, Setup(players=5, seed=3, generals=["caocao", "zhangfei", "lvbu",
                                                         "guanyu", "machao"]))
    five.deal()
    lord4 = next(p for p in four.table.players if p.role == "lord")
    lord5 = next(p for p in five.table.players if p.role == "lord")
    assert lord4.max_hp == lib.general(lord4.general or "").hp
    assert lord5.max_hp == (lib.general(lord5.general or "").hp or 0) + 1


def test_roles_follow_the_table(lib: Library) -> None:
    g = Game(lib, Setup(players=8, seed=0))
    g.deal()
    roles = sorted(p.role or "" for p in g.table.players)
    assert roles == sorted(["lord", "loyalist", "loyalist", "rebel", "rebel", "rebel",
                            "rebel", "renegade"])
    assert g.table.current == next(p.seat for p in g.table.players if p.role == "lord")
    assert all(len(p.hand) == 4 for p in g.table.players)
    assert len(g.table.draw_pile) == 108 - 32


def test_lord_chooses_among_fixed_lords_and_two_more(lib: Library) -> None:
    seen: list[Decision] = []

    class Spy(RandomAgent):
        def decide(self, decision: Decision) -> list[int]:
            seen.append(decision)
            return super().decide(decision)

    g = Game(lib, Setup(players=5, seed=4), agents=[Spy(i) for i in range(5)])
    g.deal()
    generals = [d for d in seen if d.kind == "general"]
    lord = next(p.seat for p in g.table.players if p.role == "lord")
    first = generals[0]
    assert first.seat == lord
    assert len(first.options) == 5
    assert [o.split()[0] for o in first.options[:3]] == ["caocao", "liubei", "sunquan"]
    assert all(len(d.options) == 3 for d in generals[1:])
    chosen = [p.general for p in g.table.players]
    assert len(set(chosen)) == 5


def test_ten_players_get_two_generals_each(lib: Library) -> None:
    seen: list[Decision] = []

    class Spy(RandomAgent):
        def decide(self, decision: Decision) -> list[int]:
            seen.append(decision)
            return super().decide(decision)

    Game(lib, Setup(players=10, seed=1), agents=[Spy(i) for i in range(10)]).deal()
    assert [len(d.options) for d in seen if d.kind == "general"][1:] == [2] * 9


def test_korean_first_game_has_no_generals(lib: Library) -> None:
    g = Game(lib, Setup(mode="korean", players=5, seed=2, first_game=True))
    g.deal()
    for p in g.table.players:
        assert p.general is None and p.skills == []
        assert p.max_hp == (5 if p.role == "lord" else 4)
    g4 = Game(lib, Setup(mode="korean", players=4, seed=2, first_game=True))
    g4.deal()
    assert all(p.max_hp == 4 for p in g4.table.players)
    r = play(lib, mode="korean", players=5, seed=2, first_game=True)
    assert r.result.error is None


def test_identity_first_game_leaves_out_face_cards(lib: Library) -> None:
    g = Game(lib, Setup(players=5, seed=2, first_game=True))
    g.deal()
    assert all(c.rank not in (11, 12, 13) for c in g.table.cards.values())
    assert all(p.skills == [] for p in g.table.players)


def test_bad_setups_are_setup_errors(lib: Library) -> None:
    with pytest.raises(SetupError, match="plays 4-10 players"):
        Game(lib, Setup(players=3)).deal()
    with pytest.raises(SetupError, match="unknown mode"):
        Game(lib, Setup(mode="chess"))
    with pytest.raises(SetupError, match="unknown general"):
        Game(lib, Setup(players=4, generals=["caocao", "nobody", "lvbu", "guanyu"])).deal()


def test_illegal_choice_is_rejected(lib: Library) -> None:
    class Cheat:
        wants_context = False

        def decide(self, decision: Decision) -> list[int]:
            return [len(decision.options) + 3]

    g = Game(lib, Setup(players=4, seed=0), agents=[Cheat() for _ in range(4)])
    r = g.play()
    assert r.error_kind == "illegal-choice"
    assert "illegal choice [" in (r.error or "")


def test_scripted_agent_rejects_unknown_answers() -> None:
    from sgs_tools.engine.agents import ScriptedAgent

    agent = ScriptedAgent(["duel"])
    with pytest.raises(IllegalChoice, match="'duel' is not among"):
        agent.decide(Decision(0, "play", ["slash ♠7", "end"]))


def test_step_budget_names_the_looping_skill(lib: Library) -> None:
    full = play(lib, players=5, seed=6, record=False).result
    budget = full.steps // 2  # (a fixed budget goes stale as the rules change the game)
    assert full.error is None and budget > 10
    r = play(lib, players=5, seed=6, step_budget=budget, record=False).result
    assert r.error_kind == "step-budget"
    assert r.error_skill
    assert f"step budget of {budget} exceeded while resolving" in (r.error or "")


def test_invariants_catch_a_lost_card(lib: Library) -> None:
    g = Game(lib, Setup(players=4, seed=0))
    g.deal()
    g.ensure_agents()
    g.refresh_skills()
    g.check_invariants()
    lost = g.table.draw_pile.pop()
    with pytest.raises(InvariantBroken, match="not conserved"):
        g.check_invariants()
    g.table.draw_pile.append(lost)
    g.table.players[1].hp = 9
    with pytest.raises(InvariantBroken, match="HP"):
        g.check_invariants()


def test_invariants_catch_a_card_said_to_be_elsewhere(lib: Library) -> None:
    g = Game(lib, Setup(players=4, seed=0))
    g.deal()
    g.ensure_agents()
    g.refresh_skills()
    t = g.table
    hand, deck = t.players[2].hand[0], t.draw_pile[0]
    t.where[hand], t.where[deck] = t.where[deck], t.where[hand]  # (the counts still hold)
    with pytest.raises(InvariantBroken, match=f"{g.face(deck)} lies in draw of seat -1 "
                                              "but is said to be in hand of seat 2"):
        g.check_invariants()
    t.where[hand], t.where[deck] = t.where[deck], t.where[hand]
    g.check_invariants()
    del t.where[deck]  # (a card in a zone but located nowhere, one more located)
    t.where[-99] = ("draw", -1)
    with pytest.raises(InvariantBroken, match="said to be in no zone"):
        g.check_invariants()


def test_deck_reshuffles_when_it_runs_out(lib: Library) -> None:
    g = Game(lib, Setup(players=4, seed=0))
    g.deal()
    t = g.table
    while len(t.draw_pile) > 1:
        uid = t.draw_pile.pop()
        t.put(uid, "discard")
    got = g.draw(0, 3)
    assert len(got) == 3
    assert any(e["e"] == "reshuffle" for e in g.log)
    g.check_invariants()


def test_dead_players_never_act(lib: Library) -> None:
    g = Game(lib, Setup(players=4, seed=0))
    g.deal()
    g.ensure_agents()
    g.table.players[2].alive = False
    with pytest.raises(InvariantBroken, match="after death"):
        g.ask(2, "yes_no", ["yes", "no"], prompt="test")

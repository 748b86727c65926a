"""Guozhan rules (sgs_tools/engine/modes/guozhan.py): dealing, hidden information,
factions, the end of every game."""

from __future__ import annotations

import pytest

from sgs_tools import project
from sgs_tools.engine.agents import Decision
from sgs_tools.engine.errors import InvariantBroken, SetupError
from sgs_tools.engine.game import Game, Setup
from sgs_tools.engine.library import Library
from sgs_tools.engine.modes import RULES, played_modes, rules_for
from sgs_tools.engine.modes.guozhan import CAREERIST, GuozhanRules
from sgs_tools.engine.modes.identity import IdentityRules


@pytest.fixture(scope="module")
def lib() -> Library:
    return project.library()


def _game(lib: Library, players: int = 6, seed: int = 0, **kw: object) -> Game:
    return Game(lib, Setup(mode="guozhan", players=players, seed=seed, **kw))  # type: ignore[arg-type]


def _rules(g: Game) -> GuozhanRules:
    assert isinstance(g.rules, GuozhanRules)
    return g.rules


def test_modes_find_their_rules(lib: Library) -> None:
    modes = lib.catalog.modes
    assert rules_for(modes["identity"], modes) is IdentityRules
    assert rules_for(modes["korean"], modes) is IdentityRules
    assert rules_for(modes["guozhan"], modes) is GuozhanRules
    assert {"identity", "korean", "guozhan"} <= set(played_modes(modes))
    assert set(RULES) >= {"identity", "korean", "guozhan"}


def test_deal_gives_two_hidden_generals_of_one_kingdom(lib: Library) -> None:
    g = _game(lib, players=8, seed=3)
    g.deal()
    rules = _rules(g)
    for p in g.table.players:
        slots = rules.slots[p.seat]
        a, b = (lib.general(x) for x in slots.generals)
        assert a.kingdom == b.kingdom
        assert slots.revealed == [False, False] and slots.faction is None
        assert p.kingdom is None and p.gender is None and p.role is None
        assert p.max_hp == ((a.halves or 0) + (b.halves or 0)) // 2 == p.hp
        assert len(p.hand) == 4
    dealt = [x for s in rules.slots for x in s.generals]
    assert len(dealt) == len(set(dealt))


def test_generals_can_be_fixed_as_pairs(lib: Library) -> None:
    g = _game(lib, players=2, generals=["gz_caocao+gz_xuchu", "gz_liubei+gz_guanyu"])
    g.deal()
    assert _rules(g).slots[1].generals == ["gz_liubei", "gz_guanyu"]
    bad = _game(lib, players=2, generals=["gz_caocao", "gz_liubei+gz_guanyu"])
    with pytest.raises(SetupError, match="MAIN\\+DEPUTY"):
        bad.deal()


def test_a_seats_view_hides_other_seats_hidden_generals(lib: Library) -> None:
    g = _game(lib, players=4, seed=1)
    g.deal()
    rules = _rules(g)
    rules.reveal(2, 0, why="test")
    view = rules.view(0)
    mine = view["seats"][0]["generals"]
    assert mine == rules.slots[0].generals
    assert view["seats"][1]["generals"] == [None, None]
    assert view["seats"][2]["generals"] == [rules.slots[2].generals[0], None]
    assert view["seats"][2]["faction"] == rules.slots[2].faction
    text = repr(view)
    for seat in (1, 3):
        for general in rules.slots[seat].generals:
            assert general not in text


def test_a_decision_naming_a_hidden_general_breaks_an_invariant(lib: Library) -> None:
    g = _game(lib, players=4, seed=1)
    g.deal()
    rules = _rules(g)
    secret = rules.slots[1].generals[0]
    with pytest.raises(InvariantBroken, match=secret):
        rules.check_decision(Decision(0, "yes_no", ["yes", "no"], prompt=f"see {secret}"))
    rules.check_decision(Decision(1, "yes_no", ["yes", "no"], prompt=f"reveal {secret}"))
    rules.show_general(0, 1, 0)
    rules.check_decision(Decision(0, "yes_no", ["yes", "no"], prompt=f"see {secret}"))


def test_the_first_reveal_fixes_the_faction_and_the_threshold_makes_careerists(
        lib: Library) -> None:
    g = _game(lib, players=6, generals=[
        "gz_caocao+gz_xuchu", "gz_dianwei+gz_xuhuang", "gz_zhangliao+gz_yuejin",
        "gz_zhanghe+gz_caoren", "gz_guojia+gz_simayi", "gz_liubei+gz_guanyu"])
    g.deal()
    rules = _rules(g)
    for seat in range(3):
        rules.reveal(seat, 1, why="test")
        assert rules.faction(seat) == "wei"
    rules.reveal(3, 0, why="test")
    assert rules.faction(3) == CAREERIST
    rules.reveal(4, 0, why="test")  # every later Wei reveal is a careerist too
    assert rules.faction(4) == CAREERIST
    assert not rules.same_faction(3, 4)
    assert rules.same_faction(0, 2)
    g.check_invariants()


@pytest.mark.parametrize("players", [2, 3, 5, 8, 12])
def test_games_end_cleanly_and_replay_identically(lib: Library, players: int) -> None:
    for seed in range(3):
        first = _game(lib, players=players, seed=seed).play()
        assert first.error is None, first.error  # Guozhan has 0 engine gaps
        again = _game(lib, players=players, seed=seed).play()
        assert first.log == again.log
        assert first.winning_side in ("wei", "shu", "wu", "qun", CAREERIST)  # no stall


@pytest.mark.parametrize(("players", "seed"), [(2, 200399), (4, 400362), (4, 400374)])
def test_heuristic_games_that_stalled_end(lib: Library, players: int, seed: int) -> None:
    """The 10,000-game sweep's heuristic stalls: 放权 giving the extra turn to the last
    enemy, 神速 skipping the draw with an empty hand, 突袭 forgoing the draw to take
    from empty hands — 400 turns of that. The agent now declines such choices."""
    r = _game(lib, players=players, seed=seed, agents="heuristic", record=False).play()
    assert r.error is None and r.winning_side != "none", (r.winning_side, r.turns)


def test_heuristic_agents_give_an_extra_turn_only_to_a_friend(lib: Library) -> None:
    from sgs_tools.engine import ai

    g = _game(lib, players=4, generals=["gz_liushan+gz_menghuo", "gz_caocao+gz_xuchu",
                                        "gz_liubei+gz_guanyu", "gz_sunquan+gz_zhoutai"],
              agents="heuristic")
    g.deal()
    rules = _rules(g)
    body = [{"do": "extra_turn", "args": {"who": {"var": "heir"}}}]
    rules.reveal(0, 0, why="test")
    rules.reveal(1, 0, why="test")
    assert ai.may_benefit(g, 0, None, body) < 0  # only Wei and hidden ones to give it to
    rules.reveal(2, 0, why="test")
    assert ai.may_benefit(g, 0, None, body) > 0  # a revealed Shu ally
    fangquan = g.lib.hooks["gz_fangquan"][0]  # skip the play phase, for that gift later
    assert ai.trigger_benefit(g, 0, fangquan, {}) > 0
    g.table.players[2].alive = False
    assert ai.trigger_benefit(g, 0, fangquan, {}) < 0


def test_heuristic_agents_play_for_their_faction(lib: Library) -> None:
    g = _game(lib, players=4, generals=[
        "gz_caocao+gz_xuchu", "gz_dianwei+gz_xuhuang", "gz_liubei+gz_guanyu",
        "gz_sunquan+gz_zhoutai"])
    g.deal()
    rules = _rules(g)
    assert rules.hostility(0, 1) > 0 > -1  # unknown: mildly hostile
    rules.reveal(1, 0, why="test")
    assert rules.hostility(0, 1) < 0  # a revealed Wei is a friend of a (hidden) Wei
    rules.reveal(2, 0, why="test")
    assert rules.hostility(0, 2) > 0


@pytest.mark.parametrize(("players", "dealt"), [(4, 7), (8, 7), (9, 5), (12, 5)])
def test_each_player_is_dealt_the_modes_number_of_generals(lib: Library, players: int,
                                                           dealt: int) -> None:
    """7 generals each, 5 at 9–12 players (``selection.everyone`` in the mode): the
    offers a seat chooses its pair from name no more than that many generals, and the
    dealt cards add up."""
    from sgs_tools.engine.agents import RandomAgent

    offers: list[set[str]] = []

    class Recording(RandomAgent):
        def decide(self, decision: Decision) -> list[int]:
            if decision.kind == "general":
                offers.append({x for o in decision.options
                               for x in o.split(" ")[0].split("+")})
            return super().decide(decision)

    g = _game(lib, players=players, seed=5)
    g.agents = [Recording(i) for i in range(players)]
    g.deal()
    assert len(offers) == players
    assert all(2 <= len(o) <= dealt for o in offers)
    if dealt == 7:  # (a card of a kingdom dealt once pairs with nothing, and is not named)
        assert max(len(o) for o in offers) > 5
    shown = [x for o in offers for x in o]
    assert len(shown) == len(set(shown))  # nobody was offered another seat's cards


@pytest.mark.parametrize("answer", ["no", "yes"])
def test_a_hidden_generals_skill_asks_its_owner_to_reveal(lib: Library, answer: str) -> None:
    """Reveal at skill use: the engine asks; declined, the general stays face down and
    the skill does nothing (遗计 after damage); accepted, it is revealed first."""
    from sgs_tools.engine.agents import RandomAgent, ScriptedAgent

    g = _game(lib, players=4, generals=["gz_caoren+gz_guojia", "gz_liubei+gz_guanyu",
                                        "gz_sunquan+gz_zhoutai", "gz_yuanshao+gz_yanliangwenchou"])
    asked: list[str] = []

    class Owner(ScriptedAgent):
        def decide(self, decision: Decision) -> list[int]:
            asked.append(decision.prompt)
            return super().decide(decision)

    g.agents = [Owner([answer], fallback=RandomAgent(0)), *(RandomAgent(i) for i in (1, 2, 3))]
    g.deal()
    before = len(g.log)
    from sgs_tools.engine.interp import Frame

    g.damage(0, 1, 1, None, Frame(1, 1, None))
    assert asked and asked[0] == "reveal gz_guojia for gz_yiji"
    events = [e.get("e") for e in g.log[before:]]
    rules = _rules(g)
    if answer == "no":
        assert rules.slots[0].revealed == [False, False] and rules.faction(0) is None
        assert "look_top" not in events
    else:
        assert rules.slots[0].revealed == [False, True] and rules.faction(0) == "wei"
        assert "reveal_general" in events

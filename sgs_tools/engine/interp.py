"""Hook IR → effects on the table: values, selectors, card filters, conditions and steps.

Runtime values: characters are tuples of seats, cards are lists of uids (virtual cards
have negative uids), numbers are ints, words (suits, colours, names) are strings. Every
``do`` step calls the primitive of its word, looked up by name in ``primitives.ACTIONS``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sgs_tools.engine.actions import ACTIONS
from sgs_tools.engine.errors import Abort, EngineGap, StepBudgetExceeded, Stop
from sgs_tools.engine.prim_counts import CARD_ATTRIBUTES, mark_count, pile_cards, pile_of
from sgs_tools.engine.prim_distance import FUNCTION_WORDS, within_ok
from sgs_tools.engine.prim_generals import FILTER_WORDS, QUANTITY_WORDS, changed_suit, post_filter
from sgs_tools.engine.prim_names import as_treated
from sgs_tools.engine.prim_state import STATE_FILTERS, THIS_GENERAL, defer_to_after, this_general
from sgs_tools.engine.prim_targets import distance_ignored
from sgs_tools.engine.primitives import can_pay
from sgs_tools.engine.state import RED_SUITS, CardInst, Player
from sgs_tools.engine.words import POST_FILTERS

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game, Use
    from sgs_tools.engine.library import Hook

Seats = tuple[int, ...]

EQUIP_SUBTYPES = frozenset({"weapon", "armour", "horse", "plus_horse", "minus_horse"})
ALL_OF_TABLE = frozenset({"except", "within", "where"})
"""Selector keys that need the whole table to test one character (``Interpreter.select``)."""
NONE_EXCLUDED: frozenset[int] = frozenset()
"""A selector without ``except`` leaves nobody out."""
PLANS_KEPT = 4096
"""Selector and card-spec plans a library keeps (then they start again: the library's IR
has far fewer; only a selector or spec made at run time could grow the count)."""
NO_ARGS: dict[str, Any] = {}
"""The arguments of a step written without any (shared: primitives only read theirs)."""
KINGDOMS = frozenset({"wei", "shu", "wu", "qun", "god"})
"""The base game's kingdoms; a game's interpreter also knows its expansions' (``kingdoms``)."""


COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge}
"""``compare``'s operators (any other reads as ``>=``, as it always has)."""


@dataclass(slots=True, init=False)
class Frame:
    """Where a step runs: whose hook (``you``), who acts, and the named values in scope."""

    owner: int
    actor: int
    hook: Hook | None
    vars: dict[str, Any]
    event: dict[str, Any]
    use: Use | None

    def __init__(self, owner: int, actor: int, hook: Hook | None,
                 vars: dict[str, Any] | None = None, event: dict[str, Any] | None = None,
                 use: Use | None = None) -> None:
        # (by hand, as ``records.Use``'s: a frame is made for every hook run and every
        # probe, and the dataclass's default factories are a call each)
        self.owner = owner
        self.actor = actor
        self.hook = hook
        self.vars = {} if vars is None else vars
        self.event = {} if event is None else event
        self.use = use

    def child(self, actor: int | None = None) -> Frame:
        return Frame(self.owner, self.actor if actor is None else actor, self.hook,
                     dict(self.vars), self.event, self.use)

    @property
    def name(self) -> str:
        return self.hook.source if self.hook is not None else "rules"


def card_is_named(card: CardInst, names: list[str] | tuple[str, ...]) -> bool:
    """A card filter's name matches the card, or a kind of it (``fire_slash`` is a slash)."""
    name = card.card
    for n in names:  # noqa: SIM110 (a plain loop: asked for every card of every filter)
        if name == n or name.endswith("_" + n):
            return True
    return False


def type_is(card: CardInst, word: str) -> bool:
    t = card.type
    if word == t:
        return True
    if word == "trick":
        return t in ("trick", "delayed_trick")
    if word == "non_delayed_trick":
        return t == "trick"
    if word == "equipment_card":
        return t == "equipment"
    if word == "horse":
        return card.subtype in ("plus_horse", "minus_horse")
    return card.subtype == word


def types_ok(card: CardInst, types: tuple[str, ...]) -> bool:
    """The card is of one of the types (``type_is``)."""
    for t in types:  # noqa: SIM110 (a plain loop: asked for most cards of most filters)
        if type_is(card, t):
            return True
    return False


FilterTest = Callable[["Interpreter", Player, int, Frame], bool]
"""One selector word's test of a character: (interpreter, character, the selector's
owner, frame) → selected."""


def _near_anyway(it: Interpreter, p: Player, me: int, f: Frame) -> bool:
    """A card ``me`` is using may target ``p`` whatever the distance
    (``ignore_distance_to``)."""
    use = f.use
    return use is not None and use.user == me and distance_ignored(it.game, me, p.seat)


def _in_range(it: Interpreter, p: Player, me: int, f: Frame) -> bool:
    seat = p.seat
    if seat == me:
        return False
    g = it.game
    memo = g.range_memo
    if memo is not None:  # (while options are listed: what distance and attack_range
        # would read from the memo, read here; worked out by them the first time)
        r = memo.get((me, -1))
        if r is not None:  # (the range is known: only a distance not yet kept is asked)
            d = memo.get((me, seat))
            if d is None:
                d = g.distance(me, seat)
            return d <= r or _near_anyway(it, p, me, f)
    # (``Game.in_range``, inline: the seats differ, so it is the distance within range)
    return g.distance(me, seat) <= g.attack_range(me) or _near_anyway(it, p, me, f)


def _at_distance_1(it: Interpreter, p: Player, me: int, f: Frame) -> bool:
    return p.seat != me and (it.game.distance(me, p.seat) <= 1
                             or _near_anyway(it, p, me, f))


def _opposite_gender(it: Interpreter, p: Player, me: int, f: Frame) -> bool:
    mine = it.game.table.players[me].gender
    return p.gender is not None and mine is not None and p.gender != mine


def _questioning(it: Interpreter, p: Player, me: int, f: Frame) -> bool:
    questioners: tuple[int, ...] = it.game.word_state.get("questioners", ())
    return p.seat in questioners


def _adjacent_to_target(it: Interpreter, p: Player, me: int, f: Frame) -> bool:
    target = it.var("target", f)
    seats = target if isinstance(target, tuple) else ()
    return bool(seats) and p.seat not in seats and it.game.distance(seats[0], p.seat) <= 1


SelectPlan = tuple[dict[str, Any], str, bool, bool, tuple[FilterTest, ...], tuple[str, ...],
                   tuple[Any, ...], Any, Any, bool, bool]
"""A selector, its noun, whether the noun is others, whether it is any character, its
filters' tests, its post filters, ``except``, ``within``, ``where``, whether its
filters read distances or attack ranges (``RANGED``), and whether it has a key that
needs the whole table to test one character (``ALL_OF_TABLE``)."""
CardPlan = tuple[dict[str, Any], tuple[str, ...], tuple[str, ...], tuple[str, ...],
                 tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""A card spec with filters, its names, card types, colours and suits, the zones
``candidates`` looks in (``zones_of``: as a filter of equipment kinds means, and not),
and its names' kinds as suffixes (``_slash``: ``card_is_named``)."""

FILTERS: dict[str, FilterTest] = {
    "male": lambda it, p, me, f: p.gender == "male",
    "female": lambda it, p, me, f: p.gender == "female",
    "wounded": lambda it, p, me, f: p.hp < p.max_hp,
    "in_range": _in_range,
    "at_distance_1": _at_distance_1,
    "with_cards": lambda it, p, me, f: bool(p.hand or p.equipment),
    "with_hand_cards": lambda it, p, me, f: bool(p.hand),
    "with_equipment": lambda it, p, me, f: bool(p.equipment),
    "alive": lambda it, p, me, f: p.alive,
    "opposite_gender": _opposite_gender,
    "with_weapon": lambda it, p, me, f: "weapon" in p.equipment,
    "questioning": _questioning,
    "adjacent_to_target": _adjacent_to_target,
}
"""The engine's own selector words (a kingdom word is tested first; then these; then the
filter words primitives register, ``FILTER_WORDS`` and ``STATE_FILTERS``)."""

RANGED = frozenset({"in_range", "at_distance_1", "adjacent_to_target"})
"""Selector words that read distances or attack ranges: a selector with one of them
keeps the distances it works out while it tests the table (``Interpreter.select``)."""


def fixed_count(spec: dict[str, Any], available: int) -> tuple[int, int] | None:
    """The (least, most) of a count that needs no frame to read (a number, none, any,
    all or a range of numbers), else None: ``Interpreter.count_of`` without its frame."""
    count = spec.get("count")
    if count.__class__ is int:
        return count, count
    if count is None:
        return (1, available) if spec.get("noun") == "cards" else (1, 1)
    if count == "any":
        return 0, available
    if count == "all":
        return available, available
    if isinstance(count, dict) and "range" in count:
        low, high = count["range"]
        return int(low), available if high is None else int(high)
    return None


class Interpreter:
    def __init__(self, game: Game) -> None:
        self.game: Game = game
        self.kingdoms = KINGDOMS | game.lib.kingdoms
        """Kingdom words: a selector or condition naming one tests a character's kingdom."""
        compiled = game.lib.compiled
        self.filter_tests: dict[str, FilterTest] = compiled["filters"]
        """Selector word → its test (``filter_test``), shared by the library's games."""
        self.select_plans: dict[int, SelectPlan] = compiled["selects"]
        """id of a selector → what ``select`` reads of it (``select_plan``)."""
        self.card_tests: dict[int, CardPlan] = compiled["cards"]
        """id of a card spec → what ``card_matches`` reads of it (``card_plan``)."""
        self.rotations: dict[int, list[Player]] = {}
        """Current seat → the characters in seat order from it (``scan``), rebuilt when
        the table's number of seats changes."""

    # -- values --------------------------------------------------------------------------
    def player_attr(self, p: Player, attr: str) -> Any:
        if attr == "hp":
            return p.hp
        if attr == "max_hp":
            return p.max_hp
        if attr == "lost_hp":
            return p.lost_hp
        if attr == "hand_count":
            return len(p.hand)
        if attr == "equipment_count":
            return len(p.equipment)
        if attr == "attack_range":
            return self.game.attack_range(p.seat)
        if attr == "gender":
            return p.gender
        if attr == "kingdom":
            return p.kingdom
        if attr in ("named_color", "named_suit"):  # kept by name_color / name_suit
            return self.game.word_state.get(f"{attr}:{p.seat}")
        if attr == "count":
            return 1
        raise EngineGap(f"attribute {attr}", "a character")

    def cards_attr(self, uids: list[int], attr: str) -> Any:
        if attr == "count":
            return len(uids)
        counted = CARD_ATTRIBUTES.get(attr)
        if counted is not None:
            return counted(self.game, uids)
        if not uids:
            return None
        table = self.game.table
        first = table.card(uids[0])
        if attr == "suit":
            return self.suit_of(first)
        if attr == "color":
            colors = {self.color_of(table.card(u)) for u in uids}
            return colors.pop() if len(colors) == 1 else None
        if attr == "name":
            return first.card
        if attr == "type":
            return first.type
        if attr == "number":
            return first.rank
        if attr == "nature":
            return first.nature or "normal"
        raise EngineGap(f"attribute {attr}", "cards")

    def suit_of(self, card: CardInst) -> str | None:
        """A card's suit as the rules read it (``change_suit`` of its holder applied)."""
        g = self.game
        st = g.statics  # (``any_active``, its answer read first when it is plain)
        if card.suit is None or not (
                (g._statics_dirty or st.temporary or "change_suit" in st.words)
                and st.any_active("change_suit")):
            return card.suit
        return changed_suit(g, card)

    def color_of(self, card: CardInst) -> str | None:
        g = self.game
        st = g.statics
        if card.suit is None or not (
                (g._statics_dirty or st.temporary or "change_suit" in st.words)
                and st.any_active("change_suit")):
            return card.color
        suit = self.suit_of(card)
        return None if suit is None else ("red" if suit in ("heart", "diamond") else "black")

    def value(self, v: Any, f: Frame) -> Any:
        # (the commonest values first, told by their exact type: a number, a name, a
        # bound name; anything else as ``value_of`` reads it)
        cls = v.__class__
        if cls is int or v is None:
            return v
        if cls is dict:
            if "var" in v:
                name = v["var"]
                if name == "you":
                    return (f.owner,)
                bound = f.vars
                if name in bound:
                    return bound[name]
                return f.event.get(name)
            if "actor" in v:
                return (f.actor,)
            if len(v) == 1:  # (one key: which branch of ``value_of`` it takes, at once)
                if "cards" in v:
                    return v
                if "select" in v:
                    return self.select(v["select"], f)
                if "quantity" in v:
                    return self.quantity(v["quantity"], f)
                if "ref" in v:
                    return self.ref(v["ref"], f)
            elif len(v) == 2 and "sign" in v and "amount" in v:
                amount = self.num(v["amount"], f)
                return amount if v["sign"] == "+" else -amount
        elif cls is str:
            return this_general(self.game, f) if v == THIS_GENERAL else v
        elif cls is list:
            return v
        return self.value_of(v, f)

    def value_of(self, v: Any, f: Frame) -> Any:
        if isinstance(v, str) and v == THIS_GENERAL:
            return this_general(self.game, f)
        if v is None or isinstance(v, (int, str)):
            return v
        if isinstance(v, list):
            return v
        if "var" in v:
            return self.var(v["var"], f)
        if "actor" in v:
            return (f.actor,)
        if "quantity" in v:
            return self.quantity(v["quantity"], f)
        if "pile" in v:  # how many cards lie in a named pile of the skill owner's general
            return len(pile_cards(self.game.table.players[f.owner], str(v["pile"])))
        if "mark" in v:
            return mark_count(self.game.table.players[f.owner], str(v["mark"]))
        if "ref" in v:
            return self.ref(v["ref"], f)
        if "op" in v:
            a, b = self.num(v["left"], f), self.num(v["right"], f)
            op = v["op"]
            if op == "+":
                return a + b
            if op == "-":
                return a - b
            if op == "*":
                return a * b
            return a // b if b else 0
        if "call" in v:
            name = v["call"]
            special = FUNCTION_WORDS.get(name)
            if special is not None:
                return special(self.game, v["args"], f)
            args = [self.num(a, f) for a in v["args"]]
            if name == "min":
                return min(args)
            if name == "max":
                return max(args)
            if name == "half":
                return args[0] // 2
            if name == "difference":
                return abs(args[0] - args[1])
            raise EngineGap(f"function {name}", f.name)
        if "select" in v:
            return self.select(v["select"], f)
        if "cards" in v:
            return v
        if "sign" in v:
            amount = self.num(v["amount"], f)
            return amount if v["sign"] == "+" else -amount
        if "range" in v:
            return v
        raise EngineGap(f"value {v!r}", f.name)

    def ref(self, path: list[str], f: Frame) -> Any:
        """``x's attr's attr``: a bound name, then attributes of what it holds."""
        head = path[0]
        if head == "you":
            current: Any = (f.owner,)
        else:  # (``var``, inline)
            bound = f.vars
            current = bound[head] if head in bound else f.event.get(head)
        if len(path) == 2 and current.__class__ is list and path[1] == "count":
            return len(current)  # (most: how many cards a step gave)
        for attr in path[1:]:
            if isinstance(current, tuple):
                current = self.player_attr(self.game.table.players[current[0]], attr) \
                    if current else None
            elif isinstance(current, list):
                current = self.cards_attr(current, attr)
            else:
                current = None
        return current

    def num(self, v: Any, f: Frame) -> int:
        if v.__class__ is int:
            return v  # (most amounts are written as numbers)
        value = self.value(v, f)
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int):
            return value
        if isinstance(value, (list, tuple)):
            return len(value)
        if value == "unlimited":
            return 10**6
        return 0

    def var(self, name: str, f: Frame) -> Any:
        if name == "you":
            return (f.owner,)
        if name in f.vars:
            return f.vars[name]
        if name in f.event:
            return f.event[name]
        return None

    def quantity(self, name: str, f: Frame) -> Any:
        g = self.game
        if name == "alive_count":
            return sum(1 for p in g.table.players if p.alive)
        if name == "unlimited":
            return 10**6
        if name == "slashes_in_play_phase":
            return g.play_phase_count(f.owner, "slash")
        if name == "questioners":
            return len(g.word_state.get("questioners", ()))
        if name in QUANTITY_WORDS:
            return QUANTITY_WORDS[name](g, f)
        return self.player_attr(g.table.players[f.owner], name)

    # -- selectors -----------------------------------------------------------------------
    def players_of(self, v: Any, f: Frame) -> Seats:
        if v.__class__ is dict and "var" in v:  # (``value``'s first branch, inline)
            name = v["var"]
            if name == "you":
                return (f.owner,)
            bound = f.vars
            value = bound[name] if name in bound else f.event.get(name)
        elif v.__class__ is dict and "actor" in v:
            return (f.actor,)
        else:
            value = self.value(v, f)
        if isinstance(value, tuple):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return (value,)
        return ()

    def names_seat(self, v: Any, seat: int, f: Frame) -> bool:
        """``seat in players_of(v, f)``; a plain selector (no ``except``) is checked on
        that one character instead of listing everyone it selects."""
        if isinstance(v, dict) and len(v) == 1 and "select" in v:
            s = v["select"]
            plan = self.select_plans.get(id(s))
            if plan is None or plan[0] is not s:
                plan = self.select_plan(s)
            if not plan[10]:
                p = self.game.table.players[seat]
                if not p.alive:
                    return False
                me = f.owner
                if plan[2]:
                    if seat == me:
                        return False
                elif not plan[3] and not self.noun_ok(plan[1], p, me):
                    return False
                if plan[5]:  # a post filter: tested alone (``filter_test``)
                    return all(self.filter_ok(x, p, me, f) for x in s.get("filters", ()))
                for test in plan[4]:  # noqa: SIM110 (a plain loop, as select_with's)
                    if not test(self, p, me, f):
                        return False
                return True
        return seat in self.players_of(v, f)

    def filter_ok(self, flt: str, p: Player, me: int, f: Frame) -> bool:
        test = self.filter_tests.get(flt)
        if test is None:
            test = self.filter_test(flt)
        return test(self, p, me, f)

    def filter_test(self, flt: str) -> FilterTest:
        """The test of one selector word, found once per library (``filter_tests``):
        a kingdom, one of ``FILTERS``, else a primitive's filter word, a post filter
        tested alone, or the gap reported as the word is met (looked up when asked)."""
        test: FilterTest | None
        if flt in self.kingdoms:
            def test(it: Interpreter, p: Player, me: int, f: Frame) -> bool:
                return p.kingdom == flt
        else:
            test = FILTERS.get(flt)
            if test is None:
                def test(it: Interpreter, p: Player, me: int, f: Frame) -> bool:
                    # (the words primitives register are looked up as they are asked:
                    # a word's primitive may be replaced, as tests that count calls do)
                    g = it.game
                    found = FILTER_WORDS.get(flt) or STATE_FILTERS.get(flt)
                    if found is not None:
                        return found(g, p, me, f)
                    if flt in POST_FILTERS:
                        # One character tested alone: the best of everyone else who could
                        # be selected.
                        pool = [q for q in g.table.players if q.alive and q.seat != me]
                        return p.seat in post_filter(g, flt, pool, f)
                    raise EngineGap(f"selector {flt}", f.name)
        self.filter_tests[flt] = test
        return test

    def near_anyway(self, p: Player, me: int, f: Frame) -> bool:
        """A card ``me`` is using may target ``p`` whatever the distance
        (``ignore_distance_to``)."""
        return _near_anyway(self, p, me, f)

    def noun_ok(self, noun: str, p: Player, me: int) -> bool:
        if noun in ("others", "other"):
            return p.seat != me
        if noun == "you":
            return p.seat == me
        if noun == "lord":
            return p.role == "lord"
        if noun == "current":
            return p.seat == self.game.table.current
        return True

    def select_plan(self, s: dict[str, Any]) -> SelectPlan:
        """What ``select`` reads of a selector, read once per library: its noun (as
        flags), its filters' tests (post filters apart), ``except``, ``within``,
        ``where``. Kept by the selector's ``id`` with the selector itself (so the id is
        not reused while kept): selectors are the library's IR, or the few
        ``targeting_select`` derives and keeps."""
        noun = s.get("noun", "players")
        filters = s.get("filters", ())
        post = tuple(x for x in filters if x in POST_FILTERS) if filters else ()
        if post:
            filters = [x for x in filters if x not in POST_FILTERS]
        tests = self.filter_tests
        others = noun in ("others", "other")
        plan: SelectPlan = (
            s, noun, others, not others and noun not in ("you", "lord", "current"),
            tuple(tests.get(x) or self.filter_test(x) for x in filters), post,
            tuple(s["except"]) if "except" in s else (), s.get("within"), s.get("where"),
            any(x in RANGED for x in filters), bool(s.keys() & ALL_OF_TABLE))
        plans = self.select_plans
        if len(plans) >= PLANS_KEPT:
            plans.clear()
        plans[id(s)] = plan
        return plan

    def select(self, s: dict[str, Any], f: Frame) -> Seats:
        plan = self.select_plans.get(id(s))
        if plan is None or plan[0] is not s:
            plan = self.select_plan(s)
        g = self.game
        if plan[9] and g.range_memo is None:
            # Nothing on the table changes while one selector is tested: each distance
            # and the owner's attack range, worked out once for all the characters.
            g.range_memo = {}
            try:
                return self.select_with(plan, f)
            finally:
                g.range_memo = None
        if not plan[5] and plan[8] is None:  # (most: the scan is the selection)
            return tuple(self.scan(plan, f))
        return self.select_with(plan, f)

    def select_with(self, plan: SelectPlan, f: Frame) -> Seats:
        out = self.scan(plan, f)
        post, where = plan[5], plan[8]
        if not post and where is None:
            return tuple(out)
        g = self.game
        for flt in post:
            keep = post_filter(g, flt, [g.table.players[x] for x in out], f)
            out = [x for x in out if x in keep]
        if where is not None:  # `pick … as b where COND`: each one chosen meets COND
            out = [x for x in out if self.meets(where, x, f)]
        return tuple(out)

    def scan(self, plan: SelectPlan, f: Frame, need: int = 0,
             accept: Callable[[int], bool] | None = None) -> list[int]:
        """The living characters a selector's own tests take (before its post filters
        and ``where``), in seat order from the current player; with ``need``, only the
        first ``need`` of those ``accept`` takes, if given (``select_reaches``)."""
        s, noun, others, any_noun, tests, _post, excepts, within, _where, _r, _a = plan
        me = f.owner
        excluded: set[int] | frozenset[int] = NONE_EXCLUDED
        if excepts:
            excluded = set()
            for ex in excepts:
                excluded.update(self.players_of(ex, f))
        out = []
        g = self.game
        t = g.table
        players = t.players
        n = len(players)
        start = t.current % n if n else 0
        if start:  # (the order from the current player, kept: a scan for each selector)
            order = self.rotations.get(start)
            if order is None or len(order) != n:
                order = self.rotations[start] = players[start:] + players[:start]
        else:
            order = players
        # the living, in seat order from the current player
        for p in order:
            if not p.alive:
                continue
            seat = p.seat
            if seat in excluded:
                continue
            if others:
                if seat == me:
                    continue
            elif not any_noun and not self.noun_ok(noun, p, me):
                continue
            if within is not None and not within_ok(g, s, me, seat, f):
                continue
            for test in tests:
                if not test(self, p, me, f):
                    break
            else:
                if need:
                    if accept is not None and not accept(seat):
                        continue
                    out.append(seat)
                    if len(out) >= need:
                        break
                else:
                    out.append(seat)
        return out

    def select_reaches(self, s: dict[str, Any], f: Frame, need: int,
                       accept: Callable[[int], bool] | None = None) -> bool:
        """Whether ``select`` would give at least ``need`` characters (those ``accept``
        takes, if given), stopping at the ``need``-th: what ``options.has_targets`` asks.
        A selector with post filters or ``where`` is selected in full."""
        plan = self.select_plans.get(id(s))
        if plan is None or plan[0] is not s:
            plan = self.select_plan(s)
        if plan[5] or plan[8] is not None:
            found = self.select(s, f)
            if accept is not None:
                found = tuple([c for c in found if accept(c)])
            return len(found) >= need
        if need <= 0:
            return True
        g = self.game
        if plan[9] and g.range_memo is None:
            g.range_memo = {}
            try:
                return len(self.scan(plan, f, need, accept)) >= need
            finally:
                g.range_memo = None
        return len(self.scan(plan, f, need, accept)) >= need

    def selector_need(self, s: dict[str, Any], f: Frame) -> int:
        """The fewest characters a pick with this selector needs to start (at least
        one): ``max(low, 1)`` of ``selector_count``, whose low is a fixed number or the
        number available."""
        count = s.get("count")
        if count.__class__ is int:  # (most: a number, ``num``'s first branch)
            return count if count > 1 else 1
        if count is None or count == "any" or count == "all":
            return 1
        if isinstance(count, dict) and "range" in count:
            return max(int(count["range"][0]), 1)
        return max(self.num(count, f), 1)

    def meets(self, where: dict[str, Any], seat: int, f: Frame) -> bool:
        """Whether ``seat`` meets a choice's ``where`` condition, read with its binding
        naming that character."""
        inner = f.child()
        inner.vars[str(where.get("as", "it"))] = (seat,)
        return self.cond(where.get("cond"), inner)

    def selector_count(self, s: dict[str, Any], f: Frame, available: int) -> tuple[int, int]:
        """How many of a selector's characters a pick takes: (low, high)."""
        count = s.get("count")
        if count is None:
            if s.get("noun") in ("other", "player", "you", "lord", "current"):
                return 1, 1
            return available, available
        if isinstance(count, dict) and "range" in count:
            low, high = count["range"]
            return int(low), available if high is None else int(high)
        if count == "any":
            return 0, available
        if count == "all":
            return available, available
        n = self.num(count, f)
        return n, n

    # -- cards ---------------------------------------------------------------------------
    def card_plan(self, spec: dict[str, Any], filters: dict[str, Any]) -> CardPlan:
        """What ``card_matches`` and ``candidates`` read of a card spec with filters (kept
        as ``select_plan`` keeps a selector's): names, types, colours, suits, zones."""
        names = filters.get("name") or ()
        types = filters.get("card_type") or ()
        plan: CardPlan = (spec, tuple(names), tuple(types), tuple(filters.get("color") or ()),
                          tuple(filters.get("suit") or ()), tuple(self.zones_of(spec)),
                          tuple(self.zones_of(spec, equipment_default=False)),
                          tuple("_" + n for n in names))
        plans = self.card_tests
        if len(plans) >= PLANS_KEPT:
            plans.clear()
        plans[id(spec)] = plan
        return plan

    def card_matches(self, card: CardInst, spec: dict[str, Any]) -> bool:
        plan = self.card_tests.get(id(spec))
        if plan is None or plan[0] is not spec:
            filters = spec.get("filters")
            if not filters:
                return True  # (most specs: no filter at all)
            plan = self.card_plan(spec, filters)
        return self.plan_matches(card, plan)

    def plan_matches(self, card: CardInst, plan: CardPlan) -> bool:
        """Whether a card meets a card spec's filters, read as ``card_plan`` keeps them."""
        names, types, colors, suits = plan[1], plan[2], plan[3], plan[4]
        if names:
            name = card.card  # (``card_is_named``, the kinds' suffixes made once)
            if types:
                # a card name and a type are alternatives: 一张装备牌或【杀】
                if not (name in names or name.endswith(plan[7]) or types_ok(card, types)):
                    return False
                types = ()
            elif not (name in names or name.endswith(plan[7])):
                return False
        if colors and self.color_of(card) not in colors:
            return False
        if suits and self.suit_of(card) not in suits:
            return False
        return not types or types_ok(card, types)

    def spec_of(self, v: Any) -> dict[str, Any] | None:
        if isinstance(v, dict):
            spec = v.get("cards")
            if isinstance(spec, dict):
                return spec
        return None

    def zones_of(self, spec: dict[str, Any], equipment_default: bool = True) -> list[str]:
        """The zones a card filter looks in: its ``zone`` words, else hand and equipment;
        a filter of equipment kinds alone (``horse``, ``weapon``) means equipped ones."""
        filters = spec.get("filters") or {}
        if filters.get("pile"):
            return ["general_pile"]  # `1 quan card`: a card of that pile
        zones = filters.get("zone")
        if zones:
            if "any_zone" in zones:
                return ["hand", "equipment", "judgement_zone"]
            if "field" in zones:  # 场上的牌: the equipment area and the judgement zone
                return sorted({*zones, "equipment", "judgement_zone"} - {"field"})
            return list(zones)
        types = filters.get("card_type", ())
        if equipment_default and types and all(t in EQUIP_SUBTYPES for t in types):
            return ["equipment"]
        return ["hand", "equipment"]

    def candidates(self, seat: int, spec: dict[str, Any],
                   equipment_default: bool = True) -> list[int]:
        p = self.game.table.players[seat]
        filters = spec.get("filters")
        if not filters:  # any of the hand and equipment (``zones_of``, ``card_matches``)
            return [*p.hand, *p.equipment.values()]
        plan = self.card_tests.get(id(spec))
        if plan is None or plan[0] is not spec:
            plan = self.card_plan(spec, filters)
        zones = plan[5] if equipment_default else plan[6]
        out: list[int] = []
        if "hand" in zones:
            out += p.hand
        if "equipment" in zones:
            out += p.equipment.values()
        if "judgement_zone" in zones:
            out += p.judgement
        if "general_pile" in zones:
            piles = filters.get("pile")
            out += [u for u in p.pile if pile_of(p, u) in piles] if piles else p.pile
        g = self.game
        cards = g.table.cards
        st = g.statics  # (``any_active``, its answer read first when it is plain)
        plain = not (g._statics_dirty or st.temporary)
        if plan[1] and not (plain and "change_name" not in st.words) and \
                st.any_active("change_name"):  # 禁酒: a card that counts as another
            return [u for u in out if self.plan_matches(as_treated(g, seat, cards[u]), plan)]
        if not (plan[1] or plan[2] or plan[3] or plan[4]):
            return out  # (a filter of zones or piles alone)
        if not (plain and "change_suit" not in st.words) and st.any_active("change_suit"):
            matches = self.plan_matches
            return [u for u in out if matches(cards[u], plan)]
        # ``plan_matches`` inline, each card's suit and colour its own (no change_suit)
        names, types, colors, suits, kinds = plan[1], plan[2], plan[3], plan[4], plan[7]
        found = []
        for u in out:
            card = cards[u]
            if names:
                name = card.card
                if not (name in names or name.endswith(kinds)
                        or (types and types_ok(card, types))):
                    continue  # (a name and a type are alternatives)
            elif types and not types_ok(card, types):
                continue
            if colors:  # (``CardInst.color``, inline)
                suit = card.suit
                if (card.tint if suit is None else "red" if suit in RED_SUITS else "black"
                        ) not in colors:
                    continue
            if suits and card.suit not in suits:
                continue
            found.append(u)
        return found

    def count_of(self, spec: dict[str, Any], f: Frame, available: int) -> tuple[int, int]:
        count = spec.get("count")
        if count.__class__ is int:  # (most: a number, ``num``'s first branch)
            return count, count
        fixed = fixed_count(spec, available)
        if fixed is not None:
            return fixed
        n = self.num(count, f)
        return n, n

    # -- conditions ----------------------------------------------------------------------
    def cond(self, c: Any, f: Frame) -> bool:
        if c is None:
            return True
        if "compare" in c:  # (the commonest first: a condition has one of these keys)
            left, right = c["left"], c["right"]  # (a number as is: ``value``'s first test)
            return self.compare(c["compare"],
                                left if left.__class__ is int else self.value(left, f),
                                right if right.__class__ is int else self.value(right, f))
        if "all" in c:
            return all(self.cond(x, f) for x in c["all"])
        if "any" in c:
            return any(self.cond(x, f) for x in c["any"])
        if "not" in c:
            return not self.cond(c["not"], f)
        if "is" in c:
            return self.is_word(self.value(c["subject"], f), c["is"], f)
        if "in" in c:
            group = c["in"]
            seats = self.players_of(c["subject"], f)
            if not seats:
                return False
            for seat in seats:
                p = self.game.table.players[seat]
                if group in self.kingdoms or group not in ("others", "other", "you", "all",
                                                      "players", "player", "lord",
                                                      "current"):
                    if not self.filter_ok(group, p, f.owner, f):
                        return False
                elif not self.noun_ok(group, p, f.owner):
                    return False
            return True
        if "has" in c:
            spec = self.spec_of(c["has"]) or {}
            count = spec.get("count")
            among = self.value(c["subject"], f)
            if isinstance(among, list):  # `if cards has club cards`: some of them are
                table = self.game.table
                found = sum(1 for u in among if self.card_matches(table.card(u), spec))
                need = self.num(count, f) if isinstance(count, (int, dict)) else 1
                return found == 0 if count == 0 else found >= max(1, need)
            seats = self.players_of(c["subject"], f)
            for seat in seats:
                found = len(self.candidates(seat, spec, equipment_default=True))
                if count == 0:
                    return found == 0
                need = self.num(count, f) if isinstance(count, (int, dict)) else 1
                return found >= max(1, need)
            return count == 0
        raise EngineGap(f"condition {c!r}", f.name)

    @staticmethod
    def compare(op: str, a: Any, b: Any) -> bool:
        if a.__class__ is int and b.__class__ is int:  # (most: two numbers)
            return bool(COMPARE.get(op, COMPARE[">="])(a, b))
        if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
            a, b = sorted(a), sorted(b)
        else:
            if isinstance(a, (list, tuple)):
                a = len(a)
            if isinstance(b, (list, tuple)):
                b = len(b)
        if op == "==":
            return bool(a == b)
        if op == "!=":
            return bool(a != b)
        # (an order compares numbers: anything else counts as 0)
        return bool(COMPARE.get(op, COMPARE[">="])(a if isinstance(a, int) else 0,
                                                 b if isinstance(b, int) else 0))

    def is_word(self, subject: Any, word: str, f: Frame) -> bool:
        g = self.game
        if isinstance(subject, list):
            if not subject:
                return False
            card = g.table.card(subject[0])
            if word in ("red", "black"):
                return bool(self.cards_attr(subject, "color") == word)
            return (word == self.suit_of(card) or type_is(card, word)
                    or card_is_named(card, (word,)))
        if isinstance(subject, tuple):
            if not subject:
                return False
            other = f.vars.get(word, f.event.get(word))
            if isinstance(other, tuple):
                return sorted(subject) == sorted(other)
            out = True
            for seat in subject:
                p = g.table.players[seat]
                if word in ("others", "other", "you", "lord", "current", "all", "players",
                            "player"):
                    out = out and self.noun_ok(word, p, f.owner)
                else:
                    out = out and self.filter_ok(word, p, f.owner, f)
            return out
        if isinstance(subject, str):
            if word in ("red", "black") and subject in ("heart", "diamond", "spade", "club"):
                return (subject in ("heart", "diamond")) == (word == "red")
            return subject == word
        return False

    # -- steps ---------------------------------------------------------------------------
    def run(self, steps: list[dict[str, Any]], f: Frame) -> None:
        g = self.game
        actor = g.table.players[f.actor]
        use = f.use
        if use is None or use.declared or f.hook is not use.hook:
            # (most runs: no card's own effect whose targets are still to be declared,
            # and none becomes one, as a use once declared stays so)
            step_ = self.step
            for step in steps:
                if g.over or not actor.alive:
                    return
                step_(step, f)
            return
        for i, step in enumerate(steps):
            if g.over or not actor.alive:
                return
            if not use.declared and step.get("do") == "pick":
                # The first pick of a card's own effect declares its targets; the rest of
                # the effect then resolves once for each target in turn.
                self.step(step, f)
                use.declared = True
                name = step.get("as")
                targets = use.targets
                g.after_targeting(use, f)
                rest = steps[i + 1:]
                for t in list(use.targets if use.targets else targets):
                    if g.over:
                        return
                    if not g.table.players[t].alive:
                        continue
                    if name:
                        f.vars[name] = (t,)
                    if g.takes_effect(use, t, f):
                        self.run(rest, f)
                return
            self.step(step, f)

    def announce(self, body: list[dict[str, Any]], f: Frame) -> None:
        """A compulsory skill whose condition held (挥泪: its owner was killed by another)
        says it is used, as one whose steps start at once does; a branch opening with a
        choice to make (``may``) is announced when that choice is taken."""
        hook = f.hook
        if hook is None or hook.origin != "skill" or hook.kind != "trigger" or hook.optional:
            return
        first = body[0]
        if "may" in first or "repeat" in first or "if" in first or "after_this" in first:
            return
        self.game.log_event("skill", seat=f.owner, skill=hook.source)
        f.vars["__announced"] = True

    def step(self, s: dict[str, Any], f: Frame) -> None:
        g = self.game
        steps = g.steps = g.steps + 1  # (``Game.tick``, inline: asked at every step)
        if steps > g.setup.step_budget:
            raise StepBudgetExceeded(f.name, g.setup.step_budget)
        word = s.get("do")
        if word is not None:
            prim = ACTIONS.get(word)
            if prim is None:
                raise EngineGap(f"action {word}", f.name)
            result = prim(g, s.get("args") or NO_ARGS, f)
            if "as" in s:
                f.vars[s["as"]] = result
            return
        if "may" in s:
            body = s["may"]
            if body and "do" in body[0] and not can_pay(g, body[0], f):
                f.vars["__declined"] = id(s)  # cannot, so as good as declined
                return
            if g.ask_may(f.actor, f, body):
                if not f.vars.get("__announced") and f.hook is not None:
                    g.log_event("skill", seat=f.owner, skill=f.hook.source)
                    f.vars["__announced"] = True
                self.run(body, f)
            else:
                f.vars["__declined"] = id(s)  # an endless repeat opening with it ends
            return
        if "if" in s:
            body = s["then"] if self.cond(s["if"], f) else s["else"]
            if body:  # (an empty branch, most elses: nothing to run)
                if not f.vars.get("__announced"):
                    self.announce(body, f)
                self.run(body, f)
            return
        if "choose" in s:
            chooser = self.players_of(s["choose"], f)
            seat = chooser[0] if chooser else f.actor
            if not g.table.players[seat].alive:
                return
            options = []
            labels = []
            for opt in s["options"]:
                if opt and not can_pay(g, opt[0], f.child(actor=seat)):
                    continue
                options.append(opt)
                labels.append(" then ".join(g.step_label(x) for x in opt))
            if not options:
                return
            pick = g.choose_one(seat, labels, f)
            self.run(options[pick], f.child(actor=seat))
            return
        if "for_each" in s:
            over = self.value(s["for_each"], f)
            name = s.get("as", "it")
            if isinstance(over, tuple):
                per_target = f.use is not None and f.hook is f.use.hook and not f.use.declared
                if per_target and f.use is not None:
                    f.use.targets = list(over)
                    f.use.declared = True
                    g.after_targeting(f.use, f)
                    over = tuple(f.use.targets)
                for seat in over:
                    if g.over:
                        return
                    if not g.table.players[seat].alive:
                        continue
                    f.vars[name] = (seat,)
                    if per_target and f.use is not None and not g.takes_effect(
                            f.use, seat, f):
                        continue
                    self.run(s["steps"], f)
            elif isinstance(over, list):
                for uid in list(over):
                    if g.over:
                        return
                    f.vars[name] = [uid]
                    self.run(s["steps"], f)
            elif isinstance(over, dict) and self.spec_of(over) is not None:
                spec = self.spec_of(over) or {}
                for uid in self.candidates(f.actor, spec):
                    f.vars[name] = [uid]
                    self.run(s["steps"], f)
            return
        if "let" in s:
            f.vars[s["let"]] = self.num(s["value"], f)
            return
        if "repeat" in s:
            times = self.num(s["repeat"], f) if s["repeat"] is not None else None
            count = 0
            # "repeat: may: …" is "you may do this again and again": declining ends it.
            opening = s["steps"][0] if s["steps"] else None
            try:
                while times is None or count < times:
                    count += 1
                    g.tick(f)
                    f.vars.pop("__declined", None)
                    self.run(s["steps"], f)
                    if g.over or not g.table.players[f.actor].alive:
                        return
                    if (times is None and opening is not None
                            and f.vars.pop("__declined", None) == id(opening)):
                        return
            except Stop:
                pass
            return
        if "until" in s:
            g.add_temporary_modifiers(f, s["modifiers"], s["until"])
            return
        if "limit" in s:
            key = f"{f.name}:{id(s)}"
            if g.frequency_ok(f.actor, key, s["limit"], f):
                g.frequency_use(f.actor, key, s["limit"])
                self.run(s["steps"], f)
            return
        if "stop" in s:
            raise Stop
        if "after_this" in s:  # once this event has resolved: at its 'after' (prim_state)
            defer_to_after(f, s["after_this"])
            return
        raise EngineGap(f"step {sorted(s)}", f.name)


__all__ = ["Abort", "Frame", "Interpreter", "Seats"]

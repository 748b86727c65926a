"""General cards and kingdoms: the words about whose generals are face up, who is of which
kingdom, and what lies on a general card.

Kingdom words read the mode's rules: in Guozhan a character's kingdom is its faction (known
only once a general is revealed; a careerist is a kingdom of one), elsewhere it is the
general's kingdom, always known. Words that only make sense with hidden generals
(``hide_general``, ``view_one_general`` …) raise an ``EngineGap`` in a mode without them;
the selectors about hidden generals read every general as face up there.

Registered here: selectors (``FILTER_WORDS``, ``post_filter``), quantities
(``QUANTITY_WORDS``), the ``change_suit`` reading of a card's suit, and the actions
``reveal_general``, ``hide_general``, ``view_one_general``, ``remove_general_skills``,
``restore_general``, ``put_on_general``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sgs_tools.engine.errors import EngineGap
from sgs_tools.engine.kingdoms import (
    guozhan,
    kingdom_of,
    kingdom_sizes,
    revealed_slots,
    same_kingdom,
)
from sgs_tools.engine.prim_counts import name_pile
from sgs_tools.engine.primitives import card_list, one_seat, pick_cards, primitive, seats
from sgs_tools.engine.state import EQUIPMENT, GENERAL_PILE, HAND, JUDGEMENT, PROCESSING

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame
    from sgs_tools.engine.modes.guozhan import GuozhanRules
    from sgs_tools.engine.state import CardInst, Player

SLOTS = ("main", "deputy")
SLOT_WORDS = {"main": 0, "head": 0, "deputy": 1}


def need_guozhan(g: Game, word: str, f: Frame) -> GuozhanRules:
    rules = guozhan(g)
    if rules is None:
        raise EngineGap(f"action {word} (mode {g.mode.id!r} has no hidden generals)", f.name)
    return rules


# -- selectors ----------------------------------------------------------------------------

Filter = Callable[["Game", "Player", int, "Frame"], bool]


def _target_kingdom(g: Game, p: Player, me: int, f: Frame) -> bool:
    target = g.interp.var("target", f)
    if not isinstance(target, tuple) or not target:
        return False
    return p.seat == target[0] or same_kingdom(g, p.seat, target[0])


def _other_kingdom(g: Game, p: Player, me: int, f: Frame) -> bool:
    theirs = kingdom_of(g, p.seat)
    return theirs is not None and theirs != kingdom_of(g, me)


def _more_hp(g: Game, p: Player, me: int) -> bool:
    return p.hp > g.table.players[me].hp


def _pile_count(g: Game, f: Frame) -> int:
    return len(g.table.players[f.owner].pile)


def _dying(g: Game, p: Player, me: int, f: Frame) -> bool:
    return not p.marks.get("dying")


FILTER_WORDS: dict[str, Filter] = {
    "same_kingdom": lambda g, p, me, f: same_kingdom(g, p.seat, me),
    "other_kingdom": _other_kingdom,
    "target_kingdom": _target_kingdom,
    "revealed": lambda g, p, me, f: revealed_slots(g, p.seat)[0] > 0,
    "unrevealed": lambda g, p, me, f: revealed_slots(g, p.seat)[0] == 0,
    "partly_hidden": lambda g, p, me, f: (lambda r: r[0] < r[1])(revealed_slots(g, p.seat)),
    "fully_revealed": lambda g, p, me, f: (lambda r: r[0] == r[1])(revealed_slots(g, p.seat)),
    "careerist": lambda g, p, me, f: (guozhan(g) is not None
                                      and (kingdom_of(g, p.seat) or "").startswith("careerist")),
    "not_dying": _dying,
    "more_hp": lambda g, p, me, f: _more_hp(g, p, me),
}
"""Selector filters of one character (``filter_ok`` consults this table)."""


def post_filter(g: Game, word: str, pool: list[Player], f: Frame) -> set[int]:
    """The best of an already selected pool (ties all kept): ``nearest`` to the character
    performing the step, ``fewest_hand_cards``."""
    if not pool:
        return set()
    if word == "nearest":
        me = f.actor
        dist = {p.seat: g.distance(me, p.seat) for p in pool if p.seat != me}
        if not dist:
            return set()
        best = min(dist.values())
        return {s for s, d in dist.items() if d == best}
    if word == "fewest_hand_cards":
        best = min(len(p.hand) for p in pool)
        return {p.seat for p in pool if len(p.hand) == best}
    raise EngineGap(f"selector {word}", f.name)


# -- quantities ---------------------------------------------------------------------------

def _pindian(g: Game, f: Frame, index: int) -> int:
    found = f.vars.get("__pindian")
    return int(found[index]) if isinstance(found, tuple) else 0


def _tally(g: Game, f: Frame) -> int:
    key = f"tally:{f.name}"
    return sum(n for (_period, seat, k), n in g.counters.items()
               if seat == f.owner and k == key)


def _kingdom_count(g: Game, f: Frame) -> int:
    mine = kingdom_of(g, f.owner)
    return kingdom_sizes(g).get(mine, 0) if mine is not None else 0


def _min_kingdom_count(g: Game, f: Frame) -> int:
    sizes = kingdom_sizes(g)
    return min(sizes.values()) if sizes else 0


def _pile_repeats(g: Game, f: Frame) -> int:
    ranks = [g.table.card(u).rank for u in g.table.players[f.owner].pile]
    return sum(1 for r in ranks if ranks.count(r) > 1)


QUANTITY_WORDS: dict[str, Callable[[Game, Frame], int]] = {
    "pindian_number": lambda g, f: _pindian(g, f, 0),
    "rival_pindian_number": lambda g, f: _pindian(g, f, 1),
    "tally": _tally,
    "kingdom_count": _kingdom_count,
    "min_kingdom_count": _min_kingdom_count,
    "kingdoms_alive": lambda g, f: len(kingdom_sizes(g)),
    "general_pile_count": _pile_count,
    "general_pile_repeats": _pile_repeats,
}
"""Quantities beyond a character's own numbers (``Interpreter.quantity`` consults this)."""


# -- a card's suit as its holder's rules read it (change_suit) ----------------------------

def holder_of(g: Game, card: CardInst) -> int | None:
    """Whose card this is for rules about "your cards": its zone's owner, or the user of
    the card being used, or the character being judged."""
    t = g.table
    uid = card.uid
    if uid < 0:
        parts = card.parts
        if not parts:
            return g.use_stack[-1].user if g.use_stack else None
        uid = parts[0]
    zone, seat = t.where.get(uid, ("", -1))
    if zone in (HAND, EQUIPMENT, JUDGEMENT, GENERAL_PILE):
        return seat
    if zone == PROCESSING:
        for use in reversed(g.use_stack):
            if uid == use.card or uid in t.physical([use.card]):
                return use.user
        judged = g.word_state.get("judging")
        if isinstance(judged, dict) and uid in judged:
            return int(judged[uid])
    return None


def changed_suit(g: Game, card: CardInst) -> str | None:
    suit = card.suit
    seat = holder_of(g, card)
    if seat is None or not g.table.players[seat].alive:
        return suit
    for a in g.statics.active(seat, "change_suit"):
        if a.args.get("from") == suit and isinstance(a.args.get("into"), str):
            return str(a.args["into"])
    return suit


# -- actions ------------------------------------------------------------------------------

def settle_dying(g: Game) -> None:
    from sgs_tools.engine.table.health import settle_dying as settle

    settle(g)


def _slot(g: Game, rules: GuozhanRules, seat: int, raw: Any, f: Frame) -> int | None:
    if raw == "this_general":
        return rules.general_slot_of(seat, f.name)
    if isinstance(raw, str):
        return SLOT_WORDS.get(raw)
    return None


def hidden_to_reveal(g: Game, seat: int, raw_slot: Any, f: Frame) -> list[int]:
    """The hidden generals a ``reveal_general`` step may turn face up."""
    rules = guozhan(g)
    if rules is None or not rules.can_reveal(seat):
        return []
    slot = _slot(g, rules, seat, raw_slot, f)
    hidden = rules.slots[seat].hidden()
    return [s for s in hidden if slot is None or s == slot]


@primitive("reveal_general")
def p_reveal_general(g: Game, a: dict[str, Any], f: Frame) -> None:
    rules = need_guozhan(g, "reveal_general", f)
    for seat in seats(g, a.get("who"), f):
        options = hidden_to_reveal(g, seat, a.get("slot"), f)
        if not options:
            continue  # face up already (using the skill revealed it) or not allowed
        slot = options[0]
        if len(options) > 1:
            labels = [rules.slots[seat].generals[s] for s in options]
            slot = options[g.ask(seat, "choose", labels, 1, 1, "reveal a general")[0]]
        rules.reveal(seat, slot, why=f.name)


@primitive("hide_general")
def p_hide_general(g: Game, a: dict[str, Any], f: Frame) -> None:
    """The acting character (the skill's user) chooses which face-up general of the
    target is turned face down, unless the step names the slot."""
    rules = need_guozhan(g, "hide_general", f)
    for seat in seats(g, a.get("who"), f):
        slot = _slot(g, rules, seat, a.get("slot"), f)
        if rules.hide(seat, slot, chooser=f.actor):
            settle_dying(g)


@primitive("view_one_general")
def p_view_one_general(g: Game, a: dict[str, Any], f: Frame) -> str | None:
    rules = need_guozhan(g, "view_one_general", f)
    seat = one_seat(g, a.get("who"), f)
    if seat is None:
        return None
    hidden = rules.slots[seat].hidden()
    if not hidden:
        return None
    slot = hidden[0]
    if len(hidden) > 1:
        slot = hidden[g.ask(f.actor, "choose", [SLOTS[s] for s in hidden], 1, 1,
                            f"look at a hidden general of seat {seat}")[0]]
    g.log_event("view_general", seat=f.actor, of=seat, slot=SLOTS[slot])
    return rules.slots[seat].generals[slot]


@primitive("remove_general_skills")
def p_remove_general_skills(g: Game, a: dict[str, Any], f: Frame) -> None:
    """A character loses every skill of one general card for the rest of the game; the
    actor chooses which (main or deputy) unless the step names it."""
    rules = guozhan(g)
    for seat in seats(g, a.get("from"), f):
        p = g.table.players[seat]
        if rules is None:
            gone = [s for s in g.lib.skill_ids(g.lib.general(p.general))
                    if s in p.skills] if p.general else list(p.skills)
            label = p.general or "general"
        else:
            slot = _slot(g, rules, seat, a.get("slot"), f)
            if slot is None:
                slot = g.ask(f.actor, "choose", list(SLOTS), 1, 1,
                             f"remove the skills of a general of seat {seat}")[0]
            gone = [s for s, i in rules.skill_slot[seat].items() if i == slot]
            label = SLOTS[slot]
        p.skills = [s for s in p.skills if s not in gone]
        g.changes += 1
        g.refresh_skills()
        g.log_event("lose_skills", seat=seat, general=label, skills=gone)
        settle_dying(g)


@primitive("restore_general")
def p_restore_general(g: Game, a: dict[str, Any], f: Frame) -> None:
    """The general card back to normal: face up if turned over, out of chains."""
    for seat in seats(g, a.get("who"), f):
        p = g.table.players[seat]
        if p.turned_over:
            g.turn_over(seat, f)
        if p.marks.get("chained"):
            p.marks["chained"] = False
            g.log_event("chain", seat=seat, chained=False)


@primitive("put_on_general")
def p_put_on_general(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """Cards a step named, or the actor's own cards of the given kind (``1 hand card``),
    go face up on the actor's general card; ``pile`` names the pile they join (权)."""
    listed = card_list(g, a.get("cards"), f)
    if listed is None:
        listed = pick_cards(g, a.get("cards"), f, f.actor, f.actor, "put on the general card")
    free = [u for u in g.table.physical(listed) if u in g.table.where]
    g.move(free, GENERAL_PILE, f.actor, "put_on_general", f)
    name_pile(g.table.players[f.actor], free, a.get("pile"))
    return free


@primitive("remove_general")
def p_remove_general(g: Game, a: dict[str, Any], f: Frame) -> None:
    """移除: a character's general of the given slot leaves play — its skills are lost for
    the rest of the game (the faction stays; health is not recounted)."""
    rules = need_guozhan(g, "remove_general", f)
    for seat in seats(g, a.get("who"), f):
        slot = _slot(g, rules, seat, a.get("slot"), f)
        if slot is None:
            slot = g.ask(f.actor, "choose", list(SLOTS), 1, 1,
                         f"remove a general of seat {seat}")[0]
        p = g.table.players[seat]
        gone = [s for s, i in rules.skill_slot[seat].items() if i == slot]
        p.skills = [s for s in p.skills if s not in gone]
        g.changes += 1
        g.refresh_skills()
        g.log_event("lose_skills", seat=seat, general=SLOTS[slot], skills=gone)
        settle_dying(g)


@primitive("view_generals")
def p_view_generals(g: Game, a: dict[str, Any], f: Frame) -> list[str]:
    """Look at every hidden general of a character (logged; returns their ids)."""
    rules = need_guozhan(g, "view_generals", f)
    seat = one_seat(g, a.get("who"), f)
    if seat is None:
        return []
    out = []
    for slot in rules.slots[seat].hidden():
        g.log_event("view_general", seat=f.actor, of=seat, slot=SLOTS[slot])
        out.append(rules.slots[seat].generals[slot])
    return out

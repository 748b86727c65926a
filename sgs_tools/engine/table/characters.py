"""Characters: distance, attack range, skipped phases, turning over, gained skills."""


from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_tools.engine.interp import Frame
from sgs_tools.engine.modifiers import delta, fixed_distance
from sgs_tools.engine.primitives import borrowed_weapon

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game


DISTANCE_WORDS = frozenset({"fixed_distance", "fixed_distance_from", "distance"})
"""The modifier words ``distance`` reads."""


def distance(g: Game, a: int, b: int) -> int:
    if a == b:
        return 0
    pair = (a, b)  # (made once: the memos below are keyed by it)
    memo = g.range_memo
    if memo is not None:  # (while play options are listed: only the first ask computes)
        found = memo.get(pair)
        if found is not None:
            return found
    if g._statics_dirty:
        g.statics.refresh()
    st = g.statics
    # (one test for the usual table, where no seat has a modifier of distance)
    special = st.temporary or not DISTANCE_WORDS.isdisjoint(st.words)
    if special and (st.temporary or "fixed_distance" in st.words
                    or "fixed_distance_from" in st.words):
        fixed = fixed_distance(g, a, b)
        if fixed is not None:
            return fixed
    d = g.ring_memo.get(pair)
    if d is None:  # seats between a and b, the shorter way round, counting the living
        # (a pair kept in the ring memo was checked when it was counted)
        players = g.table.players
        n = len(players)
        if not (0 <= a < n and 0 <= b < n):
            raise ValueError(f"no seat {a if not 0 <= a < n else b} at a {n}-seat table")
        # (one way round passes the living seats strictly between the two, the other
        # those outside them, and each then reaches b: counted with one list of who
        # lives, rather than walked seat by seat both ways)
        alive = [p.alive for p in players]
        lo, hi = (a, b) if a < b else (b, a)
        inside = alive[lo + 1:hi].count(True)
        outside = alive.count(True) - inside - alive[lo] - alive[hi]
        # (the same both ways round: kept for (b, a) too)
        d = g.ring_memo[pair] = g.ring_memo[(b, a)] = 1 + min(inside, outside)
    if special and (st.temporary or "distance" in st.words):  # else none has one
        # (``active`` asked only of a seat that may have one, as ``Statics.everywhere``
        # asks: with the statics fresh and nothing temporary, a seat without the word
        # has none in force)
        maybe = g._statics_dirty or bool(st.temporary)
        by_word = st.by_word
        for a_mod in st.active(a, "distance") if maybe or "distance" in by_word[a] else ():
            to, frm = a_mod.args.get("to"), a_mod.args.get("from")
            if frm is not None and to is None:
                continue
            if to is None or g.interp.names_seat(to, b, a_mod.frame):
                d += delta(g, a_mod) or 0
        for b_mod in st.active(b, "distance") if maybe or "distance" in by_word[b] else ():
            frm = b_mod.args.get("from")
            if frm is not None and g.interp.names_seat(frm, a, b_mod.frame):
                d += delta(g, b_mod) or 0
    least = (g._rules_numbers or g.rules_numbers())[0]
    if d < least:
        d = least
    if memo is not None:
        memo[pair] = d
    return d


RANGE_WORDS = frozenset({"attack_range", "attack_range_for"})


def attack_range(g: Game, seat: int) -> int:
    memo = g.range_memo
    if memo is not None and (seat, -1) in memo:
        return memo[(seat, -1)]
    t = g.table
    p = t.players[seat]
    base = (g._rules_numbers or g.rules_numbers())[1]
    # (nothing borrowed while no word keeps anything: ``borrowed_weapon``'s first test)
    weapon = borrowed_weapon(g, seat) if g.word_state.kept else None
    if weapon is None:
        weapon = p.equipment.get("weapon")
    if weapon is not None:
        r = t.cards[weapon].range
        if r is not None:
            base = r
    st = g.statics
    if g._statics_dirty or st.temporary or not st.words.isdisjoint(RANGE_WORDS):
        for a in st.active(seat, "attack_range"):
            base += delta(g, a) or 0
        for _holder, a in st.everywhere("attack_range_for"):
            if g.interp.names_seat(a.args.get("who"), seat, a.frame):
                base += delta(g, a) or 0
    if memo is not None:
        memo[(seat, -1)] = base
    return base


def in_range(g: Game, a: int, b: int, f: Frame | None = None) -> bool:
    return a != b and g.distance(a, b) <= g.attack_range(a)


def skip_phase(g: Game, seat: int, phase: str) -> None:
    g.changes += 1
    g.skipped.setdefault(seat, set()).add(phase)
    g.log_event("will_skip", seat=seat, phase=phase)


def turn_over(g: Game, seat: int, f: Frame | None) -> None:
    p = g.table.players[seat]
    p.turned_over = not p.turned_over
    g.log_event("turn_over", seat=seat, turned_over=p.turned_over)
    g.emit("turned_over", "after", seat, {})


def gain_skill(g: Game, seat: int, skill: str) -> None:
    p = g.table.players[seat]
    if skill not in p.skills:
        p.skills.append(skill)
        g.refresh_skills()
        g.log_event("gain_skill", seat=seat, skill=skill)

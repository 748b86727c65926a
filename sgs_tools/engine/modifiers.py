"""Static modifiers → their effect on the rules' numbers and permissions.

A modifier word (``distance -1 to others``, ``uses unlimited of slash``) is active while
its source is: a skill of a living character, an equipped card (or one a skill counts as
equipped, or a borrowed weapon), or a duration (``until end of turn:``). The rules ask
``Statics.active(seat, word)`` at the point where the word matters; ``MODIFIERS`` lists
every word and where that is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame
    from sgs_tools.engine.library import Hook

MODIFIERS: dict[str, str] = {
    "distance": "distance between two characters",
    "attack_range": "the holder's attack range",
    "attack_range_for": "another character's attack range",
    "hand_limit": "the holder's hand limit in the discard phase",
    "hand_limit_for": "another character's hand limit",
    "draw_count": "cards drawn in the draw phase",
    "uses": "uses of a card per play phase",
    "extra_targets": "extra targets when a card's targets are declared",
    "no_distance_limit": "distance filters dropped when a card's targets are declared",
    "untargetable": "characters that may be declared as targets",
    "immune": "characters that may be declared as targets and on whom a card takes effect",
    "damage": "damage dealt with a card",
    "next_damage": "damage of the next card of a kind",
    "responses_needed": "responses asked for to cancel a card",
    "response_cost": "extra discard a response must pay",
    "count_as": "equipment the holder is treated as having",
    "skip_discard_limit": "no hand limit in the discard phase",
    "equip_limit": "how many equipment cards of a kind fit in the equipment area",
    "taunt": "whom others may target with a card",
    "disguise": "face-down cards declared as another card",
    "ignore_armour": "armour of the targets of a card",
    "no_reveal": "characters who may not reveal a hidden general (Guozhan)",
    "forbid_use": "cards the given characters may not use (forbidden)",
    "forbid_play": "cards the given characters may not play in response (forbidden)",
    "extra_targets_among": "extra targets of a card, chosen among given characters",
    "fixed_distance": "the holder's distance to given characters, fixed",
    "fixed_distance_from": "given characters' distance to the holder, fixed",
    "use_distance": "a card's distance limit replaced by a given distance",
    "change_suit": "the suit the holder's cards are read as",
    "use_as": "cards the holder may use as another card (a granted conversion)",
    "no_dying": "the holder does not enter the dying state at 0 HP or less",
}


@dataclass(slots=True)
class Active:
    """One modifier in force: its word, arguments, and the frame to evaluate them in."""

    word: str
    args: dict[str, Any]
    frame: Frame
    hook: Hook | None


InForce = tuple["Hook", "Frame", Active, Any]
"""A seat's static modifier of one word (``Statics.by_word``): its hook, the frame to
read it in, the ``Active`` that ``Statics.active`` answers with while it holds (read
only), and the phase it holds in, if its hook names one."""


@dataclass(slots=True)
class Temporary:
    seat: int
    word: str
    args: dict[str, Any]
    frame: Frame
    edge: str
    period: str


class Statics:
    """The modifiers in force at a table, refreshed when skills or equipment change."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.by_word: list[dict[str, list[InForce]]] = []
        self.temporary: list[Temporary] = []
        self.words: set[str] = set()
        self.keys: list[tuple[str, ...] | None] = []
        """Per seat, the sources whose statics were in force at the last refresh: a seat
        whose sources are the same keeps its entries (a refresh is asked for the whole
        table whenever any skill or equipment changes, and most seats' are unchanged)."""
        self.seat_words: list[frozenset[str]] = []
        self.inputs: list[tuple[list[str], dict[str, int], int | None] | None] = []
        """Per seat, what its sources were made of at the last refresh (its skills, its
        equipment, a borrowed weapon), copied: the sources are read again when it changes."""
        self.held: list[tuple[str, ...]] = []
        """Per seat, its sources that have statics, as of ``inputs``."""
        self.made: list[dict[str, list[tuple[str, InForce]]]] = []
        """Per seat, source → its statics as ``by_word`` lists them (word, entry), made
        the first time the seat has the source in force and kept (a weapon or horse comes
        and goes; the others the seat holds keep theirs: only the new one is read)."""
        from sgs_tools.engine.interp import Frame  # (here: interp's modules import this one)

        self.frame_type = Frame
        """The interpreter's Frame, that each static is read in (imported once a game,
        not at every refresh)."""
        self.applies_always: bool | None = None
        """Whether every static of a living character's sources applies (the mode's
        rules do not override ``static_applies``), found at the first refresh."""

    def refresh(self) -> None:
        g = self.game
        statics = g.lib.statics
        applies = g.rules.static_applies
        every = self.applies_always
        if every is None:  # (whether the mode's rules hold some statics back, asked once)
            from sgs_tools.engine.modes.base import Rules

            every = self.applies_always = \
                type(g.rules).static_applies is Rules.static_applies
        borrowing = bool(g.word_state.kept)  # (else nobody has borrowed a weapon)
        if borrowing:
            from sgs_tools.engine.primitives import borrowed_weapon
        players = g.table.players
        keys = self.keys
        if len(keys) != len(players):
            keys[:] = [None] * len(players)
            self.by_word = [{} for _ in players]
            self.made = [{} for _ in players]
            self.seat_words = [frozenset() for _ in players]
            self.inputs = [None] * len(players)
            self.held = [() for _ in players]
            only = None
        else:
            # (only the seats the equipment move or borrowed weapon that made the
            # statics dirty changed: ``Game.seats_changed``; None: every seat)
            only = g.statics_seats
        g.statics_seats = None
        inputs = self.inputs
        held = self.held
        skillsets = g.skillsets
        seat_words = self.seat_words
        made = self.made
        words: set[str] = set()
        for i, p in enumerate(players):
            seat = p.seat
            if only is not None and seat not in only:
                words |= seat_words[i]
                continue
            if p.alive:
                # What a seat's sources are made of (``events.sources_of``): its skills,
                # its equipment, a weapon it borrowed (``count_as`` reads the first two).
                # The sources that have statics are looked for again only when one of
                # those changed: most refreshes follow a change at another seat.
                made_of = (skillsets[seat], p.equipment,
                           borrowed_weapon(g, seat) if borrowing else None)
                if made_of != inputs[i]:
                    inputs[i] = (list(made_of[0]), dict(made_of[1]), made_of[2])
                    held[i] = tuple([s for s in g.sources_of(seat) if s in statics])
                found = held[i]
                key = found if every or not found else tuple(
                    [s for s in found if applies(seat, s)])
            else:
                key = ()
            if key != keys[i]:
                keys[i] = key
                mine = made[i]
                by_word: dict[str, list[InForce]] = {}
                for source in key:
                    kept = mine.get(source)
                    if kept is None:
                        kept = mine[source] = self.make(seat, source)
                    for word, entry in kept:
                        by_word.setdefault(word, []).append(entry)
                self.by_word[i] = by_word
                seat_words[i] = frozenset(by_word)
            words |= seat_words[i]
        self.words = words
        g._statics_dirty = False  # (the property's setter clears caches only when set)

    def make(self, seat: int, source: str) -> list[tuple[str, InForce]]:
        """A source's statics at a seat, in order, each with its word (``made``): one
        frame for each hook, read by its modifiers (never changed as they are read)."""
        out: list[tuple[str, InForce]] = []
        for hook in self.game.lib.statics[source]:
            frame = self.frame_type(seat, seat, hook)
            phase = hook.filter.get("phase")
            for mod in hook.modifiers:
                word = str(mod["modifier"])
                out.append((word, (hook, frame, Active(word, mod.get("args") or {}, frame,
                                                       hook), phase)))
        return out

    def active(self, seat: int, word: str) -> list[Active]:
        if self.game._statics_dirty:  # the attribute behind the property: the hot path
            self.refresh()
        entries = self.by_word[seat].get(word)
        if not entries and not self.temporary:
            return []  # the common case, asked many times per step: nothing in force
        g = self.game
        out: list[Active] = []
        for hook, frame, found, phase in entries or ():
            if phase and (g.table.phase != phase or g.table.current != seat):
                continue
            if hook.condition is not None and not g.interp.cond(hook.condition, frame):
                continue
            out.append(found)
        if self.temporary:
            for t in self.temporary:
                if t.seat == seat and t.word == word:
                    out.append(Active(word, t.args, t.frame, None))
        return out

    def any_active(self, word: str) -> bool:
        """Whether any modifier with this word might be in force anywhere."""
        if self.game._statics_dirty:
            self.refresh()
        if word in self.words:
            return True
        temporary = self.temporary
        if temporary:
            for t in temporary:  # (a plain loop: asked many times per step)
                if t.word == word:
                    return True
        return False

    def everywhere(self, word: str) -> list[tuple[int, Active]]:
        if self.game._statics_dirty:
            self.refresh()
        out: list[tuple[int, Active]] = []
        if word not in self.words and not (
                self.temporary and any(t.word == word for t in self.temporary)):
            return out
        temporary = self.temporary
        by_word = self.by_word
        for p in self.game.table.players:
            # (``active`` asked only of a seat that may have one: it has none else)
            if p.alive and (temporary or word in by_word[p.seat]):
                seat = p.seat
                out.extend([(seat, a) for a in self.active(seat, word)])
        return out

    def add_temporary(self, f: Frame, mods: list[dict[str, Any]], until: dict[str, Any]
                      ) -> None:
        for mod in mods:
            self.temporary.append(Temporary(f.owner, str(mod["modifier"]),
                                            mod.get("args") or {}, f, until.get("edge", "end"),
                                            until.get("period", "turn")))

    def expire(self, edge: str, period: str) -> None:
        if self.temporary:
            self.temporary = [t for t in self.temporary
                              if not (t.edge == edge and t.period == period)]

    def drop(self, seat: int, word: str) -> None:
        self.temporary = [t for t in self.temporary if not (t.seat == seat and t.word == word)]

    def drop_seat(self, seat: int) -> None:
        """Every temporary modifier of a character (who has died)."""
        if self.temporary:
            self.temporary = [t for t in self.temporary if t.seat != seat]


def delta(g: Game, a: Active) -> int | None:
    """A modifier's signed amount; None means unlimited."""
    raw = a.args.get("delta")
    if raw == "unlimited":
        return None
    return g.interp.num(raw, a.frame)


def card_filter_ok(g: Game, a: Active, key: str, uid: int | None) -> bool:
    """Whether a modifier's card argument covers the given card (no argument: any card)."""
    spec_raw = a.args.get(key)
    if spec_raw is None:
        return True
    if uid is None:
        return False
    card = g.table.card(uid)
    if isinstance(spec_raw, str):
        from sgs_tools.engine.interp import card_is_named

        return card_is_named(card, (spec_raw,))
    spec = g.interp.spec_of(spec_raw)
    if spec is None:
        return True
    return g.interp.card_matches(card, spec)


def forbidden(g: Game, seat: int, uid: int, word: str = "forbid_use") -> bool:
    """A ``forbid_use`` modifier in force forbids ``seat`` to use this card (``word``
    ``forbid_play``: to play it, 打出, in response)."""
    st = g.statics
    if not ((g._statics_dirty or st.temporary or word in st.words) and st.any_active(word)):
        return False  # (``any_active``, its answer read first when it is plain)
    for holder, a in st.everywhere(word):
        who = a.args.get("who")
        affected = (holder,) if who is None else g.interp.players_of(who, a.frame)
        if seat in affected and card_filter_ok(g, a, "card", uid):
            return True
    return False


def no_dying(g: Game, seat: int) -> bool:
    """A ``no_dying`` modifier keeps this character out of the dying state."""
    st = g.statics
    return bool((g._statics_dirty or st.temporary or "no_dying" in st.words)
                and st.any_active("no_dying") and st.active(seat, "no_dying"))


def fixed_distance(g: Game, a: int, b: int) -> int | None:
    """The distance a ``fixed_distance`` modifier of ``a`` sets to ``b``, or a
    ``fixed_distance_from`` modifier of ``b`` sets from ``a``, if any."""
    if g.statics.any_active("fixed_distance_from"):
        for mod in g.statics.active(b, "fixed_distance_from"):
            frm = mod.args.get("from")
            if frm is None or a in g.interp.players_of(frm, mod.frame):
                return g.interp.num(mod.args.get("n", 1), mod.frame)
    if not g.statics.any_active("fixed_distance"):
        return None
    for mod in g.statics.active(a, "fixed_distance"):
        to = mod.args.get("to")
        if to is None or b in g.interp.players_of(to, mod.frame):
            return g.interp.num(mod.args.get("n", 1), mod.frame)
    return None


def use_distance(g: Game, seat: int, uid: int) -> int | None:
    """The distance within which ``seat`` may use this card (``use_distance``)."""
    st = g.statics
    if not ((g._statics_dirty or st.temporary or "use_distance" in st.words)
            and st.any_active("use_distance")):
        return None
    found = [g.interp.num(a.args.get("n", 1), a.frame)
             for a in g.statics.active(seat, "use_distance") if card_filter_ok(g, a, "card", uid)]
    return max(found) if found else None

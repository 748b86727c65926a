"""Guozhan (国战) rules: two hidden generals per character, factions found by revealing
them, yin-yang health, companions, careerists, rewards by faction and victory of the last
faction standing — as ``modes/guozhan.yaml`` states them.

A character's two generals (main and deputy) start face down. A hidden general gives no
gender, no kingdom and no skill in force: its skills are *latent*. When a latent skill's
owner wants it to take effect the general is revealed first (the engine asks; an agent may
decline, and then the skill does nothing); a latent locked skill does not apply at all.
At the start of their turn a character may reveal hidden generals. The first reveal fixes
the character's faction: the general's kingdom, unless that kingdom has already reached the
mode's careerist threshold (``careerist.table``: the N-th character of one kingdom to
reveal, dead ones included, becomes a careerist, and so does every later one): a careerist
is a faction of one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Any, cast

from sgs_tools.engine.errors import InvariantBroken, SetupError
from sgs_tools.engine.modes.base import Rules, kept_for_mode, kept_skills, register
from sgs_tools.engine.shared import Shared
from sgs_tools.engine.state import Player

if TYPE_CHECKING:
    from sgs_tools.data.model import General
    from sgs_tools.engine.agents import Decision
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.library import Hook

CAREERIST = "careerist"
SLOT_NAMES = ("main", "deputy")
SLOT_TAGS = ("head", "deputy")
"""The skill tag that keeps a skill to one slot: 主将技 (head) works only on the main
general, 副将技 (deputy) only on the deputy."""


def slot_allows(skill: Any, slot: int) -> bool:
    """Whether a skill of the general in ``slot`` (0 main, 1 deputy) is in force there."""
    tags = getattr(skill, "tags", ())
    other = SLOT_TAGS[1 - slot]
    return other not in tags


@dataclass
class Slots:
    """A character's two generals and which of them are face up."""

    generals: list[str]
    revealed: list[bool]
    both_seen: bool = False  # both were face up at once (the one-time rewards are given)
    faction: str | None = None  # a kingdom, or CAREERIST; fixed by the first reveal

    def hidden(self) -> list[int]:
        return [i for i, up in enumerate(self.revealed) if not up]


FOCUS_SLOTS = ("main", "deputy")

WORD = r"[a-z0-9_]+"
"""A word of a prompt or label, as a general's id would stand in it."""

NAMED_KEPT = 1 << 16
"""At most this many texts' named generals are kept (``named_generals``)."""


def named_generals(g: Game) -> tuple[dict[str, frozenset[str]], dict[str, Any]]:
    """Text → the library's generals that it names as a word, kept by the library for
    every game (a text's words never change), with the library's generals."""
    kept = g.lib.compiled.setdefault("guozhan_named", Shared())
    generals = g.lib.catalog.generals
    found = kept.get("named")
    if found is None or found[1] is not generals:
        found = kept["named"] = ({}, generals)
    return cast("tuple[dict[str, frozenset[str]], dict[str, Any]]", found)


NOTHING: frozenset[str] = frozenset()


def words_naming(named: dict[str, frozenset[str]], generals: dict[str, Any] | None,
                 text: str) -> frozenset[str]:
    """The generals ``text`` names as a word (every word, without ``generals``), kept in
    ``named``."""
    words = [w for w in re.findall(WORD, text) if generals is None or w in generals]
    found = frozenset(words) if words else NOTHING
    if len(named) >= NAMED_KEPT:
        named.clear()
    named[text] = found
    return found


def focus_seat(seed: int, players: int) -> int:
    """The seat a focused general takes in a game of this seed (each seat in turn)."""
    return seed % players


@register("guozhan")
class GuozhanRules(Rules):
    """Factions instead of roles; see the module docstring."""

    def __init__(self, g: Game) -> None:
        super().__init__(g)
        self.slots: list[Slots] = []
        self.skill_slot: list[dict[str, int]] = []
        self.latent_skills: list[frozenset[str]] = []
        """Per seat, the skills of its face-down generals (``latent``): kept as generals
        are seated, revealed and hidden."""
        self.careerist_kingdoms: set[str] = set()
        self.members: dict[str, list[int]] = {}
        """Faction → the seats that have it, dead ones included, in seat order: kept as
        factions are fixed (a first reveal, a table set up by hand)."""
        self.shown: list[set[str]] = [set() for _ in range(g.setup.players)]
        """Hidden generals each seat has been shown privately (知己知彼)."""
        self.secrets_version = 0
        """Bumped whenever a general is turned face up or down or shown to a seat."""
        self.secrets: dict[int, tuple[int, frozenset[str]]] = {}
        """Seat → (``secrets_version``, the other seats' hidden generals it does not
        know): what ``check_decision`` looks for, listed again only after a change."""
        self.named: tuple[dict[str, frozenset[str]], dict[str, Any]] | None = None
        """``named_generals``, once looked up."""
        self.public_names: list[str | None] = []
        """Per seat, ``public_name`` (None until asked again after a general turns)."""
        raw = g.raw
        self.table: dict[int, int] = {
            int(k): int(v) for k, v in ((raw.get("careerist") or {}).get("table") or {}).items()}
        timings = (raw.get("reveal") or {}).get("timings") or []
        self.reveal_at_start = "start_phase" in timings
        """``reveal.timings``: hidden generals may be revealed at the start of the turn."""
        self.reveal_for_skill = "skill_use" in timings
        """``reveal.timings``: a hidden general is revealed when its owner uses one of its
        skills; without it the skills of a hidden general cannot be used at all."""

    # -- setting up ----------------------------------------------------------------------
    def deal(self) -> None:
        g = self.g
        n = g.setup.players
        players = g.raw.get("players") or {}
        if not int(players.get("min", 1)) <= n <= int(players.get("max", 99)):
            raise SetupError(f"mode {g.mode.id!r} plays {players.get('min')}-"
                             f"{players.get('max')} players, not {n}")
        for seat in range(n):
            g.add_player(Player(seat, role=None, gender=None))
        g.log_event("setup", mode=g.mode.id, players=n, seed=g.setup.seed,
                    first_game=False)
        g.table.current = 0  # ``setup.first_player: youngest``: seat 0 stands for them
        g.ensure_agents()
        # (no general is seated yet: none is hidden, so no decision is built to be
        # checked until one is — ``turned``)
        g.decisions_checked = False
        pairs = self.choose_pairs(n)
        for seat, (main, deputy) in enumerate(pairs):
            self.seat_generals(seat, main, deputy)
        self.shuffle_deck()
        g.refresh_skills()
        g.log_event("seats", seats=[{"seat": p.seat, "role": None, "general": p.general,
                                     "hp": p.hp} for p in g.table.players])
        self.deal_hands()

    def choose_pairs(self, n: int) -> list[tuple[str, str]]:
        """Each player is dealt the mode's number of generals and keeps two of one
        kingdom (main, deputy); ``--generals`` may fix them as ``main+deputy``."""
        g = self.g
        fixed = g.setup.generals
        pool = self.pool()
        if fixed:
            if len(fixed) < n:
                raise SetupError(f"--generals names {len(fixed)} pairs for {n} seats")
            out = []
            for entry in fixed[:n]:
                main, _, deputy = entry.partition("+")
                if not deputy:
                    raise SetupError(f"a Guozhan seat needs two generals: {entry!r} should "
                                     "read MAIN+DEPUTY")
                for x in (main, deputy):
                    if g.lib.general(x).halves is None:
                        raise SetupError(f"general {x!r} has no Guozhan health (halves)")
                out.append((main, deputy))
            if g.setup.focus:
                return self.focus_pairs(out, [[] for _ in out], [x.id for x in pool])
            return out
        sel = (g.raw.get("selection") or {}).get("everyone")
        if not isinstance(sel, dict) or "random" not in sel:
            raise SetupError(f"mode {g.mode.id!r} does not say how many generals each "
                             "player is dealt (selection: everyone: random: N)")
        if int(sel.get("keep", 2)) != 2:
            raise SetupError(f"mode {g.mode.id!r} keeps {sel.get('keep')} generals a "
                             "player (selection.everyone.keep), but the Guozhan rules seat "
                             "two: a main and a deputy general")
        by_players = sel.get("random_by_players") or {}
        per = int(by_players.get(n, by_players.get(str(n))) or sel["random"])
        per = min(per, len(pool) // n)
        same_kingdom = bool(sel.get("same_kingdom"))
        if per < 2:
            raise SetupError(f"mode {g.mode.id!r} has only {len(pool)} generals for {n} "
                             "seats (each needs at least two)")
        ids = [x.id for x in pool]
        by_id = {x.id: x for x in pool}
        g.rng.shuffle(ids)
        out = []
        for seat in range(n):
            offer = ids[seat * per:(seat + 1) * per]
            options = [(a, b) for a, b in permutations(offer, 2)
                       if not same_kingdom or by_id[a].kingdom == by_id[b].kingdom]
            if not options:  # more kingdoms than cards dealt: any two will do
                options = list(permutations(offer, 2))
            # (the labels are made only for an agent that reads them, or the log)
            def label(i: int, options: list[tuple[str, str]] = options) -> str:
                a, b = options[i]
                return f"{a}+{b} ({by_id[a].kingdom})"

            out.append(options[g.ask_n(seat, "general", len(options), label, 1, 1,
                                       "choose your main and deputy generals")[0]])
        if g.setup.focus:
            offers = [ids[seat * per:(seat + 1) * per] for seat in range(n)]
            return self.focus_pairs(out, offers, ids[n * per:])
        return out

    def pool(self) -> list[General]:
        """The mode's generals with Guozhan health (halves): read once per library and
        mode (the library's generals never change), for every game; callers only read
        it."""
        g = self.g
        return cast("list[General]", kept_for_mode(g, "guozhan_pool", lambda: [
            x for x in g.lib.pool(g.mode) if x.halves is not None]))

    def focus_pairs(self, pairs: list[tuple[str, str]], offers: list[list[str]],
                    spare: list[str]) -> list[tuple[str, str]]:
        """``focus`` (GENERAL, main|deputy; sgs balance): seat ``focus_seat`` plays GENERAL
        in that slot instead of its choice, beside a general of GENERAL's kingdom (the one
        it chose, if it chose one; else the first in its offer, else the first undealt);
        a seat that had chosen GENERAL takes the first of its partner's kingdom the same
        way. Every other seat keeps its choice, so the game and the same seed played
        without the focus differ in those seats only (paired games)."""
        g = self.g
        assert g.setup.focus is not None
        general, slot = g.setup.focus
        if slot not in FOCUS_SLOTS:
            raise SetupError(f"a Guozhan focus names the slot {' or '.join(FOCUS_SLOTS)}, "
                             f"not {slot!r}")
        kingdom = g.lib.general(general).kingdom
        if g.lib.general(general).halves is None:
            raise SetupError(f"general {general!r} has no Guozhan health (halves)")
        out = list(pairs)
        seat = focus_seat(g.setup.seed, len(out))
        used = {x for pair in out for x in pair} | {general}

        def partner(of: str, choice: tuple[str, ...], offer: list[str]) -> str:
            want = g.lib.general(of).kingdom
            for x in [*choice, *offer, *spare]:
                if x not in used and g.lib.general(x).kingdom == want:
                    used.add(x)
                    return x
            raise SetupError(f"no general of {want!r} is left to seat beside {of!r}")

        for other, pair in enumerate(out):
            if other != seat and general in pair:
                keep = pair[1] if pair[0] == general else pair[0]
                new = partner(keep, (), offers[other])
                out[other] = (new, keep) if pair[0] == general else (keep, new)
        mine = out[seat]
        used -= {x for x in mine if x != general and g.lib.general(x).kingdom == kingdom}
        beside = partner(general, tuple(x for x in mine if x != general), offers[seat])
        out[seat] = (general, beside) if slot == "main" else (beside, general)
        return out

    def seat_generals(self, seat: int, main: str, deputy: str) -> None:
        """Put two generals face down on a seat: health from both, skills latent."""
        g = self.g
        p = g.table.players[seat]
        a, b = g.lib.general(main), g.lib.general(deputy)
        while len(self.slots) <= seat:
            self.slots.append(Slots(["", ""], [False, False]))
            self.skill_slot.append({})
            self.latent_skills.append(frozenset())
        old = self.slots[seat].faction
        if old is not None:
            self.members[old].remove(seat)
        self.slots[seat] = Slots([main, deputy], [False, False])
        p.general = main
        p.kingdom = None
        p.gender = None
        p.role = None
        p.skills = []
        self.skill_slot[seat] = {}
        for i, general in enumerate((a, b)):
            for s in g.lib.skill_ids(general):
                if not slot_allows(g.lib.catalog.skills.get(s), i):
                    continue  # 主将技 on a deputy, 副将技 on a main general: not in force
                if s not in p.skills:
                    p.skills.append(s)
                    self.skill_slot[seat][s] = i
        p.max_hp = max(1, ((a.halves or 0) + (b.halves or 0)) // 2)
        p.hp = p.max_hp
        self.turned(seat)

    def turned(self, seat: int) -> None:
        """A general of this seat was seated or turned: its latent skills again."""
        up = self.slots[seat].revealed
        self.latent_skills[seat] = frozenset(
            s for s, slot in self.skill_slot[seat].items() if not up[slot])
        # Which of this seat's statics apply (``static_applies``) may have changed: its
        # modifiers are read again (those of the other seats, and every memo, stay).
        g = self.g
        if not g._statics_dirty:  # (the attribute, not the property: the memos stay)
            g._statics_dirty = True
            g.statics_seats = {seat}
        elif g.statics_seats is not None:
            g.statics_seats.add(seat)
        self.secrets_version += 1
        if seat < len(self.public_names):
            self.public_names[seat] = None
        # Once every general at the table is face up no decision can name a hidden one:
        # a random agent is then asked without a Decision built for ``check_decision``
        # (``decisions.ask_n``), as in a mode that checks none — about half of a game's
        # decisions come after the last reveal.
        self.g.decisions_checked = any(False in s.revealed for s in self.slots)

    def place(self, seat: int, main: str, deputy: str, revealed: list[bool],
              careerist: bool = False) -> None:
        """A table set up by hand (a scenario): the generals, which are face up (factions
        fixed in seat order, as if revealed one after another, with no rewards) and a
        forced careerist."""
        self.seat_generals(seat, main, deputy)
        s = self.slots[seat]
        p = self.g.table.players[seat]
        s.revealed = list(revealed)
        s.both_seen = all(revealed)
        self.turned(seat)
        if any(revealed):
            first = self.general_of(seat, revealed.index(True))
            self.set_faction(seat, CAREERIST if careerist else self.would_be(first.kingdom))
            if s.faction == CAREERIST:
                self.careerist_kingdoms.add(first.kingdom)
            p.role = s.faction
            p.role_revealed = True
            p.kingdom = first.kingdom
            p.gender = (self.general_of(seat, 0).gender if all(revealed)
                        else first.gender)

    def set_faction(self, seat: int, faction: str) -> None:
        """Fix a character's faction (once: a first reveal or a table set up by hand)."""
        self.slots[seat].faction = faction
        seats = self.members.setdefault(faction, [])
        seats.append(seat)
        seats.sort()

    def general_of(self, seat: int, slot: int) -> General:
        return self.g.lib.general(self.slots[seat].generals[slot])

    # -- revealing -----------------------------------------------------------------------
    def faction(self, seat: int) -> str | None:
        return self.slots[seat].faction if seat < len(self.slots) else None

    def same_faction(self, a: int, b: int) -> bool:
        """Both factions are known and equal (careerists are never of one faction)."""
        fa, fb = self.faction(a), self.faction(b)
        return (fa is not None and fa == fb and fa != CAREERIST) or (a == b and fa is not None)

    def faction_members(self, faction: str, alive_only: bool = True) -> list[int]:
        seats = self.members.get(faction)
        if not seats:
            return []
        if not alive_only:
            return list(seats)
        players = self.g.table.players
        return [s for s in seats if players[s].alive]

    def would_be(self, kingdom: str) -> str:
        """The faction a first reveal of this kingdom gives now."""
        if kingdom in self.careerist_kingdoms:
            return CAREERIST
        count = len(self.members.get(kingdom) or ()) + 1
        limit = self.table.get(len(self.g.table.players))
        return CAREERIST if limit is not None and count >= limit else kingdom

    def can_reveal(self, seat: int) -> bool:
        """No modifier in force forbids this character to reveal (祸水's ``no_reveal``)."""
        g = self.g
        for _holder, a in g.statics.everywhere("no_reveal"):
            if seat in g.interp.players_of(a.args.get("who"), a.frame):
                return False
        return True

    def reveal(self, seat: int, slot: int, why: str = "", rewards: bool = True) -> bool:
        """Turn a general face up; the first reveal fixes the faction, and the first time
        both are up the yin-yang and companion rewards are given."""
        g = self.g
        s = self.slots[seat]
        if s.revealed[slot]:
            return False
        p = g.table.players[seat]
        general = self.general_of(seat, slot)
        s.revealed[slot] = True
        self.turned(seat)
        g.changes += 1
        if s.faction is None:
            self.set_faction(seat, self.would_be(general.kingdom))
            if s.faction == CAREERIST:
                self.careerist_kingdoms.add(general.kingdom)
            p.role = s.faction
            p.role_revealed = True
            p.kingdom = general.kingdom
        p.gender = (self.general_of(seat, 0).gender if all(s.revealed)
                    else general.gender)
        g.log_event("reveal_general", seat=seat, general=general.id, slot=SLOT_NAMES[slot],
                    faction=s.faction, why=why or None)
        self.refresh_turned()
        if not p.alive:
            return True
        g.emit("revealed", "after", seat, {"slot": SLOT_NAMES[slot]})
        if rewards and all(s.revealed) and not s.both_seen and p.alive:
            s.both_seen = True
            self.both_revealed(seat)
        if p.alive and not g.over:
            self.check_victory()
        return True

    def both_revealed(self, seat: int) -> None:
        """The first time both generals are face up: companions (珠联璧合) and a lone
        yin-yang half."""
        g = self.g
        a, b = self.general_of(seat, 0), self.general_of(seat, 1)
        if b.id in a.companions or a.id in b.companions:
            rule = (g.raw.get("companions") or {}).get("choose_one") or []
            labels = [", ".join(f"{k} {v}" for k, v in opt.items()) for opt in rule]
            if labels:
                pick = rule[g.ask(seat, "choose", labels, 1, 1, "companions")[0]]
                g.log_event("companions", seat=seat, reward=labels[rule.index(pick)])
                if "draw" in pick:
                    g.draw(seat, int(pick["draw"]))
                if "recover" in pick:
                    g.recover(seat, int(pick["recover"]), seat, None)
        lone = ((g.raw.get("health") or {}).get("lone_half") or {})
        if (((a.halves or 0) + (b.halves or 0)) % 2 == 1 and lone.get("draw")
                and g.ask_yes_no(seat, "lone yin-yang half: draw", None)):
            g.log_event("lone_half", seat=seat)
            g.draw(seat, int(lone["draw"]))

    def hide(self, seat: int, slot: int | None = None, chooser: int | None = None) -> bool:
        """Turn a face-up general face down again (its skills become latent); the faction
        stays. ``chooser`` picks which one when ``slot`` is not given."""
        g = self.g
        s = self.slots[seat]
        up = [i for i, v in enumerate(s.revealed) if v]
        if slot is None:
            if not up:
                return False
            labels = [s.generals[i] for i in up]
            slot = up[g.ask(chooser if chooser is not None else seat, "choose", labels, 1, 1,
                            f"hide a general of seat {seat}")[0]]
        if not s.revealed[slot]:
            return False
        s.revealed[slot] = False
        self.turned(seat)
        g.changes += 1
        p = g.table.players[seat]
        others = [i for i, v in enumerate(s.revealed) if v]
        p.gender = self.general_of(seat, others[0]).gender if others else None
        g.log_event("hide_general", seat=seat, general=s.generals[slot], slot=SLOT_NAMES[slot])
        self.refresh_turned()
        return True

    def refresh_turned(self) -> None:
        """A general was turned: ``refresh_skills``, unless the skills at the table stay
        as they are (with the ``skill_use`` timing a hidden general's skills are in use)
        and nobody died since. Then only the turned seat's modifiers in force are read
        again, as ``turned`` marked them (a latent skill's apply only face up:
        ``static_applies``); what is kept of the seats' skills and equipment (their
        equipped names, sources, conversions) was read of neither and stays."""
        g = self.g
        if self.reveal_for_skill:
            kept = g.skillsets
            players = g.table.players
            if len(kept) == len(players) and all(
                    (kept[p.seat] == p.skills) if p.alive else not kept[p.seat]
                    for p in players) and g.ring_alive == tuple(p.alive for p in players):
                return  # (``turned`` marked the seat's modifiers to be read again)
        g.refresh_skills()

    # -- skills --------------------------------------------------------------------------
    def latent(self, seat: int, skill: str) -> bool:
        kept = self.latent_skills
        return seat < len(kept) and skill in kept[seat]

    def ready(self, seat: int, hook: Hook, asked: bool = False) -> bool:
        if not self.latent(seat, hook.source):
            return True
        if hook.locked or not self.reveal_for_skill or not self.can_reveal(seat):
            return False
        slot = self.skill_slot[seat][hook.source]
        if not asked and not self.g.ask_yes_no(
                seat, f"reveal {self.slots[seat].generals[slot]} for {hook.source}", None):
            return False
        return self.reveal(seat, slot, why=hook.source) or True

    def active_skills(self, p: Player) -> list[str]:
        """Without the ``skill_use`` reveal timing a hidden general's skills are out of
        use until it is revealed otherwise."""
        if self.reveal_for_skill:
            return kept_skills(self.g, p.seat, p.skills)
        latent = self.latent_skills[p.seat] if p.seat < len(self.latent_skills) else ()
        return kept_skills(self.g, p.seat, [s for s in p.skills if s not in latent])

    def used_skill(self, seat: int, skill: str) -> None:
        if self.latent(seat, skill):
            self.reveal(seat, self.skill_slot[seat][skill], why=skill)

    def static_applies(self, seat: int, skill: str) -> bool:
        kept = self.latent_skills  # (``latent``, inline: asked per seat and source at
        # every refresh of the modifiers in force)
        return not (seat < len(kept) and skill in kept[seat])

    def show_general(self, viewer: int, seat: int, slot: int) -> str:
        """``viewer`` looks at one of ``seat``'s generals: it knows it from now on."""
        general = self.slots[seat].generals[slot]
        while len(self.shown) <= viewer:
            self.shown.append(set())
        self.shown[viewer].add(general)
        self.secrets_version += 1
        return general

    def check_decision(self, d: Decision) -> None:
        """A decision never names another seat's hidden general, unless it was shown."""
        seat = d.seat
        # (asked at every decision while a general is face down: the names this seat may
        # not see are kept until a general is turned or shown)
        version = self.secrets_version
        kept = self.secrets.get(seat)
        if kept is not None and kept[0] == version:
            hidden = kept[1]
        else:
            known = self.shown[seat] if seat < len(self.shown) else set()
            hidden = frozenset(x for i, s in enumerate(self.slots)
                               if i != seat and False in s.revealed
                               for x, up in zip(s.generals, s.revealed, strict=True)
                               if not up and x not in known)
            self.secrets[seat] = (version, hidden)
        if not hidden:
            return
        # Each text is looked at alone (a word never runs from one into the next: the
        # prompt and the options are apart): the generals it names as words are read
        # once per library (``named_generals``), as prompts and labels recur all game.
        names = self.named
        if names is None:
            names = self.named = named_generals(self.g)
        named: dict[str, frozenset[str]] = names[0]
        generals: dict[str, Any] | None = names[1]
        if not hidden <= names[1].keys():  # (not a general of the library: every word)
            named, generals = {}, None
        for text in (d.prompt, *d.options):
            found = named.get(text)
            if found is None:
                found = words_naming(named, generals, text)
            if found and not hidden.isdisjoint(found):
                leaked = hidden & set(re.findall(WORD, text))
                raise InvariantBroken(f"seat {d.seat} was shown hidden general(s) "
                                      f"{', '.join(sorted(leaked))} in '{d.prompt}'")

    def general_slot_of(self, seat: int, skill: str) -> int | None:
        return self.skill_slot[seat].get(skill) if seat < len(self.skill_slot) else None

    # -- turns ---------------------------------------------------------------------------
    def turn_start(self, seat: int) -> None:
        """At the start of their turn a character may reveal hidden generals."""
        g = self.g
        if not self.reveal_at_start:
            return
        s = self.slots[seat]
        for slot in s.hidden():
            if g.over or not g.table.players[seat].alive or not self.can_reveal(seat):
                return
            if g.ask_yes_no(seat, f"reveal {s.generals[slot]} at the start of the turn",
                            None, benefit=0.0):
                self.reveal(seat, slot, why="turn start")

    # -- people --------------------------------------------------------------------------
    def own_kingdom(self, seat: int) -> str:
        """The faction a character counts on: known, else its main general's kingdom
        (it knows its own generals)."""
        return self.faction(seat) or self.general_of(seat, 0).kingdom

    def hostility(self, me: int, other: int) -> float:
        if me == other:
            return -10.0
        mine = self.own_kingdom(me)
        theirs = self.faction(other)
        if mine == CAREERIST or theirs == CAREERIST:
            return 1.0
        if theirs is None:
            return 0.3
        return -1.0 if theirs == mine else 1.0

    def view(self, seat: int) -> dict[str, Any]:
        out = super().view(seat)
        for p, row in zip(self.g.table.players, out["seats"], strict=True):
            s = self.slots[p.seat]
            row["general"] = None
            row["generals"] = [x if (up or p.seat == seat) else None
                               for x, up in zip(s.generals, s.revealed, strict=True)]
            row["faction"] = s.faction
            row["kingdom"] = p.kingdom
        return out

    def public_name(self, seat: int) -> str:
        """``seat 3 (gz_caocao+?)``: only face-up generals are named."""
        names = self.public_names
        if seat < len(names):
            found = names[seat]
            if found is not None:
                return found
        s = self.slots[seat] if seat < len(self.slots) else None
        if s is None:
            return f"seat {seat}"
        shown = [x if up else "?" for x, up in zip(s.generals, s.revealed, strict=True)]
        found = f"seat {seat}" + (f" ({'+'.join(shown)})" if any(s.revealed) else "")
        while len(names) < len(self.slots):  # (kept until a general turns: ``turned``)
            names.append(None)
        names[seat] = found
        return found

    def seat_summary(self, p: Player) -> dict[str, Any]:
        out = super().seat_summary(p)
        s = self.slots[p.seat]
        out["general"] = "+".join(s.generals)
        out["role"] = s.faction
        out["revealed"] = list(s.revealed)
        return out

    # -- death and the end ---------------------------------------------------------------
    def on_death(self, victim: int) -> None:
        """The dead reveal their generals (and so their faction), with no rewards."""
        s = self.slots[victim]
        for slot in s.hidden():
            self.reveal(victim, slot, why="death", rewards=False)
        self.g.table.players[victim].role_revealed = True

    def rewards(self, killer: int, victim: int) -> None:
        """Every one of the mode's ``rewards`` that matches the kill is paid: ``killer``
        is ``revealed`` (has a faction), ``unrevealed``, ``any`` or a faction id;
        ``victim`` is ``any`` or a faction id; ``relation`` is ``same_faction`` or
        ``other_faction`` (both factions known; careerists are never of one faction)."""
        mine, theirs = self.faction(killer), self.faction(victim)
        for rule in self.g.raw.get("rewards") or []:
            who = rule.get("killer", "any")
            if not (who == "any" or (who == "revealed" and mine is not None)
                    or (who == "unrevealed" and mine is None) or who == mine):
                continue
            if rule.get("victim", "any") not in ("any", theirs):
                continue
            relation = rule.get("relation")
            if relation is not None:
                if mine is None or theirs is None:
                    continue
                if (relation == "same_faction") != self.same_faction(killer, victim):
                    continue
            self.pay(rule, killer, victim)

    def faction_size(self, victim: int, includes_victim: bool) -> int:
        """The living members of the victim's faction (a careerist is a faction of
        one), and the victim if ``includes_victim``."""
        theirs = self.faction(victim)
        alive = ([] if theirs in (None, CAREERIST) else
                 [s for s in self.faction_members(theirs) if s != victim])
        return len(alive) + (1 if includes_victim else 0)

    def check_victory(self) -> None:
        """The mode's ``victory.sides``: ``only_faction_alive`` (every survivor of one
        faction; careerists are each a faction of one) for the factions the side lists
        (and the kingdoms an expansion adds), ``sole_survivor``; a ``team`` side's dead
        members share the win. Nothing is won while a survivor's faction is unknown,
        unless ``hidden_survivors: revealed_when_decided``: survivors whose reveals could
        only give one faction are then revealed, as the established hegemony engines do,
        so every game ends."""
        g = self.g
        victory = g.raw.get("victory") or {}
        alive = [p.seat for p in g.table.players if p.alive]
        factions = {self.faction(s) for s in alive}
        if None in factions:
            if (victory.get("hidden_survivors") != "revealed_when_decided"
                    or not self.decided(alive)):
                return
            for s in alive:
                for slot in self.slots[s].hidden():
                    self.reveal(s, slot, why="the game is decided", rewards=False)
            factions = {self.faction(s) for s in alive}
        if len(factions) != 1:
            return
        (faction,) = factions
        assert faction is not None
        one = faction != CAREERIST or len(alive) == 1  # careerists are not allies
        sides = [x for x in victory.get("sides") or [] if isinstance(x, dict)]
        listed = {str(f) for x in sides for f in x.get("factions") or []}
        for side in sides:
            named = [str(f) for f in side.get("factions") or []]
            if not (faction in named or (
                    faction not in listed and faction != CAREERIST
                    and any(f != CAREERIST for f in named))):
                continue
            cond = side.get("condition") or {}
            if cond.get("only_faction_alive") and not one:
                continue
            if "sole_survivor" in cond and not (len(alive) == 1
                                                and cond["sole_survivor"] == faction):
                continue
            team = bool(side.get("team")) and faction != CAREERIST
            g.win(faction, self.faction_members(faction, alive_only=not team))

    def decided(self, alive: list[int]) -> bool:
        """Whether the survivors' reveals can only give one non-careerist faction."""
        counts = {f: len(seats) for f, seats in self.members.items() if f != CAREERIST}
        limit = self.table.get(len(self.g.table.players))
        seen: set[str] = set()
        for s in alive:
            f = self.faction(s)
            if f is None:
                kingdom = self.general_of(s, 0).kingdom
                counts[kingdom] = counts.get(kingdom, 0) + 1
                if kingdom in self.careerist_kingdoms or (
                        limit is not None and counts[kingdom] >= limit):
                    return False
                f = kingdom
            if f == CAREERIST:
                return False
            seen.add(f)
        return len(seen) == 1

    def check_invariants(self) -> None:
        g = self.g
        members = self.members
        fixed = 0
        for p in g.table.players:
            s = self.slots[p.seat]
            faction = s.faction
            if p.hp > p.max_hp:
                raise InvariantBroken(f"seat {p.seat} has {p.hp}/{p.max_hp} HP")
            if faction is None:
                if True in s.revealed:
                    raise InvariantBroken(f"seat {p.seat} revealed a general but has no "
                                          "faction")
            else:
                fixed += 1
                if p.seat not in members.get(faction, ()):
                    raise InvariantBroken(f"seat {p.seat} is not counted in its faction "
                                          f"{faction!r}")
            if p.role != faction:
                raise InvariantBroken(f"seat {p.seat}: role {p.role!r} is not its faction "
                                      f"{faction!r}")
        if fixed != sum(map(len, members.values())):
            raise InvariantBroken(f"{sum(map(len, members.values()))} seats are counted in "
                                  f"factions, but {fixed} have one")
        limit = self.table.get(len(g.table.players))
        if limit is not None:
            # (with every seat counted in its own faction, the counts are the factions')
            for kingdom, seats in members.items():
                if kingdom != CAREERIST and len(seats) >= limit:
                    raise InvariantBroken(f"{kingdom} has reached the careerist "
                                          f"threshold ({limit}) without a careerist")

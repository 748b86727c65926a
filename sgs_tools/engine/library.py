"""Validated catalog + compiled effects → a Library: every hook indexed for the engine.

The catalog and the effects come from :func:`sgs_tools.project.library`, which loads and
validates a project and builds its Library.

Built once per process and shared by every game: hooks wrapped with what the hot path
needs (by event and timing, by source, statics, actions, view-as conversions), the
physical decks of each mode, and the *gaps*: vocabulary words some hook uses that have no
engine primitive. A hook with a gap is never run; the gap is reported instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sgs_tools.data.catalog import Catalog
from sgs_tools.data.model import Card, General, Mode
from sgs_tools.dsl.effects import EffectsResult
from sgs_tools.engine import words
from sgs_tools.engine.errors import SetupError
from sgs_tools.engine.prim_views import kind_matches
from sgs_tools.engine.shared import Shared

if TYPE_CHECKING:
    from sgs_tools.engine.state import CardInst

HARMFUL_WORDS = frozenset({"damage", "respond", "discard", "take", "deny", "suffer_damage",
                           "lose_hp", "skip", "let_take", "turn_over", "place"})
HELPFUL_WORDS = frozenset({"recover", "draw", "gain", "gain_one", "give"})


@dataclass(eq=False, slots=True)
class Hook:
    """One compiled clause of a skill or card, with what the engine precomputes for it.

    In slots: the engine reads a hook's fields at every event, and an instance dict
    that became a dict of its own (as a cached property makes it) is read by a slower
    path than the rest, at the same places in the code."""

    source: str
    index: int
    kind: str
    event: str | None
    timing: str | None
    filter: dict[str, Any]
    condition: Any
    cost: list[dict[str, Any]]
    steps: list[dict[str, Any]]
    modifiers: list[dict[str, Any]]
    frequency: dict[str, Any] | None
    optional: bool
    locked: bool
    priority: int
    lord: bool
    origin: str  # "skill" or "card"
    card_type: str | None = None
    grant: dict[str, Any] | None = None
    gaps: tuple[str, ...] = ()
    harmful: bool = False
    view_card: str | None = None  # view-as: the card produced
    view_spec: dict[str, Any] | None = None  # view-as: the cards it is made from
    view_kind: str | None = None  # view-as: a kind of card, its name chosen as it is used
    match: tuple[Any, ...] | None = field(default=None, repr=False)
    """Its filter as ``table.events.matches`` reads it (``events.match_plan``)."""
    key: str = field(init=False, repr=False)
    """``source#index``: what frequency counters are kept by (made with the hook: the
    hot path asks for it on every trigger check)."""

    def __post_init__(self) -> None:
        self.key = f"{self.source}#{self.index}"

    @property
    def all_steps(self) -> list[dict[str, Any]]:
        return [*self.cost, *self.steps]

    def describe(self) -> str:
        what = self.kind if self.event is None else f"{self.timing or ''} {self.event}".strip()
        return f"{self.source} ({what})"


def walk_words(node: Any) -> Iterator[tuple[str, str]]:
    """Every (category, word) an IR fragment uses: actions, modifiers, quantities, …"""
    if isinstance(node, dict):
        for key in ("do", "modifier", "quantity", "call"):
            value = node.get(key)
            if isinstance(value, str):
                yield {"do": "action", "modifier": "modifier", "quantity": "quantity",
                       "call": "function"}[key], value
        select = node.get("select")
        if isinstance(select, dict):
            yield "selector", str(select.get("noun", "players"))
            for flt in select.get("filters", []):
                yield "selector", str(flt)
            if "within" in select:
                yield "selector", "within"
        if "in" in node and "subject" in node and isinstance(node["in"], str):
            yield "selector", node["in"]
        if "is" in node and "subject" in node and isinstance(node["is"], str):
            yield "predicate", node["is"]
        if "ref" in node and isinstance(node["ref"], list):
            for attr in node["ref"][1:]:
                yield "attribute", str(attr)
        for value in node.values():
            yield from walk_words(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk_words(value)


def _grant_selector(raw: Any) -> dict[str, Any] | None:
    """The selector of ``action, for wu others`` from the hook's ``granted_to`` IR."""
    if isinstance(raw, dict) and isinstance(raw.get("select"), dict):
        select: dict[str, Any] = raw["select"]
        return select
    return None


@dataclass
class Library:
    """Everything the engine reads from the data, indexed once."""

    catalog: Catalog
    effects: EffectsResult
    hooks: dict[str, list[Hook]] = field(default_factory=dict)
    by_event: dict[tuple[str, str], list[Hook]] = field(default_factory=dict)
    statics: dict[str, list[Hook]] = field(default_factory=dict)
    actions: dict[str, list[Hook]] = field(default_factory=dict)
    views: dict[str, list[Hook]] = field(default_factory=dict)
    gaps: dict[str, list[str]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    _decks: dict[str, list[tuple[str, str | None, int | None]]] = field(default_factory=dict)
    built_decks: dict[tuple[str, tuple[int, ...]], dict[int, CardInst]] = field(
        default_factory=dict)
    """(mode, ranks left out) → the physical cards of its deck (``table.setup``)."""
    phase_limit_hooks: dict[str, Hook | None] = field(default_factory=dict)
    """Card name → its first action hook limited per phase (``options.use_limit``)."""
    _event_index: dict[tuple[str, str], tuple[dict[int, int], dict[str, list[Hook]]]] = field(
        default_factory=dict)
    _skill_listening: dict[tuple[str, ...], dict[tuple[str, str], list[Hook]]] = field(
        default_factory=dict)
    """A seat's skills → event key → those skills' hooks of it (``listening_for``)."""
    _card_listening: dict[frozenset[str], dict[tuple[str, str], list[Hook]]] = field(
        default_factory=dict)
    """The card names at a table → event key → the card hooks of those cards that
    listen to it (``card_listening_for``)."""
    compiled: dict[str, Shared] = field(default_factory=lambda: {
        "filters": Shared(), "selects": Shared(), "cards": Shared(), "bound": Shared(),
        "plans": Shared(), "converts": Shared()})
    """What the interpreter reads of the IR, once per library and shared by its games:
    selector words' tests, selector and card-spec plans (``interp.Interpreter``), which
    seats' listener lists answer only their own events (``table.events.all_bound``),
    ``emit``'s plans by the lists they are made of (``table.events.plan_emit``), what
    skills convert cards to (``table.events.converts_of``)."""

    _kingdoms: frozenset[str] | None = field(default=None, repr=False)
    _view_cards: frozenset[str] | None = field(default=None, repr=False)
    """(``kingdoms`` and ``view_cards`` once found: kept in fields, not by a cached
    property, which would make the library's instance dict one of its own, read by a
    slower path at every ``g.lib`` look-up)"""

    @property
    def kingdoms(self) -> frozenset[str]:
        """Every kingdom: the base game's and those the loaded expansions declare (the
        kingdom words of selectors and conditions)."""
        found = self._kingdoms
        if found is None:
            found = self._kingdoms = frozenset(self.catalog.all_kingdoms())
        return found

    @property
    def view_cards(self) -> frozenset[str]:
        """Every card name a view-as conversion can make (asked on the hot path: a card
        no conversion makes is only ever held as a card in hand)."""
        found = self._view_cards
        if found is None:
            kinds = {v.view_kind for views in self.views.values() for v in views
                     if v.view_kind}
            made = {c.id for c in self.catalog.cards.values()
                    if any(kind_matches(c, k) for k in kinds)}
            found = self._view_cards = frozenset(
                v.view_card for views in self.views.values() for v in views
                if v.view_card) | made
        return found

    def event_index(self, key: tuple[str, str]
                    ) -> tuple[dict[int, int], dict[str, list[Hook]]]:
        """For one event key: each skill hook's place in ``by_event[key]`` (by ``id``),
        and the skill hooks by source, in that order — so the hooks of a seat's few
        skills are found without a pass over every hook of the event."""
        found = self._event_index.get(key)
        if found is None:
            positions: dict[int, int] = {}
            by_source: dict[str, list[Hook]] = {}
            for i, h in enumerate(self.by_event.get(key, ())):
                if h.origin == "skill":
                    positions[id(h)] = i
                    by_source.setdefault(h.source, []).append(h)
            found = self._event_index[key] = (positions, by_source)
        return found

    LISTENING_KEPT = 1024
    """Skill sets whose listener lists are kept (then they start again: a Guozhan pair
    of generals seldom recurs, an identity general's skills do, game after game)."""

    def listening_for(self, skills: list[str]) -> dict[tuple[str, str], list[Hook]]:
        """Event key → the hooks of these skills that listen to it, in the library's
        order, filled in by ``table.events.listeners`` and shared by every game whose
        seat has the same skills (the lists are only read)."""
        k = tuple(skills)
        found = self._skill_listening.get(k)
        if found is None:
            if len(self._skill_listening) >= self.LISTENING_KEPT:
                self._skill_listening.clear()
            found = self._skill_listening[k] = Shared()
        return found

    def card_listening_for(self, present: frozenset[str]
                           ) -> dict[tuple[str, str], list[Hook]]:
        """Event key → the card hooks of these card names that listen to it, in the
        library's order, filled in by ``table.events.listeners`` and shared by every game
        whose table has these cards (a mode's deck: the same game after game)."""
        found = self._card_listening.get(present)
        if found is None:
            if len(self._card_listening) >= self.LISTENING_KEPT:
                self._card_listening.clear()
            found = self._card_listening[present] = Shared()
        return found

    # -- building --------------------------------------------------------------------
    def index(self) -> None:
        from sgs_tools.engine.modes import load_builtin

        load_builtin()  # engines of other games register the effect kinds they run
        self._event_index.clear()
        self._skill_listening.clear()
        self._card_listening.clear()
        for plans in self.compiled.values():
            plans.clear()
        cat = self.catalog
        for ident, compiled in self.effects.compiled.items():
            card = cat.cards.get(ident) if compiled.kind == "card" else None
            if compiled.kind not in ("skill", "card"):
                # Another engine's effects (samurai abilities, heirlooms …): counted as
                # gaps unless that engine registered the kind (words.register_effect_kind)
                # and every word its hooks use.
                engine = words.EFFECT_KINDS.get(compiled.kind)
                own = words.EFFECT_GAPS.get(compiled.kind)
                found: list[str] = []
                for raw in compiled.hooks:
                    missing = ([f"effect kind {compiled.kind}"] if engine is None
                               else own(raw) if own is not None
                               else self.missing_words(raw, self.kingdoms))
                    found += [m for m in missing if m not in found]
                if found:
                    self.gaps[ident] = found
                continue
            hooks = []
            for raw in compiled.hooks:
                hook = self._wrap(raw, "card" if card else "skill",
                                  card.type if card else None)
                hooks.append(hook)
            self.hooks[ident] = hooks
            for hook in hooks:
                if hook.gaps:
                    self.gaps.setdefault(ident, [])
                    for g in hook.gaps:
                        if g not in self.gaps[ident]:
                            self.gaps[ident].append(g)
                    continue
                if hook.kind == "trigger" and hook.event and hook.timing:
                    self.by_event.setdefault((hook.event, hook.timing), []).append(hook)
                elif hook.kind == "static":
                    self.statics.setdefault(ident, []).append(hook)
                elif hook.kind == "action":
                    self.actions.setdefault(ident, []).append(hook)
                elif hook.kind == "view_as":
                    self.views.setdefault(ident, []).append(hook)
                elif hook.kind == "awaken":
                    key = (hook.event or "awaken_check", hook.timing or "when")
                    self.by_event.setdefault(key, []).append(hook)
        for ident, compiled in self.effects.compiled.items():
            for hook in self.hooks.get(ident, []):
                granted = compiled.hooks[hook.index].get("granted_to")
                if hook.kind == "action" and granted:
                    hook.grant = _grant_selector(granted)
        for key in self.by_event:
            # Skills before cards (skill text > card text), then by stated priority.
            self.by_event[key].sort(key=lambda h: (h.origin != "skill", -h.priority))

    def _wrap(self, raw: dict[str, Any], origin: str, card_type: str | None) -> Hook:
        steps = list(raw.get("steps") or [])
        view_card = None
        view_spec = None
        view_kind = None
        if raw.get("kind") == "view_as" and steps:
            made = steps[0].get("args", {})
            view_card = str(made["card"]) if made.get("card") else None
            view_kind = str(made["kind"]) if made.get("kind") else None
            view_spec = (raw.get("filter") or {}).get("cards")
        hook = Hook(
            source=str(raw["skill"]), index=int(raw.get("index", 0)), kind=str(raw["kind"]),
            event=raw.get("event"), timing=raw.get("timing"),
            filter=dict(raw.get("filter") or {}), condition=raw.get("condition"),
            cost=list(raw.get("cost") or []), steps=steps,
            modifiers=list(raw.get("modifiers") or []), frequency=raw.get("frequency"),
            optional=bool(raw.get("optional")), locked=bool(raw.get("locked")),
            priority=int(raw.get("priority") or 0), lord=bool(raw.get("lord")),
            origin=origin, card_type=card_type, view_card=view_card, view_spec=view_spec,
            view_kind=view_kind)
        hook.gaps = tuple(self.missing_words(raw, self.kingdoms))
        used = {w for cat, w in walk_words([hook.cost, hook.steps]) if cat == "action"}
        hook.harmful = bool(used & HARMFUL_WORDS) and not (
            used & HELPFUL_WORDS and not used & {"damage", "respond", "suffer_damage"})
        return hook

    @staticmethod
    def missing_words(raw: dict[str, Any], kingdoms: frozenset[str] = frozenset()
                      ) -> list[str]:
        """Words of a hook the engine cannot run, as ``category word`` (``kingdoms``: the
        declared kingdoms, which selectors and conditions may name)."""
        out: list[str] = []
        kind = raw.get("kind")
        if kind not in (words.known("hook_kind") or ()):
            out.append(f"hook kind {kind!r}")
        event = raw.get("event")
        if kind in ("trigger", "awaken") and event != "awaken_check" and event not in (
                words.known("event") or ()):
            out.append(f"event {event}")
        parts = [raw.get("cost"), raw.get("steps"), raw.get("modifiers"),
                 raw.get("condition"), raw.get("frequency"), raw.get("filter")]
        for category, word in walk_words(parts):
            known = words.known(category)
            if (known is not None and word not in known
                    and not (category in ("selector", "predicate") and word in kingdoms)):
                entry = f"{'selector' if category == 'predicate' else category} {word}"
                if entry not in out:
                    out.append(entry)
        return out

    # -- queries -----------------------------------------------------------------------
    def mode(self, ident: str) -> Mode:
        mode = self.catalog.modes.get(ident)
        if mode is None:
            known = ", ".join(sorted(self.catalog.modes))
            raise SetupError(f"unknown mode {ident!r} (known: {known})")
        return mode

    def card(self, ident: str) -> Card:
        return self.catalog.cards[ident]

    def general(self, ident: str) -> General:
        general = self.catalog.generals.get(ident)
        if general is None:
            raise SetupError(f"unknown general {ident!r}")
        return general

    def deck(self, mode: Mode) -> list[tuple[str, str | None, int | None]]:
        """The physical cards of a mode's decks: (card id, suit, rank), in deck order."""
        cached = self._decks.get(mode.id)
        if cached is not None:
            return cached
        out: list[tuple[str, str | None, int | None]] = []
        for deck_id in self.catalog.decks_of(mode):
            deck = self.catalog.decks.get(deck_id)
            if deck is None:
                raise SetupError(f"mode {mode.id!r} names unknown deck {deck_id!r}")
            for copy in deck.copies:
                if copy.card not in self.catalog.cards:
                    raise SetupError(f"deck {deck_id!r} names unknown card {copy.card!r}")
                out.extend([(copy.card, copy.suit, copy.rank)] * copy.count)
        self._decks[mode.id] = out
        return out

    def pool(self, mode: Mode) -> list[General]:
        return self.catalog.pool(mode)

    def skill_ids(self, general: General) -> list[str]:
        return [s.id for s in self.catalog.skills_of(general)]

    def is_lord_skill(self, skill: str) -> bool:
        s = self.catalog.skills.get(skill)
        return bool(s and "lord" in s.tags)

    def word_census(self, sources: list[str] | None = None) -> dict[str, dict[str, int]]:
        """How often each word is used by the given sources' hooks (all by default)."""
        census: dict[str, dict[str, int]] = {}
        for ident, compiled in self.effects.compiled.items():
            if sources is not None and ident not in sources:
                continue
            for raw in compiled.hooks:
                if raw.get("kind") == "trigger" and raw.get("event"):
                    bucket = census.setdefault("event", {})
                    bucket[raw["event"]] = bucket.get(raw["event"], 0) + 1
                for category, word in walk_words([raw.get("cost"), raw.get("steps"),
                                                  raw.get("modifiers"),
                                                  raw.get("condition"),
                                                  raw.get("frequency"),
                                                  raw.get("filter")]):
                    bucket = census.setdefault(category, {})
                    bucket[word] = bucket.get(word, 0) + 1
        return census

    def mode_gaps(self, mode: Mode) -> tuple[list[str], dict[str, list[str]]]:
        """A mode's skills and cards, and those of them the engine cannot run, each with
        the words it lacks (the honest gap count of ``sgs build``, the site and
        ``sgs simulate``)."""
        sources = self.sources_for_mode(mode)
        wanted = set(sources)  # an effect of a card or general: ``tsukumo_nasu.bonus``
        return sources, {k: v for k, v in self.gaps.items()
                         if k in wanted or k.partition(".")[0] in wanted}

    def sources_for_mode(self, mode: Mode) -> list[str]:
        """Skills of the mode's general pool and cards of its decks."""
        out: list[str] = []
        for general in self.pool(mode):
            for s in self.skill_ids(general):
                if s not in out:
                    out.append(s)
        for card, _suit, _rank in self.deck(mode):
            if card not in out:
                out.append(card)
        return out

"""Our scenario tests → FreeKill skill tests (``skel:addTest``), so one behaviour is
asserted in both engines.

A scenario becomes a test function ``function(room, me) … end``:

- its seats are FreeKill's test-room players 1…N (the room's other players leave the table,
  so distances match) with our exported skills; hands, equipment, pending cards and the
  top of the deck are printed cards (``room:printCard``) in those places;
- its phases and turns run as FreeKill's own phase and turn events;
- its scripted decisions are answered: yes/no, characters and choices through the package's
  ``script.lua`` (it answers FreeKill's ``askToSkillInvoke``, ``askToChoosePlayers`` and
  ``askToChoice`` for the named skill), card plays, responses and discards through
  ``FkTest.setNextReplies``; unscripted questions get FreeKill's test default, a cancel,
  which is our default too (decline, pass, end the play phase);
- its expectations become ``lu.assert*`` calls: end state (HP, hand, zones, piles), and
  each expected event is looked up in FreeKill's own event record (damage, recovery, HP
  loss, use, play, judgement, skill use, cards ending in a hand or pile).

A scenario that needs something this translation does not cover — or whose expectations
FreeKill cannot check at all — is left out with the reason, never emitted as a weaker test.
An expected event pattern with a field FreeKill does not record is left out (named in a
comment in the test); the events' order is not checked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sgs_tools.export.freekill import lua

PHASES = {"start": "Player.Start", "judge": "Player.Judge", "draw": "Player.Draw",
          "play": "Player.Play", "discard": "Player.Discard", "finish": "Player.Finish"}
ORDER = ["start", "judge", "draw", "play", "discard", "finish"]
SUIT_LUA = {"spade": "Card.Spade", "heart": "Card.Heart", "club": "Card.Club",
            "diamond": "Card.Diamond"}
# cards used on exactly one other character (the rest target nobody or themselves)
ONE_TARGET = {"slash", "duel", "snatch", "dismantlement", "indulgence"}
GENDER_LUA = {"male": "General.Male", "female": "General.Female"}
NATURE_LUA = {"fire": "fk.FireDamage", "thunder": "fk.ThunderDamage",
              "normal": "fk.NormalDamage"}


class Untranslatable(Exception):
    """The scenario uses something the translation does not cover."""


class _Cards:
    """Printed cards: every card the scenario places, by position, and lookup by spec."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names
        self.lines: list[str] = []
        self.specs: list[Any] = []

    def place(self, spec: Any) -> str:
        if getattr(spec, "view", None):
            raise Untranslatable(f"a card played as another ({spec.shown})")
        name = self.names.get(spec.name)
        if name is None:
            raise Untranslatable(f"card {spec.name} has no FreeKill counterpart")
        self.specs.append(spec)
        i = len(self.specs)
        args = [lua.string(name)]
        if spec.suit is not None:
            args += [SUIT_LUA[str(spec.suit)], str(int(spec.rank))]
        self.lines.append(f"    ids[{i}] = room:printCard({', '.join(args)}).id"
                          f"  -- {_plain(spec.shown)}")
        return f"ids[{i}]"

    def find(self, text: str, among: list[int] | None = None) -> str | None:
        """The placed card a written spec names (``slash ♠7``; ``slash`` if only one)."""
        from sgs_tools.scenario.format import CardSpec, parse_card

        want = parse_card(text)
        if not isinstance(want, CardSpec):
            return None
        hits = [i for i, s in enumerate(self.specs, 1)
                if s.name == want.name and (want.suit is None or (
                    s.suit == want.suit and s.rank == want.rank))
                and (among is None or i in among)]
        return f"ids[{hits[0]}]" if len(hits) == 1 else None

    def test(self, text: str, c: str) -> str:
        """A Lua test that card ``c`` is the written card (name, and suit/rank if given)."""
        from sgs_tools.scenario.format import CardSpec, parse_card

        want = parse_card(text)
        if not isinstance(want, CardSpec) or want.view:
            raise Untranslatable(f"card {text!r}")
        name = self.names.get(want.name)
        if name is None:
            raise Untranslatable(f"card {want.name} has no FreeKill counterpart")
        # an exported card (pkg__id) by its exact name: its true name is our bare id
        field = "name" if "__" in name else "trueName"
        out = f"{c}.{field} == {lua.string(name)}"
        if want.suit is not None:
            out += f" and {c}.suit == {SUIT_LUA[str(want.suit)]} and {c}.number == {want.rank}"
        return out


def _plain(text: str) -> str:
    return lua.comment(text).removeprefix("-- ")


def translate(sc: Any, skills: dict[str, str], cards: dict[str, str],
              general_skills: dict[str, list[str]], package: str,
              choices: dict[str, list[str]] | None = None,
              general_info: dict[str, dict[str, Any]] | None = None,
              actives: set[str] | None = None,
              one_target: set[str] | None = None,
              about_cards: bool = False,
              granted: dict[str, str] | None = None) -> tuple[list[str], str]:
    """(our skills at the table, the test function's Lua); raises Untranslatable.

    ``skills``: our exported skill id → FreeKill name; ``cards``: our card id → FreeKill
    card name (FreeKill's own and the exported ones); ``choices``: an option's first
    word (``recover``) → the choice labels it can be in the exported skills;
    ``one_target``: the exported cards used on exactly one other character;
    ``about_cards``: the scenario is about exported cards (no skill need be at the table);
    ``granted``: skill → the attached skill through which others use its action.
    """
    targeted = ONE_TARGET | (one_target or set())
    if len(sc.seats) > 8:
        raise Untranslatable("more than 8 seats (FreeKill's test room has 8)")
    if sc.until_end:
        raise Untranslatable("play until the game ends")
    if sc.discard or getattr(sc, "rest", "deck") != "deck":
        raise Untranslatable("a starting discard pile")
    if set(sc.defaults) - {"yes_no", "play"}:
        raise Untranslatable(f"default answers for {', '.join(sorted(sc.defaults))}")
    play_default = sc.defaults.get("play")
    if play_default is not None and (str(play_default) in skills or sc.script):
        raise Untranslatable(f"the default play {play_default!r} (repeated skill use)")
    prefix = f"{package}__"
    n = len(sc.seats)
    pc = _Cards(cards)
    setup: list[str] = []
    owners: list[str] = []
    missing: list[str] = []
    hands: dict[int, list[int]] = {}
    for seat in sc.seats:
        if seat.kingdom or seat.gender:
            raise Untranslatable("a kingdom or gender override")
        own = seat.skills if seat.skills is not None else general_skills.get(
            seat.general or "", [])
        missing += [s for s in own if s not in skills]
        there = [s for s in own if s in skills]
        owners += there
        p = f"P[{seat.seat + 1}]"
        if getattr(seat, "role", None):  # lord skills and `of lord` look at the role
            setup.append(f"    room:setPlayerProperty({p}, \"role\", {lua.string(str(seat.role))})")
        info = (general_info or {}).get(seat.general or "", {})
        if info.get("kingdom"):
            setup.append(f"    room:setPlayerProperty({p}, \"kingdom\", "
                         f"{lua.string(str(info['kingdom']))})")
        if info.get("gender") in GENDER_LUA:
            setup.append(f"    room:setPlayerProperty({p}, \"gender\", "
                         f"{GENDER_LUA[str(info['gender'])]})")
        if there:
            names = "|".join(skills[s] for s in there)
            setup.append(f"    room:handleAddLoseSkills({p}, {lua.string(names)})")
        max_hp = seat.max_hp if seat.max_hp is not None else info.get("hp") or 4
        hp = seat.hp if seat.hp is not None else max_hp
        setup.append(f"    room:setPlayerProperty({p}, \"maxHp\", {int(max_hp)})")
        setup.append(f"    room:setPlayerProperty({p}, \"hp\", {int(hp)})")
        first = len(pc.specs) + 1
        refs = [pc.place(c) for c in seat.hand]
        hands[seat.seat] = list(range(first, len(pc.specs) + 1))
        if refs:
            setup.append(f"    room:obtainCard({p}, {{ {', '.join(refs)} }}, true)")
        for c in seat.equipment:
            setup.append(f"    room:moveCardTo({pc.place(c)}, Card.PlayerEquip, {p})")
        for c in seat.judgement:  # bottom first
            setup.append(f"    room:moveCardTo({pc.place(c)}, Card.PlayerJudge, {p})")
        if not seat.alive:
            setup.append(f"    script.leave(room, {p})")
    if not owners and not about_cards:
        raise Untranslatable("no exported skill at the table")
    deck = [pc.place(c) for c in sc.deck]
    for ref in reversed(deck):  # the first card ends on top
        setup.append(f"    room:moveCardTo({ref}, Card.DrawPile)")
    for extra in range(n + 1, 9):
        setup.append(f"    script.leave(room, P[{extra}])")

    # the scripted answers
    served: list[str] = []
    routed: dict[int, list[str]] = {}
    script = list(sc.script)
    while script:
        st = script.pop(0)
        head = st.pick.partition(":")[0].strip() if isinstance(st.pick, str) else None
        if head in (actives or set()) and not st.when:
            # an active skill: its cost cards and targets are chosen with it, up front
            spent: list[str] = []
            targets: list[str] = []
            while script and script[0].seat == st.seat and not script[0].when and (
                    (isinstance(script[0].pick, (int, list))
                     and not isinstance(script[0].pick, bool))
                    or (isinstance(script[0].pick, str)
                        and script[0].pick.partition(":")[0].strip() not in skills
                        and pc.find(script[0].pick) is not None)):
                nxt = script.pop(0).pick
                for x in (nxt if isinstance(nxt, list) else [nxt]):
                    if isinstance(x, int) and not isinstance(x, bool):
                        targets.append(f"P[{x + 1}]")
                    else:
                        found = pc.find(str(x), hands.get(st.seat)) or pc.find(str(x))
                        if found is None:
                            raise Untranslatable(f"the card {x!r} (not placed by the scenario)")
                        spent.append(found)
            routed.setdefault(st.seat, []).append(
                f"script.use_skill(P[{st.seat + 1}], "
                f"{lua.string((granted or {}).get(str(head)) or skills[str(head)])}, "
                f"{{ {', '.join(spent)} }}, {{ {', '.join(targets)} }})")
            continue
        chosen: list[str] = []
        if isinstance(st.pick, str) and not st.when and st.pick not in ("yes", "no", "pass"):
            # the characters picked right after a card or skill are its targets
            while script and script[0].seat == st.seat and not script[0].when and (
                    isinstance(script[0].pick, int) or (
                        isinstance(script[0].pick, list) and script[0].pick
                        and all(isinstance(x, int) for x in script[0].pick))) \
                    and not isinstance(script[0].pick, bool):
                nxt = script.pop(0).pick
                chosen += [f"P[{x + 1}]" for x in (nxt if isinstance(nxt, list) else [nxt])]
        served_step, reply = _decision(st, sc, pc, hands, skills, prefix, choices or {},
                                       "{ " + ", ".join(chosen) + " }" if chosen else None,
                                       targeted)
        if served_step is not None:
            served.append(served_step)
        if reply is not None:
            routed.setdefault(st.seat, []).append(reply)

    if play_default is not None:
        # every copy of that card in the playing seat's hand is played, first to last
        from sgs_tools.scenario.format import CardSpec, parse_card

        want = parse_card(str(play_default))
        if not isinstance(want, CardSpec) or want.suit is not None:
            raise Untranslatable(f"the default play {play_default!r}")
        for i in hands.get(sc.start_seat, []):
            if pc.specs[i - 1].name == want.name:
                target = _target_of(sc, sc.start_seat, want.name) \
                    if want.name in targeted else "{}"
                routed.setdefault(sc.start_seat, []).append(
                    f"FkTest.ReplyCard(Fk:getCardById(ids[{i}]), {target})")

    # play
    seat = f"P[{sc.start_seat + 1}]"
    if sc.phases is not None:
        phases = list(sc.phases)
    elif sc.start_phase is not None:
        phases = ORDER[ORDER.index(sc.start_phase):]
    else:
        phases = []
    run: list[str] = []
    turns = int(sc.turns)
    if turns < 1:
        raise Untranslatable("no turn played")
    if phases:
        for ph in phases:
            if ph not in PHASES:
                raise Untranslatable(f"phase {ph}")
            run.append(f"    script.phase(room, {seat}, {PHASES[ph]})")
    else:
        run.append(f"    script.turn(room, {seat})")
    for k in range(1, turns):
        nxt = (sc.start_seat + k) % n
        run.append(f"    script.turn(room, P[{nxt + 1}])")

    # expectations
    checks: list[str] = []
    for ex in sc.expectations:
        checks += _expect(ex, pc, prefix, granted or {})
    if not any(line.lstrip().startswith(("lu.", "script.")) for line in checks):
        raise Untranslatable("no expectation FreeKill can check")

    default = "nil"
    if "yes_no" in sc.defaults:
        default = "true" if str(sc.defaults["yes_no"]) == "yes" else "false"
    out = ["function(room, me)",
           f"  local script = require({lua.string(f'packages.{package}.script')})",
           "  local P = room.players"]
    if pc.specs:
        out.append("  local ids = {}")
    if missing:
        out.append(f"  -- not exported, so not at this table: {', '.join(sorted(set(missing)))}")
    out += ["  FkTest.runInRoom(function()", *pc.lines, *setup, "  end)"]
    out.append(f"  local answers = script.serve(room, {default}, {{")
    out += [f"    {s}," for s in served]
    out.append("  })")
    for s, replies in sorted(routed.items()):
        out.append(f"  FkTest.setNextReplies(P[{s + 1}], {{")
        out += [f"    {r}," for r in replies]
        out.append("  })")
    out += ["  FkTest.runInRoom(function()", *run, "  end)", "  script.done(answers)"]
    out += checks
    out.append("end")
    return sorted(set(owners)), "\n".join(out)


def _decision(st: Any, sc: Any, pc: _Cards, hands: dict[int, list[int]],
              skills: dict[str, str], prefix: str, choices: dict[str, list[str]],
              chosen: str | None = None, targeted: set[str] = ONE_TARGET,
              ) -> tuple[str | None, str | None]:
    """One script step → (an answer script.lua serves, or a reply FreeKill's test backend
    routes to the seat's next request)."""
    p = f"P[{st.seat + 1}]"
    # "accept peach": the question an offered card puts to its target (any skill's)
    when = lua.string(st.when) if st.when and st.when != "choose" \
        and not str(st.when).startswith("accept ") else "nil"
    pick = st.pick
    if isinstance(pick, bool) or pick in ("yes", "no"):
        value = "true" if pick in ("yes", True) else "false"
        return f"{{ {p}, \"invoke\", {when}, {value} }}", None
    if isinstance(pick, int) and st.when and str(st.when).startswith("give "):
        # a card handed out in a distribution: "give jink" → this seat
        card = str(st.when)[5:].strip()
        name = pc.names.get(card)
        if name is None:
            raise Untranslatable(f"the distribution of {card!r}")
        return f"{{ {p}, \"give\", {lua.string(name)}, P[{pick + 1}] }}", None
    if isinstance(pick, int):
        return f"{{ {p}, \"players\", {when}, {{ P[{pick + 1}] }} }}", None
    if isinstance(pick, list) and pick and all(isinstance(x, int) for x in pick):
        chosen = ", ".join(f"P[{x + 1}]" for x in pick)
        return f"{{ {p}, \"players\", {when}, {{ {chosen} }} }}", None
    if isinstance(pick, list) and st.when:
        raise Untranslatable(f"the arrangement {pick!r} ({st.when})")
    if isinstance(pick, list) and pick and all(isinstance(x, str) for x in pick):
        refs = [pc.find(x, hands.get(st.seat)) or pc.find(x) for x in pick]
        if not all(refs):
            raise Untranslatable(f"the cards {pick!r} (not placed by the scenario)")
        return None, f"FkTest.ReplyDiscard({{ {', '.join(str(r) for r in refs)} }})"
    if not isinstance(pick, str):
        raise Untranslatable(f"the decision {pick!r}")
    if pick == "pass":
        return None, '"__cancel"'
    if st.when == "choose" or (pick in choices and pick not in skills):
        labels = choices.get(pick)
        if not labels:
            raise Untranslatable(f"the choice {pick!r} (no exported option starts so)")
        listed = ", ".join(lua.string(x) for x in labels)
        return f"{{ {p}, \"choice\", nil, {{ {listed} }} }}", None
    response = bool(st.when) and str(st.when).split()[0] in ("play", "use")
    head, _, rest = pick.partition(":")
    if head in skills:  # a view-as or action skill
        if rest.strip():
            card_text = rest.split(" as ")[0].strip()
            ref = pc.find(card_text, hands.get(st.seat))
            if ref is None:
                raise Untranslatable(f"the card {card_text!r}")
            cards = [ref]
        else:
            hand = hands.get(st.seat) or []
            cards = [f"ids[{hand[0]}]"] if len(hand) == 1 else []
        for ref in cards:  # a card used once is no longer in the hand
            hand = hands.get(st.seat) or []
            idx = int(ref[4:-1])
            if idx in hand:
                hand.remove(idx)
        targets = "{}" if response else chosen or _target_of(sc, st.seat, pick)
        return None, (f"FkTest.ReplyUseSkill({lua.string(skills[head])}, {targets}, "
                      f"{{ {', '.join(cards)} }})")
    ref = pc.find(pick, hands.get(st.seat))
    if ref is None:
        raise Untranslatable(f"the decision {pick!r}")
    if int(ref[4:-1]) in hands.get(st.seat, []):
        hands[st.seat].remove(int(ref[4:-1]))
    from sgs_tools.scenario.format import CardSpec, parse_card

    spec = parse_card(pick)
    name = spec.name if isinstance(spec, CardSpec) else pick
    if not response and st.seat == sc.start_seat and _discards_only(sc):
        # the playing seat has no play phase here: a card it picks is its discard
        return None, f"FkTest.ReplyDiscard({{ {ref} }})"
    targets = "{}"
    if not response and name in targeted:
        targets = chosen or _target_of(sc, st.seat, name)
    return None, f"FkTest.ReplyCard(Fk:getCardById({ref}), {targets})"


def _discards_only(sc: Any) -> bool:
    """The scenario runs the playing seat's discard phase but not its play phase."""
    if sc.phases is not None:
        phases = list(sc.phases)
    elif sc.start_phase is not None:
        phases = ORDER[ORDER.index(sc.start_phase):]
    else:
        return False
    return "discard" in phases and "play" not in phases


def _target_of(sc: Any, seat: int, card: str) -> str:
    """The target a card played by ``seat`` gets: the one the scenario expects, else the
    next living seat after it (our engine's first legal choice at these small tables)."""
    for ex in sc.expectations:
        if ex.kind == "events" and ex.value.get("e") == "target" and \
                ex.value.get("seat") == seat and isinstance(ex.value.get("targets"), list):
            return "{ " + ", ".join(f"P[{int(t) + 1}]" for t in ex.value["targets"]) + " }"
    n = len(sc.seats)
    for k in range(1, n):
        other = sc.seats[(seat + k) % n]
        if other.alive:
            return f"{{ P[{other.seat + 1}] }}"
    raise Untranslatable(f"no target for {card}")


def _event(pat: dict[str, Any], pc: _Cards, prefix: str) -> str | None:
    """A Lua test on an event's data for a pattern, or None when a field is not recorded."""
    e = pat.get("e")
    tests: list[str] = []

    def who(field: str, key: str) -> None:
        if key in pat:
            tests.append(f"d.{field} == P[{int(pat[key]) + 1}]")

    def card(field: str) -> None:
        if "card" in pat:
            tests.append(f"d.{field} ~= nil and {pc.test(str(pat['card']), 'd.' + field)}")

    kinds = {"damage": "Damage", "recover": "Recover", "lose_hp": "LoseHp",
             "use": "UseCard", "play": "RespondCard", "judge": "Judge", "target": "UseCard"}
    allowed = {"damage": {"seat", "source", "n", "card", "nature"},
               "recover": {"seat", "n"}, "lose_hp": {"seat", "n"},
               "use": {"seat", "card", "via"}, "play": {"seat", "card", "via"},
               "judge": {"seat", "card"}, "target": {"seat", "card", "targets"}}
    if e not in kinds:
        return None
    dropped = sorted(set(pat) - {"e", "times"} - allowed[str(e)])
    if dropped and set(pat) - {"e", "times"} - set(dropped) == set():
        return None  # nothing FreeKill records is left to check
    if e == "damage":
        who("to", "seat")
        who("from", "source")
        if "n" in pat:
            tests.append(f"d.damage == {int(pat['n'])}")
        card("card")
        if "nature" in pat:
            tests.append(f"d.damageType == {NATURE_LUA[str(pat['nature'])]}")
    elif e in ("recover", "lose_hp"):
        who("who", "seat")
        if "n" in pat:
            tests.append(f"d.num == {int(pat['n'])}")
    elif e in ("use", "play", "target"):
        who("from", "seat")
        card("card")
        if "via" in pat:
            tests.append(f"d.card.skillName == {lua.string(prefix + str(pat['via']))}")
        for t in pat.get("targets") or []:
            tests.append(f"table.contains(d.tos or {{}}, P[{int(t) + 1}])")
    elif e == "judge":
        who("who", "seat")
        card("card")
    body = " and\n      ".join(tests) or "true"
    note = f"    -- {', '.join(dropped)}: not recorded by FreeKill\n" if dropped else ""
    count = (f"script.count(room, {lua.string(kinds[str(e)])}, function(d)\n"
             f"{note}    return {body}\n  end)")
    # A card answering a request is "use" or "play" as the rules say (a Jink answering a
    # Slash is used, a Slash answering a Duel played), as FreeKill records it too.
    return count


def _expect(ex: Any, pc: _Cards, prefix: str, granted: dict[str, str]) -> list[str]:
    kind = ex.kind
    if kind == "seat":
        seat, fname = ex.key
        p = f"P[{int(seat) + 1}]"
        v = ex.value
        if fname == "hp":
            return [f"  lu.assertEquals({p}.hp, {int(v)})"]
        if fname == "max_hp":
            return [f"  lu.assertEquals({p}.maxHp, {int(v)})"]
        if fname == "alive":
            return [f"  lu.assertEquals(not {p}.dead, {'true' if v else 'false'})"]
        flags = {"hand": "h", "equipment": "e", "judgement": "j"}
        if fname in flags and isinstance(v, int):
            return [f"  lu.assertEquals(#{p}:getCardIds({lua.string(flags[fname])}), {int(v)})"]
        if fname in flags and isinstance(v, list):
            tests = [f"    function(c) return {pc.test(str(x), 'c')} end," for x in v]
            return [f"  script.holds({p}:getCardIds({lua.string(flags[fname])}), {{",
                    *tests, "  })"]
        return [f"  -- not checked in FreeKill: seat {seat} {fname}"]
    if kind == "pile":
        where = str(ex.key)
        tests = [f"    function(c) return {pc.test(str(x), 'c')} end," for x in ex.value]
        if where == "deck":
            return ["  script.on_top(room.draw_pile, {", *tests, "  })"]
        if where == "discard":
            return ["  script.contains(room.discard_pile, {", *tests, "  })"]
        return [f"  -- not checked in FreeKill: the {where} pile"]
    if kind in ("events", "no_events"):
        pat = ex.value
        e = pat.get("e")
        if e == "skill" and "seat" in pat and "skill" in pat and set(pat) <= {
                "e", "seat", "skill", "times"}:
            who = f"P[{int(pat['seat']) + 1}]"
            used = (f"{who}:usedSkillTimes("
                    f"{lua.string(prefix + str(pat['skill']))}, Player.HistoryGame)")
            if str(pat["skill"]) in granted:  # used by others through the granted skill
                used = (f"({used} +\n    {who}:usedSkillTimes("
                        f"{lua.string(granted[str(pat['skill'])])}, Player.HistoryGame))")
            if kind == "no_events":
                return [f"  lu.assertEquals({used}, 0)"]
            if "times" in pat:
                return [f"  lu.assertEquals({used}, {int(pat['times'])})"]
            return [f"  lu.assertTrue({used} > 0)"]
        if e in ("draw", "move") and "seat" in pat and isinstance(pat.get("cards"), list) \
                and kind == "events" and "times" not in pat:
            to = pat.get("to", "hand")
            refs = [pc.find(str(c)) for c in pat["cards"]]
            if all(refs) and to in ("hand", "judgement", "equipment"):
                area = {"hand": "Card.PlayerHand", "judgement": "Card.PlayerJudge",
                        "equipment": "Card.PlayerEquip"}[str(to)]
                p = f"P[{int(pat['seat']) + 1}]"
                return [f"  lu.assertTrue(script.went({p}, {r}, {area}))" for r in refs]
        if e == "move" and pat.get("to") == "discard" and "seat" not in pat \
                and isinstance(pat.get("cards"), list) and kind == "events":
            refs = [pc.find(str(c)) for c in pat["cards"]]
            if all(refs):
                return [f"  lu.assertTrue(script.discarded(room, {r}))" for r in refs]
        if e == "judge" and kind == "events" and set(pat) <= {"e", "seat", "card"} \
                and "card" in pat:
            out = []
            if "seat" in pat:
                out.append(f"  lu.assertTrue(script.count(room, \"Judge\", function(d) return "
                           f"d.who == P[{int(pat['seat']) + 1}] end) > 0)")
            out.append(f"  lu.assertTrue(script.revealed(room, function(c) return "
                       f"{pc.test(str(pat['card']), 'c')} end))")
            return out
        count = _event(pat, pc, prefix)
        if count is None:
            return [f"  -- not checked in FreeKill: {kind} {_plain(_short(pat))}"]
        if kind == "no_events":
            return [f"  lu.assertEquals({count}, 0)"]
        if "times" in pat:
            return [f"  lu.assertEquals({count}, {int(pat['times'])})"]
        return [f"  lu.assertTrue({count} > 0)"]
    return [f"  -- not checked in FreeKill: {kind}"]


def _short(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, sort_keys=True)


Translator = Callable[..., tuple[list[str], str]]

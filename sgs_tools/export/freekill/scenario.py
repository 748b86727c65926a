"""Our scenario tests → FreeKill skill tests (``skel:addTest``), so one behaviour is
asserted in both engines.

A scenario becomes a test function ``function(room, me) … end``: its seats are FreeKill's
test-room players 1…N with our exported skills, its hands and deck top are printed cards
(``room:printCard``), its phases run as FreeKill phase events, and its scripted answers are
served to FreeKill's own questions (``askToSkillInvoke``, ``askToChoosePlayers``) by the
package's ``script.lua`` helper; unscripted questions get FreeKill's test default (cancel),
which is our default too (decline, pass, end the play phase). Expectations become
``lu.assert*`` calls. A scenario that uses something this translation does not cover is
left out with the reason, never emitted as a weaker test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sgs_tools.export.freekill import lua

PHASES = {"start": "Player.Start", "judge": "Player.Judge", "draw": "Player.Draw",
          "play": "Player.Play", "discard": "Player.Discard", "finish": "Player.Finish"}
ORDER = ["start", "judge", "draw", "play", "discard", "finish"]
SUIT_LUA = {"spade": "Card.Spade", "heart": "Card.Heart", "club": "Card.Club",
            "diamond": "Card.Diamond"}
SUIT_OF = {"♠": "spade", "♥": "heart", "♣": "club", "♦": "diamond"}


class Untranslatable(Exception):
    """The scenario uses something the translation does not cover."""


@dataclass
class Emitted:
    path: str
    name: str
    skill: str  # our skill id the test is attached to
    lua: str


def _suit(spec: Any) -> str | None:
    suit = getattr(spec, "suit", None)
    if suit is None:
        return None
    return SUIT_OF.get(str(suit), str(suit))


def translate(sc: Any, skills: dict[str, str], cards: dict[str, str],
              general_skills: dict[str, list[str]], package: str) -> tuple[str, str]:
    """(our skill id to attach to, the test function's Lua); raises Untranslatable."""
    if len(sc.seats) > 8:
        raise Untranslatable("more than 8 seats (FreeKill's test room has 8)")
    if sc.until_end or sc.turns != 1:
        raise Untranslatable("more than one turn")
    if sc.discard:
        raise Untranslatable("a starting discard pile")
    out: list[str] = ["function(room, me)",
                      f"  local script = require({lua.string(f'packages.{package}.script')})",
                      "  local P = room.players",
                      "  local ids = {}"]
    printed = 0
    owners: list[str] = []

    def card(spec: Any) -> str:
        nonlocal printed
        if getattr(spec, "view", None):
            raise Untranslatable(f"a card seen as another ({spec})")
        name = cards.get(spec.name)
        if name is None:
            raise Untranslatable(f"card {spec.name} has no FreeKill counterpart")
        printed += 1
        args = [lua.string(name)]
        suit = _suit(spec)
        if suit is not None:
            args += [SUIT_LUA[suit], str(int(spec.rank))]
        out.append(f"    ids[{printed}] = room:printCard({', '.join(args)}).id"
                   f"  -- {lua.comment(str(spec)).lstrip('- ')}")
        return f"ids[{printed}]"

    setup: list[str] = []
    for seat in sc.seats:
        if seat.equipment or seat.judgement:
            raise Untranslatable("equipment or judgement-zone cards at the start")
        if not seat.alive:
            raise Untranslatable("a dead seat")
        if seat.kingdom or seat.gender:
            raise Untranslatable("a kingdom or gender override")
        own = seat.skills if seat.skills is not None else general_skills.get(
            seat.general or "", [])
        missing = [s for s in own if s not in skills]
        if missing:
            raise Untranslatable("skills not exported: " + ", ".join(missing))
        owners += own
        p = f"P[{seat.seat + 1}]"
        if own:
            names = "|".join(skills[s] for s in own)
            setup.append(f"    room:handleAddLoseSkills({p}, {lua.string(names)})")
        if seat.max_hp is not None:
            setup.append(f"    room:setPlayerProperty({p}, \"maxHp\", {int(seat.max_hp)})")
        if seat.hp is not None:
            setup.append(f"    room:setPlayerProperty({p}, \"hp\", {int(seat.hp)})")
        seat_hand = [card(c) for c in seat.hand]
        if seat_hand:
            setup.append(f"    room:obtainCard({p}, {{ {', '.join(seat_hand)} }}, true)")
    if not owners:
        raise Untranslatable("no exported skill at the table")
    deck = [card(c) for c in sc.deck]
    for ref in reversed(deck):  # the first card ends on top
        setup.append(f"    room:moveCardTo({ref}, Card.DrawPile)")
    out.insert(4, "  FkTest.runInRoom(function()")
    out.append("  end)")
    out += ["  FkTest.runInRoom(function()", *setup, "  end)"]

    # the scripted answers
    steps: list[str] = []
    for st in sc.script:
        p = f"P[{st.seat + 1}]"
        when = lua.string(st.when) if st.when else "nil"
        pick = st.pick
        if pick in ("yes", "no") or isinstance(pick, bool):
            value = "true" if pick in ("yes", True) else "false"
            steps.append(f"{{ {p}, \"invoke\", {when}, {value} }}")
        elif isinstance(pick, int) and not isinstance(pick, bool):
            steps.append(f"{{ {p}, \"players\", {when}, {{ P[{pick + 1}] }} }}")
        elif isinstance(pick, list) and all(isinstance(x, int) for x in pick):
            chosen = ", ".join(f"P[{x + 1}]" for x in pick)
            steps.append(f"{{ {p}, \"players\", {when}, {{ {chosen} }} }}")
        else:
            raise Untranslatable(f"the decision {pick!r} (only yes/no and characters)")
    if sc.defaults:
        raise Untranslatable("changed default answers")
    out.append(f"  local answers = script.serve(room, {lua.string(package + '__')}, {{")
    out += [f"    {s}," for s in steps]
    out.append("  })")

    # play
    seat = f"P[{sc.start_seat + 1}]"
    if sc.phases is not None:
        phases = list(sc.phases)
    elif sc.start_phase is not None:
        phases = ORDER[ORDER.index(sc.start_phase):]
    else:
        phases = []
    run: list[str] = []
    if phases:
        for ph in phases:
            if ph not in PHASES:
                raise Untranslatable(f"phase {ph}")
            run.append(f"    script.phase(room, {seat}, {PHASES[ph]})")
    else:
        run.append(f"    GameEvent.Turn:create(TurnData:new({seat}, \"game_rule\")):exec()")
    out += ["  FkTest.runInRoom(function()", *run, "  end)", "  script.done(answers)"]

    # expectations
    checks: list[str] = []
    for ex in sc.expectations:
        checks += _expect(ex, sc, card_of=lambda spec: _printed(spec, sc))
    if not checks:
        raise Untranslatable("no expectation FreeKill can check")
    out += checks
    out.append("end")
    attach = owners[0]
    return attach, "\n".join(out)


def _printed(spec: str, sc: Any) -> str | None:
    """The ``ids[i]`` of a card the scenario placed, by its written form."""
    i = 0
    for seat in sc.seats:
        for c in seat.hand:
            i += 1
            if c.shown == spec or str(c) == spec:
                return f"ids[{i}]"
    for c in sc.deck:
        i += 1
        if c.shown == spec or str(c) == spec:
            return f"ids[{i}]"
    return None


def _expect(ex: Any, sc: Any, card_of: Any) -> list[str]:
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
        if fname == "hand" and isinstance(v, int):
            return [f"  lu.assertEquals(#{p}:getCardIds(\"h\"), {int(v)})"]
        if fname == "hand" and isinstance(v, list):
            names = []
            for item in v:
                ref = card_of(str(item))
                if ref is not None:
                    names.append(f"Fk:getCardById({ref}).trueName")
                else:
                    names.append(lua.string(str(item).split()[0]))
            return [f"  script.same_names({p}:getCardIds(\"h\"), {{ {', '.join(names)} }})"]
        return []
    if kind == "events":
        pat = ex.value
        e = pat.get("e")
        if e in ("draw", "move") and "seat" in pat and pat.get("to", "hand") == "hand" \
                and isinstance(pat.get("cards"), list):
            refs = [card_of(str(c)) for c in pat["cards"]]
            if all(refs):
                p = f"P[{int(pat['seat']) + 1}]"
                return [f"  lu.assertTrue(script.owns({p}, {r}))" for r in refs]
        if e == "skill" and "seat" in pat and "skill" in pat and "times" not in pat:
            return [f"  lu.assertTrue(script.used(P[{int(pat['seat']) + 1}], "
                    f"{lua.string(str(pat['skill']))}))"]
        return []
    return []

"""Action words → what they do to the table: one primitive per vocabulary action.

Each primitive takes the game, the step's resolved arguments (IR) and the frame it runs
in, and returns the value a step may bind with ``as`` (cards as a list of uids,
characters as a tuple of seats). ``ACTIONS`` is the dispatch table, keyed by the word.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sgs_tools.engine.errors import Abort, EngineGap
from sgs_tools.engine.state import DISCARD, DRAW, EQUIPMENT, HAND, JUDGEMENT, PROCESSING
from sgs_tools.engine.wordstate import END_OF_TURN, PHASE, TURN, End

if TYPE_CHECKING:
    from sgs_tools.engine.game import Game
    from sgs_tools.engine.interp import Frame

Primitive = Callable[["Game", dict[str, Any], "Frame"], Any]
ACTIONS: dict[str, Primitive] = {}

SUITS = ("spade", "heart", "club", "diamond")
COLORS = ("red", "black")


def primitive(name: str) -> Callable[[Primitive], Primitive]:
    def register(fn: Primitive) -> Primitive:
        ACTIONS[name] = fn
        return fn
    return register


# -- helpers ------------------------------------------------------------------------------

def fitting(g: Game, v: Any, f: Frame) -> tuple[int, ...]:
    """Every living character an argument could name (nobody chooses among them)."""
    found = g.interp.players_of(v, f)
    players = g.table.players
    for s in found:
        if not players[s].alive:
            return tuple([s for s in found if players[s].alive])
    return found  # (a tuple of seats, read only: most name the living alone)


def seats(g: Game, v: Any, f: Frame, found: tuple[int, ...] | None = None
          ) -> tuple[int, ...]:
    """The living characters an action's argument names (``found``: those it names, if
    ``players_of`` was asked already). A selector with a count smaller than those it fits
    (``give cards to 1 other``, ``damage 1 to 2 others``) is the actor's choice of that
    many, as written; otherwise all of them."""
    if found is None:
        found = g.interp.players_of(v, f)  # (``fitting``, inline: asked by most actions)
    players = g.table.players
    for s in found:
        if not players[s].alive:
            found = tuple([s for s in found if players[s].alive])
            break
    if len(found) > 1 and isinstance(v, dict) and "select" in v:
        low, high = g.interp.selector_count(v["select"], f, len(found))
        if high < len(found):
            helpful = f.hook is not None and not f.hook.harmful
            return g.choose_players(f.actor, found, max(0, min(low, high)), high,
                                    f"{f.name}: choose", f, helpful=helpful)
    return found


def one_seat(g: Game, v: Any, f: Frame) -> int | None:
    """The one character an argument names (the actor's choice among several)."""
    found = g.interp.players_of(v, f)
    if len(found) == 1:  # (most: one character, whom ``seats`` would give if living)
        seat = found[0]
        return seat if g.table.players[seat].alive else None
    found = seats(g, v, f, found)
    return found[0] if found else None


def card_list(g: Game, v: Any, f: Frame) -> list[int] | None:
    """A cards argument that names concrete cards (a variable), or None for a filter."""
    value = g.interp.value(v, f)
    if isinstance(value, list):
        return value
    return None


def pick_cards(g: Game, v: Any, f: Frame, chooser: int, owner: int, prompt: str,
               exact: bool = False) -> list[int]:
    """Cards named by a variable, or chosen by ``chooser`` among ``owner``'s cards that
    match a filter (another character's hand cards are chosen blind)."""
    listed = card_list(g, v, f)
    if listed is not None:
        return [u for u in listed if u < 0 or u in g.table.where]
    spec = g.interp.spec_of(v)
    if spec is None:
        return []
    cands = g.interp.candidates(owner, spec)
    low, high = g.interp.count_of(spec, f, len(cands))
    if exact and len(cands) < low:
        raise Abort(f"{owner} has too few cards")
    high = min(high, len(cands))
    low = min(low, high)
    if high <= 0:
        return []
    return g.choose_cards(chooser, owner, cands, low, high, prompt, f)


CARD_SPENDERS = frozenset({"discard", "discard_own", "give", "reveal", "show_cards",
                           "distribute", "use_card", "offer_use", "discard_up_to",
                           # designers.yaml and the piles: cards of one's own put somewhere
                           "put_in_discard_pile", "put_on_general", "put_on_bottom"})


def can_pay(g: Game, step: dict[str, Any], f: Frame) -> bool:
    """Whether a step that spends the actor's cards can be carried out in full."""
    word = step.get("do")
    if word == "reveal_general":
        from sgs_tools.engine.prim_generals import hidden_to_reveal

        args = step.get("args") or {}
        return any(hidden_to_reveal(g, s, args.get("slot"), f)
                   for s in fitting(g, args.get("who"), f))
    if word == "lose_mark":  # marks as a cost: enough of them
        from sgs_tools.engine.prim_counts import mark_count

        args = step.get("args") or {}
        need = g.interp.num(args.get("n", 1), f)
        return all(mark_count(g.table.players[s], str(args.get("mark"))) >= need
                   for s in fitting(g, args.get("who"), f) or (f.actor,))
    if word in ("use", "use_uncounted"):  # a card used on nobody cannot be used
        args = step.get("args") or {}
        return bool(fitting(g, args.get("on"), f))
    if word == "discard_other_type":  # cards of another type than the shown ones
        from sgs_tools.engine.prim_cards import other_type_cards

        args = step.get("args") or {}
        wanted = g.interp.spec_of(g.interp.value(args.get("cards"), f)) or {}
        cands = other_type_cards(g, args, f, f.actor)
        low, _high = g.interp.count_of(wanted, f, len(cands))
        return len(cands) >= max(low, 1)
    if word not in CARD_SPENDERS:
        return True
    args = step.get("args") or {}
    value = g.interp.value(args.get("cards"), f)
    if isinstance(value, list):
        return bool(value)
    spec = g.interp.spec_of(value)
    if spec is None:
        return True
    who = args.get("from") if word == "discard" else args.get("by")
    owners = fitting(g, who, f) if who is not None else (f.actor,)
    for owner in owners:  # a check: nobody is asked to choose whose cards
        cands = g.interp.candidates(owner, spec)
        low, _high = g.interp.count_of(spec, f, len(cands))
        if len(cands) >= max(low, 1):
            return True
    return False


# -- core words ---------------------------------------------------------------------------

@primitive("draw")
def p_draw(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    n = g.interp.num(a.get("n", 1), f)
    out: list[int] = []
    for seat in seats(g, a.get("who"), f):
        out += g.draw(seat, n, f)
    return out


@primitive("discard")
def p_discard(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    owner = one_seat(g, a.get("from"), f)
    if owner is None:
        return []
    chosen = pick_cards(g, a.get("cards"), f, f.actor, owner, "discard")
    g.discard(chosen, owner, f)
    return chosen


@primitive("discard_own")
def p_discard_own(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    owner = one_seat(g, a.get("who"), f)
    if owner is None:
        return []
    chosen = pick_cards(g, a.get("cards"), f, owner, owner, "discard")
    g.discard(chosen, owner, f)
    return chosen


@primitive("gain")
def p_gain(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    listed = card_list(g, a.get("cards"), f) or []
    free = [u for u in g.table.physical(listed)
            if g.table.where.get(u, ("", 0))[0] in (PROCESSING, DISCARD, DRAW)]
    g.move(free, HAND, f.actor, "gain", f)
    return free


@primitive("take")
def p_take(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    owner = one_seat(g, a.get("from"), f)
    if owner is None or owner == f.actor:
        return []
    spec = g.interp.spec_of(a.get("cards"))
    if spec is not None:
        zones = g.interp.zones_of(spec)
        if "judgement_zone" not in zones and "any_zone" not in zones and not (
                spec.get("filters") or {}).get("zone"):
            spec = {**spec, "filters": {**(spec.get("filters") or {}),
                                         "zone": ["hand", "equipment", "judgement_zone"]}}
        chosen = pick_cards(g, {"cards": spec}, f, f.actor, owner, "take")
    else:
        chosen = pick_cards(g, a.get("cards"), f, f.actor, owner, "take")
    g.move(chosen, HAND, f.actor, "take", f)
    return chosen


@primitive("let_take")
def p_let_take(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    taker = one_seat(g, a.get("by"), f)
    if taker is None or taker == f.actor:
        return []
    chosen = pick_cards(g, a.get("cards"), f, taker, f.actor, "take")
    g.move(chosen, HAND, taker, "take", f)
    return chosen


@primitive("give")
def p_give(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    to = one_seat(g, a.get("to"), f)
    if to is None:
        return []
    chosen = pick_cards(g, a.get("cards"), f, f.actor, f.actor, "give")
    chosen = [u for u in g.table.physical(chosen) if u in g.table.where]
    g.move(chosen, HAND, to, "give", f)
    return chosen


@primitive("distribute")
def p_distribute(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    chosen = pick_cards(g, a.get("cards"), f, f.actor, f.actor, "hand out")
    chosen = [u for u in g.table.physical(chosen) if u in g.table.where]
    target = g.interp.value(a.get("to"), f)
    if isinstance(target, dict) and "select" in target:
        select = target["select"]
        people = g.interp.select(select, f)
        _low, high = g.interp.selector_count(select, f, len(people))
    else:
        people = g.interp.players_of(a.get("to"), f)
        high = len(people)
    if not people:
        return []
    used: list[int] = []
    given: list[int] = []
    for uid in chosen:
        allowed = tuple(used) if len(used) >= high else people
        to = g.choose_players(f.actor, allowed, 1, 1, f"give {g.face(uid)} to", f,
                              helpful=True)[0]
        if to not in used:
            used.append(to)
        given.append(uid)
        if g.table.where.get(uid) != (HAND, to):
            g.move([uid], HAND, to, "give", f)
    return given


@primitive("damage")
def p_damage(g: Game, a: dict[str, Any], f: Frame) -> None:
    n = g.interp.num(a.get("n", 1), f)
    by = one_seat(g, a.get("by"), f)
    nature = a.get("nature")
    for seat in seats(g, a.get("to"), f):
        g.damage(seat, n, by, nature, f)


@primitive("suffer_damage")
def p_suffer_damage(g: Game, a: dict[str, Any], f: Frame) -> None:
    n = g.interp.num(a.get("n", 1), f)
    for seat in seats(g, a.get("who"), f):
        g.damage(seat, n, None, a.get("nature"), f)


@primitive("lose_hp")
def p_lose_hp(g: Game, a: dict[str, Any], f: Frame) -> None:
    n = g.interp.num(a.get("n", 1), f)
    for seat in seats(g, a.get("who"), f):
        g.lose_hp(seat, n, f)


@primitive("lose_max_hp")
def p_lose_max_hp(g: Game, a: dict[str, Any], f: Frame) -> None:
    n = g.interp.num(a.get("n", 1), f)
    for seat in seats(g, a.get("who"), f):
        g.change_max_hp(seat, -n, f)


@primitive("gain_max_hp")
def p_gain_max_hp(g: Game, a: dict[str, Any], f: Frame) -> None:
    n = g.interp.num(a.get("n", 1), f)
    for seat in seats(g, a.get("who"), f):
        g.change_max_hp(seat, n, f)


@primitive("recover")
def p_recover(g: Game, a: dict[str, Any], f: Frame) -> None:
    n = g.interp.num(a.get("n", 1), f)
    for seat in seats(g, a.get("who"), f):
        g.recover(seat, n, f.owner, f)


@primitive("judge")
def p_judge(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    seat = one_seat(g, a.get("who"), f)
    if seat is None:
        return []
    result = g.judge(seat, f)
    f.vars["judgement"] = result
    return result


def _replace_judgement(g: Game, a: dict[str, Any], f: Frame, keep_old: bool) -> None:
    current = f.event.get("judgement")
    if not isinstance(current, list) or not current:
        return
    chosen = pick_cards(g, a.get("cards"), f, f.actor, f.actor, "replace the judgement")
    if not chosen:
        return
    new = chosen[0]
    old = current[0]
    g.move([new], PROCESSING, -1, "retrial", f)
    g.log_event("retrial", seat=f.actor, skill=f.name, old=g.face(old), new=g.face(new))
    if keep_old:
        g.move([old], HAND, f.actor, "retrial", f)
    else:
        g.move([old], DISCARD, -1, "retrial", f)
    f.event["judgement"] = [new]


@primitive("retrial")
def p_retrial(g: Game, a: dict[str, Any], f: Frame) -> None:
    _replace_judgement(g, a, f, keep_old=a.get("keep") == "take_old")


@primitive("swap_judgement")
def p_swap_judgement(g: Game, a: dict[str, Any], f: Frame) -> None:
    _replace_judgement(g, a, f, keep_old=True)


@primitive("pick")
def p_pick(g: Game, a: dict[str, Any], f: Frame) -> tuple[int, ...]:
    return g.pick(a.get("who"), f)


@primitive("use")
def p_use(g: Game, a: dict[str, Any], f: Frame) -> None:
    by = one_seat(g, a.get("by"), f)
    on = seats(g, a.get("on"), f)
    name = a.get("card")
    if by is None or not on or not isinstance(name, str):
        return
    g.use_card(by, [], name, preset=list(on), via=f.name)


@primitive("use_card")
def p_use_card(g: Game, a: dict[str, Any], f: Frame) -> None:
    by = one_seat(g, a.get("by"), f) if a.get("by") is not None else f.actor
    if by is None:
        return
    chosen = pick_cards(g, a.get("cards"), f, by, by, "use")
    if not chosen:
        return
    on = seats(g, a.get("on"), f) if a.get("on") is not None else ()
    name = g.table.card(chosen[0]).card
    g.use_card(by, chosen, name, preset=list(on) if on else None, via=f.name)


@primitive("offer_use")
def p_offer_use(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """Use cards on one character who may refuse them first (救援 as first printed):
    refused, nothing is used and the cards stay; accepted, exactly `use_card`."""
    chosen = pick_cards(g, a.get("cards"), f, f.actor, f.actor, "offer")
    on = one_seat(g, a.get("on"), f)
    if not chosen or on is None:
        return []
    name = g.table.card(chosen[0]).card
    if on != f.actor and not g.ask_yes_no(on, f"accept {name} from seat {f.actor}", f,
                                          benefit=1.0):
        g.log_event("refuse", seat=on, card=name, by=f.actor)
        return []
    g.use_card(f.actor, chosen, name, preset=[on], via=f.name)
    return chosen


@primitive("ask_play")
def p_ask_play(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    name = a.get("card")
    if not isinstance(name, str):
        return []
    helpers = [s for s in seats(g, a.get("from"), f) if s != f.actor]
    got = g.ask_play(f.actor, helpers, name, f)
    request = f.event.get("__request")
    if got and request is not None and request.name == name and not request.provided:
        request.provided = got
    return got


@primitive("virtual_play")
def p_virtual_play(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    name = a.get("card")
    seat = one_seat(g, a.get("who"), f)
    if not isinstance(name, str) or seat is None:
        return []
    uid = g.make_virtual(name, [])
    g.log_event("virtual_play", seat=seat, card=name, skill=f.name)
    request = f.event.get("__request")
    if request is not None and request.name == name and not request.provided:
        request.provided = [uid]
    return [uid]


@primitive("respond")
def p_respond(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    name = a.get("card")
    n = g.interp.num(a.get("n", 1), f)
    seat = one_seat(g, a.get("who"), f)
    if seat is None or not isinstance(name, str):
        return []
    return g.respond(seat, name, n, f)


@primitive("respond_use")
def p_respond_use(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    """``respond`` whose answer is a use (a Jink answering a Slash), not a play."""
    name = a.get("card")
    n = g.interp.num(a.get("n", 1), f)
    seat = one_seat(g, a.get("who"), f)
    if seat is None or not isinstance(name, str):
        return []
    return g.respond(seat, name, n, f, used=True)


@primitive("skip")
def p_skip(g: Game, a: dict[str, Any], f: Frame) -> None:
    phase = a.get("phase")
    who = one_seat(g, a.get("who"), f) if a.get("who") is not None else f.actor
    if isinstance(phase, str) and who is not None:
        g.skip_phase(who, phase)


@primitive("forgo_draw")
def p_forgo_draw(g: Game, a: dict[str, Any], f: Frame) -> None:
    g.forgo_draw = True
    g.log_event("forgo_draw", seat=f.actor, skill=f.name)


@primitive("redirect")
def p_redirect(g: Game, a: dict[str, Any], f: Frame) -> None:
    use = f.use
    if use is None:
        return
    old = one_seat(g, a["from"], f) if a.get("from") is not None else f.owner
    if old is None or old not in use.targets:
        return
    picked = g.pick(a.get("to"), f)
    if picked:
        g.redirect(use, old, picked[0], f)


@primitive("deny")
def p_deny(g: Game, a: dict[str, Any], f: Frame) -> None:
    use = f.use
    name = a.get("card")
    if use is None or not isinstance(name, str):
        return
    for seat in seats(g, a.get("to"), f):
        use.denied.setdefault(seat, []).append(name)
        g.log_event("deny", seat=seat, card=name, skill=f.name)


@primitive("prevent")
def p_prevent(g: Game, a: dict[str, Any], f: Frame) -> None:
    n = g.interp.num(a.get("n", 1), f)
    if "amount" in f.event:
        # The rest of this effect still reads `amount` as the damage it prevented ("prevent
        # that damage, then draw as many cards"): the event's amount drops, the frame's
        # stays what it was before this effect first prevented any of it.
        f.vars.setdefault("amount", f.event["amount"])
        f.event["amount"] = max(0, int(f.event["amount"]) - n)
        g.log_event("prevent", seat=f.actor, n=n, skill=f.name)


@primitive("add_amount")
def p_add_amount(g: Game, a: dict[str, Any], f: Frame) -> None:
    n = g.interp.num(a.get("n", 1), f)
    if "amount" in f.event:
        f.event["amount"] = max(0, int(f.event["amount"]) + n)


@primitive("cancel")
def p_cancel(g: Game, a: dict[str, Any], f: Frame) -> None:
    use = f.event.get("__use") or f.use
    if use is None:
        return
    on = a.get("on")
    if on is not None:
        targets = list(seats(g, on, f))
    else:
        target = f.event.get("target")
        targets = list(target) if isinstance(target, tuple) else list(use.targets)
    g.cancel(use, targets, f)


@primitive("force_effect")
def p_force_effect(g: Game, a: dict[str, Any], f: Frame) -> None:
    use = f.use
    if use is None:
        return
    on = a.get("on")
    targets = seats(g, on, f) if on is not None else tuple(use.targets)
    use.forced.extend(targets)
    g.log_event("force_effect", seat=f.actor, skill=f.name)


@primitive("fail_use")
def p_fail_use(g: Game, a: dict[str, Any], f: Frame) -> None:
    use = f.event.get("__use") or f.use
    if use is not None:
        use.failed = True
        g.log_event("fail_use", seat=use.user, card=use.name)


@primitive("change_nature")
def p_change_nature(g: Game, a: dict[str, Any], f: Frame) -> None:
    if f.use is not None and isinstance(a.get("nature"), str):
        f.use.nature = a["nature"]


@primitive("look_top")
def p_look_top(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    n = g.interp.num(a.get("n", 1), f)
    top = g.peek(n)
    g.log_event("look_top", seat=f.actor, n=len(top))
    return top


@primitive("arrange_top")
def p_arrange_top(g: Game, a: dict[str, Any], f: Frame) -> None:
    listed = [u for u in card_list(g, a.get("cards"), f) or []
              if g.table.where.get(u, ("", 0))[0] == DRAW]
    if not listed:
        return
    bottom_picks = g.ask(f.actor, "cards", [g.face(u) for u in listed], 0, len(listed),
                         "put on the bottom of the deck")
    bottom = [listed[i] for i in bottom_picks]
    top = [u for u in listed if u not in bottom]
    if len(top) > 1:
        order = g.ask(f.actor, "order", [g.face(u) for u in top], len(top), len(top),
                      "order of the top cards (first = top)")
        top = [top[i] for i in order]
    pile = g.table.draw_pile
    for u in listed:
        pile.remove(u)
    pile[:0] = bottom
    pile.extend(reversed(top))
    g.log_event("arrange_top", seat=f.actor, top=len(top), bottom=len(bottom))


@primitive("reveal")
def p_reveal(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    chosen = pick_cards(g, a.get("cards"), f, f.actor, f.actor, "reveal", exact=True)
    g.log_event("reveal", seat=f.actor, cards=[g.face(u) for u in chosen])
    return chosen


@primitive("show_cards")
def p_show_cards(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    seat = one_seat(g, a.get("who"), f)
    if seat is None:
        return []
    chosen = pick_cards(g, a.get("cards"), f, seat, seat, "reveal")
    g.log_event("reveal", seat=seat, cards=[g.face(u) for u in chosen])
    return chosen


@primitive("guess")
def p_guess(g: Game, a: dict[str, Any], f: Frame) -> str | None:
    seat = one_seat(g, a.get("by"), f)
    if seat is None:
        return None
    what = a.get("what")
    options = list(COLORS) if what in ("color", "colour") else list(SUITS)
    pick = g.ask(seat, "guess", options, 1, 1, f"name a {what}")[0]
    g.log_event("guess", seat=seat, named=options[pick])
    return options[pick]


@primitive("name_color")
def p_name_color(g: Game, a: dict[str, Any], f: Frame) -> None:
    seat = one_seat(g, a.get("by"), f)
    if seat is None:
        return
    pick = g.ask(seat, "guess", list(COLORS), 1, 1, "name a colour")[0]
    g.word_state.keep(f"named_color:{seat}", COLORS[pick], END_OF_TURN)
    g.log_event("name_color", seat=seat, color=COLORS[pick])


@primitive("turn_over")
def p_turn_over(g: Game, a: dict[str, Any], f: Frame) -> None:
    for seat in seats(g, a.get("who"), f):
        g.turn_over(seat, f)


@primitive("move")
def p_move(g: Game, a: dict[str, Any], f: Frame) -> None:
    src = one_seat(g, a.get("from"), f)
    dst = one_seat(g, a.get("to"), f)
    if src is None or dst is None or src == dst:
        return
    spec = g.interp.spec_of(a.get("cards"))
    if spec is not None and not (spec.get("filters") or {}).get("zone"):
        spec = {**spec, "filters": {**(spec.get("filters") or {}),
                                     "zone": ["equipment", "judgement_zone"]}}
        chosen = pick_cards(g, {"cards": spec}, f, f.actor, src, "move")
    else:
        chosen = pick_cards(g, a.get("cards"), f, f.actor, src, "move")
    for uid in chosen:
        zone, _ = g.table.where[uid]
        if zone == EQUIPMENT:
            g.equip(dst, uid, f)
        elif zone == JUDGEMENT:
            g.move([uid], JUDGEMENT, dst, "move", f)
        elif zone == HAND:  # a hand card goes to the other's hand (chosen blind)
            g.move([uid], HAND, dst, "move", f)


@primitive("put_on_deck")
def p_put_on_deck(g: Game, a: dict[str, Any], f: Frame) -> None:
    chosen = pick_cards(g, a.get("cards"), f, f.actor, f.actor, "put on the deck")
    g.move(g.table.physical(chosen), DRAW, -1, "put_on_deck", f)


@primitive("shuffle_into_deck")
def p_shuffle_into_deck(g: Game, a: dict[str, Any], f: Frame) -> None:
    chosen = pick_cards(g, a.get("cards"), f, f.actor, f.actor, "shuffle into the deck")
    g.move(g.table.physical(chosen), DRAW, -1, "shuffle", f)
    g.rng.shuffle(g.table.draw_pile)


@primitive("extra_turn")
def p_extra_turn(g: Game, a: dict[str, Any], f: Frame) -> None:
    for seat in seats(g, a.get("who"), f):
        g.extra_turns.append(seat)


GRANTED_FOR = "gain_skill_until:"
"""``word_state`` key of a skill held for a while (父魂: until the end of the turn):
``GRANTED_FOR + "seat:skill"``; ``table.turns.end_period`` takes the skill back."""


@primitive("gain_skill")
def p_gain_skill(g: Game, a: dict[str, Any], f: Frame) -> None:
    skill = a.get("skill")
    if not isinstance(skill, str):
        return
    until = a.get("until")
    if until in (PHASE, TURN) and skill not in g.table.players[f.actor].skills:
        g.word_state.keep(f"{GRANTED_FOR}{f.actor}:{skill}", True, (End(str(until)),))
    elif until == "round":
        raise EngineGap("gain_skill until round (a skill is held for a phase or a turn)",
                        f.name)
    g.gain_skill(f.actor, skill)


def take_back_skills(g: Game, expired: list[str]) -> None:
    """Skills held for a period that just ended are lost (logged as ``lose_skills``)."""
    for key in expired:
        if key.startswith(GRANTED_FOR):
            seat_text, skill = key[len(GRANTED_FOR):].split(":", 1)
            p = g.table.players[int(seat_text)]
            if skill in p.skills:
                p.skills.remove(skill)
                g.changes += 1
                g.refresh_skills()
                g.log_event("lose_skills", seat=p.seat, general="", skills=[skill])


@primitive("flip_lightning")
def p_flip_lightning(g: Game, a: dict[str, Any], f: Frame) -> None:
    g.pass_on(f)


@primitive("place")
def p_place(g: Game, a: dict[str, Any], f: Frame) -> None:
    on = one_seat(g, a.get("on"), f)
    if on is None:
        return
    listed = card_list(g, a.get("cards"), f)
    if listed is not None:  # cards a step bound: each goes where its type goes, if any
        listed = [u for u in listed if g.table.card(u).type in ("equipment", "delayed_trick")]
    spec = g.interp.spec_of(a.get("cards"))
    if listed is None and spec is not None and f.use is not None and g.interp.card_matches(
            g.table.card(f.use.card), spec):
        listed = [f.use.card]  # "place indulgence": the card being used
    if listed is None:
        listed = pick_cards(g, a.get("cards"), f, f.actor, f.actor, "place")
        if not listed and spec is not None:
            # Nothing of the kind to place (直谏 with no equipment in hand): the effect
            # cannot be carried out, so it is undone rather than half done.
            raise Abort("no card to place")
    for uid in listed:
        g.place(uid, on, f)


@primitive("question")
def p_question(g: Game, a: dict[str, Any], f: Frame) -> tuple[int, ...]:
    doubters = []
    for seat in seats(g, a.get("by"), f):
        if g.ask_yes_no(seat, f"question {f.event.get('named', 'the card')}", f,
                        benefit=-1):
            doubters.append(seat)
    g.word_state.keep("questioners", list(doubters), END_OF_TURN)
    if doubters:
        card = f.event.get("card")
        g.log_event("question", seats=doubters,
                    card=g.face(card[0]) if isinstance(card, list) and card else None)
    return tuple(doubters)


@primitive("reveal_from_deck")
def p_reveal_from_deck(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    n = g.interp.num(a.get("n", 1), f)
    top = g.peek(n)
    g.move(top, PROCESSING, -1, "reveal", f)
    g.log_event("reveal", seat=f.actor, cards=[g.face(u) for u in top])
    return top


@primitive("gain_one")
def p_gain_one(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    seat = one_seat(g, a.get("who"), f)
    listed = [u for u in card_list(g, a.get("cards"), f) or []
              if g.table.where.get(u, ("", 0))[0] in (PROCESSING, DISCARD)]
    if seat is None or not listed:
        return []
    pick = g.ask(seat, "cards", [g.face(u) for u in listed], 1, 1, "gain one card")[0]
    g.move([listed[pick]], HAND, seat, "gain", f)
    return [listed[pick]]


BORROWED = "borrow_weapon:"
"""Word-state key prefix of a borrowed weapon, by holder: ``borrow_weapon:SEAT`` → uid."""


BORROWED_KEYS = tuple(f"{BORROWED}{seat}" for seat in range(32))
"""``borrow_weapon:SEAT`` of the first seats, made once (asked for every seat at every
``Statics.refresh``)."""


def borrowed_weapon(g: Game, seat: int) -> int | None:
    """The weapon ``seat`` has borrowed (借刀杀人), if any."""
    values = g.word_state.kept
    if not values:
        return None  # (most of the time no word keeps anything)
    found = values.get(BORROWED_KEYS[seat] if 0 <= seat < 32 else f"{BORROWED}{seat}")
    return found if isinstance(found, int) else None


def return_borrowed(g: Game, holder: int | None = None, weapon: int | None = None) -> None:
    """A borrowed weapon goes back: the holder's (a death), or that card's (it moved)."""
    for key in g.word_state.keys_with(BORROWED):
        if (holder is None or key == f"{BORROWED}{holder}") and (
                weapon is None or g.word_state.get(key) == weapon):
            g.word_state.pop(key)
            g.statics_dirty = True


@primitive("borrow_weapon")
def p_borrow_weapon(g: Game, a: dict[str, Any], f: Frame) -> None:
    src = one_seat(g, a.get("from"), f)
    if src is None:
        return
    weapon = g.table.players[src].equipment.get("weapon")
    if weapon is not None:
        # Borrowed until the end of the holder's discard phase (or of the turn).
        g.word_state.keep(f"{BORROWED}{f.actor}", weapon, (End(PHASE, "discard"), End(TURN)))
        g.statics_dirty = True
        g.log_event("borrow_weapon", seat=f.actor, owner=src, card=g.face(weapon))


@primitive("look_hand")
def p_look_hand(g: Game, a: dict[str, Any], f: Frame) -> None:
    seat = one_seat(g, a.get("who"), f)
    if seat is not None:
        g.log_event("look_hand", seat=f.actor, of=seat)


@primitive("discard_same_suit")
def p_discard_same_suit(g: Game, a: dict[str, Any], f: Frame) -> list[int]:
    like = card_list(g, a.get("like"), f) or []
    suits = {g.table.card(u).suit for u in like}
    spec = g.interp.spec_of(a.get("cards")) or {"filters": {}}
    cands = [u for u in g.interp.candidates(f.actor, spec) if g.table.card(u).suit in suits]
    low, high = g.interp.count_of(spec, f, len(cands))
    if len(cands) < low or not cands:
        return []
    chosen = g.choose_cards(f.actor, f.actor, cands, low, min(high, len(cands)), "discard", f)
    g.discard(chosen, f.actor, f)
    return chosen


@primitive("toggle_chain")
def p_toggle_chain(g: Game, a: dict[str, Any], f: Frame) -> None:
    for seat in seats(g, a.get("who"), f):
        p = g.table.players[seat]
        p.marks["chained"] = not p.marks.get("chained", False)
        g.log_event("chain", seat=seat, chained=p.marks["chained"])

"""Event log entries → one readable line each, for ``sgs replay``."""

from __future__ import annotations

from typing import Any


def _seat(value: Any, names: dict[int, str]) -> str:
    if value is None:
        return "no one"
    if isinstance(value, int):
        return names.get(value, f"seat {value}")
    return str(value)


def line(entry: dict[str, Any], names: dict[int, str]) -> str | None:
    e = entry.get("e")
    seat = entry.get("seat")
    who = _seat(seat, names) if seat is not None and seat != -1 else ""
    if e in ("setup", "seats"):
        return None
    if e == "turn":
        return f"\n== turn {entry['turn']}: {who}"
    if e == "phase":
        return f"  -- {entry['phase']} phase"
    if e == "decide":
        return None
    if e == "move":
        to = entry.get("to")
        if to in ("processing",) or entry.get("reason") in ("use", "play", "judge",
                                                             "judge_zone"):
            return None
        place = to if to in ("discard", "draw") else f"{to} of {_seat(seat, names)}"
        return f"     {', '.join(entry.get('cards', []))} → {place} ({entry.get('reason')})"
    if e == "draw":
        return f"     {who} draws {', '.join(entry.get('cards', [])) or 'nothing'}"
    if e == "use":
        via = f" via {entry['via']}" if entry.get("via") else ""
        return f"     {who} uses {entry['card']}{via}"
    if e == "target":
        targets = ", ".join(_seat(t, names) for t in entry.get("targets", []))
        return f"       → targets {targets}"
    if e == "play":
        return f"     {who} plays {entry['card']}"
    if e == "skill":
        return f"     {who} uses skill {entry['skill']}"
    if e == "damage":
        src = _seat(entry.get("source"), names)
        card = f" with {entry['card']}" if entry.get("card") else ""
        nature = f" {entry['nature']}" if entry.get("nature") not in (None, "normal") else ""
        return (f"     {who} takes {entry['n']}{nature} damage from {src}{card} "
                f"(HP {entry['hp']})")
    if e == "recover":
        return f"     {who} recovers {entry['n']} (HP {entry['hp']})"
    if e == "lose_hp":
        return f"     {who} loses {entry['n']} HP (HP {entry['hp']})"
    if e == "dying":
        return f"     {who} is dying"
    if e == "death":
        killer = _seat(entry.get("killer"), names)
        return f"  ** {who} dies, a {entry.get('role')} (killed by {killer})"
    if e == "judge":
        return f"     {who} judges: {entry['card']} ({entry.get('skill')})"
    if e == "win":
        winners = ", ".join(_seat(s, names) for s in entry.get("seats", []))
        return f"\n== {entry['side']} win: {winners}"
    if e == "error":
        return f"\n!! {entry.get('kind')}: {entry.get('message')}"
    text = _more(e, entry, who, names)
    if text is not None:
        return f"     {text}"
    bits = ", ".join(f"{k}={v}" for k, v in entry.items() if k not in ("e", "seat"))
    return f"     {who + ' ' if who else ''}{e}{': ' + bits if bits else ''}"


def _more(e: Any, entry: dict[str, Any], who: str, names: dict[int, str]) -> str | None:
    """The less frequent events, as sentences; None for those printed as raw fields."""
    def seats(values: Any) -> str:
        return ", ".join(_seat(v, names) for v in values or []) or "no one"

    via = f" ({entry['skill']})" if entry.get("skill") else ""
    if e == "cancel":
        return f"{entry.get('card')} is cancelled for {seats(entry.get('targets'))}{via}"
    if e == "pass_on":
        return f"{entry.get('card')} passes on to {_seat(entry.get('to'), names)}"
    if e == "reshuffle":
        return f"the discard pile is shuffled into a new deck ({entry.get('cards')} cards)"
    if e in ("skip", "will_skip"):
        verb = "skips" if e == "skip" else "will skip"
        return f"{who} {verb} the {entry.get('phase')} phase"
    if e == "immune":
        return f"{who} is unaffected by {entry.get('card')}{via}"
    if e == "deny":
        return f"{who} cannot answer {entry.get('card')}{via}"
    if e == "redirect":
        return (f"{entry.get('card')} is moved from {_seat(entry.get('frm'), names)} to "
                f"{_seat(entry.get('to'), names)}{via}")
    if e == "retrial":
        return f"{who} replaces the judgement {entry.get('old')} with {entry.get('new')}{via}"
    if e == "reward":
        return f"{who} gets the reward {entry.get('rule')}"
    if e == "turn_over":
        return f"{who} is turned {'face down' if entry.get('turned_over') else 'face up'}"
    if e == "gain_skill":
        return f"{who} gains the skill {entry.get('skill')}"
    if e == "prevent":
        # the seat is who prevents it (急救 prevents damage to anyone): the damage's own
        # line, damage_prevented or a smaller damage, names whom it was done to
        return f"{who} prevents {entry.get('n')} damage{via}"
    if e == "damage_prevented":
        return f"the damage to {who} is prevented"
    if e == "judge_result":
        return f"{who}'s judgement is {entry.get('card')}"
    if e == "max_hp":
        return f"{who} now has {entry.get('max_hp')} max HP (HP {entry.get('hp')})"
    return None


def render(log: list[dict[str, Any]], seats: list[dict[str, Any]]) -> str:
    names = {s["seat"]: f"seat {s['seat']} ({s.get('general') or s.get('role')})"
             for s in seats}
    out = []
    for s in seats:
        out.append(f"seat {s['seat']}: {s.get('role')}, {s.get('general') or 'no general'}, "
                   f"{s.get('max_hp')} max HP")
    for entry in log:
        text = line(entry, names)
        if text is not None:
            out.append(text)
    return "\n".join(out) + "\n"

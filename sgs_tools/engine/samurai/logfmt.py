"""A samurai game's event log → one readable line per entry, for ``sgs replay``."""

from __future__ import annotations

from typing import Any


def line(entry: dict[str, Any]) -> str | None:
    e = entry.get("e")
    who = f"seat {entry.get('seat')}"
    if e == "seats":
        return "\n".join(f"seat {s['seat']}: daimyo {s['daimyo']}; houses "
                         + " | ".join(", ".join(h) or "-" for h in s["houses"])
                         for s in entry["seats"])
    if e == "turn":
        return f"\n== turn {entry['turn']}: {who}"
    if e == "honor":
        return f"  honor +{entry['gained']} → {entry['total']}"
    if e == "draw":
        return f"     {who} draws {', '.join(entry['cards'])}"
    if e == "place":
        paid = f" for {entry['paid']}" if entry["paid"] else ""
        return f"     {who} places {entry['card']} in house {entry['house']}{paid}"
    if e == "relocate":
        where = f"house {entry['house']}" if entry["house"] else "hand"
        return f"     {who}: {entry['card']} → {where}"
    if e == "ninja":
        result = "succeeds" if entry["success"] else "fails"
        return (f"     {who} sends {entry['actor']} ({entry['action']}) against "
                f"{entry['card']} of seat {entry['target']}: {entry['chance']} in 6, rolled "
                f"{entry['roll']}, {result}")
    if e == "income":
        return f"     {who} collects {entry['money']} money ({entry['unused']} unused commands)"
    if e == "shogun":
        return f"     {who} holds the shogun ({entry['how']})"
    if e == "war_declared":
        return (f"     {who} declares war with house {entry['house']} on {entry['card']} of "
                f"seat {entry['target']}")
    if e == "advance_fire":
        hit = f"removes {', '.join(entry['hit'])}" if entry["hit"] else "misses"
        return f"       {entry['army']} of {who} fires: rolled {entry['roll']}, {hit}"
    if e == "war":
        return (f"       attack {sum(entry['attack'].values())} ({entry['attack_dice']} dice, "
                f"{entry['attack_pips']} pips) vs defence {sum(entry['defence'].values())} "
                f"({entry['defence_dice']} dice, {entry['defence_pips']} pips): seat "
                f"{entry['winner']} wins")
    if e == "house_lost":
        return f"     {who} loses house {entry['house']} ({entry['why']}): " + (
            ", ".join(entry["cards"]) or "empty")
    if e == "daimyo":
        return f"     {who}: {entry['card']} is the daimyo" + (
            " (rows swap)" if entry["swap"] else "")
    if e == "retire":
        return f"     {who}'s daimyo {entry['card']} retires"
    if e == "discard_excess":
        return f"     {who} discards {', '.join(entry['cards'])} (limits)"
    if e == "win":
        return f"\n{', '.join(f'seat {s}' for s in entry['seats'])} reaches the honor target"
    if e == "stalled":
        return f"no winner after {entry['turns']} turns"
    return None


def render(log: list[dict[str, Any]], seats: list[dict[str, Any]]) -> str:
    out = [text for entry in log if (text := line(entry)) is not None]
    out.append("")
    out.extend(f"seat {s['seat']} ({s['general']}): honor {s['honor']}, money {s['money']}, "
               f"wars won {s['wars_won']}" for s in seats)
    return "\n".join(out) + "\n"

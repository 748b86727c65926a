"""Data values → plain English words for the mode pages (ours, not a rule book's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sgs_tools.sitegen.markup import md

WORDS = {
    "youngest": "the youngest player",
    "lord": "the lord",
    "counterclockwise": "counter-clockwise",
    "clockwise": "clockwise",
    "current_hp": "the player's current HP",
    "general": "the general's printed HP",
    "whole_fish": "the halves of both generals added together (two halves make one HP)",
    "first_revealed": "the first general the player reveals",
    "both_revealed_first_time": "the first time both of a player's generals are face up",
    "more_than_half": "more than half",
    "total_players": "of all the players who started (the dead included)",
    "hidden": "face down",
    "public": "face up at once",
    "simultaneous": "face up, all at the same moment",
    "immediately": "the moment a side's condition is met",
    "all_factions_known": "only once every living player's faction is known",
    "top_first": "from the top card of the judgement zone down",
    "start_phase": "at the start of their turn",
    "skill_use": "when they use one of the hidden general's skills",
    "none": "none",
    "that_general": "that general's gender",
    "main": "the main general's gender",
    "hand": "hand",
    "equipment": "equipment",
    "judgement": "judgement zone",
    "pile": "cards on the general card",
    "role": "their role card",
    "generals": "their generals",
    "revealed": "a character with a revealed general",
    "unrevealed": "a character whose generals are all hidden",
    "same_faction": "of the same faction as the victim",
    "other_faction": "of another faction than the victim",
    "any": "anyone",
    "victim_faction_count": "as many cards as the victim's faction has members",
    "careerist": "a careerist",
    "target": "the target set for the game",
}


def word(value: Any) -> str:
    """A data value as plain English (unescaped)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(word(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k.replace('_', ' ')}: {word(v)}" for k, v in value.items())
    if isinstance(value, str):
        return WORDS.get(value, value.replace("_", " "))
    return str(value)


def w(value: Any) -> str:
    """``word`` escaped for Markdown."""
    return md(word(value))


def counted(n: int, noun: str) -> str:
    """'1 card', '2 cards' (unescaped; ``noun`` is a plain English word)."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


def names_of(raw: Any, fallback: str) -> tuple[str, str | None, str | None]:
    if isinstance(raw, dict):
        return (str(raw.get("en") or raw.get("zh") or fallback), raw.get("zh"), raw.get("ko"))
    return (fallback.replace("_", " "), None, None)


def count_list(raw: Any, name: Callable[[str], str] | None = None) -> str:
    """'wei 7, shu 7' (escaped); ``name`` turns each key into its display name."""
    if isinstance(raw, dict):
        return ", ".join(
            f"{md(name(str(k)) if name else str(k).replace('_', ' '))} {md(v)}"
            for k, v in raw.items())
    return w(raw)

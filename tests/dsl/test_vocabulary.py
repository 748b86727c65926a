"""The vocabulary registry: one word per meaning, every word rendered in three languages."""

from __future__ import annotations

import pytest

from sgs_tools.dsl.vocabulary import registry

ALL_MODES = frozenset({"identity", "korean", "guozhan", "samurai"})
KINDS = ("actions", "events", "selectors", "quantities", "modifiers")


@pytest.mark.parametrize("kind", KINDS)
def test_no_two_words_say_the_same(kind: str) -> None:
    """Two words with one template are a near-duplicate (as reveal_top once was)."""
    seen: dict[tuple[str, str, bool], str] = {}
    for name, word in getattr(registry(ALL_MODES), kind).items():
        text = getattr(word, "text", None) or {}
        for lang in ("en", "zh", "ko"):
            template = text.get(lang)
            if template is None:
                continue
            # Chinese and Korean nouns do not mark number: 'other' and 'others' may share.
            plural = bool((getattr(word, "info", None) or {}).get("plural"))
            other = seen.setdefault((lang, template, plural), name)
            assert other == name, f"{kind} {other!r} and {name!r} share the {lang} text"


@pytest.mark.parametrize("kind", KINDS)
def test_every_word_has_three_languages(kind: str) -> None:
    for name, word in getattr(registry(ALL_MODES), kind).items():
        text = getattr(word, "text", None)
        if text is None:
            continue
        assert {"en", "zh", "ko"} <= set(text), f"{kind} {name!r} lacks a language"


# Mechanics that are not a mode's own concept: every mode's data may use them.
SHARED_MECHANICS = {
    "actions": ["pindian", "use_uncounted", "choose_cards", "pick_in_range_of",
                "put_on_general", "recast", "draw_up_to", "transfer_damage", "swap_hands"],
    "events": ["cards_discarded", "hp_reduced", "phase_ending"],
    "quantities": ["pindian_number", "rival_pindian_number", "general_pile_count"],
    "modifiers": ["use_as", "fixed_distance", "forbid_use", "use_distance"],
}
# Words about Guozhan's own concepts (hidden generals, kingdoms as factions) stay there.
GUOZHAN_ONLY = {"actions": ["reveal_general", "hide_general", "pick_ally_of"],
                "selectors": ["fully_revealed", "partly_hidden", "same_kingdom"]}


@pytest.mark.parametrize("mode", ["identity", "korean", "guozhan", "samurai"])
def test_shared_mechanics_are_in_every_mode(mode: str) -> None:
    reg = registry(frozenset({mode}))
    missing = [(table, word) for table, words in SHARED_MECHANICS.items()
               for word in words if word not in getattr(reg, table)]
    assert missing == []


def test_guozhan_concepts_stay_in_guozhan() -> None:
    identity, guozhan = registry(frozenset({"identity"})), registry(frozenset({"guozhan"}))
    for table, words in GUOZHAN_ONLY.items():
        for word in words:
            assert word not in getattr(identity, table), word
            assert word in getattr(guozhan, table), word


def test_an_identity_skill_may_pindian_and_a_guozhan_word_says_its_mode() -> None:
    from sgs_tools.dsl.check import Context, check
    from sgs_tools.dsl.parse import parse

    reg = registry(frozenset({"identity"}))
    ok = parse("action, once per phase:\n  pick 1 other with_hand_cards as rival\n"
               "  pindian with rival\n  if pindian_number > rival_pindian_number:\n"
               "    use_uncounted slash on rival\n")
    assert check(ok, Context(reg, frozenset({"slash"}), frozenset())).issues == []
    bad = parse("action:\n  reveal_general\n")
    issues = check(bad, Context(reg, frozenset(), frozenset())).issues
    assert issues and "guozhan" in (issues[0].hint or "")


def test_an_unknown_function_or_word_lists_the_nearest_known_ones() -> None:
    from sgs_tools.dsl.check import Context, check
    from sgs_tools.dsl.parse import parse

    reg = registry(frozenset({"identity"}))
    ctx = Context(reg, frozenset(), frozenset())
    issues = check(parse("action:\n  draw (diff(hp, 1))\n"), ctx).issues
    assert issues[0].code == "dsl-unknown-function"
    assert issues[0].hint is not None and "'difference'" in issues[0].hint
    issues = check(parse("action:\n  draw (zzq(hp, 1))\n"), ctx).issues
    assert issues[0].hint is not None and issues[0].hint.startswith(("known: ", "nearest"))
    issues = check(parse("action:\n  drawcards 1\n"), ctx).issues
    assert issues[0].hint is not None and "'draw" in issues[0].hint

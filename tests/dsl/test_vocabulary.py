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

"""Every skill and card text, per language, pinned in one golden file per language
(tests/dsl/golden/texts/<lang>.txt), so no text drifts unseen: a change to the renderer,
the vocabulary or the data shows up as a diff a rules editor of that language reads. The
corpora nobody here wrote as rules text (tests/corpus: the 一将成名 skills and the designers'
words) are pinned beside them (corpus-<lang>.txt).

Rewrite after a deliberate change with SGS_UPDATE_GOLDEN=1."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from sgs_tools.dsl.effects import EffectsResult, explain
from sgs_tools.project import library
from tests.conftest import TESTS, golden
from tests.dsl.test_bundled import bundled

TEXTS = TESTS / "dsl" / "golden" / "texts"
CORPUS = TESTS / "corpus"
CORPORA = ("yjcm", "words", "words_gz")


def all_texts(lang: str) -> str:
    effects = bundled().effects
    assert effects is not None
    lines = []
    for ident in sorted(effects.compiled):
        text = explain(effects.compiled[ident], effects.names, lang)
        assert "\n" not in text, ident
        lines.append(f"{ident}\t{text}")
    return "\n".join(lines) + "\n"


@functools.cache
def corpus_effects(name: str) -> EffectsResult:
    effects = library([Path(CORPUS / name)]).effects
    assert effects is not None
    return effects


def corpus_texts(lang: str) -> list[tuple[str, str]]:
    """(corpus/id, text) of every skill a corpus defines itself (the base game's aside)."""
    base = bundled().effects
    assert base is not None
    out = []
    for name in CORPORA:
        effects = corpus_effects(name)
        out += [(f"{name}/{ident}", explain(effects.compiled[ident], effects.names, lang))
                for ident in sorted(effects.compiled) if ident not in base.compiled]
    return out


def every_text(lang: str) -> list[tuple[str, str]]:
    """Every rendered text: the bundled skills and cards, then the corpora's skills."""
    base = bundled().effects
    assert base is not None
    return [(ident, explain(base.compiled[ident], base.names, lang))
            for ident in sorted(base.compiled)] + corpus_texts(lang)


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_every_text_matches_its_golden_file(lang: str) -> None:
    golden(TEXTS / f"{lang}.txt", all_texts(lang))


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_every_corpus_text_matches_its_golden_file(lang: str) -> None:
    texts = corpus_texts(lang)
    assert len(texts) >= 28 + 5  # the 一将成名 skills and the designers' words
    assert all("\n" not in text for _, text in texts)
    golden(TEXTS / f"corpus-{lang}.txt", "".join(f"{i}\t{t}\n" for i, t in texts))

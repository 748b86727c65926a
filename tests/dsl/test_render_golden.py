"""Every skill and card text, per language, pinned in one golden file per language
(tests/dsl/golden/texts/<lang>.txt), so no text drifts unseen: a change to the renderer,
the vocabulary or the data shows up as a diff a rules editor of that language reads.

Rewrite after a deliberate change with SGS_UPDATE_GOLDEN=1."""

from __future__ import annotations

import pytest

from sgs_tools.dsl.effects import explain
from tests.conftest import TESTS, golden
from tests.dsl.test_bundled import bundled

TEXTS = TESTS / "dsl" / "golden" / "texts"


def all_texts(lang: str) -> str:
    effects = bundled().effects
    assert effects is not None
    lines = []
    for ident in sorted(effects.compiled):
        text = explain(effects.compiled[ident], effects.names, lang)
        assert "\n" not in text, ident
        lines.append(f"{ident}\t{text}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_every_text_matches_its_golden_file(lang: str) -> None:
    golden(TEXTS / f"{lang}.txt", all_texts(lang))

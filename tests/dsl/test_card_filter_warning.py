"""Card words no card satisfies together (``red spade card``, ``equipment slash``) are a
located warning at validate time (issue 13: they matched nothing silently); ``sgs validate
--strict`` makes it an error. The effect still compiles and runs. A card name beside a card
type is an alternative (``equipment_card slash card``: an equipment card or a Slash, 明策),
so it warns of nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.dsl.check import Context, check
from sgs_tools.dsl.parse import parse
from sgs_tools.dsl.vocabulary import registry
from tests.dsl.test_bundled import bundled
from tests.engine.designer_kit import expansion, skill

KINDS = {cid: (c.type, c.subtype) for cid, c in bundled().catalog.cards.items()}


def issues(text: str) -> list[tuple[str, str, str]]:
    ctx = Context(registry(), frozenset(KINDS), frozenset(), card_kinds=KINDS)
    return [(i.code, i.severity, i.message) for i in check(parse(text), ctx).issues]


@pytest.mark.parametrize(("words", "why"), [
    ("red spade card", "a red card is never spade"),
    ("equipment slash", "slash is never in the equipment area"),
    ("equipment basic card", "a card in the equipment area is never basic"),
])
def test_contradictory_card_words_warn(words: str, why: str) -> None:
    found = issues(f"action:\n  discard 1 {words}\n")
    assert found == [("dsl-card-filter", "warning",
                      f"'{words}' matches no card: {why}")], found


@pytest.mark.parametrize("words", ["black slash", "red card", "trick card", "weapon card",
                                   "equipment horse", "spade slash", "heart jink",
                                   "delayed_trick indulgence", "slash jink", "basic slash",
                                   "equipment_card slash card", "weapon jink"])
def test_words_some_card_satisfies_do_not_warn(words: str) -> None:
    assert issues(f"action:\n  discard 1 {words}\n") == []


def test_validate_warns_at_the_line_and_strict_fails(tmp_path: Path) -> None:
    root = expansion(tmp_path, "filters", {"collector": skill(
        "collect", "action:\n  discard 1 red spade card\n  draw 1\n")})
    result = CliRunner().invoke(app, ["validate", str(root)])
    assert result.exit_code == 0, result.output
    assert ("collector.yaml:14:21: warning[dsl-card-filter]: 'red spade card' "
            "matches no card: a red card is never spade") in result.output, result.output
    strict = CliRunner().invoke(app, ["validate", "--strict", str(root)])
    assert strict.exit_code == 1, strict.output


def test_a_warned_effect_still_compiles(tmp_path: Path) -> None:
    from sgs_tools.project import library

    root = expansion(tmp_path, "filters", {"collector": skill(
        "collect", "action:\n  discard 1 red spade card\n  draw 1\n")})
    lib = library([root])
    assert [h.kind for h in lib.hooks["collect"]] == ["action"]
    assert lib.problems == []

"""`sgs words [QUERY]`: the DSL vocabulary, searchable in three languages."""

from __future__ import annotations

from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.cli.words import all_words, matches
from sgs_tools.dsl.vocabulary import full_registry

runner = CliRunner()


def test_one_word_with_signature_meaning_example_and_translations() -> None:
    result = runner.invoke(app, ["words", "draw_count"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("draw_count  (modifier)\n  usage:   draw_count DELTA\n")
    assert "  zh:      摸牌阶段，你的摸牌数{delta}\n" in out
    assert "  ko:      카드 획득 단계에 뽑는 카드 수 {delta}\n" in out
    assert "  example (yingzi, " in out and "    draw_count +1\n" in out


def test_search_in_every_language() -> None:
    every = all_words(full_registry())
    for query in ("摸牌", "뽑", "draw phase"):
        assert "draw_count" in [w.name for w in matches(every, query)], query
    assert matches(every, "draw")[0].name == "draw"  # an exact name comes first
    zh = runner.invoke(app, ["words", "摸牌"])
    assert zh.exit_code == 0 and "draw_count  (modifier)" in zh.output


def test_markers_and_optional_parameters_in_the_signature() -> None:
    every = {(w.kind, w.name): w for w in all_words(full_registry())}
    assert every["action", "damage"].signature == "damage [N] [NATURE] to TO [by BY]"
    assert every["event", "take_damage"].signature.startswith("after|when|before take_damage")


def test_list_and_unknown_words() -> None:
    listed = runner.invoke(app, ["words", "--kind", "event"])
    assert listed.exit_code == 0
    assert "take_damage" in listed.output and "words; 'sgs words WORD'" in listed.output
    missing = runner.invoke(app, ["words", "drwa"])
    assert missing.exit_code == 1 and "did you mean 'draw'?" in missing.output
    bad = runner.invoke(app, ["words", "x", "--kind", "verb"])
    assert bad.exit_code == 2 and "unknown kind 'verb'" in bad.output

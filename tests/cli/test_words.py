"""`sgs words [QUERY]`: the DSL vocabulary, searchable in three languages."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.cli.words import all_words, example_of, examples, matches, project
from sgs_tools.dsl.vocabulary import full_registry
from sgs_tools.engine.library import walk_words
from sgs_tools.project import library

runner = CliRunner()


def test_one_word_with_signature_meaning_example_and_translations() -> None:
    result = runner.invoke(app, ["words", "draw_count"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("draw_count  (modifier)\n  usage:   draw_count DELTA\n")
    assert "  zh:      摸牌阶段，你{delta|card}\n" in out
    assert "  ko:      카드 획득 단계에 카드를 {delta|card} 뽑는다\n" in out
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
    assert every["event", "take_damage"].signature.startswith("before|when|after take_damage")


def test_list_and_unknown_words() -> None:
    listed = runner.invoke(app, ["words", "--kind", "event"])
    assert listed.exit_code == 0
    assert "take_damage" in listed.output and "words; 'sgs words WORD'" in listed.output
    missing = runner.invoke(app, ["words", "drwa"])
    assert missing.exit_code == 1 and "did you mean 'draw'?" in missing.output
    bad = runner.invoke(app, ["words", "x", "--kind", "verb"])
    assert bad.exit_code == 2 and "unknown kind 'verb'" in bad.output


def test_an_example_uses_the_word_as_its_kind_of_word() -> None:
    # the function distance(a, b), not the modifier 'distance -1 to others' (赤兔)
    result = runner.invoke(app, ["words", "distance", "--kind", "function"])
    assert result.exit_code == 0, result.output
    assert "chitu" not in result.output and "draw (distance(you, target))" in result.output
    assert "example (grammar/vocabulary/designers.yaml):" in result.output
    # the selector 'other within 2', not the marker of 'use_distance … within 2'
    within = runner.invoke(app, ["words", "within", "--kind", "selector"]).output
    assert "use_distance" not in within and "pick other within 1 as target" in within


def test_an_event_shows_the_timings_it_has() -> None:
    every = {(w.kind, w.name): w for w in all_words(full_registry())}
    assert every["event", "hand_size_changed"].signature == "after hand_size_changed [of WHO]"


def test_every_designers_word_has_an_example_and_each_example_uses_its_word(
        tmp_path: Path) -> None:
    """The words made for designers (grammar/vocabulary/designers.yaml) are shown with an
    example, a bundled one or their own; each own example compiles, with no problem, and
    uses its word as the kind of word it is."""
    every = all_words(full_registry())
    effects = examples(project())
    assert [w.name for w in every if w.origin == "designers"
            and example_of(w, effects) is None] == []
    own = [w for w in every if w.example]
    assert own
    skills = "".join(
        f"  - id: ex{i}\n    name: {{zh: 例{i}, en: Example {i}, ko: 예{i}}}\n    tags: []\n"
        "    effect: |\n" + "".join(f"      {line}\n" for line in w.example.splitlines())
        for i, w in enumerate(own))
    (tmp_path / "generals").mkdir()
    (tmp_path / "expansion.yaml").write_text(
        "kind: expansion\nid: ex\nname: {zh: 例, en: Examples, ko: 예}\n"
        'version: "1.0"\nmodes: [identity]\n', encoding="utf-8")
    (tmp_path / "generals" / "ex.yaml").write_text(
        "kind: general\nid: ex\nname: {zh: 例, en: Example, ko: 예}\nset: ex\n"
        "kingdom: qun\ngender: male\nhp: 4\n"
        "marks:\n  - id: xu\n    name: {zh: 蓄, en: Charge, ko: 축}\n"
        f"skills:\n{skills}", encoding="utf-8")
    checked = runner.invoke(app, ["validate", "--strict", str(tmp_path)])
    assert checked.exit_code == 0, checked.output
    lib = library([tmp_path])
    for i, w in enumerate(own):
        uses = {f"{'selector' if c == 'predicate' else c}:{name}"
                for hook in lib.effects.compiled[f"ex{i}"].hooks
                for c, name in walk_words(hook)}
        uses |= {f"event:{hook['event']}" for hook in lib.effects.compiled[f"ex{i}"].hooks}
        assert f"{w.kind}:{w.name}" in uses, (w.name, w.example)

"""The schemas in a real editor: yaml-language-server (what VS Code's YAML extension runs),
driven over stdio. Every bundled file is clean, typical mistakes are reported where
`sgs validate` reports them, completion and hover tell the designer the game's words, and
all of it works for an expansion outside the checkout with the modelines the tools write.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sgs_tools import paths
from sgs_tools.data import schemas
from sgs_tools.data.loader import loads
from sgs_tools.editor import schema_build
from sgs_tools.project import validate
from sgs_tools.scenario import cards_pattern
from tests.conftest import EXAMPLES, TESTS
from tests.editor.lsp import ROOT, Client

BUNDLED = [*paths.bundled_files(), *sorted((TESTS / "scenarios").glob("*.yaml")),
           *sorted((EXAMPLES / "positive").rglob("*.yaml"))]
CAOCAO = ROOT / "generals" / "standard" / "caocao.yaml"
CARDS = ROOT / "cards" / "standard" / "cards.yaml"
SCENARIO = TESTS / "scenarios" / "card_axe.yaml"
EXPANSION = EXAMPLES / "positive" / "expansion"
GENERAL = CAOCAO.read_text(encoding="utf-8")


def _line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_every_bundled_file_is_clean(server: Client, tmp_path: Path) -> None:
    assert len(BUNDLED) > 190
    # One broken file in the batch shows that a batch reports what it finds.
    broken = tmp_path / "broken.yaml"
    broken.write_text(schema_build.modeline(broken, schemas.schema_dir() /
                                            "general.schema.json") + "\n" +
                      GENERAL.split("\n", 1)[1].replace("kingdom: wei", "kingdom: weii"),
                      encoding="utf-8")
    found = server.diagnostics_of_all([*BUNDLED, broken])
    assert set(found) == {*BUNDLED, broken}
    dirty = {p.name: [d.line for d in ds] for p, ds in found.items() if ds}
    assert dirty == {"broken.yaml": [_line_of(broken.read_text(encoding="utf-8"),
                                              "kingdom:")]}


def test_a_typo_is_reported_in_the_open_file(server: Client) -> None:
    # How fast: bench/editor_bench.py (not a timed test).
    text = GENERAL.replace("kingdom: wei", "kingdom: weii")
    found = server.diagnostics(CAOCAO, text)
    assert [(d.line, d.column) for d in found] == [(_line_of(text, "kingdom:"), 10)]
    assert found[0].message == ('Value is not accepted. Valid values: "wei", "shu", "wu", '
                                '"qun", "god".')


# -- typical mistakes: the editor and `sgs validate` point at the same place ---------------

MISTAKES = {
    "kingdom typo": (GENERAL.replace("kingdom: wei", "kingdom: weii"), "general"),
    "unknown key": (GENERAL.replace("gender: male", "gender: male\ngendr: male"), "general"),
    "wrong type": (GENERAL.replace("hp: 4", "hp: four"), "general"),
    "wrong tag": (GENERAL.replace("tags: [lord]", "tags: [lrod]"), "general"),
    "bad id": (GENERAL.replace("id: caocao", "id: Cao-Cao", 1), "general"),
    "missing key": (GENERAL.replace("gender: male\n", ""), "general"),
    "unknown deck suit": (
        (ROOT / "cards/standard/deck.yaml").read_text(encoding="utf-8").replace(
            "suit: spade", "suit: spades", 1), "deck"),
}


@pytest.mark.parametrize("name", list(MISTAKES))
def test_mistakes_are_reported_where_sgs_reports_them(server: Client, name: str,
                                                      tmp_path: Path) -> None:
    text, schema_name = MISTAKES[name]
    assert text != (CAOCAO if schema_name == "general" else ROOT / "cards/standard/deck.yaml"
                    ).read_text(encoding="utf-8"), "the mistake was not made"
    target = CAOCAO if schema_name == "general" else ROOT / "cards/standard/deck.yaml"
    found = server.diagnostics(target, text)
    problems = schemas.check(loads(text, str(target)), schema_name)
    if name == "kingdom typo":  # an open enum: the catalog checks it (expansions add kingdoms)
        copy = tmp_path / "caocao.yaml"
        copy.write_text(text.replace("id: caocao", "id: caocao_copy", 1), encoding="utf-8")
        problems = [p for p in validate([copy]).problems if p.code == "unknown-kingdom"]
    assert problems, "sgs validate must report it too"
    assert found, "the editor must report it"
    ours = {(p.location.line, p.location.col) for p in problems}
    theirs = {(d.line, d.column) for d in found}
    assert ours & theirs, (name, ours, found)


def test_missing_health_is_flagged(server: Client) -> None:
    found = server.diagnostics(CAOCAO, GENERAL.replace("hp: 4\n", ""))
    assert any("hp" in d.message for d in found), found
    both = server.diagnostics(CAOCAO, GENERAL.replace("hp: 4\n", "hp: 4\nhalves: 8\n"))
    assert both, "hp and halves together must be flagged"


def test_subtype_on_a_basic_card_is_flagged(server: Client) -> None:
    text = CARDS.read_text(encoding="utf-8").replace(
        "    type: basic\n", "    type: basic\n    subtype: weapon\n    range: 1\n", 1)
    line = text.splitlines().index("    subtype: weapon") + 1
    found = server.diagnostics(CARDS, text)
    assert [(d.line, d.column) for d in found] == [(line, 5)], found
    problems = schemas.check(loads(text, "cards.yaml"), "card")
    assert [(p.code, p.location.line, p.location.col) for p in problems] == [
        ("unknown-key", line, 5)]


def test_an_id_pattern_error_reads_as_words(server: Client) -> None:
    found = server.diagnostics(CAOCAO, GENERAL.replace("id: caocao", "id: Cao-Cao", 1))
    assert any(d.message == schema_build.ID_MESSAGE for d in found), found


SCEN = SCENARIO.read_text(encoding="utf-8")


def test_scenario_card_forms_agree_with_sgs_test(server: Client) -> None:
    good = SCEN + "discard: [jink 2♥, heart 5 jink, jink ♦q]\n"
    assert server.diagnostics(SCENARIO, good) == []
    bad = SCEN + "discard: [jink ♠]\n"
    found = server.diagnostics(SCENARIO, bad)
    assert [d.message for d in found] == [cards_pattern.CARD_MESSAGE]
    assert found[0].line == len(bad.splitlines())


def test_scenario_misspelt_event_field(server: Client) -> None:
    text = SCEN + "  no_events: [{e: damage, seta: 1}]\n" if "expect:" in SCEN else SCEN
    found = server.diagnostics(SCENARIO, text)
    assert any("seta" in d.message for d in found), found


# -- completion and hover ----------------------------------------------------------------

def _labels(items: list[dict[str, object]]) -> list[str]:
    return [str(i["label"]) for i in items]


def _doc(item: dict[str, object]) -> str:
    doc = item.get("documentation")
    if isinstance(doc, dict):
        return str(doc.get("value", ""))
    return str(doc or "")


def test_completion_offers_kingdoms_with_their_names(server: Client) -> None:
    text = GENERAL.replace("kingdom: wei", "kingdom: ")
    line = _line_of(text, "kingdom:")
    items = server.completion(CAOCAO, text, line, len("kingdom: ") + 1)
    assert set(_labels(items)) >= {"wei", "shu", "wu", "qun", "god"}
    wei = next(i for i in items if i["label"] == "wei")
    assert "魏" in _doc(wei) and "Wei" in _doc(wei) and "위" in _doc(wei)


def test_completion_offers_tags(server: Client) -> None:
    text = GENERAL.replace("tags: [lord]", "tags:\n      - ")
    line = _line_of(text, "      - ") if "      - " in text else 0
    items = server.completion(CAOCAO, text, line, len("      - ") + 1)
    assert {"locked", "lord", "limited", "awakening", "transform"} <= set(_labels(items))
    locked = next(i for i in items if i["label"] == "locked")
    assert "锁定技" in _doc(locked)


def test_completion_offers_set_ids(server: Client) -> None:
    text = GENERAL.replace("set: standard", "set: ")
    line = _line_of(text, "set:")
    items = server.completion(CAOCAO, text, line, len("set: ") + 1)
    assert {"standard", "wind", "korean", "guozhan"} <= set(_labels(items))


def test_completion_offers_only_the_fields_of_an_event_kind(server: Client) -> None:
    text = ("# yaml-language-server: $schema=../../sgs_tools/data/schemas/"
            "scenario.schema.json\nkind: scenario\nseats: [{general: caocao}]\nexpect:\n"
            "  events:\n    - e: damage\n      \n")
    items = server.completion(SCENARIO, text, 7, 7)
    from sgs_tools.engine import LOG_FIELDS

    assert set(_labels(items)) == set(LOG_FIELDS["damage"]) | {"times"}


def test_completion_offers_general_and_card_ids_in_a_scenario(server: Client) -> None:
    head = ("# yaml-language-server: $schema=../../sgs_tools/data/schemas/"
            "scenario.schema.json\nkind: scenario\n")
    items = server.completion(SCENARIO, head + "seats:\n  - general: \n", 4, 14)
    assert {"caocao", "liubei", "sunquan"} <= set(_labels(items))
    items = server.completion(SCENARIO, head + "seats: [{}]\ndeck:\n  - \n", 5, 5)
    assert {"slash", "jink", "peach"} <= set(_labels(items))


def test_hover_describes_a_key_and_its_values(server: Client) -> None:
    line = _line_of(GENERAL, "kingdom:")
    shown = server.hover(CAOCAO, GENERAL, line, 2)
    # The value's own description (from the oneOf branch), then every allowed value's.
    assert shown.startswith("#### Kingdom\n\n**魏** · Wei · 위\n"), shown
    assert "* `shu`: **蜀** · Shu · 촉" in shown
    shown = server.hover(CAOCAO, GENERAL, _line_of(GENERAL, "hp:"), 2)
    assert shown.startswith("#### Health\n\nMaximum health in whole points"), shown


# -- outside the checkout ----------------------------------------------------------------

@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example expansion copied out, with its schemas and modelines written by the
    tools, plus a companion pairing of its own and a scenario using its own general."""
    root = tmp_path_factory.mktemp("outside") / "my_expansion"
    shutil.copytree(EXPANSION, root)
    general = next((root / "generals").glob("*.yaml"))
    (root / "tests").mkdir()
    (root / "tests" / "own.yaml").write_text(
        "kind: scenario\nseats: [{general: " + general.stem + "}, {general: caocao}]\n",
        encoding="utf-8")
    report = schema_build.export_project_schemas(root / "schemas", [root])
    assert report.ok and len(report.written) == 6
    changes = schema_build.set_modelines(root, root / "schemas", write=True)
    assert changes and all(c.line.startswith(schema_build.MODELINE_PREFIX + "../")
                           or c.line.startswith(schema_build.MODELINE_PREFIX + "schemas/")
                           for c in changes)
    return root


def test_an_exported_expansion_is_clean(server: Client, exported: Path) -> None:
    files = sorted(p for p in exported.rglob("*.yaml") if "schemas" not in p.parts)
    assert len(files) >= 5
    for path in files:
        assert path.read_text(encoding="utf-8").startswith(schema_build.MODELINE_PREFIX)
    assert {p: d for p, d in server.diagnostics_of_all(files).items() if d} == {}


def test_an_exported_expansion_knows_its_own_ids(server: Client, exported: Path) -> None:
    scenario = exported / "tests" / "own.yaml"
    text = scenario.read_text(encoding="utf-8")
    general = next((exported / "generals").glob("*.yaml")).stem
    items = server.completion(scenario, text.replace("general: caocao}", "general: }"),
                              3, text.index("general: caocao") - text.index("seats") + 10)
    assert general in _labels(items) and "caocao" in _labels(items)
    wrong = server.diagnostics(scenario, text.replace("general: caocao", "general: caocaoo"))
    assert wrong, "a project's scenario names only generals the project has"
    path = exported / "generals" / f"{general}.yaml"
    gtext = path.read_text(encoding="utf-8")
    set_line = _line_of(gtext, "set:")
    items = server.completion(path, gtext.replace(
        gtext.splitlines()[set_line - 1], "set: "), set_line, 6)
    expansion_id = loads((exported / "expansion.yaml").read_text(encoding="utf-8")).data["id"]
    assert expansion_id in _labels(items) and "standard" in _labels(items)


def test_a_bundled_file_copied_out_gets_a_working_modeline(server: Client,
                                                           tmp_path: Path) -> None:
    copied = tmp_path / "caocao.yaml"
    shutil.copy(CAOCAO, copied)
    report = schema_build.export_project_schemas(tmp_path / "schemas", [copied])
    assert report.ok
    [change] = schema_build.set_modelines(copied, tmp_path / "schemas", write=True)
    assert change.line == schema_build.MODELINE_PREFIX + "schemas/general.schema.json"
    assert server.diagnostics(copied) == []
    text = copied.read_text(encoding="utf-8")
    assert server.diagnostics(copied, text.replace("kingdom: wei", "kingdom: weii"))


def test_an_expansion_kingdom_is_valid_and_offered_in_its_editor(
        server: Client, tmp_path: Path) -> None:
    """The jin example exported outside: its own kingdom checks clean, is completed with
    its names, and a misspelling of it is flagged; the schemas' declaration rules too."""
    root = tmp_path / "jin"
    shutil.copytree(EXAMPLES / "positive" / "jin-kingdom", root)
    assert schema_build.export_project_schemas(root / "schemas", [root], force=True).ok
    schema_build.set_modelines(root, root / "schemas", write=True)
    files = sorted(p for p in root.rglob("*.yaml") if "schemas" not in p.parts)
    assert {p: d for p, d in server.diagnostics_of_all(files).items() if d} == {}
    path = root / "generals" / "simayan.yaml"
    text = path.read_text(encoding="utf-8")
    line = _line_of(text, "kingdom:")
    items = server.completion(path, text.replace("kingdom: jin", "kingdom: "), line,
                              len("kingdom: ") + 1)
    jin = next(i for i in items if i["label"] == "jin")
    assert "晋" in _doc(jin) and "Jin" in _doc(jin) and "진" in _doc(jin)
    assert server.diagnostics(path, text.replace("kingdom: jin", "kingdom: jinn"))
    manifest = root / "expansion.yaml"
    mtext = manifest.read_text(encoding="utf-8")
    assert server.diagnostics(manifest, mtext.replace("id: jin\n", "id: wei\n"))
    assert server.diagnostics(manifest, mtext.replace('"#5b4a8c"', "purple"))


def test_an_exported_schema_has_no_remote_id(exported: Path) -> None:
    for path in (exported / "schemas").glob("*.schema.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert "$id" not in data


# -- the card pattern means the same in the editor's JavaScript --------------------------

def test_the_card_pattern_means_the_same_in_javascript() -> None:
    from tests.scenario.test_cards_pattern import ACCEPTED, JUDGEMENT_ONLY, REJECTED

    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail("node must be installed in CI")
        pytest.skip("node is not installed")
    samples = [*ACCEPTED, *REJECTED, *JUDGEMENT_ONLY]
    script = (
        "const [card, judge, samples] = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "const c = new RegExp(card, 'u'), j = new RegExp(judge, 'u');"
        "console.log(JSON.stringify(samples.map(s => [c.test(s), j.test(s)])));")
    payload = json.dumps([cards_pattern.CARD_PATTERN, cards_pattern.JUDGEMENT_CARD_PATTERN,
                          samples])
    out = subprocess.run([node, "-e", script], input=payload, capture_output=True, text=True,
                         check=True, timeout=30)
    import re

    card = re.compile(cards_pattern.CARD_PATTERN)
    judge = re.compile(cards_pattern.JUDGEMENT_CARD_PATTERN)
    python = [[bool(card.search(s)), bool(judge.search(s))] for s in samples]
    assert json.loads(out.stdout) == python

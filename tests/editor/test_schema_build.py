"""Schemas filled in from the data, and made for a project (sgs_tools/editor/schema_build.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sgs_tools.data import schemas
from sgs_tools.data.loader import load_file, loads
from sgs_tools.editor import schema_build
from tests.conftest import EXAMPLES, UPDATE

FACTS = schema_build.bundled_facts()


def _enums(node: Any, where: str = "") -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        if "enum" in node:
            found.append((where, node))
        for key, sub in node.items():
            found.extend(_enums(sub, f"{where}/{key}"))
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            found.extend(_enums(sub, f"{where}/{i}"))
    return found


def _without_examples(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _without_examples(v) for k, v in node.items() if k != "examples"}
    if isinstance(node, list):
        return [_without_examples(v) for v in node]
    return node


@pytest.mark.parametrize("name", schema_build.NAMES)
def test_shipped_schema_is_what_build_makes(name: str) -> None:
    """The files are build()'s output over the bundled data; SGS_UPDATE_GOLDEN=1 rewrites
    them. Suggested ids (examples) may lag the data: other data can be added freely."""
    path = schemas.schema_dir() / f"{name}.schema.json"
    built = schema_build.render(schema_build.build(name, FACTS))
    if UPDATE:
        path.write_text(built, encoding="utf-8")
        return
    shipped = json.loads(path.read_text(encoding="utf-8"))
    assert _without_examples(shipped) == _without_examples(json.loads(built))


@pytest.mark.parametrize("name", schema_build.NAMES)
def test_suggested_ids_exist(name: str) -> None:
    known = FACTS.sets | FACTS.generals | FACTS.skills | FACTS.cards | FACTS.decks | \
        FACTS.modes | set(FACTS.kingdoms)
    text = (schemas.schema_dir() / f"{name}.schema.json").read_text(encoding="utf-8")

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "examples" in node:
                assert set(node["examples"]) <= known, set(node["examples"]) - known
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(json.loads(text))


@pytest.mark.parametrize("name", schema_build.NAMES)
def test_no_schema_sends_editors_to_a_host(name: str) -> None:
    assert "$id" not in schemas.schema(name)


ENUM_WORDS = {"kingdom", "tags", "type", "subtype", "e", "phase", "role", "gender", "suit",
              "agent", "nature", "mode"}


@pytest.mark.parametrize("name", schema_build.NAMES)
def test_listed_words_are_described_in_three_languages(name: str) -> None:
    described = 0
    for where, node in _enums(schemas.schema(name)):
        last = [p for p in where.split("/") if p and not p.isdigit() and p not in (
            "properties", "items", "$defs")][-1:]
        if not last or (last[0] not in ENUM_WORDS and where.split("/")[-1] != "phase"):
            continue
        md = node.get("markdownEnumDescriptions")
        assert md is not None and len(md) == len(node["enum"]), where
        assert len(node["enumDescriptions"]) == len(node["enum"]), where
        for value, text in zip(node["enum"], md, strict=True):
            if value is None:
                continue
            assert text.startswith("**") and text.count(" · ") >= 2, (where, value, text)
            described += 1
    assert described or name in ("expansion", "mode")


def test_descriptions_match_their_enums() -> None:
    general = schemas.schema("general")
    tags = general["$defs"]["skill"]["properties"]["tags"]
    for tag in tags["items"]["enum"]:
        assert tag in tags["description"]
    card = schemas.schema("card")["$defs"]["card"]["properties"]["subtype"]
    for subtype in card["enum"]:
        assert subtype in card["description"]


def test_kingdom_descriptions_carry_the_names() -> None:
    node = schemas.schema("general")["properties"]["kingdom"]
    wei = node["markdownEnumDescriptions"][node["enum"].index("wei")]
    assert wei == "**魏** · Wei · 위"


def test_build_is_idempotent() -> None:
    for name in schema_build.NAMES:
        once = schema_build.build(name, FACTS)
        assert schema_build.render(once) == schema_build.render(schema_build.build(name, FACTS))


# -- sgs validate and the editor-only rules ----------------------------------------------

def test_health_rule_is_for_editors_only() -> None:
    shipped = schemas.schema("general")
    assert shipped["allOf"][0]["$comment"].startswith(schema_build.EDITOR_ONLY)
    assert "allOf" not in schemas.validator("general").schema
    doc = loads("kind: general\nid: x\nname: {zh: x}\nset: s\nkingdom: wei\ngender: male\n"
                "skills: []\n", "x.yaml")
    assert schemas.check(doc, "general") == []  # missing-health comes from the catalog


def test_subtype_only_on_equipment() -> None:
    base = "kind: cards\nset: s\ncards:\n  - id: a\n    name: {zh: a}\n    type: %s\n" \
           "    subtype: weapon\n    range: 1\n"
    bad = schemas.check(loads(base % "basic", "c.yaml"), "card")
    assert [(p.code, p.location.line, p.location.col, p.message, p.hint) for p in bad] == [
        ("unknown-key", 7, 5, "key 'subtype' is not allowed here",
         "only equipment has a subtype: remove it, or make the card 'type: equipment'")]
    assert schemas.check(loads(base % "equipment", "c.yaml"), "card") == []


# -- a project's schemas -----------------------------------------------------------------

def test_project_ids_become_enums(tmp_path: Path) -> None:
    facts = schema_build.project_facts([EXAMPLES / "positive" / "expansion"])
    assert "mayunlu" in facts.generals and "fanmade" in facts.sets
    general = schema_build.build("general", facts)
    assert "mayunlu" in general["properties"]["companions"]["items"]["enum"]
    scenario = schema_build.build("scenario", facts)
    seat_general = scenario["$defs"]["seat"]["properties"]["general"]
    assert "mayunlu" in seat_general["enum"] and None in seat_general["enum"]
    # Bundled schemas suggest without refusing: an expansion's ids stay valid there.
    shipped = schemas.schema("general")["properties"]["companions"]["items"]
    assert "enum" not in shipped and "caocao" in shipped["examples"]


@pytest.mark.parametrize("kingdoms", [
    ["jin"],
    [{"id": "jin", "name": {"zh": "晋", "en": "Jin", "ko": "진"}, "color": "#6a5acd"}],
    {"jin": {"name": {"zh": "晋", "en": "Jin", "ko": "진"}, "color": "#6a5acd"}},
    {"jin": {"zh": "晋", "en": "Jin", "ko": "진"}},
])
def test_an_expansion_declares_its_own_kingdoms(tmp_path: Path, kingdoms: Any) -> None:
    (tmp_path / "expansion.yaml").write_text(
        "kind: expansion\nid: jin_exp\nname: {zh: 晋}\nkingdoms: " + json.dumps(
            kingdoms, ensure_ascii=False) + "\n", encoding="utf-8")
    facts = schema_build.project_facts([tmp_path])
    node = schema_build.build("general", facts)["properties"]["kingdom"]
    assert node["enum"][:5] == ["wei", "shu", "wu", "qun", "god"] and "jin" in node["enum"]
    text = node["markdownEnumDescriptions"][node["enum"].index("jin")]
    assert text == ("**晋** · Jin · 진" if not isinstance(kingdoms, list) or isinstance(
        kingdoms[0], dict) else "`jin`")


def test_export_report_and_conflicts(tmp_path: Path) -> None:
    root = EXAMPLES / "positive" / "expansion"
    report = schema_build.export_project_schemas(tmp_path / "s", [root])
    assert report.ok and len(report.written) == 6
    assert report.schema_path("cards") == tmp_path / "s" / "card.schema.json"
    (tmp_path / "s" / "mode.schema.json").write_text("{}", encoding="utf-8")
    again = schema_build.export_project_schemas(tmp_path / "s", [root])
    assert not again.ok and again.conflicts == [tmp_path / "s" / "mode.schema.json"]
    assert (tmp_path / "s" / "mode.schema.json").read_text(encoding="utf-8") == "{}"
    forced = schema_build.export_project_schemas(tmp_path / "s", [root], force=True)
    assert forced.overwritten == [tmp_path / "s" / "mode.schema.json"]
    assert len(forced.unchanged) == 5
    with pytest.raises(schema_build.SchemaExportError, match="is a file"):
        schema_build.export_project_schemas(tmp_path / "s" / "mode.schema.json", [root])


def test_modeline_is_relative() -> None:
    line = schema_build.modeline(Path("/x/exp/generals/a.yaml"),
                                 Path("/x/exp/schemas/general.schema.json"))
    assert line == "# yaml-language-server: $schema=../schemas/general.schema.json"


def test_set_modelines_keeps_the_rest_of_the_file(tmp_path: Path) -> None:
    f = tmp_path / "generals" / "a.yaml"
    f.parent.mkdir()
    f.write_bytes(b"# a comment\r\nkind: general\r\nid: a\r\n")
    (tmp_path / "notes.yaml").write_text("just: notes\n", encoding="utf-8")
    changes = schema_build.set_modelines(tmp_path, tmp_path / "schemas", write=True)
    assert [c.path for c in changes] == [f]
    assert f.read_bytes() == (b"# yaml-language-server: $schema=../schemas/general.schema."
                              b"json\r\n# a comment\r\nkind: general\r\nid: a\r\n")
    assert (tmp_path / "notes.yaml").read_text(encoding="utf-8") == "just: notes\n"



@pytest.mark.parametrize("old", [b"", b"# yaml-language-server: $schema=old.json\r\n"])
def test_set_modelines_puts_the_line_after_a_byte_order_mark(tmp_path: Path,
                                                             old: bytes) -> None:
    """Review, session 7: the modeline went before a file's BOM, which then sat at the
    start of the second line, and the file no longer loaded (YAML syntax error)."""
    f = tmp_path / "generals" / "a.yaml"
    f.parent.mkdir()
    body = b"kind: general\r\nid: a\r\n"
    f.write_bytes(b"\xef\xbb\xbf" + old + body)
    schema_build.set_modelines(tmp_path, tmp_path / "schemas", write=True)
    assert f.read_bytes() == (b"\xef\xbb\xbf# yaml-language-server: $schema=../schemas/"
                              b"general.schema.json\r\n" + body)
    again = schema_build.set_modelines(tmp_path, tmp_path / "schemas", write=True)
    assert [c.changed for c in again] == [False]
    assert load_file(f).data == {"kind": "general", "id": "a"}

@pytest.mark.parametrize("name", schema_build.NAMES)
def test_value_descriptions_in_oneof_never_refuse(name: str) -> None:
    """The oneOf branches describe each value for other clients; only the enum refuses."""
    from jsonschema import Draft202012Validator

    for where, node in _enums(schemas.schema(name)):
        if "markdownEnumDescriptions" not in node:
            continue
        branches = node["oneOf"]
        assert [b["const"] for b in branches[:-1]] == node["enum"], where
        assert [b["description"] for b in branches[:-1]] == node["enumDescriptions"]
        only = Draft202012Validator({"oneOf": branches})
        for value in [*node["enum"], "not_a_listed_value", 7, None]:
            assert only.is_valid(value), (where, value)


@pytest.mark.parametrize("name", schema_build.NAMES)
def test_sgs_validates_without_the_descriptions(name: str) -> None:
    """`sgs validate` drops the descriptive oneOf (it refuses nothing and costs time)."""
    left = json.dumps(schemas.validator(name).schema)
    assert '"Not listed"' not in left
    assert '"Not listed"' in json.dumps(schemas.schema(name)) or name in ("expansion", "mode")


def test_a_hostile_kingdom_name_is_markdown_text_in_the_schemas(tmp_path: Path) -> None:
    """Review: an expansion's kingdom names went raw into markdownEnumDescriptions, which
    editors render as Markdown (links, images, emphasis from designer text)."""
    name = {"zh": "**粗**[x](command:workbench.action.terminal.new)",
            "en": "<img src=x onerror=alert(1)>", "ko": "| a |"}
    (tmp_path / "expansion.yaml").write_text(
        "kind: expansion\nid: evil_exp\nname: {zh: 恶}\nkingdoms: " + json.dumps(
            [{"id": "evil", "name": name}], ensure_ascii=False) + "\n", encoding="utf-8")
    facts = schema_build.project_facts([tmp_path])
    node = schema_build.build("general", facts)["properties"]["kingdom"]
    text = node["markdownEnumDescriptions"][node["enum"].index("evil")]
    assert text == ("**\\*\\*粗\\*\\*\\[x\\](command:workbench.action.terminal.new)** · "
                    "&lt;img src=x onerror=alert(1)&gt; · \\| a \\|")
    plain = node["enumDescriptions"][node["enum"].index("evil")]
    assert plain == " · ".join(name.values())  # plain text stays as written

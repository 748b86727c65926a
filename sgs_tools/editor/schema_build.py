"""Schemas for editors, filled in from the data: names of every listed value, suggestions,
readable pattern messages; and schemas made for one project (the base game plus an
expansion), where the expansion's own kingdoms, sets and ids are valid too.

The schema files shipped in ``sgs_tools/data/schemas/`` are the output of :func:`build` over
the bundled data (tests/data/test_schemas.py keeps them so; ``SGS_UPDATE_GOLDEN=1`` rewrites
them). :func:`export_project_schemas` writes the schemas for a project into a folder, and
:func:`modeline` gives the first line that points a data file at them.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sgs_tools import paths
from sgs_tools.data.loader import load_file
from sgs_tools.data.schemas import KINDS, OPEN_ENUM, schema, schema_dir
from sgs_tools.editor import schema_words
from sgs_tools.errors import LoadError
from sgs_tools.report import md_cell
from sgs_tools.scenario import cards_pattern

NAMES = ("card", "deck", "expansion", "general", "mode", "scenario")
"""Every schema, by file stem."""
SCHEMA_FOR_KIND = {**KINDS, "scenario": "scenario"}
"""A file's ``kind:`` → the stem of the schema an editor checks it with."""
MODELINE_PREFIX = "# yaml-language-server: $schema="

Names = dict[str, str]

ID_MESSAGE = ("an id is lowercase letters, digits and '_', starting with a letter "
              "(like 'cao_cao' or 'slash')")
EDITOR_ONLY = "editor-only:"
"""An ``allOf`` entry whose ``$comment`` starts with this is for editors: `sgs validate`
checks the same rule itself with a better message (see schemas.validator)."""


@dataclass
class Facts:
    """What the data names: the values schemas list or suggest."""

    kingdoms: dict[str, Names] = field(default_factory=dict)
    declared: set[str] = field(default_factory=set)
    """The kingdoms among ``kingdoms`` that an expansion declares (not the base game's)."""
    phases: dict[str, Names] = field(default_factory=dict)
    roles: dict[str, Names] = field(default_factory=dict)
    genders: dict[str, Names] = field(default_factory=dict)
    natures: dict[str, Names] = field(default_factory=dict)
    sets: set[str] = field(default_factory=set)
    generals: set[str] = field(default_factory=set)
    skills: set[str] = field(default_factory=set)
    cards: set[str] = field(default_factory=set)
    decks: set[str] = field(default_factory=set)
    modes: set[str] = field(default_factory=set)
    mode_names: dict[str, Names] = field(default_factory=dict)
    project: bool = False
    """True for a project's schemas: ids become enums (a companion, a deck's card or a
    scenario's general must be one the project has); otherwise only suggestions."""


def _names(raw: object) -> Names:
    if isinstance(raw, dict):
        text = raw.get("text", raw)
        if isinstance(text, dict):
            return {k: str(v) for k, v in text.items() if k in ("zh", "en", "ko") and v}
    return {}


def _read_vocabulary(facts: Facts) -> None:
    try:
        core = load_file(paths.bundled_root() / "grammar" / "vocabulary" / "core.yaml").data
    except LoadError:  # pragma: no cover - a broken install; validate says so
        return
    enums = core.get("enums", {}) if isinstance(core, dict) else {}
    for key, table in (("kingdom", facts.kingdoms), ("phase", facts.phases),
                       ("gender", facts.genders), ("nature", facts.natures)):
        for value, entry in (enums.get(key) or {}).items():
            if key == "phase" and value == "turn":
                continue
            table[str(value)] = _names(entry)
    # A mode's own phases (the samurai variant's turn steps) live in its vocabulary file.
    for path in sorted((paths.bundled_root() / "grammar" / "vocabulary").glob("*.yaml")):
        try:
            data = load_file(path).data
        except LoadError:  # pragma: no cover - reported by the vocabulary check
            continue
        more = ((data.get("enums") or {}).get("phase") or {}) if isinstance(data, dict) else {}
        for value, entry in more.items():
            facts.phases.setdefault(str(value), _names(entry))


def _add_kingdoms(facts: Facts, raw: object) -> None:
    """An expansion's own kingdoms: a list of ids, a list of mappings with ``id``, or a
    mapping of id → names (or → a mapping with ``name``)."""
    items: Iterable[tuple[object, object]]
    if isinstance(raw, dict):
        items = raw.items()
    elif isinstance(raw, list):
        items = [((r.get("id"), r) if isinstance(r, dict) else (r, {})) for r in raw]
    else:
        return
    for ident, entry in items:
        if isinstance(ident, str) and ident and ident not in facts.kingdoms:
            names = _names(entry.get("name", entry)) if isinstance(entry, dict) else {}
            facts.kingdoms[ident] = names
            facts.declared.add(ident)


def _add_file(facts: Facts, path: Path) -> None:
    try:
        data = load_file(path).data
    except LoadError:
        return
    if not isinstance(data, dict):
        return
    kind = data.get("kind")

    def ident(value: object) -> str | None:
        return value if isinstance(value, str) and value else None

    if kind == "general":
        for key, table in (("id", facts.generals), ("set", facts.sets)):
            if (got := ident(data.get(key))) is not None:
                table.add(got)
        facts.sets.update(s for s in data.get("also_in") or [] if ident(s))
        for skill in data.get("skills") or []:
            if isinstance(skill, dict) and (got := ident(skill.get("id"))) is not None:
                facts.skills.add(got)
    elif kind == "cards":
        if (got := ident(data.get("set"))) is not None:
            facts.sets.add(got)
        for card in data.get("cards") or []:
            if isinstance(card, dict) and (got := ident(card.get("id"))) is not None:
                facts.cards.add(got)
    elif kind == "deck":
        if (got := ident(data.get("id"))) is not None:
            facts.decks.add(got)
    elif kind == "mode":
        if (got := ident(data.get("id"))) is not None:
            facts.modes.add(got)
            facts.mode_names[got] = _names(data.get("name"))
        roles = data.get("roles")
        if isinstance(roles, dict) and isinstance(roles.get("names"), dict):
            for role, names in roles["names"].items():
                facts.roles.setdefault(str(role), _names(names))
        pool = data.get("generals")
        if isinstance(pool, dict):
            facts.sets.update(s for s in pool.get("sets") or [] if ident(s))
    elif kind == "expansion":
        if (got := ident(data.get("id"))) is not None:
            facts.sets.add(got)
        _add_kingdoms(facts, data.get("kingdoms"))


def _yaml_files(path: Path) -> list[Path]:
    if path.is_dir():
        skip = {".git", "node_modules", ".venv", "site", "build", "schemas"}
        return [p for p in paths.data_files(path)
                if not any(part in skip or part.startswith(".")
                           for part in p.relative_to(path).parts[:-1])]
    return [path] if path.suffix.lower() in (".yaml", ".yml") else []


def bundled_facts() -> Facts:
    """The names and ids of the bundled game."""
    facts = Facts()
    _read_vocabulary(facts)
    for path in paths.bundled_files():
        _add_file(facts, path)
    return facts


def project_facts(data_paths: Sequence[Path]) -> Facts:
    """The bundled game plus the data below ``data_paths`` (expansion folders or files)."""
    from sgs_tools.data.validate import required_roots

    facts = bundled_facts()
    facts.project = True
    roots = list(data_paths)
    roots += [req for root in data_paths if (Path(root) / "expansion.yaml").is_file()
              for req in required_roots(Path(root))]  # what it builds on is valid too
    for root in dict.fromkeys(roots):
        for path in _yaml_files(root):
            _add_file(facts, path)
    return facts


# -- filling a schema in -----------------------------------------------------------------

def _at(node: Any, *keys: str) -> Any:
    for key in keys:
        node = node[key]
    return node


def _word(names: Names, meaning: str = "") -> tuple[str, str, str, str]:
    return (names.get("zh", ""), names.get("en", ""), names.get("ko", ""), meaning)


def _describe(values: dict[str, tuple[str, str, str, str]], node: dict[str, Any], *,
              nullable: bool = False, listed: Sequence[str] | None = None) -> None:
    """Set ``enum`` (``listed`` or every value) and a description of each value."""
    keys = list(listed if listed is not None else values)
    md: list[str] = []
    plain: list[str] = []
    for key in keys:
        zh, en, ko, meaning = values.get(key, ("", "", "", ""))
        names = [n for n in (zh, en, ko) if n]
        shown = [md_cell(n) for n in names]  # names may come from an expansion's data
        head_md = " · ".join([f"**{shown[0]}**", *shown[1:]]) if names else f"`{key}`"
        head = " · ".join(names) if names else key
        md.append(f"{head_md} — {meaning}" if meaning else head_md)
        plain.append(f"{head}: {meaning}" if meaning else head)
    enum: list[Any] = list(keys)
    if nullable:
        enum.append(None)
        md.append("empty: the default")
        plain.append("empty: the default")
    node["enum"] = enum
    node["markdownEnumDescriptions"] = md
    node["enumDescriptions"] = plain
    # The same descriptions as oneOf branches, for clients that read them there. The last
    # branch matches exactly what the enum refuses, so the oneOf never refuses anything
    # itself: a wrong value gets one message (the enum's), not two.
    node["oneOf"] = [
        *({"const": value, "description": text, "markdownDescription": mark}
          for value, text, mark in zip(enum, plain, md, strict=True)),
        {"title": "Not listed", "description": "Refused by the list of values (enum).",
         "not": {"enum": enum}},
    ]


def _ids(node: dict[str, Any], values: Iterable[str], project: bool, *,
         nullable: bool = False) -> None:
    """Suggest ``values`` (an enum in a project's schema)."""
    ordered = sorted(values)
    node.pop("enum", None)
    node.pop("examples", None)
    if project and ordered:
        node["enum"] = [*ordered, None] if nullable else ordered
    elif ordered:
        node["examples"] = ordered


def _kingdoms(facts: Facts) -> dict[str, tuple[str, str, str, str]]:
    return {k: _word(v) for k, v in facts.kingdoms.items()}


def _tags() -> dict[str, tuple[str, str, str, str]]:
    from sgs_tools.sitegen.glossary import TAGS

    return {tag: (zh, en, ko, tip) for tag, (en, zh, ko, tip) in TAGS.items()}


def _health_rule() -> dict[str, Any]:
    return {
        "$comment": f"{EDITOR_ONLY} a general has exactly one of hp and halves; sgs validate "
                    "reports this itself (missing-health, health-both).",
        "oneOf": [
            {"title": "Whole health", "required": ["hp"]},
            {"title": "Health in halves", "required": ["halves"]},
        ],
    }


def _general(s: dict[str, Any], facts: Facts) -> None:
    props = s["properties"]
    _describe(_kingdoms(facts), props["kingdom"])
    props["kingdom"]["description"] = (
        "The general's kingdom (势力): a base kingdom, or one its expansion declares in "
        "expansion.yaml; must be one the mode allows.")
    props["kingdom"]["$comment"] = (
        f"{OPEN_ENUM} an expansion may declare kingdoms of its own; sgs validate checks "
        "a general's kingdom against its project (unknown-kingdom).")
    _describe({k: _word(v) for k, v in facts.genders.items()}, props["gender"])
    _ids(props["set"], facts.sets, False)
    _ids(props["also_in"]["items"], facts.sets, False)
    _ids(props["companions"]["items"], facts.generals, facts.project)
    tags = _tags()
    _describe(tags, _at(s, "$defs", "skill", "properties", "tags", "items"))
    _at(s, "$defs", "skill", "properties", "tags")["description"] = (
        "Kinds of skill: " + ", ".join(f"{t} {zh}" for t, (zh, *_r) in tags.items()) + ".")
    props["hp"]["description"] = ("Maximum health in whole points (identity mode and the "
                                  "Korean edition); a general has hp or halves, not both.")
    s["allOf"] = [_health_rule()]


def _card(s: dict[str, Any], facts: Facts) -> None:
    _ids(s["properties"]["set"], facts.sets, False)
    card = _at(s, "$defs", "card")
    props = card["properties"]
    _describe(schema_words.CARD_TYPES, props["type"])
    _describe(schema_words.SUBTYPES, props["subtype"])
    props["subtype"]["description"] = (
        "Equipment only: " + ", ".join(f"{k} ({w[1]})" for k, w in
                                       schema_words.SUBTYPES.items()) + ".")
    _describe({k: _word(v) for k, v in facts.natures.items() if k != "normal"},
              props["nature"])
    props["unit"]["patternErrorMessage"] = ID_MESSAGE
    card["allOf"] = [{
        "$comment": "only equipment has a subtype: remove it, or make the card "
                    "'type: equipment'",
        "if": {"required": ["type"], "properties": {"type": {"not": {"const": "equipment"}}}},
        "then": {"properties": {"subtype": False}},
    }, {
        "$comment": "a weapon gives its owner an attack range: add 'range:' (1 to 9)",
        "if": {"required": ["subtype"], "properties": {"subtype": {"const": "weapon"}}},
        "then": {"required": ["range"]},
    }, {
        "$comment": "only a weapon has a range: remove it, or make the card "
                    "'subtype: weapon'",
        "if": {"not": {"required": ["subtype"], "properties": {"subtype": {"const": "weapon"}}}},
        "then": {"properties": {"range": False}},
    }]


def _deck(s: dict[str, Any], facts: Facts) -> None:
    entry = _at(s, "$defs", "entry", "properties")
    _ids(entry["card"], facts.cards, facts.project)
    _describe(schema_words.SUITS, entry["suit"])


def _expansion(s: dict[str, Any], facts: Facts) -> None:
    s["properties"]["id"]["patternErrorMessage"] = ID_MESSAGE
    items = s["properties"]["modes"]["items"]
    items["patternErrorMessage"] = ID_MESSAGE
    _ids(items, facts.modes, facts.project)
    kingdom = _at(s, "$defs", "kingdom", "properties")
    base = sorted(set(facts.kingdoms) - facts.declared)
    kingdom["id"]["patternErrorMessage"] = ID_MESSAGE
    kingdom["id"]["allOf"] = [{
        "$comment": f"{EDITOR_ONLY} a base kingdom cannot be declared again; sgs validate "
                    "reports this itself (kingdom-clash).",
        "not": {"enum": base}}]
    kingdom["id"]["description"] = (
        "The slug generals write as 'kingdom:' and effect text uses ('another jin "
        f"character'); not a base kingdom ({', '.join(base)}).")


def _mode(s: dict[str, Any], facts: Facts) -> None:
    props = s["properties"]
    _ids(props["kingdoms"]["items"], facts.kingdoms, False)
    _ids(props["decks"]["items"], facts.decks, facts.project)
    _ids(_at(props, "generals", "properties", "sets", "items"), facts.sets, False)
    s["$defs"]["slug"]["patternErrorMessage"] = ID_MESSAGE


def _scenario(s: dict[str, Any], facts: Facts) -> None:
    defs = s["$defs"]
    for key, pattern, message in (
            ("card", cards_pattern.CARD_PATTERN, cards_pattern.CARD_MESSAGE),
            ("judgement_card", cards_pattern.JUDGEMENT_CARD_PATTERN,
             cards_pattern.JUDGEMENT_CARD_MESSAGE)):
        defs[key]["pattern"] = pattern
        defs[key]["patternErrorMessage"] = message
        _ids(defs[key], facts.cards, False)
    seat = defs["seat"]["properties"]
    _ids(seat["general"], facts.generals, facts.project, nullable=True)
    _ids(seat["skills"]["items"], facts.skills, False)
    roles = {k: _word(v) for k, v in facts.roles.items()}
    _describe(roles, seat["role"], nullable=True, listed=[
        r for r in seat["role"]["enum"] if r is not None])
    state = defs["seat_state"]["properties"]
    _describe(roles, state["role"], nullable=True, listed=[
        r for r in state["role"]["enum"] if r is not None])
    _describe(_kingdoms(facts), state["kingdom"], nullable=True)
    modes = {k: _word(v) for k, v in facts.mode_names.items()}
    top = s["properties"]
    _describe(modes, top["mode"], listed=top["mode"]["enum"])
    _describe(_kingdoms(facts), seat["kingdom"], nullable=True)
    winner = _at(s, "properties", "expect", "properties", "winner", "anyOf")[0]
    winner["enum"] = [*winner["enum"], *sorted(facts.declared - set(winner["enum"]))]
    _describe({k: _word(v) for k, v in facts.genders.items()}, seat["gender"], nullable=True)
    _describe(schema_words.AGENTS, seat["agent"], nullable=True)
    phases = {k: _word(v) for k, v in facts.phases.items()}
    _describe(phases, defs["phase"], listed=defs["phase"]["enum"])
    start = _at(s, "properties", "start", "properties", "phase")
    _describe(phases, start, nullable=True, listed=defs["phase"]["enum"])
    _event(defs)


def _event(defs: dict[str, Any]) -> None:
    """Each event kind's fields in its own ``then`` (completion offers only those), the
    field schemas once in ``$defs/event_field``."""
    from sgs_tools.engine import LOG_FIELDS

    event = defs["event"]
    fields: dict[str, Any] = defs.setdefault("event_field", {})
    for name in list(event["properties"]):
        if name not in ("e", "times"):
            fields[name] = event["properties"].pop(name)
    for name in sorted({f for kind_fields in LOG_FIELDS.values() for f in kind_fields}):
        fields.setdefault(name, {
            "title": name.replace("_", " ").capitalize(),
            "description": f"The event's {name!r} field, compared with the logged value "
                           "(lists item by item)."})
    _describe(schema_words.EVENTS, event["properties"]["e"], listed=sorted(LOG_FIELDS))
    blocks = []
    for kind in sorted(LOG_FIELDS):
        allowed: dict[str, Any] = {"e": True, "times": True}
        for name in sorted(LOG_FIELDS[kind]):
            allowed[name] = {"$ref": f"#/$defs/event_field/{name}"}
        blocks.append({"if": {"properties": {"e": {"const": kind}}, "required": ["e"]},
                       "then": {"properties": allowed, "additionalProperties": False}})
    event["allOf"] = blocks


_FILL = {"general": _general, "card": _card, "deck": _deck, "expansion": _expansion,
         "mode": _mode, "scenario": _scenario}


def build(name: str, facts: Facts) -> dict[str, Any]:
    """The schema ``name`` filled in from ``facts`` (the shipped schema is the result over
    the bundled data)."""
    s = copy.deepcopy(schema(name))
    s.pop("$id", None)  # no host to resolve: editors load the file the modeline names
    ident = s.get("$defs", {}).get("id")
    if isinstance(ident, dict):
        ident["patternErrorMessage"] = ID_MESSAGE
    _FILL[name](s, facts)
    _pattern_messages(s)
    return s


_PATTERN_MESSAGES = {
    "^[a-z][a-z0-9_]*(?!\\n)$": ID_MESSAGE,
    "^[1-9][0-9]*$": "a number of players: a whole number, 1 or more",
    "^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$": ("a colour is a CSS hex colour: '#' and 3 or 6 "
                                            "hex digits, like '#4a6b8a'"),
}


def _pattern_messages(node: Any) -> None:
    """Every ``pattern`` gets a ``patternErrorMessage`` in words (editors show it instead
    of the regular expression)."""
    if isinstance(node, dict):
        pattern = node.get("pattern")
        if isinstance(pattern, str) and "patternErrorMessage" not in node:
            node["patternErrorMessage"] = _PATTERN_MESSAGES.get(
                pattern, f"does not have the expected form ({node.get('description', '')})")
        for value in node.values():
            _pattern_messages(value)
    elif isinstance(node, list):
        for value in node:
            _pattern_messages(value)


def render(s: dict[str, Any]) -> str:
    """A schema as the file text: two-space JSON, non-ASCII kept readable."""
    return json.dumps(s, indent=2, ensure_ascii=False) + "\n"


# -- exporting ---------------------------------------------------------------------------

class SchemaExportError(Exception):
    """A folder or file that cannot be read or written (exit code 2 in the CLI)."""


@dataclass
class ExportReport:
    """What :func:`export_project_schemas` did (or, with conflicts, would have done)."""

    out_dir: Path
    written: list[Path] = field(default_factory=list)
    overwritten: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    conflicts: list[Path] = field(default_factory=list)
    """Files that exist and differ while ``force`` was off: then nothing was written."""

    @property
    def ok(self) -> bool:
        return not self.conflicts

    def schema_path(self, kind: str) -> Path:
        """Where the schema for files of ``kind`` was written."""
        return self.out_dir / f"{SCHEMA_FOR_KIND[kind]}.schema.json"


def _write_atomic(target: Path, content: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(content)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def export_project_schemas(out_dir: Path, data_paths: Sequence[Path] = (),
                           force: bool = False) -> ExportReport:
    """Write every schema into ``out_dir``, made for the bundled game plus the data below
    ``data_paths`` (expansion folders or files; none: the bundled schemas as shipped).

    Identical files are left alone; a file that differs is replaced only with ``force``;
    without it, any such file is listed in ``report.conflicts`` and nothing is written.
    Each file is written atomically. Raises SchemaExportError when ``out_dir`` cannot be
    made, read or written.
    """
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise SchemaExportError(f"{out_dir} is a file; give a folder to write the schemas into")
    if data_paths:
        facts = project_facts([Path(p) for p in data_paths])
        contents = {n: render(build(n, facts)).encode("utf-8") for n in NAMES}
    else:
        contents = {n: (schema_dir() / f"{n}.schema.json").read_bytes() for n in NAMES}
    report = ExportReport(out_dir)
    plan: list[tuple[Path, bytes]] = []
    for name in NAMES:
        target = out_dir / f"{name}.schema.json"
        try:
            existing = target.read_bytes() if target.is_file() else None
        except OSError as exc:
            raise SchemaExportError(f"cannot read {target}: {exc.strerror}") from None
        if existing == contents[name]:
            report.unchanged.append(target)
            continue
        if target.exists():
            (report.overwritten if force else report.conflicts).append(target)
        plan.append((target, contents[name]))
    if report.conflicts:
        return report
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SchemaExportError(f"cannot create {out_dir}: {exc.strerror}") from None
    for target, content in plan:
        try:
            _write_atomic(target, content)
        except OSError as exc:
            raise SchemaExportError(f"cannot write {target}: {exc.strerror}") from None
        report.written.append(target)
    return report


def modeline(data_file: Path, schema_file: Path) -> str:
    """The first line that points ``data_file`` at ``schema_file``: a path relative to the
    data file's folder (so it holds wherever the two move together), '/'-separated."""
    rel = os.path.relpath(Path(schema_file).resolve(), Path(data_file).resolve().parent)
    return MODELINE_PREFIX + Path(rel).as_posix()


def kind_of_file(path: Path) -> str | None:
    """The ``kind:`` of a YAML data file that has a schema, or None."""
    try:
        data = load_file(path).data
    except LoadError:
        return None
    kind = data.get("kind") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) and kind in SCHEMA_FOR_KIND else None


@dataclass
class ModelineChange:
    path: Path
    line: str
    """The modeline the file has (or, in a dry run, should have)."""
    changed: bool


def set_modelines(root: Path, schema_folder: Path, *, write: bool) -> list[ModelineChange]:
    """For every data file below ``root`` (or ``root`` itself), the modeline pointing at
    ``schema_folder``; with ``write``, put it on the file's first line (replacing an older
    modeline there), atomically, keeping the rest of the file byte for byte."""
    out: list[ModelineChange] = []
    for path in _yaml_files(root):
        kind = kind_of_file(path)
        if kind is None:
            continue
        line = modeline(path, schema_folder / f"{SCHEMA_FOR_KIND[kind]}.schema.json")
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise SchemaExportError(f"cannot read {path}: {exc.strerror}") from None
        text = raw.decode("utf-8")
        bom = "\ufeff" if text.startswith("\ufeff") else ""  # it stays the first character
        text = text[len(bom):]
        first, sep, rest = text.partition("\n")
        bare = first.rstrip("\r")
        if bare == line:
            out.append(ModelineChange(path, line, False))
            continue
        newline = "\r\n" if first.endswith("\r") else "\n"
        if bare.startswith("# yaml-language-server:") and "$schema=" in bare:
            new = bom + (line + newline + rest if sep else line + newline)
        else:
            new = bom + line + newline + text
        if write:
            try:
                _write_atomic(path, new.encode("utf-8"))
            except OSError as exc:
                raise SchemaExportError(f"cannot write {path}: {exc.strerror}") from None
        out.append(ModelineChange(path, line, True))
    return out


def shipped_up_to_date() -> dict[str, tuple[str, str]]:
    """Each shipped schema whose file differs from what :func:`build` makes of the bundled
    data: name → (file text, built text)."""
    facts = bundled_facts()
    stale: dict[str, tuple[str, str]] = {}
    for name in NAMES:
        text = (schema_dir() / f"{name}.schema.json").read_text(encoding="utf-8")
        built = render(build(name, facts))
        if text != built:
            stale[name] = (text, built)
    return stale

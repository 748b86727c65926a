"""`sgs new general|skill|card|expansion` and `sgs init`: scaffold what a designer adds.

Interactive by default (each answer is checked as it is typed, with the choices taken from
the data); every answer can be given as a flag, and ``--no-input`` never prompts (a missing
required answer is a usage error). Files are written atomically, all or nothing, and never
over an existing file without ``--force``.
"""

from __future__ import annotations

import re
import shlex
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

if TYPE_CHECKING:
    from sgs_tools.project import Result
    from sgs_tools.scaffold import Plan
    from sgs_tools.scaffold.templates import SkillSpec

app = typer.Typer(help="Scaffold a general, a skill, a card or a whole expansion repository.",
                  no_args_is_help=True)

ID_RE = re.compile(r"[a-z][a-z0-9_]*")
TAGS = ("locked", "lord", "limited", "awakening", "head", "deputy", "array", "transform")
GENDERS = ("male", "female")
SUITS = ("spade", "heart", "club", "diamond")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CARD_TYPES = ("basic", "trick", "delayed_trick", "equipment")
SUBTYPES = ("weapon", "armour", "plus_horse", "minus_horse", "treasure")
"""The choices offered: the schemas' values (tests/cli/test_new.py keeps them equal)."""
SCHEMA_DIR = "schemas"
_UNWRITABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})
_DIRECTION = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")  # as the schemas
"""Characters a name may not hold: controls, line breaks and lone surrogates (bytes that
were not UTF-8), none of which a YAML file or a rules page can show."""


def _fail(command: str, message: str, code: int = 2) -> NoReturn:
    typer.echo(f"sgs new {command}: {message}", err=True)
    raise typer.Exit(code)


# -- answers: a flag, a prompt checked as it is typed, or a usage error with --no-input ------

Check = Callable[[str], str]


@dataclass
class Asker:
    command: str
    no_input: bool

    def ask(self, flag: str, given: str | None, prompt: str, check: Check,
            default: str | None = None) -> str:
        """The answer to one question: the flag's value (checked), else a prompt that asks
        again until the answer passes ``check``, else (``--no-input``) the default."""
        if given is not None:
            try:
                return check(given)
            except typer.BadParameter as exc:
                _fail(self.command, f"{flag}: {exc.message}")
        if self.no_input:
            if default is not None:
                return check(default)
            _fail(self.command, f"{flag} is required with --no-input")
        answer: str = typer.prompt(prompt, default=default, value_proc=check)
        return answer


def _slug(what: str, taken: Callable[[str], str | None] = lambda _v: None) -> Check:
    def check(value: str) -> str:
        value = value.strip()
        if not ID_RE.fullmatch(value):
            raise typer.BadParameter(
                f"{value!r} is not an id: lowercase letters, digits and _, starting with a "
                "letter (e.g. 'zhaoyun2')")
        clash = taken(value)
        if clash:
            raise typer.BadParameter(f"{what} id {value!r} is taken: {clash}")
        return value
    return check


def _text(what: str, *, optional: bool = False) -> Check:
    def check(value: str) -> str:
        value = value.strip()
        if not value and not optional:
            raise typer.BadParameter(f"the {what} cannot be empty")
        if any(ch in value for ch in "\n\r\t\x00"):
            raise typer.BadParameter(f"the {what} must be one line")
        bad = next((ch for ch in value if unicodedata.category(ch) in _UNWRITABLE), None)
        if bad is not None:
            raise typer.BadParameter(
                f"the {what} is not valid UTF-8 (the terminal's encoding?)"
                if unicodedata.category(bad) == "Cs" else
                f"the {what} has a control character or line break (U+{ord(bad):04X})")
        bad = next((ch for ch in value if ch in _DIRECTION), None)
        if bad is not None:  # it would reorder whatever is shown after it
            raise typer.BadParameter(
                f"the {what} has a text-direction override (U+{ord(bad):04X})")
        return value
    return check


def _choice(what: str, choices: list[str] | tuple[str, ...]) -> Check:
    def check(value: str) -> str:
        value = value.strip()
        if value not in choices:
            from sgs_tools.data.schemas import suggest

            hint = suggest(value, list(choices))
            raise typer.BadParameter(
                f"unknown {what} {value!r}" + (f" ({hint})" if hint else "")
                + f"; choose one of: {', '.join(choices)}")
        return value
    return check


def _number(what: str, low: int, high: int) -> Check:
    def check(value: str) -> str:
        value = value.strip()
        if not value.isdigit() or not low <= int(value) <= high:
            raise typer.BadParameter(f"{what} must be a whole number from {low} to {high}")
        return str(int(value))
    return check


def _tags(value: str) -> str:
    tags = [t.strip() for t in value.replace(" ", ",").split(",") if t.strip()]
    for tag in tags:
        _choice("tag", TAGS)(tag)
    if len(set(tags)) != len(tags):
        raise typer.BadParameter("a tag is listed twice")
    return ",".join(tags)


# -- the expansion a command works in --------------------------------------------------------

@dataclass
class Expansion:
    root: Path
    id: str
    name: dict[str, str]
    modes: list[str]


def _find_expansion(command: str, where: Path | None) -> Expansion:
    from sgs_tools import paths
    from sgs_tools.data.loader import load_file
    from sgs_tools.errors import LoadError

    start = where if where is not None else Path.cwd()
    root = paths.expansion_around(start) if start.exists() else None
    if root is None:
        _fail(command, f"{start} is not inside an expansion (no expansion.yaml); run "
              "'sgs new expansion DIR' first, or give --dir")
    try:
        doc = load_file(root / "expansion.yaml")
    except LoadError as exc:
        _fail(command, f"{exc.problem.location}: {exc.problem.message}")
    data = doc.data
    exp_id = data.get("id")
    if not isinstance(exp_id, str) or not ID_RE.fullmatch(exp_id):
        _fail(command, f"{root / 'expansion.yaml'} has no valid 'id'; run 'sgs validate'")
    raw_name = data.get("name")
    name = {k: str(v) for k, v in raw_name.items()} if isinstance(raw_name, dict) else {}
    modes = [m for m in data.get("modes") or [] if isinstance(m, str)]
    return Expansion(root, exp_id, name, modes)


def _load(exp: Expansion) -> Result:
    from sgs_tools.project import validate

    return validate([exp.root], compile_effects=False)


def _owner(result: Result, table: str, ident: str, replacing: Path | None = None
           ) -> str | None:
    """Where an id is already defined (a file), if it is (and not in ``replacing``, the
    file --force rewrites)."""
    thing = getattr(result.catalog, table).get(ident)
    if thing is None:
        return None
    where = Path(thing.origin.file).resolve()
    if replacing is not None and where == replacing.resolve():
        return None
    from sgs_tools import paths

    base = paths.bundled_root().resolve()
    if where.is_relative_to(base):  # not a site-packages path: the base game's own file
        return f"the base game has it ({where.relative_to(base).as_posix()})"
    return f"defined in {thing.origin.where('id')}"


def _kingdoms(result: Result, exp: Expansion) -> dict[str, str]:
    """The kingdoms a general of this expansion may belong to (the base game's and its
    own, as its modes play them) → each one's Chinese name."""
    from sgs_tools.data.catalog import base_kingdoms
    from sgs_tools.dsl.vocabulary import registry

    cat = result.catalog
    own = cat.expansions.get(exp.id)
    allowed = [*base_kingdoms(), *(k.id for k in own.kingdoms if k.id in cat.kingdoms)
               ] if own is not None else list(base_kingdoms())
    modes = [cat.modes[m] for m in exp.modes if m in cat.modes]
    played = {k for mode in modes for k in cat.mode_kingdoms(mode)}
    if any(not mode.kingdoms for mode in modes):
        played = set()  # a mode that names no kingdoms plays them all
    words = registry().enums.get("kingdom", {})
    out: dict[str, str] = {}
    for k in allowed:
        if not played or k in played:
            names = cat.kingdom_names(k)
            term = words.get(k)
            out[k] = names.zh if names is not None else term.text.get("zh", "") if term else ""
    return out


def _health_kinds(result: Result, exp: Expansion) -> set[bool]:
    """How the expansion's modes count health: True for yin-yang halves, False for HP."""
    modes = [result.catalog.modes[m] for m in exp.modes if m in result.catalog.modes]
    return {m.yin_yang for m in modes} or {False}


def _scenario_mode(result: Result, exp: Expansion, halves: bool) -> str | None:
    """The mode a starter scenario plays: the expansion's first that the engine plays
    and that counts health as the general does."""
    from sgs_tools.engine.modes import played_modes

    played = played_modes(result.catalog.modes)  # an expansion's own modes too
    for mode in exp.modes:
        found = result.catalog.modes.get(mode)
        if mode in played and found is not None and found.yin_yang == halves:
            return mode
    return None if exp.modes else "identity"


def _guozhan_table(result: Result, mode: str, kingdom: str, gen_id: str
                   ) -> tuple[str, str, str] | None:
    """For a Guozhan starter scenario: a partner general of the same kingdom, and two
    generals of one other kingdom for the other seat (a seat's two generals share a
    kingdom, as the rules deal them); None where the pool has no such table (a kingdom
    of one general cannot sit at a Guozhan table)."""
    cat = result.catalog
    pool = [g for g in cat.pool(cat.modes[mode]) if g.halves is not None and g.id != gen_id]
    same = [g.id for g in pool if g.kingdom == kingdom]
    by_kingdom: dict[str, list[str]] = {}
    for g in pool:
        if g.kingdom != kingdom:
            by_kingdom.setdefault(g.kingdom, []).append(g.id)
    others = next((ids for ids in by_kingdom.values() if len(ids) >= 2), None)
    if not same or others is None:
        return None
    return same[0], others[0], others[1]


def _write(command: str, plan: Plan, force: bool, root: Path) -> list[Path]:
    from sgs_tools.scaffold import WriteConflict

    try:
        written = plan.write(force=force)
    except WriteConflict as exc:
        for path in exc.paths:
            typer.echo(f"sgs new {command}: {path} exists; use --force to overwrite it",
                       err=True)
        _fail(command, "nothing written")
    except OSError as exc:
        _fail(command, f"cannot write {exc.filename}: {exc.strerror}")
    for path in written:
        typer.echo(f"wrote {_shown(path, root)}")
    return written


def _shown(path: Path, root: Path) -> str:
    from sgs_tools.paths import display_path

    return display_path(path)


def _refresh_schemas(command: str, exp: Expansion) -> None:
    """Regenerate the expansion's ``schemas/`` (the ones its modelines point at) for its
    data as it now is, so the editor knows what was just added (a general's id in a
    scenario, a kingdom). Only a folder ``sgs new expansion`` made is refreshed."""
    from sgs_tools.editor.schema_build import SchemaExportError, export_project_schemas

    folder = exp.root / SCHEMA_DIR
    if not (folder / "general.schema.json").is_file():
        return
    try:
        done = export_project_schemas(folder, [exp.root], force=True)
    except SchemaExportError as exc:
        typer.echo(f"sgs new {command}: note: the editor schemas were not updated: {exc}",
                   err=True)
        return
    for path in done.overwritten:
        typer.echo(f"updated {_shown(path, exp.root)}")


def _report(command: str, exp: Expansion, skills: list[str]) -> int:
    """Refresh the editor schemas and validate the expansion; print its problems, or each
    new skill's rules text in three languages. The exit code: 0 clean, 1 problems."""
    from sgs_tools import report
    from sgs_tools.dsl.effects import explain
    from sgs_tools.project import validate

    _refresh_schemas(command, exp)
    result = validate([exp.root])
    if not result.ok:
        typer.echo(report.text(result.problems, result.documents, result.reported),
                   err=True, nl=False)
        typer.echo(f"sgs new {command}: the expansion has problems (above); fix them and "
                   "run 'sgs validate'", err=True)
        return 1
    if result.warnings:
        typer.echo(report.text(result.warnings, result.documents, result.reported), err=True,
                   nl=False)
    assert result.effects is not None
    for skill_id in skills:
        compiled = result.effects.compiled.get(skill_id)
        skill = result.catalog.skills.get(skill_id) or result.catalog.cards.get(skill_id)
        if compiled is None or skill is None:
            continue
        typer.echo("")
        for lang in ("zh", "en", "ko"):
            name = skill.name.get(lang) or skill_id
            typer.echo(report.terminal(
                f"[{lang}] {name}: {explain(compiled, result.effects.names, lang)}"))
    return 0


# -- sgs new general -------------------------------------------------------------------------

def _names(ask: Asker, prefix: str, what: str, zh: str | None, en: str | None,
           ko: str | None) -> dict[str, str]:
    out = {"zh": ask.ask(f"--{prefix}zh", zh, f"{what} in Chinese (zh)", _text(f"{what} (zh)"))}
    for lang, given, label in (("en", en, "English"), ("ko", ko, "Korean")):
        value = ask.ask(f"--{prefix}{lang}", given, f"{what} in {label} ({lang}; empty: none)",
                        _text(f"{what} ({lang})", optional=True), default="")
        if value:
            out[lang] = value
    return out


def _parse_skill_flag(command: str, value: str) -> tuple[str, str | None, str | None,
                                                         str | None, str]:
    """``ID:ZH[:EN[:KO[:TAGS]]]`` → its parts (TAGS comma-separated)."""
    parts = value.split(":")
    if len(parts) < 2 or len(parts) > 5:
        _fail(command, f"--skill {value!r}: write ID:ZH[:EN[:KO[:TAG,TAG]]], "
              "e.g. 'longhun:龙魂:Dragon Soul:용혼:locked'")
    parts += [""] * (5 - len(parts))
    return parts[0], parts[1], parts[2] or None, parts[3] or None, parts[4]


def _skill_specs(ask: Asker, command: str, flags: list[str], result: Result,
                 taken_here: set[str], interactive_more: bool,
                 replacing: Callable[[], Path | None]) -> list[SkillSpec]:
    from sgs_tools.scaffold.templates import SkillSpec

    def taken(value: str) -> str | None:
        if value in taken_here:
            return "given earlier in this command"
        return _owner(result, "skills", value, replacing()) or (
            "it is a card id" if value in result.catalog.cards else None)

    specs: list[SkillSpec] = []
    for flag in flags:
        ident, zh, en, ko, tags = _parse_skill_flag(command, flag)
        ident = ask.ask("--skill", ident, "", _slug("skill", taken))
        taken_here.add(ident)
        zh = ask.ask("--skill", zh, "", _text("skill name (zh)"))
        name = {"zh": zh, **({"en": en} if en else {}), **({"ko": ko} if ko else {})}
        tag_list = [t for t in ask.ask("--skill", tags, "", _tags).split(",") if t]
        specs.append(SkillSpec(ident, name, tag_list))
    while interactive_more and not ask.no_input:
        ident = typer.prompt("Skill id (empty: no more skills)", default="",
                             show_default=False,
                             value_proc=lambda v: _slug("skill", taken)(v) if v.strip() else "")
        if not ident:
            break
        taken_here.add(ident)
        name = _names(ask, "skill-", "Skill name", None, None, None)
        tags = typer.prompt(f"Tags (comma-separated: {', '.join(TAGS)}; empty: none)",
                            default="", show_default=False, value_proc=_tags)
        specs.append(SkillSpec(ident, name, [t for t in tags.split(",") if t]))
    return specs


@app.command("general")
def new_general(
    ident: Annotated[str | None, typer.Option("--id", help="The general's id (a slug).")] = None,
    zh: Annotated[str | None, typer.Option("--zh", help="Name in Chinese.")] = None,
    en: Annotated[str | None, typer.Option("--en", help="Name in English.")] = None,
    ko: Annotated[str | None, typer.Option("--ko", help="Name in Korean.")] = None,
    kingdom: Annotated[str | None, typer.Option(
        "--kingdom", help="wei, shu, wu, qun, god, or one the expansion declares (as its "
        "modes allow).")] = None,
    hp: Annotated[int | None, typer.Option("--hp", help="Health in whole points.")] = None,
    halves: Annotated[int | None, typer.Option(
        "--halves", help="Guozhan: health in yin-yang halves.")] = None,
    gender: Annotated[str | None, typer.Option("--gender", help="male or female.")] = None,
    skill: Annotated[list[str] | None, typer.Option(
        "--skill", metavar="ID:ZH[:EN[:KO[:TAGS]]]",
        help="A skill (repeatable), e.g. 'longhun:龙魂:Dragon Soul:용혼:locked'.",
        show_default=False)] = None,
    directory: Annotated[Path | None, typer.Option(
        "--dir", help="The expansion folder (default: the one the current folder is in).")
                         ] = None,
    no_input: Annotated[bool, typer.Option("--no-input", help="Never prompt.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
) -> None:
    """Write generals/ID.yaml with a starter effect and a starter scenario per skill, then
    validate it and print each skill's rules text in Chinese, English and Korean."""
    from sgs_tools.scaffold import Plan
    from sgs_tools.scaffold.templates import GeneralSpec, general_yaml, scenario_yaml

    command = "general"
    exp = _find_expansion(command, directory)
    result = _load(exp)
    ask = Asker(command, no_input)
    generals = exp.root / "generals"
    if no_input:  # every missing answer at once, not one failed run for each
        counts = _health_kinds(result, exp)
        health_flag = ("--halves" if counts == {True} else "--hp" if counts == {False}
                       else "--hp or --halves")
        missing = [flag for flag, value in (("--id", ident), ("--zh", zh),
                                            ("--kingdom", kingdom),
                                            (health_flag, hp if halves is None else halves))
                   if value is None]
        if len(missing) > 1:
            _fail(command, f"{', '.join(missing[:-1])} and {missing[-1]} are required "
                  "with --no-input")

    def replacing(value: str | None = None) -> Path | None:
        """With --force, the general file being rewritten may define its own ids."""
        return generals / f"{value or gen_id}.yaml" if force else None

    gen_id = ""
    gen_id = ask.ask("--id", ident, "General id (a slug such as 'zhangxiu')",
                     _slug("general", lambda v: _owner(result, "generals", v, replacing(v))))
    names = _names(ask, "", "Name", zh, en, ko)
    kingdoms = _kingdoms(result, exp)
    offered = ", ".join(f"{k} {zh}".strip() for k, zh in kingdoms.items())
    the_kingdom = ask.ask("--kingdom", kingdom, f"Kingdom ({offered})",
                          _choice("kingdom", list(kingdoms)))
    if hp is not None and halves is not None:
        _fail(command, "give --hp or --halves, not both")
    kinds = _health_kinds(result, exp)
    joined = ", ".join(exp.modes) or "identity"
    if halves is not None and True not in kinds:  # the file would fail validation at once
        _fail(command, f"--halves counts health in yin-yang halves, but the modes this "
              f"expansion joins ({joined}) count whole HP: give --hp, or add a Guozhan mode "
              "to 'modes:' in expansion.yaml")
    if hp is not None and False not in kinds:
        _fail(command, f"--hp counts whole health, but the modes this expansion joins "
              f"({joined}) count yin-yang halves: give --halves (3 = one and a half)")
    if hp is None and halves is None and len(kinds) > 1:
        # modes of both kinds (identity and Guozhan, say): which this general is for
        counted = ask.ask("--hp or --halves", None, "Health in whole HP (identity) or in "
                          "yin-yang halves (Guozhan)? (hp, halves)", _choice(
                              "kind of health", ["hp", "halves"]), default=None)
        yin_yang = counted == "halves"
    else:
        yin_yang = halves is not None or (hp is None and kinds == {True})
    if yin_yang:
        health = ask.ask("--halves", None if halves is None else str(halves),
                         "Health in yin-yang halves (Guozhan; 3 = one and a half)",
                         _number("health in halves", 1, 12))
    else:
        health = ask.ask("--hp", None if hp is None else str(hp), "Health (HP)",
                         _number("HP", 1, 12), default=None)
    the_gender = ask.ask("--gender", gender, "Gender (male, female)", _choice("gender", GENDERS),
                         default="male")
    skills = _skill_specs(ask, command, list(skill or []), result, set(), not skill,
                          replacing)
    spec = GeneralSpec(gen_id, names, exp.id, the_kingdom, the_gender,
                       None if yin_yang else int(health), int(health) if yin_yang else None,
                       skills)
    schemas = exp.root / SCHEMA_DIR
    plan = Plan()
    target = generals / f"{gen_id}.yaml"
    plan.add(target, general_yaml(spec, target, schemas))
    mode = _scenario_mode(result, exp, yin_yang)
    table = _guozhan_table(result, mode, the_kingdom, gen_id) if mode and yin_yang else None
    if mode is not None and (table is not None or not yin_yang):
        for s in skills:
            scenario = exp.root / "tests" / f"{s.id}.yaml"
            plan.add(scenario, scenario_yaml(gen_id, s, mode, scenario, schemas, table))
    _write(command, plan, force, exp.root)
    raise typer.Exit(_report(command, exp, [s.id for s in skills]))


# -- sgs new skill ---------------------------------------------------------------------------

def insert_item(command: str, text: str, key: str, block_of: Callable[[str], str]) -> str:
    """``text`` with a block added at the end of its top-level ``key:`` list (its items'
    indentation passed to ``block_of``); every other byte of the file is kept."""
    lines = text.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines)
                  if re.match(rf"{key}\s*:", line)), None)
    if start is None:
        _fail(command, f"the file has no top-level '{key}:' list")
    head = lines[start]
    after_colon = head.split(":", 1)[1].split("#", 1)[0].strip()
    if after_colon == "[]":
        lines[start] = f"{key}:\n"
    elif after_colon:
        lines = block_style(command, lines, start, key)
    end = start + 1  # one past the last line of the list's content
    indent: str | None = None
    for i in range(start + 1, len(lines)):
        line = lines[i]
        bare = line.strip()
        if not bare or bare.startswith("#"):
            continue
        if not line[0].isspace() and not line.startswith("-"):
            break  # the next top-level key
        if indent is None and bare.startswith("-"):
            indent = line[: len(line) - len(line.lstrip())]
        end = i + 1
    if end > start + 1 and not lines[end - 1].endswith("\n"):
        lines[end - 1] += "\n"
    if start + 1 == len(lines) and not lines[start].endswith("\n"):
        lines[start] += "\n"
    lines.insert(end, block_of("  " if indent is None else indent))
    return "".join(lines)


def block_style(command: str, lines: list[str], start: int, key: str) -> list[str]:
    """``lines`` with the top-level ``key:`` list at line ``start``, written in flow style
    (``[a, b]``, on one line or several), rewritten as a block list with the same items, so
    that an item can be added after them. Refused, with the file left alone, when the
    list holds a comment (it would be lost) or ends on a line that goes on after it; a
    file that does not load is returned as it is (``_edited`` then says where)."""
    import yaml

    refusal = (f"its '{key}:' list is written in flow style ([...]) around a comment or "
               "before more text on its last line; write it as a block list (one '- ' item "
               "per line) and try again")
    try:
        root = yaml.compose("".join(lines), Loader=yaml.SafeLoader)
        data = yaml.safe_load("".join(lines))
    except yaml.YAMLError:
        return lines  # (``_edited`` says where the file is broken, and leaves it alone)
    value = next((v for k, v in getattr(root, "value", ()) if getattr(k, "value", None) == key
                  and k.start_mark.line == start), None)
    items = data.get(key) if isinstance(data, dict) else None
    if not isinstance(value, yaml.SequenceNode) or not isinstance(items, list):
        _fail(command, f"its '{key}:' entry is not a list")
    end = value.end_mark
    span = lines[start:end.line + 1]
    rest = lines[end.line][end.column:] if end.line < len(lines) else ""
    if "#" in "".join(span) or rest.strip():
        _fail(command, refusal)

    class Dumper(yaml.SafeDumper):
        """Writes a string of several lines as a literal block (``|``), as designers do."""

    def literal(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
        style = "|" if "\n" in text else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)

    Dumper.add_representer(str, literal)
    block = yaml.dump(items, Dumper=Dumper, allow_unicode=True, sort_keys=False,
                      default_flow_style=None, width=1000)
    indented = [f"  {line}" if line.strip() else line
                for line in block.splitlines(keepends=True)]
    typer.echo(f"note: its '{key}:' list was written in flow style ([...]); it is now a "
               "block list, one '- ' item per line, with the same items", err=True)
    return [*lines[:start], f"{key}:\n", *indented, *lines[end.line + 1:]]


def _edited(command: str, target: Path, old: str, new: str) -> str:
    """``new``, the edited text of ``target``, once both it and ``old`` load as YAML: a
    file that does not load is not edited (an item added inside a bracket left open
    made a broken file differently broken), nor is one the edit would break."""
    from sgs_tools.data.loader import loads
    from sgs_tools.errors import LoadError
    from sgs_tools.paths import display_path

    shown = display_path(target)
    try:
        loads(old, shown)
    except LoadError as exc:
        _fail(command, f"{exc.problem.location}: {exc.problem.message}; {shown} is left as "
              "it is: fix it ('sgs validate' shows it) and try again")
    try:
        loads(new, shown)
    except LoadError as exc:  # pragma: no cover - the block is ours; a layout it misreads
        _fail(command, f"adding to {shown} would break it ({exc.problem.location}: "
              f"{exc.problem.message}); add the item by hand", 3)
    return new


@app.command("skill")
def new_skill(
    general: Annotated[str, typer.Argument(
        metavar="GENERAL", help="The general's id, or its file.", show_default=False)],
    ident: Annotated[str | None, typer.Option("--id", help="The skill's id (a slug).")] = None,
    zh: Annotated[str | None, typer.Option("--zh", help="Name in Chinese.")] = None,
    en: Annotated[str | None, typer.Option("--en", help="Name in English.")] = None,
    ko: Annotated[str | None, typer.Option("--ko", help="Name in Korean.")] = None,
    tags: Annotated[str | None, typer.Option(
        "--tags", help=f"Comma-separated tags: {', '.join(TAGS)}.")] = None,
    no_input: Annotated[bool, typer.Option("--no-input", help="Never prompt.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing scenario "
                                        "file.")] = False,
) -> None:
    """Add a skill (starter effect and scenario) to a general of this expansion, keeping
    the general file's comments and layout."""
    from sgs_tools.scaffold import Plan, read_source
    from sgs_tools.scaffold.templates import SkillSpec, scenario_yaml, skill_block

    command = "skill"
    as_path = Path(general)
    exp = _find_expansion(command, as_path if as_path.suffix in (".yaml", ".yml") else None)
    result = _load(exp)
    if as_path.suffix in (".yaml", ".yml"):
        if not as_path.is_file():
            _fail(command, f"no such file: {as_path}")
        target = as_path
        gen_id = as_path.stem
    else:
        found = result.catalog.generals.get(general)
        if found is None:
            from sgs_tools.data.schemas import suggest

            own = sorted((exp.root / "generals").rglob(f"{general}.y*ml"))
            if own:  # its file is there but did not load or failed its schema
                from sgs_tools.paths import display_path

                shown = display_path(own[0])
                bad = [p for p in result.problems if p.severity == "error"
                       and Path(p.location.path).resolve() == own[0].resolve()]
                _fail(command, f"general {general!r} is not loaded: "
                      + (f"{bad[0].location}: {bad[0].message}" if bad
                         else f"{shown} has problems")
                      + "; fix it ('sgs validate' shows it) and try again")

            hint = suggest(general, set(result.catalog.generals))
            _fail(command, f"no general {general!r}" + (f"; {hint}" if hint else ""))
        target = Path(found.origin.file)
        gen_id = general
    if not target.resolve().is_relative_to(exp.root.resolve()):
        _fail(command, f"{target} is not part of the expansion in {exp.root}; add skills to "
              "your own generals")
    ask = Asker(command, no_input)

    def taken(value: str) -> str | None:
        return _owner(result, "skills", value) or (
            "it is a card id" if value in result.catalog.cards else None)

    skill_id = ask.ask("--id", ident, "Skill id (a slug)", _slug("skill", taken))
    names = _names(ask, "", "Skill name", zh, en, ko)
    tag_list = [t for t in ask.ask("--tags", tags, f"Tags (comma-separated: {', '.join(TAGS)}"
                                   "; empty: none)", _tags, default="").split(",") if t]
    spec = SkillSpec(skill_id, names, tag_list)
    try:
        text, newline = read_source(target)
    except (OSError, UnicodeDecodeError) as exc:
        _fail(command, f"cannot read {target}: {exc}")
    new_text = _edited(command, target, text, insert_item(
        command, text, "skills", lambda indent: skill_block(spec, indent)))
    plan = Plan()
    plan.add(target, new_text, edit=True, newline=newline)
    general_obj = result.catalog.generals.get(gen_id)
    halves = general_obj is not None and general_obj.halves is not None
    mode = _scenario_mode(result, exp, halves)
    table = (_guozhan_table(result, mode, general_obj.kingdom, gen_id)
             if mode and halves and general_obj is not None else None)
    if mode is not None and (table is not None or not halves):
        scenario = exp.root / "tests" / f"{skill_id}.yaml"
        plan.add(scenario, scenario_yaml(gen_id, spec, mode, scenario,
                                         exp.root / SCHEMA_DIR, table))
    _write(command, plan, force, exp.root)
    raise typer.Exit(_report(command, exp, [skill_id]))


# -- sgs new card ----------------------------------------------------------------------------

def _append_item(text: str, key: str, item: str) -> str:
    """``text`` with ``item`` (written at a two-space indent) appended to its ``key`` list."""
    def block_of(indent: str) -> str:
        return "".join(indent + line[2:] if line.startswith("  ") else line
                       for line in item.splitlines(keepends=True))
    return insert_item("card", text, key, block_of)


@app.command("card")
def new_card(
    ident: Annotated[str | None, typer.Option("--id", help="The card's id (a slug).")] = None,
    zh: Annotated[str | None, typer.Option("--zh", help="Name in Chinese.")] = None,
    en: Annotated[str | None, typer.Option("--en", help="Name in English.")] = None,
    ko: Annotated[str | None, typer.Option("--ko", help="Name in Korean.")] = None,
    card_type: Annotated[str | None, typer.Option(
        "--type", help=f"One of: {', '.join(CARD_TYPES)}.")] = None,
    subtype: Annotated[str | None, typer.Option(
        "--subtype", help=f"Equipment: {', '.join(SUBTYPES)}.")] = None,
    attack_range: Annotated[int | None, typer.Option("--range",
                                                     help="A weapon's range.")] = None,
    suit: Annotated[str | None, typer.Option(
        "--suit", help=f"The copy added to cards/deck.yaml: {', '.join(SUITS)}.")] = None,
    rank: Annotated[str | None, typer.Option("--rank", help="Its rank: A, 2-10, J, Q, K.")
                    ] = None,
    directory: Annotated[Path | None, typer.Option(
        "--dir", help="The expansion folder (default: the one the current folder is in).")
                         ] = None,
    no_input: Annotated[bool, typer.Option("--no-input", help="Never prompt.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
) -> None:
    """Add a card to cards/cards.yaml and one copy of it to cards/deck.yaml."""
    from sgs_tools.scaffold import Plan, read_source
    from sgs_tools.scaffold.templates import card_item, cards_yaml, deck_copy, deck_yaml

    command = "card"
    exp = _find_expansion(command, directory)
    result = _load(exp)
    ask = Asker(command, no_input)

    def taken(value: str) -> str | None:
        return _owner(result, "cards", value) or _owner(result, "skills", value)

    card_id = ask.ask("--id", ident, "Card id (a slug)", _slug("card", taken))
    names = _names(ask, "", "Card name", zh, en, ko)
    kind = ask.ask("--type", card_type, f"Type ({', '.join(CARD_TYPES)})",
                   _choice("card type", CARD_TYPES), default="basic")
    sub = None
    reach = None
    if kind == "equipment":
        sub = ask.ask("--subtype", subtype, f"Subtype ({', '.join(SUBTYPES)})",
                      _choice("subtype", SUBTYPES))
        if sub == "weapon":
            reach = int(ask.ask("--range", None if attack_range is None else str(attack_range),
                                "Range", _number("range", 1, 9), default="1"))
    elif subtype is not None or attack_range is not None:
        _fail(command, "--subtype and --range are for equipment")
    the_suit = ask.ask("--suit", suit, f"Suit of its copy ({', '.join(SUITS)})",
                       _choice("suit", SUITS), default="spade")
    the_rank = ask.ask("--rank", rank, "Rank of its copy (A, 2-10, J, Q, K)",
                       _choice("rank", RANKS), default="A")
    schemas = exp.root / SCHEMA_DIR
    plan = Plan()
    cards_file = exp.root / "cards" / "cards.yaml"
    deck_file = exp.root / "cards" / "deck.yaml"
    item = card_item(card_id, names, kind, sub, reach)
    copy = deck_copy(card_id, the_suit, the_rank)
    for target, fresh, key, entry in (
            (cards_file, cards_yaml(exp.id, cards_file, schemas), "cards", item),
            (deck_file, deck_yaml(exp.id, exp.name or {"zh": exp.id}, deck_file, schemas),
             "cards", copy)):
        if target.exists():
            try:
                text, newline = read_source(target)
                plan.add(target, _edited(command, target, text,
                                         _append_item(text, key, entry)),
                         edit=True, newline=newline)
            except (OSError, UnicodeDecodeError) as exc:
                _fail(command, f"cannot add to {target}: {exc}")
        else:
            plan.add(target, fresh + entry)
    _write(command, plan, force, exp.root)
    raise typer.Exit(_report(command, exp, [card_id]))


# -- sgs new kingdom ---------------------------------------------------------------------------

PALETTE = ("#5b4a8c", "#8c4a6b", "#3f7f7f", "#8c6b3a", "#4a6b8c", "#6b8c3a")
"""Default colours of declared kingdoms, unlike the base kingdoms' (the first unused one)."""


def _colour(value: str) -> str:
    value = value.strip()
    if not re.fullmatch(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})", value):
        raise typer.BadParameter(f"{value!r} is not a colour: '#' and 3 or 6 hex digits, "
                                 "like '#5b4a8c'")
    return value


@app.command("kingdom")
def new_kingdom(
    ident: Annotated[str | None, typer.Option("--id", help="The kingdom's id (a slug, such "
                                              "as 'jin').")] = None,
    zh: Annotated[str | None, typer.Option("--zh", help="Name in Chinese.")] = None,
    en: Annotated[str | None, typer.Option("--en", help="Name in English.")] = None,
    ko: Annotated[str | None, typer.Option("--ko", help="Name in Korean.")] = None,
    colour: Annotated[str | None, typer.Option(
        "--colour", "--color", help="Its colour on the site: a CSS hex colour.")] = None,
    directory: Annotated[Path | None, typer.Option(
        "--dir", help="The expansion folder (default: the one the current folder is in).")
                         ] = None,
    no_input: Annotated[bool, typer.Option("--no-input", help="Never prompt.")] = False,
) -> None:
    """Declare a kingdom of the expansion in its expansion.yaml (keeping the file's
    comments and layout): its generals may then belong to it and effect text name it."""
    from sgs_tools.data.catalog import base_kingdoms
    from sgs_tools.scaffold import Plan, read_source, scalar
    from sgs_tools.scaffold import names as flow_names

    command = "kingdom"
    exp = _find_expansion(command, directory)
    result = _load(exp)
    cat = result.catalog
    ask = Asker(command, no_input)

    def taken(value: str) -> str | None:
        if value in base_kingdoms():
            return "it is a base kingdom (its generals may use it already)"
        declared = cat.kingdoms.get(value)
        return (f"expansion {declared.expansion!r} declares it" if declared is not None
                else None)

    kingdom_id = ask.ask("--id", ident, "Kingdom id (a slug such as 'jin')",
                         _slug("kingdom", taken))
    names = _names(ask, "", "Kingdom name", zh, en, ko)
    used = {k.colour.lower() for k in cat.kingdoms.values()}
    default = next((c for c in PALETTE if c not in used), PALETTE[0])
    the_colour = ask.ask("--colour", colour, "Colour (a CSS hex colour)", _colour,
                         default=default)
    target = exp.root / "expansion.yaml"
    try:
        text, newline = read_source(target)
    except (OSError, UnicodeDecodeError) as exc:
        _fail(command, f"cannot read {target}: {exc}")
    item = (f"  - id: {kingdom_id}\n    name: {flow_names(names)}\n"
            f"    colour: {scalar(the_colour)}\n")
    if re.search(r"^kingdoms\s*:", text, re.MULTILINE):
        def block_of(indent: str) -> str:
            return "".join(indent + line[2:] for line in item.splitlines(keepends=True))
        new_text = insert_item(command, text, "kingdoms", block_of)
    else:
        new_text = text + ("" if text.endswith("\n") or not text else "\n") + (
            "kingdoms:\n" + item)
    plan = Plan()
    plan.add(target, _edited(command, target, text, new_text), edit=True, newline=newline)
    _write(command, plan, False, exp.root)
    code = _report(command, exp, [])
    if code == 0:
        typer.echo(f"\nkingdom {kingdom_id} declared: its generals write 'kingdom: "
                   f"{kingdom_id}', effect text names it ('{kingdom_id} others')")
    raise typer.Exit(code)


# -- sgs new expansion / sgs init ------------------------------------------------------------

def export_schemas(folder: Path, expansion_root: Path) -> dict[str, str]:
    """The JSON Schemas an expansion's modelines point at: file name → text, generated
    for the base game plus the expansion's own data (its kingdoms, sets and ids), as
    ``sgs schema export schemas --data .`` regenerates them later."""
    from sgs_tools.editor import schema_build

    del folder
    facts = (schema_build.project_facts([expansion_root]) if expansion_root.is_dir()
             else schema_build.bundled_facts())
    return {f"{name}.schema.json": schema_build.render(schema_build.build(name, facts))
            for name in schema_build.NAMES}


HOOKS_REPO = "https://github.com/sgs-tools/sgs-tools"


def _scaffold_expansion(command: str, directory: Path, ident: str | None, zh: str | None,
                        en: str | None, ko: str | None, modes: list[str] | None,
                        no_input: bool, force: bool) -> None:
    from sgs_tools import __version__, paths
    from sgs_tools.project import validate
    from sgs_tools.scaffold import Plan
    from sgs_tools.scaffold import templates as t

    if directory.exists() and not directory.is_dir():
        _fail(command, f"{directory} is a file")
    if paths.checkout_around(directory if directory.exists() else directory.parent):
        _fail(command, f"{directory} is inside the sgs-tools checkout; an expansion lives in "
              "its own folder (its own git repository)")
    base = validate(None, compile_effects=False).catalog
    ask = Asker(command, no_input)
    default_id = re.sub(r"[^a-z0-9_]", "_", directory.resolve().name.lower()).strip("_")
    if not default_id or not default_id[0].isalpha():
        default_id = f"x_{default_id}" if default_id else "my_expansion"

    def taken(value: str) -> str | None:
        if value in base.known_sets():
            return "it is a set of the base game"
        return None

    exp_id = ask.ask("--id", ident, "Expansion id (a slug; also its generals' set)",
                     _slug("expansion", taken), default=default_id)
    names = {"zh": ask.ask("--zh", zh, "Name in Chinese (zh)", _text("name (zh)"),
                           default=exp_id)}
    for lang, given, label in (("en", en, "English"), ("ko", ko, "Korean")):
        value = ask.ask(f"--{lang}", given, f"Name in {label} ({lang}; empty: none)",
                        _text(f"name ({lang})", optional=True), default="")
        if value:
            names[lang] = value
    mode_ids = sorted(base.modes)
    if modes:
        chosen = [_choice_or_fail(command, "--mode", m, mode_ids) for m in modes]
    else:
        answer = ask.ask("--mode", None, f"Modes it joins (comma-separated: "
                         f"{', '.join(mode_ids)})",
                         lambda v: ",".join(_choice("mode", mode_ids)(m)
                                            for m in v.split(",") if m.strip()),
                         default="identity")
        chosen = [m for m in answer.split(",") if m]
    root = directory
    schemas = root / SCHEMA_DIR
    plan = Plan()
    plan.add(root / "expansion.yaml", t.expansion_yaml(
        exp_id, names, chosen, "0.1", root / "expansion.yaml", schemas))
    for name, text in export_schemas(schemas, root).items():
        plan.add(schemas / name, text)
    plan.add(root / "generals" / ".gitkeep", "")
    plan.add(root / "cards" / ".gitkeep", "")
    plan.add(root / "tests" / ".gitkeep", "")
    kept: list[str] = []
    readme = root / "README.md"
    if readme.exists() and not force:  # a repository's own README stays as it is
        kept.append("README.md")
    else:
        plan.add(readme, t.readme(exp_id, names))
    ignore = root / ".gitignore"
    try:
        ours = ignore.read_text(encoding="utf-8") if ignore.is_file() and not force else None
    except (OSError, UnicodeDecodeError) as exc:
        _fail(command, f"cannot read {ignore}: {exc}")
    if ours is None:
        plan.add(ignore, t.GITIGNORE)
    else:  # an existing .gitignore keeps its lines and gains the ones it lacks
        have = {line.strip() for line in ours.splitlines()}
        lacking = [line for line in t.GITIGNORE.splitlines()
                   if line.strip() and not line.startswith("#") and line.strip() not in have]
        if lacking:
            plan.add(ignore, ours + ("" if ours.endswith("\n") or not ours else "\n")
                     + "# Added by 'sgs new expansion': the rules site and caches\n"
                     + "".join(f"{line}\n" for line in lacking), edit=True)
    hooks = root / ".pre-commit-config.yaml"
    if hooks.exists() and not force:  # its own hooks stay; ours are said below
        kept.append(".pre-commit-config.yaml")
    else:
        plan.add(hooks, t.precommit_config(HOOKS_REPO, f"v{__version__}"))
    plan.add(root / ".github" / "workflows" / "sgs.yml", t.workflow())
    _write(command, plan, force, root)
    for name in kept:
        typer.echo(f"kept {_shown(root / name, root)} (it exists; --force replaces it)")
    if ".pre-commit-config.yaml" in kept:
        typer.echo(f"  to check commits, add to its repos: {{repo: {HOOKS_REPO}, rev: "
                   f"v{__version__}, hooks: [{{id: sgs-validate}}, {{id: sgs-test}}]}}")
    here = root.resolve() == Path.cwd().resolve()
    # quoted: the command is there to be pasted, and a folder may be named '$(…)' or 'a b'
    typer.echo("\nnext: sgs new general" if here
               else f"\nnext: cd {shlex.quote(str(root))} && sgs new general")


def _choice_or_fail(command: str, flag: str, value: str, choices: list[str]) -> str:
    try:
        return _choice("mode", choices)(value)
    except typer.BadParameter as exc:
        _fail(command, f"{flag}: {exc.message}")


def new_expansion(
    directory: Annotated[Path, typer.Argument(
        metavar="DIR", help="The folder to create (or fill).")] = Path("."),
    ident: Annotated[str | None, typer.Option("--id", help="The expansion's id "
                                              "(default: from the folder's name).")] = None,
    zh: Annotated[str | None, typer.Option("--zh", help="Name in Chinese.")] = None,
    en: Annotated[str | None, typer.Option("--en", help="Name in English.")] = None,
    ko: Annotated[str | None, typer.Option("--ko", help="Name in Korean.")] = None,
    mode: Annotated[list[str] | None, typer.Option(
        "--mode", help="A mode the expansion joins (repeatable; default: identity).",
        show_default=False)] = None,
    no_input: Annotated[bool, typer.Option("--no-input", help="Never prompt.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
) -> None:
    """Create an expansion repository: expansion.yaml, generals/, cards/, tests/, schemas
    for editors, a README, .gitignore, a pre-commit config and a GitHub Actions workflow."""
    _scaffold_expansion("expansion", directory, ident, zh, en, ko, mode, no_input, force)


app.command("expansion")(new_expansion)

"""Load the game (plus --data), export it, emit the scenario tests, write the folder."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from sgs_tools.export.freekill.package import HEADER, ExportResult, export

EXPORTED_SETS = ("standard", "wind", "korean")
EXPORTED_MODES = ("identity", "korean")  # the modes whose scenarios FreeKill's role mode runs
SUPPORT = ("script.lua",)


@dataclass
class ScenarioOutcome:
    path: str
    name: str
    skill: str | None = None  # attached to (emitted): our skill id or card:ID, or None
    reason: str = ""
    index: int = 0  # its place among the skill's tests (FreeKill names it test<skill><i>)
    skel: str = ""  # the FreeKill skill skeleton holding the test


@dataclass
class Build:
    result: ExportResult
    scenarios: list[ScenarioOutcome] = field(default_factory=list)


def _under(path: Path, roots: list[Path]) -> bool:
    rp = path.resolve()
    return any(rp == r or r in rp.parents for r in roots)


def build(data: list[Path], package: str, *, tests: bool = True, prefix: str | None = None,
          only_generals: list[str] | None = None) -> tuple[ExportResult | None, str | None]:
    """(the export, None) or (None, the validation report) when the data has problems."""
    from sgs_tools import report
    from sgs_tools.dsl.effects import explain
    from sgs_tools.export.freekill.texts import option_texts
    from sgs_tools.project import validate

    result = validate(list(data) if data else None)
    if not result.ok:
        return None, report.text(result.problems, result.documents, result.reported)
    assert result.effects is not None
    cat = result.catalog
    effects = result.effects
    roots = [p.resolve() for p in data]
    gens = [g for g in cat.generals.values()
            if (set(g.sets) & set(EXPORTED_SETS) and not _under(Path(g.origin.file), roots))
            or _under(Path(g.origin.file), roots)]
    if only_generals is not None:
        gens = [g for g in gens if g.id in only_generals]
    # An expansion's own cards and decks; the bundled standard cards are FreeKill's own
    # already (the mapping table names them), so they are neither re-exported nor dealt twice.
    cards = [c for c in cat.cards.values() if _under(Path(c.origin.file), roots)]
    decks = [d for d in cat.decks.values() if _under(Path(d.origin.file), roots)]

    def render(comp: Any, lang: str) -> str:
        return str(explain(comp, effects.names, lang))

    def options(comp: Any, lang: str) -> list[list[str]]:
        return option_texts(comp, effects.names, lang)

    res = export(gens, effects.compiled, render, package=package, prefix=prefix,
                 options=options, cards=cards, decks=decks,
                 kingdoms=list(cat.kingdoms.values()))
    outcomes: list[ScenarioOutcome] = []
    if tests:
        extra, outcomes = scenario_tests(res, gens, data, package)
        if extra:
            res = export(gens, effects.compiled, render, package=package, prefix=prefix,
                         extra_tests=extra, options=options, cards=cards, decks=decks,
                 kingdoms=list(cat.kingdoms.values()))
    res.scenarios = outcomes
    res.tests = sum(1 for o in outcomes if o.skill)
    support = resources.files("sgs_tools.export.freekill").joinpath("lua")
    for name in SUPPORT:
        res.files[name] = HEADER + support.joinpath(name).read_text(encoding="utf-8")
    res.files[".luacheckrc"] = support.joinpath("luacheckrc").read_text(encoding="utf-8")
    return res, None


def scenario_tests(res: ExportResult, gens: list[Any], data: list[Path], package: str
                   ) -> tuple[dict[str, list[str]], list[ScenarioOutcome]]:
    """Our scenarios that involve an exported skill, as FreeKill test functions."""
    from sgs_tools import paths as bundled
    from sgs_tools.export.freekill.mapping import load as load_mapping
    from sgs_tools.export.freekill.scenario import Untranslatable, translate
    from sgs_tools.scenario.format import ScenarioError
    from sgs_tools.scenario.runner import collect, load
    from sgs_tools.sim.runner import load_library

    folders = [bundled.bundled_scenarios(), *[d for d in data if d.is_dir()]]
    files = collect(folders)
    lib = load_library(list(data), [])
    general_skills = {g.id: [s.id for s in g.skills] for g in lib.catalog.generals.values()}
    general_info = {g.id: {"hp": g.hp, "gender": g.gender, "kingdom": g.kingdom}
                    for g in lib.catalog.generals.values()}
    known = set(lib.catalog.skills)
    cards = {**load_mapping().cards, **res.cards}
    choices = res.choices
    extra: dict[str, list[str]] = {}
    outcomes: list[ScenarioOutcome] = []
    for path in files:
        try:
            _, sc = load(path, str(path), lib)
        except (ScenarioError, Exception):
            continue
        if getattr(sc, "mode", "identity") not in EXPORTED_MODES:
            continue  # a Guozhan or samurai scenario: FreeKill's tests run its role mode
        words = about(path.name, sc)
        topics = words & known
        card_topics = about_cards(path.name, sc, set(res.card_skills))
        if not topics & set(res.skills) and not card_topics:
            continue  # not a scenario about an exported skill or card
        shown = path.name
        if topics - set(res.skills):
            outcomes.append(ScenarioOutcome(
                shown, sc.name, None, "also about skills not exported: "
                + ", ".join(sorted(topics - set(res.skills)))))
            continue
        try:
            owners, text = translate(sc, res.skills, cards, general_skills, package,
                                     choices, general_info, res.actives, res.one_target,
                                     bool(card_topics), res.granted)
        except Untranslatable as exc:
            outcomes.append(ScenarioOutcome(shown, sc.name, None, str(exc)))
            continue
        about_skills = [s for s in owners if s in topics] or ([] if card_topics else owners)
        attach = _attach(shown, about_skills, sorted(card_topics))
        skel = (res.granted.get(attach) or res.skills[attach]) if attach in res.skills \
            else res.card_skills[attach.removeprefix("card:")]
        from sgs_tools.export.freekill import lua
        header = lua.comment(f"scenario {shown}: {sc.name}", "  ")
        extra.setdefault(attach, []).append(header.lstrip() + "\n" + text)
        outcomes.append(ScenarioOutcome(shown, sc.name, attach, "",
                                        len(extra[attach]), skel))
    return extra, outcomes


def about_cards(filename: str, sc: Any, exported: set[str]) -> set[str]:
    """The exported cards a scenario is about: named in its file name (``card_ID``) or
    played in its script."""
    stem = "_" + filename.rsplit(".", 1)[0] + "_"
    out = {c for c in exported if f"_{c}_" in stem}
    for st in sc.script:
        if isinstance(st.pick, str):
            head = st.pick.partition(":")[0].split()
            if head and head[0] in exported:
                out.add(head[0])
    return out


def about(filename: str, sc: Any) -> set[str]:
    """The skills a scenario is about: named in its file name, its script or its expected
    events (a general sitting at the table for its HP is not enough)."""
    out = set(filename.rsplit(".", 1)[0].split("_"))
    for st in sc.script:
        if isinstance(st.pick, str):
            out.add(st.pick.partition(":")[0].strip())
        if st.when:
            out |= set(str(st.when).split())
    for ex in sc.expectations:
        if ex.kind in ("events", "no_events") and isinstance(ex.value, dict):
            for key in ("skill", "via"):
                if ex.value.get(key):
                    out.add(str(ex.value[key]))
    return out


def _attach(filename: str, owners: list[str], cards: list[str]) -> str:
    """Where a scenario's test goes: the skill or card its file is named after, else the
    first skill it is about, else its first card (``card:ID``)."""
    stem = filename.rsplit(".", 1)[0]
    for skill in owners:
        if skill in stem.split("_"):
            return skill
    for card in cards:
        if f"_{card}_" in f"_{stem}_":
            return f"card:{card}"
    return owners[0] if owners and not cards else f"card:{(cards or owners)[0]}"


def _first_line(path: Path) -> str | None:
    try:
        with path.open("rb") as fh:
            return fh.readline(400).decode("utf-8", errors="replace").rstrip("\r\n")
    except OSError:
        return None


def _ours(path: Path, text: str) -> bool:
    """Whether the file at ``path`` was written by an export: it starts with the line the
    export starts that file with (``HEADER``, or ``.luacheckrc``'s own first line)."""
    if path.is_symlink() or not path.is_file():
        return False
    first = _first_line(path)
    return first is not None and (first.startswith(HEADER.rstrip("\n"))
                                  or first == text.split("\n", 1)[0])


def foreign_files(res: ExportResult, out: Path) -> list[str]:
    """The package's files (relative) that ``out`` already holds and an export did not
    write: a user's own ``init.lua``, a symlink, a folder where a file goes."""
    return [rel for rel, text in sorted(res.files.items())
            if (out / rel).exists() or (out / rel).is_symlink()
            if not _ours(out / rel, text)]


def write(res: ExportResult, out: Path) -> None:
    """Write the package; files a previous export wrote and this one did not are removed.

    A file a previous export did not write is never replaced: if one sits where the package
    has a file, nothing is written (``UsageError``). Each file is written beside its place
    and renamed into it, so an interrupted export leaves whole files (old or new), never a
    half-written one, and a symlink in the way is replaced, not followed."""
    import os

    from sgs_tools.errors import UsageError

    foreign = foreign_files(res, out)
    if foreign:
        shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5
                                          else "")
        raise UsageError(f"{out} holds files sgs-tools did not write where the package "
                         f"has its own: {shown}; move them away (they are never replaced)")
    out.mkdir(parents=True, exist_ok=True)
    for folder in ("skills", "cards"):
        if not (out / folder).is_dir():
            continue
        for old in (out / folder).glob("*.lua"):
            rel = f"{folder}/{old.name}"
            if rel not in res.files and not old.is_symlink() and old.is_file() and (
                    (_first_line(old) or "").startswith(HEADER.rstrip("\n"))):
                old.unlink()
    for rel, text in sorted(res.files.items()):
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.sgs-tmp-{os.getpid()}")
        try:
            temp.write_text(text, encoding="utf-8")
            os.replace(temp, path)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise

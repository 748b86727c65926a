"""`sgs build`: the main job — validate, compile, run the scenarios, build the site; a summary."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from sgs_tools.data.catalog import Catalog
    from sgs_tools.dsl.effects import EffectsResult


@dataclass
class Stage:
    name: str
    detail: str
    seconds: float
    ok: bool = True


def _scenario_stage(paths: list[Path], explicit: bool, data: list[Path]) -> Stage | None:
    """Run the scenario tests when the engine is installed and scenarios exist."""
    from sgs_tools import report

    start = time.perf_counter()
    try:
        from sgs_tools.scenario.runner import run_scenarios
    except ImportError:
        return None
    missing = [p for p in paths if not p.exists()]
    if explicit and missing:
        typer.echo(f"sgs build: no such file or folder: {missing[0]}", err=True)
        raise typer.Exit(2)
    folders = [p for p in paths if p.exists()]
    if not folders:
        return Stage("scenarios", "no scenario files found (skipped)",
                     time.perf_counter() - start)
    from sgs_tools.sim.runner import load_library

    outcome = run_scenarios(folders, load_library(data, folders))
    failed = outcome.failed
    if not outcome.outcomes:
        return Stage("scenarios", "no scenarios yet (skipped)", time.perf_counter() - start)
    if failed:
        typer.echo(report.text(outcome.problems, outcome.documents, len(outcome.outcomes)),
                   err=True, nl=False)
    return Stage("scenarios", f"{outcome.passed} passed, {failed} failed",
                 time.perf_counter() - start, failed == 0)


def _engine_stage(catalog: Catalog, effects: EffectsResult) -> Stage:
    """The engine's gap count per mode (the Library's: every effect it cannot run, in
    every mode, played or not), the skills and cards with gaps listed on stderr. A gap
    does not fail the build: the data is valid, the engine only cannot play it yet."""
    from sgs_tools.engine.library import Library

    start = time.perf_counter()
    lib = Library(catalog, effects)
    lib.index()
    counts = []
    for mode in catalog.modes.values():
        sources, gaps = lib.mode_gaps(mode)
        counts.append(f"{mode.id} {len(gaps)}/{len(sources)}")
        for source, words in gaps.items():
            typer.echo(f"sgs build: engine gap in mode {mode.id}: {source} uses "
                       f"{', '.join(words)} (no engine primitive)", err=True)
    return Stage("engine", "engine gaps per mode (skills and cards that cannot run / all): "
                 + ", ".join(counts), time.perf_counter() - start)


def build(
    data: Annotated[list[Path] | None, typer.Option(
        "--data", metavar="PATH", help="Extra data files or folders (an expansion), checked "
        "with the bundled data.", show_default=False)] = None,
    scenarios: Annotated[list[Path] | None, typer.Option(
        "--scenarios", metavar="PATH", help="Scenario files or folders to run "
        "(default: the shipped scenarios and those in each --data folder).",
        show_default=False)] = None,
    build_dir: Annotated[Path | None, typer.Option(
        "--build-dir", metavar="DIR", help="Where the generated pages, the hook table and the "
        "HTML go (default: site/build in a checkout, ./sgs-site otherwise).",
        show_default=False)] = None,
    site: Annotated[bool, typer.Option("--site/--no-site",
                                       help="Build the rules-reference site.")] = True,
    force: Annotated[bool, typer.Option(
        "--force", help="Write into folders that hold other files.")] = False,
) -> None:
    """Validate the data, compile every effect, run the scenarios and build the site."""
    from sgs_tools import paths, report
    from sgs_tools.dsl.effects import hook_table
    from sgs_tools.errors import UsageError
    from sgs_tools.project import validate

    stages: list[Stage] = []
    start = time.perf_counter()
    try:
        here = paths.expansion_here() if not data else None
        if here is not None:
            data = [here]
        result = validate(list(data) if data else None)
    except UsageError as exc:
        typer.echo(f"sgs build: {exc}", err=True)
        raise typer.Exit(2) from None
    stages.append(Stage("validate", f"{result.reported} file{'s' * (result.reported != 1)}, "
                        f"{report.plural(len(result.problems), 'problem')}",
                        time.perf_counter() - start, result.ok))
    if not result.ok:
        typer.echo(report.text(result.problems, result.documents, result.files), err=True,
                   nl=False)
        _summary(stages)
        raise typer.Exit(result.exit_code)  # 2 where a file could not be read, as validate

    from sgs_tools.sitegen.build import BUILD_MARK, Layout, check_layout

    site_folder = paths.bundled_root() / "site"
    layout = Layout.make(site_folder, build_dir, None)
    from sgs_tools.cli.common import protected as protected_of

    protected = protected_of(data)
    try:
        check_layout(layout, protected, force)
    except UsageError as exc:
        typer.echo(f"sgs build: {exc}", err=True)
        raise typer.Exit(2) from None
    start = time.perf_counter()
    assert result.effects is not None
    table = hook_table(result.effects)
    hooks_file = layout.build / "hooks.json"
    compile_stage = Stage("compile", f"{table['effects']} effects, {len(table['hooks'])} "
                          f"hooks → {hooks_file}", time.perf_counter() - start)
    stages.append(compile_stage)

    stages.append(_engine_stage(result.catalog, result.effects))

    # By default: the shipped scenarios and those of every --data folder (an expansion's);
    # inside an expansion, its own, as `sgs test` there runs.
    scenario_paths = list(scenarios) if scenarios else [here] if here is not None else [
        paths.bundled_scenarios(), *(d for d in data or [] if d.is_dir())]
    scenario = _scenario_stage(scenario_paths, explicit=bool(scenarios), data=list(data or []))
    if scenario is not None:
        stages.append(scenario)

    missing = None
    if site:
        from sgs_tools.sitegen.build import build_site, mkdocs_missing

        missing = mkdocs_missing()
    if missing is not None:  # the other stages still run and are reported
        stages.append(Stage("site", f"not built: {missing}; or pass --no-site", 0.0, False))
    elif site:
        start = time.perf_counter()
        from sgs_tools.sim import reports

        try:
            built = build_site(result.catalog, result.effects, layout, protected=protected,
                               force=force, echo=lambda line: typer.echo(line, err=True),
                               balance=reports.gather(data))
        except UsageError as exc:
            typer.echo(f"sgs build: {exc}", err=True)
            raise typer.Exit(2) from None
        detail = (f"{built.pages} generated pages → {layout.out}" if built.ok else
                  "mkdocs reported problems (see above)")
        stages.append(Stage("site", detail, time.perf_counter() - start, built.ok))
    try:  # written last: the site build refuses a build folder it did not make
        fresh = not layout.build.exists() or not any(layout.build.iterdir())
        layout.build.mkdir(parents=True, exist_ok=True)
        if fresh:  # made here (say, with no site extra): mark it, so the site may use it
            (layout.build / BUILD_MARK).write_text(
                "Made by 'sgs build'; everything here is regenerated.\n", encoding="utf-8")
        hooks_file.write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n",
                              encoding="utf-8")
    except OSError as exc:
        typer.echo(f"sgs build: cannot write the hook table: {exc.strerror}", err=True)
        raise typer.Exit(2) from None
    _summary(stages)
    raise typer.Exit(2 if missing else 0 if all(s.ok for s in stages) else 1)


def _summary(stages: list[Stage]) -> None:
    typer.echo("")
    typer.echo("sgs build summary")
    for s in stages:
        mark = "ok  " if s.ok else "FAIL"
        typer.echo(f"  {mark} {s.name:<10} {s.detail}  ({s.seconds:.1f} s)")
    total = sum(s.seconds for s in stages)
    verdict = "all stages passed" if all(s.ok for s in stages) else "some stages failed"
    typer.echo(f"  {verdict} in {total:.1f} s")

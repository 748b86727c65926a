"""`sgs test [PATH ...]`: run scenario tests; failures at the YAML line that failed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from sgs_tools.engine.library import Library

FORMAT_HELP = "Output format: text, json, github (workflow commands) or sarif."


def test_cmd(
    paths: Annotated[list[Path] | None, typer.Argument(
        metavar="PATH",
        help="Scenario files, or folders searched for files with 'kind: scenario' "
             "(default: the bundled tests/scenarios).", show_default=False)] = None,
    data: Annotated[list[Path] | None, typer.Option(
        "--data", metavar="PATH", help="Extra data files or folders (an expansion) to load "
        "with the bundled game; a scenario inside an expansion folder loads it by itself.",
        show_default=False)] = None,
    output_format: Annotated[str, typer.Option(
        "--format", "-f", metavar="[text|json|github|sarif]", help=FORMAT_HELP)] = "text",
    verbose: Annotated[bool, typer.Option("--verbose", "-v",
                                          help="List every scenario, passed or not.")] = False,
    watch: Annotated[bool, typer.Option(
        "--watch", help="Run again when a file is saved: only the scenarios that changed, "
        "or all of them when data changed (Ctrl-C stops).")] = False,
) -> None:
    """Run scenario tests: set up a table, play scripted decisions, check expectations."""
    from sgs_tools import paths as bundled
    from sgs_tools import report
    from sgs_tools.cli.common import check_data
    from sgs_tools.scenario.runner import collect

    if output_format not in report.FORMATS:
        typer.echo(f"sgs test: unknown format {output_format!r}; "
                   f"expected one of: {', '.join(report.FORMATS)}", err=True)
        raise typer.Exit(2)
    here = bundled.expansion_here() if not paths else None
    targets = list(paths) if paths else [here] if here else [bundled.bundled_scenarios()]
    check_data("test", data)
    try:
        files = collect(targets)
    except FileNotFoundError as exc:
        typer.echo(f"sgs test: no such file or folder: {exc}", err=True)
        raise typer.Exit(2) from None
    if not files and here is not None and not watch:
        # an expansion without scenarios yet (only cards, say): nothing failed, so its
        # CI and pre-commit hook pass; a path given that holds none stays a usage error
        typer.echo("sgs test: the expansion has no scenarios yet ('sgs new general' and "
                   "'sgs new skill' write one per skill)", err=True)
        raise typer.Exit(0)
    if not files:
        typer.echo("sgs test: no scenario files found (a scenario says 'kind: scenario')",
                   err=True)
        raise typer.Exit(2)
    if not watch:
        lib = _library(data, targets, output_format)
        raise typer.Exit(_run(lib, files, output_format, verbose))
    from sgs_tools.cli.watch import watch as watch_loop

    libs = [_library(data, targets, output_format)]
    found = [files]

    def again(changed: set[Path] | None) -> int:
        if changed is None:
            return _run(libs[0], found[0], output_format, verbose)
        try:
            found[0] = collect(targets)
        except FileNotFoundError:
            typer.echo("sgs test: a scenario folder disappeared", err=True)
            return 2
        scenarios = {f.resolve() for f in found[0]}
        if changed <= scenarios | {f.resolve() for f in files}:
            chosen = [f for f in found[0] if f.resolve() in changed]
            typer.echo(f"sgs test: running the {len(chosen)} changed scenario(s)", err=True)
        else:
            try:
                libs[0] = _library(data, targets, output_format)
            except typer.Exit:
                return 2  # the data has problems (said above); wait for the next save
            chosen = found[0]
        return _run(libs[0], chosen, output_format, verbose)

    roots = [*targets, *(data or [])]
    watch_loop("test", roots, again)


def _library(data: list[Path] | None, targets: list[Path], output_format: str) -> Library:
    """The library the scenarios run on, or exit 2 if its data has problems: said on
    stderr, and with a machine format (json, github, sarif) also as that format's document
    on stdout, so a CI step reading it gets the data's problems, not an empty output."""
    from sgs_tools.cli.common import load_library

    try:
        return load_library("test", data, targets)
    except typer.Exit as stop:
        if output_format != "text" and stop.exit_code == 2:
            _data_problems(data, targets, output_format)
        raise


def _data_problems(data: list[Path] | None, targets: list[Path], output_format: str) -> None:
    """The errors of the data the scenarios load, in a machine format, on stdout."""
    from sgs_tools import report
    from sgs_tools.errors import UsageError
    from sgs_tools.project import data_for, validate

    files = data_for(list(targets), list(data or []))
    try:
        result = validate(files or None)
    except UsageError:  # an unreadable file: said on stderr already, nothing to list
        return
    problems = [p for p in result.problems if p.severity == "error"]
    if not problems:
        return
    out = report.render(output_format, problems, result.documents, result.reported,
                        command="sgs test", tally="no scenario run: the data has problems")
    if output_format == "json":
        import json

        payload = json.loads(out)
        payload["scenarios"] = {"run": 0, "passed": 0, "failed": 0}
        out = json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
    typer.echo(out, nl=False)


def _run(lib: Library, files: list[Path], output_format: str, verbose: bool) -> int:
    """Run the scenario files and report; the exit code."""
    from sgs_tools import report
    from sgs_tools.paths import display_path
    from sgs_tools.scenario.runner import run_file

    problems = []
    documents = {}
    passed = 0
    for path in files:
        shown = display_path(path)
        outcome, doc = run_file(lib, path, shown)
        if doc is not None:
            documents[shown] = doc
        problems.extend(outcome.problems)
        if outcome.ok:
            passed += 1
        if verbose and output_format == "text":
            mark = "ok  " if outcome.ok else "FAIL"
            typer.echo(report.terminal(f"{mark} {shown}: {outcome.name}"))
    failed = len(files) - passed
    tally = (f"{report.plural(len(files), 'scenario')}: {passed} passed"
             + (f", {failed} failed" if failed else ""))
    if output_format == "json":  # the shape of every command's JSON, plus the counts
        import json

        payload = json.loads(report.render(output_format, problems, documents, len(files)))
        payload["scenarios"] = {"run": len(files), "passed": passed, "failed": failed}
        out = json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
    elif output_format != "text":  # github: the step summary is headed 'sgs test'
        out = report.render(output_format, problems, documents, len(files),
                            command="sgs test", tally=tally)
    else:
        out = report.text(problems, documents, len(files)) if problems else ""
        out += tally + "\n"
    typer.echo(out, nl=False)
    return 0 if not problems else 1

"""`sgs validate [PATH ...]`: options → validate → report in the chosen format → exit code."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

FORMAT_HELP = "Output format: text, json, github (workflow commands) or sarif."


def validate(
    paths: Annotated[list[Path] | None, typer.Argument(
        metavar="PATH",
        help="Files, folders or expansion folders to check (default: the bundled data).",
        show_default=False)] = None,
    output_format: Annotated[str, typer.Option(
        "--format", "-f", metavar="[text|json|github|sarif]", help=FORMAT_HELP)] = "text",
    strict: Annotated[bool, typer.Option(
        "--strict", help="Treat warnings (a missing translation, a set no mode plays, a "
        "file named other than its id) as errors.")] = False,
    watch: Annotated[bool, typer.Option(
        "--watch", help="Check again whenever a file is saved (Ctrl-C stops).")] = False,
) -> None:
    """Check data files against the schemas and against each other."""
    from sgs_tools import report

    if output_format not in report.FORMATS:
        typer.echo(f"sgs validate: unknown format {output_format!r}; "
                   f"expected one of: {', '.join(report.FORMATS)}", err=True)
        raise typer.Exit(2)
    from sgs_tools import paths as where

    here = where.expansion_here() if not paths else None
    if here is not None:
        typer.echo(f"sgs validate: checking the expansion in {here}", err=True)
    targets = list(paths) if paths else [here] if here else None
    if not watch:
        raise typer.Exit(_once(targets, output_format, strict, None))
    from sgs_tools.cli.watch import watch as watch_loop

    roots = targets or [where.bundled_root() / name for name in (*where.DATA_DIRS, "grammar")]
    watch_loop("validate", roots, lambda changed: _once(targets, output_format, strict,
                                                        changed))


def _once(targets: list[Path] | None, output_format: str, strict: bool,
          changed: set[Path] | None) -> int:
    """One validation and its report; the exit code. With ``changed`` (a watch re-run), the
    report ends by naming the changed files that are now clean."""
    from sgs_tools import report
    from sgs_tools.errors import UsageError
    from sgs_tools.paths import display_path
    from sgs_tools.project import validate as run_validate

    try:
        result = run_validate(targets, report_only=True)
    except UsageError as exc:
        typer.echo(f"sgs validate: {exc}", err=True)
        if changed is None:
            raise typer.Exit(2) from None
        return 2
    problems = [*result.problems, *result.warnings]  # errors first: GitHub shows only ten
    if output_format == "text":
        problems.sort(key=lambda p: p.sort_key())
    if strict:
        from dataclasses import replace

        problems = [replace(p, severity="error") for p in problems]
    out = report.render(output_format, problems, result.documents, result.reported)
    typer.echo(out, nl=False)
    if changed and output_format == "text":
        dirty = {p.location.path for p in problems}
        clean = sorted(shown for shown in map(display_path, changed) if shown not in dirty)
        if clean:
            typer.echo(f"now clean: {', '.join(clean[:10])}")
    code = result.exit_code  # 2 for a file that could not be read at all
    if code == 0 and any(p.severity == "error" for p in problems):
        code = 1  # --strict: warnings count
    return code

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
) -> None:
    """Check data files against the schemas and against each other."""
    from sgs_tools import report
    from sgs_tools.data.validate import validate as run_validate
    from sgs_tools.errors import UsageError

    if output_format not in report.FORMATS:
        typer.echo(f"sgs validate: unknown format {output_format!r}; "
                   f"expected one of: {', '.join(report.FORMATS)}", err=True)
        raise typer.Exit(2)
    from sgs_tools import paths as where

    here = where.expansion_here() if not paths else None
    if here is not None:
        typer.echo(f"sgs validate: checking the expansion in {here}", err=True)
    try:
        result = run_validate(list(paths) if paths else [here] if here else None,
                              report_only=True)
    except UsageError as exc:
        typer.echo(f"sgs validate: {exc}", err=True)
        raise typer.Exit(2) from None
    out = report.render(output_format, result.problems, result.documents, result.reported)
    typer.echo(out, nl=False)
    raise typer.Exit(result.exit_code)

"""`sgs compile [PATH ...] [--out FILE]`: validate, compile every effect, write the hook table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer


def compile_cmd(
    paths: Annotated[list[Path] | None, typer.Argument(
        metavar="PATH",
        help="Files or folders to compile with the bundled data (default: the bundled data).",
        show_default=False)] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", help="Write the hook table here instead of standard output.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite --out if it exists.")] = False,
) -> None:
    """Compile every skill and card effect into engine hooks (JSON)."""
    from sgs_tools import report
    from sgs_tools.cli.common import data_or_here
    from sgs_tools.dsl.effects import hook_table
    from sgs_tools.errors import UsageError
    from sgs_tools.project import validate

    targets = list(paths) if paths else data_or_here(None)
    try:
        result = validate(targets)
    except UsageError as exc:
        typer.echo(f"sgs compile: {exc}", err=True)
        raise typer.Exit(2) from None
    if not result.ok:
        typer.echo(report.text(result.problems, result.documents, result.files), err=True,
                   nl=False)
        raise typer.Exit(1)
    assert result.effects is not None
    table = hook_table(result.effects)
    text = json.dumps(table, ensure_ascii=False, indent=1) + "\n"
    if out is None:
        typer.echo(text, nl=False)
    else:
        if out.is_dir():
            typer.echo(f"sgs compile: {out} is a folder; give --out a file path, such as "
                       f"{out / 'hooks.json'}", err=True)
            raise typer.Exit(2)
        if out.exists() and not force:
            typer.echo(f"sgs compile: {out} exists; use --force to overwrite it", err=True)
            raise typer.Exit(2)
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            typer.echo(f"sgs compile: cannot write {out}: {exc.strerror}", err=True)
            raise typer.Exit(2) from None
    typer.echo(f"compiled {table['effects']} effects into {len(table['hooks'])} hooks",
               err=True)

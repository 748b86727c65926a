"""`sgs schema export DIR`: copy the JSON Schemas out for editors and other tools."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(help="Work with the JSON Schemas of the data files.", no_args_is_help=True)


@app.command("export")
def export(
    directory: Annotated[Path, typer.Argument(
        help="Folder to write the *.schema.json files into.")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite files that differ.")] = False,
) -> None:
    """Write every schema (card, deck, general, mode, expansion) into DIRECTORY."""
    from sgs_tools.data.schemas import schema_files

    if directory.exists() and not directory.is_dir():
        typer.echo(f"sgs schema export: {directory} is a file; give a folder to write the "
                   "schemas into", err=True)
        raise typer.Exit(2)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        typer.echo(f"sgs schema export: cannot create {directory}: {exc.strerror}", err=True)
        raise typer.Exit(2) from None
    written = 0
    for source in schema_files():
        target = directory / source.name
        content = source.read_bytes()
        if target.exists() and target.read_bytes() != content and not force:
            typer.echo(f"sgs schema export: {target} exists and differs; "
                       "use --force to overwrite it", err=True)
            raise typer.Exit(2)
        try:
            target.write_bytes(content)
        except OSError as exc:
            typer.echo(f"sgs schema export: cannot write {target}: {exc.strerror}", err=True)
            raise typer.Exit(2) from None
        written += 1
    typer.echo(f"wrote {written} schemas to {directory}")

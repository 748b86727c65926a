"""`sgs schema export DIR`: copy the JSON Schemas out for editors and other tools."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(help="Work with the JSON Schemas of the data files.", no_args_is_help=True)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@app.command("export")
def export(
    directory: Annotated[Path, typer.Argument(
        help="Folder to write the *.schema.json files into.")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite files that differ.")] = False,
) -> None:
    """Write every schema (card, deck, general, mode, expansion, scenario) into DIRECTORY.

    Files already identical are left alone; a file that differs is only overwritten with
    --force, and without it nothing is written at all.
    """
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
    plan: list[tuple[Path, bytes, bool]] = []  # target, content, replaces a different file
    unchanged = 0
    conflicts: list[Path] = []
    for source in schema_files():
        target = directory / source.name
        content = source.read_bytes()
        try:
            existing = target.read_bytes() if target.is_file() else None
        except OSError as exc:
            typer.echo(f"sgs schema export: cannot read {target}: {exc.strerror}", err=True)
            raise typer.Exit(2) from None
        if existing == content:
            unchanged += 1
            continue
        if target.exists() and not force:
            conflicts.append(target)
        plan.append((target, content, target.exists()))
    if conflicts:
        for target in conflicts:
            typer.echo(f"sgs schema export: {target} exists and differs; "
                       "use --force to overwrite it", err=True)
        typer.echo("sgs schema export: nothing written", err=True)
        raise typer.Exit(2)
    for target, content, _replaces in plan:
        try:
            target.write_bytes(content)
        except OSError as exc:
            typer.echo(f"sgs schema export: cannot write {target}: {exc.strerror}", err=True)
            raise typer.Exit(2) from None
    overwritten = sum(1 for _t, _c, replaces in plan if replaces)
    message = f"wrote {_plural(len(plan), 'schema')} to {directory}"
    if overwritten:
        message += f" ({overwritten} overwritten)"
    if unchanged:
        message += f", {unchanged} unchanged"
    typer.echo(message)

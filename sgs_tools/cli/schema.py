"""`sgs schema export DIR`: write the JSON Schemas out for editors and other tools, made for
the bundled game or for a project (``--data``: the base game plus an expansion)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sgs_tools.report import plural

app = typer.Typer(help="Work with the JSON Schemas of the data files.", no_args_is_help=True)


@app.command("export")
def export(
    directory: Annotated[Path, typer.Argument(
        help="Folder to write the *.schema.json files into.")],
    data: Annotated[list[Path] | None, typer.Option(
        "--data", help="An expansion folder (or data file) the schemas are made for, with "
        "the base game: its own kingdoms, sets and ids become valid. Repeatable. Inside an "
        "expansion's folder, that expansion by default.")] = None,
    modelines: Annotated[bool, typer.Option(
        "--modelines", help="Also write the '# yaml-language-server: $schema=…' first line "
        "of every data file under each --data folder, pointing at the exported schemas.")]
    = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite files that differ.")] = False,
) -> None:
    """Write every schema (card, deck, general, mode, expansion, scenario) into DIRECTORY.

    Files already identical are left alone; a file that differs is only overwritten with
    --force, and without it nothing is written at all. Then it prints the modeline each
    data file needs (relative paths, so they hold wherever the folder is copied).
    """
    from sgs_tools.cli.common import data_or_here
    from sgs_tools.editor.schema_build import (
        SchemaExportError,
        export_project_schemas,
        modeline,
        set_modelines,
    )

    # Inside an expansion, its schemas (its kingdoms and ids valid), as every command does.
    folders = list(data_or_here(data) or [])
    for folder in folders:
        if not folder.exists():
            typer.echo(f"sgs schema export: {folder} does not exist", err=True)
            raise typer.Exit(2)
    if modelines and not folders:
        typer.echo("sgs schema export: --modelines needs --data FOLDER (the files to "
                   "point at the schemas)", err=True)
        raise typer.Exit(2)
    try:
        report = export_project_schemas(directory, folders, force)
    except SchemaExportError as exc:
        typer.echo(f"sgs schema export: {exc}", err=True)
        raise typer.Exit(2) from None
    if report.conflicts:
        for target in report.conflicts:
            typer.echo(f"sgs schema export: {target} exists and differs; "
                       "use --force to overwrite it", err=True)
        typer.echo("sgs schema export: nothing written", err=True)
        raise typer.Exit(2)
    message = f"wrote {plural(len(report.written), 'schema')} to {directory}"
    if report.overwritten:
        message += f" ({len(report.overwritten)} overwritten)"
    if report.unchanged:
        message += f", {len(report.unchanged)} unchanged"
    if folders:
        message += f" (for the base game and {', '.join(str(f) for f in folders)})"
    typer.echo(message)
    if not folders:
        example = directory / "generals" / "my_general.yaml"
        typer.echo("put this first line in each data file, with the path relative to the "
                   "file's folder and the schema of its kind (card, deck, general, mode, "
                   "expansion, scenario); for a general in generals/ beside the folder:")
        typer.echo("  " + modeline(directory.parent / "generals" / example.name,
                                  report.schema_path("general")))
        return
    changed = 0
    try:
        for folder in folders:
            for change in set_modelines(folder, directory, write=modelines):
                changed += change.changed
                if not change.changed:
                    continue
                verb = "wrote" if modelines else "needs"
                typer.echo(f"{change.path}: {verb} {change.line}")
    except SchemaExportError as exc:
        typer.echo(f"sgs schema export: {exc}", err=True)
        raise typer.Exit(2) from None
    if changed and not modelines:
        typer.echo(f"{plural(changed, 'file')} {'needs' if changed == 1 else 'need'} a "
                   "modeline; --modelines writes them")
    elif changed:
        typer.echo(f"wrote the modeline of {plural(changed, 'file')}")
    else:
        typer.echo("every data file already points at these schemas")

"""`sgs export freekill OUT [--data PATH]`: write a FreeKill (新月杀) extension package."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sgs_tools.cli.common import DATA_HELP

app = typer.Typer(help="Export the game data for other engines.", no_args_is_help=True,
                  add_completion=False, rich_markup_mode=None)

EXPORTED_SETS = ("standard", "wind", "korean")


@app.command("freekill")
def freekill(
    out: Annotated[Path, typer.Argument(
        metavar="OUT", help="The package folder to write (its name is the package name "
        "unless --name is given); copy it into FreeKill's packages/ folder.",
        show_default=False)],
    data: Annotated[list[Path] | None, typer.Option(
        "--data", metavar="PATH", help=DATA_HELP + " Its generals, cards and decks are "
        "exported too.",
        show_default=False)] = None,
    name: Annotated[str | None, typer.Option(
        "--name", help="Package name (lower-case letters, digits, _); also the prefix of "
        "every general and skill name (NAME__caocao).", show_default=False)] = None,
    tests: Annotated[bool, typer.Option(
        "--tests/--no-tests", help="Emit our scenario tests as FreeKill skill tests.")] = True,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Exit 1 when any skill, card or general could not be "
        "exported.")] = False,
    force: Annotated[bool, typer.Option(
        "--force", help="Write into OUT even if it already holds files.")] = False,
) -> None:
    """Write a FreeKill extension package: init.lua, one Lua file per skill and per new
    card, translations (our names and generated rules text), the expansion's deck list and
    our scenarios as FreeKill tests."""
    from sgs_tools.cli.common import check_data, data_or_here
    from sgs_tools.errors import UsageError
    from sgs_tools.export.freekill.build import build, write

    check_data("export freekill", data)
    data = data_or_here(data)  # inside an expansion: that expansion, as every command does
    pkg = name if name is not None else out.resolve().name
    try:
        result, report = build(list(data or []), pkg, tests=tests)
    except UsageError as exc:
        typer.echo(f"sgs export freekill: {exc}", err=True)
        raise typer.Exit(2) from None
    except ValueError as exc:
        hint = "" if name is not None else " (give --name, or name the folder so)"
        typer.echo(f"sgs export freekill: {exc}{hint}", err=True)
        raise typer.Exit(2) from None
    if report is not None:  # the data has problems
        typer.echo(report, err=True, nl=False)
        typer.echo("sgs export freekill: the game data has problems; run 'sgs validate'",
                   err=True)
        raise typer.Exit(1)
    assert result is not None
    if out.exists() and not out.is_dir():
        typer.echo(f"sgs export freekill: {out} is a file; OUT must be a folder", err=True)
        raise typer.Exit(2)
    if out.is_dir() and any(out.iterdir()) and not force:
        typer.echo(f"sgs export freekill: {out} is not empty; use --force to write into it "
                   "(files sgs-tools generated there before are replaced)", err=True)
        raise typer.Exit(2)
    try:
        write(result, out)
    except UsageError as exc:  # a file of the user's where the package has one
        typer.echo(f"sgs export freekill: {exc}", err=True)
        raise typer.Exit(2) from None
    except OSError as exc:
        typer.echo(f"sgs export freekill: cannot write {out}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(summary(result, out))
    if strict and result.refused:
        raise typer.Exit(1)


def summary(result: object, out: Path) -> str:
    from sgs_tools.export.freekill.package import ExportResult
    from sgs_tools.report import plural

    assert isinstance(result, ExportResult)
    lines = [f"wrote FreeKill package {result.package!r} to {out}: "
             f"{len(result.generals)} of {result.considered_generals} generals, "
             f"{len(result.skills)} of {result.considered_skills} skills, "
             f"{len(result.cards)} of {result.considered_cards} cards"
             + (f" ({result.copies} deck copies)" if result.copies else "")
             + f", {plural(result.tests, 'scenario test')}"]
    for kind in ("skill", "card"):
        refused = [r for r in result.refused if r.kind == kind]
        if refused:
            lines.append(f"not exportable ({plural(len(refused), kind)}; the word with no "
                         "FreeKill mapping):")
            lines += [f"  {r.id}: {r.word}" + (f" ({r.why})" if r.why else "")
                      for r in refused]
    copies = [r for r in result.refused if r.kind == "deck"]
    if copies:
        lines.append("deck copies left out:")
        lines += [f"  {r.id}: {r.word}: {r.why}" for r in copies]
    gens = [r for r in result.refused if r.kind == "general"]
    if gens:
        lines.append(f"generals left out ({len(gens)}):")
        lines += [f"  {r.id}: {r.why}" for r in gens]
    return "\n".join(lines)

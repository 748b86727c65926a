"""`sgs explain ID [--lang en|zh|ko]`: a skill's or card's rules text and its hooks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer


def explain(
    ident: Annotated[str, typer.Argument(help="A skill id or card id, e.g. ganglie or slash.")],
    lang: Annotated[str, typer.Option("--lang", "-l", help="en, zh or ko.")] = "en",
    hooks: Annotated[bool, typer.Option("--hooks/--no-hooks",
                                        help="Also print the compiled hooks.")] = True,
    data: Annotated[list[Path] | None, typer.Option(
        "--data", metavar="PATH", help="Extra data files or folders (an expansion) whose "
        "skills and cards can be explained.", show_default=False)] = None,
) -> None:
    """Print the rendered rules text of a skill or card, and its compiled hooks."""
    from sgs_tools.data.schemas import suggest
    from sgs_tools.data.validate import validate
    from sgs_tools.dsl.effects import explain as render_text
    from sgs_tools.dsl.unparse import unparse

    if lang not in ("en", "zh", "ko"):
        typer.echo(f"sgs explain: unknown language {lang!r}; expected en, zh or ko", err=True)
        raise typer.Exit(2)
    from sgs_tools import report
    from sgs_tools.errors import UsageError

    try:
        result = validate(list(data) if data else None)
    except UsageError as exc:
        typer.echo(f"sgs explain: {exc}", err=True)
        raise typer.Exit(2) from None
    effects = result.effects
    assert effects is not None
    compiled = effects.compiled.get(ident)
    cat = result.catalog
    thing = cat.skills.get(ident) or cat.cards.get(ident)
    own = []
    if thing is not None and thing.effect:
        start = thing.origin.where("effect").line
        end = start + thing.effect.count("\n") + 1
        own = [p for p in effects.problems if p.location.path == thing.origin.file
               and start <= p.location.line <= end]
    if thing is not None and (compiled is None or not compiled.hooks) and own:
        typer.echo(report.text(own, result.documents, result.files), err=True, nl=False)
        typer.echo(f"sgs explain: the effect of {ident!r} has errors (above)", err=True)
        raise typer.Exit(1)
    if compiled is None:
        known = set(cat.skills) | set(cat.cards)
        if ident in known:
            typer.echo(f"sgs explain: {ident!r} has no effect text yet", err=True)
            raise typer.Exit(1)
        hint = suggest(ident, known)
        typer.echo(f"sgs explain: no skill or card {ident!r}" + (f"; {hint}" if hint else ""),
                   err=True)
        raise typer.Exit(2)
    name = thing.name.get(lang) if thing is not None else ident
    typer.echo(f"{name} ({ident})")
    if compiled.tags:
        typer.echo(f"tags: {', '.join(compiled.tags)}")
    typer.echo("")
    typer.echo(render_text(compiled, effects.names, lang))
    typer.echo("")
    typer.echo("DSL:")
    typer.echo("".join(f"  {line}\n" for line in unparse(compiled.effect).splitlines()),
               nl=False)
    if hooks:
        typer.echo("")
        typer.echo("hooks:")
        typer.echo(json.dumps(compiled.hooks, ensure_ascii=False, indent=1))

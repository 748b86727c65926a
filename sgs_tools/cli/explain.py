"""`sgs explain ID [--lang en|zh|ko]`: a skill's or card's rules text and its hooks."""

from __future__ import annotations

import json
from typing import Annotated

import typer


def explain(
    ident: Annotated[str, typer.Argument(help="A skill id or card id, e.g. ganglie or slash.")],
    lang: Annotated[str, typer.Option("--lang", "-l", help="en, zh or ko.")] = "en",
    hooks: Annotated[bool, typer.Option("--hooks/--no-hooks",
                                        help="Also print the compiled hooks.")] = True,
) -> None:
    """Print the rendered rules text of a skill or card, and its compiled hooks."""
    from sgs_tools.data.schemas import suggest
    from sgs_tools.data.validate import validate
    from sgs_tools.dsl.effects import explain as render_text
    from sgs_tools.dsl.unparse import unparse

    if lang not in ("en", "zh", "ko"):
        typer.echo(f"sgs explain: unknown language {lang!r}; expected en, zh or ko", err=True)
        raise typer.Exit(2)
    result = validate()
    effects = result.effects
    assert effects is not None
    compiled = effects.compiled.get(ident)
    cat = result.catalog
    if compiled is None:
        known = set(cat.skills) | set(cat.cards)
        if ident in known:
            typer.echo(f"sgs explain: {ident!r} has no effect text yet", err=True)
            raise typer.Exit(1)
        hint = suggest(ident, known)
        typer.echo(f"sgs explain: no skill or card {ident!r}" + (f"; {hint}" if hint else ""),
                   err=True)
        raise typer.Exit(2)
    thing = cat.skills.get(ident) or cat.cards.get(ident)
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

"""`sgs explain ID|NAME [--lang en|zh|ko]`: rules text and hooks of a skill, card or general.

ID is a skill, card or general id; a name in any language (``Slash``, ``杀``, ``살``,
``Cao Cao``) works too. A general prints each of its skills.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from sgs_tools.data.catalog import Catalog
    from sgs_tools.dsl.effects import Compiled, EffectsResult
    from sgs_tools.project import Result


def _parts(cat: Catalog) -> dict[str, tuple[str, dict[str, str]]]:
    """Effects a card carries besides its own (samurai abilities, an heirloom's bonus):
    compiled key (``card.ability``) → (the ability's own id, its names)."""
    out: dict[str, tuple[str, dict[str, str]]] = {}
    for card in cat.cards.values():
        for ability in card.extra.get("abilities") or []:
            if isinstance(ability, dict) and ability.get("effect") and ability.get("id"):
                names = ability.get("name") if isinstance(ability.get("name"), dict) else {}
                out[f"{card.id}.{ability['id']}"] = (str(ability["id"]), dict(names or {}))
        bonus = card.extra.get("bonus")
        if isinstance(bonus, dict) and bonus.get("effect"):
            names = {lang: f"{text} ({word})" for lang, text, word in (
                ("en", card.name.get("en"), "heirloom bonus"),
                ("zh", card.name.get("zh"), "传家宝加成"),
                ("ko", card.name.get("ko"), "가보 보너스")) if text}
            out[f"{card.id}.bonus"] = (f"{card.id}.bonus", names)
    return out


def _names(cat: Catalog) -> dict[str, set[tuple[str, str]]]:
    """Every name (folded) → the (kind, id) pairs it names."""
    out: dict[str, set[tuple[str, str]]] = {}
    things = [("skill", s.id, s.name.as_dict()) for s in cat.skills.values()]
    things += [("card", c.id, c.name.as_dict()) for c in cat.cards.values()]
    things += [("general", g.id, g.name.as_dict()) for g in cat.generals.values()]
    things += [("ability", key, names) for key, (_, names) in _parts(cat).items()]
    for kind, ident, names in things:
        for lang in ("en", "zh", "ko"):
            name = names.get(lang)
            if name:
                out.setdefault(name.casefold(), set()).add((kind, ident))
    return out


def _resolve(ident: str, cat: Catalog) -> list[tuple[str, str]]:
    """What ``ident`` names: an id first, else a name in any language."""
    if ident in cat.skills:
        return [("skill", ident)]
    if ident in cat.cards:
        return [("card", ident)]
    if ident in cat.generals:
        return [("general", ident)]
    for key, (own, _) in _parts(cat).items():
        if ident in (key, own):
            return [("ability", key)]
    return sorted(_names(cat).get(ident.strip().casefold(), set()))


def explain(
    ident: Annotated[str, typer.Argument(
        metavar="ID", help="A skill, card or general: its id (ganglie, slash, caocao) or a "
        "name in any language (Slash, 杀, 살, Cao Cao).", show_default=False)],
    lang: Annotated[str, typer.Option("--lang", "-l", metavar="[en|zh|ko]",
                                        help="The language of the rules text.")] = "en",
    hooks: Annotated[bool | None, typer.Option(
        "--hooks/--no-hooks", help="Also print the compiled hooks (default: yes for a skill "
        "or card, no for a general).", show_default=False)] = None,
    data: Annotated[list[Path] | None, typer.Option(
        "--data", metavar="PATH", help="Extra data files or folders (an expansion) whose "
        "skills, cards and generals can be explained.", show_default=False)] = None,
) -> None:
    """Print the rendered rules text of a skill, card or general, and the compiled hooks."""
    from sgs_tools import paths as paths_mod
    from sgs_tools.data.schemas import suggest
    from sgs_tools.errors import UsageError
    from sgs_tools.project import validate

    if lang not in ("en", "zh", "ko"):
        _echo(f"sgs explain: unknown language {lang!r}; expected en, zh or ko", err=True)
        raise typer.Exit(2)
    try:
        if not data and (here := paths_mod.expansion_here()) is not None:
            data = [here]
        result = validate(list(data) if data else None)
    except UsageError as exc:
        _echo(f"sgs explain: {exc}", err=True)
        raise typer.Exit(2) from None
    cat = result.catalog
    found = _resolve(ident, cat)
    if not found:
        known = (set(cat.skills) | set(cat.cards) | set(cat.generals)
                 | {own for own, _ in _parts(cat).values()})
        hint = suggest(ident, known) or suggest(ident.casefold(), set(_names(cat)))
        _echo(f"sgs explain: no skill, card, ability or general {ident!r}"
                   + (f"; {hint}" if hint else ""), err=True)
        raise typer.Exit(2)
    if len(found) > 1:
        _echo(f"sgs explain: {ident!r} names several things; give an id:", err=True)
        for kind, other in found:
            _echo(f"  {kind} {other}", err=True)
        raise typer.Exit(2)
    kind, target = found[0]
    if kind == "general":
        general = cat.generals[target]
        name = general.name.get(lang) or general.id
        from sgs_tools.dsl.vocabulary import full_registry

        term = full_registry().enums.get("kingdom", {}).get(general.kingdom)
        declared = cat.kingdom_names(general.kingdom)
        kingdom = (declared.get(lang) if declared is not None
                   else term.text.get(lang) if term is not None else None) or general.kingdom
        whole = general.hp is not None
        amount = general.hp if whole else general.halves
        health = {"en": f"{amount} HP" if whole else f"{amount} yin-yang halves",
                  "zh": f"体力{amount}" if whole else f"阴阳鱼{amount}",
                  "ko": f"체력 {amount}" if whole else f"음양어 {amount}"}[lang]
        _echo(f"{name} ({general.id}) · {kingdom} · {health}")
        code = 0
        for skill in cat.skills_of(general):
            _echo("")
            code = max(code, _one(result, skill.id, lang, bool(hooks)))
        raise typer.Exit(code)
    if kind == "card":
        parts = [key for key in _parts(cat) if key.split(".", 1)[0] == target]
        if parts and not cat.cards[target].effect:  # a samurai card: its abilities
            card = cat.cards[target]
            _echo(f"{card.name.get(lang) or card.id} ({card.id})")
            for key in parts:
                _echo("")
                _one(result, key, lang, bool(hooks))
            raise typer.Exit(0)
    raise typer.Exit(_one(result, target, lang, hooks is not False))


def _echo(text: str = "", *, err: bool = False, nl: bool = True) -> None:
    """typer.echo for text holding names and rules text from data (see report.terminal)."""
    from sgs_tools.report import terminal

    typer.echo(terminal(text), err=err, nl=nl)


def _one(result: Result, ident: str, lang: str, hooks: bool) -> int:
    """Print one skill or card; the exit code (0, or 1 for an effect with errors)."""
    from sgs_tools import report

    effects = result.effects
    assert effects is not None
    cat = result.catalog
    compiled = effects.compiled.get(ident)
    part = _parts(cat).get(ident)
    if part is not None:  # an ability or bonus printed on a card
        if compiled is None:
            _echo(f"sgs explain: the effect of {ident!r} has errors; run "
                       "'sgs validate'", err=True)
            return 1
        return _show(compiled, part[1].get(lang) or part[0], ident, lang, hooks, effects)
    thing = cat.skills.get(ident) or cat.cards.get(ident)
    assert thing is not None
    name = thing.name.get(lang) or ident
    own = []
    if thing.effect:
        start = thing.origin.where("effect").line
        end = start + thing.effect.count("\n") + 1
        own = [p for p in effects.problems if p.location.path == thing.origin.file
               and start <= p.location.line <= end]
    if (compiled is None or not compiled.hooks) and own:
        _echo(report.text(own, result.documents, result.files), err=True, nl=False)
        _echo(f"sgs explain: the effect of {ident!r} has errors (above)", err=True)
        return 1
    if compiled is None:
        _echo(f"{name} ({ident}): no effect text yet")
        return 0
    return _show(compiled, name, ident, lang, hooks, effects)


def _show(compiled: Compiled, name: str, ident: str, lang: str, hooks: bool,
          effects: EffectsResult) -> int:
    from sgs_tools.dsl.effects import explain as render_text
    from sgs_tools.dsl.unparse import unparse

    _echo(f"{name} ({ident})")
    if compiled.tags:
        _echo(f"tags: {', '.join(compiled.tags)}")
    _echo("")
    _echo(render_text(compiled, effects.names, lang))
    _echo("")
    _echo("DSL:")
    _echo("".join(f"  {line}\n" for line in unparse(compiled.effect).splitlines()),
               nl=False)
    if hooks:
        _echo("")
        _echo("hooks:")
        _echo(json.dumps(compiled.hooks, ensure_ascii=False, indent=1))
    return 0

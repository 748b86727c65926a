"""What several commands share: loading the game with --data, and refusing bad --data."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from sgs_tools.engine.library import Library

DATA_HELP = ("Extra data files or folders (an expansion) to load with the bundled game, "
             "as in 'sgs test --data'; repeatable.")


MAX_GAMES = 10**15
"""The most games one command may be asked for (a range of seeds must have a length that
fits a machine word; a million games a second would take thirty years)."""


def not_positive(**counts: int | None) -> str | None:
    """The first of the counts given (option name without dashes → value) below 1, said as
    the user typed it ("--games is 0; it must be 1 or more"), or None."""
    for name, value in counts.items():
        if value is not None and value < 1:
            return f"--{name} is {value}; it must be 1 or more"
    return None


def agents_problem(agents: str, players: int) -> str | None:
    """What is wrong with an ``--agents`` value for a table of ``players``, or None: one
    kind for every seat, one per seat, or by role (``lord=heuristic,rebel=random``)."""
    from sgs_tools.engine.agents import known_kind

    kinds = [k.strip() for k in agents.split(",") if k.strip()]
    by_role = [k for k in kinds if "=" in k]
    if not kinds or any(not known_kind(k.partition("=")[2] if "=" in k else k)
                        for k in kinds) or (by_role and len(by_role) != len(kinds)):
        return (f"unknown agents {agents!r}; expected random, heuristic or rollout[:R[:T]], "
                "one per seat, or by role (lord=heuristic,rebel=random,…)")
    if len(kinds) > 1 and not by_role and len(kinds) != players:
        return (f"--agents lists {len(kinds)} agents for {players} players; give one kind, "
                "or one per seat")
    return None


def agent_roles_problem(agents: str, lib: Library, mode: str) -> str | None:
    """What is wrong with ``--agents`` by role (``lord=heuristic,…``) for ``mode``, or
    None: every role named must be one of the mode's roles, and a mode without roles
    (Guozhan, samurai) takes agents by seat only. The engine plays an unnamed role
    random, so a misspelt role would otherwise silently play random."""
    named = [k.strip().partition("=")[0].strip() for k in agents.split(",") if "=" in k]
    if not named:
        return None
    raw = lib.mode(mode).raw.get("roles")
    table = (raw.get("table") or {}) if isinstance(raw, dict) else {}
    roles = sorted({str(r) for row in table.values() if isinstance(row, dict) for r in row})
    if not roles:
        return (f"--agents {agents!r} names roles, but mode {mode!r} has no roles; "
                "give one kind, or a comma list with one per seat")
    unknown = [r for r in named if r not in roles]
    if unknown:
        return (f"--agents names {', '.join(map(repr, unknown))}, not a role of mode "
                f"{mode!r}; its roles are {', '.join(roles)}")
    return None


def first_game_problem(lib: Library, mode: str) -> str | None:
    """``--first-game`` for a mode without first-game rules (``health.first_game``:
    Guozhan, samurai) would be played as an ordinary game without a word."""
    health = lib.mode(mode).raw.get("health")
    if isinstance(health, dict) and health.get("first_game"):
        return None
    return (f"--first-game: mode {mode!r} has no first-game rules (health.first_game in "
            "its mode file); drop --first-game")


def check_data(command: str, data: list[Path] | None) -> None:
    """Refuse a --data path that does not exist (exit 2)."""
    for extra in data or []:
        if not extra.exists():
            typer.echo(f"sgs {command}: no such file or folder: {extra}", err=True)
            raise typer.Exit(2)


def load_library(command: str, data: list[Path] | None,
                 targets: list[Path] | None = None) -> Library:
    """The bundled game plus --data (and the expansions the targets sit in), or exit 2 if
    that data has problems."""
    from sgs_tools import report as sgs_report
    from sgs_tools.engine.errors import SetupError
    from sgs_tools.errors import UsageError
    from sgs_tools.sim.runner import load_library as load

    try:
        lib = load(list(data or []), list(targets or []))
    except (SetupError, UsageError) as exc:  # UsageError: a file of the data is unreadable
        typer.echo(f"sgs {command}: {exc}", err=True)
        raise typer.Exit(2) from None
    if lib.problems:
        typer.echo(f"sgs {command}: the game data has "
                   f"{sgs_report.plural(len(lib.problems), 'problem')}; "
                   "run 'sgs validate' first", err=True)
        for line in lib.problems[:5]:
            typer.echo(f"  {line}", err=True)
        raise typer.Exit(2)
    return lib


def mode_to_play(command: str, mode: str | None, lib: Library) -> str:
    """``--mode`` checked against the modes the engine plays in the loaded data (an
    expansion's own mode based on identity is one); without it, identity, unless the
    loaded expansions do not join identity: then the first mode they join."""
    from sgs_tools.data.schemas import suggest
    from sgs_tools.engine.modes import played_modes

    played = played_modes(lib.catalog.modes)
    if mode is None:
        joined = [m for e in lib.catalog.expansions.values() for m in e.modes if m in played]
        mode = "identity" if not joined or "identity" in joined else joined[0]
        if mode != "identity":
            typer.echo(f"sgs {command}: playing {mode}, the first mode the expansion joins "
                       "(--mode chooses another)", err=True)
    if mode not in played:
        hint = suggest(mode, played)
        typer.echo(f"sgs {command}: the engine does not play mode {mode!r}"
                   + (f" ({hint})" if hint else "") + f"; it plays {', '.join(played)}",
                   err=True)
        raise typer.Exit(2)
    return mode


def data_or_here(data: list[Path] | None) -> list[Path] | None:
    """``--data`` as given, else the expansion the current folder is in (outside any
    checkout), so that every command agrees on what "here" is."""
    if data:
        return data
    from sgs_tools import paths

    here = paths.expansion_here()
    return [here] if here is not None else None


def protected(data: list[Path] | None) -> list[Path]:
    """What a build must never write into: the bundled sources, and the data of each
    ``--data`` path (an expansion's data folders and manifest, not its whole folder, so
    that the default ``./sgs-site`` may sit inside the expansion's repository)."""
    from sgs_tools import paths

    root = paths.bundled_root()
    out = [root / name for name in (*paths.DATA_DIRS, "grammar")]
    for extra in data or []:
        if extra.is_dir() and (extra / "expansion.yaml").is_file():
            out.append(extra / "expansion.yaml")
            out.extend(extra / name for name in (*paths.DATA_DIRS, "tests", "schemas")
                       if (extra / name).exists())
        else:
            out.append(extra)
    return out


def plays_guozhan(lib: Library, mode: str) -> bool:
    """Whether ``mode`` is played by the Guozhan rules (Guozhan or a mode based on it)."""
    from sgs_tools.engine.modes import rules_for
    from sgs_tools.engine.modes.guozhan import GuozhanRules

    return issubclass(rules_for(lib.mode(mode), lib.catalog.modes), GuozhanRules)

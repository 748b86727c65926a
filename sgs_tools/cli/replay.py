"""`sgs replay`: the settings of one simulated game → that game again, with its log."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sgs_tools.cli.common import (
    DATA_HELP,
    agent_roles_problem,
    agents_problem,
    check_data,
    data_or_here,
    first_game_problem,
    load_library,
    mode_to_play,
)


def replay(
    mode: Annotated[str | None, typer.Option(
        "--mode", metavar="[identity|korean|guozhan|samurai|MODE]",
        help="The mode to play (default: as 'sgs simulate' chooses it).",
        show_default=False)] = None,
    players: Annotated[int, typer.Option("--players", "-n", help="Players.")] = 5,
    seed: Annotated[int, typer.Option("--seed", "-s", help="The game's seed.")] = 0,
    agents: Annotated[str, typer.Option(
        "--agents", metavar="[random|heuristic|rollout[:R[:T]]]",
        help="As the game was played: one kind for every seat, a comma list with one per "
             "seat, or by role (lord=heuristic,…).")] = "random",
    generals: Annotated[str | None, typer.Option(
        "--generals", help="Comma-separated generals by seat.")] = None,
    first_game: Annotated[bool, typer.Option("--first-game",
                                             help="The mode's first-game rules.")] = False,
    focus: Annotated[str | None, typer.Option(
        "--focus", metavar="GENERAL=ROLE",
        help="That general plays the first seat of that role (as sgs balance seats it).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the log as JSON lines.")
                       ] = False,
    data: Annotated[list[Path] | None, typer.Option(
        "--data", metavar="PATH", help=DATA_HELP, show_default=False)] = None,
) -> None:
    """Replay one game (as `sgs simulate` numbered it) and print its event log."""
    import json

    from sgs_tools.engine.errors import SetupError
    from sgs_tools.engine.modes import new_game
    from sgs_tools.sim.logfmt import render
    from sgs_tools.sim.runner import Settings

    check_data("replay", data)
    data = data_or_here(data)
    focused: tuple[str, str] | None = None
    if focus is not None:
        general, _, role = focus.partition("=")
        if not general or not role:
            typer.echo(f"sgs replay: --focus takes GENERAL=ROLE, not {focus!r}", err=True)
            raise typer.Exit(2)
        focused = (general.strip(), role.strip())
    bad_agents = agents_problem(agents, players)  # the tables simulate refuses
    if bad_agents:
        typer.echo(f"sgs replay: {bad_agents}", err=True)
        raise typer.Exit(2)
    lib = load_library("replay", data)
    mode = mode_to_play("replay", mode, lib)
    bad = agent_roles_problem(agents, lib, mode) or (
        first_game_problem(lib, mode) if first_game else None)
    if bad:
        typer.echo(f"sgs replay: {bad}", err=True)
        raise typer.Exit(2)
    settings = Settings(mode=mode, players=players, seed=seed, agents=agents,
                        generals=tuple(g.strip() for g in generals.split(","))
                        if generals else None, first_game=first_game,
                        data=tuple(str(p) for p in data or []), focus=focused)
    if settings.generals:  # the tables simulate refuses, it never numbered
        from sgs_tools.cli.simulate import general_list_problem

        table_problem = general_list_problem(lib, mode, settings.generals)
        if table_problem:
            typer.echo(f"sgs replay: --generals {table_problem}", err=True)
            raise typer.Exit(2)
    setup = settings.setup(seed)
    setup.record = True
    try:
        result = new_game(lib, setup).play()
    except (SetupError, ValueError) as exc:
        typer.echo(f"sgs replay: {exc}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        for entry in result.log:
            typer.echo(json.dumps(entry, ensure_ascii=False))
    else:
        if mode == "samurai":
            from sgs_tools.engine.samurai.logfmt import render as render_samurai

            render = render_samurai
        typer.echo(render(result.log, result.seats), nl=False)
        for gap in result.gaps:
            typer.echo(f"engine gap (never run): {gap}")
        end = (f"error [{result.error_kind}]: {result.error}" if result.error
               else f"winner: {result.winning_side}")
        typer.echo(f"{end}; {result.turns} turns, {result.steps} steps")
    raise typer.Exit(1 if result.error else 0)

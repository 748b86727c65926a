"""`sgs balance`: "is my general too strong?" — settings → many games → a balance report
(text, JSON or Markdown, and an SVG chart)."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from sgs_tools.cli.common import (
    DATA_HELP,
    MAX_GAMES,
    agent_roles_problem,
    agents_problem,
    check_data,
    data_or_here,
    load_library,
    mode_to_play,
    not_positive,
    plays_guozhan,
)

FORMATS = ("text", "json", "markdown")


def balance(
    mode: Annotated[str | None, typer.Option(
        "--mode", metavar="[identity|korean|guozhan|samurai|MODE]",
        help="The mode to play: a bundled one, or a mode of the loaded data that the engine "
        "plays (based on one of them). Default: identity, or inside an expansion that does "
        "not join identity, the first mode it joins.", show_default=False)] = None,
    players: Annotated[int, typer.Option("--players", "-n", help="Players per game.")] = 5,
    games: Annotated[int, typer.Option(
        "--games", "-g", help="Games (with --focus: seeds per general and role; each seed "
                              "is also played without the focus, paired).")] = 1000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Game i uses seed SEED + i.")
                    ] = 0,
    agents: Annotated[str, typer.Option(
        "--agents", help="random, heuristic, rollout[:R[:T]], one per seat, or by role "
                         "(lord=rollout,rebel=heuristic,…).")] = "heuristic",
    focus: Annotated[list[str] | None, typer.Option(
        "--focus", metavar="GENERAL",
        help="Seat this general in every role in turn, lord included (repeatable).")] = None,
    until_ci: Annotated[float | None, typer.Option(
        "--until-ci", metavar="W",
        help="With --focus: keep playing until every focused 95% interval is narrower "
             "than W (e.g. 0.05 for five points).")] = None,
    max_games: Annotated[int, typer.Option(
        "--max-games", help="The most games --until-ci may play.")] = 100_000,
    correction: Annotated[str, typer.Option(
        "--correction", metavar="[bh|holm]",
        help="Multiple-comparison correction for outliers: Benjamini–Hochberg or Holm.")
    ] = "bh",
    alpha: Annotated[float, typer.Option("--alpha", help="Outlier level after correction.")
                     ] = 0.05,
    fmt: Annotated[str, typer.Option("--format", "-f", metavar="[text|json|markdown]",
                                     help="Report format.")] = "text",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the report here.")
                   ] = None,
    svg: Annotated[Path | None, typer.Option(
        "--svg", help="Also draw the win rates with their intervals as an SVG chart.")
    ] = None,
    save: Annotated[bool, typer.Option(
        "--save", help="Also keep the report as balance/<mode>-<players>p….json at the "
                       "data root (the expansion, or the checkout), where 'sgs site build' "
                       "makes a Balance page of it.")] = False,
    force: Annotated[bool, typer.Option(
        "--force", help="Overwrite --out / --svg / a saved report.")] = False,
    workers: Annotated[int | None, typer.Option(
        "--workers", "-w", help="Worker processes (default: every core).")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress line.")] = False,
    data: Annotated[list[Path] | None, typer.Option(
        "--data", metavar="PATH", help=DATA_HELP, show_default=False)] = None,
) -> None:
    """Win rates per general × role with 95% intervals against the pool, outliers under a
    multiple-comparison correction, what each skill did per game; --focus seats your
    generals in every role with paired seeds."""
    import json

    from sgs_tools.engine.errors import SetupError
    from sgs_tools.engine.modes import new_game
    from sgs_tools.errors import UsageError
    from sgs_tools.paths import display_path
    from sgs_tools.sim import balance as bal
    from sgs_tools.sim import reports
    from sgs_tools.sim.runner import Settings, run

    def fail(message: str) -> NoReturn:
        typer.echo(f"sgs balance: {message}", err=True)
        raise typer.Exit(2)

    if fmt not in FORMATS:
        fail(f"--format is one of {', '.join(FORMATS)}, not {fmt!r}")
    if correction not in ("bh", "holm"):
        fail(f"--correction is bh or holm, not {correction!r}")
    below_one = not_positive(games=games, players=players, workers=workers,
                             **{"max-games": max_games})
    if below_one:
        fail(below_one)
    bad_agents = agents_problem(agents, players)
    if bad_agents:
        fail(bad_agents)
    if max(games, max_games) > MAX_GAMES:
        fail(f"--games and --max-games are at most {MAX_GAMES:,}")
    if until_ci is not None and not (0 < until_ci < 1):
        fail("--until-ci is a width between 0 and 1 (0.05 = five points)")
    if until_ci is not None and not focus:
        fail("--until-ci plays on until the --focus generals' intervals are narrow "
             "enough: give --focus GENERAL")
    if not 0 < alpha < 1:
        fail("--alpha is between 0 and 1")
    for path in (out, svg):
        if path is not None and (path.is_dir() or not path.parent.is_dir()):
            fail(f"cannot write {path}: no such folder, or a folder")
        if path is not None and path.exists() and not force:
            fail(f"{path} exists; use --force to overwrite it")
    check_data("balance", data)
    data = data_or_here(data)  # inside an expansion: that expansion, as simulate does
    lib = load_library("balance", data)
    mode = mode_to_play("balance", mode, lib)
    bad_roles = agent_roles_problem(agents, lib, mode)
    if bad_roles:
        fail(bad_roles)
    base = Settings(mode=mode, players=players, games=games, seed=seed, agents=agents,
                    data=tuple(str(p) for p in data or []))
    roles: list[str] = []
    from sgs_tools.engine.modes.guozhan import FOCUS_SLOTS

    try:
        guozhan = plays_guozhan(lib, mode)
    except SetupError:  # the samurai game: no generals by role to compare
        fail(f"balance measures generals by role in the identity and Guozhan engines; "
             f"mode {mode!r} is not played by them (sgs simulate --mode {mode} reports "
             "its wins)")
    if focus:
        raw = lib.mode(mode).raw
        table: dict[Any, Any] = (raw.get("roles") or {}).get("table") or {}
        row: dict[str, Any] | None = table.get(players, table.get(str(players)))
        if guozhan:
            roles = list(FOCUS_SLOTS)
        elif not row:
            fail(f"--focus seats a general in each role, and mode {mode!r} has no roles "
                 f"at {players} players")
        else:
            roles = [r for r, k in row.items() if int(k) > 0]
        twice = sorted({g for g in focus if focus.count(g) > 1})
        if twice:
            fail(f"--focus names {', '.join(map(repr, twice))} more than once")
        pool = {gen.id for gen in lib.pool(lib.mode(mode))}
        for g in focus:
            if g in lib.catalog.generals and g not in pool:
                fail(f"general {g!r} is not played in mode {mode!r} (its set "
                     f"{lib.general(g).set!r} is not in the mode's pool); "
                     "choose the mode it belongs to with --mode")
            if g not in lib.catalog.generals:
                from sgs_tools.data.schemas import suggest

                hint = suggest(g, set(lib.catalog.generals))
                fail(f"unknown general {g!r}" + (f" ({hint})" if hint else ""))
            if guozhan and lib.general(g).halves is None:
                fail(f"general {g!r} is not a Guozhan general (it has no yin-yang halves)")
    if until_ci is not None:
        first = games * (len(focus or []) * len(roles) + 1)
        if max_games < first:
            fail(f"--max-games {max_games:,} is below the first batch of --until-ci: "
                 f"{games:,} seeds × ({len(focus or [])} focused × {len(roles)} roles "
                 f"+ the baseline) = {first:,} games; raise --max-games or lower --games")
    from sgs_tools.engine.game import Game

    try:  # fail fast on a bad player count or focus, before any worker starts
        probe = new_game(lib, base.setup(seed) if not focus else
                         Settings(**{**base.__dict__, "focus": (focus[0], roles[0])}
                                  ).setup(seed))
        if isinstance(probe, Game):
            probe.deal()
    except (SetupError, ValueError) as exc:
        fail(str(exc))
    started = time.perf_counter()

    def runner(s: Settings) -> list[Any]:
        return run(s, workers, None, lib)

    def progress(done: int) -> None:
        if not quiet:
            rate = done / max(time.perf_counter() - started, 1e-9)
            sys.stderr.write(f"\r{done} games ({rate:.0f}/s)")
            sys.stderr.flush()

    focused: list[Any] = []
    stop: dict[str, Any] | None = None
    if focus:
        cells_, summaries = bal.focus_run(base, list(focus), roles, runner, until_ci,
                                          max_games, progress=progress)
        focused = [c.to_json() for c in cells_]
        if until_ci is not None:
            widest = max((c.width() for c in cells_), default=0.0)
            stop = {"width": until_ci, "max_games": max_games,
                    "reached": widest < until_ci, "widest": round(widest, 4)}
    else:
        summaries = runner(base)
        progress(len(summaries))
    if not quiet:
        sys.stderr.write("\n")
    seconds = time.perf_counter() - started
    compared = bal.compare(bal.cells(summaries, "generals" if guozhan else "seat"),
                           correction, alpha)
    problems = [s for s in summaries if s.error]
    skills = sorted({s for g in (focus or []) for s in lib.skill_ids(lib.general(g))}) \
        if focus else None
    seeds = [s.seed for s in summaries] or [seed]
    command = f"sgs balance --mode {mode} --players {players} --seed {seed}"
    bits = ["sgs", "balance", "--mode", mode, "--players", str(players), "--games",
            str(games), "--seed", str(seed), "--agents", agents]
    for g in focus or []:
        bits += ["--focus", g]
    if until_ci is not None:
        bits += ["--until-ci", str(until_ci), "--max-games", str(max_games)]
    if correction != "bh" or alpha != 0.05:
        bits += ["--correction", correction, "--alpha", str(alpha)]
    for path in data or []:
        bits += ["--data", str(path)]
    report: dict[str, Any] = {
        "kind": reports.KIND,
        "version": 1,
        "title": (f"Balance: {mode}, {players} players, {agents} agents, "
                  f"{len(summaries)} games in {seconds:.1f} s"),
        "made": reports.made(mode, players, agents, (min(seeds), max(seeds)),
                             len(summaries), shlex.join(bits), seconds,
                             [str(p) for p in data or []]),
        "settings_line": command,
        "role_word": "faction" if guozhan else "role",
        "correction": "Benjamini–Hochberg" if correction == "bh" else "Holm",
        "alpha": alpha, "games": len(summaries),
        "errors": [{"seed": s.seed, "kind": s.error_kind, "message": s.error}
                   for s in problems],
        "focus": focused,
        "cells": [c.to_json() for c in compared],
        "lord_seats": {str(k): {"wins": w, "games": n, "rate": round(w / n, 4) if n else 0}
                       for k, (w, n) in bal.lord_seats(summaries).items()},
        "skills": bal.skill_table(summaries, skills),
    }
    if stop is not None:
        report["until_ci"] = stop
    if guozhan:
        report["kingdoms"] = bal.kingdoms(summaries)
        report["pairs"] = [c.to_json() for c in bal.compare(bal.cells(summaries, "pairs"),
                                                            correction, alpha)]
    text = (json.dumps(report, ensure_ascii=False, indent=1) + "\n" if fmt == "json"
            else bal.render_markdown(report) if fmt == "markdown"
            else bal.render_text(report))
    try:
        if out is not None:
            out.write_text(text, encoding="utf-8")
            typer.echo(f"wrote {out}")
        else:
            typer.echo(text, nl=False)
        if svg is not None:
            svg.write_text(bal.render_svg(bal.svg_rows(report), report["title"]),
                           encoding="utf-8")
            typer.echo(f"wrote {svg}")
        if save:
            root = reports.data_root(data)
            if root is None:
                fail("--save writes into balance/ at the data root: run it inside an "
                     "expansion or the sgs-tools checkout, or give --data EXPANSION")
            target = reports.save(report, root, force)
            typer.echo(f"saved {display_path(target)} (sgs site build shows it on the "
                       "Balance page)")
    except UsageError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot write: {exc.strerror or exc}")
    if stop is not None and not stop["reached"]:
        typer.echo(f"sgs balance: {bal.until_ci_line(stop)}", err=True)
    if problems:
        typer.echo(f"sgs balance: {len(problems)} games stopped with an error "
                   "(replay them with sgs replay)", err=True)
        raise typer.Exit(1)

"""Command line → the `sgs` typer app; each command lives in its own module and imports lazily."""

from __future__ import annotations

import contextlib
import errno
import sys
from typing import NoReturn

import click
import typer

from sgs_tools import __version__
from sgs_tools.cli import balance as balance_cmd
from sgs_tools.cli import build as build_cmd
from sgs_tools.cli import compile as compile_cmd
from sgs_tools.cli import diff as diff_cmd
from sgs_tools.cli import explain as explain_cmd
from sgs_tools.cli import export as export_cmd
from sgs_tools.cli import new as new_cmd
from sgs_tools.cli import replay as replay_cmd
from sgs_tools.cli import schema as schema_cmd
from sgs_tools.cli import simulate as simulate_cmd
from sgs_tools.cli import site as site_cmd
from sgs_tools.cli import test_cmd
from sgs_tools.cli import validate as validate_cmd
from sgs_tools.cli import words as words_cmd

app = typer.Typer(
    name="sgs",
    help="Authoring toolchain for Sanguosha (三国杀) cards, generals and modes.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.command("build")(build_cmd.build)
app.command("validate")(validate_cmd.validate)
app.command("compile")(compile_cmd.compile_cmd)
app.command("explain")(explain_cmd.explain)
app.add_typer(schema_cmd.app, name="schema")
app.add_typer(export_cmd.app, name="export")
app.add_typer(site_cmd.app, name="site")
app.command("test")(test_cmd.test_cmd)
app.command("simulate")(simulate_cmd.simulate)
app.command("replay")(replay_cmd.replay)
app.command("balance")(balance_cmd.balance)
app.add_typer(new_cmd.app, name="new")
app.command("words")(words_cmd.words)
app.command("diff")(diff_cmd.diff)
app.command("init", help="Create an expansion repository (same as 'sgs new expansion').")(
    new_cmd.new_expansion)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"sgs {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", help="Print the version and exit.",
                                 callback=_version, is_eager=True),
) -> None:
    """Authoring toolchain for Sanguosha (三国杀) cards, generals and modes."""


def run() -> None:
    """Console-script entry point: a bug in the tool says so instead of a bare traceback."""
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("sgs: interrupted\n")
        sys.exit(130)
    except SystemExit as exc:
        # typer turns Ctrl-C into a silent exit 130 (``Exit(130) from KeyboardInterrupt``);
        # say so, unless the command said it itself (simulate counts the games it played)
        inner = exc.__context__
        if exc.code == 130 and inner is not None and isinstance(inner.__cause__,
                                                                KeyboardInterrupt):
            sys.stderr.write("sgs: interrupted\n")
        if exc.code == 1 and isinstance(inner, (typer.Abort, click.exceptions.Abort)):
            # a prompt that got no answer (stdin at its end, or Ctrl-D): click says
            # "Aborted!" and exits 1, which here means "problems found"; it is a usage error
            sys.exit(2)
        raise
    except OSError as exc:
        if exc.errno not in _WRITE_ERRNOS:
            _internal(exc)
        # The output (a redirect to a full disk, say) could not be written: an I/O error.
        sys.stderr.write(f"sgs: cannot write the output: {exc.strerror or exc}\n")
        _silence_stdout()
        sys.exit(2)
    except Exception as exc:  # pragma: no cover - only reached through a bug
        _internal(exc)


_WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG})
"""Errors of a write that failed for want of room or a working device, not of a bug."""


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush of what could not be
    written does not fail again with a second message."""
    import os

    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())


def _internal(exc: BaseException) -> NoReturn:
    import traceback

    sys.stderr.write(
        f"sgs: internal error: {type(exc).__name__}: {exc}\n"
        "This is a bug in sgs-tools, not in your data; please report it with the "
        "details below.\n")
    traceback.print_exception(exc)
    sys.exit(3)


if __name__ == "__main__":
    run()

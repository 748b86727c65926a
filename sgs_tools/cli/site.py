"""`sgs site build|serve`: options → validate → generate pages → mkdocs-material → exit code.

Exit codes: 0 built, 1 problems in the data (reported like `sgs validate`) or in the site
(mkdocs' strict mode counted warnings), 2 usage or I/O (bad paths, a folder that is not
ours, mkdocs-material missing).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from sgs_tools.project import Result
    from sgs_tools.sitegen.build import Layout

app = typer.Typer(help="Build or preview the rules-reference website.", no_args_is_help=True)

DataOpt = Annotated[list[Path] | None, typer.Option(
    "--data", metavar="PATH", show_default=False,
    help="Extra data files or folders (an expansion), checked with the bundled data; "
         "repeat for several.")]
SiteOpt = Annotated[Path | None, typer.Option(
    "--site", metavar="DIR", show_default=False,
    help="Folder with mkdocs.yml and hand-written docs/ (default: the bundled site/).")]
BuildOpt = Annotated[Path | None, typer.Option(
    "--build-dir", metavar="DIR", show_default=False,
    help="Where generated pages and the config go (default: SITE/build in a checkout, "
    "./sgs-site otherwise).")]
FORMAT_HELP = "How to report data problems: text, json, github or sarif."
BalanceOpt = Annotated[list[Path] | None, typer.Option(
    "--balance", metavar="FILE", show_default=False,
    help="A balance report (sgs balance --format json, or --save) to show on the Balance "
         "page, besides those saved in balance/ at the data root; repeatable.")]


def _reports(command: str, data: list[Path] | None, files: list[Path] | None
             ) -> list[tuple[str, dict[str, Any]]]:
    """The balance reports a build shows (saved at the data roots, and ``--balance``)."""
    from sgs_tools.errors import UsageError
    from sgs_tools.sim import reports

    for f in files or []:
        if not f.is_file():
            raise _fail(command, f"--balance {f}: no such file")
    try:
        return reports.gather(data, files)
    except UsageError as exc:
        raise _fail(command, str(exc)) from None


def _fail(command: str, message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"sgs site {command}: {message}", err=True)
    return typer.Exit(code)


def _site_folder(command: str, site: Path | None) -> Path:
    from sgs_tools import paths

    folder = site if site is not None else paths.bundled_root() / "site"
    if not (folder / "mkdocs.yml").is_file():
        raise _fail(command, f"no mkdocs.yml in {folder}; pass --site FOLDER")
    return folder


def _load(command: str, data: list[Path] | None, output_format: str) -> Result:
    from sgs_tools import report
    from sgs_tools.errors import UsageError
    from sgs_tools.project import validate

    if output_format not in report.FORMATS:
        raise _fail(command, f"unknown format {output_format!r}; "
                             f"expected one of: {', '.join(report.FORMATS)}")
    try:
        result = validate(list(data) if data else None)
    except UsageError as exc:
        raise _fail(command, str(exc)) from None
    if not result.ok or result.effects is None:
        out = report.render(output_format, result.problems, result.documents, result.reported)
        typer.echo(out, nl=False)
        raise _fail(command, "the data has problems; nothing was built", result.exit_code)
    return result


def _layout(command: str, site: Path | None, build_dir: Path | None,
            out: Path | None) -> Layout:
    from sgs_tools.sitegen.build import Layout

    return Layout.make(_site_folder(command, site), build_dir, out)


def _protected(data: list[Path] | None) -> list[Path]:
    from sgs_tools.cli.common import protected

    return protected(data)


def _port_free(port: int) -> str | None:
    """Why 127.0.0.1:PORT cannot be served on (in use, not allowed), or None."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            return exc.strerror or str(exc)
    return None


@app.command("build")
def build(
    data: DataOpt = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", metavar="DIR", help="Output folder for the HTML (default: BUILD_DIR/html).",
        show_default=False)] = None,
    build_dir: BuildOpt = None,
    site: SiteOpt = None,
    force: Annotated[bool, typer.Option(
        "--force", help="Write into folders that hold other files.")] = False,
    output_format: Annotated[str, typer.Option("--format", "-f", metavar="[text|json|github|sarif]",
                                               help=FORMAT_HELP)] = "text",
    balance: BalanceOpt = None,
) -> None:
    """Generate the pages from the data and build the static site (mkdocs --strict)."""
    from sgs_tools.cli.common import data_or_here
    from sgs_tools.errors import UsageError
    from sgs_tools.sitegen.build import build_site

    data = data_or_here(data)
    reports = _reports("build", data, balance)
    result = _load("build", data, output_format)
    layout = _layout("build", site, build_dir, out)
    assert result.effects is not None
    for folder in dict.fromkeys((layout.build, layout.out)):
        problem = _unwritable(folder)
        if problem:
            raise _fail("build", f"cannot write to {folder}: {problem}")
    echo = _MkdocsEcho()
    try:
        built = build_site(result.catalog, result.effects, layout,
                           protected=_protected(data), force=force, echo=echo,
                           balance=reports)
    except UsageError as exc:
        raise _fail("build", str(exc)) from None
    except OSError as exc:
        raise _fail("build", f"cannot write the site: {exc.strerror or exc}") from None
    if not built.ok and echo.trace:
        io_error = echo.io_error()
        if io_error:
            raise _fail("build", f"cannot write the site to {layout.out}: {io_error}")
        for line in echo.trace:
            typer.echo(line, err=True)
    if built.strict_failure:
        raise _fail("build", "mkdocs reported problems (see above); the site was not "
                             "published", 1)
    if not built.ok:
        raise _fail("build", f"mkdocs failed (exit {built.returncode}, see above)")
    typer.echo(f"built {built.pages} generated pages into {layout.out} "
               f"(pages {built.generate_seconds:.1f} s, mkdocs {built.mkdocs_seconds:.1f} s)")


def _unwritable(folder: Path) -> str | None:
    """Why files cannot be written in ``folder`` (read-only, full, not a folder), or None.

    Probes the folder, or the nearest existing folder above it, with a temporary file that
    is removed at once, so a bad --out fails before mkdocs starts and leaves nothing.
    """
    import tempfile

    probe = folder
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent
    if not probe.is_dir():
        return f"{probe} is not a folder"
    try:
        with tempfile.TemporaryFile(dir=probe) as fh:
            fh.write(b"\0" * 65536)
            fh.flush()
    except OSError as exc:
        return str(exc.strerror or exc)
    return None


class _MkdocsEcho:
    """Passes mkdocs' output through, but holds back a Python traceback so that an I/O
    error (read-only or full disk) becomes one line instead of mkdocs' stack."""

    def __init__(self) -> None:
        self.trace: list[str] = []

    def __call__(self, line: str) -> None:
        if self.trace or line.startswith("Traceback (most recent call last)"):
            self.trace.append(line)
        else:
            typer.echo(line, err=True)

    def io_error(self) -> str | None:
        import re

        for line in reversed(self.trace):
            m = re.match(r"(?:\w+\.)*(\w+Error): (\[Errno \d+\] .*)", line.strip())
            if m and m.group(1) in _IO_ERRORS:
                return m.group(2)
        return None


_IO_ERRORS = frozenset({"OSError", "IOError", "PermissionError", "FileNotFoundError",
                        "NotADirectoryError", "IsADirectoryError", "FileExistsError"})


@app.command("serve")
def serve(
    data: DataOpt = None,
    port: Annotated[int, typer.Option("--port", "-p", min=1, max=65535, metavar="PORT",
                                      help="Port on 127.0.0.1.")] = 8000,
    build_dir: BuildOpt = None,
    site: SiteOpt = None,
    force: Annotated[bool, typer.Option(
        "--force", help="Write into a build folder that holds other files.")] = False,
    balance: BalanceOpt = None,
) -> None:
    """Generate the pages and preview the site at http://127.0.0.1:PORT/ (mkdocs serve);
    saving a data file regenerates the pages and reloads the browser."""
    from sgs_tools.cli.common import data_or_here
    from sgs_tools.errors import UsageError
    from sgs_tools.sitegen.build import check_layout, mkdocs_command, mkdocs_missing, prepare
    from sgs_tools.sitegen.pages import generate

    data = data_or_here(data)
    reports = _reports("serve", data, balance)
    busy = _port_free(port)
    if busy is not None:
        raise _fail("serve", f"cannot serve on 127.0.0.1:{port}: {busy}; "
                             "choose another port with --port")
    result = _load("serve", data, "text")
    layout = _layout("serve", site, build_dir, None)
    assert result.effects is not None
    try:
        check_layout(layout, _protected(data), force)
        missing = mkdocs_missing()
        if missing:
            raise UsageError(missing)
        prepare(layout, generate(result.catalog, result.effects, reports))
    except UsageError as exc:
        raise _fail("serve", str(exc)) from None
    typer.echo(f"serving {layout.docs} at http://127.0.0.1:{port}/ (Ctrl-C stops); "
               "data edits are picked up as you save", err=True)
    code = _serve_and_watch(mkdocs_command(layout, "serve", port), layout, data, reports)
    raise typer.Exit(0 if code in (0, -2, -15, 130, 143) else 2)


def _watched(data: list[Path] | None, layout: Layout) -> dict[Path, tuple[int, int]]:
    """Every file whose change should regenerate the pages, with (mtime, size)."""
    from sgs_tools import paths

    root = paths.bundled_root()
    folders = [root / name for name in (*paths.DATA_DIRS, "grammar")]
    folders += list(data or [])
    folders.append(layout.site / "docs")
    files: list[Path] = []
    for folder in folders:
        if folder.is_file():
            files.append(folder)
        elif folder.is_dir():
            files.extend(f for f in folder.rglob("*") if f.is_file())
    stamps: dict[Path, tuple[int, int]] = {}
    for f in files:
        try:
            st = f.stat()
        except OSError:
            continue
        stamps[f] = (st.st_mtime_ns, st.st_size)
    return stamps


def _regenerate(data: list[Path] | None, layout: Layout,
                reports: list[tuple[str, dict[str, Any]]] | None = None) -> None:
    """Validate again and rewrite the pages; mkdocs serve notices and reloads the browser."""
    from sgs_tools import report
    from sgs_tools.dsl import vocabulary
    from sgs_tools.errors import UsageError
    from sgs_tools.project import validate
    from sgs_tools.sitegen.build import prepare
    from sgs_tools.sitegen.pages import generate

    for cached in (vocabulary.vocabulary_files, vocabulary.registry,
                   vocabulary.full_registry):  # the vocabulary may have been edited too
        cached.cache_clear()
    try:
        result = validate(list(data) if data else None)
    except UsageError as exc:
        typer.echo(f"sgs site serve: {exc}", err=True)
        return
    if not result.ok or result.effects is None:
        typer.echo(report.text(result.problems, result.documents, result.reported), err=True,
                   nl=False)
        typer.echo("sgs site serve: the data has problems; the preview keeps the last good "
                   "pages", err=True)
        return
    try:
        prepare(layout, generate(result.catalog, result.effects, reports))
    except UsageError as exc:
        typer.echo(f"sgs site serve: {exc}", err=True)
        return
    typer.echo("sgs site serve: data changed; pages regenerated", err=True)


def _serve_and_watch(command: list[str], layout: Layout, data: list[Path] | None,
                     reports: list[tuple[str, dict[str, Any]]] | None = None) -> int:
    """Run mkdocs serve; regenerate on data edits; stop it with us (Ctrl-C or SIGTERM)."""
    import signal
    import subprocess
    import threading

    proc = subprocess.Popen(command, cwd=layout.build)
    stop = threading.Event()

    def on_term(signum: int, frame: object) -> None:
        stop.set()
        proc.terminate()

    previous = signal.signal(signal.SIGTERM, on_term)

    def watch() -> None:
        seen = _watched(data, layout)
        while not stop.wait(1.0):
            now = _watched(data, layout)
            if now != seen:
                seen = now
                _regenerate(data, layout, reports)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        return 0
    finally:
        stop.set()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        signal.signal(signal.SIGTERM, previous)

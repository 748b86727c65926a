"""`--watch` for `sgs validate` and `sgs test`: poll the files' modification times (no
extra dependency, works on every file system) and run again when one changes."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path

import typer

Stamps = dict[Path, tuple[int, int]]

INTERVAL = 0.5
"""Seconds between two looks at the files."""


def snapshot(roots: Iterable[Path]) -> Stamps:
    """Every data file under ``roots`` (as validation finds them) with (mtime, size)."""
    from sgs_tools import paths

    stamps: Stamps = {}
    for root in roots:
        files = [root] if root.is_file() else paths.data_files(root) if root.is_dir() else []
        for f in files:
            try:
                st = f.stat()
            except OSError:
                continue
            stamps[f.resolve()] = (st.st_mtime_ns, st.st_size)
    return stamps


def changed(before: Stamps, after: Stamps) -> set[Path]:
    """Files added, removed or modified between two snapshots."""
    return {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}


def forget_caches() -> None:
    """The vocabulary may have been edited too: read it again on the next run."""
    from sgs_tools.dsl import vocabulary

    for cached in (vocabulary.vocabulary_files, vocabulary.registry,
                   vocabulary.full_registry):
        cached.cache_clear()


def watch(command: str, roots: list[Path], run: Callable[[set[Path] | None], int],
          interval: float = INTERVAL, runs: int | None = None) -> None:
    """Run once (``run(None)``), then again with the set of changed files whenever one
    changes, until Ctrl-C (or ``runs`` runs, for tests). Exits 0."""
    seen = snapshot(roots)
    done = 0
    try:
        run(None)
        done += 1
        typer.echo(f"sgs {command}: watching {len(seen)} files; save one to run again "
                   "(Ctrl-C stops)", err=True)
        while runs is None or done < runs:
            time.sleep(interval)
            now = snapshot(roots)
            diff = changed(seen, now)
            if not diff:
                continue
            seen = now
            typer.echo("", err=True)
            typer.echo(f"sgs {command}: {len(diff)} changed: "
                       + ", ".join(sorted(_short(p) for p in diff)[:5]), err=True)
            forget_caches()
            run(diff)
            done += 1
    except KeyboardInterrupt:
        typer.echo("", err=True)
    raise typer.Exit(0)


def _short(path: Path) -> str:
    from sgs_tools.paths import display_path

    return display_path(path)

"""`sgs diff [REV]` / `sgs diff OLD NEW`: the rules text that changed, per general and skill.

Inside an expansion, REV (default ``HEAD``) is a git revision of the expansion's repository
and the comparison is with the working tree; with two folders, two expansion folders are
compared. Each side is validated and compiled on its own (with the base game), and the
rendered rules text of every general, skill and card of the expansion is compared: what
a reviewer reads in a pull request. ``--format github`` writes Markdown to the step
summary (``GITHUB_STEP_SUMMARY``) as well as to standard output.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer


@dataclass
class Entry:
    """One general, skill or card: who it belongs to and its text."""

    kind: str
    name: str
    text: str
    owner: str = ""


@dataclass
class Side:
    entries: dict[str, Entry] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    """General id → its display name."""


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"sgs diff: {message}", err=True)
    return typer.Exit(code)


def rules_text(root: Path, lang: str, label: str) -> Side:
    """Every general, skill and card of the expansion in ``root``, rendered in ``lang``."""
    from sgs_tools import report
    from sgs_tools.dsl.effects import explain
    from sgs_tools.errors import UsageError
    from sgs_tools.project import validate

    try:
        result = validate([root])
    except UsageError as exc:
        raise _fail(f"{label}: {exc}") from None
    if not result.ok:  # still compared: what could be read and compiled
        errors = report.plural(len(result.problems), "problem")
        typer.echo(f"sgs diff: note: {label} has {errors} ('sgs validate' lists them); "
                   "files with errors are left out of the comparison", err=True)
    assert result.effects is not None
    cat = result.catalog
    inside = root.resolve()

    def ours(file: str) -> bool:
        return Path(file).resolve().is_relative_to(inside)

    side = Side()

    def text_of(ident: str) -> str:
        compiled = result.effects.compiled.get(ident) if result.effects else None
        if compiled is None:
            return ""
        return explain(compiled, result.effects.names, lang) if result.effects else ""

    from sgs_tools.dsl.vocabulary import registry

    base_names = registry().enums.get("kingdom", {})

    def kingdom_name(kingdom: str) -> str:
        declared = cat.kingdom_names(kingdom)
        term = base_names.get(kingdom)
        shown = (declared.get(lang) if declared is not None
                 else term.text.get(lang) if term is not None else None)
        return f"{shown} ({kingdom})" if shown and shown != kingdom else kingdom

    for kingdom in cat.kingdoms.values():
        if ours(kingdom.origin.file):
            names = " · ".join(kingdom.name.as_dict().values())
            side.entries[f"kingdom:{kingdom.id}"] = Entry(
                "kingdom", kingdom_name(kingdom.id), f"{names}, colour {kingdom.colour}")
    for general in cat.generals.values():
        if not ours(general.origin.file):
            continue
        name = general.name.get(lang) or general.id
        side.owners[general.id] = name
        health = general.hp if general.hp is not None else f"{general.halves} halves"
        side.entries[f"general:{general.id}"] = Entry(
            "general", name, f"{kingdom_name(general.kingdom)}, {health}, {general.gender}",
            general.id)
        for skill in cat.skills_of(general):
            key = f"skill:{general.id}:{skill.id}"
            tags = f" [{', '.join(skill.tags)}]" if skill.tags else ""
            side.entries[key] = Entry("skill", f"{skill.name.get(lang) or skill.id} "
                                      f"({skill.id}){tags}", text_of(skill.id), general.id)
    for card in cat.cards.values():
        if ours(card.origin.file):
            side.entries[f"card:{card.id}"] = Entry(
                "card", f"{card.name.get(lang) or card.id} ({card.id})", text_of(card.id))
    return side


def _git_root(folder: Path) -> Path:
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=folder,
                             capture_output=True, text=True, check=False)
    except OSError:
        raise _fail("git is not installed; compare two folders instead: "
                    "sgs diff OLD NEW") from None
    if out.returncode != 0:
        raise _fail(f"{folder} is not in a git repository; compare two folders instead: "
                    "sgs diff OLD NEW")
    return Path(out.stdout.strip())


def checkout(rev: str, exp: Path, into: Path) -> Path:
    """The expansion folder as it was at ``rev``, written below ``into``."""
    top = _git_root(exp)
    prefix = exp.resolve().relative_to(top.resolve()).as_posix()
    args = ["git", "archive", "--format=tar", rev]
    if prefix != ".":
        args.append(prefix)
    proc = subprocess.run(args, cwd=top, capture_output=True, check=False)
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise _fail(f"cannot read revision {rev!r}: {message[-1] if message else 'git failed'}")
    import tarfile

    tar_path = into / "rev.tar"
    tar_path.write_bytes(proc.stdout)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into / "tree", filter="data")
    old = into / "tree" / prefix if prefix != "." else into / "tree"
    if not (old / "expansion.yaml").is_file():
        raise _fail(f"the expansion did not exist at {rev!r} (no expansion.yaml there)")
    return old


@dataclass
class Change:
    owner: str
    kind: str
    name: str
    old: str | None
    new: str | None


def compare(old: Side, new: Side) -> list[Change]:
    out: list[Change] = []
    for key in [*old.entries, *(k for k in new.entries if k not in old.entries)]:
        before, after = old.entries.get(key), new.entries.get(key)
        if before is not None and after is not None and before.text == after.text \
                and before.name == after.name:
            continue
        entry = after or before
        assert entry is not None
        owner = new.owners.get(entry.owner) or old.owners.get(entry.owner) or ""
        out.append(Change(owner, entry.kind, entry.name, before.text if before else None,
                          after.text if after else None))
    return out


def as_text(changes: list[Change], old_label: str, new_label: str, lang: str) -> str:
    if not changes:
        return f"no rules text changed between {old_label} and {new_label} ({lang})\n"
    lines = [f"rules text changed between {old_label} and {new_label} ({lang}):"]
    owner = None
    for c in changes:
        if c.owner != owner and c.kind not in ("card", "kingdom"):
            owner = c.owner
            lines.append(f"\n{owner}")
        mark = "+" if c.old is None else "-" if c.new is None else "~"
        lines.append(f"  {mark} {c.kind} {c.name}")
        if c.old is not None and c.new is not None:
            lines.append(f"      - {c.old}")
            lines.append(f"      + {c.new}")
        else:
            lines.append(f"      {c.new if c.new is not None else c.old}")
    return "\n".join(lines) + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]#|~])")


def md(text: str) -> str:
    """Text safe inside Markdown (and the HTML GitHub renders it to), on one line."""
    one_line = " ".join(text.split())
    # Markdown first: escaping after html.escape would break its '&#x27;' ('#' → '\#').
    return html.escape(_MD_SPECIAL.sub(r"\\\1", one_line), quote=True)


def as_markdown(changes: list[Change], old_label: str, new_label: str, lang: str) -> str:
    head = f"### Rules text: {md(old_label)} → {md(new_label)} ({lang})\n\n"
    if not changes:
        return head + "No rules text changed.\n"
    lines = [head.rstrip("\n"), ""]
    owner = None
    for c in changes:
        if c.owner != owner and c.kind not in ("card", "kingdom"):
            owner = c.owner
            lines.append(f"**{md(owner)}**\n")
        what = ("added" if c.old is None else "removed" if c.new is None else "changed")
        lines.append(f"- {what} {c.kind} **{md(c.name)}**")
        if c.old is not None and c.new is not None:
            lines.append(f"  - before: {md(c.old)}")
            lines.append(f"  - after: {md(c.new)}")
        else:
            lines.append(f"  - {md(c.new if c.new is not None else c.old or '')}")
    return "\n".join(lines) + "\n"


def diff(
    revs: Annotated[list[str] | None, typer.Argument(
        metavar="[REV | OLD NEW]", help="A git revision to compare the working tree with "
        "(default: HEAD), or two expansion folders.", show_default=False)] = None,
    lang: Annotated[str, typer.Option("--lang", "-l", metavar="[en|zh|ko]",
                                      help="The language of the rules text.")] = "en",
    output_format: Annotated[str, typer.Option(
        "--format", "-f", metavar="[text|github]",
        help="text, or github: Markdown, also appended to $GITHUB_STEP_SUMMARY.")] = "text",
) -> None:
    """Show the rules text that changed, per general and skill, between a git revision and
    the working tree of an expansion, or between two expansion folders."""
    import tempfile

    from sgs_tools import paths

    if lang not in ("en", "zh", "ko"):
        raise _fail(f"unknown language {lang!r}; expected en, zh or ko")
    if output_format not in ("text", "github"):
        raise _fail(f"unknown format {output_format!r}; expected text or github")
    revs = list(revs or [])
    if len(revs) > 2:
        raise _fail("give one revision, or two folders")
    with tempfile.TemporaryDirectory(prefix="sgs-diff-") as tmp:
        if len(revs) == 2:
            old_root, new_root = Path(revs[0]), Path(revs[1])
            for folder in (old_root, new_root):
                if not (folder / "expansion.yaml").is_file():
                    raise _fail(f"{folder} is not an expansion folder (no expansion.yaml)")
            old_label, new_label = revs
        else:
            here = paths.expansion_here()
            if here is None:
                raise _fail("run inside an expansion folder (or give two folders: "
                            "sgs diff OLD NEW)")
            rev = revs[0] if revs else "HEAD"
            new_root = here
            old_root = checkout(rev, here, Path(tmp))
            old_label, new_label = rev, "the working tree"
        old = rules_text(old_root, lang, old_label)
        from sgs_tools.dsl import vocabulary

        for cached in (vocabulary.vocabulary_files, vocabulary.registry,
                       vocabulary.full_registry):
            cached.cache_clear()
        new = rules_text(new_root, lang, new_label)
    changes = compare(old, new)
    if output_format == "text":
        from sgs_tools.report import terminal

        typer.echo(terminal(as_text(changes, old_label, new_label, lang)), nl=False)
        raise typer.Exit(0)
    markdown = as_markdown(changes, old_label, new_label, lang)
    typer.echo(markdown, nl=False)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        try:
            with open(summary, "a", encoding="utf-8") as handle:
                handle.write(markdown + "\n")
        except OSError as exc:
            typer.echo(f"::warning::could not write the step summary: {exc.strerror}")
    raise typer.Exit(0)

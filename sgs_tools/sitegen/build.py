"""Generated pages + the hand-written site folder → a build folder → mkdocs-material → HTML.

Layout of a build folder (default ``site/build``)::

    docs/                  hand-written pages (copied from site/docs) + generated pages,
                           each with the glossary tooltips (abbreviations) it needs
    jieba_userdict.txt     Chinese names for search segmentation
    mkdocs.yml             site/mkdocs.yml with absolute paths and the full Modes nav
    html/                  the built site (default output)
    .sgs-site-build        marks the folder as ours

Nothing outside the build folder is overwritten without ``force``; an output folder is
never allowed to contain the sources. The core never prints: mkdocs' output goes to a
callback the caller chooses.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import yaml

from sgs_tools.data.catalog import Catalog
from sgs_tools.dsl.effects import EffectsResult
from sgs_tools.errors import UsageError
from sgs_tools.sitegen.glossary import with_abbreviations
from sgs_tools.sitegen.pages import Generated, generate

BUILD_MARK = ".sgs-site-build"
OUT_MARK = ".sgs-site-output"
GENERATED_DIRS = ("docs",)


@dataclass
class Layout:
    """Where things are: the site source, the build folder, the output folder."""

    site: Path
    build: Path
    out: Path

    @property
    def docs(self) -> Path:
        return self.build / "docs"

    @property
    def config(self) -> Path:
        return self.build / "mkdocs.yml"

    @classmethod
    def make(cls, site: Path, build: Path | None = None, out: Path | None = None) -> Layout:
        site = site.resolve()
        package = Path(__file__).resolve().parent.parent
        if build is None and (site.is_relative_to(package)
                              or not Path.cwd().resolve().is_relative_to(site.parent)):
            # An installed wheel: never write into site-packages; run outside the checkout
            # (an editable install, in an expansion's folder): build beside the user.
            build = Path.cwd() / "sgs-site"
        build = (build or site / "build").resolve()
        return cls(site, build, (out or build / "html").resolve())


@dataclass
class BuildResult:
    pages: int = 0
    generate_seconds: float = 0.0
    mkdocs_seconds: float = 0.0
    returncode: int = 0
    output: str = ""
    warnings: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    """Files of the built site dropped as unused (see ``finish_output``)."""

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    @property
    def strict_failure(self) -> bool:
        """mkdocs ran but its strict mode counted warnings (broken links, anchors …)."""
        return not self.ok and " in strict mode" in self.output


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _is_ours_or_empty(folder: Path, mark: str) -> bool:
    if not folder.exists():
        return True
    if not folder.is_dir():
        return False
    return (folder / mark).exists() or not any(folder.iterdir())


def check_layout(layout: Layout, protected: list[Path], force: bool) -> None:
    """Refuse to write where it could destroy a user's files."""
    sources = [layout.site / "docs", layout.site / "mkdocs.yml", *protected, Path.cwd()]
    package = Path(__file__).resolve().parent.parent
    owned = [package, package.parent / "tests", *protected, layout.site / "docs"]
    for target, what in ((layout.build, "build folder"), (layout.out, "output folder")):
        if target.exists() and not target.is_dir():
            raise UsageError(f"the {what} {target} is a file, not a folder")
        for source in sources:
            source = source.resolve()
            if _inside(source, target):
                raise UsageError(f"the {what} {target} would contain {source}; "
                                 "choose a folder of its own")
        for folder in owned:
            folder = folder.resolve()
            if folder.exists() and _inside(target, folder):
                raise UsageError(f"the {what} {target} is inside {folder}, which holds "
                                 "sources or data; choose a folder of its own")
    if _inside(layout.build, layout.site / "docs") or _inside(layout.out, layout.docs):
        raise UsageError("the build and output folders must be outside the docs folders")
    if layout.out == layout.build:
        raise UsageError("the output folder must differ from the build folder")
    if _inside(layout.build, layout.out):
        raise UsageError(f"the build folder {layout.build} may not be inside the output "
                         f"folder {layout.out}, which is replaced whole by each build")
    if not force:
        if not _is_ours_or_empty(layout.build, BUILD_MARK):
            raise UsageError(f"{layout.build} exists and was not made by 'sgs site build'; "
                             "use --force to write into it")
        inside_build = _inside(layout.out, layout.build)
        if not inside_build and not _is_ours_or_empty(layout.out, OUT_MARK):
            raise UsageError(f"{layout.out} exists and holds other files; "
                             "use --force to replace its contents")
    if layout.out.exists() and not layout.out.is_dir():
        raise UsageError(f"{layout.out} is a file, not a folder")


def load_config(site: Path) -> dict[str, Any]:
    path = site / "mkdocs.yml"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise UsageError(f"{path} is not plain YAML (keep it free of !!python tags): "
                         f"{exc}") from None
    if not isinstance(data, dict):
        raise UsageError(f"{path} must be a mapping of mkdocs settings")
    return data


def _nav_page(item: Any) -> str | None:
    if isinstance(item, str):
        return item
    if isinstance(item, dict) and len(item) == 1:
        value = next(iter(item.values()))
        return value if isinstance(value, str) else None
    return None


def _with_modes(nav: Any, mode_pages: dict[str, str]) -> Any:
    """Give the nav section holding mode pages every generated mode page (titled with the
    mode's English name): the listed ones that exist, in their order, then the rest."""
    if not isinstance(nav, list):
        return nav
    out = []
    for item in nav:
        if isinstance(item, dict) and len(item) == 1:
            (title, value), = item.items()
            listed = [_nav_page(v) for v in value] if isinstance(value, list) else []
            if listed and all(p and p.startswith("modes/") for p in listed):
                order = [p for p in listed if p in mode_pages]
                order += [p for p in mode_pages if p not in order]
                out.append({title: [{mode_pages[p]: p} for p in order]})
                continue
            out.append({title: _with_modes(value, mode_pages)} if isinstance(value, list)
                       else item)
        else:
            out.append(item)
    return out


def derive_config(base: dict[str, Any], layout: Layout,
                  mode_pages: dict[str, str],
                  extra_nav: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The site config with absolute paths (build folder, output, search dictionary)."""
    config = dict(base)
    config["docs_dir"] = str(layout.docs)
    config["site_dir"] = str(layout.out)
    plugins = []
    for plugin in config.get("plugins") or []:
        if isinstance(plugin, dict) and "search" in plugin:
            options = dict(plugin["search"] or {})
            if "jieba_dict_user" in options:
                options["jieba_dict_user"] = str(layout.build / "jieba_userdict.txt")
            plugins.append({"search": options})
        else:
            plugins.append(plugin)
    config["plugins"] = plugins
    theme = config.get("theme")
    if isinstance(theme, dict) and isinstance(theme.get("custom_dir"), str):
        config["theme"] = dict(theme, custom_dir=str(layout.site / theme["custom_dir"]))
    if "nav" in config:
        config["nav"] = _with_modes(config["nav"], mode_pages)
        if extra_nav and isinstance(config["nav"], list):
            config["nav"] = [*config["nav"], *extra_nav]
    return config


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def prepare(layout: Layout, generated: Generated) -> None:
    """Write the build folder: copied hand-written pages, generated pages, config."""
    base = load_config(layout.site)
    hand = layout.site / "docs"
    try:
        layout.build.mkdir(parents=True, exist_ok=True)
        (layout.build / BUILD_MARK).write_text(
            "Made by 'sgs site build'; everything here is regenerated.\n", encoding="utf-8")
        for name in GENERATED_DIRS:
            shutil.rmtree(layout.build / name, ignore_errors=True)
        if hand.is_dir():
            shutil.copytree(hand, layout.docs)
            for page in layout.docs.rglob("*.md"):
                page.write_text(with_abbreviations(page.read_text(encoding="utf-8")),
                                encoding="utf-8")
        for rel_path, text in generated.pages.items():
            target = layout.docs / rel_path
            if target.exists():
                raise UsageError(f"hand-written page {hand / rel_path} has the path of a "
                                 "generated page; rename it")
            _write(target, text)
        _write(layout.build / "jieba_userdict.txt", generated.user_dictionary)
        config = derive_config(base, layout, generated.mode_pages, generated.extra_nav)
        _write(layout.config, "# Generated by 'sgs site build' from site/mkdocs.yml.\n"
               + yaml.safe_dump(config, allow_unicode=True, sort_keys=False))
    except OSError as exc:
        raise UsageError(f"cannot write the build folder {layout.build}: "
                         f"{exc.strerror or exc}") from None


def mkdocs_missing() -> str | None:
    """Why mkdocs-material cannot run here, or None."""
    for module, package in (("mkdocs", "mkdocs"), ("material", "mkdocs-material")):
        if find_spec(module) is None:
            return (f"{package} is not installed; install the site extra: "
                    "pip install 'sgs-tools[site]'")
    return None


def mkdocs_command(layout: Layout, action: str = "build", port: int = 8000,
                   site_dir: Path | None = None) -> list[str]:
    """The mkdocs command line; ``site_dir``: where ``build`` writes (default the output
    folder; ``build_site`` gives it a staging folder beside it)."""
    # mkdocs through a wrapper that silences jieba's start-up chatter (mkdocs_run.py).
    cmd = [sys.executable, "-m", "sgs_tools.sitegen.mkdocs_run", action, "-f",
           str(layout.config)]
    if action == "build":
        return [*cmd, "--strict", "-d", str(site_dir or layout.out)]
    return [*cmd, "--dev-addr", f"127.0.0.1:{port}"]


def run_mkdocs(layout: Layout, echo: Callable[[str], None] | None = None,
               site_dir: Path | None = None) -> tuple[int, str]:
    """Run ``mkdocs build --strict`` (not quiet) into ``site_dir`` (default the output
    folder); stream each line to ``echo``."""
    env = dict(os.environ, PYTHONUNBUFFERED="1", NO_COLOR="1", NO_MKDOCS_2_WARNING="1")
    lines = []
    try:
        proc = subprocess.Popen(mkdocs_command(layout, site_dir=site_dir),
                                stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                                errors="replace", env=env, cwd=layout.build)
    except OSError as exc:
        raise UsageError(f"cannot run mkdocs: {exc.strerror or exc}") from None
    with proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if echo is not None:
                echo(line.rstrip("\n"))
    return proc.wait(), "".join(lines)


UNUSED_ASSETS = ("assets/javascripts/lunr/wordcut.js", "assets/javascripts/lunr/tinyseg.js")
"""Word segmenters for Thai and Japanese search, which this site never loads."""


def _search_languages(config: dict[str, Any]) -> list[str]:
    for plugin in config.get("plugins") or []:
        if isinstance(plugin, dict) and "search" in plugin:
            lang = (plugin["search"] or {}).get("lang") or ["en"]
            return [lang] if isinstance(lang, str) else list(lang)
    return ["en"]


def finish_output(out: Path, config: dict[str, Any]) -> list[str]:
    """Make the built site lighter and portable; returns the removed files (relative).

    - no source maps (``*.map``: 1.3 MB nobody reading rules needs);
    - no lunr word segmenters or language packs the search never loads (English-only
      stemming: Chinese and Korean are split by the separator and jieba at build time);
    - the search index once: the offline plugin writes it as ``search_index.js`` (for
      ``file://``) and ``.json`` (for a server); the theme override loads the ``.js``
      before the theme's bundle and answers the bundle's request for the ``.json``
      from it (``overrides/main.html``), so the ``.json`` copy is dropped;
    - ``404.html`` with relative links, so it works opened from a folder.
    """
    removed: list[str] = []

    def drop(path: Path) -> None:
        if path.is_file():
            path.unlink()
            removed.append(path.relative_to(out).as_posix())

    for path in sorted(out.rglob("*.map")):
        drop(path)
    for rel_path in UNUSED_ASSETS:
        drop(out / rel_path)
    lunr_min = out / "assets/javascripts/lunr/min"
    if _search_languages(config) == ["en"] and lunr_min.is_dir():
        for path in sorted(lunr_min.iterdir()):
            drop(path)
    if (out / "search/search_index.js").is_file():
        drop(out / "search/search_index.json")
    page = out / "404.html"
    if page.is_file():
        text = page.read_text(encoding="utf-8")
        text = re.sub(r'((?:href|src)=")/(?!/)', r"\1", text)
        text = text.replace('"base": "/"', '"base": "."').replace('": "/assets/', '": "assets/')
        page.write_text(text, encoding="utf-8")
    return removed


STAGING_MARK = ".sgs-site-staging"
"""Marks a staging folder (``.OUT.sgs-staging-PID-N`` beside the output folder) holding a
build in progress; a dot file, so mkdocs' cleaning of its site folder keeps it."""


def _staging_names(out: Path, kind: str) -> str:
    return f".{out.name}.sgs-{kind}-"


INSIDE = {"staging": ".sgs-staging-", "old": ".sgs-old-"}
"""The names of the staging and retired folders kept inside the output folder itself, where
its parent cannot be written (``--out /var/www/html`` of a user who owns only ``html``)."""


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process, or no permission to ask: assume alive
        return True
    return True


def _remove_stale_staging(out: Path) -> None:
    """Remove the staging and retired folders of earlier builds of ``out`` that were killed
    before they could clean up (their process is gone and the folder carries our mark)."""
    places = [(out.parent, _staging_names(out, kind)) for kind in ("staging", "old")]
    places += [(out, prefix) for prefix in INSIDE.values()]
    for parent, prefix in places:
        if not parent.is_dir() or parent.is_symlink():
            continue
        for entry in parent.iterdir():
            if not entry.name.startswith(prefix) or entry.is_symlink() or not entry.is_dir():
                continue
            pid = entry.name[len(prefix):].split("-", 1)[0]
            if not pid.isdigit() or _pid_alive(int(pid)):
                continue
            if (entry / STAGING_MARK).exists() or (entry / OUT_MARK).exists():
                shutil.rmtree(entry, ignore_errors=True)


def _new_folder(parent: Path, prefix: str) -> Path:
    """A new, empty folder ``parent/prefix<pid>-<n>`` (created with the user's umask)."""
    for n in range(1000):
        path = parent / f"{prefix}{os.getpid()}-{n}"
        try:
            path.mkdir()
        except FileExistsError:
            continue
        return path
    raise OSError(f"cannot make a staging folder in {parent}")


def _missing_parents(path: Path) -> list[Path]:
    """The folders above ``path`` that do not exist yet, deepest first."""
    missing = []
    parent = path.parent
    while not parent.exists() and parent.parent != parent:
        missing.append(parent)
        parent = parent.parent
    return missing


def publish(staging: Path, out: Path) -> None:
    """Put the finished site in ``staging`` at ``out``, whole: the old output folder (if
    any) is renamed aside, the new one renamed into place, and the old one removed. A
    failure between the two renames puts the old folder back. Dot entries of the old
    folder (a ``.git`` of a gh-pages checkout, say), which mkdocs' own cleaning keeps, move
    to the new one. Where ``out`` cannot be renamed (a mount point), its contents are
    replaced instead."""
    if staging.parent == out:
        _publish_inside(staging, out)
        return
    if not out.exists():
        os.replace(staging, out)
        return
    kept = [entry.name for entry in out.iterdir()
            if entry.name.startswith(".") and entry.name not in (OUT_MARK, STAGING_MARK)
            and not (staging / entry.name).exists()]
    swapped = False
    try:
        for name in kept:
            os.replace(out / name, staging / name)
        retired = _new_folder(out.parent, _staging_names(out, "old"))
        retired.rmdir()
        try:
            os.replace(out, retired)
        except OSError:
            _replace_contents(staging, out)
            swapped = True
            return
        try:
            os.replace(staging, out)
        except BaseException:
            os.replace(retired, out)
            raise
        swapped = True
    finally:
        if not swapped:  # give the old folder back what was moved out of it
            for name in kept:
                if (staging / name).exists() and not (out / name).exists():
                    os.replace(staging / name, out / name)
    shutil.rmtree(retired, ignore_errors=True)


def _publish_inside(staging: Path, out: Path) -> None:
    """``publish`` for a staging folder inside ``out`` (its parent is not writable): the
    old entries (dot entries but our mark stay) move into a retired folder inside ``out``,
    the new ones up from the staging folder; a failure moves everything back."""
    retired = _new_folder(out, INSIDE["old"])
    moved_old: list[str] = []
    moved_new: list[str] = []
    try:
        for entry in list(out.iterdir()):
            if entry in (staging, retired) or (entry.name.startswith(".")
                                               and entry.name != OUT_MARK):
                continue
            os.replace(entry, retired / entry.name)
            moved_old.append(entry.name)
        for entry in list(staging.iterdir()):
            os.replace(entry, out / entry.name)
            moved_new.append(entry.name)
    except BaseException:
        for name in moved_new:
            os.replace(out / name, staging / name)
        for name in moved_old:
            os.replace(retired / name, out / name)
        retired.rmdir()
        raise
    staging.rmdir()
    shutil.rmtree(retired, ignore_errors=True)


def _replace_contents(staging: Path, out: Path) -> None:
    for entry in list(out.iterdir()):
        if entry.name.startswith(".") and entry.name != OUT_MARK:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    for entry in list(staging.iterdir()):
        os.replace(entry, out / entry.name)
    staging.rmdir()


def build_site(cat: Catalog, effects: EffectsResult, layout: Layout, *,
               protected: list[Path] | None = None, force: bool = False,
               echo: Callable[[str], None] | None = None,
               balance: list[tuple[str, dict[str, Any]]] | None = None) -> BuildResult:
    """Generate every page, write the build folder and build the HTML with mkdocs;
    ``balance``: (name, report) pairs for the Balance pages (``sim.reports.load``).

    mkdocs writes into a staging folder beside the output folder; only a complete, strict
    build is moved into place (``publish``). A build that fails or is interrupted (Ctrl-C,
    a full disk, mkdocs' strict mode) leaves the earlier output folder as it was, or none
    where there was none, and removes its staging folder."""
    check_layout(layout, protected or [], force)
    missing = mkdocs_missing()
    if missing:
        raise UsageError(missing)
    result = BuildResult()
    start = time.perf_counter()
    generated = generate(cat, effects, balance)
    prepare(layout, generated)
    result.pages = len(generated.pages)
    result.generate_seconds = time.perf_counter() - start
    out = layout.out
    made = _missing_parents(out)
    staging: Path | None = None
    try:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            _remove_stale_staging(out)
            try:
                staging = _new_folder(out.parent, _staging_names(out, "staging"))
            except OSError:
                if not out.is_dir():
                    raise
                staging = _new_folder(out, INSIDE["staging"])  # only the folder is ours
            (staging / STAGING_MARK).write_text("A build of 'sgs site build' in progress.\n",
                                                encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write {out.parent}: {exc.strerror or exc}") from None
        start = time.perf_counter()
        result.returncode, result.output = run_mkdocs(layout, echo, staging)
        result.mkdocs_seconds = time.perf_counter() - start
        result.warnings = [line for line in result.output.splitlines()
                           if line.startswith(("WARNING", "ERROR"))]
        if result.ok:
            try:
                result.removed = finish_output(staging, load_config(layout.site))
                (staging / OUT_MARK).write_text("Built by 'sgs site build'.\n",
                                                encoding="utf-8")
                (staging / STAGING_MARK).unlink()
                publish(staging, out)
            except OSError as exc:
                raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None
            staging = None
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
            for folder in made:  # the parents this build made for an output it never wrote
                try:
                    folder.rmdir()
                except OSError:
                    break
    return result

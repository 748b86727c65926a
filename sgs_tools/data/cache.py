"""The validation cache: ``.sgs-cache/`` at the root of the data being checked.

Like ruff's or mypy's cache it only ever saves time: deleting it is always safe, and a
result is reused only when everything it was computed from is unchanged.

Two levels:

- per file: what checking the file alone found (its data and text, its problems, its kind,
  its effects parsed or its skills checked ahead with what they depended on:
  sgs_tools.project.FileResult, pickled by whoever computed it), keyed by the file's
  bytes, the path it is shown as, and the *tool key* (sgs-tools' version, its checking
  code, the grammar, the vocabulary and the schemas). Everything that looks across files
  (references, counts, effect checks against the catalog) is recomputed on every run from
  these, and a skill checked ahead is taken only if every name and mode it depended on is
  as the whole catalog has it, so a change to a file that others depend on re-checks the
  dependents;
- per run: the final report of ``sgs validate`` for exactly these targets, keyed by the
  tool key and every file's bytes, so re-validating an unchanged tree reads one small file.

Where: ``.sgs-cache/`` in the common folder of the targets (the checkout for the bundled
data); where that folder is not writable, or is the data shipped inside an installed
package, the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``, ``sgs-tools/``).
``SGS_CACHE_DIR`` chooses another folder; ``SGS_NO_CACHE=1`` turns the cache off.

Entries are pickles signed with a per-user secret key (HMAC-SHA256) kept in the user's
cache folder: a cache folder that came with someone else's data is never trusted, only
ignored and rewritten.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import shutil
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from sgs_tools import __version__, paths

FOLDER = ".sgs-cache"
FORMAT = 3
MAX_REPORTS = 16
"""Run reports kept per cache folder (one per set of targets); the oldest go first."""

_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
        "# This folder is a cache made by sgs-tools (sgs validate); it is safe to delete.\n")


def user_cache_dir() -> Path:
    """The user's cache folder for sgs-tools (XDG on Linux, the usual places elsewhere)."""
    if sys.platform == "win32":  # pragma: no cover - not the platform the tests run on
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":  # pragma: no cover
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "sgs-tools"


@cache
def _code_digest() -> str:
    """What the checking code, grammar, vocabulary and schemas are: part of every key."""
    h = hashlib.sha256(f"{FORMAT}|{__version__}|{sys.version}".encode())
    package = Path(__file__).resolve().parent.parent
    # The scenario format checks names against the engine's tables (log fields, decision
    # kinds), so the engine's top-level modules count too.
    sources = sorted([*package.glob("*.py"), *(package / "data").rglob("*.py"),
                      *(package / "dsl").rglob("*.py"), *(package / "scenario").rglob("*.py"),
                      *(package / "engine").glob("*.py"),
                      *(package / "data" / "schemas").glob("*.json")])
    grammar = paths.bundled_root() / "grammar"
    sources += sorted(p for p in grammar.rglob("*") if p.is_file())
    for path in sources:
        try:
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        except OSError:
            h.update(path.name.encode() + b"\0?\0")
    return h.hexdigest()


def _secret() -> bytes | None:
    folder = user_cache_dir()
    key = folder / "secret"
    try:
        return key.read_bytes()
    except OSError:
        pass
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(os.urandom(32))
        return key.read_bytes()
    except OSError:
        return None


def _writable(folder: Path) -> bool:
    probe = folder
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent
    return probe.is_dir() and os.access(probe, os.W_OK | os.X_OK)


def location(targets: list[Path] | None) -> Path | None:
    """The cache folder for these targets (None: caching is off)."""
    if os.environ.get("SGS_NO_CACHE", "") not in ("", "0"):
        return None
    chosen = os.environ.get("SGS_CACHE_DIR")
    if chosen:
        return Path(chosen)
    try:
        folders = [(t if t.is_dir() else t.parent).resolve() for t in targets or []]
        root = Path(os.path.commonpath(folders)) if folders else paths.bundled_root()
    except (OSError, ValueError):
        return None
    package = Path(__file__).resolve().parent.parent
    if not root.is_relative_to(package) and _writable(root):
        return root / FOLDER
    digest = hashlib.sha256(str(root).encode()).hexdigest()[:16]
    return user_cache_dir() / "roots" / digest


class _Spilled(NamedTuple):
    """Where a new entry's bytes sit in the cache's spill file."""

    at: int
    size: int


class Cache:
    """One cache folder, opened for one run."""

    def __init__(self, folder: Path, secret: bytes) -> None:
        self.folder = folder
        self.secret = secret
        self.tool = _code_digest()
        self.entries: dict[str, Any] | None = None
        self.used: dict[str, Any] = {}
        self.dirty = False
        self._spill: Any = None
        """A temporary file holding the new entries' bytes until :meth:`save` (None: none
        yet): at 50,000 files they would weigh tens of megabytes in memory."""

    @classmethod
    def open(cls, targets: list[Path] | None) -> Cache | None:
        folder = location(targets)
        secret = _secret() if folder is not None else None
        if folder is None or secret is None:
            return None
        return cls(folder, secret)

    # -- keys --------------------------------------------------------------------------
    def file_key(self, shown: str, raw: bytes) -> str:
        h = hashlib.sha256(self.tool.encode() + b"\0" + shown.encode() + b"\0")
        h.update(raw)
        return h.hexdigest()

    def run_key(self, targets: list[str], file_keys: list[str]) -> str:
        h = hashlib.sha256(self.tool.encode())
        for part in (*targets, "|", *file_keys):
            h.update(part.encode() + b"\0")
        return h.hexdigest()

    # -- signed pickles ----------------------------------------------------------------
    def _read(self, path: Path) -> Any:
        try:
            blob = path.read_bytes()
        except OSError:
            return None
        mac, payload = blob[:32], blob[32:]
        if not hmac.compare_digest(mac, hmac.new(self.secret, payload, "sha256").digest()):
            return None  # not ours (or damaged): ignored, and rewritten later
        try:
            return pickle.loads(payload)
        except Exception:  # a stale or damaged entry is only a cache miss
            return None

    def _write(self, path: Path, value: Any) -> None:
        try:
            payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
            mac = hmac.new(self.secret, payload, "sha256").digest()
            created = not self.folder.exists()
            path.parent.mkdir(parents=True, exist_ok=True)
            if created:
                (self.folder / "CACHEDIR.TAG").write_text(_TAG, encoding="utf-8")
                (self.folder / ".gitignore").write_text("# made by sgs-tools\n*\n",
                                                        encoding="utf-8")
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
            with os.fdopen(fd, "wb") as fh:
                fh.write(mac + payload)
            os.replace(tmp, path)
        except (OSError, pickle.PicklingError, RecursionError, TypeError):
            pass  # a cache that cannot be written only costs time

    # -- per file ----------------------------------------------------------------------
    # Entries live in 256 shards by the first two hex digits of their key, so no single
    # pickle grows with the tree (50,000 files) and an edit rewrites one shard.
    @property
    def _files(self) -> Path:
        return self.folder / f"files-{self.tool[:16]}"

    def _shard(self, prefix: str) -> dict[str, Any]:
        assert self.entries is not None
        shard = self.entries.get(prefix)
        if shard is None:
            loaded = self._read(self._files / f"{prefix}.pickle")
            shard = loaded if isinstance(loaded, dict) else {}
            self.entries[prefix] = shard
        return shard

    def get(self, key: str) -> Any:
        if self.entries is None:
            self.entries = {}
        entry = self._shard(key[:2]).get(key)
        if entry is not None:
            self.used[key] = entry
        return entry

    def put(self, key: str, entry: Any) -> None:
        if isinstance(entry, bytes):
            entry = self._spilled(entry)
        self.used[key] = entry
        self.dirty = True

    def _spilled(self, blob: bytes) -> Any:
        """``blob`` written to the spill file, as a :class:`_Spilled` (or ``blob`` itself
        where no temporary file can be had)."""
        try:
            if self._spill is None:
                # kept open across calls; closed by save()
                self._spill = tempfile.TemporaryFile(prefix="sgs-cache-")  # noqa: SIM115
            self._spill.seek(0, os.SEEK_END)
            at = self._spill.tell()
            self._spill.write(blob)
        except OSError:
            return blob
        return _Spilled(at, len(blob))

    def _entry(self, entry: Any) -> Any:
        """An entry as it is written: a spilled one read back."""
        if not isinstance(entry, _Spilled):
            return entry
        self._spill.seek(entry.at)
        return self._spill.read(entry.size)

    def save(self) -> None:
        """Write the shards whose entries changed; entries this run did not use are
        dropped, and so are the shards of other tool keys."""
        by_shard: dict[str, dict[str, Any]] = {}
        for key, entry in self.used.items():
            by_shard.setdefault(key[:2], {})[key] = entry
        for prefix, wanted in by_shard.items():
            if self._shard(prefix).keys() != wanted.keys():
                try:
                    entries = {key: self._entry(entry) for key, entry in wanted.items()}
                except (OSError, ValueError):
                    continue  # the spill file failed: this shard is only not saved
                self._write(self._files / f"{prefix}.pickle", entries)
        if self._spill is not None:
            self._spill.close()
            self._spill = None
        try:
            for old in self._files.glob("*.pickle"):
                if old.stem not in by_shard:
                    old.unlink(missing_ok=True)
            for other in self.folder.glob("files-*"):
                if other != self._files and other.is_dir():
                    shutil.rmtree(other, ignore_errors=True)
        except OSError:
            pass

    # -- per run -----------------------------------------------------------------------
    def report(self, key: str) -> Any:
        return self._read(self.folder / "reports" / f"{key[:32]}.pickle")

    def save_report(self, key: str, value: Any) -> None:
        folder = self.folder / "reports"
        self._write(folder / f"{key[:32]}.pickle", value)
        try:
            reports = sorted(folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime)
            for old in reports[:-MAX_REPORTS]:
                old.unlink(missing_ok=True)
        except OSError:
            pass

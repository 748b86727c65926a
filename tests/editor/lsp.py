"""A small Language Server Protocol client over stdio, enough to drive yaml-language-server
the way VS Code does: open a document, wait for its diagnostics, ask for completion and hover.

JSON-RPC 2.0 messages framed by ``Content-Length`` headers; one reader thread files
responses by id and notifications by method; requests from the server (configuration,
capability registration, progress) get an answer so the server never waits on us.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shutil
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VERSION = "1.25.0"
"""The pinned yaml-language-server; `.ci/run` installs exactly this one."""
PREFIX = ROOT / ".cache" / "yaml-language-server"
"""Where `.ci/run` installs it: ``npm install --prefix .cache/yaml-language-server``."""
SERVER = PREFIX / "node_modules" / "yaml-language-server" / "bin" / "yaml-language-server"

SETTINGS: dict[str, Any] = {
    "yaml": {
        "validate": True,
        "hover": True,
        "completion": True,
        "format": {"enable": False},
        # Never reach the internet: no schema store, no downloaded schemas.
        "schemaStore": {"enable": False},
        "schemaDownload": {"enable": False},
        "disableAdditionalProperties": False,
        "yamlVersion": "1.2",
    },
}


def install_hint() -> str:
    return (f"npm install --prefix {PREFIX.relative_to(ROOT)} "
            f"yaml-language-server@{VERSION}")


def missing_reason() -> str | None:
    """Why the server cannot be started here, or None when it can."""
    if shutil.which("node") is None:
        return "node is not installed (yaml-language-server runs on node)"
    if not SERVER.is_file():
        return f"yaml-language-server {VERSION} is not installed: run `{install_hint()}`"
    return None


@dataclass
class Diagnostic:
    line: int  # 1-based, like sgs validate
    column: int  # 1-based
    message: str
    severity: int

    @classmethod
    def of(cls, raw: dict[str, Any]) -> Diagnostic:
        start = raw["range"]["start"]
        return cls(start["line"] + 1, start["character"] + 1, raw["message"],
                   raw.get("severity", 1))


class LspError(RuntimeError):
    pass


class Client:
    """One running yaml-language-server."""

    def __init__(self, root: Path, timeout: float = 20.0) -> None:
        if missing_reason() is not None:  # pragma: no cover - callers skip first
            raise LspError(missing_reason())
        self.timeout = timeout
        node = shutil.which("node")
        assert node is not None
        self.proc = subprocess.Popen(
            [node, str(SERVER), "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env={**os.environ, "NODE_NO_WARNINGS": "1"})
        self._next = 0
        self._lock = threading.Lock()
        self._responses: dict[int, queue.Queue[dict[str, Any]]] = {}
        self._diagnostics: dict[str, queue.Queue[list[dict[str, Any]]]] = {}
        self._version = 0
        self.log: list[str] = []
        self._threads = [threading.Thread(target=self._read, daemon=True),
                         threading.Thread(target=self._drain_stderr, daemon=True)]
        for thread in self._threads:
            thread.start()
        self.request("initialize", {
            "processId": os.getpid(),
            "rootUri": root.as_uri(),
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
            "capabilities": {
                "textDocument": {
                    "synchronization": {"didSave": True},
                    "publishDiagnostics": {"relatedInformation": True},
                    "completion": {"completionItem": {
                        "snippetSupport": True,
                        "documentationFormat": ["markdown", "plaintext"]}},
                    "hover": {"contentFormat": ["markdown", "plaintext"]},
                },
                "workspace": {"configuration": True, "didChangeConfiguration": {
                    "dynamicRegistration": True}},
            },
        })
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})

    # -- framing -----------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.proc.stdin is not None
        with self._lock:
            self.proc.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
            self.proc.stdin.flush()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if length is None:
                continue
            self._dispatch(json.loads(out.read(length).decode("utf-8")))

    def _drain_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.log.append(line.decode("utf-8", "replace"))

    def _dispatch(self, msg: dict[str, Any]) -> None:
        if "id" in msg and "method" in msg:  # a request from the server
            result: Any = None
            if msg["method"] == "workspace/configuration":
                items = msg["params"].get("items", [])
                result = [SETTINGS.get(str(i.get("section", "")).split(".")[0], {})
                          if i.get("section") else SETTINGS for i in items]
                # A section such as "yaml" gets the yaml settings themselves.
                result = [SETTINGS["yaml"] if i.get("section") == "yaml" else r
                          for i, r in zip(items, result, strict=True)]
            self._send({"id": msg["id"], "result": result})
        elif "id" in msg:
            self._box(int(msg["id"])).put(msg)
        elif msg.get("method") == "textDocument/publishDiagnostics":
            params = msg["params"]
            self._diag_box(params["uri"]).put(params["diagnostics"])
        elif msg.get("method") == "window/logMessage":
            self.log.append(str(msg["params"].get("message", "")))

    def _box(self, ident: int) -> queue.Queue[dict[str, Any]]:
        with self._lock:
            return self._responses.setdefault(ident, queue.Queue())

    def _diag_box(self, uri: str) -> queue.Queue[list[dict[str, Any]]]:
        with self._lock:
            return self._diagnostics.setdefault(uri, queue.Queue())

    # -- protocol ----------------------------------------------------------------------

    def request(self, method: str, params: dict[str, Any]) -> Any:
        with self._lock:
            self._next += 1
            ident = self._next
        self._send({"id": ident, "method": method, "params": params})
        try:
            reply = self._box(ident).get(timeout=self.timeout)
        except queue.Empty:
            raise LspError(f"{method}: no answer in {self.timeout} s; server log:\n"
                           + "".join(self.log[-20:])) from None
        if "error" in reply:
            raise LspError(f"{method}: {reply['error']}")
        return reply.get("result")

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self._send({"method": method, "params": params})

    def open(self, path: Path, text: str | None = None) -> str:
        """Open ``path`` (with ``text`` instead of its content, if given); its URI."""
        uri = path.resolve().as_uri()
        content = path.read_text(encoding="utf-8") if text is None else text
        box = self._diag_box(uri)
        while not box.empty():  # diagnostics of an earlier opening
            box.get_nowait()
        # The server caches results by URI and version: every opening gets a new version.
        self._version += 1
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": self._version, "text": content}})
        return uri

    def close(self, uri: str) -> None:
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        box = self._diag_box(uri)
        # Closing publishes an empty list at once; wait for it so a later opening of the
        # same file starts clean.
        with contextlib.suppress(queue.Empty):
            box.get(timeout=self.timeout)

    def diagnostics(self, path: Path, text: str | None = None) -> list[Diagnostic]:
        """Open the file, wait for its diagnostics, close it."""
        uri = self.open(path, text)
        try:
            raw = self._diag_box(uri).get(timeout=self.timeout)
        except queue.Empty:
            raise LspError(f"no diagnostics for {path} in {self.timeout} s; server log:\n"
                           + "".join(self.log[-20:])) from None
        finally:
            self.close(uri)
        return sorted((Diagnostic.of(d) for d in raw), key=lambda d: (d.line, d.column))

    def diagnostics_of_all(self, files: list[Path]) -> dict[Path, list[Diagnostic]]:
        """Open every file at once, then collect each one's diagnostics: the server works
        through them without waiting for us between files."""
        uris = {path: self.open(path) for path in files}
        out: dict[Path, list[Diagnostic]] = {}
        try:
            for path, uri in uris.items():
                try:
                    raw = self._diag_box(uri).get(timeout=self.timeout)
                except queue.Empty:
                    raise LspError(f"no diagnostics for {path} in {self.timeout} s") from None
                out[path] = sorted((Diagnostic.of(d) for d in raw),
                                   key=lambda d: (d.line, d.column))
        finally:
            for uri in uris.values():
                self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
            for uri in uris.values():
                with contextlib.suppress(queue.Empty):
                    self._diag_box(uri).get(timeout=self.timeout)
        return out

    def completion(self, path: Path, text: str, line: int, column: int) -> list[dict[str, Any]]:
        """Completion items at 1-based ``line`` and ``column`` of ``text``."""
        uri = self.open(path, text)
        try:
            self._diag_box(uri).get(timeout=self.timeout)  # the schema is loaded by then
            result = self.request("textDocument/completion", {
                "textDocument": {"uri": uri},
                "position": {"line": line - 1, "character": column - 1}})
        finally:
            self.close(uri)
        items: list[dict[str, Any]] = (result.get("items", []) if isinstance(result, dict)
                                       else result or [])
        return items

    def hover(self, path: Path, text: str, line: int, column: int) -> str:
        """The hover text (Markdown) at 1-based ``line`` and ``column``; '' for none."""
        uri = self.open(path, text)
        try:
            self._diag_box(uri).get(timeout=self.timeout)
            result = self.request("textDocument/hover", {
                "textDocument": {"uri": uri},
                "position": {"line": line - 1, "character": column - 1}})
        finally:
            self.close(uri)
        if not result:
            return ""
        contents = result["contents"]
        if isinstance(contents, dict):
            return str(contents.get("value", ""))
        if isinstance(contents, list):
            return "\n".join(c if isinstance(c, str) else c.get("value", "") for c in contents)
        return str(contents)

    def shutdown(self) -> None:
        try:
            self.request("shutdown", {})
            self.notify("exit", {})
            self.proc.wait(timeout=5)
        except (LspError, OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        for thread in self._threads:  # both end at the end of the server's output
            thread.join(timeout=5)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()

"""`sgs site serve`: a live preview that follows data edits and stops with its parent."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

from sgs_tools.sitegen.build import mkdocs_missing
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.skipif(mkdocs_missing() is not None,
                                reason="mkdocs-material is not installed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8"))
    except (urllib.error.URLError, OSError):
        return None


def _wait_for(check: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.5)
    return False


def test_serve_regenerates_on_edit_and_stops_on_sigterm(tmp_path: Path) -> None:
    exp = tmp_path / "exp"
    shutil.copytree(EXAMPLES / "positive" / "expansion", exp)
    general = exp / "generals" / "mayunlu.yaml"
    port = _free_port()
    page = f"http://127.0.0.1:{port}/generals/mayunlu.html"
    log = tmp_path / "serve.log"
    with log.open("w", encoding="utf-8") as sink:
        _serve(exp, general, port, page, tmp_path, sink)
    output = log.read_text(encoding="utf-8")
    assert "pages regenerated" in output
    assert "Traceback" not in output


def _serve(exp: Path, general: Path, port: int, page: str, tmp_path: Path,
           sink: IO[str]) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", "from sgs_tools.cli.main import run; run()", "site", "serve",
         "--port", str(port), "--build-dir", str(tmp_path / "build"), "--data", str(exp)],
        stdout=sink, stderr=subprocess.STDOUT, text=True)
    try:
        assert _wait_for(lambda: "Ma Yunlu" in (_get(page) or ""), 120), "never served"
        general.write_text(general.read_text(encoding="utf-8").replace(
            "en: Ma Yunlu,", "en: Ma Yunlu Renamed,"), encoding="utf-8")
        assert _wait_for(lambda: "Ma Yunlu Renamed" in (_get(page) or ""), 60), \
            "the edit never reached the preview"
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        # mkdocs went with it: nothing answers on the port any more.
        assert _wait_for(lambda: _get(page) is None, 15), "mkdocs serve outlived sgs"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()

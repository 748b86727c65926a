"""One yaml-language-server for the whole session (starting it costs about a second)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.editor.lsp import ROOT, Client, missing_reason


@pytest.fixture(scope="session")
def server() -> Iterator[Client]:
    reason = missing_reason()
    if reason is not None:
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail(f"the editor tests must run in CI: {reason}")
        pytest.skip(reason)
    client = Client(ROOT)
    try:
        yield client
    finally:
        client.shutdown()

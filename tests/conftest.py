"""Shared test helpers: golden files and the example folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
EXAMPLES = TESTS / "examples"
UPDATE = os.environ.get("SGS_UPDATE_GOLDEN") == "1"


def golden(path: Path, actual: str) -> None:
    """Compare with a golden file; SGS_UPDATE_GOLDEN=1 rewrites it instead."""
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"golden file {path} is missing; run with SGS_UPDATE_GOLDEN=1")
        path.write_text(actual, encoding="utf-8")
        return
    assert actual == path.read_text(encoding="utf-8")

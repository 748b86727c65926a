"""Shared test helpers: golden files and the example folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# CI runs the property tests with a fixed seed and no per-example deadline (a busy CI
# machine is slow), so a submission's result is reproducible;
# everywhere else they explore new examples on every run.
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

# The validation cache (.sgs-cache/, sgs_tools/data/cache.py) is off in tests, so no test
# leaves a cache folder in the data it checks; tests/data/test_cache.py turns it on.
os.environ["SGS_NO_CACHE"] = "1"

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

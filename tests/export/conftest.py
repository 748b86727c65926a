"""FreeKill and Lua for the export tests: skipped with the reason where they are absent,
except in CI (CI=true), where a missing FreeKill or Lua fails the test instead."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from sgs_tools.export.freekill import crosscheck


def need(tool: str) -> str:
    """The path of a command-line tool (lua5.4, luac5.4, luacheck), or skip/fail."""
    found = shutil.which(tool)
    if found is None:
        reason = f"{tool} is not installed (apt-get install lua5.4 lua-check)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must have {tool}: {reason}")
        pytest.skip(reason)
    return found


@pytest.fixture(scope="session")
def freekill_home() -> Path:
    reason = crosscheck.missing_reason()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the FreeKill cross-check: {reason}")
        pytest.skip(f"FreeKill cross-check not run: {reason}")
    home = crosscheck.freekill_home()
    assert home is not None
    return home

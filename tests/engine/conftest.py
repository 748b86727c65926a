"""One library for every engine test: building it validates the whole data set."""

from __future__ import annotations

import pytest

from sgs_tools import project
from sgs_tools.engine.library import Library


@pytest.fixture(scope="session")
def lib() -> Library:
    return project.library()

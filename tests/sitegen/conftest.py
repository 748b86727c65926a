"""Fixtures for the site tests: a small catalog from tests/sitegen/data, and the bundled one."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs_tools.data.catalog import Catalog, cross_check
from sgs_tools.data.loader import load_file
from sgs_tools.dsl.effects import EffectsResult, compile_catalog
from sgs_tools.project import Result, validate
from sgs_tools.sitegen.context import SiteData

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
EXPANSION = HERE / "expansion"
GOLDEN = HERE / "golden"


def fixture_catalog(*, expansion: bool = False) -> tuple[Catalog, EffectsResult]:
    """The fixture data alone (no bundled data), loaded without schema checks; with
    ``expansion``, plus the fixture expansion (tests/sitegen/expansion)."""
    cat = Catalog()
    paths = sorted(DATA.rglob("*.yaml"))
    if expansion:
        paths += sorted(EXPANSION.rglob("*.yaml"))
    for path in paths:
        doc = load_file(path, path.relative_to(HERE).as_posix())
        cat.add(doc, str(doc.data["kind"]))
    cross_check(cat)
    return cat, compile_catalog(cat)


@pytest.fixture(scope="session")
def fixture_site() -> SiteData:
    cat, effects = fixture_catalog()
    assert not effects.problems, effects.problems
    return SiteData(cat, effects)


@pytest.fixture(scope="session")
def expansion_site() -> SiteData:
    """The fixture data plus the fixture expansion."""
    cat, effects = fixture_catalog(expansion=True)
    assert not effects.problems, effects.problems
    return SiteData(cat, effects)


@pytest.fixture(scope="session")
def bundled() -> Result:
    result = validate()
    if not result.ok:  # other people's data in progress: say so rather than fail oddly
        pytest.skip("the bundled data has problems right now: " +
                    "; ".join(str(p.location) for p in result.problems[:3]))
    return result

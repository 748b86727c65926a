"""Positive and negative example folders: each negative one pins its report in expected.txt."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sgs_tools import report
from sgs_tools.paths import bundled_root
from sgs_tools.project import validate
from tests.conftest import EXAMPLES, golden

NEGATIVE = sorted(p for p in (EXAMPLES / "negative").iterdir() if p.is_dir())
POSITIVE = sorted(p for p in (EXAMPLES / "positive").iterdir() if p.is_dir())


@pytest.mark.parametrize("case", NEGATIVE, ids=[p.name for p in NEGATIVE])
def test_negative_example(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(case)
    result = validate([Path(".")])
    assert not result.ok
    assert all(p.location.line > 0 or p.code == "too-large" for p in result.problems)
    text = report.text(result.problems, result.documents, result.files)
    # The file count depends on the bundled data; pin only the problems.
    body = text.rsplit("\n", 2)[0] + "\n"
    body = body.replace(str(bundled_root()) + os.sep, "<bundled>/")
    golden(case / "expected.txt", body)


@pytest.mark.parametrize("case", POSITIVE, ids=[p.name for p in POSITIVE])
def test_positive_example(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(case)
    result = validate([Path(".")])
    assert result.problems == []

"""The Ray backend (sgs_tools/sim/cluster.py): the same seeds give the same report as the
process pool. Ray is in the test extras, so CI runs this; elsewhere it is skipped only
where Ray is not installed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app
from sgs_tools.sim import cluster
from sgs_tools.sim.runner import Settings

runner = CliRunner()
needs_ray = pytest.mark.skipif(not cluster.available() and os.environ.get("CI") != "true",
                               reason="Ray is not installed (pip install 'sgs-tools[cluster]')")


def test_chunks_cover_the_seeds_in_order() -> None:
    got = cluster.chunks(Settings(seed=5, games=130), size=64)
    assert got == [(5, 64), (69, 64), (133, 2)]
    assert sum(n for _f, n in got) == 130


@needs_ray
def test_ray_and_the_process_pool_give_the_same_report(tmp_path: Path) -> None:
    reports = {}
    for backend in ("process", "ray"):
        out = tmp_path / f"{backend}.json"
        result = runner.invoke(app, ["simulate", "--games", "24", "--players", "4",
                                     "--seed", "9", "--workers", "2", "-q", "--backend",
                                     backend, "--json", str(out)])
        assert result.exit_code == 0, result.output
        report = json.loads(out.read_text(encoding="utf-8"))
        report.pop("seconds")
        reports[backend] = report
    assert reports["ray"] == reports["process"]


def test_an_unknown_backend_is_refused() -> None:
    result = runner.invoke(app, ["simulate", "--games", "2", "--backend", "spark"])
    assert result.exit_code == 2
    assert "process or ray" in result.output

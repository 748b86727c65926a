"""The wheel, installed outside the checkout, runs on the data it ships.

Builds the wheel without network (hatchling from the test extras), installs it into a
folder of its own (``pip install --target``: no network, and it works whether the tests
run in a virtual environment or not), and runs the commands a user runs first from an
empty folder outside any checkout, with that folder first on the import path and the
dependencies the tests already have.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import TESTS

ROOT = TESTS.parent


def _run(args: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True,
                          timeout=600, check=False)


@dataclass
class Installed:
    site: Path
    """Where the wheel was installed."""

    def run(self, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
        """``python ARGS`` with the installed package ahead of any other copy."""
        env = {**os.environ, "PYTHONPATH": str(self.site)}
        return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True,
                              text=True, timeout=600, check=False, env=env)

    def sgs(self, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
        return self.run(["-c", "from sgs_tools.cli.main import run; run()", *args], cwd)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("install")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                  "-w", base / "wheel", ROOT], base)
    if built.returncode != 0:
        pytest.fail(f"building the wheel failed:\n{built.stdout}\n{built.stderr}")
    wheel = next((base / "wheel").glob("sgs_tools-*.whl"))
    done = _run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index",
                 "--target", base / "site", wheel], base)
    assert done.returncode == 0, done.stderr
    return Installed(base / "site")


@pytest.fixture()
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


def test_the_installed_package_is_the_one_that_runs(installed: Installed,
                                                   outside: Path) -> None:
    where = installed.run(["-c", "import sgs_tools, sgs_tools.paths as p; "
                           "print(sgs_tools.__file__); print(p.bundled_root())"], outside)
    module, root = where.stdout.split()
    assert module.startswith(str(installed.site))
    assert root.endswith("sgs_tools/bundled")


def test_validate_and_scenarios_run_on_the_shipped_data(installed: Installed,
                                                        outside: Path) -> None:
    validated = installed.sgs(["validate"], outside)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    tested = installed.sgs(["test"], outside)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    shipped = len(list((TESTS / "scenarios").glob("*.yaml")))
    assert f"{shipped} scenarios: {shipped} passed" in tested.stdout
    explained = installed.sgs(["explain", "slash", "--lang", "zh"], outside)
    assert explained.returncode == 0 and "杀" in explained.stdout


def test_inside_a_checkout_the_checkout_data_is_used(installed: Installed,
                                                     tmp_path: Path) -> None:
    """A designer who installed a wheel and edits a checkout sees their edits checked."""
    checkout = tmp_path / "checkout"
    for name in ("cards", "generals", "modes", "grammar"):
        shutil.copytree(ROOT / name, checkout / name)
    (checkout / "pyproject.toml").write_text('[project]\nname = "sgs-tools"\n',
                                             encoding="utf-8")
    caocao = checkout / "generals" / "standard" / "caocao.yaml"
    caocao.write_text(caocao.read_text(encoding="utf-8").replace("kingdom: wei",
                                                                 "kingdom: weii"),
                      encoding="utf-8")
    validated = installed.sgs(["validate"], checkout / "generals")
    assert validated.returncode == 1
    assert "caocao.yaml" in validated.stdout and "weii" in validated.stdout


def test_every_shipped_file_finds_its_schema(installed: Installed) -> None:
    """Editors opening a file inside the installed package load its schema from there."""
    bundled = installed.site / "sgs_tools" / "bundled"
    # (samurai scenarios point at samurai_scenario.schema.json)
    files = [p for p in bundled.rglob("*.yaml")
             if p.relative_to(bundled).parts[0] not in ("grammar", "site")]
    assert len(files) > 150
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("=", 1)[1]).resolve()
        assert target.is_file() and target.is_relative_to(bundled), (path, target)

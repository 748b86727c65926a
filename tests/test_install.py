"""The wheel, installed outside the checkout, runs on the data it ships.

Builds the wheel without network (hatchling from the test extras), installs it into a
fresh virtual environment that borrows the dependencies already installed, and runs the
commands a user runs first from an empty folder outside any checkout.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import TESTS

ROOT = TESTS.parent


def _run(args: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True,
                          timeout=600, check=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("install")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                  "-w", base / "wheel", ROOT], base)
    if built.returncode != 0:
        pytest.fail(f"building the wheel failed:\n{built.stdout}\n{built.stderr}")
    venv = base / "venv"
    assert _run([sys.executable, "-m", "venv", "--system-site-packages", venv],
                base).returncode == 0
    python = venv / "bin" / "python"
    wheel = next((base / "wheel").glob("sgs_tools-*.whl"))
    done = _run([python, "-m", "pip", "install", "--no-deps", "--no-index", wheel], base)
    assert done.returncode == 0, done.stderr
    return venv / "bin"


@pytest.fixture()
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


def test_the_installed_package_is_the_one_that_runs(installed: Path, outside: Path) -> None:
    where = _run([installed / "python", "-c", "import sgs_tools, sgs_tools.paths as p; "
                  "print(sgs_tools.__file__); print(p.bundled_root())"], outside)
    module, root = where.stdout.split()
    assert str(installed.parent) in module
    assert root.endswith("sgs_tools/bundled")


def test_validate_and_scenarios_run_on_the_shipped_data(installed: Path,
                                                        outside: Path) -> None:
    validated = _run([installed / "sgs", "validate"], outside)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    tested = _run([installed / "sgs", "test"], outside)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "96 scenarios" in tested.stdout or "scenarios:" in tested.stdout
    explained = _run([installed / "sgs", "explain", "slash", "--lang", "zh"], outside)
    assert explained.returncode == 0 and "杀" in explained.stdout


def test_inside_a_checkout_the_checkout_data_is_used(installed: Path, tmp_path: Path) -> None:
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
    validated = _run([installed / "sgs", "validate"], checkout / "generals")
    assert validated.returncode == 1
    assert "caocao.yaml" in validated.stdout and "weii" in validated.stdout

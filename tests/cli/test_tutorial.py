"""The "Your first general" page is a test: its commands run exactly as written, in order,
from an empty folder, with sgs-tools installed from a wheel as users have it (so `sgs build`
inside an expansion is checked where it used to fail), and the general's page gets built."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "site" / "docs" / "first-general.md"


def tutorial_commands(page: Path = PAGE) -> list[str]:
    """The shell lines between the page's tutorial markers."""
    text = page.read_text(encoding="utf-8")
    block = re.search(r"<!-- tutorial:start -->\s*```sh\n(.*?)```\s*<!-- tutorial:end -->",
                      text, re.DOTALL)
    assert block is not None, "the tutorial block is missing its markers"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_the_readme_shows_the_same_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for line in tutorial_commands():
        assert line in readme, line


@pytest.fixture(scope="module")
def wheel_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                            "--no-build-isolation", "-w", str(base / "wheel"), str(ROOT)],
                           capture_output=True, text=True, timeout=600, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    wheel = next((base / "wheel").glob("sgs_tools-*.whl"))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index",
                           "--target", str(base / "site"), str(wheel)],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return base / "site"


def test_the_tutorial_runs_from_an_empty_folder(wheel_site: Path, tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    sgs = bin_dir / "sgs"  # what `pip install sgs-tools` puts on PATH
    sgs.write_text(f'#!/bin/sh\nexec "{sys.executable}" -c '
                   '"from sgs_tools.cli.main import run; run()" "$@"\n', encoding="utf-8")
    sgs.chmod(0o755)
    empty = tmp_path / "empty"
    empty.mkdir()
    script = "set -e\n" + "".join(f"echo '$ '{_quote(line)}\n{line}\n"
                                  for line in tutorial_commands())
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": str(wheel_site)}
    env.pop("GITHUB_STEP_SUMMARY", None)
    ran = subprocess.run(["bash", "-c", script], cwd=empty, env=env, capture_output=True,
                         text=True, timeout=900, check=False)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    page = empty / "my-pack" / "sgs-site" / "html" / "generals" / "zhangxiu.html"
    assert page.is_file(), ran.stdout + ran.stderr
    shown = page.read_text(encoding="utf-8")
    assert "张绣" in shown and "Heeding Advice" in shown
    assert "You draw 1 extra card in your draw phase" in shown
    assert "1 scenario: 1 passed" in ran.stdout
    assert "stalled 0" in ran.stdout
    assert sorted(p.name for p in empty.iterdir()) == ["my-pack"]  # nothing else written


def _quote(line: str) -> str:
    return "'" + line.replace("'", "'\\''") + "'"

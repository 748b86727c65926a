"""The published `.pre-commit-hooks.yaml`, run by the real `pre-commit try-repo` in a scratch
git repository holding a scaffolded expansion. The hooks use `language: system` (the `sgs`
on PATH), so pre-commit downloads nothing: the test runs offline."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def test_hooks_file_declares_both_hooks_offline() -> None:
    import yaml

    data = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    by_id = {h["id"]: h for h in data}
    assert set(by_id) == {"sgs-validate", "sgs-test"}
    for hook in by_id.values():
        assert hook["language"] == "system"  # nothing to install, nothing downloaded
        assert hook["pass_filenames"] is False
        assert hook["entry"].startswith("sgs ")


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_try_repo_runs_the_hooks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pre_commit")
    if not (ROOT / ".git").exists():
        pytest.skip("needs sgs-tools as a git checkout (try-repo clones it)")
    tracked = subprocess.run(["git", "ls-files", ".pre-commit-hooks.yaml"], cwd=ROOT,
                             capture_output=True, text=True, check=False).stdout
    if not tracked.strip():
        pytest.skip(".pre-commit-hooks.yaml is not committed yet (try-repo clones HEAD)")
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["init", "pack", "--no-input", "--zh", "包"])
    assert made.exit_code == 0, made.output
    exp = tmp_path / "pack"
    monkeypatch.chdir(exp)
    made = runner.invoke(app, ["new", "general", "--no-input", "--id", "hero", "--zh", "英雄",
                               "--en", "Hero", "--ko", "영웅", "--kingdom", "shu", "--hp", "4",
                               "--skill", "brave:勇:Brave:용"])
    assert made.exit_code == 0, made.output
    # `sgs` on PATH is this checkout's code (the hooks run whatever `sgs` is installed).
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "sgs"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m sgs_tools.cli.main "$@"\n',
                    encoding="utf-8")
    shim.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": str(ROOT), "PRE_COMMIT_HOME": str(tmp_path / "pc-cache"),
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.invalid", "NO_PROXY": "*",
           "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9"}
    env.pop("GITHUB_STEP_SUMMARY", None)
    _git("init", "-q", cwd=exp)
    _git("add", "-A", cwd=exp)

    def try_repo(hook: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), hook, "--all-files",
             "--color", "never"], cwd=exp, env=env, capture_output=True, text=True,
            timeout=300, check=False)

    for hook in ("sgs-validate", "sgs-test"):
        ok = try_repo(hook)
        assert ok.returncode == 0, ok.stdout + ok.stderr
        assert "Passed" in ok.stdout
    general = exp / "generals" / "hero.yaml"
    general.write_text(general.read_text(encoding="utf-8").replace("kingdom: shu",
                                                                   "kingdom: shuu"),
                       encoding="utf-8")
    _git("add", "-A", cwd=exp)
    bad = try_repo("sgs-validate")
    assert bad.returncode == 1
    assert "Failed" in bad.stdout
    assert "generals/hero.yaml:7:10: error[unknown-kingdom]" in bad.stdout

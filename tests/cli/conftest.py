"""Shared fixtures of the CLI tests: a new expansion made the way a designer makes one."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.main import app


def new_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, en: str = "Hero",
             skills: tuple[str, ...] = ("brave:勇:Brave:용",)) -> Path:
    """`sgs init pack` and `sgs new general hero` (shu, 4 HP, the given skills) in
    ``tmp_path``, leaving the working folder inside the expansion; returns it."""
    runner = CliRunner()
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init", "pack", "--no-input", "--zh", "包"]).exit_code == 0
    monkeypatch.chdir(tmp_path / "pack")
    args = ["new", "general", "--no-input", "--id", "hero", "--zh", "英雄", "--en", en,
            "--ko", "영웅", "--kingdom", "shu", "--hp", "4"]
    for skill in skills:
        args += ["--skill", skill]
    made = runner.invoke(app, args)
    assert made.exit_code == 0, made.output
    return tmp_path / "pack"


@pytest.fixture()
def exp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new expansion with one general of one skill; the working folder is inside it."""
    return new_pack(tmp_path, monkeypatch)

"""A hostile new user's project (session 6 review): special files, broken symlinks and huge
files inside an expansion never hang a command or crash it; unreadable files are I/O
errors (exit 2) for every command that loads the data, as for `sgs validate`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools import paths
from sgs_tools.cli.main import app
from sgs_tools.scenario.runner import is_scenario

runner = CliRunner()


def _specials(exp: Path) -> None:
    os.mkfifo(exp / "generals" / "pipe.yaml")
    os.mkfifo(exp / "tests" / "pipe.yaml")
    (exp / "generals" / "zero.yaml").symlink_to("/dev/zero")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_fifo_and_dev_zero_in_a_data_folder_are_not_data(exp: Path) -> None:
    """Reading a FIFO blocks forever and /dev/zero never ends: both were read as data."""
    _specials(exp)
    assert [p.name for p in paths.data_files(exp / "generals")] == ["hero.yaml"]
    for command in (["validate"], ["test"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 0, (command, result.output)


def test_a_dangling_symlink_is_an_io_error_for_test_and_build(exp: Path) -> None:
    (exp / "generals" / "gone.yaml").symlink_to("nowhere.yaml")
    checked = runner.invoke(app, ["validate"])
    assert checked.exit_code == 2 and "error[io-error]" in checked.output
    for command in (["test"], ["build", "--no-site"], ["site", "build"],
                    ["simulate", "--games", "1", "--workers", "1"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, (command, result.output)
        assert isinstance(result.exception, SystemExit), (command, result.exception)
        assert "gone.yaml" in result.output, (command, result.output)
    built = runner.invoke(app, ["build", "--no-site"])
    assert "1 problem " in built.output and "1 problems" not in built.output


def test_is_scenario_reads_only_the_head_of_a_huge_file(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as fh:
        fh.write(b"kind: scenario\n")
        fh.truncate(64 * 1024 * 1024)  # sparse: cheap to make, costly to read whole

    def whole(*args: object, **kwargs: object) -> str:
        raise AssertionError("read the whole file")

    monkeypatch.setattr(Path, "read_text", whole)
    monkeypatch.setattr(Path, "read_bytes", whole)
    assert is_scenario(huge)
    late = tmp_path / "late.yaml"
    late.write_bytes(b"#" * 5000 + b"\nkind: scenario\n")
    assert not is_scenario(late)


def test_the_next_command_quotes_a_hostile_folder_name(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """`sgs new expansion` prints a command to paste; a folder named '$(…)' ran it."""
    import shlex

    monkeypatch.chdir(tmp_path)
    folder = "we ird/$(touch pwned)"
    made = runner.invoke(app, ["new", "expansion", folder, "--no-input", "--id", "weird",
                               "--zh", "怪"])
    assert made.exit_code == 0, made.output
    line = next(x for x in made.output.splitlines() if x.startswith("next: "))
    assert shlex.split(line.removeprefix("next: "))[:2] == ["cd", folder]


def test_a_symlink_loop_in_a_data_folder_is_an_io_error_not_a_crash(exp: Path) -> None:
    """Two symlinks pointing at each other: `Path.resolve` raised RuntimeError on 3.11."""
    (exp / "generals" / "loop_a.yaml").symlink_to("loop_b.yaml")
    (exp / "generals" / "loop_b.yaml").symlink_to("loop_a.yaml")
    result = runner.invoke(app, ["validate", "generals"])
    assert result.exit_code == 2, result.output
    assert "loop_a.yaml: error[io-error]" in result.output
    assert "internal error" not in result.output


def test_a_named_fifo_is_refused_for_what_it_is(exp: Path) -> None:
    fifo = exp / "generals" / "pipe.yaml"
    os.mkfifo(fifo)
    result = runner.invoke(app, ["validate", str(fifo)])
    assert result.exit_code == 2, result.output
    assert "is not a regular file or a folder" in result.output


def test_validate_checks_a_samurai_scenario_by_its_own_format(exp: Path) -> None:
    """`sgs validate` on a samurai scenario used the identity format (106 false errors on
    the bundled ones); a samurai format error is still located."""
    bundled = [f for f in sorted(paths.bundled_scenarios().glob("*.yaml"))
               if "mode: samurai" in f.read_text(encoding="utf-8")]
    ok = runner.invoke(app, ["validate", *map(str, bundled)])
    assert ok.exit_code == 0, ok.output
    bad = exp / "tests" / "samurai_bad.yaml"
    bad.write_text("kind: scenario\nname: x\nmode: samurai\nseats:\n  - {housez: []}\n",
                   encoding="utf-8")
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1, result.output
    assert "samurai_bad.yaml:5:" in result.output and "housez" in result.output

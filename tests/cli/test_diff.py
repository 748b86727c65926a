"""`sgs diff`: the rules text a change makes, per general and skill, from git or folders."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs_tools.cli.diff import md
from sgs_tools.cli.main import app
from tests.cli.conftest import new_pack

runner = CliRunner()
GIT_ENV = {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.invalid"}


@pytest.fixture()
def exp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new expansion whose general's English name needs escaping in Markdown."""
    return new_pack(tmp_path, monkeypatch, en="Hero <b>|",
                    skills=("brave:勇:Brave:용", "calm:静:Calm:정"))


def _edit(exp: Path) -> None:
    general = exp / "generals" / "hero.yaml"
    text = general.read_text(encoding="utf-8")
    head, _calm = text.split("  - id: calm", 1)
    general.write_text(head.replace("draw_count +1", "draw_count +2"), encoding="utf-8")


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_diff_against_a_git_revision(exp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "first"]):
        subprocess.run(["git", *args], cwd=exp, check=True, capture_output=True)
    same = runner.invoke(app, ["diff"])
    assert same.exit_code == 0 and "no rules text changed between HEAD" in same.output
    _edit(exp)
    result = runner.invoke(app, ["diff"])
    assert result.exit_code == 0, result.output
    assert result.output == (
        "rules text changed between HEAD and the working tree (en):\n\n"
        "Hero <b>|\n"
        "  ~ skill Brave (brave)\n"
        "      - You draw 1 extra card in your draw phase.\n"
        "      + You draw 2 extra cards in your draw phase.\n"
        "  - skill Calm (calm)\n"
        "      You draw 1 extra card in your draw phase.\n")
    zh = runner.invoke(app, ["diff", "HEAD", "--lang", "zh"])
    assert "      + 摸牌阶段，你多摸两张牌。" in zh.output
    missing = runner.invoke(app, ["diff", "no-such-rev"])
    assert missing.exit_code == 2 and "cannot read revision 'no-such-rev'" in missing.output


def test_diff_two_folders_for_github(exp: Path, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    old = tmp_path / "old"
    shutil.copytree(exp, old)
    _edit(exp)
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = runner.invoke(app, ["diff", str(old), str(exp), "--format", "github"])
    assert result.exit_code == 0, result.output
    written = summary.read_text(encoding="utf-8")
    assert written.strip() == result.output.strip()
    assert "**Hero &lt;b&gt;\\|**" in written  # markup in a name is shown as text
    assert "- changed skill **Brave (brave)**" in written
    assert "  - after: You draw 2 extra cards in your draw phase." in written
    assert "- removed skill **Calm (calm)**" in written


def test_diff_usage_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    outside = runner.invoke(app, ["diff"])
    assert outside.exit_code == 2 and "run inside an expansion folder" in outside.output
    bad = runner.invoke(app, ["diff", ".", ".", "--lang", "fr"])
    assert bad.exit_code == 2 and "unknown language 'fr'" in bad.output
    not_exp = runner.invoke(app, ["diff", ".", "."])
    assert not_exp.exit_code == 2 and "is not an expansion folder" in not_exp.output


@pytest.mark.parametrize("text", ["</title><script>x</script>", "a|b", "`code`", "[x](y)",
                                  "line\nbreak", "*bold*", "# head"])
def test_markdown_escapes_breakers(text: str) -> None:
    out = md(text)
    assert "<" not in out and "\n" not in out
    for ch in "|`[]*#":
        assert f"\\{ch}" in out or ch not in text


@pytest.mark.parametrize("text", ["it's", "&amp;", "a|b#c", "<b>x</b>", "back\\slash"])
def test_markdown_escapes_read_back_as_the_text(text: str) -> None:
    """Review: html.escape ran first, so the '#' of its '&#x27;' was escaped to '\\#' and an
    apostrophe showed as '&#x27;' on GitHub."""
    from tests.test_report import gfm_text

    assert gfm_text(md(text)) == text


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_revision_that_is_a_git_option_is_refused(exp: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Review: `sgs diff -- --output=FILE` passed the 'revision' to git archive as an
    option, which truncated FILE (a user's file emptied without asking)."""
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "first"]):
        subprocess.run(["git", *args], cwd=exp, check=True, capture_output=True)
    mine = tmp_path / "mine.txt"
    mine.write_text("precious\n", encoding="utf-8")
    for rev in (f"--output={mine}", "--remote=file:///nowhere", "-o"):
        result = runner.invoke(app, ["diff", "--", rev])
        assert result.exit_code == 2, result.output
        assert "is not a revision (it starts with '-')" in result.output
    assert mine.read_text(encoding="utf-8") == "precious\n"

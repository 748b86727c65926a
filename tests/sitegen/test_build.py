"""Building the site: the real bundled site in strict mode (once per session), strict
failures on a broken anchor, and the CLI's exit codes and folder guards."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sgs_tools import paths
from sgs_tools.cli.main import app
from sgs_tools.project import Result
from sgs_tools.sitegen.build import Layout, build_site, mkdocs_command, mkdocs_missing
from tests.conftest import EXAMPLES
from tests.sitegen.conftest import HERE, fixture_catalog

runner = CliRunner()
SITE = paths.bundled_root() / "site"
needs_mkdocs = pytest.mark.skipif(mkdocs_missing() is not None,
                                  reason="mkdocs-material is not installed")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory, bundled: Result) -> Path:
    if mkdocs_missing():
        pytest.skip(str(mkdocs_missing()))
    tmp = tmp_path_factory.mktemp("site")
    result = runner.invoke(app, ["site", "build", "--build-dir", str(tmp / "build"),
                                 "--out", str(tmp / "html")])
    assert result.exit_code == 0, result.output
    assert "Documentation built" in result.output  # mkdocs ran, not quietly
    return tmp / "html"


def test_real_site_pages_exist(built: Path) -> None:
    for page in ("index.html", "rules.html", "dsl/reference.html", "generals/index.html",
                 "cards/index.html", "skills/index.html", "modes/identity.html",
                 "modes/samurai.html", "generals/caocao.html", "cards/slash.html",
                 "dsl-guide.html", "data-format.html", "search/search_index.js"):
        assert (built / page).is_file(), page


def search_index(built: Path) -> dict[str, Any]:
    script = (built / "search/search_index.js").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(script[script.index("{"):script.rindex("}") + 1])
    return data


def test_real_site_ships_no_unused_assets(built: Path) -> None:
    assert not list(built.rglob("*.map"))  # source maps
    assert not (built / "assets/javascripts/lunr/wordcut.js").exists()
    assert not (built / "search/search_index.json").exists()  # the index once, as .js
    page = (built / "404.html").read_text(encoding="utf-8")
    assert 'href="/' not in page and 'src="/' not in page  # works opened from a folder
    size = sum(p.stat().st_size for p in built.rglob("*") if p.is_file())
    assert size < 12_000_000, size


def test_search_leaves_out_faces_and_index_tables(built: Path) -> None:
    docs = {d["location"]: d for d in search_index(built)["docs"]}
    assert "<svg" not in docs["generals/caocao.html"]["text"]
    assert "(Cao Cao (" not in docs["generals/caocao.html"]["text"]  # the face's title
    generals = docs["generals/index.html"]["text"]
    assert "Cao Cao" not in generals and "90 generals" in generals


def test_real_site_skill_anchors_and_card_links(built: Path) -> None:
    caocao = (built / "generals/caocao.html").read_text(encoding="utf-8")
    assert 'id="jianxiong"' in caocao and 'id="hujia"' in caocao
    assert "<svg" in caocao and "曹操" in caocao
    linked = [p for p in (built / "generals").glob("*.html")
              if 'href="../cards/' in p.read_text(encoding="utf-8")]
    assert linked, "no rules text links to a card page"
    skills = (built / "skills/index.html").read_text(encoding="utf-8")
    assert 'href="../generals/caocao.html#jianxiong"' in skills
    samurai = (built / "modes/samurai.html").read_text(encoding="utf-8")
    assert 'id="war-odds"' in samurai and 'title="5/12"' in samurai
    assert '<abbr title="' in (built / "rules.html").read_text(encoding="utf-8")


def test_real_site_needs_no_network(built: Path) -> None:
    pattern = re.compile(r"""(?:src|href)=["']?(?:https?:)?//""")
    for page in built.rglob("*.html"):
        assert not pattern.search(page.read_text(encoding="utf-8")), page


def test_real_site_search_index_has_three_languages(built: Path) -> None:
    index = search_index(built)
    titles = " ".join(doc["title"] for doc in index["docs"])
    assert "Cao Cao" in titles and "조조" in titles
    assert "\u200b曹操\u200b" in titles  # segmented by jieba as one word
    assert "trimmer" not in index["config"]["pipeline"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_real_site_search_finds_names(built: Path) -> None:
    queries = ["曹操", "Cao Cao", "조조", "奸雄", "간웅", "villainous"]
    out = subprocess.run(["node", str(HERE / "search_probe.js"), str(built), *queries],
                         capture_output=True, text=True, timeout=60, check=True)
    found = json.loads(out.stdout)
    for query in queries:
        assert any("caocao.html" in loc for loc in found[query][:3]), (query, found[query])


@needs_mkdocs
def test_strict_build_fails_on_a_broken_anchor(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(SITE / "docs", site / "docs")
    shutil.copytree(SITE / "overrides", site / "overrides")
    shutil.copy(SITE / "mkdocs.yml", site / "mkdocs.yml")
    (site / "docs" / "broken.md").write_text(
        "# Broken\n\nSee [the hero](generals/hero.md#no-such-skill).\n", encoding="utf-8")
    cat, effects = fixture_catalog()
    result = build_site(cat, effects, Layout.make(site, tmp_path / "build"))
    assert result.strict_failure
    assert "no-such-skill" in result.output
    assert (tmp_path / "build/docs/generals/hero.md").is_file()
    assert (tmp_path / "build/docs/dsl-guide.md").is_file()  # hand-written pages copied
    assert not (tmp_path / "build/html").exists()  # a failed build publishes nothing
    assert [p.name for p in (tmp_path / "build").iterdir() if p.name.startswith(".html")] == []


def test_bad_data_path_is_usage_error() -> None:
    result = runner.invoke(app, ["site", "build", "--data", "no/such/folder"])
    assert result.exit_code == 2
    assert "no such file or folder" in result.output


def test_data_problems_exit_1_like_validate(tmp_path: Path) -> None:
    bad = EXAMPLES / "negative" / "bad-value" / "general.yaml"
    result = runner.invoke(app, ["site", "build", "--data", str(bad),
                                 "--build-dir", str(tmp_path / "b")])
    assert result.exit_code == 1
    assert "error[bad-value]" in result.output and "nothing was built" in result.output
    assert not (tmp_path / "b").exists()


def test_refuses_to_overwrite_a_users_folder(tmp_path: Path) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me", encoding="utf-8")
    result = runner.invoke(app, ["site", "build", "--build-dir", str(tmp_path / "b"),
                                 "--out", str(out)])
    assert result.exit_code == 2
    assert "--force" in result.output
    assert (out / "notes.txt").read_text(encoding="utf-8") == "keep me"


def test_refuses_an_output_folder_holding_the_sources(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["site", "build", "--build-dir", str(tmp_path / "b"),
                                 "--out", str(tmp_path), "--force"])
    assert result.exit_code == 2
    assert "would contain" in result.output


def test_missing_site_folder_is_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["site", "build", "--site", str(tmp_path)])
    assert result.exit_code == 2
    assert "no mkdocs.yml" in result.output


def test_serve_listens_on_loopback_only(tmp_path: Path) -> None:
    cmd = mkdocs_command(Layout.make(SITE, tmp_path / "b"), "serve", 8123)
    assert cmd[cmd.index("--dev-addr") + 1] == "127.0.0.1:8123"
    build = mkdocs_command(Layout.make(SITE, tmp_path / "b"), "build")
    assert "--strict" in build and "-q" not in build and "--quiet" not in build


def test_mkdocs_runs_through_the_jieba_quieting_wrapper(tmp_path: Path) -> None:
    for action in ("build", "serve"):
        cmd = mkdocs_command(Layout.make(SITE, tmp_path / "b"), action)
        assert cmd[:3] == [sys.executable, "-m", "sgs_tools.sitegen.mkdocs_run"]
        assert cmd[3] == action


def test_quiet_jieba_drops_chatter_but_keeps_warnings() -> None:
    pytest.importorskip("jieba")
    code = ("import logging\n"
            "from sgs_tools.sitegen.mkdocs_run import quiet_jieba\n"
            "quiet_jieba()\n"
            "import jieba\n"
            "jieba.initialize()\n"
            "logging.getLogger('jieba').warning('a real warning')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    assert "prefix dict" not in out.stderr.lower(), out.stderr
    assert "Loading model" not in out.stderr, out.stderr
    assert "a real warning" in out.stderr


@needs_mkdocs
def test_expansion_site_builds_strict_without_jieba_noise(tmp_path: Path) -> None:
    cat, effects = fixture_catalog(expansion=True)
    lines: list[str] = []
    result = build_site(cat, effects, Layout.make(SITE, tmp_path / "build"),
                        echo=lines.append)
    assert result.ok, result.output
    noise = [line for line in lines if "prefix dict" in line.lower()
             or "Loading model" in line]
    assert not noise, noise
    html = tmp_path / "build/html"
    mode = (html / "modes/fixture_mode.html").read_text(encoding="utf-8")
    assert "Side &lt;b&gt;Pack&lt;/b&gt; · 外传扩展 · 외전 팩 (expansion): 1" in mode
    assert "<b>Pack" not in mode
    rogue = (html / "generals/rogue.html").read_text(encoding="utf-8")
    assert 'href="hero.html#resolve"' in rogue and 'href="sidekick.html#resolve"' in rogue
    home = (html / "index.html").read_text(encoding="utf-8")
    assert "Fixture deck" in home

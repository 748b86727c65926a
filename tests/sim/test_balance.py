"""The balance lab (sgs_tools/sim/balance.py and `sgs balance`)."""

from __future__ import annotations

import json
import random
import xml.dom.minidom
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sgs_tools import project
from sgs_tools.cli.main import app
from sgs_tools.engine.game import Game, Setup
from sgs_tools.engine.library import Library
from sgs_tools.sim import balance as bal
from sgs_tools.sim.runner import Settings, Summary

runner = CliRunner()


def test_benjamini_hochberg_and_holm_by_hand() -> None:
    p = [0.01, 0.04, 0.03, 0.005]
    assert bal.adjust(p, "bh") == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert bal.adjust(p, "holm") == pytest.approx([0.03, 0.06, 0.06, 0.02])
    with pytest.raises(ValueError):
        bal.adjust(p, "bonferroni")


def test_two_proportion_p() -> None:
    assert bal.two_proportion_p(50, 100, 50, 100) == pytest.approx(1.0)
    # z = (0.6 - 0.4) / sqrt(0.5 * 0.5 * (2 / 100)) = 2.828…; two-sided p ≈ 0.00468
    assert bal.two_proportion_p(60, 100, 40, 100) == pytest.approx(0.00468, abs=1e-4)
    assert bal.two_proportion_p(0, 0, 3, 5) == 1.0


def _summary(seed: int, rows: list[tuple[str, str, bool]]) -> Summary:
    seats = [{"seat": i, "role": role, "general": g} for i, (g, role, _w) in enumerate(rows)]
    winners = [i for i, (_g, _r, won) in enumerate(rows) if won]
    return Summary(seed, "side", winners, 10, 3, 100, seats)


def _pool(seed: int, strong: float | None) -> list[Summary]:
    rng = random.Random(seed)
    summaries = []
    for s in range(3000):
        rows = [(f"g{rng.randrange(30)}", "rebel", rng.random() < 0.4) for _ in range(4)]
        if strong is not None:
            rows[0] = ("strong", "rebel", rng.random() < strong)
        summaries.append(_summary(s, rows))
    return summaries


def test_a_strong_general_is_flagged() -> None:
    cells = bal.compare(bal.cells(_pool(7, 0.8)), "bh", 0.05)
    top = next(c for c in cells if c.general == "strong")
    assert top.flagged and top.effect > 0.3 and top.cohen_h > 0.5


@pytest.mark.parametrize("method", ["bh", "holm"])
def test_thirty_ordinary_generals_raise_no_false_alarm(method: str) -> None:
    for seed in range(3):
        cells = bal.compare(bal.cells(_pool(seed, None)), method, 0.05)
        assert len(cells) == 30
        assert not [c.general for c in cells if c.flagged]


def test_focus_run_pairs_each_seed_with_its_baseline() -> None:
    def fake(settings: Settings) -> list[Summary]:
        out = []
        for seed in range(settings.seed, settings.seed + settings.games):
            focus = settings.focus is not None
            won = focus or seed % 2 == 0  # the focus always wins; the baseline half
            out.append(_summary(seed, [("x" if focus else "y", "lord", won),
                                       ("z", "rebel", not won)]))
        return out

    cells, played = bal.focus_run(Settings(games=10), ["x"], ["lord"], fake)
    (cell,) = cells
    assert cell.games == 10 and cell.wins == 10
    mean, low, high = cell.paired()
    assert mean == pytest.approx(0.5) and low < 0.5 < high
    assert len(played) == 20  # ten focused, ten baseline


def test_until_ci_plays_until_the_interval_is_narrow_enough() -> None:
    calls = []

    def fake(settings: Settings) -> list[Summary]:
        calls.append(settings.games)
        return [_summary(s, [("x", "lord", s % 3 == 0), ("z", "rebel", s % 3 != 0)])
                for s in range(settings.seed, settings.seed + settings.games)]

    cells, _ = bal.focus_run(Settings(games=50), ["x"], ["lord"], fake, until_ci=0.1,
                             cap=100_000)
    assert cells[0].width() < 0.1
    capped, _ = bal.focus_run(Settings(games=50), ["x"], ["lord"], fake, until_ci=0.001,
                              cap=400)
    assert capped[0].games <= 400


@pytest.fixture(scope="module")
def lib() -> Library:
    return project.library()


def test_a_focused_seat_changes_only_that_seat(lib: Library) -> None:
    plain = Game(lib, Setup(players=5, seed=11))
    plain.deal()
    focused = Game(lib, Setup(players=5, seed=11, focus=("zhouyu", "rebel")))
    focused.deal()
    a = [(p.role, p.general) for p in plain.table.players]
    b = [(p.role, p.general) for p in focused.table.players]
    first_rebel = next(i for i, (role, _g) in enumerate(b) if role == "rebel")
    assert b[first_rebel][1] == "zhouyu"
    assert [r for r, _ in a] == [r for r, _ in b]
    changed = [i for i in range(5) if a[i] != b[i]]
    assert first_rebel in changed and len(changed) <= 2


def test_skills_are_credited_with_what_they_did(lib: Library) -> None:
    totals = [0, 0, 0, 0]
    for seed in range(20):
        r = Game(lib, Setup(players=5, seed=seed, generals=[
            "zhouyu", "luxun", "caocao", "liubei", "sunquan"], record=False)).play()
        for i, v in enumerate(r.skills.get("yingzi", [0, 0, 0, 0])):
            totals[i] += v
    uses, drawn = totals[0], totals[1]
    assert uses > 0 and drawn == uses  # a static skill: one more card each draw phase


def test_sgs_balance_focus_json_and_svg(tmp_path: Path) -> None:
    svg = tmp_path / "chart.svg"
    result = runner.invoke(app, ["balance", "--games", "4", "--focus", "zhouyu",
                                 "--agents", "random", "--format", "json", "-q",
                                 "--workers", "1", "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[:result.output.rindex("}") + 1])
    assert {f["role"] for f in report["focus"]} == {"lord", "loyalist", "rebel", "renegade"}
    assert all(f["general"] == "zhouyu" and f["games"] > 0 for f in report["focus"])
    assert "yingzi" in report["skills"]
    xml.dom.minidom.parse(str(svg))


def test_sgs_balance_refuses_bad_options() -> None:
    for args in (["--format", "pdf"], ["--correction", "sidak"], ["--focus", "zhouyuu"],
                 ["--until-ci", "2"], ["--mode", "guozhan", "--focus", "zhouyu"]):
        result = runner.invoke(app, ["balance", "--games", "2", *args])
        assert result.exit_code == 2, (args, result.output)


HOSTILE_REPORT = Path(__file__).resolve().parents[1] / "sitegen/hostile/balance-report.json"
BREAKERS = ["</title><script>alert(9)</script>", '"><img src=x onerror=alert(9)>',
            "'\"><svg onload=alert(9)>", "| x | <b>y</b>", "`</code><script>alert(9)</script>`",
            "&lt;script&gt;alert(9)&lt;/script&gt;", "[a](javascript:alert(9))",
            "\r<script>alert(9)</script>", "\x1b[31mred\x1b[0m", "*[x]: y", "# h"]


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    def handle_data(self, data: str) -> None:
        self.text += data


def _hostile_report(breaker: str) -> dict[str, Any]:
    """The site tests' hostile report with every text field (names, roles, the role word,
    the title, settings, skills) replaced by ``breaker``."""
    report = json.loads(HOSTILE_REPORT.read_text(encoding="utf-8"))
    for key in ("title", "correction", "role_word"):
        report[key] = breaker
    report["settings_line"] = breaker
    for row in [*report["cells"], *report["pairs"], *report["focus"]]:
        row["general"] = row["role"] = breaker
        row["games"] = 50
    for row in report["kingdoms"]:
        row["kingdom"] = breaker
    report["skills"] = {breaker: next(iter(report["skills"].values()))}
    return report


@pytest.mark.parametrize("breaker", BREAKERS)
def test_markdown_output_shows_hostile_text_as_text(breaker: str) -> None:
    """`sgs balance --format markdown` (for a PR comment) rendered as CommonMark with HTML
    allowed and GFM tables: only the report's own table and heading elements, no
    attributes, and each name back as the same characters (the role word in the table
    header was once written unescaped)."""
    markdown_it = pytest.importorskip("markdown_it")
    text = bal.render_markdown(_hostile_report(breaker))
    page = _Elements()
    page.feed(markdown_it.MarkdownIt("commonmark", {"html": True}).enable("table")
              .render(text))
    page.close()
    assert {t for t, _ in page.tags} <= {"h3", "p", "table", "thead", "tbody", "tr", "th",
                                        "td"}, page.tags
    assert all(not attrs or attrs in ([("style", "text-align:right")],)
               for _t, attrs in page.tags), page.tags
    shown = " ".join(breaker.split()).replace("\x1b", "")
    assert page.text.count(shown) >= 8, (shown, page.text[:400])


@pytest.mark.parametrize("breaker", BREAKERS)
def test_svg_and_text_outputs_escape_hostile_text(breaker: str) -> None:
    report = _hostile_report(breaker)
    svg = bal.render_svg(bal.svg_rows(report), breaker)
    doc = xml.dom.minidom.parseString(svg)
    assert {e.tagName for e in doc.getElementsByTagName("*")} <= {
        "svg", "title", "desc", "text", "line", "path", "rect"}
    assert all(not a.startswith("on") for e in doc.getElementsByTagName("*")
               for a in e.attributes.keys())  # noqa: SIM118 (a NamedNodeMap)
    text = bal.render_text(report)
    assert not any(ch in text for ch in "\x1b\r\x00"), repr(text[:200])


def test_guozhan_cells_count_each_seat_once_in_the_pool() -> None:
    rows = [_summary(s, [("a+b", "wei", s % 2 == 0), ("c+d", "wei", s % 2 == 0),
                         ("e+f", "shu", s % 2 == 1)]) for s in range(40)]
    by_general = bal.cells(rows, "generals")
    a = by_general[("a", "wei")]
    assert (a.wins, a.games) == (20, 40)
    assert (a.pool_wins, a.pool_games) == (20, 40)  # the other wei seat, not a's partner
    pairs = bal.cells([_summary(0, [("b+a", "wei", True)]), _summary(1, [("a+b", "wei", False)])],
                      "pairs")
    assert list(pairs) == [("a+b", "wei")] and pairs[("a+b", "wei")].games == 2
    kingdoms = {k["kingdom"]: k for k in bal.kingdoms(rows)}
    assert kingdoms["wei"]["games"] == 80 and kingdoms["shu"]["rate"] == 0.5


@pytest.mark.parametrize("slot", ["main", "deputy"])
def test_a_guozhan_focus_changes_only_its_seat(lib: Library, slot: str) -> None:
    from sgs_tools.engine.modes import new_game
    from sgs_tools.engine.modes.guozhan import focus_seat

    for seed in range(6):
        plain = new_game(lib, Setup(mode="guozhan", players=5, seed=seed))
        plain.deal()
        focused = new_game(lib, Setup(mode="guozhan", players=5, seed=seed,
                                      focus=("gz_zhouyu", slot)))
        focused.deal()
        a = [tuple(s.generals) for s in plain.rules.slots]
        b = [tuple(s.generals) for s in focused.rules.slots]
        seat = focus_seat(seed, 5)
        assert b[seat][0 if slot == "main" else 1] == "gz_zhouyu"
        assert len({x for pair in b for x in pair}) == 10  # nobody twice
        for pair in b:
            assert lib.general(pair[0]).kingdom == lib.general(pair[1]).kingdom
        changed = [i for i in range(5) if a[i] != b[i]]
        had = [i for i, pair in enumerate(a) if "gz_zhouyu" in pair and i != seat]
        assert set(changed) <= {seat, *had}
        if "gz_zhouyu" in a[seat] and a[seat][0 if slot == "main" else 1] == "gz_zhouyu":
            assert b[seat] == a[seat]  # it had chosen that very seat already
        assert [p.hand for p in plain.table.players if p.seat not in changed] == [
            p.hand for p in focused.table.players if p.seat not in changed]


def test_sgs_balance_guozhan_end_to_end(tmp_path: Path, lib: Library) -> None:
    svg = tmp_path / "gz.svg"
    base = ["balance", "--mode", "guozhan", "--players", "4", "--games", "3", "--agents",
            "random", "--workers", "1", "-q", "--focus", "gz_caocao"]
    result = runner.invoke(app, [*base, "--format", "json", "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[:result.output.rindex("}") + 1])
    assert [f["role"] for f in report["focus"]] == ["main", "deputy"]
    assert all(f["general"] == "gz_caocao" and f["games"] == 3 for f in report["focus"])
    assert report["role_word"] == "faction" and report["kingdoms"]
    assert sum(k["games"] for k in report["kingdoms"]) == 4 * report["games"]
    assert all("+" not in c["general"] for c in report["cells"])  # one general a cell
    assert report["pairs"] and all(c["general"].count("+") == 1 for c in report["pairs"])
    assert any(c["general"] == "gz_caocao" for c in report["cells"])
    own = set(lib.skill_ids(lib.general("gz_caocao")))
    assert set(report["skills"]) <= own  # only the focused general's skills are listed
    xml.dom.minidom.parse(str(svg))
    text = runner.invoke(app, [*base, "--format", "text"])
    assert text.exit_code == 0 and "win rate by faction" in text.output
    assert "gz_caocao        as main" in text.output
    markdown = runner.invoke(app, [*base, "--format", "markdown"])
    assert markdown.exit_code == 0 and "| faction | win rate |" in markdown.output


def test_a_skill_used_in_one_game_says_one_game() -> None:
    """Review, session 8: the per-skill table said "(1 games)"."""
    report = json.loads(HOSTILE_REPORT.read_text(encoding="utf-8"))
    first = next(iter(report["skills"]))
    report["skills"] = {first: {**report["skills"][first], "games": 1},
                        "other": {**report["skills"][first], "games": 2}}
    text = bal.render_text(report)
    assert "(1 game)" in text and "(2 games)" in text and "(1 games)" not in text


def test_a_paired_interval_stays_within_a_hundred_points() -> None:
    """Review, session 9: three seeds showed "+0.0 (-113.2 to +113.2)" points."""
    from sgs_tools.sim.balance import Focus

    cell = Focus("caocao", "rebel")
    cell.diffs = [1, -1, 0]
    mean, low, high = cell.paired()
    assert (mean, low, high) == (0.0, -1.0, 1.0)

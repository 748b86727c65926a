"""The Balance pages (sgs_tools/sitegen/balance.py): a report → charts with whiskers and a
table beside each, outliers, focus, lord seats and skills; names linked and escaped."""

from __future__ import annotations

import re
import xml.dom.minidom
from pathlib import Path
from typing import Any

from sgs_tools.project import Result
from sgs_tools.sim import reports
from sgs_tools.sim.stats import wilson
from sgs_tools.sitegen.balance import balance_pages
from sgs_tools.sitegen.context import SiteData
from sgs_tools.sitegen.pages import generate
from tests.conftest import golden
from tests.sitegen.conftest import GOLDEN, HERE, fixture_catalog

FIXTURES = HERE / "balance"


def cell(general: str, role: str, wins: int, games: int, pool: float,
         flagged: bool = False) -> dict[str, Any]:
    low, high = wilson(wins, games)
    rate = wins / games
    return {"general": general, "role": role, "wins": wins, "games": games,
            "rate": round(rate, 4), "ci95": [round(low, 4), round(high, 4)],
            "pool_rate": pool, "effect": round(rate - pool, 4), "cohen_h": 0.1,
            "p": 0.5, "p_adjusted": 0.01 if flagged else 0.9, "flagged": flagged}


def small_report() -> dict[str, Any]:
    return reports.check({
        "kind": reports.KIND, "version": 1, "title": "t", "correction": "Holm",
        "alpha": 0.05, "games": 40,
        "made": {"tool": "sgs-tools 9.9", "commit": "abc1234", "date": "2026-12-01T10:00:00Z",
                 "mode": "fixture_mode", "players": 2, "agents": "heuristic", "games": 40,
                 "seeds": [100, 139], "command": "sgs balance --mode fixture_mode -n 2",
                 "seconds": 3.2, "data": []},
        "focus": [{"general": "hero", "role": "lord", "wins": 12, "games": 20, "rate": 0.6,
                   "ci95": [0.39, 0.78], "paired_difference": 0.15,
                   "paired_ci95": [-0.05, 0.35]}],
        "cells": [cell("hero", "lord", 30, 40, 0.4, flagged=True),
                  cell("rogue", "lord", 4, 10, 0.6),
                  cell("ghost", "rebel", 5, 10, 0.5)],
        "lord_seats": {"0": {"wins": 20, "games": 40, "rate": 0.5}},
        "skills": {"resolve": {"uses": 1.5, "drawn": 2.0, "damage": 0.25, "recovered": 0.0,
                               "games": 30},
                   "unknown_skill": {"uses": 1.0, "drawn": 0.0, "damage": 1.0,
                                     "recovered": 1.0, "games": 3}},
    }, "small")


def svgs(page: str) -> list[str]:
    return re.findall(r"<svg .*?</svg>", page)


def test_golden_balance_page(fixture_site: SiteData) -> None:
    pages = balance_pages(fixture_site, [("small", small_report())])
    assert set(pages) == {"balance/index.md", "balance/small.md"}
    golden(GOLDEN / "balance_small.md", pages["balance/small.md"])
    golden(GOLDEN / "balance_index.md", pages["balance/index.md"])


def test_each_chart_is_wellformed_accessible_and_has_a_table_beside_it(
        fixture_site: SiteData) -> None:
    page = balance_pages(fixture_site, [("small", small_report())])["balance/small.md"]
    charts = svgs(page)
    # focus, the lord's and the rebel's cells, the lord by seat, the skills
    assert len(charts) == 5
    for svg in charts:
        doc = xml.dom.minidom.parseString(svg)
        root = doc.documentElement
        assert root.getAttribute("role") == "img"
        ids = root.getAttribute("aria-labelledby").split()
        assert [e.getAttribute("id") for e in doc.getElementsByTagName("title")[:1]] == ids[:1]
        assert doc.getElementsByTagName("desc")[0].firstChild.data.strip()
    for block in page.split('<div class="sgs-chart-box"')[1:]:
        after = block.split("</div>", 1)[1].lstrip()
        assert after.startswith('<div class="sgs-scroll" markdown>'), after[:80]
    lord = next(s for s in charts if "Win rate as Lord" in s)
    assert lord.count('class="sgs-bar"') == 2 and lord.count('class="sgs-whisker"') == 2
    assert lord.count('class="sgs-reference"') == 2  # the pool's rate, per row
    assert "⚠ The Hero" in lord  # flagged by a sign, not by colour alone
    assert 'lang="zh-Hans"' in lord and 'lang="ko"' in lord


def test_known_ids_are_linked_and_unknown_ones_shown(fixture_site: SiteData) -> None:
    page = balance_pages(fixture_site, [("small", small_report())])["balance/small.md"]
    assert "](../generals/hero.md)" in page and "ghost" in page
    assert "seeds 100–139" in page and "sgs-tools 9.9" in page and "`abc1234`" in page
    assert "## Outliers {#outliers}" in page and "Holm" in page


def test_reports_reach_the_nav_only_when_there_are_some() -> None:
    cat, effects = fixture_catalog()
    plain = generate(cat, effects)
    assert not any(p.startswith("balance/") for p in plain.pages) and not plain.extra_nav
    with_report = generate(cat, effects, [("small", small_report())])
    assert "balance/small.md" in with_report.pages
    assert with_report.extra_nav == [{"Balance": "balance/index.md"}]


def test_a_report_named_index_does_not_replace_the_index(fixture_site: SiteData) -> None:
    pages = balance_pages(fixture_site, [("index", small_report()),
                                         ("index-report", small_report())])
    assert set(pages) == {"balance/index.md", "balance/index-report.md",
                          "balance/index-report-2.md"}


def test_bundled_reports_identity_and_guozhan(bundled: Result) -> None:
    assert bundled.effects is not None
    site = SiteData(bundled.catalog, bundled.effects)
    found = [(p.stem, reports.load(p)) for p in sorted(FIXTURES.glob("*.json"))]
    pages = balance_pages(site, found)
    identity = pages["balance/identity-5p-focus-zhouyu.md"]
    assert "](../generals/zhouyu.md)" in identity and "## The lord by seat" in identity
    assert "## Focused generals" in identity and "Zhou Yu" in identity
    for svg in svgs(identity):
        xml.dom.minidom.parseString(svg)
    gz = pages["balance/guozhan-4p-focus-gz_caocao.md"]
    assert "## By faction {#kingdoms}" in gz and "Careerist · 野心家 · 야심가" in gz
    assert "## Pairs of generals by faction {#pairs}" in gz
    assert "as main general" in gz and "as deputy general" in gz
    for svg in svgs(gz):
        xml.dom.minidom.parseString(svg)


def test_fixture_files_are_what_sgs_balance_writes() -> None:
    for path in sorted(Path(FIXTURES).glob("*.json")):
        report = reports.load(path)
        assert report["made"]["command"].startswith("sgs balance ")

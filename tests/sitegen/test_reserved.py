"""Reserved page names (issue 15): a general, card, deck or mode with the id ``index`` would
replace its folder's list page; ``sgs validate`` refuses it at the id."""

from __future__ import annotations

from pathlib import Path

from sgs_tools.data.reserved import FOLDERS, RESERVED_IDS
from sgs_tools.project import validate
from sgs_tools.sitegen.links import card_page, general_page, mode_page

GENERAL = """\
kind: general
id: index
name: {zh: 目录, en: Index, ko: 목록}
set: standard
kingdom: qun
gender: male
hp: 3
skills: []
"""

CARDS = """\
kind: cards
set: extra
cards:
  - id: peach_two
    name: {zh: 桃二, en: Peach Two, ko: 복숭아 둘}
    type: basic
  - id: index
    name: {zh: 目录牌, en: Index card, ko: 목록 카드}
    type: basic
"""


def test_a_general_named_index_is_refused_at_its_id(tmp_path: Path) -> None:
    path = tmp_path / "generals" / "index.yaml"
    path.parent.mkdir()
    path.write_text(GENERAL, encoding="utf-8")
    result = validate([path])
    found = [p for p in result.problems if p.code == "reserved-id"]
    assert len(found) == 1, result.problems
    assert (found[0].location.line, found[0].location.col) == (2, 5)
    assert "generals/index.html" in found[0].message


def test_a_card_named_index_is_refused_at_its_id(tmp_path: Path) -> None:
    path = tmp_path / "cards" / "extra" / "cards.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(CARDS, encoding="utf-8")
    result = validate([path])
    found = [p for p in result.problems if p.code == "reserved-id"]
    assert [(p.location.line, p.location.col) for p in found] == [(7, 9)], result.problems
    assert not result.ok


def test_other_ids_pass(tmp_path: Path) -> None:
    path = tmp_path / "generals" / "indexer.yaml"
    path.parent.mkdir()
    path.write_text(GENERAL.replace("id: index", "id: indexer"), encoding="utf-8")
    assert not [p for p in validate([path]).problems if p.code == "reserved-id"]


def test_the_reserved_names_are_the_list_pages_the_site_makes() -> None:
    assert general_page("index") == f"{FOLDERS['general']}/index.md"
    assert card_page("index") == f"{FOLDERS['card']}/index.md"
    assert mode_page("index") == f"{FOLDERS['mode']}/index.md"
    assert "index" in RESERVED_IDS

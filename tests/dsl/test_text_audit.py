"""The rules-text audit (bench/text_audit.tsv, read by bench/text_audit.py): its rows are
well formed, and its summary counts a verdict only for the text that was read."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.text_audit import LANGS, Row, read_audit, sha, summarise


def test_every_row_of_the_audit_is_well_formed() -> None:
    rows = read_audit()
    assert {r.lang for r in rows} == set(LANGS)
    keys = [(r.ident, r.lang) for r in rows]
    assert len(keys) == len(set(keys))  # one verdict per text and language
    # every text still awkward or wrong says why (read_audit refuses one that does not)
    assert all(r.note for r in rows if r.after != "right")


def test_a_malformed_row_is_refused_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "audit.tsv"
    bad.write_text("# header\nslash\ten\tabc\tright\tfine\t\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"audit\.tsv:2: unknown language or verdict"):
        read_audit(bad)
    bad.write_text("slash\ten\tabc\tright\tawkward\t\n", encoding="utf-8")
    with pytest.raises(ValueError, match="needs a note"):
        read_audit(bad)


def test_a_changed_text_is_stale_and_an_unaudited_one_unread() -> None:
    texts = {"a": "You draw 1 card.", "b": "You draw 2 cards.", "c": "New."}
    rows = [Row("a", "en", sha("You draw 1 card."), "awkward", "right", "fixed: x"),
            Row("b", "en", sha("an older text"), "right", "right", "")]
    s = summarise(rows, "en", texts)
    assert (s.texts, s.read, s.stale, s.unread) == (3, 1, ["b"], ["c"])
    assert (s.right_before, s.right_after) == (0, 1)

"""The vocabulary files are checked like data: located problems for each mistake."""

from __future__ import annotations

from pathlib import Path

from sgs_tools.dsl.registry_check import check_vocabulary

VOCAB = """kind: vocabulary
id: t
actions:
  give_up:
    params:
      - {name: n, type: int}
    text: {en: "{actor} give{s} up {n|card}", zh: "{actor}放弃牌", ko: "{actor} {n}장을 포기한다"}
  shout:
    params: []
    text: {en: "{actor} shout{s}", zh: "{actor}喊{loud}"}
"""


def test_bundled_vocabulary_is_clean() -> None:
    problems, _docs = check_vocabulary()
    assert problems == []


def test_translation_mistakes_are_located(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text(VOCAB, encoding="utf-8")
    problems, _docs = check_vocabulary(tmp_path)
    found = {(p.location.line, p.message) for p in problems}
    assert (7, "zh text of 'give_up' leaves out {n}, which the en text shows") in found
    assert (10, "'shout' has no ko text") in found
    assert (10, "zh text of 'shout' names {loud}, which is not a parameter") in found

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


def test_event_names_are_checked(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text(
        "kind: vocabulary\nid: t\nevents:\n  hit:\n    provides: {amount: int}\n"
        "    names:\n      amount: {en: the hit, zh: 击, ko: 타격}\n"
        "      amonut: {en: x, zh: x, ko: x}\n      each_amount: {en: for each hit}\n"
        "    text: {en: '{who} is hit', zh: '{who}被击', ko: '{who} 맞을'}\n"
        "    params:\n      - {name: who, type: player, marker: of, default: you}\n",
        encoding="utf-8")
    problems, _docs = check_vocabulary(tmp_path)
    messages = {p.message for p in problems}
    assert "'hit' names 'amonut', which the event does not provide" in messages
    assert "the name of 'each_amount' in 'hit' needs en, zh and ko" in messages


def test_rules_terms_are_enforced_in_templates(tmp_path: Path) -> None:
    """A Korean template using a word the Korean rule book does not (캐릭터 for 플레이어),
    or a Chinese character, is refused at its line."""
    (tmp_path / "t.yaml").write_text(
        "kind: vocabulary\nid: t\n"
        "terms:\n  ko:\n    player: {use: 플레이어, avoid: [캐릭터]}\n"
        "actions:\n  wave:\n    params: []\n"
        "    text: {en: \"{actor} wave{s}\", zh: \"{actor}挥手\",\n"
        "           ko: \"{actor} 다른 캐릭터에게 손을 흔든다\"}\n"
        "  bow:\n    params: []\n"
        "    text: {en: \"{actor} bow{s}\", zh: \"{actor}鞠躬\", ko: \"{actor} 鞠躬한다\"}\n",
        encoding="utf-8")
    problems, _docs = check_vocabulary(tmp_path)
    found = {(p.location.line, p.code, p.message, p.hint) for p in problems}
    assert (10, "vocab-term", "ko text uses '캐릭터', which the rule book does not",
            "write '플레이어' (the terms table in core.yaml)") in found
    assert (13, "vocab-term", "Korean text contains Chinese characters",
            "write the Korean word alone") in found


def test_a_malformed_terms_table_is_located(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text(
        "kind: vocabulary\nid: t\nterms:\n  kr:\n    x: {use: y}\n  ko:\n    z: [w]\n",
        encoding="utf-8")
    problems, _docs = check_vocabulary(tmp_path)
    assert {(p.location.line, p.code) for p in problems} == {(4, "vocab-shape"),
                                                             (7, "vocab-shape")}


def test_a_mode_wording_names_a_known_word(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text(
        "kind: vocabulary\nid: t\nactions:\n  wave:\n    params: []\n"
        "    text: {en: \"{actor} wave{s}\", zh: \"{actor}挥手\", ko: \"{actor} 손을 흔든다\"}\n"
        "wording:\n  actions:\n    wav: {zh: \"{actor}招手\"}\n  verbs: {}\n",
        encoding="utf-8")
    problems, _docs = check_vocabulary(tmp_path)
    found = {(p.location.line, p.code, p.hint) for p in problems}
    assert (9, "vocab-unknown", "did you mean 'wave'?") in found
    assert any(line == 10 and code == "vocab-shape" for line, code, _ in found)

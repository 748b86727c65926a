"""A card answering a request is used or played as the request says (issue 13): a Jink
answering a Slash is used (the Korean rule book, 4-7 example 1), a Slash answering a Duel
or Savage Assault and a Jink answering Archery Attack are played (4-7 example 2). So a
``forbid_use`` of Jinks keeps a character from dodging a Slash, never from answering
Archery Attack, and use/play hooks fire for answers a trigger supplies."""

from __future__ import annotations

from pathlib import Path

from tests.engine.designer_kit import expansion, run, skill

GENERALS = {
    "jailer": skill("no_jinks", "forbid_use jink for others"),
    "watcher": skill("counts_uses", "after use jink:\n  draw 1")
    + skill("counts_plays", "after play jink:\n  draw 2"),
}


def table(attacker: str, card: str, defender: str, script: str, expect: str) -> str:
    return f"""kind: scenario
name: {card} against {defender}
mode: identity
seats:
  - {{general: {attacker}, role: lord, hand: [{card}]}}
  - {{general: {defender}, role: rebel, hand: [jink ♥2]}}
deck: [club 3 slash, club 4 slash, club 5 slash]
start: {{seat: 0, phase: play}}
phases: [play]
script:
  - {{seat: 0, pick: {card.split()[0]}}}
{script}expect:
{expect}"""


def test_forbid_use_of_jinks_keeps_a_slash_from_being_dodged(tmp_path: Path) -> None:
    root = expansion(tmp_path, "answers", GENERALS)
    result = run(root, {"forbidden": table(
        "jailer", "slash ♠7", "huanggai", "",
        "  no_events:\n    - {e: use, seat: 1}\n"
        "  events:\n    - {e: damage, seat: 1, source: 0}\n")})
    assert result.exit_code == 0, result.output


def test_forbid_use_of_jinks_leaves_archery_attack_answerable(tmp_path: Path) -> None:
    root = expansion(tmp_path, "answers", GENERALS)
    result = run(root, {"played": table(
        "jailer", "archery_attack ♥A", "huanggai",
        "  - {seat: 1, pick: jink, when: play jink}\n",
        "  events:\n    - {e: play, seat: 1, card: jink ♥2}\n"
        "  no_events:\n    - {e: damage, seat: 1}\n")})
    assert result.exit_code == 0, result.output


def test_a_jink_answering_a_slash_raises_use_hooks_not_play_hooks(tmp_path: Path) -> None:
    root = expansion(tmp_path, "answers", GENERALS)
    result = run(root, {"used": table(
        "zhangfei", "slash ♠7", "watcher",
        "  - {seat: 1, pick: jink, when: use jink}\n",
        "  events:\n    - {e: use, seat: 1, card: jink ♥2}\n"
        "    - {e: skill, seat: 1, skill: counts_uses}\n"
        "    - {e: draw, seat: 1, cards: [slash ♣3]}\n"
        "  no_events:\n    - {e: skill, seat: 1, skill: counts_plays}\n")})
    assert result.exit_code == 0, result.output


def test_a_jink_answering_archery_attack_raises_play_hooks(tmp_path: Path) -> None:
    root = expansion(tmp_path, "answers", GENERALS)
    result = run(root, {"played": table(
        "zhangliao", "archery_attack ♥A", "watcher",
        "  - {seat: 1, pick: jink, when: play jink}\n",
        "  events:\n    - {e: play, seat: 1, card: jink ♥2}\n"
        "    - {e: skill, seat: 1, skill: counts_plays}\n"
        "  no_events:\n    - {e: skill, seat: 1, skill: counts_uses}\n")})
    assert result.exit_code == 0, result.output

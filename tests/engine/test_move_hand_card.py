"""`move` of a hand card between two other characters moves it (issue 13: it did nothing):
the card, chosen blind from the first one's hand, ends in the second one's hand."""

from __future__ import annotations

from pathlib import Path

from tests.engine.designer_kit import expansion, run, skill

SHIFT = """action, once per phase:
  pick 1 other with_hand_cards as giver
  pick 1 other except giver as taker
  move 1 hand card from giver to taker
"""


def test_a_hand_card_moves_between_two_other_characters(tmp_path: Path) -> None:
    root = expansion(tmp_path, "shifts", {"shifter": skill("shift", SHIFT)})
    result = run(root, {"shift": """kind: scenario
name: a hand card moves from seat 1 to seat 2
mode: identity
seats:
  - {general: shifter, role: lord}
  - {general: huanggai, role: rebel, hand: [peach ♥3]}
  - {general: xuchu, role: rebel}
start: {seat: 0, phase: play}
phases: [play]
script:
  - {seat: 0, pick: shift}
expect:
  events:
    - {e: skill, seat: 0, skill: shift}
    - {e: move, to: hand, seat: 2, reason: move, cards: [peach ♥3]}
  state:
    seats:
      1: {hand: 0}
      2: {hand: [peach ♥3]}
"""})
    assert result.exit_code == 0, result.output

"""`amount` read after `prevent` is the damage prevented, not 0 (issue 13): "prevent that
damage, then draw cards equal to the amount" draws as many cards as the damage was."""

from __future__ import annotations

from pathlib import Path

from tests.engine.designer_kit import expansion, run, skill

WARD = """when take_damage:
  prevent amount
  draw amount
"""


def test_the_prevented_amount_can_be_read_after_prevent(tmp_path: Path) -> None:
    root = expansion(tmp_path, "wards", {"warded": skill("ward", WARD)})
    result = run(root, {"ward": """kind: scenario
name: two points of damage prevented, two cards drawn
mode: identity
seats:
  - {general: xuchu, role: lord, hand: [slash ♠7]}
  - {general: warded, role: rebel}
deck: [club 3 slash, club 4 slash, club 5 slash]
start: {seat: 0, phase: play}
phases: [play]
script:
  - {seat: 0, pick: slash}
expect:
  events:
    - {e: prevent, seat: 1, n: 2, skill: ward}
    - {e: draw, seat: 1, cards: [slash ♣3, slash ♣4]}
    - {e: damage_prevented, seat: 1}
  no_events:
    - {e: damage, seat: 1}
  state:
    seats:
      1: {hp: 4, hand: 2}
"""})
    assert result.exit_code == 0, result.output

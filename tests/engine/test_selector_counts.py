"""A selector with a count in an action's argument is the actor's choice of that many
(found by the Guozhan scenarios: ``damage 1 to 1 player adjacent_to_target`` hit every
adjacent character, the user too, and ``give cards to 1 other`` gave to the first one
in seat order without asking)."""

from __future__ import annotations

from pathlib import Path

from tests.engine.designer_kit import expansion, run, skill

GENERALS = {"striker": skill("strike_one", "action, once per phase:\n  damage 1 to 1 other\n")
            + skill("gift", "action, once per phase:\n  give 1 hand card to 1 other\n")}


def table(script: str, expect: str) -> str:
    return f"""kind: scenario
name: a counted selector is chosen
mode: identity
seats:
  - {{general: striker, role: lord, hand: [peach ♥3]}}
  - {{general: huanggai, role: rebel}}
  - {{general: xuchu, role: rebel}}
  - {{general: zhangliao, role: rebel}}
start: {{seat: 0, phase: play}}
phases: [play]
script:
{script}expect:
{expect}"""


def test_damage_to_one_other_hits_the_one_chosen(tmp_path: Path) -> None:
    root = expansion(tmp_path, "counts", GENERALS)
    result = run(root, {"one": table(
        "  - {seat: 0, pick: strike_one}\n  - {seat: 0, pick: 2, when: strike_one}\n",
        "  events:\n    - {e: damage, seat: 2, source: 0, n: 1}\n"
        "    - {e: damage, times: 1}\n")})
    assert result.exit_code == 0, result.output


def test_give_to_one_other_gives_to_the_one_chosen(tmp_path: Path) -> None:
    root = expansion(tmp_path, "counts", GENERALS)
    result = run(root, {"gift": table(
        "  - {seat: 0, pick: gift}\n  - {seat: 0, pick: 3, when: gift}\n",
        "  state:\n    seats:\n      0: {hand: 0}\n      1: {hand: 0}\n"
        "      3: {hand: [peach ♥3]}\n")})
    assert result.exit_code == 0, result.output

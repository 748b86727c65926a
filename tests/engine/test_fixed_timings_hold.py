"""Issue 13's timing fixes still hold: 'before deal_damage' and 'before take_damage' hooks
fire before the damage; a scenario started mid-turn raises the turn's end (not its
start); one played whole from its first phase raises the turn's start and end."""

from __future__ import annotations

from pathlib import Path

from tests.engine.designer_kit import expansion, run, skill

GENERALS = {
    "eager": skill("eager_strike", "before deal_damage:\n  draw 1"),
    "wary": skill("wary_brace", "before take_damage:\n  draw 1"),
    "punctual": skill("opening", "at start of turn:\n  draw 1")
    + skill("closing", "at end of turn:\n  draw 2"),
}

SLASH = """kind: scenario
name: a 'before' hook on damage
mode: identity
seats:
  - {{general: {attacker}, role: lord, hand: [slash ♠7]}}
  - {{general: {defender}, role: rebel}}
deck: [heart 2 jink]
start: {{seat: 0, phase: play}}
phases: [play]
script:
  - {{seat: 0, pick: slash}}
expect:
  events:
    - {{e: skill, seat: {seat}, skill: {skill}}}
    - {{e: draw, seat: {seat}, cards: [jink ♥2]}}
    - {{e: damage, seat: 1, source: 0, n: 1}}
"""


def test_before_deal_damage_fires_before_the_damage(tmp_path: Path) -> None:
    root = expansion(tmp_path, "timings", GENERALS)
    result = run(root, {"deal": SLASH.format(attacker="eager", defender="huanggai",
                                             seat=0, skill="eager_strike")})
    assert result.exit_code == 0, result.output


def test_before_take_damage_fires_before_the_damage(tmp_path: Path) -> None:
    root = expansion(tmp_path, "timings", GENERALS)
    result = run(root, {"take": SLASH.format(attacker="zhangfei", defender="wary",
                                             seat=1, skill="wary_brace")})
    assert result.exit_code == 0, result.output


TURN = """kind: scenario
name: the turn's edges
mode: identity
seats:
  - {{general: punctual, role: lord}}
  - {{general: huanggai, role: rebel}}
deck: [heart 2 jink, heart 3 jink, heart 4 jink, heart 5 jink, heart 6 jink]
start: {{seat: 0, phase: {phase}}}
defaults: {{play: end}}
expect:
{expect}"""


def test_a_scenario_started_mid_turn_raises_the_turns_end_only(tmp_path: Path) -> None:
    root = expansion(tmp_path, "timings", GENERALS)
    result = run(root, {"mid": TURN.format(phase="play", expect=(
        "  events:\n    - {e: skill, seat: 0, skill: closing}\n"
        "    - {e: draw, seat: 0, cards: [jink ♥2, jink ♥3]}\n"
        "  no_events:\n    - {e: skill, seat: 0, skill: opening}\n"))})
    assert result.exit_code == 0, result.output


def test_a_scenario_played_whole_raises_the_turns_start_and_end(tmp_path: Path) -> None:
    root = expansion(tmp_path, "timings", GENERALS)
    result = run(root, {"whole": TURN.format(phase="start", expect=(
        "  events:\n    - {e: skill, seat: 0, skill: opening}\n"
        "    - {e: draw, seat: 0, cards: [jink ♥2]}\n"
        "    - {e: phase, seat: 0, phase: draw}\n"
        "    - {e: skill, seat: 0, skill: closing}\n"))})
    assert result.exit_code == 0, result.output

"""A protection skill really takes the Slash (issue 13): ``targeted`` names who became the
target (``target``), ``redirect`` says from whom to whom, and ``sgs validate`` refuses a
redirect that can never change anything, at its line."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from sgs_tools.cli.main import app
from tests.engine.designer_kit import expansion, run, skill

GUARD = """when targeted by slash of others:
  may:
    discard 1 card
    redirect from target to you
"""


def test_a_protection_skill_takes_the_slash_instead(tmp_path: Path) -> None:
    root = expansion(tmp_path, "guards", {"bodyguard": skill("shield_bearer", GUARD)})
    result = run(root, {"guard": """kind: scenario
name: the bodyguard becomes the target instead
mode: identity
seats:
  - {general: zhangfei, role: lord, hand: [slash ♠7]}
  - {general: huanggai, role: rebel}
  - {general: bodyguard, role: rebel, hand: [peach ♥3]}
start: {seat: 0, phase: play}
phases: [play]
script:
  - {seat: 0, pick: slash}
  - {seat: 0, pick: 1, when: choose}
  - {seat: 2, pick: yes, when: shield_bearer}
expect:
  events:
    - {e: target, seat: 0, targets: [1]}
    - {e: skill, seat: 2, skill: shield_bearer}
    - {e: move, to: discard, reason: discard, cards: [peach ♥3]}
    - {e: redirect, frm: 1, to: 2, skill: shield_bearer}
    - {e: damage, seat: 2, source: 0, n: 1}
  no_events:
    - {e: damage, seat: 1}
  state:
    seats:
      1: {hp: 4}
      2: {hp: 3, hand: 0}
"""})
    assert result.exit_code == 0, result.output


def validate(tmp_path: Path, effect: str) -> str:
    root = expansion(tmp_path, "guards", {"bodyguard": skill("shield_bearer", effect)})
    result = CliRunner().invoke(app, ["validate", str(root)])
    assert result.exit_code == 1, result.output
    return result.output


def test_redirect_away_from_you_when_another_is_the_target_is_refused(tmp_path: Path) -> None:
    out = validate(tmp_path, GUARD.replace("redirect from target to you", "redirect to you"))
    assert "bodyguard.yaml:16:13: error[dsl-redirect]" in out, out
    assert "another character becoming the target" in out
    assert "redirect from target to you" in out  # the hint says what to write


def test_redirect_from_a_character_to_itself_is_refused(tmp_path: Path) -> None:
    out = validate(tmp_path, GUARD.replace("redirect from target to you",
                                           "redirect from target to target"))
    assert "bodyguard.yaml:16:13: error[dsl-redirect]" in out, out
    assert "to the same character" in out


def test_redirect_where_no_card_has_targets_is_refused(tmp_path: Path) -> None:
    out = validate(tmp_path, "after take_damage:\n  redirect to source\n")
    assert "bodyguard.yaml:14:11: error[dsl-redirect]" in out, out
    assert "'take_damage' trigger has none to change" in out

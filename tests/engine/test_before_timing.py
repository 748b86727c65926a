"""'before EVENT' hooks fire (they validated but never ran: the table raised no 'before'):
every event raised 'when' first resolves its 'before' hooks, with the same payload."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from sgs_tools.cli.main import app

EXPANSION = """kind: expansion
id: beforetest
name: {zh: 测试, en: Before test, ko: 테스트}
version: "1.0"
modes: [identity]
"""
GENERAL = """kind: general
id: wary
name: {zh: 慎, en: Wary, ko: 신}
set: beforetest
kingdom: shu
gender: female
hp: 4
skills:
  - id: brace
    name: {zh: 戒备, en: Brace, ko: 경계}
    tags: []
    effect: |
      before take_damage:
        draw 1
"""
SCENARIO = """kind: scenario
name: a 'before take_damage' skill resolves before the damage
mode: identity
seats:
  - {general: zhangfei, role: lord, hand: [slash ♠7]}
  - {general: wary, role: rebel}
deck: [jink ♥2]
start: {seat: 0, phase: play}
phases: [play]
script:
  - {seat: 0, pick: slash}
expect:
  events:
    - {e: skill, seat: 1, skill: brace}
    - {e: draw, seat: 1, cards: [jink ♥2]}
    - {e: damage, seat: 1, n: 1}
"""


def test_before_take_damage_fires_before_the_damage(tmp_path: Path) -> None:
    (tmp_path / "generals").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "expansion.yaml").write_text(EXPANSION, encoding="utf-8")
    (tmp_path / "generals" / "wary.yaml").write_text(GENERAL, encoding="utf-8")
    scenario = tmp_path / "tests" / "brace.yaml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    result = CliRunner().invoke(app, ["test", str(scenario)])
    assert result.exit_code == 0, result.output
    assert "1 scenario: 1 passed" in result.output

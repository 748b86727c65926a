"""An awakening skill says when it is checked (issue 13: it was checked at every phase
start): ``awaken at start of PHASE when COND`` at that phase only, ``awaken after EVENT
when COND`` after that event (its values readable in the condition); untimed, at each
phase start as before. Each fires once per game. Played through `sgs test`."""

from __future__ import annotations

from pathlib import Path

from tests.engine.designer_kit import expansion, run, skill

SELF_HARM = "action, once per phase:\n  lose_hp 1\n"
GENERALS = {
    "dawn": skill("bleed", SELF_HARM) + skill(
        "wake_at_dawn", "awaken at start of start when hp == 1:\n  gain_max_hp 1\n  draw 2\n",
        tags="[awakening]"),
    "anytime": skill("bleed2", SELF_HARM) + skill(
        "wake_any_phase", "awaken when hp == 1:\n  gain_max_hp 1\n  draw 2\n",
        tags="[awakening]"),
    "struck": skill(
        "wake_when_struck", "awaken after take_damage when amount >= 1 and hp <= 2:\n"
        "  gain_max_hp 1\n", tags="[awakening]"),
}
DECK = "deck: [heart 2 jink, heart 3 jink, heart 4 jink, heart 5 jink, heart 6 jink]\n"


def turn(general: str, hp: int, expect: str, script: str = "") -> str:
    return f"""kind: scenario
name: an awakening skill checked at its timing
mode: identity
seats:
  - {{general: {general}, role: lord, hp: {hp}}}
  - {{general: huanggai, role: rebel}}
{DECK}start: {{seat: 0, phase: start}}
script:
{script or "  []"}
expect:
{expect}"""


def test_checked_at_the_start_of_the_preparation_phase(tmp_path: Path) -> None:
    root = expansion(tmp_path, "wakes", GENERALS)
    result = run(root, {"dawn": turn("dawn", 1, (
        "  events:\n    - {e: phase, seat: 0, phase: start}\n"
        "    - {e: skill, seat: 0, skill: wake_at_dawn}\n"
        "    - {e: max_hp, seat: 0, max_hp: 5}\n"
        "    - {e: phase, seat: 0, phase: judge}\n"
        "    - {e: skill, seat: 0, skill: wake_at_dawn, times: 1}\n"))})
    assert result.exit_code == 0, result.output


def test_not_checked_at_other_phases(tmp_path: Path) -> None:
    # HP falls to 1 in the play phase: the preparation phase is over, so it waits
    root = expansion(tmp_path, "wakes", GENERALS)
    result = run(root, {"dusk": turn("dawn", 2, (
        "  events:\n    - {e: lose_hp, seat: 0, hp: 1}\n"
        "  no_events:\n    - {e: skill, seat: 0, skill: wake_at_dawn}\n"),
        script="  - {seat: 0, pick: bleed}\n")})
    assert result.exit_code == 0, result.output


def test_untimed_is_checked_at_each_phase_start(tmp_path: Path) -> None:
    root = expansion(tmp_path, "wakes", GENERALS)
    result = run(root, {"any": turn("anytime", 2, (
        "  events:\n    - {e: lose_hp, seat: 0, hp: 1}\n"
        "    - {e: phase, seat: 0, phase: discard}\n"
        "    - {e: skill, seat: 0, skill: wake_any_phase}\n"),
        script="  - {seat: 0, pick: bleed2}\n")})
    assert result.exit_code == 0, result.output


def test_checked_after_an_event_with_its_values(tmp_path: Path) -> None:
    root = expansion(tmp_path, "wakes", GENERALS)
    result = run(root, {"struck": """kind: scenario
name: an awakening skill checked after taking damage
mode: identity
seats:
  - {general: zhangfei, role: lord, hand: [slash ♠7, slash ♠8]}
  - {general: struck, role: rebel, hp: 3}
start: {seat: 0, phase: play}
phases: [play]
script:
  - {seat: 0, pick: slash ♠7}
expect:
  events:
    - {e: damage, seat: 1, hp: 2}
    - {e: skill, seat: 1, skill: wake_when_struck}
    - {e: max_hp, seat: 1, max_hp: 5}
"""})
    assert result.exit_code == 0, result.output


def test_zhong_huis_zili_waits_for_his_preparation_phase(tmp_path: Path) -> None:
    """自立 (一将成名 2011) is checked at the start of his preparation phase: three 权 from
    Lightning's three damage in his judgement phase do not wake him that turn; the start
    of his next turn does."""
    import shutil

    corpus = Path(__file__).resolve().parents[1] / "corpus" / "yjcm"
    root = tmp_path / "yjcm"
    (root / "generals").mkdir(parents=True)
    (root / "tests").mkdir()
    shutil.copy(corpus / "expansion.yaml", root)
    shutil.copy(corpus / "generals" / "zhonghui.yaml", root / "generals")
    result = run(root, {"zili": """kind: scenario
name: Zili wakes at the start of his next preparation phase
mode: identity
seats:
  - {general: zhonghui, role: lord, judgement: [lightning ♠A]}
  - {general: huanggai, role: rebel}
deck: [spade 5 jink, heart 2 jink, heart 3 jink, heart 4 jink]
start: {seat: 0, phase: judge}
turns: 3
defaults: {yes_no: "yes", play: end}
expect:
  events:
    - {e: damage, seat: 0, n: 3, nature: thunder}
    - {e: skill, seat: 0, skill: quanji}
    - {e: turn, seat: 1}
    - {e: turn, seat: 0}
    - {e: phase, seat: 0, phase: start}
    - {e: skill, seat: 0, skill: zili}
    - {e: max_hp, seat: 0, max_hp: 3}
    - {e: phase, seat: 0, phase: judge}
"""})
    assert result.exit_code == 0, result.output

"""The scenario fuzzer of bench/fuzz_scenarios.py, bounded: mutated scenarios checked and
run as `sgs validate` and `sgs test` do give no crash and only located problems."""

from __future__ import annotations

from bench.fuzz_scenarios import fuzz, wrong_expectations, wrong_passes
from tests.conftest import TESTS


def test_mutated_scenarios_never_crash_and_stay_located() -> None:
    stats = fuzz(30, seed=7)
    assert stats.scenarios == 30 and stats.failed
    assert not stats.failures, "\n\n".join(
        f"{f.kind} ({f.source}): {f.detail}" for f in stats.failures[:3])


def test_impossible_expectations_fail() -> None:
    stats = wrong_passes(12, seed=3)
    assert stats.scenarios == 12 and stats.failed == 12
    assert not stats.failures, "\n\n".join(
        f"{f.kind} ({f.source}): {f.detail}" for f in stats.failures[:3])


def test_every_kind_of_expectation_is_made_impossible() -> None:
    text = (TESTS / "scenarios" / "ganglie_after_rescue.yaml").read_text(encoding="utf-8")
    changed = {what for what, _text, _node in wrong_expectations(text)}
    assert {"events[0] under no_events", "events[6].n", "no_events[0] under events",
            "state.seats.0.hp", "state.seats.0.alive", "state.seats.0.hand",
            "state.seats.1.hp"} <= changed

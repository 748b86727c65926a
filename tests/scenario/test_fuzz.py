"""The scenario fuzzer of bench/fuzz_scenarios.py, bounded: mutated scenarios checked and
run as `sgs validate` and `sgs test` do give no crash and only located problems."""

from __future__ import annotations

from bench.fuzz_scenarios import fuzz


def test_mutated_scenarios_never_crash_and_stay_located() -> None:
    stats = fuzz(30, seed=7)
    assert stats.scenarios == 30 and stats.failed
    assert not stats.failures, "\n\n".join(
        f"{f.kind} ({f.source}): {f.detail}" for f in stats.failures[:3])

"""The data fuzzer of bench/fuzz_data.py, bounded: mutated data files (text and structure)
checked as `sgs validate` checks them give no crash and only problems in their own lines."""

from __future__ import annotations

from bench.fuzz_data import fuzz


def test_mutated_data_files_never_crash_and_stay_located() -> None:
    stats = fuzz(80, seed=5, full_every=40, slow=10.0)
    assert stats.files == 80 and stats.full == 2
    assert stats.with_problems  # the mutations do break things
    assert not stats.failures, "\n\n".join(
        f"{f.kind} ({f.source}): {f.detail}" for f in stats.failures[:3])

"""The effect fuzzer of bench/fuzz_effects.py, bounded: a few hundred mutated effects
through parse, check, compile and render must give no crash, no position outside the
text and no slow effect."""

from __future__ import annotations

import pytest

from bench.fuzz_effects import fuzz


@pytest.mark.parametrize("seed", [11, 12])
def test_mutated_effects_never_crash_and_stay_located(seed: int) -> None:
    stats = fuzz(150, seed=seed, slow=5.0)
    assert stats.effects == 150
    assert stats.syntax_errors and stats.clean  # the mutations reach every stage
    assert not stats.failures, "\n\n".join(
        f"{f.kind}: {f.detail}\n{f.text!r}" for f in stats.failures[:3])

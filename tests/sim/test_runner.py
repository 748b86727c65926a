"""The process pool's tasks: guided chunks of seeds."""

from __future__ import annotations

import itertools

from sgs_tools.sim.runner import MAX_CHUNK, guided_chunks


def test_guided_chunks_cover_the_seeds_and_shrink_at_the_end() -> None:
    seeds = range(100, 2100)
    tasks = list(guided_chunks(seeds, 2))
    covered = [s for first, count in tasks for s in range(first, first + count)]
    assert covered == list(seeds)
    sizes = [count for _first, count in tasks]
    assert max(sizes) == MAX_CHUNK and sizes == sorted(sizes, reverse=True)
    assert sizes[-8:] == [1] * 8  # the last games go out one by one
    assert len(tasks) < len(seeds) // 10  # but most go sixteen at a time


def test_guided_chunks_stream_and_handle_few_games() -> None:
    assert list(guided_chunks(range(5, 8), 4)) == [(5, 1), (6, 1), (7, 1)]
    assert list(guided_chunks(range(0), 2)) == []
    first = list(itertools.islice(guided_chunks(range(10**12), 2), 2))
    assert first == [(0, MAX_CHUNK), (MAX_CHUNK, MAX_CHUNK)]

"""The duel's generator is SplitMix64 whatever the batching inside Rng: the published
outputs from seed 0, the scalar definition across batch boundaries, and a generator
rebuilt from ``state`` mid-way continuing the same sequence."""

from __future__ import annotations

from deckcheck.engine.rng import GOLDEN, LANES, MASK, Rng, mix


def test_seed_zero_gives_splitmix64s_published_outputs():
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_batched_draws_are_the_scalar_sequence_across_batches():
    for seed in (1, 0x0123456789ABCDEF, MASK, MASK - GOLDEN + 3):
        r = Rng(seed)
        n = 3 * LANES + 5
        drawn = [r.next64() for _ in range(n)]
        assert drawn == [mix((seed + (k + 1) * GOLDEN) & MASK) for k in range(n)]
        assert r.state == (seed + n * GOLDEN) & MASK


def test_a_generator_rebuilt_from_its_state_continues_the_sequence():
    r = Rng(42)
    first = [r.below(7) for _ in range(LANES - 3)]  # part way through a batch
    again = Rng(r.state)
    assert [r.below(1000) for _ in range(2 * LANES)] == [
        again.below(1000) for _ in range(2 * LANES)
    ]
    assert first != [0] * len(first) and all(0 <= x < 7 for x in first)

"""The duel's one pseudo-random generator: SplitMix64, whose whole state is one integer.

A single int is trivially copied, compared and written to JSON, which keeps the duel state
plain data; the sequence is fixed by the algorithm, not by Python's ``random`` internals.
"""

from __future__ import annotations

from functools import lru_cache

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    """The SplitMix64 output function (also a good hash for deriving seeds)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def derive(seed: int, *parts: int) -> int:
    """A seed for a sub-stream (game i of a match, an agent), stable across versions."""
    z = seed & MASK
    for part in parts:
        z = mix((z + GOLDEN * (part + 1)) & MASK)
    return z


@lru_cache(maxsize=1024)
def _limit(n: int) -> int:
    """The largest draw kept for a bound of ``n`` (rejection sampling, unbiased)."""
    return MASK - (MASK + 1) % n


class Rng:
    """SplitMix64 with unbiased bounded draws (rejection sampling)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        return mix(self.state)

    def below(self, n: int) -> int:
        """Uniform in [0, n)."""
        if n <= 1:
            return 0
        limit = _limit(n)
        while True:
            self.state = z = (self.state + GOLDEN) & MASK  # next64, inlined (a hot path)
            x = mix(z)
            if x <= limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

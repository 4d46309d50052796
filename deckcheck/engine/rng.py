"""The duel's one pseudo-random generator: SplitMix64, whose whole state is one integer.

A single int is trivially copied, compared and written to JSON, which keeps the duel state
plain data; the sequence is fixed by the algorithm, not by Python's ``random`` internals.
"""

from __future__ import annotations

import sys
from array import array
from functools import lru_cache

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix(z: int, low: int = MASK) -> int:
    """The SplitMix64 output function (also a good hash for deriving seeds). ``low``: for
    several 64-bit values packed in one int's 128-bit lanes, the low 64 bits of each lane
    (``_ahead``); a product of two 64-bit values fits a lane, so lanes never mix."""
    z = ((z ^ ((z >> 30) & low)) * 0xBF58476D1CE4E5B9) & low
    z = ((z ^ ((z >> 27) & low)) * 0x94D049BB133111EB) & low
    return z ^ ((z >> 31) & low)


# Draws are mixed LANES at a time: each operation on a 64-bit Python int costs about as
# much as on a few dozen of them packed together, which made drawing a tenth of a vanilla duel
LANES = 32
_ONES = sum(1 << (128 * k) for k in range(LANES))  # a 1 in each lane
_LOW = MASK * _ONES
_STEPS = sum(((k + 1) * GOLDEN & MASK) << (128 * k) for k in range(LANES))


def _ahead(state: int) -> list[int]:
    """The next LANES outputs after ``state``, the first one last (for ``list.pop``)."""
    z = mix((state * _ONES + _STEPS) & _LOW, _LOW)
    words = array("Q", z.to_bytes(16 * LANES, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    out = words[::2].tolist()  # each lane's low 64 bits
    out.reverse()
    return out


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
    """SplitMix64 with unbiased bounded draws (rejection sampling). The outputs are worked
    out LANES at a time; ``state`` is the generator's state after the draws taken."""

    __slots__ = ("_base", "_taken", "_ahead")

    def __init__(self, seed: int) -> None:
        self._base = seed & MASK  # the state when ``_ahead`` was filled
        self._taken = 0  # draws taken since
        self._ahead: list[int] = []  # outputs not yet drawn, the next one last

    @property
    def state(self) -> int:
        return (self._base + self._taken * GOLDEN) & MASK

    def next64(self) -> int:
        ahead = self._ahead
        if not ahead:
            self._refill()
        self._taken += 1
        return ahead.pop()

    def _refill(self) -> None:
        self._base = self.state
        self._taken = 0
        self._ahead.extend(_ahead(self._base))

    def below(self, n: int) -> int:
        """Uniform in [0, n)."""
        if n <= 1:
            return 0
        limit = _limit(n)
        ahead = self._ahead
        while True:
            if not ahead:  # next64, inlined (a hot path)
                self._refill()
            self._taken += 1
            x = ahead.pop()
            if x <= limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

"""Exact draw probabilities from the (multivariate) hypergeometric distribution.

Everything is counted in Python integers and divided once, so the results are the
correctly rounded floats of the exact fractions.
"""

from __future__ import annotations

from math import comb


def p_at_least(copies: int, deck_size: int, drawn: int, k: int = 1) -> float:
    """P(at least ``k`` of ``copies`` cards among ``drawn`` cards from ``deck_size``)."""
    _check(copies, deck_size, drawn)
    if k <= 0:
        return 1.0
    miss = sum(comb(copies, x) * comb(deck_size - copies, drawn - x) for x in range(k))
    total = comb(deck_size, drawn)
    return (total - miss) / total


def p_exactly(copies: int, deck_size: int, drawn: int, k: int) -> float:
    """P(exactly ``k`` of ``copies`` cards among ``drawn`` cards from ``deck_size``)."""
    _check(copies, deck_size, drawn)
    return comb(copies, k) * comb(deck_size - copies, drawn - k) / comb(deck_size, drawn)


def _check(copies: int, deck_size: int, drawn: int) -> None:
    if not 0 <= copies <= deck_size:
        raise ValueError(f"copies {copies} outside 0..{deck_size}")
    if not 0 <= drawn <= deck_size:
        raise ValueError(f"cannot draw {drawn} cards from {deck_size}")

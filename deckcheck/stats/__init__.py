"""Opening-hand and consistency statistics: exact where counting allows, sampled otherwise.

``analyse_hands(deck, db, categories)`` gives every figure for one deck;
``load_categories(path, db)`` reads a categories file; ``stats_json``/``stats_text`` and
``plot_hands`` present the result (see deckcheck.stats.render and deckcheck.stats.plot).
"""

from deckcheck.stats.analysis import HandStats, analyse_hands
from deckcheck.stats.categories import CategorySet, load_categories, parse_categories
from deckcheck.stats.hypergeom import p_at_least, p_exactly

__all__ = [
    "CategorySet",
    "HandStats",
    "analyse_hands",
    "load_categories",
    "p_at_least",
    "p_exactly",
    "parse_categories",
]

"""Name normalisation for look-ups: case-, width- and accent-insensitive, and a looser key
for names pasted from web sites (punctuation, hyphens, articles)."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

_QUOTES = str.maketrans(
    {
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u300c": '"',
        "\u300d": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u30fc": "\u30fc",
    }
)
# compiled on first use: a one-deck check folds only ASCII names, which need none of them
# (compiling costs its start-up about 2 M instructions, issue 15)
_COMBINING = "[\u0300-\u036f]"
_NOT_WORD = r"[\W_]+"
# words web sites add or leave out ("Nibiru the Primal Being", "Ash Blossom and Joyous Spring")
_FILLER = r"\b(?:the|a|an|and)\b"


@cache
def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(text)


def _spaced(text: str) -> str:
    """Runs of white space as one space, none at the ends: what the pattern of white space
    runs, replaced by a space and stripped, gives (str.split and the regular expression
    agree on what white space is; a test compares the two on every character)."""
    return " ".join(text.split())


def normalize(name: str) -> str:
    """Fold width (NFKC), case, Latin accents, quote and dash styles and white space.

    Only the combining diacritics block is dropped, so Japanese voiced marks survive.
    """
    if name.isascii():  # most names: nothing to fold but case and spaces
        return _spaced(name.lower())
    # lone surrogates (from broken JSON escapes) cannot be stored or matched: replace them
    name = name.encode("utf-8", "replace").decode("utf-8")
    text = unicodedata.normalize("NFKC", name).translate(_QUOTES).casefold()
    text = _pattern(_COMBINING).sub("", unicodedata.normalize("NFD", text))
    text = unicodedata.normalize("NFC", text)
    return _spaced(text)


def loose_key(name: str, normalised: bool = False) -> str:
    """The normalised name without punctuation, spaces and filler words.

    "Blue Eyes White Dragon", "Trade In" and "Dictator of D" give the keys of
    "Blue-Eyes White Dragon", "Trade-In" and "Dictator of D.". A name made only of filler
    words keeps them. ``normalised``: the name already went through normalize().
    """
    text = name if normalised else normalize(name)
    not_word = _pattern(_NOT_WORD)
    return not_word.sub("", _pattern(_FILLER).sub("", text)) or not_word.sub("", text)

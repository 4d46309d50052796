"""Name normalisation for look-ups: case-, width- and accent-insensitive, and a looser key
for names pasted from web sites (punctuation, hyphens, articles)."""

from __future__ import annotations

import re
import unicodedata

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
_SPACE = re.compile(r"\s+")
_COMBINING = re.compile("[\u0300-\u036f]")
_NOT_WORD = re.compile(r"[\W_]+")
# words web sites add or leave out ("Nibiru the Primal Being", "Ash Blossom and Joyous Spring")
_FILLER = re.compile(r"\b(?:the|a|an|and)\b")


def normalize(name: str) -> str:
    """Fold width (NFKC), case, Latin accents, quote and dash styles and white space.

    Only the combining diacritics block is dropped, so Japanese voiced marks survive.
    """
    if name.isascii():  # most names: nothing to fold but case and spaces
        return _SPACE.sub(" ", name.lower()).strip()
    # lone surrogates (from broken JSON escapes) cannot be stored or matched: replace them
    name = name.encode("utf-8", "replace").decode("utf-8")
    text = unicodedata.normalize("NFKC", name).translate(_QUOTES).casefold()
    text = _COMBINING.sub("", unicodedata.normalize("NFD", text))
    text = unicodedata.normalize("NFC", text)
    return _SPACE.sub(" ", text).strip()


def loose_key(name: str, normalised: bool = False) -> str:
    """The normalised name without punctuation, spaces and filler words.

    "Blue Eyes White Dragon", "Trade In" and "Dictator of D" give the keys of
    "Blue-Eyes White Dragon", "Trade-In" and "Dictator of D.". A name made only of filler
    words keeps them. ``normalised``: the name already went through normalize().
    """
    text = name if normalised else normalize(name)
    return _NOT_WORD.sub("", _FILLER.sub("", text)) or _NOT_WORD.sub("", text)

"""normalize() has a quick path for ASCII names: it must fold exactly as the full one."""

from __future__ import annotations

from deckcheck.cards.names import loose_key, normalize


def test_every_stored_name_folds_to_its_stored_key(db):
    rows = db._query("SELECT text, norm FROM names", ())
    assert len(rows) > 100_000
    assert [text for text, norm in rows if normalize(text) != norm] == []


def test_ascii_and_other_text_fold_alike():
    assert normalize("  POT\tOF\u00a0GREED ") == normalize("  POT\tOF GREED ") == "pot of greed"
    assert normalize("Ｐｏｔ ｏｆ Ｇｒｅｅｄ") == "pot of greed"
    assert normalize("Pote da Ganância") == "pote da ganancia"
    assert loose_key("Nibiru, the Primal Being") == loose_key("nibiru primal-being")
    assert loose_key("The") == "the"  # a name of filler words only keeps them


def test_white_space_folds_as_the_regular_expression_folds_it():
    # normalize joins str.split's words: the same as replacing runs of \s by a space and
    # stripping, for every character (surrogates aside)
    import re

    from deckcheck.cards.names import _spaced

    runs = re.compile(r"\s+")
    for code in range(0x110000):
        if not 0xD800 <= code <= 0xDFFF:
            text = f" a{chr(code)}{chr(code)}b\t"
            assert _spaced(text) == runs.sub(" ", text).strip(), hex(code)

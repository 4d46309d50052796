"""ydke:// URLs: encoding, the accepted variants, clear errors, and a property test."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckcheck.decks.model import Deck, Slot
from deckcheck.decks.ydke import decode, encode, is_ydke, read_ydke, write_ydke
from deckcheck.io.errors import InputError
from tests.decks.helpers import BEUD, BEWD

# 89631139 = 0x0557A9A3 -> bytes a3 a9 57 05; 23995346 = 0x016E23D2 -> d2 23 6e 01
URL = "ydke://o6lXBaOpVwU=!0iNuAQ==!!"
SECTIONS = ([BEWD, BEWD], [BEUD], [])


def test_encode_known_vector():
    assert encode(*SECTIONS) == URL


@pytest.mark.parametrize(
    "url",
    [
        URL,
        URL[:-1],  # without the trailing '!'
        "  " + URL + "\n",
        quote(URL, safe=""),  # percent-encoded
        quote(quote(URL, safe=""), safe=""),  # encoded twice
        "YDKE://o6lXBaOpVwU=!0iNuAQ==!!",
        "ydke://o6lXBaOpVwU!0iNuAQ!!",  # padding lost
        "https://ygoprodeck.com/deck-builder/?y=o6lXBaOpVwU=!0iNuAQ==!!",
        "https://ygoprodeck.com/deck-builder/?y=" + quote(URL, safe=""),
        "https://ygoprodeck.com/deck-builder/?y=" + quote("o6lXBaOpVwU=!0iNuAQ==!", safe=""),
        "https://ygoprodeck.com/deck-builder/?x=1&y=o6lXBaOpVwU=!0iNuAQ==!!#top",
    ],
)
def test_accepted_variants(url):
    assert is_ydke(url)
    assert decode(url) == SECTIONS


def test_plus_and_slash_survive_form_decoding():
    codes = [0xFBFFFFFF, 0xFFFFFFFF]  # base64 with '+' and '/'
    url = encode(codes, [], [])
    assert "+" in url or "/" in url
    assert decode(url.replace("+", " "))[0] == codes
    urlsafe = "ydke://" + url[7:].replace("+", "-").replace("/", "_")
    assert decode(urlsafe)[0] == codes


def test_read_ydke_deck_and_source():
    deck = read_ydke(URL)
    assert deck.source == URL
    assert deck.passcodes("main") == [BEWD, BEWD] and deck.passcodes("extra") == [BEUD]
    assert read_ydke(URL, source="given").source == "given"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("ydke://@@@@!!!", "main section .* not valid base64"),
        ("ydke://AAAAAA==!A!!", "extra section .* not valid base64"),
        ("ydke://AAA=!!!", "2 bytes, not a whole number of 4-byte passcodes"),
        ("ydke://o6lXBQ==!0iNuAQ==", "3 sections .* found 2"),
        ("ydke://o6lXBQ==!!!!", "3 sections .* found 5"),
        ("https://example.com/deck/123", "not a deck link"),
        ("https://ygoprodeck.com/deck-builder/?y=", "not a deck link"),
    ],
)
def test_malformed_urls_give_clear_errors(url, message):
    with pytest.raises(InputError, match=message):
        read_ydke(url)


def test_zero_passcode_is_a_problem_not_a_card():
    deck = read_ydke(encode([BEWD], [], []).replace("o6lXBQ==", "o6lXBQAAAAA="))
    assert deck.passcodes("main") == [BEWD]
    assert [(p.section, p.message) for p in deck.problems] == [
        ("main", "card 2 of the main section is 0")
    ]


def test_write_ydke_and_refusals():
    assert write_ydke(Deck.from_passcodes(*SECTIONS)) == URL
    with pytest.raises(InputError):
        encode([2**32], [], [])
    with pytest.raises(InputError, match="Foo"):
        write_ydke(Deck(main=[Slot(text="Foo")]))


uint32 = st.integers(min_value=1, max_value=2**32 - 1)


@given(st.lists(uint32, max_size=70), st.lists(uint32, max_size=20), st.lists(uint32, max_size=20))
def test_encode_decode_round_trip(main, extra, side):
    url = encode(main, extra, side)
    assert decode(url) == (main, extra, side)
    assert decode(url[:-1]) == (main, extra, side)
    assert decode(quote(url, safe="")) == (main, extra, side)
    deck = read_ydke(url)
    assert Deck.from_passcodes(main, extra, side).digest() == deck.digest()


@given(st.text(max_size=200))
def test_any_text_is_a_deck_or_a_clear_error(text):
    try:
        deck = read_ydke("ydke://" + text)
    except InputError as exc:
        assert str(exc)
    else:
        assert all(s.passcode for s in deck.main + deck.extra + deck.side)

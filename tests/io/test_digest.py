"""The start-up-light SHA-256 gives hashlib's digests (deck digests and the index key)."""

from __future__ import annotations

import hashlib

from deckcheck.io.digest import sha256


def test_same_digests_as_hashlib():
    for data in (b"", b"deckcheck", bytes(range(256)) * 300):
        assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    h = sha256()
    h.update(b"dec")
    h.update(b"kcheck")
    assert h.hexdigest() == hashlib.sha256(b"deckcheck").hexdigest()

"""Organiser tokens: random, shown once, stored only as a hash, compared in constant time.

A token carries 256 random bits, so a plain SHA-256 is enough to keep it from being read
back out of the database; a slow password hash would only slow every organiser request.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

TOKEN_BYTES = 32
EVENT_ID_BYTES = 9  # 12 URL-safe characters


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_event_id() -> str:
    return secrets.token_urlsafe(EVENT_ID_BYTES)


def request_player_key(event_id: str, player_key: str, request_id: str) -> str:
    """The player key of a first registration sent with ``request_id``: worked out from the
    id, which only the client knows (an HMAC keyed by it), so that the same request sent
    again gets the same key back."""
    message = f"deckcheck player key\0{event_id}\0{player_key}".encode("utf-8", "surrogatepass")
    mac = hmac.new(request_id.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def hash_token(token: str) -> str:
    return "sha256:" + hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_token(token).encode(), stored_hash.encode())

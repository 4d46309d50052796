"""Organiser tokens: random, shown once, stored only as a hash, compared in constant time.

A token carries 256 random bits, so a plain SHA-256 is enough to keep it from being read
back out of the database; a slow password hash would only slow every organiser request.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32
EVENT_ID_BYTES = 9  # 12 URL-safe characters


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_event_id() -> str:
    return secrets.token_urlsafe(EVENT_ID_BYTES)


def hash_token(token: str) -> str:
    return "sha256:" + hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_token(token).encode(), stored_hash.encode())

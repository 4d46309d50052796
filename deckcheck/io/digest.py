"""SHA-256 as hashlib gives it, without loading OpenSSL: importing hashlib costs a one-deck
check several milliseconds (issue 15); CPython's own implementation gives the same digests."""

from __future__ import annotations

try:  # the built-in module: _sha2 from Python 3.12, _sha256 before
    from _sha2 import sha256  # type: ignore[import-not-found]
except ImportError:
    try:
        from _sha256 import sha256  # type: ignore[import-not-found,no-redef]
    except ImportError:  # a Python built without them
        from hashlib import sha256  # type: ignore[assignment]

__all__ = ["sha256"]

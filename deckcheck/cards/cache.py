"""A dict with a size bound, for caches that live as long as a server process."""

from __future__ import annotations

import threading
from itertools import islice
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedCache(dict[K, V]):
    """A dict that drops its oldest quarter when an insert would pass ``maxsize``.

    Reads are plain dict reads (the hot path stays as fast as a dict); only inserts take a
    lock, so that two threads never evict at once.
    """

    def __init__(self, maxsize: int) -> None:
        super().__init__()
        if maxsize < 1:
            raise ValueError("maxsize must be at least 1")
        self.maxsize = maxsize
        self._lock = threading.Lock()

    def __setitem__(self, key: K, value: V) -> None:
        with self._lock:
            if key not in self and len(self) >= self.maxsize:
                for old in list(islice(self, max(1, self.maxsize // 4))):
                    self.pop(old, None)
            super().__setitem__(key, value)

"""Progress of long work for a person at a terminal: one line on stderr, redrawn in place,
and only when stderr is a terminal, so that pipes, logs and machine output never see it.

``with progress("checking decks", total=n) as p: ... p.advance()`` counts; without a total
the line shows the time so far, redrawn by a thread (for work that reports no steps). The
line appears only after DELAY seconds, so quick runs print nothing, and is wiped at the end.
"""

from __future__ import annotations

import sys
import threading
import time
from types import TracebackType
from typing import TextIO

DELAY = 0.5  # seconds of quiet before the line appears
INTERVAL = 0.25  # seconds between redraws


def on_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


class Progress:
    def __init__(self, what: str, total: int | None = None, stream: TextIO | None = None) -> None:
        self.what = what
        self.total = total
        self.done = 0
        self.stream = sys.stderr if stream is None else stream
        self.active = on_terminal(self.stream)
        self.started = time.monotonic()
        self.drawn_at = 0.0
        self.last = ""
        self.shown = False
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None

    def __enter__(self) -> Progress:
        if self.active and self.total is None:
            self._ticker = threading.Thread(target=self._tick, daemon=True)
            self._ticker.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
        with self._lock:
            if self.shown:
                self.stream.write("\r\x1b[K")  # wipe the line: what follows starts clean
                self.stream.flush()

    def advance(self, steps: int = 1) -> None:
        self.done += steps
        self._draw()

    def _tick(self) -> None:
        while not self._stop.wait(INTERVAL):
            self._draw()

    def line(self) -> str:
        seconds = time.monotonic() - self.started
        count = f" {self.done}/{self.total}" if self.total else ""
        if self.total and self.done and seconds > 0:
            rate = self.done / seconds
            left = (self.total - self.done) / rate
            return f"{self.what}...{count}, {rate:.1f}/s, {left:.0f} s left ({seconds:.0f} s)"
        return f"{self.what}...{count} ({seconds:.0f} s)"

    def _draw(self) -> None:
        if not self.active:
            return
        now = time.monotonic()
        if now - self.started < DELAY or now - self.drawn_at < INTERVAL:
            return
        with self._lock:
            text = self.line()
            if self._stop.is_set() or text == self.last:
                return
            self.drawn_at, self.last = now, text
            self.stream.write(f"\r\x1b[K{text}")
            self.stream.flush()
            self.shown = True


def progress(what: str, total: int | None = None, stream: TextIO | None = None) -> Progress:
    """A progress line for ``what`` (e.g. "checking decks"), shown on a terminal only."""
    return Progress(what, total, stream)

"""Connection limits for ``deckcheck serve``: idle and header timeouts, and a cap on open
connections per worker process.

uvicorn closes a kept-alive connection after ``timeout_keep_alive`` only once it has answered
a request on it: a connection that never sends a byte, or sends its headers one byte at a
time, stays open for ever, and a few hundred of them use up the process's open files. Its
``limit_concurrency`` counts such connections too and answers real requests 503. So the
protocol below (uvicorn's own, with three additions) guards every connection instead:

- between requests (just opened, or after an answer) a connection that sends nothing for
  ``idle_timeout`` seconds is closed;
- one that has started a request must complete its headers within ``header_timeout`` of the
  moment it went idle;
- when a new connection would pass ``max_connections``, the connection idle the longest is
  closed to make room; if every other one is in a request, the new one is answered 503.

The request itself (body and work) is bounded by ``limits.Timeout``.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from dataclasses import dataclass
from functools import partial
from typing import Any
from weakref import WeakKeyDictionary

from deckcheck.service.errors import error_body
from deckcheck.service.settings import HEADER_TIMEOUT, IDLE_TIMEOUT, MAX_CONNECTIONS

try:  # the C parser when installed, as uvicorn's "auto" choice does
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as _Http
except ImportError:  # pragma: no cover (httptools is a dependency)
    from uvicorn.protocols.http.h11_impl import H11Protocol as _Http  # type: ignore[assignment]

# open files a worker needs besides its connections (measured: at most 93 with 80 clients
# registering and validating at once): card data and database files (three per
# SQLite connection, one connection per worker thread), PostgreSQL pool sockets, logs, pipes
FILE_RESERVE = 160


@dataclass(frozen=True)
class ConnectionLimits:
    header_timeout: float = HEADER_TIMEOUT
    idle_timeout: float = IDLE_TIMEOUT
    max_connections: int = MAX_CONNECTIONS


def _busy_answer() -> bytes:
    body = json.dumps(error_body(503, "the server has too many open connections")).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\nretry-after: 1\r\n\r\n"
    )
    return head.encode() + body


BUSY = _busy_answer()


class _Pool:
    """One server's open connections: how many, and those between requests, the longest
    idle first."""

    def __init__(self) -> None:
        self.open = 0
        self.idle: OrderedDict[GuardedHttp, None] = OrderedDict()


_pools: WeakKeyDictionary[Any, _Pool] = WeakKeyDictionary()


class GuardedHttp(_Http):
    """uvicorn's HTTP protocol with the idle and header deadlines and the connection cap."""

    def __init__(self, *args: Any, limits: ConnectionLimits, **kwargs: Any) -> None:  # noqa: ANN401
        super().__init__(*args, **kwargs)
        self.limits = limits
        self._pool = _pools.setdefault(kwargs["server_state"], _Pool())
        self._idle = self._pool.idle
        self._counted = False
        self._idle_since = 0.0
        self._deadline: asyncio.TimerHandle | None = None
        self._request_started = False
        self._seen_cycle: object = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._pool.open += 1
        self._counted = True
        self._wait()
        if self._pool.open > self.limits.max_connections:
            oldest = next(iter(self._idle))
            if oldest is self:  # every other connection is in a request
                transport.write(BUSY)
            oldest._drop()

    def data_received(self, data: bytes) -> None:
        if self in self._idle and not self._request_started:
            self._request_started = True
            self._arm(self.limits.header_timeout)
        super().data_received(data)
        if self.cycle is not self._seen_cycle:  # a request's headers are complete
            self._seen_cycle = self.cycle
            self._stop_waiting()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # not when a pipelined request is already under way
        if not self.transport.is_closing() and self.cycle.response_complete:
            self._wait()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        self._uncount()
        super().connection_lost(exc)

    def _uncount(self) -> None:
        if self._counted:  # once, at the drop or at the loss, whichever comes first
            self._counted = False
            self._pool.open -= 1

    def _wait(self) -> None:
        self._idle_since = self.loop.time()
        self._request_started = False
        self._idle[self] = None
        self._idle.move_to_end(self)
        self._arm(self.limits.idle_timeout)

    def _arm(self, seconds: float) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_at(self._idle_since + seconds, self._expire)

    def _stop_waiting(self) -> None:
        self._idle.pop(self, None)
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self in self._idle:
            self._drop()

    def _drop(self) -> None:
        self._stop_waiting()
        self._uncount()
        if not self.transport.is_closing():
            self.transport.close()


def connection_cap(wanted: int) -> int:
    """How many connections a worker may hold: ``wanted``, within the open-file limit (the
    soft limit is raised towards the hard one first when it is too low)."""
    try:
        import resource
    except ImportError:  # pragma: no cover (Windows has no such limit)
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    infinite = resource.RLIM_INFINITY
    need = wanted + FILE_RESERVE
    if soft != infinite and soft < need:
        raised = need if hard == infinite else min(need, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    if soft == infinite:
        return wanted
    return max(1, min(wanted, soft - FILE_RESERVE))


def guarded_protocol(limits: ConnectionLimits) -> partial[GuardedHttp]:
    """The ``http`` protocol factory to give uvicorn (it pickles for worker processes)."""
    return partial(GuardedHttp, limits=limits)

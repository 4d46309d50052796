"""Request limits as plain ASGI middleware: body size and time.

A body over the limit is refused with 413 before it is read when Content-Length says so, and
as soon as the streamed bytes pass the limit otherwise. A request that takes longer than the
timeout (a slow client, or work waiting on the database) gets 503 if nothing was sent yet.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from deckcheck.service.errors import ApiError, error_body


class BodyTooLarge(ApiError):
    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body over the limit of {limit // 1024} KB")


async def _send_error(send: Send, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


class _WatchedSend:
    """Passes messages on and remembers whether the response has started."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.started = False

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.started = True
        await self.send(message)


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None:
            try:
                size = int(declared)
            except ValueError:
                size = -1
            if size < 0:
                await _send_error(send, 400, error_body(400, "bad Content-Length header"))
                return
            if size > self.limit:
                await _send_error(send, 413, error_body(413, str(BodyTooLarge(self.limit).detail)))
                return
        seen = 0
        watched = _WatchedSend(send)

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        try:
            await self.app(scope, limited_receive, watched)
        except BodyTooLarge as exc:  # raised outside a route's own error handling
            if not watched.started:
                await _send_error(send, 413, error_body(413, str(exc.detail)))


class Timeout:
    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        watched = _WatchedSend(send)
        try:
            async with asyncio.timeout(self.seconds):  # no extra task, unlike wait_for
                await self.app(scope, receive, watched)
        except TimeoutError:
            if not watched.started:
                message = f"the request took longer than {self.seconds:g} s"
                await _send_error(send, 503, error_body(503, message))

"""The JSON API under /v1: one module per resource."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from deckcheck.service.state import Service


async def _service(request: Request) -> Service:
    # async: a plain function dependency would cost a thread hop on every request
    return request.app.state.service


Svc = Annotated[Service, Depends(_service)]

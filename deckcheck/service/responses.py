"""Responses with a content ETag that honour If-None-Match (304 Not Modified)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from fastapi import Request, Response

JSON = "application/json"


def etag_of(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def _matches(header: str, tag: str) -> bool:
    if header.strip() == "*":
        return True
    return any(part.strip().removeprefix("W/") == tag for part in header.split(","))


def tagged(request: Request, body: bytes | str, media_type: str = JSON) -> Response:
    data = body.encode() if isinstance(body, str) else body
    tag = etag_of(data)
    headers = {"ETag": tag, "Cache-Control": "no-cache"}
    header = request.headers.get("if-none-match")
    if header and _matches(header, tag):
        return Response(status_code=304, headers=headers)
    return Response(data, media_type=media_type, headers=headers)


def tagged_json(request: Request, data: Any) -> Response:  # noqa: ANN401
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return tagged(request, text, JSON)

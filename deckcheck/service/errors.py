"""Errors as JSON with one stable shape and the right status, never a 500 for bad input.

Every error body is ``{"error": {"status", "code", "message", "details"}}``; a refused
registration adds ``"report"`` beside ``"error"``. ``code`` values are stable; messages are
for people and may change.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException

from deckcheck.io.errors import DataError, DeckcheckError
from deckcheck.report.models import Report as ReportBody
from deckcheck.validation.report import Report

log = logging.getLogger("deckcheck.service")

CODES = {
    400: "bad-request",
    401: "unauthorized",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    406: "not-acceptable",
    409: "conflict",
    413: "body-too-large",
    415: "unsupported-media-type",
    422: "invalid-parameters",
    500: "internal-error",
    503: "timeout",
}


class ErrorDetail(BaseModel):
    where: str
    message: str


class ErrorBody(BaseModel):
    status: int
    code: str
    message: str
    details: list[ErrorDetail] = []


class ErrorResponse(BaseModel):
    error: ErrorBody
    report: ReportBody | None = None


class ApiError(HTTPException):
    """An error the API answers with; an HTTPException so FastAPI re-raises it untouched
    when it happens while the body is read."""

    def __init__(
        self,
        status: int,
        message: str,
        code: str | None = None,
        report: Report | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(status_code=status, detail=message, headers=headers)
        self.code = code or CODES.get(status, "error")
        self.report = report


def error_body(
    status: int,
    message: str,
    code: str | None = None,
    details: list[ErrorDetail] | None = None,
    report: Report | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "error": {
            "status": status,
            "code": code or CODES.get(status, "error"),
            "message": message,
            "details": [d.model_dump() for d in details or []],
        }
    }
    if report is not None:
        body["report"] = report.as_json()
    return body


def error_response(
    status: int,
    message: str,
    code: str | None = None,
    details: list[ErrorDetail] | None = None,
    report: Report | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    return JSONResponse(
        error_body(status, message, code, details, report), status_code=status, headers=headers
    )


HtmlRenderer = Callable[[Request, int, str], Response]


def _wants_html(request: Request) -> bool:
    """Browsers on the web pages get a page, everything else JSON."""
    if request.url.path.startswith(("/v1/", "/openapi")):
        return False
    return "text/html" in request.headers.get("accept", "")


def _where(loc: tuple[Any, ...] | list[Any]) -> str:
    return ".".join(str(part) for part in loc)


def _validation(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return error_response(400, "the request body is not valid JSON", "bad-json")
    details = [
        ErrorDetail(where=_where(e.get("loc", ())), message=str(e.get("msg"))) for e in errors
    ]
    summary = "; ".join(f"{d.where}: {d.message}" for d in details[:3])
    return error_response(422, f"invalid parameters: {summary}", details=details)


def _http(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    if isinstance(exc, ApiError):
        return error_response(
            exc.status_code, str(exc.detail), exc.code, report=exc.report, headers=exc.headers
        )
    message = str(exc.detail) if exc.detail else CODES.get(exc.status_code, "error")
    return error_response(exc.status_code, message, headers=exc.headers)


def _deckcheck(_: Request, exc: Exception) -> JSONResponse:
    if isinstance(exc, DataError):  # the server's own data is broken: not the caller's fault
        log.error("data error: %s", exc)
        return error_response(500, f"server data error: {exc}", "data-error")
    return error_response(400, str(exc), "bad-input")


def _value(request: Request, exc: Exception) -> JSONResponse:
    """A number with more digits than int() converts is bad input wherever it is met;
    any other ValueError is a bug, answered (and logged) as one."""
    if "integer string conversion" not in str(exc):
        raise exc
    return error_response(400, "a number in the request has too many digits", "bad-input")


def _unexpected(_: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error", exc_info=exc)
    return error_response(500, "internal error; the request was logged", "internal-error")


def install(app: FastAPI, html: HtmlRenderer | None = None) -> None:
    def handler(
        make: Callable[[Request, Exception], JSONResponse],
    ) -> Callable[[Request, Exception], Response]:
        def handle(request: Request, exc: Exception) -> Response:
            response = make(request, exc)
            if html is None or not _wants_html(request):
                return response
            message = json.loads(bytes(response.body))["error"]["message"]
            return html(request, response.status_code, message)

        return handle

    app.add_exception_handler(RequestValidationError, handler(_validation))
    app.add_exception_handler(HTTPException, handler(_http))
    app.add_exception_handler(DeckcheckError, handler(_deckcheck))
    # handled here, not by the catch-all: a caller's mistake must not drop the connection
    app.add_exception_handler(ValueError, handler(_value))
    app.add_exception_handler(Exception, handler(_unexpected))


def responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the error statuses an operation can answer with."""
    return {s: {"model": ErrorResponse, "description": CODES.get(s, "error")} for s in statuses}

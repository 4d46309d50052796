"""Property-based API tests from the OpenAPI schema (schemathesis): whatever the generated
request, the service answers without a server error, with a documented status code and a
body of the documented shape.

The operations are driven with Hypothesis directly (``operation.as_strategy()``) rather than
through schemathesis' pytest plugin, whose fixture-based loader does not work with every
pytest release.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

EXAMPLES = 20  # per operation: bounded so that CI stays fast
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]


@pytest.fixture(scope="module")
def api_schema(service):
    from deckcheck.service.app import create_app
    from deckcheck.service.settings import Settings

    app = create_app(Settings(database_url=service.settings.database_url), service)
    return schemathesis.openapi.from_asgi("/openapi.json", app)


def operations(schema) -> list:
    return [result.ok() for result in schema.get_all_operations()]


def test_every_api_path_is_covered(api_schema):
    paths = {op.path for op in operations(api_schema)}
    assert len(paths) == 15
    assert len(operations(api_schema)) == 16  # /v1/events/{id}/registrations: GET and POST
    assert all(path.startswith("/v1/") for path in paths)


def test_no_server_errors(api_schema):
    failures = []
    for operation in operations(api_schema):

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def run(case) -> None:
            case.call_and_validate(checks=CHECKS)

        try:
            run()
        except Exception as exc:  # collect every operation's failure, then report them all
            failures.append(f"{operation.method.upper()} {operation.path}: {exc}")
    assert failures == []

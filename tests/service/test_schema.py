"""Property-based API tests from the OpenAPI schema (schemathesis): whatever the generated
request, the service answers without a server error, and with a documented status code and
a body of the documented shape."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

EXAMPLES = 20  # per operation: bounded so that CI stays fast


@pytest.fixture(scope="module")
def api_schema(service):
    from deckcheck.service.app import create_app
    from deckcheck.service.settings import Settings

    app = create_app(Settings(database_url=service.settings.database_url), service)
    return schemathesis.openapi.from_asgi("/openapi.json", app)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_no_server_errors(case):
    case.call_and_validate(
        checks=[not_a_server_error, status_code_conformance, response_schema_conformance]
    )

"""The OpenAPI document checked by schemathesis (the ``webtest`` extra): cases generated
from it for every operation, none answered with a server error, and every answer as the
document describes it (status codes, content type, the schema of the bodies, a 405's Allow
header), bad data refused. Not checked: that every request the document allows is accepted
(a rule value of the right type may be out of range: a 422, as documented)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from fivecrowns.web import create_app

schemathesis = pytest.importorskip("schemathesis")

schema = schemathesis.openapi.from_asgi("/api/openapi.json", create_app())


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_generated_request_gets_a_server_error(case: Any) -> None:
    case.call_and_validate(excluded_checks=[schemathesis.checks.positive_data_acceptance])

"""schemathesis against the running app: no 5xx, and every response conforms to /openapi.json."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from deckkit_server.app import create_app
from tests.server.conftest import FakeClock, LiveServer, make_settings, start_live_server


@pytest.fixture(scope="module")
def live_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, str]]:
    clock = FakeClock()
    app = create_app(make_settings(tmp_path_factory.mktemp("openapi"), rate_limit=1_000_000), clock=clock)
    store = app.state.deckkit.store
    account = store.create_account("schemathesis", clock())
    token = store.create_token(account.id, "t", clock())[1]
    server = start_live_server(app)
    yield server, token
    server.stop()


@pytest.fixture(scope="module")
def api_schema(live_api: tuple[LiveServer, str]) -> Any:
    return schemathesis.openapi.from_url(f"{live_api[0].url}/openapi.json")


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_openapi_document(case: Any, live_api: tuple[LiveServer, str]) -> None:
    server, token = live_api
    case.call_and_validate(base_url=server.url, headers={"Authorization": f"Bearer {token}"})


def test_unauthenticated_answers_conform(live_api: tuple[LiveServer, str], api_schema: Any) -> None:
    server, _ = live_api
    for path, method in [("/sessions", "GET"), ("/sessions", "POST")]:
        case = api_schema[path][method].Case()
        case.call_and_validate(base_url=server.url, headers={"Authorization": "Bearer nope"})


def test_document_is_valid_openapi_31(api_schema: Any) -> None:
    assert api_schema.raw_schema["openapi"] == "3.1.0"
    operations = {(path, method) for path, item in api_schema.raw_schema["paths"].items() for method in item}
    assert len(operations) == 5  # the sixth operation of the interface is the upload, served by storage

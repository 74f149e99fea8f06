"""One wire format: the server answers with deckkit.wire's models, the client reads them leniently."""

from __future__ import annotations

from datetime import UTC, datetime

from deckkit.client import Session as ClientSession
from deckkit.wire import Session, format_timestamp
from deckkit_server.api.openapi import openapi_document
from deckkit_server.api.shapes import session_model
from deckkit_server.store import SessionRecord
from tests.server.conftest import START


def test_timestamps_always_have_six_fractional_digits() -> None:
    assert format_timestamp(datetime(2026, 11, 22, 5, 23, 35, tzinfo=UTC)) == "2026-11-22T05:23:35.000000Z"
    assert (
        format_timestamp(datetime(2026, 11, 22, 5, 23, 35, 120, tzinfo=UTC)) == "2026-11-22T05:23:35.000120Z"
    )


def test_the_client_reads_what_the_server_writes() -> None:
    record = SessionRecord(
        "0b7c6f1e-4a55-4a0e-9b1e-0d7c2f1e4a55",
        "acct",
        START,
        "k",
        "o",
        None,
        START + 7,
        False,
        None,
        "slides[0].title: must be a string",
    )
    written = session_model(record).model_dump_json()
    read = ClientSession.model_validate_json(written)
    assert read.model_dump() == Session.model_validate_json(written).model_dump()
    assert read.state.value == "failed"
    assert written.count(".123456Z") == 1
    assert written.count(".123463Z") == 1


def test_the_document_requires_every_field_the_server_writes() -> None:
    schema = openapi_document()["components"]["schemas"]["Session"]
    assert set(schema["required"]) == set(Session.model_fields)
    assert schema["additionalProperties"] is False

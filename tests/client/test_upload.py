"""The multipart body of the upload, read back by the standard library's parser."""

from __future__ import annotations

import base64
import json

import httpx
import pytest

from deckkit.client import TransferProgress, UploadForm
from deckkit.client._upload import UploadBody, ZipSource, policy_size_limit
from tests.client.fake_service import parse_multipart


def _form(**params: str) -> UploadForm:
    return UploadForm(action="http://storage.test/b", params=params)


def _policy(conditions: object) -> str:
    return base64.b64encode(json.dumps({"conditions": conditions}).encode()).decode()


def _request(body: UploadBody) -> httpx.Request:
    return httpx.Request("POST", "http://storage.test/b", headers=body.headers, content=b"".join(body))


def test_fields_in_order_then_the_file_with_exact_length() -> None:
    form = _form(key="uploads/a.zip", **{"Content-Type": "application/zip", "X-Amz-Signature": "sig"})
    data = bytes(range(256)) * 1000
    body = UploadBody(form, ZipSource.of(data))
    request = _request(body)
    assert int(body.headers["Content-Length"]) == len(request.content)
    parts = parse_multipart(request)
    assert parts == [
        ("key", None, b"uploads/a.zip"),
        ("Content-Type", None, b"application/zip"),
        ("X-Amz-Signature", None, b"sig"),
        ("file", "deck.zip", data),
    ]


def test_field_names_with_quotes_and_newlines_cannot_break_the_form() -> None:
    body = UploadBody(_form(**{'we"ird\r\nname': "v"}), ZipSource.of(b"zip"))
    parts = parse_multipart(_request(body))
    assert [p[0] for p in parts] == ["we%22ird%0D%0Aname", "file"]


def test_each_iteration_sends_the_whole_body_again() -> None:
    body = UploadBody(_form(key="k"), ZipSource.of(b"x" * 200_000))
    assert b"".join(body) == b"".join(body)


def test_progress_counts_file_bytes_only() -> None:
    events: list[TransferProgress] = []
    body = UploadBody(_form(key="k"), ZipSource.of(b"x" * 150_000), events.append)
    b"".join(body)
    assert [e.done for e in events] == [0, 65536, 131072, 150000]
    assert {e.total for e in events} == {150_000}
    assert events[-1].fraction == 1.0


def test_policy_size_limit() -> None:
    assert (
        policy_size_limit(_form(Policy=_policy([{"bucket": "b"}, ["content-length-range", 1, 1234]]))) == 1234
    )
    assert policy_size_limit(_form(Policy=_policy([{"bucket": "b"}]))) is None
    assert policy_size_limit(_form(Policy="not base64 json!")) is None
    assert policy_size_limit(_form()) is None


def test_file_object_is_read_from_its_current_position() -> None:
    import io

    handle = io.BytesIO(b"headerZIPDATA")
    handle.seek(6)
    source = ZipSource.of(handle)
    assert source.size == 7
    assert b"".join(source.chunks()) == b"ZIPDATA"
    assert b"".join(source.chunks()) == b"ZIPDATA"


def test_unknown_source_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="pass a Deck, a zip path, bytes or a binary file"):
        ZipSource.of(3.5)  # type: ignore[arg-type]

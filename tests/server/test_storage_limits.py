"""The built-in storage's upload endpoint needs no token: what it buffers before the policy is checked is bounded."""

from __future__ import annotations

import httpx
import pytest

from tests.server.conftest import Api

pytestmark = pytest.mark.anyio

BOUNDARY = "deckkitboundary"


def multipart(parts: list[tuple[str, str]]) -> bytes:
    """Raw parts as (headers, value); no file part."""
    body = b"".join(f"--{BOUNDARY}\r\n{headers}\r\n\r\n{value}\r\n".encode() for headers, value in parts)
    return body + f"--{BOUNDARY}--\r\n".encode()


async def post_raw(api: Api, body: bytes) -> httpx.Response:
    return await api.client.post("/storage/deckkit", content=body,
                                 headers={"content-type": f"multipart/form-data; boundary={BOUNDARY}"})  # fmt: skip


def refused_as_too_large(response: httpx.Response) -> None:
    assert response.status_code == 400, response.text
    assert "<Code>MaxPostPreDataLengthExceeded</Code>" in response.text


async def test_many_empty_fields_with_long_names_count_against_the_field_limit(api: Api) -> None:
    parts = [(f'Content-Disposition: form-data; name="field-{n}-{"n" * 200}"', "") for n in range(400)]
    refused_as_too_large(await post_raw(api, multipart(parts)))


async def test_a_huge_part_header_is_refused_while_streaming(api: Api) -> None:
    header = f'Content-Disposition: form-data; name="key"\r\nX-Padding: {"p" * 1_000_000}'
    response = await post_raw(api, multipart([(header, "value")]))  # python-multipart caps header lines
    assert response.status_code == 400, response.text
    assert "<Code>MalformedPOSTRequest</Code>" in response.text


async def test_ordinary_field_headers_still_pass(api: Api) -> None:
    created = (await api.client.post("/sessions", headers=api.auth())).json()
    upload = created["upload"]
    files = [*((n, (None, v)) for n, v in upload["params"].items()),
             ("file", ("input.zip", b"zip", "application/zip"))]  # fmt: skip
    assert (await api.client.post(upload["action"], files=files)).status_code == 204

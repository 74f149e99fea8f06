"""The built-in storage's upload endpoint needs no token: what it buffers before the policy is checked is bounded."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import anyio
import httpx
import pytest

from tests.server.conftest import Api, upload_files

pytestmark = pytest.mark.anyio

BOUNDARY = "deckkitboundary"


def multipart(parts: list[tuple[str, str]]) -> bytes:
    """Raw parts as (headers, value); no file part."""
    body = b"".join(f"--{BOUNDARY}\r\n{headers}\r\n\r\n{value}\r\n".encode() for headers, value in parts)
    return body + f"--{BOUNDARY}--\r\n".encode()


async def post_raw(api: Api, body: bytes) -> httpx.Response:
    return await api.client.post(
        "/storage/deckkit",
        content=body,
        headers={"content-type": f"multipart/form-data; boundary={BOUNDARY}"},
    )


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
    files = [
        *((n, (None, v)) for n, v in upload["params"].items()),
        ("file", ("input.zip", b"zip", "application/zip")),
    ]
    assert (await api.client.post(upload["action"], files=files)).status_code == 204


def empty_name_parts(count: int) -> list[tuple[str, str]]:
    return [('Content-Disposition: form-data; name=""', "")] * count


async def test_parts_with_an_empty_name_count_against_the_field_limit(api: Api) -> None:
    # issue 13: an empty name counted 0 bytes, so such parts streamed forever without a refusal
    refused_as_too_large(await post_raw(api, multipart(empty_name_parts(2000))))


async def test_the_number_of_parts_before_the_file_is_capped(api: Api) -> None:
    parts = [(f'Content-Disposition: form-data; name="f{n}"', "") for n in range(100)]  # ~300 bytes of names
    refused_as_too_large(await post_raw(api, multipart(parts)))


async def test_part_headers_count_against_the_field_limit(api: Api) -> None:
    header = f'Content-Disposition: form-data; name="x-ignore-{{n}}"\r\nX-Padding: {"p" * 1000}'
    parts = [(header.format(n=n), "") for n in range(25)]  # 25 KB of headers, under the parser's line cap
    refused_as_too_large(await post_raw(api, multipart(parts)))


async def test_a_refused_unsigned_body_is_not_read_to_its_end(api: Api) -> None:
    """A hostile body is answered and its connection closed; the server does not read it all."""
    read = 0

    async def endless() -> AsyncIterator[bytes]:
        nonlocal read
        chunk = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name=""\r\n\r\n\r\n'.encode() * 1000
        for _ in range(10_000):  # 480 MB if read to the end
            read += len(chunk)
            yield chunk

    with anyio.fail_after(30):
        response = await api.client.post(
            "/storage/deckkit",
            content=endless(),
            headers={"content-type": f"multipart/form-data; boundary={BOUNDARY}"},
        )
    refused_as_too_large(response)
    assert response.headers.get("connection") == "close"
    assert read < 4 * 1024 * 1024


async def test_fields_that_do_not_arrive_in_time_are_refused(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deckkit_server.storage import local_routes

    monkeypatch.setattr(local_routes, "PRE_POLICY_SECONDS", 0.3, raising=False)

    async def stalls() -> AsyncIterator[bytes]:
        yield f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="key"\r\n\r\nsessions/x'.encode()
        await anyio.sleep(3600)  # a client that never sends the rest

    with anyio.fail_after(20):
        response = await api.client.post(
            "/storage/deckkit",
            content=stalls(),
            headers={"content-type": f"multipart/form-data; boundary={BOUNDARY}"},
        )
    assert response.status_code == 400, response.text
    assert "<Code>RequestTimeout</Code>" in response.text


async def test_a_policy_signed_for_a_traversal_key_is_an_s3_error(api: Api) -> None:
    """issue 13: a policy signed with the real secret for ``../../storage-secret`` answered 500."""
    from deckkit_server.clock import to_datetime
    from deckkit_server.storage.base import INPUT_CONTENT_TYPE, UPLOAD_ACL
    from deckkit_server.storage.post_policy import build_policy

    storage = api.state.storage
    moment = to_datetime(api.clock())
    credential = storage.credential(api.clock())
    params = build_policy(
        secret=storage.secret,
        credential=credential,
        bucket=storage.bucket,
        fields={"acl": UPLOAD_ACL, "key": "../../storage-secret", "Content-Type": INPUT_CONTENT_TYPE},
        expires=moment + timedelta(hours=1),
        moment=moment,
        max_bytes=1000,
        security_token=storage.security_token(credential),
    )
    files = [*((n, (None, v)) for n, v in params.items()), ("file", ("x.zip", b"owned", "application/zip"))]
    transport = httpx.ASGITransport(app=api.app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        response = await client.post("/storage/deckkit", files=files)
    assert response.status_code == 400, response.text
    assert "<Code>InvalidArgument</Code>" in response.text
    assert (api.state.settings.data_dir / "storage-secret").exists() is False  # secret is set in settings
    assert not any(storage.folder.rglob("storage-secret"))


async def test_the_upload_form_of_a_replaced_session_is_refused(api: Api) -> None:
    """issue 13: a session replaced by a newer one kept a working upload form for an hour."""
    old = (await api.client.post("/sessions", headers=api.auth())).json()
    await api.client.post("/sessions", headers=api.auth())  # replaces it
    response = await api.client.post(old["upload"]["action"], files=upload_files(old["upload"], b"zip"))
    assert response.status_code == 403, response.text
    assert "<Code>AccessDenied</Code>" in response.text
    assert not await api.state.storage.exists(old["upload"]["params"]["key"])


async def test_an_upload_whose_session_is_replaced_meanwhile_is_deleted(api: Api) -> None:
    """The session is replaced after the policy check, before the file lands: the file is deleted."""
    from deckkit_server.rendering import claim_stale_before, upload_key_for

    old = (await api.client.post("/sessions", headers=api.auth())).json()
    key = old["upload"]["params"]["key"]
    head = b"".join(
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{n}"\r\n\r\n{v}\r\n'.encode()
        for n, v in old["upload"]["params"].items()
    )

    async def body() -> AsyncIterator[bytes]:
        yield head + f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\n'.encode() + b"zip"
        new = "00000000-0000-4000-8000-000000000001"
        api.state.store.create_session(
            api.account_id, new, upload_key_for(new), api.clock(), claim_stale_before(api.clock())
        )
        yield f"\r\n--{BOUNDARY}--\r\n".encode()

    response = await api.client.post(
        old["upload"]["action"],
        content=body(),
        headers={"content-type": f"multipart/form-data; boundary={BOUNDARY}"},
    )
    assert response.status_code == 403, response.text
    assert not await api.state.storage.exists(key)

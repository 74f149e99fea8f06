"""The built-in storage refuses what S3 refuses, and accepts what boto3 signs for it."""

from __future__ import annotations

import base64
import json
from urllib.parse import parse_qsl, urlencode, urlsplit

import httpx
import pytest

from deckkit_server.clock import to_datetime
from deckkit_server.storage.sigv4 import parse_amz_date
from tests.server.conftest import Api, input_zip, upload_files

pytestmark = pytest.mark.anyio

LIMIT = 50 * 1024 * 1024


async def create(api: Api) -> dict:
    return (await api.client.post("/sessions", headers=api.auth())).json()


async def post(api: Api, upload: dict, content: bytes, files: list | None = None) -> httpx.Response:
    return await api.client.post(upload["action"], files=files or upload_files(upload, content))


def s3_error(response: httpx.Response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/xml")
    assert f"<Code>{code}</Code>" in response.text
    return response.text


async def test_tampered_signature_is_refused(api: Api) -> None:
    upload = (await create(api))["upload"]
    signature = upload["params"]["X-Amz-Signature"]
    upload["params"]["X-Amz-Signature"] = ("0" if signature[0] != "0" else "1") + signature[1:]
    s3_error(await post(api, upload, input_zip()), 403, "SignatureDoesNotMatch")
    assert not await api.state.storage.exists(upload["params"]["key"])


async def test_tampered_policy_is_refused(api: Api) -> None:
    upload = (await create(api))["upload"]
    policy = json.loads(base64.b64decode(upload["params"]["Policy"]))
    policy["conditions"] = [c for c in policy["conditions"] if not isinstance(c, list)]  # drop the size limit
    upload["params"]["Policy"] = base64.b64encode(json.dumps(policy).encode()).decode()
    s3_error(await post(api, upload, input_zip()), 403, "SignatureDoesNotMatch")


async def test_expired_policy_is_refused(api: Api) -> None:
    upload = (await create(api))["upload"]
    api.clock.advance(60 * 60 - 1)
    assert (await post(api, upload, b"x")).status_code == 204
    api.clock.advance(1)
    s3_error(await post(api, upload, input_zip()), 403, "AccessDenied")


async def test_wrong_key_is_refused(api: Api) -> None:
    upload = (await create(api))["upload"]
    other = await api.client.get(f"/sessions/{'0' * 8}-0000-4000-8000-{'0' * 12}", headers=api.auth())
    assert other.status_code == 404
    key = upload["params"]["key"]
    upload["params"]["key"] = key.replace("input.zip", "other.zip")
    text = s3_error(await post(api, upload, input_zip()), 403, "AccessDenied")
    assert "Policy Condition failed" in text
    assert "$key" in text
    assert not await api.state.storage.exists(upload["params"]["key"])


@pytest.mark.parametrize(("field", "value"), [("acl", "public-read"), ("Content-Type", "text/plain")])
async def test_changed_acl_or_content_type_is_refused(api: Api, field: str, value: str) -> None:
    upload = (await create(api))["upload"]
    upload["params"][field] = value
    assert "Policy Condition failed" in s3_error(await post(api, upload, input_zip()), 403, "AccessDenied")


async def test_extra_field_is_refused_and_x_ignore_is_allowed(api: Api) -> None:
    upload = (await create(api))["upload"]
    files = upload_files(upload, b"zip")
    refused = await post(api, upload, b"", [("extra", (None, "1")), *files])
    assert "Extra input fields: extra" in s3_error(refused, 403, "AccessDenied")
    assert (await post(api, upload, b"", [("x-ignore-me", (None, "1")), *files])).status_code == 204


async def test_size_limit_is_exactly_50_mb(api: Api) -> None:
    upload = (await create(api))["upload"]
    text = s3_error(await post(api, upload, b"\0" * (LIMIT + 1)), 400, "EntityTooLarge")
    assert f"<MaxSizeAllowed>{LIMIT}</MaxSizeAllowed>" in text
    assert not await api.state.storage.exists(upload["params"]["key"])
    assert list((api.state.storage.folder / ".incoming").iterdir()) == []
    assert (await post(api, upload, b"\0" * LIMIT)).status_code == 204
    s3_error(await post(api, upload, b""), 400, "EntityTooSmall")


async def test_fields_must_come_before_the_file(api: Api) -> None:
    upload = (await create(api))["upload"]
    params = list(upload["params"].items())
    files = [
        *((n, (None, v)) for n, v in params[:-1]),
        ("file", ("a.zip", b"zip", "application/zip")),
        (params[-1][0], (None, params[-1][1])),
    ]
    s3_error(await post(api, upload, b"", files), 403, "AccessDenied")  # the signature came too late
    only_fields = [(n, (None, v)) for n, v in params]
    s3_error(await post(api, upload, b"", only_fields), 400, "InvalidArgument")


async def test_fields_after_the_file_are_ignored(api: Api) -> None:
    upload = (await create(api))["upload"]
    files = [*upload_files(upload, b"zip"), ("acl", (None, "public-read"))]
    assert (await post(api, upload, b"", files)).status_code == 204


async def test_non_multipart_and_garbage_bodies_are_refused(api: Api) -> None:
    upload = (await create(api))["upload"]
    s3_error(await api.client.post(upload["action"], data={"a": "b"}), 412, "PreconditionFailed")
    garbage = await api.client.post(
        upload["action"],
        content=b"--x\r\nnonsense",
        headers={"content-type": "multipart/form-data; boundary=x"},
    )
    assert garbage.status_code == 400
    assert "<Error>" in garbage.text


async def rendered_download_url(api: Api) -> str:
    created = await create(api)
    await post(api, created["upload"], input_zip())
    response = await api.client.post(f"/sessions/{created['session']['uuid']}/render", headers=api.auth())
    return str(response.json()["download_url"])


async def test_expired_download_url_is_refused(api: Api) -> None:
    url = await rendered_download_url(api)
    api.clock.advance(299)  # X-Amz-Date has whole seconds: the URL is valid 300 s from its second
    assert (await api.client.get(url)).status_code == 200
    api.clock.advance(2)
    assert "Request has expired" in s3_error(await api.client.get(url), 403, "AccessDenied")


async def test_tampered_download_url_is_refused(api: Api) -> None:
    url = await rendered_download_url(api)
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    for name, value in [("X-Amz-Expires", "86400"), ("X-Amz-Signature", "0" * 64)]:
        changed = {**query, name: value}
        s3_error(await api.client.get(f"{parts.path}?{urlencode(changed)}"), 403, "SignatureDoesNotMatch")
    other = url.replace("/output.pptx", "/input.zip")
    s3_error(await api.client.get(other), 403, "SignatureDoesNotMatch")
    s3_error(await api.client.get(parts.path), 403, "AccessDenied")


async def test_download_sets_type_and_attachment_name(api: Api) -> None:
    response = await api.client.get(await rendered_download_url(api))
    assert response.headers["content-disposition"].startswith('attachment; filename="')


def _boto_client(api: Api, session_token: str | None = None):  # type: ignore[no-untyped-def]
    import boto3
    from botocore.config import Config

    storage = api.state.storage
    return boto3.client(
        "s3",
        endpoint_url="http://testserver/storage",
        region_name="local",
        aws_access_key_id=storage.access_key,
        aws_secret_access_key=storage.secret,
        aws_session_token=session_token,
        config=Config(signature_version="s3v4", s3={"addressing_style": "path"}),
    )


async def test_boto3_presigned_get_is_accepted(api: Api) -> None:
    """boto3 signs the GET with the storage's key: the built-in storage verifies the same signature."""
    storage = api.state.storage
    storage.download_guard = None  # a key of no session: only the signature check is under test here
    await storage.write("sessions/abc/output.pptx", b"PK-deck", "x")
    url = _boto_client(api).generate_presigned_url(
        "get_object", Params={"Bucket": "deckkit", "Key": "sessions/abc/output.pptx"}, ExpiresIn=300
    )
    signed_at = parse_amz_date(dict(parse_qsl(urlsplit(url).query))["X-Amz-Date"])
    assert signed_at is not None
    api.clock.now = int(signed_at.timestamp()) * 1_000_000 + 10
    response = await api.client.get(url)
    assert response.status_code == 200, response.text
    assert response.content == b"PK-deck"


async def test_boto3_presigned_post_is_accepted(api: Api) -> None:
    """A POST policy that boto3 builds and signs passes the built-in storage's check."""
    storage = api.state.storage
    from deckkit_server.clock import system_clock

    api.clock.now = system_clock()
    storage.upload_guard = None  # a key of no session: only the policy check is under test here
    token = storage.security_token(storage.credential(api.clock.now))
    post_form = _boto_client(api, token).generate_presigned_post(
        "deckkit",
        "sessions/boto/input.zip",
        Fields={"acl": "private"},
        Conditions=[{"acl": "private"}, ["content-length-range", 1, 100]],
        ExpiresIn=600,
    )
    assert to_datetime(api.clock.now)
    files = [
        *((n, (None, v)) for n, v in post_form["fields"].items()),
        ("file", ("f", b"zip", "application/zip")),
    ]
    response = await api.client.post("http://testserver/storage/deckkit", files=files)
    assert response.status_code == 204, response.text
    assert await storage.read("sessions/boto/input.zip") == b"zip"
    too_big = [*files[:-1], ("file", ("f", b"z" * 101, "application/zip"))]
    s3_error(await api.client.post("http://testserver/storage/deckkit", files=too_big), 400, "EntityTooLarge")


async def test_upload_answers_204_with_the_md5_etag(api: Api) -> None:
    import hashlib

    upload = (await create(api))["upload"]
    content = input_zip()
    response = await post(api, upload, content)
    assert response.status_code == 204
    assert response.content == b""
    assert response.headers["etag"] == f'"{hashlib.md5(content).hexdigest()}"'

"""One suite for both object storages: the built-in one and S3 (moto in server mode on loopback)."""

from __future__ import annotations

import httpx
import pytest

from tests.server.conftest import Api, input_zip, upload_files

pytestmark = pytest.mark.anyio


async def create(api: Api) -> dict:
    response = await api.client.post("/sessions", headers=api.auth())
    assert response.status_code == 201
    return response.json()


async def test_upload_form_accepts_the_zip_and_answers_204(storage_api: Api) -> None:
    created = await create(storage_api)
    params = created["upload"]["params"]
    for name in (
        "acl",
        "key",
        "Content-Type",
        "X-Amz-Credential",
        "X-Amz-Algorithm",
        "X-Amz-Date",
        "Policy",
        "X-Amz-Signature",
    ):
        assert isinstance(params[name], str)
        assert params[name]
    storage = storage_api.state.storage
    assert not await storage.exists(params["key"])
    content = input_zip()
    response = await storage_api.client.post(
        created["upload"]["action"], files=upload_files(created["upload"], content)
    )
    assert response.status_code == 204, response.text
    assert await storage.exists(params["key"])
    assert await storage.read(params["key"]) == content


async def test_render_writes_the_deck_and_download_url_serves_it(storage_api: Api) -> None:
    created = await create(storage_api)
    await storage_api.client.post(
        created["upload"]["action"], files=upload_files(created["upload"], input_zip())
    )
    uid = created["session"]["uuid"]
    rendered = await storage_api.client.post(f"/sessions/{uid}/render", headers=storage_api.auth())
    assert rendered.json()["session"]["render_succeeded"] is True
    url = rendered.json()["download_url"]
    assert "X-Amz-Signature=" in url
    assert "X-Amz-Expires=300" in url
    download = await storage_api.client.get(url)
    assert download.status_code == 200
    assert download.content[:2] == b"PK"


async def test_delete_removes_objects(storage_api: Api) -> None:
    storage = storage_api.state.storage
    await storage.write("sessions/x/output.pptx", b"deck", "application/octet-stream")
    assert await storage.exists("sessions/x/output.pptx")
    await storage.delete(["sessions/x/output.pptx", "sessions/x/input.zip"])
    assert not await storage.exists("sessions/x/output.pptx")


async def test_download_of_a_missing_object_is_refused(storage_api: Api) -> None:
    url = storage_api.state.storage.download_url(
        "sessions/none/output.pptx", base_url="http://testserver", now=storage_api.clock(), filename="x.pptx"
    )
    response = await storage_api.client.get(url)
    assert response.status_code in {403, 404}
    assert "<Error>" in response.text


def test_moto_fixture_is_real_http(moto_s3) -> None:
    assert httpx.get(moto_s3.endpoint + "/").status_code == 200

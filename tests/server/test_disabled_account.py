"""Disabling an account stops everything at once: API tokens, and the upload forms and download
URLs it was given, which are signed and would otherwise stay valid for an hour and five minutes."""

from __future__ import annotations

import httpx
import pytest

from tests.server.conftest import Api, input_zip, upload_files

pytestmark = pytest.mark.anyio


def assert_access_denied(response: httpx.Response, reason: str) -> None:
    assert response.status_code == 403, response.text
    assert response.headers["content-type"].startswith("application/xml")
    assert "<Code>AccessDenied</Code>" in response.text
    assert reason in response.text


async def test_a_disabled_accounts_upload_forms_and_download_urls_are_refused_at_once(
    api_on_each_store: Api,
) -> None:
    api = api_on_each_store
    rendered = (await api.client.post("/sessions", headers=api.auth())).json()
    upload = rendered["upload"]
    assert (
        await api.client.post(upload["action"], files=upload_files(upload, input_zip()))
    ).status_code == 204
    uid = rendered["session"]["uuid"]
    download_url = (await api.client.post(f"/sessions/{uid}/render", headers=api.auth())).json()[
        "download_url"
    ]
    assert (await api.client.get(download_url)).status_code == 200
    pending = (await api.client.post("/sessions", headers=api.auth())).json()["upload"]

    api.state.store.disable_account(api.account_id, api.clock())

    refused = await api.client.post(pending["action"], files=upload_files(pending, input_zip()))
    assert_access_denied(refused, "The account of this upload form is disabled")
    assert not await api.state.storage.exists(pending["params"]["key"])  # nothing was kept
    assert_access_denied(await api.client.get(download_url), "The account of this download URL is disabled")
    assert (await api.client.get("/sessions", headers=api.auth())).status_code == 401


async def test_another_accounts_forms_and_urls_keep_working(api: Api) -> None:
    other_id, other_token = api.new_account()
    created = (await api.client.post("/sessions", headers=api.auth())).json()
    api.state.store.disable_account(other_id, api.clock())
    upload = created["upload"]
    assert (
        await api.client.post(upload["action"], files=upload_files(upload, input_zip()))
    ).status_code == 204
    uid = created["session"]["uuid"]
    download_url = (await api.client.post(f"/sessions/{uid}/render", headers=api.auth())).json()[
        "download_url"
    ]
    assert (await api.client.get(download_url)).status_code == 200
    assert (await api.client.get("/sessions", headers=api.auth(other_token))).status_code == 401

"""A full disk under the built-in storage: the staging file goes, nothing partial becomes an object,
and the answers say so (the storage endpoint in S3's XML, 503; the API in JSON, 507), with Retry-After.

The disk is full for real: the staging file the storage writes to is a link to ``/dev/full``, the
device whose every write fails with ENOSPC, as a write to a full file system does.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from deckkit_server.storage.local import LocalStorage
from tests.server.conftest import Api, console_csrf, input_zip, upload_files

pytestmark = pytest.mark.anyio


def _fill_the_disk(storage: LocalStorage) -> Callable[[], None]:
    """From now on every staging file the storage makes is on a full disk; returns the undo."""
    real = storage.incoming_path

    def on_full_disk() -> Path:
        path = real()
        path.symlink_to("/dev/full")
        return path

    storage.incoming_path = on_full_disk  # type: ignore[method-assign]
    return lambda: setattr(storage, "incoming_path", real)


def _incoming(storage: LocalStorage) -> list[str]:
    return os.listdir(storage.folder / ".incoming")


def test_dev_full_is_a_full_disk() -> None:
    with pytest.raises(OSError, match="No space left") as full, open("/dev/full", "wb") as handle:  # noqa: PT012
        handle.write(b"x")
        handle.flush()
    assert full.value.errno == errno.ENOSPC


async def test_an_upload_to_a_full_disk_is_s3s_503_and_leaves_nothing(api: Api) -> None:
    storage = api.state.storage
    created = (await api.client.post("/sessions", headers=api.auth())).json()
    upload = created["upload"]
    _fill_the_disk(storage)
    response = await api.client.post(upload["action"], files=upload_files(upload, input_zip()))
    assert response.status_code == 503, response.text
    assert response.headers["content-type"].startswith("application/xml")
    assert "<Code>ServiceUnavailable</Code>" in response.text
    assert "storage is full" in response.text
    assert response.headers["Retry-After"] == "60"
    assert _incoming(storage) == []  # the staging file is gone
    assert not await storage.exists(upload["params"]["key"])  # nothing partial became an object


async def test_a_render_whose_output_meets_a_full_disk_is_507_and_can_be_rendered_again(api: Api) -> None:
    storage = api.state.storage
    created = (await api.client.post("/sessions", headers=api.auth())).json()
    upload = created["upload"]
    assert (
        await api.client.post(upload["action"], files=upload_files(upload, input_zip()))
    ).status_code == 204
    uid = created["session"]["uuid"]
    free_the_disk = _fill_the_disk(storage)
    response = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
    assert response.status_code == 507, response.text
    assert response.json()["error"]["code"] == "insufficient_storage"
    assert response.headers["Retry-After"] == "60"
    assert _incoming(storage) == []
    assert not await storage.exists(f"sessions/{uid}/output.pptx")
    session = (await api.client.get(f"/sessions/{uid}", headers=api.auth())).json()["session"]
    assert session["rendered_at"] is None  # nothing recorded: the session waits for space

    free_the_disk()
    again = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
    assert again.status_code == 200, again.text
    assert again.json()["session"]["render_succeeded"] is True


async def test_the_consoles_try_form_on_a_full_disk_says_so_in_its_page(api: Api) -> None:
    csrf = await console_csrf(api.client, api.token)
    _fill_the_disk(api.state.storage)
    response = await api.client.post(
        "/console/try", data={"csrf": csrf}, files={"zip": ("input.zip", input_zip(), "application/zip")}
    )
    assert response.status_code == 507
    assert response.headers["content-type"].startswith("text/html")
    assert "Not rendered: the server" in response.text
    assert "storage is full. Please try again later." in response.text
    assert _incoming(api.state.storage) == []


@pytest.mark.parametrize("storage_api", ["s3"], indirect=True)
async def test_a_full_disk_for_the_copy_of_an_s3_input_is_507_and_leaves_no_file(
    storage_api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = storage_api
    created = (await api.client.post("/sessions", headers=api.auth())).json()
    upload = created["upload"]
    assert (
        await api.client.post(upload["action"], files=upload_files(upload, input_zip()))
    ).status_code == 204
    copies: list[str] = []

    def download_to_a_full_disk(bucket: str, key: str, filename: str) -> None:
        copies.append(filename)  # the temporary file boto3 would fill, on a disk that has no room
        raise OSError(errno.ENOSPC, "No space left on device", filename)

    monkeypatch.setattr(api.state.storage.client, "download_file", download_to_a_full_disk)
    uid = created["session"]["uuid"]
    response = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
    assert response.status_code == 507, response.text
    assert response.json()["error"]["code"] == "insufficient_storage"
    assert copies
    assert not any(os.path.exists(copy) for copy in copies)  # the temporary copy is gone
    monkeypatch.undo()
    again = await api.client.post(f"/sessions/{uid}/render", headers=api.auth())
    assert again.status_code == 200, again.text

"""Sessions and their files are deleted 24 hours after creation by the periodic sweep."""

from __future__ import annotations

import anyio
import pytest

from deckkit_server.retention import purge_expired, run_retention
from tests.server.conftest import Api, input_zip, upload_files

pytestmark = pytest.mark.anyio


async def rendered_session(api: Api) -> dict:
    created = (await api.client.post("/sessions", headers=api.auth())).json()
    await api.client.post(created["upload"]["action"], files=upload_files(created["upload"], input_zip()))
    await api.client.post(f"/sessions/{created['session']['uuid']}/render", headers=api.auth())
    return created


async def test_purge_deletes_expired_sessions_and_files(api: Api) -> None:
    created = await rendered_session(api)
    uid = created["session"]["uuid"]
    record = api.state.store.session_by_uuid(uid)
    storage = api.state.storage
    assert await storage.exists(record.output_key)
    assert await storage.exists(record.upload_key)
    api.clock.advance(24 * 3600 - 1)
    assert await purge_expired(api.state) == 0
    api.clock.advance(1)
    assert await purge_expired(api.state) == 1
    assert api.state.store.session_by_uuid(uid) is None
    assert not await storage.exists(record.output_key)
    assert not await storage.exists(record.upload_key)
    assert list((storage.folder / storage.bucket).iterdir()) == []  # no empty session folders left


async def test_periodic_task_runs_the_sweep(api: Api) -> None:
    created = await rendered_session(api)
    api.clock.advance(25 * 3600)
    api.state.settings = api.state.settings.with_(retention_interval=0.01)
    with anyio.move_on_after(0.5):
        await run_retention(api.state)
    assert api.state.store.session_by_uuid(created["session"]["uuid"]) is None


async def test_an_upload_into_a_replaced_session_is_swept_too(api: Api) -> None:
    import os

    replaced = (await api.client.post("/sessions", headers=api.auth())).json()
    live = (await api.client.post("/sessions", headers=api.auth())).json()  # deletes the first session
    assert api.state.store.session_by_uuid(replaced["session"]["uuid"]) is None
    storage = api.state.storage
    refused = await api.client.post(
        replaced["upload"]["action"], files=upload_files(replaced["upload"], b"zip")
    )
    assert refused.status_code == 403  # the replaced session's form is refused (issue 13) ...
    # ... but a file of no session can still be left behind (a process killed mid-upload, or an
    # older server version): the sweep deletes it.
    await storage.write(replaced["upload"]["params"]["key"], b"zip", "application/zip")
    for created in (replaced, live):
        upload = created["upload"]
        if created is live:
            assert (
                await api.client.post(upload["action"], files=upload_files(upload, input_zip()))
            ).status_code == 204
        written = api.clock() / 1_000_000  # file times follow the injected clock, as in production
        path = storage.path_of(upload["params"]["key"])
        for touched in (path, path.parent, path.parent.parent):
            os.utime(touched, (written, written))
    orphan, kept = replaced["upload"]["params"]["key"], live["upload"]["params"]["key"]
    leftover = storage.incoming_path()  # a process died mid-upload
    leftover.write_bytes(b"partial")
    os.utime(leftover, (written, written))
    api.clock.advance(24 * 3600 - 1)
    assert await purge_expired(api.state) == 0
    assert await storage.exists(orphan)
    assert await storage.exists(kept)
    api.clock.advance(3600 + 2)
    assert await purge_expired(api.state) == 1
    assert not await storage.exists(kept)
    assert not await storage.exists(orphan)
    assert list((storage.folder / storage.bucket / "sessions").iterdir()) == []  # its folder went too
    assert not leftover.exists()
    assert (storage.folder / ".incoming").is_dir()

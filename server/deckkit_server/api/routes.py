"""The six operations of the session interface (five here; the upload goes to storage)."""

from __future__ import annotations

import re
import uuid as uuidlib

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from deckkit.wire import SessionList, SessionWithDownload, SessionWithUpload, UploadForm
from deckkit_server.api.auth import api_endpoint
from deckkit_server.api.render_request import render_asked
from deckkit_server.api.shapes import session_model, session_summary_model, wire_response
from deckkit_server.problems import APIProblem, not_found
from deckkit_server.rendering import claim_stale_before, render_session, upload_key_for
from deckkit_server.retention import delete_session_files
from deckkit_server.state import ServerState
from deckkit_server.store import Account, SessionRecord

__all__ = ["api_routes"]

_CANONICAL_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\Z")


def _upload_form(request: Request, state: ServerState, record: SessionRecord) -> UploadForm:
    return state.storage.upload_form(record.upload_key, base_url=state.base_url(request), now=state.clock())


def _download_url(request: Request, state: ServerState, record: SessionRecord, key: str | None) -> str | None:
    if not record.render_succeeded or key is None:
        return None
    return state.storage.download_url(
        key,
        base_url=state.base_url(request),
        now=state.clock(),
        filename=f"{record.uuid}.{key.rsplit('.', 1)[1]}",
    )


async def _session_of(request: Request, state: ServerState, account: Account) -> SessionRecord:
    uuid = request.path_params["uuid"]
    if not _CANONICAL_UUID.match(uuid):  # {..}, urn:uuid:, undashed and upper-case forms name nothing
        raise not_found(uuid)
    record = await state.reads.session(account.id, uuid, state.clock())
    if record is None:
        raise not_found(uuid)
    return record


def _with_download(request: Request, state: ServerState, record: SessionRecord) -> Response:
    body = SessionWithDownload(
        session=session_model(record),
        download_url=_download_url(request, state, record, record.output_key),
        pdf_download_url=_download_url(request, state, record, record.pdf_key),
        pdf_message=record.pdf_message if record.render_succeeded and record.pdf_key is None else None,
    )
    return wire_response(body)


@api_endpoint
async def create_session(request: Request, state: ServerState, account: Account) -> Response:
    uuid = str(uuidlib.uuid4())
    now = state.clock()
    record, replaced = await state.db(
        state.store.create_session, account.id, uuid, upload_key_for(uuid), now, claim_stale_before(now)
    )
    await delete_session_files(state, replaced)
    body = SessionWithUpload(session=session_model(record), upload=_upload_form(request, state, record))
    return wire_response(body, status_code=201)


@api_endpoint
async def list_sessions(request: Request, state: ServerState, account: Account) -> Response:
    records = await state.db(state.store.list_sessions, account.id, state.clock())
    return wire_response(SessionList(sessions=[session_summary_model(r) for r in records]))


@api_endpoint
async def get_session(request: Request, state: ServerState, account: Account) -> Response:
    record = await _session_of(request, state, account)
    return wire_response(
        SessionWithUpload(session=session_model(record), upload=_upload_form(request, state, record))
    )


@api_endpoint
async def render(request: Request, state: ServerState, account: Account) -> Response:
    asked = await render_asked(request)
    record = await render_session(
        state, await _session_of(request, state, account), asked.formats, strict=asked.strict
    )
    return _with_download(request, state, record)


@api_endpoint
async def download_url(request: Request, state: ServerState, account: Account) -> Response:
    record = await _session_of(request, state, account)
    if not record.is_rendered:
        raise APIProblem(409, "not_rendered", "this session has not been rendered yet: call render first")
    if not record.render_succeeded:
        raise APIProblem(
            409,
            "render_failed",
            f"the render of this session failed, so there is no file: {record.render_message}",
        )
    return _with_download(request, state, record)


async def sessions(request: Request) -> Response:
    """``/sessions`` is one resource with two methods (so 405 answers list both in ``Allow``)."""
    return await (create_session if request.method == "POST" else list_sessions)(request)


def api_routes() -> list[Route]:
    return [
        Route("/sessions", sessions, methods=["GET", "POST"]),
        Route("/sessions/{uuid}", get_session, methods=["GET"]),
        Route("/sessions/{uuid}/render", render, methods=["POST"]),
        Route("/sessions/{uuid}/download_url", download_url, methods=["POST"]),
    ]

"""Console pages: sign in with an API token, tokens, sessions, and a try-it render.

The token lives in an HttpOnly, SameSite=Strict cookie scoped to /console; every form also
carries a CSRF value derived from the token, which a third-party page cannot know.
"""

from __future__ import annotations

import hashlib
import hmac
import uuid as uuidlib

from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from deckkit_server.api.routes import base_url_of
from deckkit_server.clock import format_timestamp
from deckkit_server.console.html import esc, page
from deckkit_server.rendering import claim_stale_before, render_session, upload_key_for
from deckkit_server.retention import delete_session_files
from deckkit_server.settings import MAX_UPLOAD_BYTES
from deckkit_server.state import ServerState
from deckkit_server.storage.base import INPUT_CONTENT_TYPE
from deckkit_server.store import Account

__all__ = ["routes"]

COOKIE = "deckkit_console"


def _csrf(token: str) -> str:
    return hashlib.sha256(f"console-csrf:{token}".encode()).hexdigest()[:32]


def _state(request: Request) -> ServerState:
    state: ServerState = request.app.state.deckkit
    return state


async def _signed_in(request: Request) -> tuple[Account, str] | None:
    token = request.cookies.get(COOKIE)
    if not token:
        return None
    state = _state(request)
    account = await state.db(state.store.authenticate, token, state.clock())
    return (account, token) if account else None


async def _form_checked(request: Request, token: str, *, max_files: int = 0) -> dict[str, str | bytes] | None:
    """The form's fields (files as bytes, at most 50 MB + 1), or None when the CSRF value is wrong.

    Only the try-render form carries a file; every other form takes none, so that a signed-in
    page cannot be used to park files on the server's disk.
    """
    async with request.form(max_files=max_files, max_fields=20, max_part_size=MAX_UPLOAD_BYTES + 1) as form:
        if not hmac.compare_digest(str(form.get("csrf", "")), _csrf(token)):
            return None
        fields: dict[str, str | bytes] = {}
        for name, value in form.multi_items():
            fields[name] = await value.read(MAX_UPLOAD_BYTES + 1) if isinstance(value, UploadFile) else value
        return fields


def _sign_in_page(message: str = "", status: int = 200) -> Response:
    error = f'<p class="error">{esc(message)}</p>' if message else ""
    body = (
        f"<section>{error}<form method='post' action='/console/sign-in'>"
        "<label>API token <input name='token' type='password' size='70' autocomplete='off' required></label> "
        "<button type='submit'>Sign in</button></form>"
        "<p>No token yet? Run <code>deckkit token create</code> on the server.</p></section>"
    )
    return HTMLResponse(page("Sign in", body), status_code=status)


async def _dashboard(
    request: Request, account: Account, token: str, notice: str = "", status: int = 200
) -> Response:
    state = _state(request)
    now = state.clock()
    sessions = await state.db(state.store.list_sessions, account.id, now)
    tokens = await state.db(state.store.list_tokens, account.id)
    csrf = _csrf(token)
    hidden = f'<input type="hidden" name="csrf" value="{esc(csrf)}">'
    session_rows = "".join(
        f"<tr><td><code>{esc(s.uuid)}</code></td><td>{esc(format_timestamp(s.created_at))}</td>"
        f"<td>{esc(format_timestamp(s.rendered_at) or '-')}</td>"
        f"<td>{'-' if s.render_succeeded is None else ('succeeded' if s.render_succeeded else 'failed')}</td>"
        f"<td>{esc(s.render_message or '')}</td></tr>"
        for s in sessions
    )
    token_rows = "".join(
        f"<tr><td><code>{esc(t.id)}</code></td><td>{esc(t.name)}</td><td>{esc(format_timestamp(t.created_at))}</td>"
        f"<td>{esc(format_timestamp(t.last_used_at) or '-')}</td><td>"
        + (
            f"revoked {esc(format_timestamp(t.revoked_at))}"
            if t.revoked_at
            else f'<form class="inline" method="post" action="/console/tokens/{esc(t.id)}/revoke">{hidden}'
            f'<button type="submit">Revoke</button></form>'
        )
        + "</td></tr>"
        for t in tokens
    )
    body = (
        f"{notice}<section><h2>Try a render</h2><form method='post' action='/console/try' "
        f"enctype='multipart/form-data'>{hidden}<input type='file' name='zip' accept='.zip' required> "
        "<button type='submit'>Render</button></form><p>The zip holds <code>template.pptx</code> and "
        "<code>data.json</code> (and any images or videos it names).</p></section>"
        f"<section><h2>Sessions (last 24 hours)</h2><table><tr><th>uuid</th><th>created</th><th>rendered</th>"
        f"<th>result</th><th>message</th></tr>{session_rows}</table></section>"
        f"<section><h2>API tokens</h2><table><tr><th>id</th><th>name</th><th>created</th><th>last used</th><th></th>"
        f"</tr>{token_rows}</table><form method='post' action='/console/tokens'>{hidden}"
        "<label>Name <input name='name' required maxlength='100'></label> <button type='submit'>Create token</button>"
        "</form></section>"
    )
    return HTMLResponse(page(f"Account {account.name}", body, signed_in=True, csrf=csrf), status_code=status)


async def home(request: Request) -> Response:
    signed = await _signed_in(request)
    if signed is None:
        return _sign_in_page()
    return await _dashboard(request, *signed)


async def sign_in(request: Request) -> Response:
    # No token yet, so no file parts: Starlette would spool them to disk without a size limit.
    async with request.form(max_files=0, max_fields=20) as form:
        token = str(form.get("token", "")).strip()
    state = _state(request)
    if not token or await state.db(state.store.authenticate, token, state.clock()) is None:
        return _sign_in_page("That token is unknown or revoked.", status=401)
    response = RedirectResponse("/console", status_code=303)
    # Behind a proxy that terminates TLS the request is plain http; the public URL says https.
    public_https = (state.settings.public_url or "").lower().startswith("https:")
    response.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/console",
                        secure=public_https or request.url.scheme == "https")  # fmt: skip
    return response


async def sign_out(request: Request) -> Response:
    response = RedirectResponse("/console", status_code=303)
    response.delete_cookie(COOKIE, path="/console")
    return response


async def create_token(request: Request) -> Response:
    signed = await _signed_in(request)
    if signed is None:
        return RedirectResponse("/console", status_code=303)
    account, token = signed
    form = await _form_checked(request, token)
    if form is None:
        return HTMLResponse(page("Refused", "<p class='error'>The form is stale; reload the page.</p>"), 403)
    state = _state(request)
    name = str(form.get("name", "")).strip()[:100] or "token"
    _, new = await state.db(state.store.create_token, account.id, name, state.clock())
    notice = (f"<section><p class='ok'>Token “{esc(name)}” created. It is shown once; copy it now:</p>"
              f"<code class='token'>{esc(new)}</code></section>")  # fmt: skip
    return await _dashboard(request, account, token, notice, status=201)


async def revoke_token(request: Request) -> Response:
    signed = await _signed_in(request)
    if signed is None:
        return RedirectResponse("/console", status_code=303)
    account, token = signed
    if await _form_checked(request, token) is None:
        return HTMLResponse(page("Refused", "<p class='error'>The form is stale; reload the page.</p>"), 403)
    state = _state(request)
    await state.db(state.store.revoke_token, request.path_params["token_id"], state.clock(), account.id)
    return RedirectResponse("/console", status_code=303)


async def try_render(request: Request) -> Response:
    signed = await _signed_in(request)
    if signed is None:
        return RedirectResponse("/console", status_code=303)
    account, token = signed
    form = await _form_checked(request, token, max_files=1)
    if form is None:
        return HTMLResponse(page("Refused", "<p class='error'>The form is stale; reload the page.</p>"), 403)
    content = form.get("zip")
    if not isinstance(content, bytes) or not content or len(content) > MAX_UPLOAD_BYTES:
        return await _dashboard(request, account, token, "<p class='error'>The zip must hold 1 byte to 50 MB.</p>",
                                status=400)  # fmt: skip
    state = _state(request)
    uid = str(uuidlib.uuid4())
    now = state.clock()
    record, replaced = await state.db(
        state.store.create_session, account.id, uid, upload_key_for(uid), now, claim_stale_before(now)
    )
    await delete_session_files(state, replaced)
    await state.storage.write(record.upload_key, content, INPUT_CONTENT_TYPE)
    result = await render_session(state, record)
    if result.render_succeeded and result.output_key:
        url = state.storage.download_url(result.output_key, base_url=base_url_of(request, state), now=state.clock(),
                                         filename=f"{result.uuid}.pptx")  # fmt: skip
        notice = (f"<section><p class='ok'>Rendered {result.render_slide_count} slides.</p>"
                  f"<p><a href='{esc(url)}'>Download the deck</a> (link valid 5 minutes)</p></section>")  # fmt: skip
    else:
        notice = f"<section><p class='error'>The render failed:</p><pre>{esc(result.render_message)}</pre></section>"
    return await _dashboard(request, account, token, notice)


def routes() -> list[BaseRoute]:
    return [
        Route("/", home, methods=["GET"]),
        Route("/sign-in", sign_in, methods=["POST"]),
        Route("/sign-out", sign_out, methods=["POST"]),
        Route("/tokens", create_token, methods=["POST"]),
        Route("/tokens/{token_id}/revoke", revoke_token, methods=["POST"]),
        Route("/try", try_render, methods=["POST"]),
    ]

"""Console pages: sign in with an API token, tokens, sessions, and a try-it render.

Signing in trades the API token for a console credential of its own (random, stored hashed,
expiring after CONSOLE_SESSION_SECONDS, ended by sign-out and by revoking the token or
disabling the account); the cookie holds only that credential, HttpOnly, SameSite=Strict,
scoped to /console. Every form carries a CSRF value (derived from the credential once signed
in, a double-submit cookie before), every POST must come from this origin, every form is
bounded by what it needs, and the signed-in pages count against a per-account rate limit.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import uuid as uuidlib
from collections.abc import Awaitable, Callable
from pathlib import Path

from starlette.datastructures import UploadFile
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route

from deckkit.errors import Problem
from deckkit.words import counted
from deckkit_server.clock import format_timestamp
from deckkit_server.console.guard import FormTooLargeError, SecurityHeaders, bounded_form, same_origin
from deckkit_server.console.html import esc, page, short_id, short_time
from deckkit_server.problems import APIProblem
from deckkit_server.rendering import claim_stale_before, render_session, upload_key_for
from deckkit_server.retention import delete_session_files
from deckkit_server.settings import MAX_UPLOAD_BYTES
from deckkit_server.state import ServerState
from deckkit_server.storage.base import INPUT_CONTENT_TYPE, StorageFull, is_disk_full
from deckkit_server.store import Account, SessionRecord

__all__ = ["CONSOLE_SESSION_SECONDS", "routes"]

COOKIE = "deckkit_console"
PRE_COOKIE = "deckkit_console_pre"  # the sign-in form's CSRF value (double submit), before any account
CONSOLE_SESSION_SECONDS = 8 * 60 * 60
# What each form may send: a few short fields; the try-render form one zip of at most 50 MiB.
_SMALL_FORM_BYTES = 8 * 1024
_FIELD_BYTES = 1024
_TRY_FORM_BYTES = MAX_UPLOAD_BYTES + 64 * 1024
_COPY_CHUNK_BYTES = 1024 * 1024
_PRE_VALUE = 43  # length of secrets.token_urlsafe(32)


def _csrf(credential: str) -> str:
    return hmac.new(credential.encode(), b"console-csrf", hashlib.sha256).hexdigest()[:32]


def _state(request: Request) -> ServerState:
    state: ServerState = request.app.state.deckkit
    return state


def _refused(message: str, status: int, headers: dict[str, str] | None = None) -> Response:
    return HTMLResponse(page("Refused", f"<p class='error'>{esc(message)}</p>"), status, headers=headers)


def _stale_form() -> Response:
    return _refused("The form is stale; reload the page.", 403)


def _too_large() -> Response:
    # The rest of the body is not read: close the connection rather than wait for it.
    return _refused("The form is larger than this page ever sends.", 413, {"Connection": "close"})


def _throttled(message: str, wait: int) -> Response:
    return _refused(message, 429, {"Retry-After": str(wait)})


def _cross_site() -> Response:
    return _refused("This form must be sent from the console's own pages.", 403)


async def _signed_in(request: Request) -> tuple[Account, str] | None:
    credential = request.cookies.get(COOKIE)
    if not credential:
        return None
    state = _state(request)
    account = await state.db(state.store.console_account, credential, state.clock())
    return (account, credential) if account else None


SignedInHandler = Callable[[Request, Account, str], Awaitable[Response]]


def signed_in_page(handler: SignedInHandler) -> Callable[[Request], Awaitable[Response]]:
    """Same origin (POST), signed in (else to the sign-in page), and the account's console rate limit."""

    async def endpoint(request: Request) -> Response:
        state = _state(request)
        if request.method == "POST" and not same_origin(request, state.settings.public_url):
            return _cross_site()
        signed = await _signed_in(request)
        if signed is None:
            return (
                RedirectResponse("/console", status_code=303)
                if request.method == "POST"
                else _sign_in_page(request)
            )
        decision = await state.limiter.hit(f"console:{signed[0].id}", state.clock())
        if not decision.allowed:
            return _refused(
                f"More than {decision.limit} console requests in a minute; retry in "
                f"{decision.headers()['Retry-After']} seconds.",
                429,
                decision.headers(),
            )
        try:
            return await handler(request, *signed)
        except FormTooLargeError:
            return _too_large()

    return endpoint


async def _form_checked(request: Request, credential: str, *, fields: int) -> dict[str, str] | None:
    """The form's fields, or None when the CSRF value is wrong.

    Every form but the try-render one (``_received_zip``) takes no file and a few short fields,
    so that a signed-in page can neither park files on disk nor fill memory.
    """
    async with bounded_form(
        request, max_bytes=_SMALL_FORM_BYTES, max_fields=fields, max_part_size=_FIELD_BYTES
    ) as form:
        if not hmac.compare_digest(str(form.get("csrf", "")), _csrf(credential)):
            return None
        return {name: value for name, value in form.multi_items() if isinstance(value, str)}


def _pre_value(request: Request) -> str:
    value = request.cookies.get(PRE_COOKIE, "")
    return value if len(value) == _PRE_VALUE else secrets.token_urlsafe(32)


def _cookie_secure(request: Request) -> bool:
    # Behind a proxy that terminates TLS the request is plain http; the public URL says https.
    public_https = (_state(request).settings.public_url or "").lower().startswith("https:")
    return public_https or request.url.scheme == "https"


def _sign_in_page(request: Request, message: str = "", status: int = 200) -> Response:
    error = f'<p class="error">{esc(message)}</p>' if message else ""
    pre = _pre_value(request)
    body = (
        f"<section>{error}<form method='post' action='/console/sign-in'>"
        f"<input type='hidden' name='csrf' value='{esc(pre)}'>"
        "<label>API token <input name='token' type='password' size='70' autocomplete='off' required></label> "
        "<button type='submit'>Sign in</button></form>"
        "<p>No token yet? Run <code>deckkit token create</code> on the server.</p></section>"
    )
    response = HTMLResponse(page("Sign in", body), status_code=status)
    response.set_cookie(
        PRE_COOKIE, pre, httponly=True, samesite="strict", path="/console", secure=_cookie_secure(request)
    )
    return response


async def _dashboard(
    request: Request, account: Account, credential: str, notice: str = "", status: int = 200
) -> Response:
    state = _state(request)
    now = state.clock()
    sessions = await state.db(state.store.list_sessions, account.id, now)
    tokens = await state.db(state.store.list_tokens, account.id)
    csrf = _csrf(credential)
    hidden = f'<input type="hidden" name="csrf" value="{esc(csrf)}">'
    session_rows = "".join(_session_row(s) for s in sessions)
    token_rows = "".join(
        f'<tr><td data-label="id">{short_id(t.id)}</td><td data-label="name">{esc(t.name)}</td>'
        f'<td data-label="created">{short_time(format_timestamp(t.created_at))}</td>'
        f'<td data-label="last used">{short_time(format_timestamp(t.last_used_at))}</td><td data-label="">'
        + (
            f"revoked {short_time(format_timestamp(t.revoked_at))}"
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
        "<label><input type='checkbox' name='pdf' value='1'> and a PDF</label> "
        "<button type='submit'>Render</button></form><p>The zip holds <code>template.pptx</code> and "
        "<code>data.json</code> (and any images or videos it names).</p></section>"
        f"<section><h2>Sessions (last 24 hours)</h2><table><tr class='head'><th>uuid</th><th>created</th>"
        f"<th>rendered</th><th>result</th><th>deck</th><th>message</th></tr>{session_rows}</table></section>"
        f"<section><h2>API tokens</h2><table><tr class='head'><th>id</th><th>name</th><th>created</th>"
        f"<th>last used</th><th></th></tr>{token_rows}</table><form method='post' action='/console/tokens'>{hidden}"
        "<label>Name <input name='name' required maxlength='100'></label> <button type='submit'>Create token</button>"
        "</form></section>"
    )
    return HTMLResponse(page(f"Account {account.name}", body, account=account, csrf=csrf), status_code=status)


def _warnings_list(record: SessionRecord) -> str:
    """A render's warnings under its result, each with its data path, as the SDK and CLI give them."""
    if not record.render_warnings:
        return ""
    items = "".join(
        f"<li>{esc(str(Problem(path, message)))}</li>" for _, path, message in record.render_warnings
    )
    return f"<p class='warn'>With {counted(len(record.render_warnings), 'warning')}:</p><ul class='warn'>{items}</ul>"


def _session_row(s: SessionRecord) -> str:
    result = "-" if s.render_succeeded is None else ("succeeded" if s.render_succeeded else "failed")
    # Kept as long as the session is listed: the link asks for a fresh signed URL when followed.
    deck = (
        f'<a href="/console/sessions/{esc(s.uuid)}/download">Download</a>'
        if s.render_succeeded and s.output_key
        else "-"
    )
    if s.render_succeeded and s.pdf_key:
        deck += f' · <a href="/console/sessions/{esc(s.uuid)}/pdf">PDF</a>'
    return (
        f'<tr><td data-label="uuid">{short_id(s.uuid)}</td>'
        f'<td data-label="created">{short_time(format_timestamp(s.created_at))}</td>'
        f'<td data-label="rendered">{short_time(format_timestamp(s.rendered_at))}</td>'
        f'<td data-label="result">{result}</td><td data-label="deck">{deck}</td>'
        f'<td data-label="message" class="message">{esc(_row_message(s))}</td></tr>'
    )


def _row_message(s: SessionRecord) -> str:
    if s.render_message:
        return s.render_message
    said = [s.pdf_message] if s.render_succeeded and s.pdf_message else []
    if s.render_warnings:
        said.append(counted(len(s.render_warnings), "warning"))
    return "; ".join(said)


async def download(request: Request, account: Account, credential: str) -> Response:
    """A session's deck, through a fresh signed URL (a page's links outlive a 5-minute URL)."""
    return await _redirect_to_file(request, account, "pptx", "That deck is no longer kept")


async def download_pdf(request: Request, account: Account, credential: str) -> Response:
    """A session's PDF, through a fresh signed URL."""
    return await _redirect_to_file(request, account, "pdf", "That PDF is not kept")


async def _redirect_to_file(request: Request, account: Account, extension: str, gone: str) -> Response:
    """A redirect to a fresh signed URL of the session's ``.pptx`` or ``.pdf``; 404 saying ``gone``
    when the session has none (any more)."""
    state = _state(request)
    record = await state.reads.session(account.id, request.path_params["uuid"], state.clock())
    key = None
    if record is not None and record.render_succeeded:
        key = record.pdf_key if extension == "pdf" else record.output_key
    if record is None or key is None:
        return _refused(f"{gone}: sessions and their files last 24 hours.", 404)
    return RedirectResponse(_signed(request, key, f"{record.uuid}.{extension}"), status_code=303)


def _signed(request: Request, key: str, filename: str) -> str:
    state = _state(request)
    return state.storage.download_url(
        key, base_url=state.base_url(request), now=state.clock(), filename=filename
    )


async def home(request: Request, account: Account, credential: str) -> Response:
    return await _dashboard(request, account, credential)


async def sign_in(request: Request) -> Response:
    state = _state(request)
    if not same_origin(request, state.settings.public_url):
        return _cross_site()
    address = request.client.host if request.client else "unknown"
    try:
        # No token yet, so no file parts at all and a few short fields.
        async with bounded_form(
            request, max_bytes=_SMALL_FORM_BYTES, max_fields=2, max_part_size=_FIELD_BYTES
        ) as form:
            token = str(form.get("token", "")).strip()
            csrf = str(form.get("csrf", ""))
    except FormTooLargeError:
        return _too_large()
    pre = request.cookies.get(PRE_COOKIE, "")
    if len(pre) != _PRE_VALUE or not hmac.compare_digest(csrf, pre):
        return _sign_in_page(request, "The sign-in form is stale; sign in again.", status=403)
    now = state.clock()
    failures = state.sign_in_failures
    wait = failures.credential_retry_after(token, now)
    if wait is not None:  # this very token failed again and again: not looked up once more
        return _throttled(f"That token failed too often; retry in {wait} seconds.", wait)
    opened = await state.db(
        state.store.open_console_session, token, now, now + CONSOLE_SESSION_SECONDS * 1_000_000
    )
    if opened is None:
        wait = failures.address_retry_after(address, now)  # the address had its failures already
        failures.record(address, token, now)
        if wait is not None:
            return _throttled(
                f"Too many failed sign-ins from your address; retry in {wait} seconds "
                "(a valid token signs in meanwhile).",
                wait,
            )
        return _sign_in_page(request, "That token is unknown or revoked.", status=401)
    credential, _ = opened
    response = RedirectResponse("/console", status_code=303)
    response.set_cookie(
        COOKIE,
        credential,
        max_age=CONSOLE_SESSION_SECONDS,
        httponly=True,
        samesite="strict",
        path="/console",
        secure=_cookie_secure(request),
    )
    response.delete_cookie(PRE_COOKIE, path="/console")
    return response


async def sign_out(request: Request, account: Account, credential: str) -> Response:
    if await _form_checked(request, credential, fields=1) is None:
        return _stale_form()
    state = _state(request)
    await state.db(state.store.close_console_session, credential)
    response = RedirectResponse("/console", status_code=303)
    response.delete_cookie(COOKIE, path="/console")
    return response


async def create_token(request: Request, account: Account, credential: str) -> Response:
    form = await _form_checked(request, credential, fields=2)
    if form is None:
        return _stale_form()
    state = _state(request)
    name = str(form.get("name", "")).strip()[:100] or "token"
    _, new = await state.db(state.store.create_token, account.id, name, state.clock())
    notice = (
        f"<section><p class='ok'>Token “{esc(name)}” created. It is shown once; copy it now:</p>"
        f"<code class='token'>{esc(new)}</code></section>"
    )
    return await _dashboard(request, account, credential, notice, status=201)


async def revoke_token(request: Request, account: Account, credential: str) -> Response:
    if await _form_checked(request, credential, fields=1) is None:
        return _stale_form()
    state = _state(request)
    await state.db(state.store.revoke_token, request.path_params["token_id"], state.clock(), account.id)
    return RedirectResponse("/console", status_code=303)


async def _received_zip(
    request: Request, credential: str, target: Path
) -> tuple[int, tuple[str, ...]] | None:
    """Copy the try form's zip into ``target`` in chunks (never whole in memory); its size and the
    formats asked beside the deck ("and a PDF"), or None when the CSRF value is wrong. A full disk
    raises StorageFull."""
    async with bounded_form(
        request, max_bytes=_TRY_FORM_BYTES, max_fields=3, max_files=1, max_part_size=_FIELD_BYTES
    ) as form:
        if not hmac.compare_digest(str(form.get("csrf", "")), _csrf(credential)):
            return None
        formats = ("pdf",) if form.get("pdf") == "1" else ()
        upload = form.get("zip")
        if not isinstance(upload, UploadFile):
            return 0, formats
        size = 0
        try:
            with target.open("wb") as out:
                while chunk := await upload.read(_COPY_CHUNK_BYTES):
                    size += len(chunk)
                    if size > MAX_UPLOAD_BYTES:
                        break
                    out.write(chunk)
        except OSError as error:
            if is_disk_full(error):
                raise StorageFull("no space left for the try form's zip") from error
            raise
        return size, formats


async def try_render(request: Request, account: Account, credential: str) -> Response:
    state = _state(request)
    staging = state.storage.staging_path()
    try:
        return await _try_render(request, account, credential, state, staging)
    except StorageFull:
        return await _try_again_later(request, account, credential, "the server's storage is full", 507)
    except APIProblem as problem:  # a render interrupted (its worker killed), a full queue
        return await _try_again_later(request, account, credential, problem.message, problem.status)
    finally:
        staging.unlink(missing_ok=True)


async def _try_render(
    request: Request, account: Account, credential: str, state: ServerState, staging: Path
) -> Response:
    received = await _received_zip(request, credential, staging)
    if received is None:
        return _stale_form()
    size, formats = received
    if not 0 < size <= MAX_UPLOAD_BYTES:
        return await _dashboard(
            request,
            account,
            credential,
            "<p class='error'>The zip must hold 1 byte to 50 MB.</p>",
            status=400,
        )
    uid = str(uuidlib.uuid4())
    now = state.clock()
    record, replaced = await state.db(
        state.store.create_session, account.id, uid, upload_key_for(uid), now, claim_stale_before(now)
    )
    await delete_session_files(state, replaced)
    await state.storage.store_file(record.upload_key, staging, INPUT_CONTENT_TYPE)
    result = await render_session(state, record, formats)
    if result.render_succeeded and result.output_key:
        url = _signed(request, result.output_key, f"{result.uuid}.pptx")
        pdf = no_pdf = ""
        if result.pdf_key:
            pdf_url = _signed(request, result.pdf_key, f"{result.uuid}.pdf")
            pdf = f" · <a href='{esc(pdf_url)}'>Download the PDF</a>"
        elif result.pdf_message:
            no_pdf = f"<p class='error'>No PDF: {esc(result.pdf_message)}</p>"
        notice = (
            f"<section><p class='ok'>Rendered {counted(result.render_slide_count or 0, 'slide')}.</p>"
            f"{_warnings_list(result)}"
            f"<p><a href='{esc(url)}'>Download the deck</a>{pdf} (links valid 5 minutes)</p>{no_pdf}</section>"
        )
    else:
        notice = f"<section><p class='error'>The render failed:</p><pre>{esc(result.render_message)}</pre></section>"
    return await _dashboard(request, account, credential, notice)


async def _try_again_later(
    request: Request, account: Account, credential: str, why: str, status: int
) -> Response:
    notice = f"<section><p class='error'>Not rendered: {esc(why)}. Please try again later.</p></section>"
    return await _dashboard(request, account, credential, notice, status=status)


def routes() -> list[BaseRoute]:
    pages = [
        Route("/", signed_in_page(home), methods=["GET"]),
        Route("/sign-in", sign_in, methods=["POST"]),
        Route("/sign-out", signed_in_page(sign_out), methods=["POST"]),
        Route("/tokens", signed_in_page(create_token), methods=["POST"]),
        Route("/tokens/{token_id}/revoke", signed_in_page(revoke_token), methods=["POST"]),
        Route("/try", signed_in_page(try_render), methods=["POST"]),
        Route("/sessions/{uuid}/download", signed_in_page(download), methods=["GET"]),
        Route("/sessions/{uuid}/pdf", signed_in_page(download_pdf), methods=["GET"]),
    ]
    return [Mount("/console", routes=pages, middleware=[Middleware(SecurityHeaders)])]

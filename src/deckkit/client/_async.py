"""``AsyncClient``: the session API over an async httpx client (asyncio or trio)."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import overload

import anyio
import httpx

from deckkit.client._base import (
    DEFAULT_MAX_RETRIES,
    ClientSettings,
    SessionRef,
    check_upload_form,
    checked_render,
    download_url_of,
    parse_json,
    parse_session_list,
    raise_for_status,
    render_body,
    session_uuid,
)
from deckkit.client._download import DownloadSink, content_length
from deckkit.client._exceptions import APIConnectionError, APITimeoutError, PermissionDeniedError
from deckkit.client._progress import ProgressCallback
from deckkit.client._rendered import RenderedDeck
from deckkit.client._types import (
    RenderResponse,
    SessionResponse,
    SessionSummary,
    UploadForm,
)
from deckkit.client._upload import UploadBody, UploadSource, ZipSource, check_size
from deckkit.warn import warn_render

__all__ = ["AsyncClient"]


class AsyncClient:
    """The async twin of :class:`deckkit.client.Client`: same methods, awaited.

    ``base_url`` and ``token`` default to ``DECKKIT_BASE_URL`` and ``DECKKIT_API_TOKEN``.
    Connection errors, timeouts, 429 and 5xx answers are retried ``max_retries`` times with
    exponential backoff (honouring ``Retry-After``). The token is sent to the API only, never to
    the storage addresses of the upload form and the download URL. Use it as an async context
    manager, or await ``close()``.
    """

    def __init__(
        self,
        base_url: str | None = None,
        token: str | None = None,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int = DEFAULT_MAX_RETRIES,
        headers: Mapping[str, str] | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self._settings = ClientSettings.resolve(base_url, token, timeout, max_retries, headers)
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else httpx.AsyncClient(follow_redirects=False)

    @property
    def base_url(self) -> str:
        return self._settings.base_url

    @property
    def max_retries(self) -> int:
        return self._settings.retry.max_retries

    # -- the endpoints ---------------------------------------------------------------------

    async def create_session(self) -> SessionResponse:
        """``POST /sessions``: a new session and the pre-signed form to upload its zip."""
        return parse_json(await self._api("POST", "/sessions"), SessionResponse)

    async def list_sessions(self) -> list[SessionSummary]:
        """``GET /sessions``: the sessions created in the last 24 hours."""
        return parse_session_list(await self._api("GET", "/sessions"))

    async def get_session(self, session: SessionRef) -> SessionResponse:
        """``GET /sessions/{uuid}``: the session and a fresh upload form."""
        return parse_json(await self._api("GET", f"/sessions/{session_uuid(session)}"), SessionResponse)

    async def upload(
        self,
        session: SessionRef | UploadForm,
        source: UploadSource,
        *,
        progress: ProgressCallback | None = None,
    ) -> None:
        """Post the zip (a Deck, a path, bytes or a binary file) to the session's upload form.

        Every ``upload.params`` field is sent in order, ``file`` last; the API token is not sent.
        """
        await self._upload_zip(session, ZipSource.of(source), progress)

    async def render_session(
        self,
        session: SessionRef,
        *,
        raise_on_failure: bool = True,
        formats: Sequence[str] | None = None,
        strict: bool = False,
    ) -> RenderResponse:
        """``POST /sessions/{uuid}/render``; raises RenderFailed unless ``raise_on_failure=False``.

        ``formats=["pdf"]`` asks for a PDF of the deck too: the answer's ``pdf_download_url``, or
        ``pdf_message`` saying why it was not made (the deck itself succeeded). With ``strict``
        a render that warns fails, every warning in ``render_message``; the warnings of a
        render that went through are in ``session.render_warnings``. Safe to retry: the
        server records the first render and answers it again (making the PDF, if asked, when the
        first render did not).
        """
        body = render_body(formats, strict)
        response = await self._api("POST", f"/sessions/{session_uuid(session)}/render", body)
        return checked_render(parse_json(response, RenderResponse), raise_on_failure)

    async def reissue_download_url(self, session: SessionRef) -> RenderResponse:
        """``POST /sessions/{uuid}/download_url``: a fresh download URL (they last 5 minutes)."""
        return parse_json(
            await self._api("POST", f"/sessions/{session_uuid(session)}/download_url"), RenderResponse
        )

    @overload
    async def download(
        self, source: str | RenderResponse, to: None = None, *, progress: ProgressCallback | None = None
    ) -> bytes: ...

    @overload
    async def download(
        self,
        source: str | RenderResponse,
        to: str | os.PathLike[str],
        *,
        progress: ProgressCallback | None = None,
    ) -> Path: ...

    async def download(
        self,
        source: str | RenderResponse,
        to: str | os.PathLike[str] | None = None,
        *,
        progress: ProgressCallback | None = None,
    ) -> bytes | Path:
        """Fetch the rendered pptx from a download URL: bytes, or written to ``to`` (a path)."""
        url = download_url_of(source)
        sink = DownloadSink(to, progress)

        async def consume(response: httpx.Response) -> None:
            sink.begin(content_length(response.headers))
            async for chunk in response.aiter_bytes():
                sink.write(chunk)

        try:
            raise_for_status(await self._send(lambda: self._settings.foreign_request("GET", url), consume))
            return sink.finish()
        finally:
            sink.discard()

    # -- the whole flow --------------------------------------------------------------------

    async def render(
        self,
        deck: UploadSource,
        *,
        to: str | os.PathLike[str] | None = None,
        raise_on_failure: bool = True,
        progress: ProgressCallback | None = None,
        formats: Sequence[str] | None = None,
        strict: bool = False,
    ) -> RenderedDeck:
        """Create a session, upload ``deck`` (a Deck or a zip), render, download the pptx.

        Returns a RenderedDeck (``content``, ``slide_count``, ``session``); with ``to=`` the
        pptx is also written there. A failed render raises RenderFailed, or with
        ``raise_on_failure=False`` comes back with ``succeeded`` False and the reason in
        ``session.render_message``. ``formats=["pdf"]`` downloads the deck's PDF too
        (``pdf``; ``pdf_message`` says why when the server could not make it). The render's
        warnings are given as Python warnings (the RenderWarning classes of a local render) and
        kept in ``warnings``; with ``strict`` they fail the render instead.
        """
        zip_source = ZipSource.of(deck)
        created = await self.create_session()
        await self._upload_zip(created, zip_source, progress)
        result = await self.render_session(
            created, raise_on_failure=raise_on_failure, formats=formats, strict=strict
        )
        if not result.succeeded:
            return RenderedDeck(session=result.session, download_url=result.download_url)
        try:
            content = await self.download(result, progress=progress)
        except PermissionDeniedError:
            # The URL lasts 5 minutes; a slow upload or a queue can outlive it. One fresh one.
            content = await self.download(await self.reissue_download_url(created), progress=progress)
        rendered = RenderedDeck(
            session=result.session,
            content=content,
            download_url=result.download_url,
            pdf=await self._pdf_of(created, result.pdf_download_url) if result.pdf_download_url else None,
            pdf_download_url=result.pdf_download_url,
            pdf_message=result.pdf_message,
        )
        if to is not None:
            rendered = rendered.model_copy(update={"path": rendered.save(to)})
        warn_render(rendered.warnings)
        return rendered

    # -- plumbing --------------------------------------------------------------------------

    async def _pdf_of(self, session: SessionResponse, url: str) -> bytes:
        try:
            return await self.download(url)
        except PermissionDeniedError:  # its 5 minutes are over: one fresh URL
            fresh = (await self.reissue_download_url(session)).pdf_download_url
            if fresh is None:
                raise
            return await self.download(fresh)

    async def _upload_zip(
        self, session: SessionRef | UploadForm, zip_source: ZipSource, progress: ProgressCallback | None
    ) -> None:
        form = await self._upload_form(session)
        check_upload_form(form)
        check_size(form, zip_source)

        def build() -> httpx.Request:
            body = UploadBody(form, zip_source, progress)
            return self._settings.foreign_request("POST", form.action, body.headers, body.__aiter__())

        raise_for_status(await self._send(build))

    async def _upload_form(self, session: SessionRef | UploadForm) -> UploadForm:
        if isinstance(session, UploadForm):
            return session
        if isinstance(session, SessionResponse):
            return session.upload
        return (await self.get_session(session)).upload

    async def _api(self, method: str, path: str, body: bytes | None = None) -> httpx.Response:
        return await self._send(lambda: self._settings.api_request(method, path, body))

    async def _send(
        self,
        build: Callable[[], httpx.Request],
        consume: Callable[[httpx.Response], Awaitable[None]] | None = None,
    ) -> httpx.Response:
        """Send with retries; ``consume`` reads a 2xx body as it streams (inside the retry)."""
        policy = self._settings.retry
        retries = 0
        while True:
            request = build()
            try:
                response = await self._http.send(request, stream=True)
                try:
                    if consume is not None and response.is_success:
                        await consume(response)
                    else:
                        await response.aread()
                finally:
                    await response.aclose()
            except httpx.TransportError as error:
                if retries < policy.max_retries:
                    await self._sleep(policy.delay(retries))
                    retries += 1
                    continue
                if isinstance(error, httpx.TimeoutException):
                    raise APITimeoutError(request=request) from error
                raise APIConnectionError(request=request) from error
            if policy.should_retry_status(response.status_code) and retries < policy.max_retries:
                await self._sleep(policy.delay(retries, response.headers))
                retries += 1
                continue
            return response

    async def _sleep(self, seconds: float) -> None:
        await anyio.sleep(seconds)

    async def close(self) -> None:
        """Close the connection pool (only the one this client made itself)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def __repr__(self) -> str:
        return f"<deckkit.AsyncClient {self.base_url}>"

"""The app factory: ``create_app(settings)`` wires store, storage, limiter and renderer together.

Backends follow the settings' URLs; with none set, everything is embedded in the data folder.
Resources open when the app is created (so an in-process client can use it at once) and close
at the end of the ASGI lifespan or through ``close_app``.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator

import anyio
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from deckkit_server.access import download_refusal, upload_refusal
from deckkit_server.api.docs import docs_routes
from deckkit_server.api.errors import exception_handlers
from deckkit_server.api.openapi import openapi_document
from deckkit_server.api.routes import api_routes
from deckkit_server.claim_release import release_pending_claims
from deckkit_server.clock import Clock, system_clock
from deckkit_server.console.pages import routes as console_routes
from deckkit_server.outages import outage_handlers
from deckkit_server.ratelimit import InProcessRateLimiter, RateLimiter, RedisRateLimiter
from deckkit_server.render_queue import RenderQueue
from deckkit_server.retention import run_retention
from deckkit_server.serving import BodyTimeout
from deckkit_server.settings import Settings, load_settings
from deckkit_server.state import ServerState
from deckkit_server.storage import open_storage
from deckkit_server.storage.base import StorageUnavailable
from deckkit_server.storage.local import LocalStorage
from deckkit_server.store import open_store
from deckkit_server.store.engine import CONCURRENT_CALLS
from deckkit_server.store.session_reads import open_session_reads
from deckkit_server.token_cache import TokenCache
from deckkit_server.worker import RenderPool

__all__ = ["close_app", "create_app"]


def _limiter(settings: Settings) -> RateLimiter:
    if settings.redis_url:
        return RedisRateLimiter(settings.redis_url, settings.rate_limit, settings.redis_prefix)
    return InProcessRateLimiter(settings.rate_limit)


def build_state(settings: Settings, clock: Clock = system_clock) -> ServerState:
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    built_in_storage = settings.resolved_storage_url.startswith("file:")
    storage_secret = settings.resolved_storage_secret() if built_in_storage else ""
    store = open_store(settings.resolved_database_url)
    db_limiter = anyio.CapacityLimiter(CONCURRENT_CALLS)
    token_cache = TokenCache(settings.auth_cache_seconds)
    store.add_revocation_listener(token_cache.invalidate)
    return ServerState(
        settings=settings,
        clock=clock,
        store=store,
        reads=open_session_reads(store, db_limiter),
        db_limiter=db_limiter,
        storage=open_storage(settings.resolved_storage_url, secret=storage_secret, clock=clock),
        limiter=_limiter(settings),
        renderer=RenderPool(
            target=settings.render_function,
            workers=settings.render_workers,
            timeout=settings.render_timeout,
            memory_mb=settings.render_memory_mb,
            pdf_timeout=settings.pdf_timeout,
            pdf_memory_mb=settings.pdf_memory_mb,
        ),
        render_queue=RenderQueue(
            workers=settings.render_workers,
            waiting=settings.render_queue,
            per_account=settings.render_queue_per_account,
        ),
        token_cache=token_cache,
    )


async def _openapi(request: Request) -> Response:
    return JSONResponse(openapi_document())


async def _client_gone(request: Request, exc: Exception) -> Response:
    # The client left (or BodyTimeout gave up on its body and answered 408): nobody reads this.
    return Response(status_code=400)


async def _root(request: Request) -> Response:
    return RedirectResponse("/console", status_code=307)


async def close_app(app: Starlette) -> None:
    state: ServerState = app.state.deckkit
    await state.limiter.close()
    state.renderer.close()
    state.storage.close()
    state.reads.close()
    state.store.close()


def create_app(
    settings: Settings | None = None, *, clock: Clock = system_clock, retention: bool = True
) -> Starlette:
    """The ASGI app; ``retention=False`` leaves the periodic sweep to the caller (tests)."""
    settings = settings or load_settings()
    state = build_state(settings, clock)
    if isinstance(state.storage, LocalStorage):
        state.storage.upload_guard = functools.partial(upload_refusal, state)
        state.storage.download_guard = functools.partial(download_refusal, state)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with anyio.create_task_group() as tasks:
            if retention:
                tasks.start_soon(run_retention, state)
            tasks.start_soon(state.renderer.warm_up)
            tasks.start_soon(release_pending_claims, state)
            try:
                yield
            finally:
                tasks.cancel_scope.cancel()
        await close_app(app)

    routes: list[BaseRoute] = [
        *api_routes(),
        Route("/openapi.json", _openapi, methods=["GET"]),
        *docs_routes(),
        Route("/", _root, methods=["GET"]),
        *console_routes(),
        *state.storage.routes(),
    ]
    middleware = [Middleware(BodyTimeout, seconds=settings.body_timeout)]
    if settings.allowed_host_list:
        middleware.insert(
            0, Middleware(TrustedHostMiddleware, allowed_hosts=settings.allowed_host_list, www_redirect=False)
        )
    outages = outage_handlers(
        {"database": state.store.unavailable_errors, "storage service": (StorageUnavailable,)}
    )
    handlers = {**exception_handlers, **outages, ClientDisconnect: _client_gone}
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan, middleware=middleware)
    app.state.deckkit = state
    return app

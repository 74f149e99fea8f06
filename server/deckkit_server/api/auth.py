"""Bearer-token authentication and the rate limit, wrapped around every API endpoint."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps

from starlette.requests import Request
from starlette.responses import Response

from deckkit_server.problems import APIProblem, unauthorized
from deckkit_server.state import ServerState
from deckkit_server.store import Account

__all__ = ["api_endpoint", "authenticate", "bearer_token"]

Handler = Callable[[Request, ServerState, Account], Awaitable[Response]]


def bearer_token(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


async def authenticate(state: ServerState, token: str) -> Account | None:
    """The token's account: from this process's token cache when it may be trusted, else the store."""
    cache = state.token_cache
    now = state.clock()
    if cache.marker_due(now):
        cache.observe_marker(await state.reads.revocation_marker(), now)
    account = cache.get(token, now)
    if account is None:
        epoch = cache.epoch
        account = await state.db(state.store.authenticate, token, now)
        if account is not None:
            cache.put(token, account, now, epoch)
    return account


def api_endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """Authenticate (401), count against the account's rate limit (429), then run the handler."""

    @wraps(handler)
    async def endpoint(request: Request) -> Response:
        state: ServerState = request.app.state.deckkit
        token = bearer_token(request)
        if token is None:
            raise unauthorized(
                "send the header 'Authorization: Bearer <API token>'; create tokens in the web "
                "console or with 'deckkit token create'"
            )
        account = await authenticate(state, token)
        if account is None:
            raise unauthorized("the API token is unknown or revoked")
        decision = await state.limiter.hit(account.id, state.clock())
        if not decision.allowed:
            raise APIProblem(
                429,
                "rate_limited",
                f"more than {decision.limit} requests in a minute for this account; "
                f"retry in {decision.headers()['Retry-After']} seconds",
                decision.headers(),
            )
        try:
            response = await handler(request, state, account)
        except APIProblem as error:
            error.headers.update(decision.headers())
            raise
        response.headers.update(decision.headers())
        return response

    return endpoint

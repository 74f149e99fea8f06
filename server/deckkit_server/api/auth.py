"""Bearer-token authentication and the rate limit, wrapped around every API endpoint."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps

from starlette.requests import Request
from starlette.responses import Response

from deckkit_server.api.errors import ApiError, unauthorized
from deckkit_server.state import ServerState
from deckkit_server.store import Account

__all__ = ["api_endpoint", "bearer_token"]

Handler = Callable[[Request, ServerState, Account], Awaitable[Response]]


def bearer_token(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def api_endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """Authenticate (401), count against the account's rate limit (429), then run the handler."""

    @wraps(handler)
    async def endpoint(request: Request) -> Response:
        state: ServerState = request.app.state.deckkit
        token = bearer_token(request)
        if token is None:
            raise unauthorized("send the header 'Authorization: Bearer <API token>'; create tokens in the web "
                               "console or with 'deckkit token create'")  # fmt: skip
        account = await state.db(state.store.authenticate, token, state.clock())
        if account is None:
            raise unauthorized("the API token is unknown or revoked")
        decision = await state.limiter.hit(account.id, state.clock())
        if not decision.allowed:
            raise ApiError(429, "rate_limited", f"more than {decision.limit} requests in a minute for this account; "
                           f"retry in {decision.headers()['Retry-After']} seconds", decision.headers())  # fmt: skip
        try:
            response = await handler(request, state, account)
        except ApiError as error:
            error.headers.update(decision.headers())
            raise
        response.headers.update(decision.headers())
        return response

    return endpoint

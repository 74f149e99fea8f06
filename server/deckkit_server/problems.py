"""A request the service refuses: ``APIProblem``, answered as JSON ``{"error": {"code", "message"}}``.

Below every handler and every part of the state that refuses a request (the render queue, a
render, the console's forms), so that each raises the one kind of refusal; the API's exception
handlers (``api/errors.py``) and the outage answers (``outages.py``) shape the response with
:func:`error_response`. The statuses and codes are those of decisions.md.
"""

from __future__ import annotations

from starlette.responses import Response

from deckkit.wire import ErrorBody, ErrorDetail

__all__ = ["APIProblem", "error_response", "not_found", "unauthorized"]


class APIProblem(Exception):  # noqa: N818 (not a failure of the server: the answer to a refused request)
    """A request the API refuses: raised by handlers, answered as ``{"error": {"code", "message"}}``.

    (The client's ``deckkit.client.APIError`` is the other side: what a caller catches.)
    """

    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers or {}

    def response(self) -> Response:
        return error_response(self.status, self.code, self.message, self.headers)


def error_response(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> Response:
    body = ErrorBody(error=ErrorDetail(code=code, message=message)).model_dump_json()
    return Response(body, status, headers, media_type="application/json")


def unauthorized(message: str) -> APIProblem:
    return APIProblem(401, "unauthorized", message, {"WWW-Authenticate": 'Bearer realm="deckkit"'})


def not_found(uuid: str) -> APIProblem:
    return APIProblem(
        404, "not_found", f"no session {uuid} in this account (sessions expire 24 hours after creation)"
    )

"""The built-in storage's presigned GET: S3's query-string SigV4 checks, then the file."""

from __future__ import annotations

import hmac
from datetime import datetime
from pathlib import Path

import anyio
from starlette.requests import Request
from starlette.responses import FileResponse, Response

from deckkit_server.clock import to_datetime
from deckkit_server.storage.base import INPUT_CONTENT_TYPE, OUTPUT_CONTENT_TYPE
from deckkit_server.storage.local_bucket import Endpoint, LocalBucket
from deckkit_server.storage.s3_errors import S3Error
from deckkit_server.storage.sigv4 import ALGORITHM, Credential, parse_amz_date, presigned_get_signature

__all__ = ["download_endpoint"]


def _content_type(key: str) -> str:
    return (
        OUTPUT_CONTENT_TYPE
        if key.endswith(".pptx")
        else INPUT_CONTENT_TYPE
        if key.endswith(".zip")
        else ("application/octet-stream")
    )


def download_endpoint(storage: LocalBucket) -> Endpoint:
    async def download(request: Request) -> Response:
        key = request.path_params["key"]
        query = dict(request.query_params)
        try:
            _check_signature(storage, request, query)
            path = await _existing_file(storage, key)
            refusal = await storage.download_refusal(key)
            if refusal is not None:
                raise S3Error(403, "AccessDenied", refusal)
        except S3Error as error:
            return error.response(f"/{storage.bucket}/{key}")
        headers = {}
        if "response-content-disposition" in query:
            headers["Content-Disposition"] = query["response-content-disposition"]
        return FileResponse(path, media_type=_content_type(key), headers=headers)

    return download


def _check_signature(storage: LocalBucket, request: Request, query: dict[str, str]) -> None:
    """S3's checks of a presigned GET, in S3's order; takes the signature out of ``query``."""
    signature, credential, signed_at = _signed_parameters(query)
    if not hmac.compare_digest(credential.access_key.encode(), storage.access_key.encode()):
        raise S3Error(
            403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records."
        )
    expected = presigned_get_signature(
        storage.secret,
        credential,
        path=request.url.path,
        host=request.headers.get("host", ""),
        query=query,
        date=query["X-Amz-Date"],
    )
    if not hmac.compare_digest(expected.encode(), signature.encode()):
        raise S3Error(
            403,
            "SignatureDoesNotMatch",
            "The request signature we calculated does not match the "
            "signature you provided. Check your key and signing method.",
        )
    now = to_datetime(storage.clock())
    if (now - signed_at).total_seconds() > int(query["X-Amz-Expires"]):
        raise S3Error(
            403,
            "AccessDenied",
            "Request has expired",
            Expires=signed_at.isoformat(),
            ServerTime=now.isoformat(),
        )


def _signed_parameters(query: dict[str, str]) -> tuple[str, Credential, datetime]:
    """The signature (taken out of ``query``), credential and signing time, all present and well-formed."""
    signature = query.pop("X-Amz-Signature", None)
    needed = ("X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires", "X-Amz-SignedHeaders")
    if signature is None or any(name not in query for name in needed):
        raise S3Error(
            403,
            "AccessDenied",
            "Query-string authentication version 4 requires the X-Amz-Algorithm, "
            "X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires "
            "parameters.",
        )
    credential = Credential.parse(query["X-Amz-Credential"])
    signed_at = parse_amz_date(query["X-Amz-Date"])
    if (
        credential is None
        or signed_at is None
        or query["X-Amz-Algorithm"] != ALGORITHM
        or not query["X-Amz-Expires"].isdigit()
        or query["X-Amz-SignedHeaders"] != "host"
    ):
        raise S3Error(
            400, "AuthorizationQueryParametersError", "Query-string authentication parameters are malformed."
        )
    return signature, credential, signed_at


async def _existing_file(storage: LocalBucket, key: str) -> Path:
    try:
        path = storage.path_of(key)
    except ValueError:
        path = None
    if path is None or not await anyio.Path(path).is_file():
        raise S3Error(404, "NoSuchKey", "The specified key does not exist.", Key=key)
    return path

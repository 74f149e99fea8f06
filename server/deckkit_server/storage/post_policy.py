"""Build and check S3 browser-POST policies (AWS Signature V4), as S3 itself checks them.

The check runs when the form's ``file`` part begins, on the fields that came before it (S3
ignores fields after the file), so a refused upload is refused before its bytes are stored.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from deckkit_server.storage.s3_errors import S3Error
from deckkit_server.storage.sigv4 import ALGORITHM, Credential, amz_date, parse_amz_date, sign

__all__ = ["LengthRange", "build_policy", "check_policy", "signature_matches"]

# Fields that the policy need not name (AWS: "Each form field that you specify ... except
# x-amz-signature, file, policy, and field names that have an x-ignore- prefix").
_UNCHECKED = {"policy", "x-amz-signature", "file"}


@dataclass(frozen=True, slots=True)
class LengthRange:
    minimum: int
    maximum: int


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def build_policy(
    *,
    secret: str,
    credential: Credential,
    bucket: str,
    fields: Mapping[str, str],
    expires: datetime,
    moment: datetime,
    max_bytes: int,
    security_token: str,
) -> dict[str, str]:
    """Form fields (in the interface's order) for an upload of exactly ``fields`` into ``bucket``."""
    signing_fields = {
        "X-Amz-Security-Token": security_token,
        "X-Amz-Credential": str(credential),
        "X-Amz-Algorithm": ALGORITHM,
        "X-Amz-Date": amz_date(moment),
    }
    conditions: list[Any] = [{"bucket": bucket}]
    conditions += [{name: value} for name, value in fields.items()]
    conditions.append(["content-length-range", 1, max_bytes])
    conditions += [{name.lower(): value} for name, value in signing_fields.items()]
    policy = base64.b64encode(
        json.dumps({"expiration": _iso(expires), "conditions": conditions}, separators=(",", ":")).encode()
    ).decode()
    return {**fields, **signing_fields, "Policy": policy, "X-Amz-Signature": sign(secret, credential, policy)}


def _parse_expiration(text: object) -> datetime | None:
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _policy_failed(condition: Any) -> S3Error:
    return S3Error(
        403, "AccessDenied", f"Invalid according to Policy: Policy Condition failed: {json.dumps(condition)}"
    )


def _check_condition(
    condition: Any, fields: Mapping[str, str], bucket: str
) -> tuple[set[str], LengthRange | None]:
    """The field names the condition covers (and the length range it sets), or an S3Error."""

    def value_of(name: str) -> str | None:
        return bucket if name == "bucket" else fields.get(name)

    if isinstance(condition, dict) and len(condition) == 1:
        ((name, expected),) = condition.items()
        name = name.lower()
        if value_of(name) != expected:
            raise _policy_failed(["eq", f"${name}", expected])
        return {name}, None
    if isinstance(condition, list) and len(condition) == 3 and isinstance(condition[0], str):
        op = condition[0].lower()
        if op == "content-length-range":
            low, high = condition[1], condition[2]
            if not isinstance(low, int) or not isinstance(high, int):
                raise S3Error(400, "InvalidPolicyDocument", "Invalid Policy: Invalid content-length-range.")
            return set(), LengthRange(low, high)
        if op in {"eq", "starts-with"} and isinstance(condition[1], str) and condition[1].startswith("$"):
            name, expected = condition[1][1:].lower(), condition[2]
            actual = value_of(name)
            matched = (
                actual is not None
                and isinstance(expected, str)
                and (actual == expected if op == "eq" else actual.startswith(expected))
            )
            if not matched:
                raise _policy_failed(condition)
            return {name}, None
    raise S3Error(400, "InvalidPolicyDocument", f"Invalid Policy: Invalid Condition: {json.dumps(condition)}")


def signature_matches(fields: Mapping[str, str], secret: str) -> bool:
    """Whether the fields carry a policy signed with ``secret`` (whatever else is wrong with them)."""
    credential = Credential.parse(fields.get("x-amz-credential", ""))
    if credential is None or "policy" not in fields or "x-amz-signature" not in fields:
        return False
    return hmac.compare_digest(
        sign(secret, credential, fields["policy"]).encode(), fields["x-amz-signature"].encode()
    )


def check_policy(
    fields: Mapping[str, str],
    *,
    bucket: str,
    secret: str,
    access_key: str,
    security_token_for: Any,
    now: datetime,
) -> LengthRange:
    """Check the fields before ``file`` (names lower-cased) as S3 does; the allowed length range.

    ``security_token_for(credential)`` gives the session token the credential must carry.
    """
    signed_at = _check_signature(fields, secret, access_key, security_token_for)
    document = _policy_document(fields["policy"], signed_at, now)
    covered: set[str] = set()
    length = LengthRange(0, 5 * 1024**3)
    for condition in document["conditions"]:
        names, found = _check_condition(condition, fields, bucket)
        covered |= names
        length = found or length
    extra = sorted(
        n for n in fields if n not in covered and n not in _UNCHECKED and not n.startswith("x-ignore-")
    )
    if extra:
        raise S3Error(403, "AccessDenied", f"Invalid according to Policy: Extra input fields: {extra[0]}")
    return length


def _check_signature(
    fields: Mapping[str, str], secret: str, access_key: str, security_token_for: Any
) -> datetime:
    """The signing fields, present and matching (key, signature, session token); the signing time."""
    if "key" not in fields:
        raise S3Error(
            400,
            "InvalidArgument",
            "Bucket POST must contain a field named 'key'.  "
            "If it is specified, please check the order of the fields.",
        )
    for required in ("policy", "x-amz-signature", "x-amz-credential", "x-amz-algorithm", "x-amz-date"):
        if required not in fields:
            raise S3Error(
                403,
                "AccessDenied",
                f"Bucket POST must contain a field named '{required}'.  "
                "If it is specified, please check the order of the fields.",
            )
    if fields["x-amz-algorithm"] != ALGORITHM:
        raise S3Error(400, "InvalidArgument", "Only AWS4-HMAC-SHA256 is supported as X-Amz-Algorithm.")
    credential = Credential.parse(fields["x-amz-credential"])
    signed_at = parse_amz_date(fields["x-amz-date"])
    if credential is None or signed_at is None or fields["x-amz-date"][:8] != credential.date:
        raise S3Error(
            400,
            "AuthorizationQueryParametersError",
            "Error parsing the X-Amz-Credential parameter; the date or scope is malformed.",
        )
    if not hmac.compare_digest(credential.access_key.encode(), access_key.encode()):
        raise S3Error(
            403,
            "InvalidAccessKeyId",
            "The AWS Access Key Id you provided does not exist in our records.",
            AWSAccessKeyId=credential.access_key,
        )
    expected = sign(secret, credential, fields["policy"])
    if not hmac.compare_digest(expected.encode(), fields["x-amz-signature"].encode()):
        raise S3Error(
            403,
            "SignatureDoesNotMatch",
            "The request signature we calculated does not match the "
            "signature you provided. Check your key and signing method.",
        )
    token = fields.get("x-amz-security-token")
    if token is None or not hmac.compare_digest(token.encode(), security_token_for(credential).encode()):
        raise S3Error(403, "InvalidToken", "The provided token is malformed or otherwise invalid.")
    return signed_at


def _policy_document(policy: str, signed_at: datetime, now: datetime) -> dict[str, Any]:
    """The decoded policy, with its conditions, valid at ``now``."""
    try:
        document = json.loads(base64.b64decode(policy, validate=True))
    except (binascii.Error, ValueError):
        raise S3Error(400, "InvalidPolicyDocument", "Invalid Policy: Invalid JSON.") from None
    if not isinstance(document, dict) or not isinstance(document.get("conditions"), list):
        raise S3Error(400, "InvalidPolicyDocument", "Invalid Policy: Policy missing conditions.")
    expiration = _parse_expiration(document.get("expiration"))
    if expiration is None:
        raise S3Error(400, "InvalidPolicyDocument", "Invalid Policy: Invalid 'expiration' value.")
    if now >= expiration:
        raise S3Error(403, "AccessDenied", "Invalid according to Policy: Policy expired.")
    if signed_at > now + timedelta(minutes=15):
        raise S3Error(403, "AccessDenied", "Invalid according to Policy: the request is not yet valid.")
    return document

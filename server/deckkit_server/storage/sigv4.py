"""AWS Signature Version 4, the parts S3 uses for browser POST policies and presigned GET URLs.

Written from the AWS documentation ("Authenticating Requests: Browser-Based Uploads Using POST"
and "Authenticating Requests: Using Query Parameters"), so that the built-in storage signs and
checks exactly what S3 signs and checks.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from urllib.parse import quote

__all__ = [
    "ALGORITHM",
    "Credential",
    "amz_date",
    "canonical_query",
    "parse_amz_date",
    "presigned_get_signature",
    "sign",
    "signing_key",
]

ALGORITHM = "AWS4-HMAC-SHA256"
SERVICE = "s3"


@dataclass(frozen=True, slots=True)
class Credential:
    """``<access key>/<yyyymmdd>/<region>/s3/aws4_request``."""

    access_key: str
    date: str
    region: str

    def __str__(self) -> str:
        return f"{self.access_key}/{self.scope}"

    @property
    def scope(self) -> str:
        return f"{self.date}/{self.region}/{SERVICE}/aws4_request"

    @classmethod
    def parse(cls, text: str) -> Credential | None:
        parts = text.split("/")
        if len(parts) != 5 or parts[3] != SERVICE or parts[4] != "aws4_request" or len(parts[1]) != 8:
            return None
        if not parts[1].isdigit() or not parts[0] or not parts[2]:
            return None
        return cls(parts[0], parts[1], parts[2])


def amz_date(moment: datetime) -> str:
    """``20261122T052335Z``."""
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def parse_amz_date(text: str) -> datetime | None:
    try:
        return datetime.strptime(text, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def _hmac(key: bytes, message: str) -> bytes:
    return hmac.new(key, message.encode(), hashlib.sha256).digest()


@lru_cache(maxsize=64)  # one key per secret and day: four HMACs saved on every signature
def signing_key(secret: str, credential: Credential) -> bytes:
    key = _hmac(f"AWS4{secret}".encode(), credential.date)
    key = _hmac(key, credential.region)
    key = _hmac(key, SERVICE)
    return _hmac(key, "aws4_request")


def sign(secret: str, credential: Credential, string_to_sign: str) -> str:
    """Hex signature; for a POST policy the string to sign is the base64 policy itself."""
    return hmac.new(signing_key(secret, credential), string_to_sign.encode(), hashlib.sha256).hexdigest()


def _encode(text: str, *, keep_slash: bool = False) -> str:
    return quote(text, safe="/-_.~" if keep_slash else "-_.~")


def canonical_query(params: dict[str, str]) -> str:
    return "&".join(f"{_encode(k)}={_encode(v)}" for k, v in sorted(params.items()))


def presigned_get_signature(
    secret: str, credential: Credential, *, path: str, host: str, query: dict[str, str], date: str
) -> str:
    """Signature of a presigned GET: ``query`` holds every X-Amz-* parameter but the signature."""
    canonical_request = "\n".join(
        [
            "GET",
            _encode(path, keep_slash=True),
            canonical_query(query),
            f"host:{host}",
            "",
            "host",
            "UNSIGNED-PAYLOAD",
        ]
    )
    string_to_sign = "\n".join(
        [ALGORITHM, date, credential.scope, hashlib.sha256(canonical_request.encode()).hexdigest()]
    )
    return sign(secret, credential, string_to_sign)

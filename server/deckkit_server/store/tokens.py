"""API tokens: 32 random bytes, shown once, kept only as a SHA-256 hash, compared in constant time.

A token reads ``dk_<id>_<secret>``: the public id finds the row, the hash of the whole token
is compared with ``hmac.compare_digest``, so a lookup never depends on secret bytes.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

__all__ = [
    "hash_token",
    "new_console_credential",
    "new_token",
    "parse_console_id",
    "parse_token_id",
    "token_matches",
]

_TOKEN = re.compile(r"^dk_([0-9a-f]{16})_([A-Za-z0-9_-]{43,})$")
_CONSOLE = re.compile(r"^cs_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$")


def new_token() -> tuple[str, str]:
    """A fresh (token id, plaintext token)."""
    token_id = secrets.token_hex(8)
    return token_id, f"dk_{token_id}_{secrets.token_urlsafe(32)}"


def new_console_credential() -> tuple[str, str]:
    """A fresh (id, plaintext) console sign-in credential: ``cs_<id>_<secret>``, never an API token."""
    credential_id = secrets.token_hex(8)
    return credential_id, f"cs_{credential_id}_{secrets.token_urlsafe(32)}"


def parse_console_id(credential: str) -> str | None:
    match = _CONSOLE.match(credential)
    return match.group(1) if match else None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def parse_token_id(token: str) -> str | None:
    match = _TOKEN.match(token)
    return match.group(1) if match else None


def token_matches(token: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_token(token).encode(), stored_hash.encode())

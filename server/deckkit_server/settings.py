"""Server settings, read from ``DECKKIT_*`` environment variables.

Every setting is declared once, as a field of ``Settings``: type, default, and a docstring that
says what it means; pydantic-settings reads and converts the environment. docs/server.md lists
them in one table and a test fails when the two disagree (``SETTINGS`` is derived from the
fields for it).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from deckkit.bundle import MAX_ZIP_BYTES
from deckkit.errors import DeckkitError

__all__ = ["ENV_PREFIX", "SETTINGS", "SettingSpec", "Settings", "load_settings"]

ENV_PREFIX = "DECKKIT_"
MAX_UPLOAD_BYTES = MAX_ZIP_BYTES  # one limit for the signed upload policy and the bundle reader
UPLOAD_URL_SECONDS = 60 * 60
DOWNLOAD_URL_SECONDS = 5 * 60
SESSION_LIFETIME_SECONDS = 24 * 60 * 60


def setting(default: Any, *, shown: str) -> Any:
    """A field of ``Settings`` whose default the docs show otherwise (``./deckkit-data``, ``120``)."""
    return Field(default, json_schema_extra={"shown": shown})


class Settings(BaseSettings):
    """The server's settings; ``Settings()`` reads the environment, ``load_settings`` a mapping."""

    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX,
        env_ignore_empty=True,
        frozen=True,
        extra="forbid",
        use_attribute_docstrings=True,  # each field's docstring is its meaning, in docs/server.md
    )

    data_dir: Path = setting(Path("deckkit-data"), shown="./deckkit-data")
    """Folder for the embedded SQLite database, local object storage and the storage secret."""

    host: str = "127.0.0.1"
    """Interface `deckkit serve` listens on."""

    port: int = 8000
    """Port `deckkit serve` listens on."""

    workers: int = 1
    """Server processes `deckkit serve` runs (see Scale-out: more than one wants Redis)."""

    public_url: str | None = setting(None, shown="(from the request)")
    """Base URL clients reach the server at (behind a proxy); used in upload and download URLs."""

    database_url: str | None = setting(None, shown="sqlite:///DATA_DIR/deckkit.sqlite3")
    """SQLAlchemy URL of the store: `sqlite:///path` or `postgresql+psycopg://user@host/db`."""

    storage_url: str | None = setting(None, shown="file://DATA_DIR/objects")
    """Object storage: `file:///folder` (built in) or `s3://bucket?endpoint_url=...&region=...`."""

    storage_secret: str | None = setting(None, shown="(generated into DATA_DIR/storage-secret)")
    """Secret that signs upload policies and download URLs of the built-in storage; every server process sharing a folder must use the same one."""

    redis_url: str | None = setting(None, shown="(none: in-process limiter)")
    """Redis URL for the shared rate limiter, e.g. `redis://127.0.0.1:6379/0`."""

    redis_prefix: str = "deckkit:"
    """Prefix of every Redis key the server writes."""

    rate_limit: int = 600
    """API requests per account per sliding minute."""

    auth_cache_seconds: float = setting(1.0, shown="1")
    """How long another server process may still accept a revoked token: each process checks the store for revocations this often (0: on every request)."""

    render_workers: int = 2
    """Renders running at the same time per server process."""

    render_timeout: float = setting(120.0, shown="120")
    """Seconds one render may take before it is stopped."""

    render_memory_mb: int = 2048
    """Address-space limit of one render process, in MiB."""

    render_queue: int = 32
    """Renders that may wait for a render worker per server process, all accounts together; beyond them render answers 503 with `Retry-After`."""

    render_queue_per_account: int = 4
    """Renders of one account per server process, running or waiting; beyond them render answers 429 with `Retry-After`."""

    render_function: str = "deckkit.renderer:render_bundle"
    """`module:function` that turns the zip bytes into a result; change it only to plug in another renderer."""

    retention_interval: float = setting(300.0, shown="300")
    """Seconds between sweeps that delete sessions older than 24 hours and their files."""

    allowed_hosts: str | None = setting(None, shown="(none: any Host)")
    """Comma-separated host names the server answers to (`*.example.com` allowed); other Host headers get 400."""

    header_timeout: float = setting(10.0, shown="10")
    """Seconds a client may take to send a request's line and headers before its connection is closed."""

    body_timeout: float = setting(30.0, shown="30")
    """Seconds a request body may stall between two chunks before the request is answered 408."""

    @property
    def resolved_database_url(self) -> str:
        return self.database_url or f"sqlite:///{self.data_dir.resolve() / 'deckkit.sqlite3'}"

    @property
    def resolved_storage_url(self) -> str:
        return self.storage_url or (self.data_dir.resolve() / "objects").as_uri()

    def resolved_storage_secret(self) -> str:
        """The configured secret, else one generated once and kept in the data folder."""
        if self.storage_secret:
            return self.storage_secret
        path = self.data_dir / "storage-secret"
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_urlsafe(48))
        return path.read_text().strip()

    @property
    def allowed_host_list(self) -> list[str]:
        return [h.strip() for h in (self.allowed_hosts or "").split(",") if h.strip()]

    def with_(self, **changes: object) -> Settings:
        """A copy with some settings changed (validated and converted like the environment's)."""
        return _validated({**self.model_dump(), **changes})


@dataclass(frozen=True, slots=True)
class SettingSpec:
    """One setting as docs/server.md shows it (derived from the ``Settings`` fields)."""

    env: str
    attr: str
    default: str
    meaning: str


SETTINGS: tuple[SettingSpec, ...] = tuple(
    SettingSpec(
        ENV_PREFIX + name.upper(),
        name,
        str((field.json_schema_extra or {}).get("shown", field.default)),  # type: ignore[union-attr]
        field.description or "",
    )
    for name, field in Settings.model_fields.items()
)


def _validated(values: Mapping[str, object], raw: Mapping[str, str] | None = None) -> Settings:
    # model_validate, not Settings(...): the values are complete, the environment is not read again.
    try:
        return Settings.model_validate(values)
    except ValidationError as error:
        problem = error.errors()[0]
        name = str(problem["loc"][0]) if problem["loc"] else "?"
        env = ENV_PREFIX + name.upper()
        shown = (raw or {}).get(env, values.get(name))
        raise DeckkitError(f"{env}={shown!r} is not valid: {problem['msg']}") from None


def load_settings(environ: Mapping[str, str] | None = None, **overrides: object) -> Settings:
    """Settings from the environment (``os.environ`` by default); keyword overrides win.

    Empty variables count as unset; overrides that are None are ignored.
    """
    env = os.environ if environ is None else environ
    values: dict[str, object] = {}
    for spec in SETTINGS:
        raw = env.get(spec.env)
        if raw:
            values[spec.attr] = raw
    values.update({name: value for name, value in overrides.items() if value is not None})
    return _validated(values, env)

"""Server settings, read from ``DECKKIT_*`` environment variables.

Every setting is declared once in ``SETTINGS`` (name, default, meaning); docs/server.md lists
them in one table and a test fails when the two disagree.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from deckkit.bundle import MAX_ZIP_BYTES

__all__ = ["SETTINGS", "SettingSpec", "Settings", "load_settings"]

MAX_UPLOAD_BYTES = MAX_ZIP_BYTES  # one limit for the signed upload policy and the bundle reader
UPLOAD_URL_SECONDS = 60 * 60
DOWNLOAD_URL_SECONDS = 5 * 60
SESSION_LIFETIME_SECONDS = 24 * 60 * 60


@dataclass(frozen=True, slots=True)
class SettingSpec:
    env: str
    attr: str
    default: str
    meaning: str


SETTINGS: tuple[SettingSpec, ...] = (
    SettingSpec("DECKKIT_DATA_DIR", "data_dir", "./deckkit-data",
                "Folder for the embedded SQLite database, local object storage and the storage secret."),
    SettingSpec("DECKKIT_HOST", "host", "127.0.0.1", "Interface `deckkit serve` listens on."),
    SettingSpec("DECKKIT_PORT", "port", "8000", "Port `deckkit serve` listens on."),
    SettingSpec("DECKKIT_PUBLIC_URL", "public_url", "(from the request)",
                "Base URL clients reach the server at (behind a proxy); used in upload and download URLs."),
    SettingSpec("DECKKIT_DATABASE_URL", "database_url", "sqlite:///DATA_DIR/deckkit.sqlite3",
                "SQLAlchemy URL of the store: `sqlite:///path` or `postgresql+psycopg://user@host/db`."),
    SettingSpec("DECKKIT_STORAGE_URL", "storage_url", "file://DATA_DIR/objects",
                "Object storage: `file:///folder` (built in) or `s3://bucket?endpoint_url=...&region=...`."),
    SettingSpec("DECKKIT_STORAGE_SECRET", "storage_secret", "(generated into DATA_DIR/storage-secret)",
                "Secret that signs upload policies and download URLs of the built-in storage; "
                "every server process sharing a folder must use the same one."),
    SettingSpec("DECKKIT_REDIS_URL", "redis_url", "(none: in-process limiter)",
                "Redis URL for the shared rate limiter, e.g. `redis://127.0.0.1:6379/0`."),
    SettingSpec("DECKKIT_REDIS_PREFIX", "redis_prefix", "deckkit:", "Prefix of every Redis key the server writes."),
    SettingSpec("DECKKIT_RATE_LIMIT", "rate_limit", "600", "API requests per account per sliding minute."),
    SettingSpec("DECKKIT_RENDER_WORKERS", "render_workers", "2", "Renders running at the same time per server process."),
    SettingSpec("DECKKIT_RENDER_TIMEOUT", "render_timeout", "120", "Seconds one render may take before it is stopped."),
    SettingSpec("DECKKIT_RENDER_MEMORY_MB", "render_memory_mb", "2048",
                "Address-space limit of one render process, in MiB."),
    SettingSpec("DECKKIT_RENDER_FUNCTION", "render_function", "deckkit.renderer:render_bundle",
                "`module:function` that turns the zip bytes into a result; change it only to plug in another renderer."),
    SettingSpec("DECKKIT_RETENTION_INTERVAL", "retention_interval", "300",
                "Seconds between sweeps that delete sessions older than 24 hours and their files."),
    SettingSpec("DECKKIT_ALLOWED_HOSTS", "allowed_hosts", "(none: any Host)",
                "Comma-separated host names the server answers to (`*.example.com` allowed); other Host headers get 400."),
    SettingSpec("DECKKIT_HEADER_TIMEOUT", "header_timeout", "10",
                "Seconds a client may take to send a request's line and headers before its connection is closed."),
    SettingSpec("DECKKIT_BODY_TIMEOUT", "body_timeout", "30",
                "Seconds a request body may stall between two chunks before the request is answered 408."),
)  # fmt: skip


@dataclass(frozen=True)
class Settings:
    data_dir: Path = Path("deckkit-data")
    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str | None = None
    database_url: str | None = None
    storage_url: str | None = None
    storage_secret: str | None = None
    redis_url: str | None = None
    redis_prefix: str = "deckkit:"
    rate_limit: int = 600
    render_workers: int = 2
    render_timeout: float = 120.0
    render_memory_mb: int = 2048
    render_function: str = "deckkit.renderer:render_bundle"
    retention_interval: float = 300.0
    allowed_hosts: str | None = None
    header_timeout: float = 10.0
    body_timeout: float = 30.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "data_dir", Path(self.data_dir))

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
        return replace(self, **changes)  # type: ignore[arg-type]


_CONVERTERS = {
    "data_dir": Path,
    "port": int,
    "rate_limit": int,
    "render_workers": int,
    "render_timeout": float,
    "render_memory_mb": int,
    "retention_interval": float,
    "header_timeout": float,
    "body_timeout": float,
}


def load_settings(environ: Mapping[str, str] | None = None, **overrides: object) -> Settings:
    """Settings from the environment (``os.environ`` by default); keyword overrides win."""
    env = os.environ if environ is None else environ
    values: dict[str, object] = {}
    for spec in SETTINGS:
        raw = env.get(spec.env)
        if raw is None or raw == "":
            continue
        convert = _CONVERTERS.get(spec.attr, str)
        try:
            values[spec.attr] = convert(raw)
        except ValueError as error:
            from deckkit.errors import DeckkitError

            raise DeckkitError(f"{spec.env}={raw!r} is not valid: {error}") from None
    for attr, value in overrides.items():
        if value is not None:
            values[attr] = _CONVERTERS.get(attr, lambda v: v)(value)
    return Settings(**values)  # type: ignore[arg-type]

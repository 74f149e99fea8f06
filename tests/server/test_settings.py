"""Settings come from DECKKIT_* variables, and every one is documented in docs/server.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deckkit.errors import DeckkitError
from deckkit_server.settings import SETTINGS, Settings, load_settings

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server.md"


def test_every_setting_is_documented_in_one_table() -> None:
    text = DOCS.read_text()
    documented = re.findall(r"^\| `(DECKKIT_[A-Z0-9_]+)` \|", text, flags=re.M)
    assert sorted(documented) == sorted(s.env for s in SETTINGS)


def test_every_setting_maps_to_a_field() -> None:
    fields = set(Settings.model_fields)
    assert {s.attr for s in SETTINGS} <= fields


def test_environment_is_read_and_converted(tmp_path: Path) -> None:
    settings = load_settings(
        {
            "DECKKIT_DATA_DIR": str(tmp_path),
            "DECKKIT_PORT": "9001",
            "DECKKIT_RATE_LIMIT": "5",
            "DECKKIT_REDIS_URL": "",
            "DECKKIT_RENDER_TIMEOUT": "2.5",
        }
    )
    assert (settings.data_dir, settings.port, settings.rate_limit, settings.render_timeout) == (
        tmp_path,
        9001,
        5,
        2.5,
    )
    assert settings.redis_url is None
    assert settings.resolved_database_url == f"sqlite:///{tmp_path.resolve() / 'deckkit.sqlite3'}"
    assert settings.resolved_storage_url == (tmp_path.resolve() / "objects").as_uri()


def test_bad_values_are_reported_by_name() -> None:
    with pytest.raises(DeckkitError, match="DECKKIT_PORT='eighty'"):
        load_settings({"DECKKIT_PORT": "eighty"})


def test_generated_storage_secret_is_kept(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    secret = settings.resolved_storage_secret()
    assert len(secret) >= 48
    assert settings.resolved_storage_secret() == secret
    assert (tmp_path / "storage-secret").stat().st_mode & 0o777 == 0o600

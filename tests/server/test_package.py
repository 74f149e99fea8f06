"""The package's public names, and that importing it stays light."""

from __future__ import annotations

import subprocess
import sys

import deckkit_server


def test_public_names() -> None:
    assert deckkit_server.__all__ == ["Settings", "create_app", "load_settings"]
    assert callable(deckkit_server.create_app)
    assert deckkit_server.load_settings({}).port == 8000


def test_deckkit_help_does_not_import_the_server_stack() -> None:
    code = (
        "import sys; from deckkit.cli import build_parser; build_parser(); print(sorted(m for m in sys.modules "
        "if m.split('.')[0] in {'starlette', 'sqlalchemy', 'uvicorn', 'boto3', 'redis'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

"""The client stays out of the way: ``import deckkit`` loads no HTTP stack, the client no tqdm."""

from __future__ import annotations

import subprocess
import sys

import deckkit.client


def _modules_after(statement: str) -> set[str]:
    code = f"import sys; {statement}; print(' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_import_deckkit_does_not_import_httpx() -> None:
    assert "httpx" not in _modules_after("import deckkit")


def test_import_client_does_not_import_tqdm() -> None:
    loaded = _modules_after("import deckkit.client")
    assert "httpx" in loaded
    assert "tqdm" not in loaded


def test_public_names() -> None:
    assert sorted(deckkit.client.__all__) == deckkit.client.__all__
    for name in deckkit.client.__all__:
        assert getattr(deckkit.client, name) is not None
    assert {"Client", "AsyncClient", "APIError", "RenderFailed", "render_remote"} <= set(
        deckkit.client.__all__
    )

from __future__ import annotations

import pytest
from scripts.cli_docs import DOC, cli_reference


def test_cli_reference_is_current(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert DOC.read_text() == cli_reference(), "docs/cli.md is stale: run python scripts/cli_docs.py"

"""Fixtures every area of the test suite may use."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.readers import CORPUS, SHARED


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.exists():
        pytest.skip(f"{SHARED} is absent (the shared folder sits beside the repository in CI)")
    return SHARED


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    if not CORPUS.exists():
        pytest.skip(f"{CORPUS} is absent (the shared corpus sits beside the repository in CI)")
    return CORPUS

"""Fixtures every area of the test suite may use, and the rule that no check is skipped."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.readers import CORPUS
from tests.skips import pytest_make_collect_report, pytest_runtest_makereport

__all__ = ["corpus_dir", "pytest_make_collect_report", "pytest_runtest_makereport"]


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """tests/corpus/decks: the real-world decks that come with the repository (see its NOTICE.md)."""
    assert CORPUS.is_dir(), f"{CORPUS} is missing: it comes with the repository (git checkout -- {CORPUS})"
    return CORPUS

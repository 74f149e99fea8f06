from __future__ import annotations

from collections.abc import Iterator

import pytest

import deckkit


@pytest.fixture
def wireframes() -> Iterator[None]:
    """Thumbnails from the wireframe (instant; no LibreOffice) for the length of a test."""
    before = deckkit.options.previews
    deckkit.options.previews = "wireframe"
    yield
    deckkit.options.previews = before


@pytest.fixture
def strict() -> Iterator[None]:
    before = deckkit.options.strict
    deckkit.options.strict = True
    yield
    deckkit.options.strict = before

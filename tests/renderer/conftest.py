"""Fixtures of the core renderer tests: save a built template, check a rendered deck, turn the stencils."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from deckkit.renderer.stencil import switch
from tests.readers import assert_readable
from tests.renderer.core_kit import RenderedPptx


@pytest.fixture
def save_template(tmp_path: Path) -> Callable[[Any, str], Path]:
    """Save a python-pptx Presentation as a template file."""

    def _save(prs: Any, name: str = "template.pptx") -> Path:
        path = tmp_path / name
        prs.save(str(path))
        return path

    return _save


@pytest.fixture
def check_render(tmp_path: Path) -> Callable[..., RenderedPptx]:
    """Write rendered bytes, run python-pptx and the validator on them, return a RenderedPptx."""
    counter = iter(range(10_000))

    def _check(
        pptx: bytes, template: Path, pages: int | None = None, *, libreoffice: bool = False
    ) -> RenderedPptx:
        out = tmp_path / f"out{next(counter)}.pptx"
        out.write_bytes(pptx)
        assert_readable(out, template, pages=pages, libreoffice=libreoffice)
        return RenderedPptx(pptx)

    return _check


@pytest.fixture
def stencils_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stencils on for a test of the stencils themselves, whichever way the suite runs."""
    monkeypatch.setattr(switch.state, "on", True)


@pytest.fixture
def stencils_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(switch.state, "on", False)

"""The example notebooks stay light: their stored pictures are slimmed (scripts/slim_notebooks.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from scripts.slim_notebooks import MAX_WIDTH, NOTEBOOKS, is_slim, slim_notebook, slim_png, stored_pngs

NOTEBOOK_PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))
ALL_NOTEBOOKS_KB = 380
"""The six notebooks weigh 307 KB slimmed and without widget state (918 KB as nbconvert stored
them, 380 KB slimmed with it): room to grow, not room for another copy of every picture."""


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=lambda p: p.name)
def test_every_stored_picture_is_slim(path: Path) -> None:
    heavy = [i for i, png in enumerate(stored_pngs(json.loads(path.read_text()))) if not is_slim(png)]
    assert heavy == [], f"{path.name}: run python scripts/slim_notebooks.py (pictures {heavy} are full)"


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=lambda p: p.name)
def test_no_widget_state_is_stored(path: Path) -> None:
    # nbval skips widget outputs and never reads the saved state: 48 KB in 01-quickstart.
    assert "widgets" not in json.loads(path.read_text())["metadata"], (
        f"{path.name}: run python scripts/slim_notebooks.py (it stores the widget state)"
    )


def test_slimming_drops_the_saved_widget_state() -> None:
    notebook = {
        "metadata": {"kernelspec": {}, "widgets": {"application/vnd.jupyter.widget-state+json": {}}},
        "cells": [],
    }
    slim_notebook(notebook)
    assert notebook["metadata"] == {"kernelspec": {}}


def test_the_notebooks_together_stay_light() -> None:
    assert sum(p.stat().st_size for p in NOTEBOOK_PATHS) <= ALL_NOTEBOOKS_KB * 1024


def test_a_slimmed_picture_keeps_its_look_at_the_width_shown() -> None:
    from PIL import Image, ImageDraw

    picture = Image.new("RGB", (1920, 1080), "white")  # result.show()'s picture: twice 960 px
    ImageDraw.Draw(picture).rectangle((200, 300, 900, 1000), fill=(68, 114, 196))
    raw = io.BytesIO()
    picture.save(raw, "PNG")
    slim = slim_png(raw.getvalue())
    assert is_slim(slim)
    assert len(slim) < len(raw.getvalue())
    with Image.open(io.BytesIO(slim)) as small:
        assert small.size == (MAX_WIDTH, 540)
        drawn = small.convert("RGB")
    # A slide's flat colours are kept, to a step or two of 255 (a palette of 64 holds them).
    for spot, colour in [((250, 350), (68, 114, 196)), ((50, 50), (255, 255, 255))]:
        assert max(abs(a - b) for a, b in zip(drawn.getpixel(spot), colour, strict=True)) <= 2

"""Image.from_figure: matplotlib to PNG in memory, carried by the element, no file written."""

from __future__ import annotations

import io
import os
from pathlib import Path

import matplotlib.pyplot as plt
import pytest
from PIL import Image as PILImage

from deckkit.errors import DataError
from deckkit.frames import image_from_figure, to_element
from deckkit.model import Image
from tests.frames.snapshots import dump, validates


def _figure(width: float = 4, height: float = 3) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(width, height))
    ax.plot([1, 2, 3], [2, 4, 3])
    return fig


def test_png_in_memory_and_no_file_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    image = Image.from_figure(_figure(), dpi=100)
    assert os.listdir(tmp_path) == []
    assert dump(image) == {"type": "image", "src": image.src, "scaling": "contain", "overflow": "visible"}
    assert image.src.startswith("media/")
    assert image.src.endswith(".png")
    data = image.media[image.src]
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    validates(image)


def test_dpi_sets_the_pixel_size_and_is_recorded() -> None:
    untrimmed = image_from_figure(_figure(4, 3), dpi=50, tight=False)
    with PILImage.open(io.BytesIO(untrimmed.media[untrimmed.src])) as png:
        assert png.size == (200, 150)
        assert round(png.info["dpi"][0]) == 50
    sharp = image_from_figure(_figure(4, 3), dpi=100, tight=False)
    with PILImage.open(io.BytesIO(sharp.media[sharp.src])) as png:
        assert png.size == (400, 300)


def test_tight_trims_margins() -> None:
    fig = _figure(6, 4)
    loose = image_from_figure(fig, dpi=50, tight=False)
    tight = image_from_figure(fig, dpi=50)
    with (
        PILImage.open(io.BytesIO(loose.media[loose.src])) as a,
        PILImage.open(io.BytesIO(tight.media[tight.src])) as b,
    ):
        assert b.size[0] < a.size[0]


def test_options_axes_and_close() -> None:
    fig = _figure()
    image = Image.from_figure(
        fig.axes[0], dpi=30, scaling="cover", overflow="hidden", transparent=True, close=True
    )
    assert (image.scaling, image.overflow) == ("cover", "hidden")
    assert not plt.fignum_exists(fig.number)
    with PILImage.open(io.BytesIO(image.media[image.src])) as png:
        assert png.mode == "RGBA"
        assert png.getpixel((0, 0))[3] == 0


def test_same_figure_same_name() -> None:
    fig = _figure()
    assert image_from_figure(fig, dpi=40).src == image_from_figure(fig, dpi=40).src


def test_not_a_figure() -> None:
    with pytest.raises(DataError, match=r"fig: expected a matplotlib Figure \(or Axes\), got builtins\.str"):
        Image.from_figure("chart.png")


def test_to_element_turns_figures_frames_and_series_into_elements() -> None:
    import pandas as pd
    import polars as pl

    assert to_element(_figure()).type == "image"
    assert to_element(pd.DataFrame({"a": [1]})).type == "table"
    assert to_element(pl.DataFrame({"a": [1]})).type == "table"
    assert to_element(pd.Series(["x", "y"])).values == ["x", "y"]
    assert to_element(pl.Series("s", ["x"])).type == "list"
    assert to_element({"value": "kept"}) == {"value": "kept"}

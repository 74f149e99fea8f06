"""matplotlib figures -> Image: rendered to PNG in memory, carried into the bundle by the Deck.

Nothing is written to disk: the PNG bytes travel with the Image (``Image.from_bytes``) until the
Deck puts them in the zip next to data.json.
"""

from __future__ import annotations

import io
from typing import Any, Literal

from deckkit.errors import DataError, Problem
from deckkit.model.elements import Image

__all__ = ["figure_png", "image_from_figure"]


def _figure_of(fig: Any) -> Any:
    """The object that can ``savefig``: a Figure, or the figure behind Axes, a seaborn grid..."""
    if callable(getattr(fig, "savefig", None)):
        return fig
    for attribute in ("figure", "fig"):
        owner = getattr(fig, attribute, None)
        if owner is not None and callable(getattr(owner, "savefig", None)):
            return owner
    get_figure = getattr(fig, "get_figure", None)
    if callable(get_figure):
        owner = get_figure()
        if owner is not None and callable(getattr(owner, "savefig", None)):
            return owner
    raise DataError(
        [
            Problem(
                "fig",
                f"expected a matplotlib Figure (or Axes), got {type(fig).__module__}.{type(fig).__qualname__}",
            )
        ]
    )


def figure_png(fig: Any, *, dpi: float = 200, tight: bool = True, transparent: bool = False) -> bytes:
    """The figure as PNG bytes; the PNG records ``dpi`` so it keeps the figure's size in inches."""
    target = _figure_of(fig)
    buffer = io.BytesIO()
    options: dict[str, Any] = {"format": "png", "dpi": dpi, "transparent": transparent}
    if tight:
        options["bbox_inches"] = "tight"
    target.savefig(buffer, **options)
    return buffer.getvalue()


def image_from_figure(
    fig: Any,
    *,
    dpi: float = 200,
    scaling: Literal["none", "contain", "cover"] = "contain",
    overflow: Literal["visible", "hidden"] = "visible",
    tight: bool = True,
    transparent: bool = False,
    close: bool = False,
) -> Image:
    """An :class:`~deckkit.model.Image` of a matplotlib figure, its PNG carried in memory.

    Parameters:
        fig: a matplotlib Figure, or anything that leads to one (Axes, a seaborn grid).
        dpi: pixels per inch of the PNG (200 looks sharp on a projector and a retina screen).
        scaling: how the picture fits the template shape: ``contain`` (default here: the whole
            figure inside the designer's box), ``cover`` or ``none`` (the figure's own size).
        overflow: ``hidden`` crops the picture to the shape, ``visible`` does not.
        tight: trim the figure's empty margins (matplotlib's ``bbox_inches="tight"``).
        transparent: a transparent background instead of the figure's face colour.
        close: close the figure afterwards (in a notebook, stops it from also showing inline).

    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(4, 3))
    >>> _ = ax.plot([1, 2, 3], [2, 4, 3])
    >>> image = image_from_figure(fig, dpi=100, close=True)
    >>> image.src.endswith(".png"), image.scaling
    (True, 'contain')
    """
    png = figure_png(fig, dpi=dpi, tight=tight, transparent=transparent)
    if close:
        import matplotlib.pyplot as plt  # optional, and pyplot only when asked to close the figure

        plt.close(_figure_of(fig))
    return Image.from_bytes(png, format="png", scaling=scaling, overflow=overflow)

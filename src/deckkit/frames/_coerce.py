"""The objects a notebook user may put on a slide directly, turned into elements.

The Deck builder calls :func:`to_element` on every slide value, so that
``deck.add_slide(2, sales=df, trend=fig, notes=series)`` needs no explicit conversion.
"""

from __future__ import annotations

from typing import Any

from deckkit.frames._backend import is_frame, is_series
from deckkit.frames.figure import image_from_figure
from deckkit.frames.lists import list_from_series
from deckkit.frames.table import table_from_dataframe


def _is_matplotlib_figure(value: Any) -> bool:
    # By type name, so matplotlib is never imported for a value that cannot be a figure.
    for cls in type(value).__mro__:
        module = cls.__module__
        if module.startswith("matplotlib.") and cls.__name__ in ("Figure", "SubFigure", "Axes", "_AxesBase"):
            return True
        if module.startswith("seaborn.") and cls.__name__ in ("FacetGrid", "PairGrid", "JointGrid", "Grid"):
            return True
    return False


def to_element(value: Any) -> Any:
    """A deck element for a DataFrame (Table), Series (List) or matplotlib figure (Image).

    Any other value (a string, an element, a dict) is returned unchanged.

    >>> import pandas as pd
    >>> to_element(pd.DataFrame({"a": [1]})).rows
    [[TableCell(value='a', styles=Styles(font=None, shape=ShapeStyles(outline=None, fill=None, align='right', vertical_align=None)), databar=None)], [TableCell(value='1', styles=Styles(font=None, shape=ShapeStyles(outline=None, fill=None, align='right', vertical_align=None)), databar=None)]]
    >>> to_element("plain text")
    'plain text'
    """
    if is_frame(value):
        return table_from_dataframe(value)
    if is_series(value):
        return list_from_series(value)
    if _is_matplotlib_figure(value):
        return image_from_figure(value)
    return value

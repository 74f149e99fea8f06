"""DataFrames, Series and matplotlib figures -> deck elements, one call each.

pandas and polars are both supported and neither is imported by ``import deckkit`` or by this
package: a frame is recognised by its type once its library is loaded (see ``_backend``).

=====================================  ==============================================
``table_from_dataframe(df, ...)``      ``Table.from_dataframe``: header, formats, styles, data bars
``chart_from_dataframe(df, ...)``      ``Chart.from_dataframe``: labels or date labels, series, axis2
``scatter_from_dataframe(df, ...)``    ``ScatterChart.from_dataframe``: x, y, one series per ``by`` group
``list_from_values(values, ...)``      ``List.from_values``: a sequence (nesting = levels) or Series
``list_from_series(series, ...)``      ``List.from_series``: a Series, levels from a sequence
``list_from_dataframe(df, ...)``       ``List.from_dataframe``: a text column and a level column
``image_from_figure(fig, ...)``        ``Image.from_figure``: matplotlib -> PNG in memory
``to_element(value)``                  what the Deck builder calls on each slide value
=====================================  ==============================================
"""

from __future__ import annotations

from deckkit.frames._coerce import to_element
from deckkit.frames._warnings import DroppedRowsWarning
from deckkit.frames.chart import chart_from_dataframe
from deckkit.frames.dates import date_serial, datetime_serial
from deckkit.frames.figure import image_from_figure
from deckkit.frames.formats import currency, number, percent
from deckkit.frames.lists import list_from_dataframe, list_from_series, list_from_values
from deckkit.frames.scatter import scatter_from_dataframe
from deckkit.frames.table import DataBar, table_from_dataframe

__all__ = [
    "DataBar",
    "DroppedRowsWarning",
    "chart_from_dataframe",
    "currency",
    "date_serial",
    "datetime_serial",
    "image_from_figure",
    "list_from_dataframe",
    "list_from_series",
    "list_from_values",
    "number",
    "percent",
    "scatter_from_dataframe",
    "table_from_dataframe",
    "to_element",
]

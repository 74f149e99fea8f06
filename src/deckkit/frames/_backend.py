"""The one place that knows pandas and polars: it turns their frames and series into plain columns.

Neither library is imported here at module level. An object is recognised by looking its type up
in ``sys.modules`` (an object of a library can only exist once that library is imported), the way
great-tables' ``_databackend`` does; the library is then imported inside the adapter that handles
it. Everything after this module works on :class:`Column`: Python values with ``None`` for every
kind of missing value (NaN, None, NaT, pandas.NA, polars null).
"""

from __future__ import annotations

import datetime as dt
import math
import sys
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal

from deckkit.errors import DataError, Problem

Kind = Literal["int", "float", "bool", "datetime", "date", "timedelta", "string", "category", "object"]
NUMERIC_KINDS = ("int", "float")


def _is_instance(obj: object, module: str, name: str) -> bool:
    lib = sys.modules.get(module)
    cls = getattr(lib, name, None) if lib is not None else None
    return isinstance(cls, type) and isinstance(obj, cls)


def is_pandas_frame(obj: object) -> bool:
    return _is_instance(obj, "pandas", "DataFrame")


def is_polars_frame(obj: object) -> bool:
    return _is_instance(obj, "polars", "DataFrame") or _is_instance(obj, "polars", "LazyFrame")


def is_frame(obj: object) -> bool:
    """True for a pandas or polars DataFrame (without importing either)."""
    return is_pandas_frame(obj) or is_polars_frame(obj)


def is_series(obj: object) -> bool:
    """True for a pandas or polars Series (without importing either)."""
    return _is_instance(obj, "pandas", "Series") or _is_instance(obj, "polars", "Series")


def column_path(name: object, row: int | None = None) -> str:
    """``df["revenue"]`` or ``df["revenue"][3]``: where a value sits, in the words of the analyst's code."""
    path = f"df[{name!r}]".replace("'", '"') if isinstance(name, str) else f"df[{name!r}]"
    return path if row is None else f"{path}[{row}]"


@dataclass
class Column:
    """One column (or index level) as plain Python values; ``None`` marks every missing value."""

    name: str
    """The label shown to people (multi-level labels joined with " / ")."""
    key: Hashable
    """The label as the frame knows it, for messages and lookups."""
    kind: Kind
    values: list[Any]
    dtype: str
    header: tuple[str, ...] = ()
    """One label per header level (a multi-level column has several)."""
    categories: list[Any] | None = None
    """The declared order of a categorical column's values."""

    def __len__(self) -> int:
        return len(self.values)

    @property
    def path(self) -> str:
        return column_path(self.key)

    @property
    def is_numeric(self) -> bool:
        return self.kind in NUMERIC_KINDS

    def numbers(self) -> list[float | int | None]:
        """The values as numbers; DataError naming the column and row of the first value that is not one."""
        if self.kind in NUMERIC_KINDS:
            return self.values
        if self.kind == "bool":
            return [None if v is None else int(v) for v in self.values]
        if self.kind == "object":
            out: list[float | int | None] = []
            for row, value in enumerate(self.values):
                if value is None or (isinstance(value, int | float) and not isinstance(value, bool)):
                    out.append(_finite_or_none(value))
                elif isinstance(value, Decimal):
                    out.append(_finite_or_none(float(value)))
                else:
                    raise DataError(
                        [
                            Problem(
                                column_path(self.key, row),
                                f"{value!r} is not a number (the column holds {self.dtype} values)",
                            )
                        ]
                    )
            return out
        first = next((r for r, v in enumerate(self.values) if v is not None), None)
        where = column_path(self.key, first) if first is not None else self.path
        shown = f"{self.values[first]!r} is not a number: " if first is not None else ""
        raise DataError(
            [Problem(where, f"{shown}the column holds {self.dtype} values; use a numeric column")]
        )


def _finite_or_none(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


@dataclass
class Frame:
    """A pandas or polars frame seen through one interface; columns convert on first use."""

    native: Any
    backend: Literal["pandas", "polars"]
    keys: list[Hashable]
    n_rows: int
    _convert: Callable[[Hashable], Column]
    index_levels: Callable[[], list[Column]]
    _cache: dict[Hashable, Column] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return [display_name(k) for k in self.keys]

    def resolve(self, name: Hashable, what: str = "column") -> Hashable:
        """The frame's own key for ``name`` (also accepts the joined name of a multi-level column)."""
        if name in self.keys:
            return name
        for key in self.keys:
            if display_name(key) == name:
                return key
        shown = ", ".join(repr(n) for n in self.names) or "none (the frame has no columns)"
        raise DataError(
            [Problem(column_path(name), f"no {what} named {name!r}; the frame's columns are {shown}")]
        )

    def column(self, name: Hashable, what: str = "column") -> Column:
        key = self.resolve(name, what)
        if key not in self._cache:
            self._cache[key] = self._convert(key)
        return self._cache[key]

    def columns(self, names: Sequence[Hashable] | None = None) -> list[Column]:
        return [self.column(n) for n in (self.keys if names is None else names)]


def display_name(key: Hashable) -> str:
    if isinstance(key, tuple):
        return " / ".join(str(part) for part in key if str(part) != "")
    return str(key)


def to_frame(obj: Any) -> Frame:
    """Adapt a pandas or polars DataFrame; DataError for anything else."""
    if is_pandas_frame(obj):
        return _pandas_frame(obj)
    if is_polars_frame(obj):
        return _polars_frame(obj.collect() if _is_instance(obj, "polars", "LazyFrame") else obj)
    raise DataError(
        [
            Problem(
                "df",
                f"expected a pandas or polars DataFrame, got {type(obj).__module__}.{type(obj).__qualname__}",
            )
        ]
    )


def to_column(obj: Any, name: str = "values") -> Column:
    """Adapt a pandas or polars Series, or any sequence, to a Column."""
    if _is_instance(obj, "pandas", "Series"):
        key = obj.name if obj.name is not None else name
        return _pandas_column(obj, key)
    if _is_instance(obj, "polars", "Series"):
        return _polars_column(obj, obj.name or name)
    if isinstance(obj, Sequence) and not isinstance(obj, str | bytes):
        values = [_finite_or_none(v) for v in obj]
        return Column(name, name, kind_of_values(values), values, "object", (name,))
    raise DataError([Problem(name, f"expected a Series or a sequence, got {type(obj).__qualname__}")])


def kind_of_values(values: list[Any]) -> Kind:
    present = [v for v in values if v is not None]
    if not present:
        return "object"
    if all(isinstance(v, bool) for v in present):
        return "bool"
    if all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return "int"
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in present):
        return "float"
    if all(isinstance(v, dt.datetime) for v in present):
        return "datetime"
    if all(isinstance(v, dt.date) and not isinstance(v, dt.datetime) for v in present):
        return "date"
    if all(isinstance(v, str) for v in present):
        return "string"
    return "object"


# --- pandas ---------------------------------------------------------------------------------------


def _pandas_frame(df: Any) -> Frame:
    keys = list(df.columns)
    if len(set(keys)) != len(keys):
        dupes = sorted({repr(k) for k in keys if keys.count(k) > 1})
        raise DataError([Problem("df", f"column names must be unique; repeated: {', '.join(dupes)}")])

    def convert(key: Hashable) -> Column:
        return _pandas_column(df[key], key)

    def index_levels() -> list[Column]:
        import pandas as pd  # optional: only a pandas frame gets here, its library loaded already

        index = df.index
        if isinstance(index, pd.MultiIndex):
            return [
                _pandas_column(
                    pd.Series(index.get_level_values(i), copy=False),
                    name if name is not None else f"level_{i}",
                )
                for i, name in enumerate(index.names)
            ]
        return [_pandas_column(pd.Series(index, copy=False), index.name if index.name is not None else "")]

    return Frame(df, "pandas", keys, len(df), convert, index_levels)


def pandas_has_default_index(df: Any) -> bool:
    """True when a pandas frame's index is the unnamed 0..n-1 RangeIndex (it carries no labels)."""
    import pandas as pd  # optional: only a pandas frame gets here, its library loaded already

    index = df.index
    return isinstance(index, pd.RangeIndex) and index.name is None and index.start == 0 and index.step == 1


def _pandas_kind(dtype: Any) -> Kind:
    from pandas.api import types as t  # optional: only a pandas frame gets here

    if isinstance(dtype, t.CategoricalDtype):
        return "category"
    if t.is_bool_dtype(dtype):
        return "bool"
    if t.is_integer_dtype(dtype):
        return "int"
    if t.is_float_dtype(dtype):
        return "float"
    if t.is_datetime64_any_dtype(dtype):
        return "datetime"
    if t.is_timedelta64_dtype(dtype):
        return "timedelta"
    if t.is_string_dtype(dtype) and str(dtype) != "object":
        return "string"
    return "object"


def _pandas_column(series: Any, key: Hashable) -> Column:
    kind = _pandas_kind(series.dtype)
    missing = series.isna().to_numpy()
    categories: list[Any] | None = None
    if kind == "category":
        categories = [_plain(v) for v in series.cat.categories.tolist()]
        raw = series.astype(object).tolist()
    elif kind == "datetime":
        raw = [ts.to_pydatetime() if not m else None for ts, m in zip(series.tolist(), missing, strict=True)]
    elif kind == "object":
        raw = [_plain(v) for v in series.tolist()]
    else:
        raw = series.tolist()
    values = [None if m else v for v, m in zip(raw, missing, strict=True)] if missing.any() else raw
    if kind == "object":
        kind = kind_of_values(values)
    header = tuple(str(part) for part in key) if isinstance(key, tuple) else (str(key),)
    return Column(display_name(key), key, kind, values, str(series.dtype), header, categories)


def _plain(value: Any) -> Any:
    """numpy and pandas scalars to Python ones; every missing marker to None."""
    if value is None:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    module = type(value).__module__
    if module.startswith("pandas"):
        if type(value).__name__ in ("NAType", "NaTType"):
            return None
        if hasattr(value, "to_pydatetime"):
            return value.to_pydatetime()
    if module.startswith("numpy") and hasattr(value, "item"):
        return _plain(value.item())
    return value


# --- polars ---------------------------------------------------------------------------------------


def _polars_frame(df: Any) -> Frame:
    keys: list[Hashable] = list(df.columns)

    def convert(key: Hashable) -> Column:
        return _polars_column(df.get_column(str(key)), key)

    # A polars frame has no index: there are no index levels to show.
    return Frame(df, "polars", keys, df.height, convert, list)


def _polars_kind(dtype: Any) -> Kind:
    import polars as pl  # optional: only a polars frame gets here, its library loaded already

    if dtype == pl.Boolean:
        return "bool"
    if dtype.is_integer():
        return "int"
    if dtype.is_float() or dtype == pl.Decimal:
        return "float"
    if isinstance(dtype, pl.Datetime) or dtype == pl.Datetime:
        return "datetime"
    if dtype == pl.Date:
        return "date"
    if dtype == pl.Duration:
        return "timedelta"
    if dtype in (pl.Categorical, pl.Enum) or isinstance(dtype, pl.Categorical | pl.Enum):
        return "category"
    if dtype == pl.String:
        return "string"
    return "object"


def _polars_column(series: Any, key: Hashable) -> Column:
    import polars as pl  # optional: only a polars frame gets here, its library loaded already

    kind = _polars_kind(series.dtype)
    categories: list[Any] | None = None
    if kind == "category":
        # A polars Categorical has no declared order (first appearance counts); an Enum has one.
        categories = list(series.dtype.categories.to_list()) if isinstance(series.dtype, pl.Enum) else None
        values = series.cast(pl.String).to_list()
    else:
        values = series.to_list()
    if kind == "float":
        values = [None if v is None or v != v else float(v) for v in values]
    elif kind == "object":
        values = [_finite_or_none(v) for v in values]
        kind = kind_of_values(values)
    return Column(str(key), key, kind, values, str(series.dtype), (str(key),), categories)

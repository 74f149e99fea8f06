#!/usr/bin/env python3
"""Frames benchmark: a 100 000-point scatter chart and a 5 000 x 20 table, from pandas and polars.

Usage: python bench/frames/bench_frames.py [--runs 5] [--points 100000] [--rows 5000]

For each workload and backend, reports the median over --runs (after one warm-up run) of
- build: ``Scatter.from_dataframe`` / ``Table.from_dataframe`` (conversion, formats, styles,
  validation by the model);
- json: writing the element as data.json text, as the Deck does (``model_dump(mode="json",
  exclude_none=True)`` then ``json.dumps``);
- the size of that JSON, compact and as the Deck writes it into the zip (indent 2);
- the ratio of build + json to the baseline measured in the same run: the frame's own cheapest
  road to JSON of the same values (``to_dict``/``to_dicts`` + ``json.dumps``), the least work any
  converter must do.
The workloads are seeded, so every run does the same work.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from deckkit.frames import DataBar, DroppedRowsWarning, percent
from deckkit.model import Table
from deckkit.model.chart import Scatter


def scatter_frame(points: int) -> dict[str, Any]:
    rng = np.random.default_rng(7)
    x = rng.normal(50, 15, points)
    y = x * 0.8 + rng.normal(0, 5, points)
    y[rng.choice(points, points // 100, replace=False)] = np.nan  # 1 % gaps, dropped with a warning
    return {"x": x, "y": y, "group": rng.choice(["north", "south", "east", "west", "centre"], points)}


def table_frame(rows: int) -> dict[str, Any]:
    rng = np.random.default_rng(11)
    columns: dict[str, Any] = {"region": rng.choice(["North", "South", "East", "West"], rows)}
    columns["day"] = [dt.date(2020, 1, 1) + dt.timedelta(days=int(d)) for d in rng.integers(0, 1500, rows)]
    for i in range(6):
        columns[f"units{i}"] = rng.integers(0, 100_000, rows)
    for i in range(10):
        values = rng.normal(1000, 400, rows)
        values[rng.choice(rows, rows // 50, replace=False)] = np.nan
        columns[f"value{i}"] = values
    columns["share"] = rng.uniform(0, 1, rows)
    columns["flag"] = rng.integers(0, 2, rows).astype(bool)
    return columns


def build_scatter(df: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DroppedRowsWarning)
        return Scatter.from_dataframe(df, x="x", y="y", by="group")


def red_if_negative(value: Any, row: int, column: str) -> dict[str, Any] | None:
    return {"font": {"color": "red"}} if column == "value1" and value is not None and value < 0 else None


def build_table(df: Any) -> Any:
    return Table.from_dataframe(
        df,
        formats={"share": percent(1)},
        databars={"value0": DataBar()},
        header_styles={"font": {"bold": True}},
        cell_styles=red_if_negative,
    )


def baseline(df: Any) -> str:
    """The frame's own road to JSON: records, then json.dumps (dates as strings)."""
    records = df.to_dicts() if hasattr(df, "to_dicts") else df.to_dict("records")
    return json.dumps(records, default=str)


def median_time(fn: Callable[[], Any], runs: int) -> tuple[float, Any]:
    result = fn()  # warm-up: imports, caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def measure(name: str, df: Any, build: Callable[[Any], Any], runs: int) -> dict[str, Any]:
    build_s, element = median_time(lambda: build(df), runs)
    json_s, text = median_time(lambda: json.dumps(element.model_dump(mode="json", exclude_none=True)), runs)
    indented = json.dumps(element.model_dump(mode="json", exclude_none=True), indent=2)
    base_s, _ = median_time(lambda: baseline(df), runs)
    return {
        "workload": name,
        "build_s": round(build_s, 4),
        "json_s": round(json_s, 4),
        "json_bytes": len(text.encode()),
        "json_bytes_indent2": len(indented.encode()),
        "baseline_s": round(base_s, 4),
        "ratio": round((build_s + json_s) / base_s, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--points", type=int, default=100_000)
    parser.add_argument("--rows", type=int, default=5_000)
    args = parser.parse_args()

    import pandas as pd
    import polars as pl

    results = []
    for backend, make in (("pandas", pd.DataFrame), ("polars", pl.DataFrame)):
        scatter = make(scatter_frame(args.points))
        table = make(table_frame(args.rows))
        if backend == "pandas":
            table["region"] = table["region"].astype("category")
        results.append(
            measure(f"scatter {args.points:,} points ({backend})", scatter, build_scatter, args.runs)
        )
        results.append(measure(f"table {args.rows:,} x 20 ({backend})", table, build_table, args.runs))
    width = max(len(r["workload"]) for r in results)
    print(f"{'workload':<{width}}  build s   json s   JSON MB (indent 2)  baseline s  ratio")
    for r in results:
        print(
            f"{r['workload']:<{width}}  {r['build_s']:7.3f}  {r['json_s']:7.3f}  {r['json_bytes'] / 1e6:7.2f}"
            f" ({r['json_bytes_indent2'] / 1e6:6.2f})"
            f"  {r['baseline_s']:10.3f}  {r['ratio']:5.1f}"
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()

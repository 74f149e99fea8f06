#!/usr/bin/env python3
"""The floor under any renderer of a given output: read each part of it and write it out again.

Usage: python bench/workload/zip_floor.py OUT.pptx [--runs 5]

Prints the median seconds of :func:`rewrite` on OUT.pptx: every part read and deflated again
(zlib level 6, the zip module's default), the least work that producing this file takes whatever
renders it. Benchmarks report a render's time as a ratio to this figure measured in the same run,
which keeps the figures comparable on a loaded or a different machine.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
import zipfile
from pathlib import Path


def rewrite(data: bytes) -> int:
    """Read every part of the zip and write them all to a new one; the new zip's size."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for info in source.infolist():
            target.writestr(info.filename, source.read(info.filename))
    return out.tell()


def median_seconds(data: bytes, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        rewrite(data)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("pptx", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{median_seconds(args.pptx.read_bytes(), args.runs):.4f}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Export benchmark: the standard workload's deck as a PDF and as PNGs, time per slide.

Usage: python bench/render/bench_export.py [--sizes 20 200] [--runs 3]

For each size, the workload (bench/workload/make_workload.py: tables, charts, pictures, text) is
rendered once, then converted in turns: LibreOffice to PDF with a fresh profile (a process's
first conversion), with the profile kept from the one before (every later one), and pdftoppm
cutting the PDF into PNGs at 96 dpi. The baseline in the same run is the render itself. Reports
medians over --runs, per deck and per slide, and the ratio of each to the render.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _workload import build_workload, read_workload

import deckkit
from deckkit import office


def _timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 200])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            build_workload(Path(tmp), size)
            template, data, media = read_workload(Path(tmp))
        render = functools.partial(deckkit.render, template, data, media)
        result = render()
        to_pdf = functools.partial(office.pptx_to_pdf, result.pptx)
        pdf = to_pdf()  # the process's first start, and the PDF to cut
        to_pngs = functools.partial(office.pdf_to_pngs, pdf, dpi=96)
        times: dict[str, list[float]] = {
            "render": [],
            "pdf, fresh profile": [],
            "pdf, kept profile": [],
            "pngs": [],
        }
        for _ in range(args.runs):
            times["render"].append(_timed(render))
            office.discard_profiles()
            times["pdf, fresh profile"].append(_timed(to_pdf))
            times["pdf, kept profile"].append(_timed(to_pdf))
            times["pngs"].append(_timed(to_pngs))
        base = statistics.median(times["render"])
        print(
            f"{size} slides ({len(result.pptx):,} bytes of pptx, {len(pdf):,} of PDF), median of {args.runs}:"
        )
        for name, values in times.items():
            median = statistics.median(values)
            print(
                f"  {name:<20} {median:8.3f} s  {1000 * median / size:8.1f} ms a slide  {median / base:6.1f}x the render"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

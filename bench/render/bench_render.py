#!/usr/bin/env python3
"""Render benchmark: the standard 200-slide workload, time as a ratio to the zip floor, peak memory.

Usage: python bench/render/bench_render.py [--slides 200] [--runs 3] [--profile]

The workload comes from bench/workload/make_workload.py (seeded, so every run does the same
work); the floor is bench/workload/zip_floor.py on the very output rendered here: reading every
part and writing it again with DEFLATE, the least work any renderer of that file must do. Renders
and floor rewrites take turns in this process, so that the ratio holds on a loaded machine.
Reports the median render time over --runs (after one warm-up run that pays for imports), the
ratio to the floor, and the peak of Python allocations during one render (tracemalloc).
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from _workload import WORKLOAD, build_workload, read_workload


def _zip_floor_rewrite() -> Callable[[bytes], int]:
    """``rewrite`` of bench/workload/zip_floor.py (the floor), run in this process."""
    spec = importlib.util.spec_from_file_location("zip_floor", WORKLOAD / "zip_floor.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rewrite: Callable[[bytes], int] = module.rewrite
    return rewrite


def _by_module(profile: cProfile.Profile) -> list[tuple[str, float]]:
    """Own time per deckkit module (everything else under 'other'), largest first."""
    stats = pstats.Stats(profile)
    totals: dict[str, float] = defaultdict(float)
    for (filename, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        name = filename.split("/deckkit/", 1)[1] if "/deckkit/" in filename else "other (lxml, zlib, PIL...)"
        totals[name] += tottime
    return sorted(totals.items(), key=lambda kv: -kv[1])


_FILLERS = ("fill_table", "fill_chart", "fill_list", "replace_occurrences", "write")


def _filler_time(profile: cProfile.Profile) -> dict[str, float]:
    """Cumulative time in the table, chart, list and text fillers and in writing the package."""
    stats = pstats.Stats(profile)
    out: dict[str, float] = defaultdict(float)
    for (filename, _, function), (_, _, _, cumtime, _) in stats.stats.items():  # type: ignore[attr-defined]
        if function in _FILLERS and "/deckkit/renderer/" in filename:
            out[function] += cumtime
    return out


def _peak_rss_of_one_render(folder: Path) -> float:
    """Peak resident memory (MB) of a fresh process that renders the workload once."""
    # VmHWM (peak resident set) starts afresh with the new process image, unlike ru_maxrss.
    code = (
        "import json, re, sys; from pathlib import Path; from deckkit.renderer import render; "
        "hwm = lambda: int(re.search(r'VmHWM:\\s+(\\d+)', Path('/proc/self/status').read_text()).group(1)); "
        "f = Path(sys.argv[1]); "
        "media = {f'images/{p.name}': p.read_bytes() for p in (f / 'images').iterdir()}; "
        "base = hwm(); "
        "render((f / 'template.pptx').read_bytes(), json.loads((f / 'data.json').read_text()), media); "
        "print(hwm(), base)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(folder)], check=True, capture_output=True, text=True
    ).stdout
    peak, base = (int(v) for v in out.split())
    return peak / 1024, base / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slides", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="print own time per module")
    args = parser.parse_args()

    from deckkit.renderer import render

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build_workload(folder / "workload", args.slides)
        template, data, media = read_workload(folder / "workload")
        result = render(template, data, media)  # warm-up: imports, caches
        rewrite = _zip_floor_rewrite()
        rewrite(result.pptx)
        # Render and floor take turns, so that both see the same load on a shared machine.
        times, floors = [], []
        for _ in range(args.runs):
            start = time.perf_counter()
            result = render(template, data, media)
            times.append(time.perf_counter() - start)
            start = time.perf_counter()
            rewrite(result.pptx)
            floors.append(time.perf_counter() - start)
        floor = statistics.median(floors)
        tracemalloc.start()
        render(template, data, media)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        rss, rss_before = _peak_rss_of_one_render(folder / "workload")
        render_time = statistics.median(times)
        print(f"slides            {result.slide_count}")
        print(f"output            {len(result.pptx) / 1e6:.2f} MB")
        print(f"render (median)   {render_time:.3f} s  over {args.runs} runs")
        print(f"zip floor         {floor:.3f} s  (median of {args.runs}, taking turns with the renders)")
        print(f"ratio             {render_time / floor:.1f}x the floor")
        print(f"peak memory       {peak / 1e6:.1f} MB Python allocations (tracemalloc) during one render")
        print(
            f"peak RSS          {rss:.0f} MB for a fresh process (of which {rss_before:.0f} MB before rendering)"
        )
        if args.profile:
            profile = cProfile.Profile()
            profile.runcall(render, template, data, media)
            fillers = _filler_time(profile)
            total = sum(pstats.Stats(profile).total_tt for _ in [0])  # type: ignore[attr-defined]
            print(
                f"profiled render   {total:.3f} s; cumulative time in the fillers and the writers (package, workbooks):"
            )
            for name in _FILLERS:
                print(f"  {fillers.get(name, 0.0):7.3f} s  {name}")
            rest = total - sum(fillers.values())
            print(
                f"  {rest:7.3f} s  everything else (data, planning, clone, locate, media): {rest / floor:.1f}x the floor"
            )
            print("own time per module (profiled run):")
            for name, seconds in _by_module(profile)[:15]:
                print(f"  {seconds:7.3f} s  {name}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Scale: render time against slide count (20, 200, 2,000 slides), and peak memory against output size.

Usage: python bench/render/bench_scale.py [--sizes 20 200 2000] [--runs 3]

Each size is the standard workload (``bench/workload/make_workload.py --slides N``) rendered in
a fresh process: the median of --runs renders after a warm-up render, the seconds per slide and
their ratio to the smallest size's (1.0 everywhere means time linear in the slide count), the
peak of Python allocations during one render (tracemalloc) and the growth of the peak resident
set over the process's peak before rendering (VmHWM), each as a multiple of the output's size.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from _workload import build_workload

# One size, in a fresh process: times, then tracemalloc, then the resident-set peak of one more render.
_MEASURE = """
import json, re, statistics, sys, time, tracemalloc
from pathlib import Path
from deckkit.renderer import render
hwm = lambda: int(re.search(r"VmHWM:\\s+(\\d+)", Path("/proc/self/status").read_text()).group(1)) * 1024
folder, runs = Path(sys.argv[1]), int(sys.argv[2])
media = {f"images/{p.name}": p.read_bytes() for p in (folder / "images").iterdir()}
template = (folder / "template.pptx").read_bytes()
text = (folder / "data.json").read_text()
before = hwm()
size = len(render(template, json.loads(text), media).pptx)
rss = hwm() - before
times = []
for _ in range(runs):
    start = time.perf_counter()
    render(template, json.loads(text), media)
    times.append(time.perf_counter() - start)
tracemalloc.start()
render(template, json.loads(text), media)
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
print(json.dumps({"seconds": statistics.median(times), "size": size, "traced": peak, "rss": rss}))
"""


def measure(slides: int, runs: int, tmp: Path) -> dict[str, float]:
    folder = tmp / f"w{slides}"
    build_workload(folder, slides)
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(folder), str(runs)], check=True, capture_output=True, text=True
    ).stdout
    result: dict[str, float] = json.loads(out)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 200, 2000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rows = [(n, measure(n, args.runs, Path(tmp))) for n in args.sizes]
    base = rows[0][1]["seconds"] / rows[0][0]
    print(
        f"{'slides':>7} {'seconds':>8} {'ms/slide':>9} {'vs ' + str(rows[0][0]):>7} {'output MB':>10} "
        f"{'traced/out':>11} {'RSS+/out':>9}"
    )
    for n, r in rows:
        per = r["seconds"] / n
        print(
            f"{n:>7} {r['seconds']:>8.3f} {per * 1e3:>9.2f} {per / base:>7.2f} {r['size'] / 1e6:>10.2f} "
            f"{r['traced'] / r['size']:>10.1f}x {r['rss'] / r['size']:>8.1f}x"
        )


if __name__ == "__main__":
    main()

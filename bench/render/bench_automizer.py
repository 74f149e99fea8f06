#!/usr/bin/env python3
"""Against the peer: the standard workload with deckkit and with pptx-automizer (Node), same run.

Usage: ./dev bench-automizer              (installs pptx-automizer with npm first, then runs this)
       python bench/render/bench_automizer.py --automizer DIR [--slides 200] [--runs 3]

DIR is a copy of ``bench/automizer/`` with ``npm install`` done (``./dev`` keeps one in
``.bench/automizer``). Both render the same workload (``bench/workload/make_workload.py``):
deckkit in process (median of --runs after a warm-up), automizer as ``node render.mjs`` (one
run: it takes tens of seconds; its own timer, which leaves out Node's start, is reported too).
The speed-up is automizer's wall time over deckkit's. Automizer does a little less work (see its
README: no picture replacement, theme colours, data bars or per-cell styles).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _workload import build_workload


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--automizer", type=Path, required=True, help="automizer folder with node_modules")
    parser.add_argument("--slides", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    # node runs in that folder: a path relative to here would not resolve there
    args.automizer = args.automizer.resolve()
    node = shutil.which("node")
    if node is None or not (args.automizer / "node_modules" / "pptx-automizer").is_dir():
        print(
            "bench_automizer: needs node and `npm install` in --automizer (run ./dev bench-automizer)",
            file=sys.stderr,
        )
        return 2
    from deckkit.renderer import render

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "workload"
        build_workload(folder, args.slides)
        media = {f"images/{p.name}": p.read_bytes() for p in (folder / "images").iterdir()}
        template, text = (folder / "template.pptx").read_bytes(), (folder / "data.json").read_text()
        render(template, json.loads(text), media)
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            render(template, json.loads(text), media)
            times.append(time.perf_counter() - start)
        start = time.perf_counter()
        done = subprocess.run(
            [node, str(args.automizer / "render.mjs"), str(folder), str(Path(tmp) / "automizer.pptx")],
            check=True,
            capture_output=True,
            text=True,
            cwd=args.automizer,
        )
        peer = time.perf_counter() - start
    own = re.search(r"in (\d+) ms", done.stdout)
    deckkit = statistics.median(times)
    print(f"deckkit           {deckkit:.3f} s  (in process, median of {args.runs})")
    print(
        f"pptx-automizer    {peer:.1f} s  (node render.mjs, wall"
        + (f"; {int(own.group(1)) / 1000:.1f} s by its own timer)" if own else ")")
    )
    print(f"speed-up          {peer / deckkit:.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The command line: ``deckkit --help`` start-up against ``python -c pass``, ``deckkit render`` against in-process.

Usage: python bench/render/bench_cli.py [--runs 10] [--slides 200]

Start-up: the median wall time of --runs fresh ``deckkit --help`` processes, next to the median
of as many ``python -c pass`` (the interpreter's own start, measured in the same loop, turn
about). Render: the median of ``deckkit render input.zip -o out.pptx`` (a fresh process each
time: interpreter, imports, reading the zip, rendering, writing) against the median in-process
``render_bundle`` of the same zip after a warm-up.

deckkit's modules are byte-compiled first, as ``pip install`` does for an installed package:
an editable install in an environment with PYTHONDONTWRITEBYTECODE set (this machine's) would
otherwise compile about 110 modules from source in every process (80 ms of each command).
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _workload import build_workload

DECKKIT = [sys.executable, "-m", "deckkit"]


def _wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--slides", type=int, default=200)
    args = parser.parse_args()
    import deckkit
    import deckkit_server

    for package in (deckkit, deckkit_server):
        compileall.compile_dir(Path(package.__file__).parent, quiet=1)
    from deckkit.renderer import render_bundle

    help_times, pass_times = [], []
    for _ in range(args.runs):
        pass_times.append(_wall([sys.executable, "-c", "pass"]))
        help_times.append(_wall([*DECKKIT, "--help"]))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build_workload(folder, args.slides)
        bundle = folder / "input.zip"
        render_bundle(bundle)
        cli_times, local_times = [], []
        for _ in range(max(3, args.runs // 2)):
            start = time.perf_counter()
            render_bundle(bundle)
            local_times.append(time.perf_counter() - start)
            cli_times.append(_wall([*DECKKIT, "render", str(bundle), "-o", str(folder / "out.pptx")]))
    python, helps = statistics.median(pass_times), statistics.median(help_times)
    local, cli = statistics.median(local_times), statistics.median(cli_times)
    print(f"python -c pass      {python:.3f} s")
    print(f"deckkit --help      {helps:.3f} s  ({helps - python:.3f} s more than the interpreter's start)")
    print(f"render in process   {local:.3f} s  (render_bundle, {args.slides} slides, warm)")
    print(f"deckkit render      {cli:.3f} s  ({cli / local:.2f}x in process)")


if __name__ == "__main__":
    main()

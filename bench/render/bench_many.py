#!/usr/bin/env python3
"""render_many: decks a second on 1 and 2 worker processes, against the same decks one by one.

Usage: python bench/render/bench_many.py [--decks 1000] [--slides 20] [--rounds 3]

Every deck is the standard workload (``bench/workload/make_workload.py --slides 20``): its
template, data and pictures, each deck a job ``(template, data, media)``. The baseline renders
the same decks one by one with ``deckkit.render`` in this process; then ``render_many`` on a
process pool of 1 and of 2 workers (``deckkit.batch.process_pool``, the default executor's
kind), each pool warmed with a few decks first, as the default pool stays warm between calls.
The three take turns for --rounds rounds (the figures move with the machine's load, which is
printed with them). Reports the median decks a second of each, the ratio to the baseline, the
CPU time a deck took in every process taking part (this one and the workers), which the load
changes far less than the wall clock, each worker's peak resident set (VmHWM) beside this
process's, and the share of a one-by-one render's CPU spent in the calling thread, which bounds
what 2 workers can gain on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from _workload import build_workload, read_workload

from deckkit.batch import process_pool, render_many
from deckkit.renderer import render


def _peak_rss(pid: int) -> int:
    """VmHWM of a process, in bytes."""
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmHWM:\s+(\d+)", status)
    return int(found.group(1)) * 1024 if found else 0


def _cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of this process and of ``pids`` (its pool's workers)."""
    own = os.times()
    total = own.user + own.system
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _workers(pool: ProcessPoolExecutor | None) -> list[int]:
    # The pool's processes (a private attribute of ProcessPoolExecutor, read for this report only).
    return list(pool._processes) if pool is not None else []  # type: ignore[attr-defined]


def timed(jobs: list[Any], pool: ProcessPoolExecutor | None) -> tuple[float, float]:
    """(decks a second, CPU milliseconds a deck in every process taking part)."""
    cpu = _cpu_seconds(_workers(pool))
    start = time.perf_counter()
    if pool is None:
        for template, data, media in jobs:
            render(template, data, media)
    else:
        results = render_many(jobs, executor=pool, progress=False)
        failed = [r for r in results if isinstance(r, Exception)]
        if failed:
            raise SystemExit(f"{len(failed)} decks failed: {failed[0]}")
    elapsed = time.perf_counter() - start
    return len(jobs) / elapsed, (_cpu_seconds(_workers(pool)) - cpu) * 1000 / len(jobs)


def main_thread_share(jobs: list[Any]) -> float:
    """The share of a one-by-one render's CPU time spent in the calling thread (load changes it little)."""
    process, thread = time.process_time(), time.thread_time()
    for template, data, media in jobs:
        render(template, data, media)
    return (time.thread_time() - thread) / (time.process_time() - process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--slides", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        build_workload(Path(tmp), args.slides)
        template, data, media = read_workload(Path(tmp))
    jobs = [(template, data, media)] * args.decks
    print(f"{args.decks} decks of {args.slides} slides; {os.cpu_count()} cores; load {os.getloadavg()}")

    render(template, data, media)  # this process warm, as the pools' workers will be
    pools = {workers: process_pool(workers) for workers in (1, 2)}
    for workers, pool in pools.items():
        render_many(jobs[: 2 * workers], executor=pool, progress=False)
    runs: dict[str, ProcessPoolExecutor | None] = {
        "one by one": None,
        "1 worker": pools[1],
        "2 workers": pools[2],
    }
    rates: dict[str, list[float]] = {name: [] for name in runs}
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    for round_ in range(args.rounds):
        for name, pool in runs.items():
            rate, ms = timed(jobs, pool)
            rates[name].append(rate)
            cpu[name].append(ms)
        line = ", ".join(f"{k} {v[-1]:.1f}" for k, v in rates.items())
        print(f"round {round_ + 1} (decks/s): {line}; load {os.getloadavg()[0]:.1f}", file=sys.stderr)

    base = statistics.median(rates["one by one"])
    print(f"{'':12} {'decks/s':>8} {'ratio':>6} {'CPU ms/deck':>12}")
    for name, values in rates.items():
        rate = statistics.median(values)
        print(f"{name:12} {rate:8.1f} {rate / base:6.2f}x {statistics.median(cpu[name]):12.1f}")
    share = main_thread_share(jobs[: min(len(jobs), 50)])
    print(
        f"one by one, the calling thread's share of the CPU: {share:.0%} (the rest deflates on another "
        f"thread at once): on 2 idle cores, 2 workers can be at most {2 * share:.2f}x as fast"
    )
    print(f"load after: {os.getloadavg()}")
    print(f"peak RSS: this process {_peak_rss(os.getpid()) / 2**20:.0f} MB")
    for workers, pool in pools.items():
        peaks = [_peak_rss(pid) / 2**20 for pid in _workers(pool)]
        print(f"peak RSS per worker, pool of {workers}: " + ", ".join(f"{p:.0f} MB" for p in peaks))
        pool.shutdown()


if __name__ == "__main__":
    main()

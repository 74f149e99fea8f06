#!/usr/bin/env python3
"""End to end: the standard 200-slide workload through the service, against the local render.

Usage: python bench/server/bench_e2e.py [--runs 5] [--slides 200] [--tree NAME=PATH ...] [--json FILE]

For each source tree (default: this checkout), in a fresh interpreter with that tree on
PYTHONPATH, builds the workload (bench/workload/make_workload.py), then:

* local: ``deckkit.render_bundle(zip)`` in process;
* service: ``deckkit serve`` (defaults: built-in storage, SQLite) and the whole flow with the
  client, ``Client.render(zip)``: create, upload, render, download.

The two alternate, ``--runs`` times after one warm-up each (the first render of a process may
import and warm caches), so that the machine's load hits both alike. Reports the medians and
the median of the per-run ratios service / local (goal: <= 2).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _loopback import free_port, start_server, wait_until_up

REPO = Path(__file__).resolve().parents[2]
WORKLOAD = REPO / "bench" / "workload" / "make_workload.py"


def _seconds(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _paired(local: Any, service: Any, runs: int) -> tuple[list[float], list[float]]:
    """Alternate the two (after one warm-up each), so that a change in the machine's load hits both."""
    local()
    service()
    pairs = [(_seconds(local), _seconds(service)) for _ in range(runs)]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def measure(runs: int, slides: int) -> dict[str, Any]:
    """In this interpreter (PYTHONPATH names the tree): local render, then the service flow."""

    from deckkit.client import Client
    from deckkit.renderer import render_bundle

    work = Path(tempfile.mkdtemp(prefix="deckkit-e2e-"))
    try:
        subprocess.run(
            [sys.executable, str(WORKLOAD), str(work / "workload"), "--slides", str(slides)],
            check=True,
            capture_output=True,
        )
        zip_bytes = (work / "workload" / "input.zip").read_bytes()
        port = free_port()
        server = start_server(work / "data", port, log_level="warning")
        try:
            assert server.stdout is not None
            token = ""
            while not token:
                line = server.stdout.readline()
                if not line:
                    raise RuntimeError("the server stopped before printing its token")
                if line.startswith("API token"):
                    token = line.rsplit(" ", 1)[-1].strip()
            url = f"http://127.0.0.1:{port}"
            wait_until_up(url, server)
            with Client(url, token, timeout=300) as client:
                expected = slides

                def flow() -> None:
                    result = client.render(zip_bytes)
                    assert result.slide_count == expected
                    assert result.content[:2] == b"PK"

                local, service = _paired(lambda: render_bundle(zip_bytes), flow, runs)
        finally:
            server.terminate()
            server.wait(30)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return {
        "local_s": statistics.median(local),
        "service_s": statistics.median(service),
        "ratio": statistics.median(s / t for s, t in zip(service, local, strict=True)),
        "local_runs": local,
        "service_runs": service,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--slides", type=int, default=200)
    parser.add_argument("--tree", action="append", default=[], help="NAME=PATH of a source tree to run")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)  # the child's mode
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.runs, args.slides)))
        return
    rows = []
    for name, path in [tuple(t.split("=", 1)) for t in args.tree] or [("this", str(REPO))]:
        tree = Path(path).resolve()
        env = {**os.environ, "PYTHONPATH": f"{tree / 'src'}:{tree / 'server'}"}
        out = subprocess.run(
            [sys.executable, __file__, "--measure", "--runs", str(args.runs), "--slides", str(args.slides)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        row = {"tree": name, "slides": args.slides, **json.loads(out.stdout.strip().splitlines()[-1])}
        print(
            f"{name:8} {args.slides} slides: local {row['local_s']:.2f} s, service (create, upload, render, "
            f"download) {row['service_s']:.2f} s, ratio {row['ratio']:.2f}",
            flush=True,
        )
        rows.append(row)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Memory of the server process while many accounts queue renders of large zips (issue 30, F1).

Usage: python bench/server/bench_render_memory.py [--accounts 20] [--zip-mb 46] [--rounds 1]
       [--tree NAME=PATH ...] [--json FILE]

For each source tree (default: this checkout), ``deckkit serve`` (SQLite, built-in storage,
defaults otherwise) runs with that tree on PYTHONPATH. ``--accounts`` accounts each create a
session and upload a zip of about ``--zip-mb`` MB (template, one slide, one incompressible PNG
picture of that size, drawn on the slide); then every account calls render at the same moment.
The server's resident memory (``VmRSS`` of the server process; render workers are processes of
their own and not counted) is sampled every 20 ms from before the renders until the last
answer; reported: before, the peak, and the answers' statuses. Trees alternate per round.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from _loopback import free_port, start_server, wait_until_up
from PIL import Image

import deckkit

REPO = Path(__file__).resolve().parents[2]
_TOKEN = re.compile(r"dk_[A-Za-z0-9_-]+")


def _big_zip(megabytes: int) -> bytes:
    """A valid input zip of about ``megabytes`` MB: one slide whose picture is a noise PNG."""
    side = int((megabytes * 1024 * 1024 / 3) ** 0.5)
    picture = io.BytesIO()
    Image.frombytes("RGB", (side, side), os.urandom(side * side * 3)).save(picture, "PNG", compress_level=0)
    template = deckkit.examples.template()  # its slide 5 has a picture place, plot
    deck = deckkit.Deck(template)
    deck.add_slide(5, plot=deckkit.Image.from_bytes(picture.getvalue(), scaling="contain"))
    out = Path(tempfile.mkdtemp()) / "input.zip"
    deck.save_zip(out)
    return out.read_bytes()


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _account(data: Path, env: dict[str, str], name: str) -> str:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "deckkit_server.cli",
            "account",
            "--data-dir",
            str(data),
            "create",
            name,
            "--token",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=tempfile.gettempdir(),
    )
    match = _TOKEN.search(out.stdout)
    assert match, out.stdout
    return match.group(0)


def measure(tree: Path, accounts: int, content: bytes) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": f"{tree / 'src'}:{tree / 'server'}"}
    env = {k: v for k, v in env.items() if not k.startswith("DECKKIT_")}
    data = Path(tempfile.mkdtemp()) / "data"
    port = free_port()
    server = start_server(data, port, env={"PYTHONPATH": env["PYTHONPATH"]}, cwd=Path(tempfile.gettempdir()))
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, server)
        tokens = [_account(data, env, f"bench-{i}") for i in range(accounts)]
        sessions = []
        with httpx.Client(base_url=url, timeout=600) as http:
            for token in tokens:
                auth = {"Authorization": f"Bearer {token}"}
                created = http.post("/sessions", headers=auth).json()
                upload = created["upload"]
                files = [
                    *((k, (None, v)) for k, v in upload["params"].items()),
                    ("file", ("in.zip", content)),
                ]
                assert http.post(upload["action"], files=files).status_code == 204
                sessions.append((auth, created["session"]["uuid"]))
        before = _rss_mb(server.pid)
        statuses: list[int] = []
        samples: list[float] = []

        def render(auth: dict[str, str], uid: str) -> None:
            with httpx.Client(base_url=url, timeout=600) as http:
                statuses.append(http.post(f"/sessions/{uid}/render", headers=auth).status_code)

        threads = [threading.Thread(target=render, args=session) for session in sessions]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        while any(thread.is_alive() for thread in threads):
            samples.append(_rss_mb(server.pid))
            time.sleep(0.02)
        return {
            "rss_before_mb": round(before, 1),
            "rss_peak_mb": round(max(samples, default=before), 1),
            "seconds": round(time.perf_counter() - start, 1),
            "statuses": dict(Counter(statuses)),
        }
    finally:
        server.terminate()
        server.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--accounts", type=int, default=20)
    parser.add_argument("--zip-mb", type=int, default=46)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--tree", action="append", default=[], help="NAME=PATH of a source tree to run")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    content = _big_zip(args.zip_mb)
    print(f"input zip: {len(content) / 2**20:.1f} MiB, {args.accounts} accounts", flush=True)
    trees = [tuple(t.split("=", 1)) for t in args.tree] or [("this", str(REPO))]
    rows = []
    for round_number in range(args.rounds):
        for name, path in trees:
            row = {
                "tree": name,
                "round": round_number,
                **measure(Path(path).resolve(), args.accounts, content),
            }
            print(
                f"{name:8} round {round_number}: server RSS {row['rss_before_mb']:.0f} MB before, "
                f"peak {row['rss_peak_mb']:.0f} MB; {row['seconds']} s; statuses {row['statuses']}",
                flush=True,
            )
            rows.append(row)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()

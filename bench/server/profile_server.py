#!/usr/bin/env python3
"""Where a server process spends its time under wrk load: py-spy samples, summed by function.

Usage: python bench/server/profile_server.py [--store sqlite|postgres] [--load get|post]
       [--seconds 15] [--tree PATH] [--top 40]

Starts ``deckkit serve`` (one process, so that py-spy sees every request) from the tree, drives
it with wrk at 32 clients as ``bench_wrk.py`` does, records it with ``py-spy record`` (pip
install py-spy; it needs ptrace, so run as root or with CAP_SYS_PTRACE) and prints the
functions with the largest inclusive and self share of the samples taken while a thread held
the GIL (``--gil``: time spent waiting for the GIL or idle in a pool is not counted).
"""

from __future__ import annotations

import argparse
import collections
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _loopback import free_port, start_server, wait_until_up
from bench_wrk import (
    _LUA,
    PG_URL,
    REPO,
    _drop_pg_schema,
    _environment,
    _lua_list,
    _make_tokens,
    _pg_schema,
    run_wrk,
)


def summarize(raw: Path, top: int) -> str:
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    total = 0
    for line in raw.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not count_text.isdigit():  # a frame name that runs over a line break
            continue
        count = int(count_text)
        frames = [
            f.split(" (")[0] + " (" + f.split(" (")[-1].split(":")[0].rsplit("/", 1)[-1] + ")"
            for f in stack.split(";")
        ]
        total += count
        for frame in set(frames):
            inclusive[frame] += count
        own[frames[-1]] += count
    lines = [f"{total} samples", "", "inclusive:"]
    lines += [f"  {100 * n / total:5.1f}%  {name}" for name, n in inclusive.most_common(top)]
    lines += ["", "self:"]
    lines += [f"  {100 * n / total:5.1f}%  {name}" for name, n in own.most_common(top)]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default="sqlite", choices=["sqlite", "postgres"])
    parser.add_argument("--load", default="get", choices=["get", "post"])
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--tree", type=Path, default=REPO)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="deckkit-prof-"))
    schema = _pg_schema() if args.store == "postgres" else None
    env = _environment(
        args.tree.resolve(), work / "data", f"{PG_URL}?options=-csearch_path%3D{schema}" if schema else None
    )
    tokens = _make_tokens(env, 32)
    port = free_port()
    server = start_server(work / "data", port, env=env, log_level="warning", cwd=work, read_output=False)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, server)
        import httpx

        with httpx.Client(base_url=url) as http:
            uuids = [
                http.post("/sessions", headers={"Authorization": f"Bearer {t}"}).json()["session"]["uuid"]
                for t in tokens
            ]
        method = args.load.upper()
        paths = [f"/sessions/{u}" for u in uuids] if method == "GET" else ["/sessions"] * len(tokens)
        script = work / "load.lua"
        script.write_text(
            _LUA
            % {
                "tokens": _lua_list(tokens),
                "paths": _lua_list(paths),
                "method": method,
                "body": '""' if method == "POST" else "nil",
            }
        )
        raw = work / "profile.txt"
        spy = subprocess.Popen(
            [
                "py-spy",
                "record",
                "--pid",
                str(server.pid),
                "--duration",
                str(args.seconds),
                "--rate",
                "250",
                "--gil",
                "--format",
                "raw",
                "--output",
                str(raw),
                "--nonblocking",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        result = run_wrk(url, script, 32, args.seconds, 2)
        spy.wait()
        print(
            f"{method} at 32 clients, one process: {result['rps']:.0f} req/s, p99 {result['p99_ms']:.1f} ms"
        )
        print(summarize(raw, args.top))
    finally:
        server.terminate()
        server.wait(30)
        if schema:
            _drop_pg_schema(schema)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

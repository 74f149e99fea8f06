#!/usr/bin/env python3
"""Benchmark the session server on loopback: requests per second and p50/p99 latency.

Usage: python bench/server/bench_server.py [--clients 1,8,32] [--seconds 10] [--flows 1] [--slides 200]

Starts ``deckkit-server`` in a subprocess on a free loopback port (embedded SQLite and storage,
rate limit lifted), builds the standard workload with bench/workload/make_workload.py, and for
each client count runs two bounded loads from one asyncio load generator:

* ``GET /sessions/{uuid}``: every client repeats the request for ``--seconds`` (at most 20 000 each);
* the full session flow: every client (its own account, since a new session replaces the
  account's unrendered ones) runs create -> upload (multipart to upload.action) -> render ->
  download, ``--flows`` times, within ``--flow-timeout`` seconds.

Prints a table; ``--json`` writes the figures to a file too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from _loopback import free_port, start_server, wait_until_up

REPO = Path(__file__).resolve().parents[2]
WORKLOAD = REPO / "bench" / "workload" / "make_workload.py"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(name: str, clients: int, latencies: list[float], elapsed: float, errors: int) -> dict[str, Any]:
    return {
        "load": name,
        "clients": clients,
        "requests": len(latencies),
        "errors": errors,
        "rps": len(latencies) / elapsed if elapsed else 0.0,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": 1000 * percentile(latencies, 0.99) if latencies else float("nan"),
    }


async def get_session_load(
    http: httpx.AsyncClient, tokens: list[str], uuids: list[str], clients: int, seconds: float
) -> dict[str, Any]:
    latencies: list[float] = []
    errors = 0
    deadline = time.perf_counter() + seconds

    async def client(i: int) -> None:
        nonlocal errors
        headers = {"Authorization": f"Bearer {tokens[i]}"}
        for _ in range(20_000):
            if time.perf_counter() > deadline:
                return
            start = time.perf_counter()
            response = await http.get(f"/sessions/{uuids[i]}", headers=headers)
            latencies.append(time.perf_counter() - start)
            errors += response.status_code != 200

    started = time.perf_counter()
    await asyncio.gather(*(client(i) for i in range(clients)))
    return summary("GET /sessions/{uuid}", clients, latencies, time.perf_counter() - started, errors)


async def one_flow(http: httpx.AsyncClient, zip_bytes: bytes) -> bool:
    """One create -> upload -> render -> download; False (with the reason on stderr) when a step fails."""
    created = (await http.post("/sessions")).json()
    upload = created["upload"]
    files = [
        *((k, (None, v)) for k, v in upload["params"].items()),
        ("file", ("input.zip", zip_bytes, "application/zip")),
    ]
    async with httpx.AsyncClient(timeout=120) as storage:
        stored = await storage.post(upload["action"], files=files)
        if stored.status_code != 204:
            print(f"upload refused: {stored.status_code} {stored.text[:200]}", file=sys.stderr)
            return False
        rendered = (await http.post(f"/sessions/{created['session']['uuid']}/render", timeout=600)).json()
        if not rendered["session"]["render_succeeded"]:
            print(f"render failed: {rendered['session']['render_message']}", file=sys.stderr)
            return False
        download = await storage.get(rendered["download_url"])
        if download.status_code != 200:
            print(f"download refused: {download.status_code} {download.text[:200]}", file=sys.stderr)
        return download.status_code == 200


async def flow_load(
    url: str, tokens: list[str], clients: int, flows: int, timeout: float, zip_bytes: bytes
) -> dict[str, Any]:
    latencies: list[float] = []
    errors = 0

    async def client(i: int) -> None:
        nonlocal errors
        headers = {"Authorization": f"Bearer {tokens[i]}"}
        async with httpx.AsyncClient(base_url=url, headers=headers, timeout=120) as http:
            for _ in range(flows):
                start = time.perf_counter()
                try:
                    ok = await one_flow(http, zip_bytes)
                except httpx.HTTPError as error:
                    step = f"{error.request.method} {error.request.url.path}" if error._request else "?"
                    print(f"flow failed at {step}: {type(error).__name__}: {error}", file=sys.stderr)
                    ok = False
                latencies.append(time.perf_counter() - start)
                errors += not ok

    started = time.perf_counter()
    try:
        await asyncio.wait_for(asyncio.gather(*(client(i) for i in range(clients))), timeout)
    except TimeoutError:
        errors += clients * flows - len(latencies)
    return summary("full flow", clients, latencies, time.perf_counter() - started, errors)


def make_accounts(data: Path, count: int) -> list[str]:
    from deckkit_server.clock import system_clock
    from deckkit_server.store import open_store

    store = open_store(f"sqlite:///{data / 'deckkit.sqlite3'}")
    try:
        tokens = []
        for i in range(count):
            account = store.create_account(f"bench-{i}", system_clock())
            tokens.append(store.create_token(account.id, "bench", system_clock())[1])
        return tokens
    finally:
        store.close()


async def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    clients = [int(c) for c in args.clients.split(",")]
    with tempfile.TemporaryDirectory(prefix="deckkit-bench-") as tmp:
        work = Path(tmp)
        subprocess.run(
            [sys.executable, str(WORKLOAD), str(work / "workload"), "--slides", str(args.slides)],
            check=True,
            capture_output=True,
        )
        zip_bytes = (work / "workload" / "input.zip").read_bytes()
        port = free_port()
        server = start_server(
            work / "data", port, env={"DECKKIT_RENDER_WORKERS": str(args.render_workers)}, log_level="warning"
        )
        url = f"http://127.0.0.1:{port}"
        try:
            assert server.stdout is not None
            server.stdout.readline()
            wait_until_up(url, server)
            tokens = make_accounts(work / "data", max(clients))
            uuids = []
            async with httpx.AsyncClient(base_url=url) as http:
                for token in tokens:
                    created = await http.post("/sessions", headers={"Authorization": f"Bearer {token}"})
                    uuids.append(created.json()["session"]["uuid"])
            results = []
            # One client with a connection per simulated client, built before the clock starts
            # (building an httpx client costs milliseconds of CPU: its TLS context).
            limits = httpx.Limits(max_connections=max(clients), max_keepalive_connections=max(clients))
            async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
                for count in clients:
                    await get_session_load(http, tokens, uuids, count, 0.5)  # warm the connections
                    results.append(await get_session_load(http, tokens, uuids, count, args.seconds))
                    print(_row(results[-1]), flush=True)
            for count in clients:
                results.append(await flow_load(url, tokens, count, args.flows, args.flow_timeout, zip_bytes))
                print(_row(results[-1]), flush=True)
            return results
        finally:
            server.terminate()
            try:
                server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.communicate()


def _row(r: dict[str, Any]) -> str:
    return (
        f"{r['load']:22} clients={r['clients']:>3}  n={r['requests']:>6}  errors={r['errors']:>3}  "
        f"rps={r['rps']:9.1f}  p50={r['p50_ms']:9.1f} ms  p99={r['p99_ms']:9.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="1,8,32")
    parser.add_argument("--seconds", type=float, default=10.0, help="duration of each GET load")
    parser.add_argument("--flows", type=int, default=1, help="full flows per client")
    parser.add_argument(
        "--flow-timeout", type=float, default=600.0, help="bound of each full-flow load, seconds"
    )
    parser.add_argument("--slides", type=int, default=200, help="output slides of the standard workload")
    parser.add_argument("--render-workers", type=int, default=2)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    results = asyncio.run(run(args))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()

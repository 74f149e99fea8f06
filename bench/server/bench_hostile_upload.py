#!/usr/bin/env python3
"""Does hostile upload traffic slow the API down? GET /sessions/{uuid} latency with and without it.

Usage: python bench/server/bench_hostile_upload.py [--seconds 10] [--hostile-connections 8]
       [--server-pythonpath PATH] [--json FILE]

Needs ``wrk`` (Debian package ``wrk``), an external load generator, so that the figures do not
depend on a Python client sharing the GIL with nothing but itself. Starts ``deckkit-server`` in a
subprocess on a free loopback port (embedded SQLite and storage, rate limit lifted), creates one
session, then in one run:

1. baseline: ``wrk`` repeats ``GET /sessions/{uuid}`` on 1 connection for ``--seconds``;
2. under attack: the same, while a second ``wrk`` sends the hostile body of issue 13 on
   ``--hostile-connections`` connections: an unauthenticated multipart POST to the storage upload
   made only of ``--B\\r\\nContent-Disposition: form-data; name=""\\r\\n\\r\\n\\r\\n`` parts (1 MiB a
   request, never a file part), as fast as the server takes them.

3. control: the same, while ``--hostile-connections`` connections flood plain unauthenticated
   ``GET /sessions`` (401), the cheapest request there is.

Prints p50/p99 (wrk's latency distribution) of the three phases, the server process's CPU
seconds in each (which other load on the machine does not skew) and the hostile request rates.
``--server-pythonpath`` runs another tree's server (e.g. the code before the fix) for comparison.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from _loopback import free_port, start_server, wait_until_up

REPO = Path(__file__).resolve().parents[2]
BOUNDARY = "B"
HOSTILE_PART = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name=""\r\n\r\n\r\n'


def lua_string(text: str) -> str:
    return (
        '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "\\r").replace("\n", "\\n") + '"'
    )


def write_scripts(folder: Path, token: str) -> tuple[Path, Path]:
    get = folder / "get.lua"
    get.write_text(f'wrk.method = "GET"\nwrk.headers["Authorization"] = {lua_string("Bearer " + token)}\n')
    hostile = folder / "hostile.lua"
    repeats = (1024 * 1024) // len(HOSTILE_PART)
    hostile.write_text(
        'wrk.method = "POST"\n'
        f'wrk.headers["Content-Type"] = "multipart/form-data; boundary={BOUNDARY}"\n'
        f"wrk.body = string.rep({lua_string(HOSTILE_PART)}, {repeats})\n"
    )
    (folder / "anonymous.lua").write_text('wrk.method = "GET"\n')
    return get, hostile


_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def _ms(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value).groups()  # type: ignore[union-attr]
    return float(number) * _UNITS[unit]


def parse_wrk(output: str) -> dict[str, Any]:
    percentiles = {int(p): _ms(v) for p, v in re.findall(r"^\s+(\d+)%\s+(\S+)$", output, flags=re.M)}
    requests = re.search(r"(\d+) requests in", output)
    rate = re.search(r"Requests/sec:\s+([\d.]+)", output)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: (.*)$", output, flags=re.M)
    return {
        "requests": int(requests.group(1)) if requests else 0,
        "rps": float(rate.group(1)) if rate else 0.0,
        "p50_ms": percentiles.get(50, float("nan")),
        "p99_ms": percentiles.get(99, float("nan")),
        "non_2xx": int(errors.group(1)) if errors else 0,
        "socket_errors": socket_errors.group(1).strip() if socket_errors else "",
    }


def wrk(script: Path, url: str, connections: int, seconds: float) -> subprocess.Popen[str]:
    threads = min(connections, 2)
    command = [
        "wrk",
        f"-t{threads}",
        f"-c{connections}",
        f"-d{int(seconds)}s",
        "--latency",
        "--timeout",
        "10s",
        "-s",
        str(script),
        url,
    ]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux): a figure the machine's other load does not skew."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measured(pid: int, process: subprocess.Popen[str]) -> dict[str, Any]:
    """wrk's figures of ``process``, with the server's CPU seconds while it ran."""
    before = cpu_seconds(pid)
    figures = parse_wrk(process.communicate()[0])
    figures["server_cpu_s"] = cpu_seconds(pid) - before
    return figures


def run(args: argparse.Namespace) -> dict[str, Any]:
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install wrk")
    with tempfile.TemporaryDirectory(prefix="deckkit-hostile-") as tmp:
        work = Path(tmp)
        port = free_port()
        server = start_server(
            work / "data",
            port,
            env={"PYTHONPATH": args.server_pythonpath} if args.server_pythonpath else None,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            assert server.stdout is not None
            token = ""
            for _ in range(5):  # the first start prints the first account's token
                line = server.stdout.readline()
                if match := re.search(r"(dk_\S+)", line):
                    token = match.group(1)
                    break
            wait_until_up(url, server)
            created = httpx.post(f"{url}/sessions", headers={"Authorization": f"Bearer {token}"}).json()
            get_url = f"{url}/sessions/{created['session']['uuid']}"
            get_script, hostile_script = write_scripts(work, token)

            baseline = measured(server.pid, wrk(get_script, get_url, 1, args.seconds))
            attack = wrk(hostile_script, f"{url}/storage/deckkit", args.hostile_connections, args.seconds + 4)
            time.sleep(2)  # the hostile load is under way before the measurement starts
            attacked = measured(server.pid, wrk(get_script, get_url, 1, args.seconds))
            hostile = parse_wrk(attack.communicate()[0])
            # Control: the same number of connections sending a plain unauthenticated request (401),
            # the cheapest thing anyone can send: what any request flood costs, uploads or not.
            flood = wrk(
                get_script.with_name("anonymous.lua"),
                f"{url}/sessions",
                args.hostile_connections,
                args.seconds + 4,
            )
            time.sleep(2)
            flooded = measured(server.pid, wrk(get_script, get_url, 1, args.seconds))
            flood_figures = parse_wrk(flood.communicate()[0])
            alive = httpx.get(get_url, headers={"Authorization": f"Bearer {token}"}).status_code
        finally:
            server.terminate()
            server.wait(30)
    return {
        "baseline": baseline,
        "under_attack": attacked,
        "hostile": hostile,
        "server_answers_after": alive,
        "under_401_flood": flooded,
        "flood": flood_figures,
        "hostile_connections": args.hostile_connections,
        "seconds": args.seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--hostile-connections", type=int, default=8)
    parser.add_argument("--server-pythonpath", help="PYTHONPATH of the server process (another tree's code)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    figures = run(args)
    base, attacked, hostile = figures["baseline"], figures["under_attack"], figures["hostile"]
    print(
        f"{'GET /sessions/{uuid}, 1 connection':40} {'requests':>9} {'rps':>8} {'p50':>9} {'p99':>9} "
        f"{'server CPU':>10}"
    )
    flooded = figures["under_401_flood"]
    n = args.hostile_connections
    for name, row in (
        ("alone", base),
        (f"with {n} hostile uploads", attacked),
        (f"with {n} plain 401 floods", flooded),
    ):
        print(
            f"{name:40} {row['requests']:9d} {row['rps']:8.1f} {row['p50_ms']:7.1f}ms {row['p99_ms']:7.1f}ms "
            f"{row['server_cpu_s']:9.1f}s"
        )
    ratio = attacked["p99_ms"] / base["p99_ms"] if base["p99_ms"] else float("nan")
    print(f"p99 under attack / alone: {ratio:.2f}x")
    print(
        f"hostile uploads answered: {hostile['requests']} ({hostile['rps']:.1f}/s, non-2xx {hostile['non_2xx']}, "
        f"socket errors: {hostile['socket_errors'] or 'none'})"
    )
    flood = figures["flood"]
    print(f"401 flood requests answered: {flood['requests']} ({flood['rps']:.1f}/s)")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()

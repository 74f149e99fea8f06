#!/usr/bin/env python3
"""API throughput with an external load generator (wrk): GET /sessions/{uuid} and POST /sessions.

Usage: python bench/server/bench_wrk.py [--store sqlite,postgres] [--workers 2] [--clients 32]
       [--seconds 10] [--tree NAME=PATH ...] [--rounds N] [--plain-uvicorn NAME ...] [--json FILE]

For each source tree (``--tree before=/tmp/base --tree after=.``, default: this checkout) and
each store, starts ``deckkit serve --workers N`` from that tree on a free loopback port (rate
limit lifted, built-in storage), creates one account and token per client, and runs ``wrk``
(Debian package ``wrk``) with a Lua script that sends the bearer tokens round robin:

* ``GET /sessions/{uuid}``: each token reads its own session;
* ``POST /sessions``: each token creates sessions (other accounts than the GET load's).

``--plain-uvicorn before`` runs that tree's server as the project ran before uvicorn[standard]:
without uvloop and httptools (imports of them fail), so uvicorn falls back to asyncio and h11.

PostgreSQL is the server at 127.0.0.1:5432 (trust auth, database ``test``), in a throwaway schema.
Both trees run on the same machine in the same invocation, one after the other (``--rounds``
repeats the whole alternation), so their figures compare; wrk shares the cores with the server,
as any client on the host would. Besides req/s, p50 and p99, each row gives the server's CPU
time per request (user + system time of the server's processes over the wrk run, divided by the
requests answered): that figure moves far less with other load on the machine than req/s does.
The load average is printed with every row; a Markdown table of every row ends the output.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from _loopback import free_port, start_server, wait_until_up

REPO = Path(__file__).resolve().parents[2]
PG_DSN = "host=127.0.0.1 port=5432 user=postgres dbname=test"
PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"

_LUA = """
local tokens = {%(tokens)s}
local paths = {%(paths)s}
local i = 0
request = function()
  i = i %% #tokens + 1
  return wrk.format("%(method)s", paths[i], {["Authorization"] = "Bearer " .. tokens[i]}, %(body)s)
end
"""


def _lua_list(values: list[str]) -> str:
    return ", ".join(json.dumps(v) for v in values)


def _millis(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()  # type: ignore[union-attr]
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and all its descendants (Linux /proc)."""
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        # After the name: state, ppid, ... utime (14th field of the line) and stime (15th).
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        times[int(entry.name)] = int(fields[11]) + int(fields[12])
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += times.get(current, 0)
        todo += children.get(current, [])
    return total / os.sysconf("SC_CLK_TCK")


def run_wrk(
    url: str, script: Path, clients: int, seconds: float, threads: int, server_pid: int | None = None
) -> dict[str, Any]:
    cpu_before = _cpu_seconds(server_pid) if server_pid else 0.0
    command = ["wrk", f"-t{threads}", f"-c{clients}", f"-d{seconds:g}s", "--latency", "-s", str(script), url]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    cpu = _cpu_seconds(server_pid) - cpu_before if server_pid else 0.0
    percentiles = dict(re.findall(r"^\s+(50|99)%\s+(\S+)\s*$", out, flags=re.M))
    if "99" not in percentiles:
        raise SystemExit(f"wrk printed no latency distribution:\n{out}")
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)$", out, flags=re.M)
    requests = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
        "requests": requests,
        "cpu_ms_per_request": 1000 * cpu / max(1, requests),
        "load_average": os.getloadavg()[0],
        "p50_ms": _millis(percentiles["50"]),
        "p99_ms": _millis(percentiles["99"]),
        "non_2xx": int(errors.group(1)) if errors else 0,
        "socket_errors": socket_errors.group(1) if socket_errors else "",
    }


def _blocker(work: Path) -> Path:
    """A folder whose uvloop and httptools fail to import (uvicorn then uses asyncio and h11)."""
    folder = work / "plain-uvicorn"
    folder.mkdir(exist_ok=True)
    for name in ("uvloop", "httptools"):
        (folder / f"{name}.py").write_text(
            f"raise ImportError('{name} blocked by bench_wrk --plain-uvicorn')\n"
        )
    return folder


def _environment(tree: Path, data: Path, database_url: str | None, plain: bool = False) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DECKKIT_")}
    path = f"{tree / 'src'}:{tree / 'server'}"
    if plain:
        path = f"{_blocker(data.parent)}:{path}"
    env.update({"DECKKIT_RATE_LIMIT": "1000000000", "DECKKIT_DATA_DIR": str(data), "PYTHONPATH": path})
    if database_url:
        env["DECKKIT_DATABASE_URL"] = database_url
    return env


def _make_tokens(env: dict[str, str], count: int) -> list[str]:
    """Accounts and tokens, made by the tree's own store code (before its server starts)."""
    code = (
        "import sys, json\n"
        "from deckkit_server.settings import load_settings\n"
        "from deckkit_server.store import open_store\n"
        "from deckkit_server.clock import system_clock\n"
        "store = open_store(load_settings().resolved_database_url)\n"
        "tokens = []\n"
        f"for i in range({count}):\n"
        "    account = store.create_account(f'bench-{i}', system_clock())\n"
        "    tokens.append(store.create_token(account.id, 'bench', system_clock())[1])\n"
        "store.close()\n"
        "print(json.dumps(tokens))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout))


def _pg_schema() -> str:
    import psycopg

    schema = f"deckkit_bench_{secrets.token_hex(5)}"
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return schema


def _drop_pg_schema(schema: str) -> None:
    import psycopg

    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def bench_tree(name: str, tree: Path, store: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    import httpx

    work = Path(tempfile.mkdtemp(prefix="deckkit-wrk-"))
    schema = _pg_schema() if store == "postgres" else None
    database_url = f"{PG_URL}?options=-csearch_path%3D{schema}" if schema else None
    env = _environment(tree, work / "data", database_url, plain=name in args.plain_uvicorn)
    tokens = _make_tokens(env, 2 * args.accounts)
    get_tokens, post_tokens = tokens[: args.accounts], tokens[args.accounts :]
    port = free_port()
    server = start_server(
        work / "data", port, env=env, log_level="warning", workers=args.workers, cwd=work, read_output=False
    )
    url = f"http://127.0.0.1:{port}"
    rows = []
    try:
        wait_until_up(url, server)
        with httpx.Client(base_url=url) as http:
            uuids = [
                http.post("/sessions", headers={"Authorization": f"Bearer {t}"}).json()["session"]["uuid"]
                for t in get_tokens
            ]
        loads = [
            ("GET /sessions/{uuid}", "GET", get_tokens, [f"/sessions/{u}" for u in uuids]),
            ("POST /sessions", "POST", post_tokens, ["/sessions"] * len(post_tokens)),
        ]
        for label, method, load_tokens, paths in loads:
            if method.lower() not in args.load.split(","):
                continue
            script = work / f"{method.lower()}.lua"
            body = '""' if method == "POST" else "nil"
            script.write_text(
                _LUA
                % {
                    "tokens": _lua_list(load_tokens),
                    "paths": _lua_list(paths),
                    "method": method,
                    "body": body,
                }
            )
            run_wrk(url, script, args.clients, min(2.0, args.seconds), args.threads)  # warm up
            result = run_wrk(url, script, args.clients, args.seconds, args.threads, server.pid)
            row = {
                "tree": name,
                "store": store,
                "workers": args.workers,
                "clients": args.clients,
                "load": label,
                **result,
            }
            print(_row(row), flush=True)
            rows.append(row)
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if schema:
            _drop_pg_schema(schema)
        shutil.rmtree(work, ignore_errors=True)
    return rows


def _row(r: dict[str, Any]) -> str:
    return (
        f"{r['tree']:8} {r['store']:8} workers={r['workers']} clients={r['clients']:>3}  {r['load']:22} "
        f"rps={r['rps']:8.0f}  p50={r['p50_ms']:7.1f} ms  p99={r['p99_ms']:7.1f} ms  "
        f"cpu={r['cpu_ms_per_request']:5.2f} ms/req  load={r['load_average']:4.1f}  "
        f"non-2xx={r['non_2xx']} {r['socket_errors']}"
    )


def markdown_table(rows: list[dict[str, Any]]) -> str:
    """Every row, for bench/README.md: one line per tree, store and load, in the order run."""
    lines = [
        "| tree | store | load | req/s | p50 ms | p99 ms | server CPU ms/request | load average |",
        "|---|---|---|---:|---:|---:|---:|---:|",
    ]
    lines += [
        f"| {r['tree']} | {r['store']} | {r['load']} | {r['rps']:,.0f} | {r['p50_ms']:.1f} | "
        f"{r['p99_ms']:.1f} | {r['cpu_ms_per_request']:.2f} | {r['load_average']:.1f} |"
        for r in rows
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default="sqlite,postgres")
    parser.add_argument("--load", default="get,post", help="which loads to run: get, post or both")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    parser.add_argument("--accounts", type=int, default=32, help="accounts (tokens) per load")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--tree", action="append", default=[], help="NAME=PATH of a source tree to run")
    parser.add_argument("--rounds", type=int, default=1, help="run the trees' alternation this many times")
    parser.add_argument(
        "--plain-uvicorn",
        action="append",
        default=[],
        metavar="NAME",
        help="run this tree without uvloop and httptools",
    )
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed (Debian: apt-get install wrk)")
    trees = [tuple(t.split("=", 1)) for t in args.tree] or [("this", str(REPO))]
    rows = []
    for _ in range(args.rounds):
        for store in args.store.split(","):
            for name, path in trees:
                rows += bench_tree(name, Path(path).resolve(), store, args)
    print()
    print(markdown_table(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()

"""``deckkit serve --workers 2``: each worker accepts on its own socket, the kernel spreads connections.

The connections are counted per process from /proc (Linux only, as ``SO_REUSEPORT`` balancing is).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from deckkit_server.supervisor import balances_connections
from tests.server.conftest import free_port, wait_until_up

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not balances_connections(), reason="SO_REUSEPORT balancing is Linux's"),
]


def _children(pid: int) -> list[int]:
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                children.append(int(entry.name))
    return children


def _socket_inodes_on(port: int, state: str) -> set[str]:
    """Inodes of sockets on local ``port`` in ``state`` (/proc/net/tcp: 01 established, 0A listening)."""
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) == port and fields[3] == state:
            inodes.add(fields[9])
    return inodes


def _socket_inodes(pid: int) -> set[str]:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            match = re.fullmatch(r"socket:\[(\d+)\]", os.readlink(fd))
        except OSError:
            continue
        if match:
            inodes.add(match.group(1))
    return inodes


def _serve(tmp_path: Path, port: int) -> subprocess.Popen[str]:
    """The server, its output in ``tmp_path / "server.log"`` (a pipe nobody reads could fill up)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DECKKIT_")}
    command = [sys.executable, "-m", "deckkit_server.cli", "serve", "--workers", "2", "--port", str(port)]
    command += ["--data-dir", str(tmp_path / "data"), "--log-level", "info"]
    with (tmp_path / "server.log").open("w") as log:
        return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, text=True, env=env)


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int, Path]]:
    port = free_port()
    server = _serve(tmp_path, port)
    try:
        wait_until_up(f"http://127.0.0.1:{port}")
        deadline = time.monotonic() + 60
        while len(_socket_inodes_on(port, "0A")) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)  # until both workers listen (a worker killed before that failed to start)
        assert len(_socket_inodes_on(port, "0A")) == 2, (tmp_path / "server.log").read_text()
        yield server, port, tmp_path / "server.log"
    finally:
        if server.poll() is None:
            server.terminate()
        server.wait(timeout=60)


def _workers(server: subprocess.Popen[str]) -> list[int]:
    # The spawn context's resource tracker is a child too; the workers are the ones listening.
    return [pid for pid in _children(server.pid) if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_text()]


def test_kept_alive_connections_are_spread_over_both_workers(
    two_workers: tuple[subprocess.Popen[str], int, Path],
) -> None:
    server, port, log = two_workers
    clients = [httpx.Client(base_url=f"http://127.0.0.1:{port}") for _ in range(32)]
    try:
        for client in clients:
            assert client.get("/openapi.json").status_code == 200
        established = _socket_inodes_on(port, "01")
        per_worker = [len(_socket_inodes(pid) & established) for pid in _workers(server)]
    except httpx.TransportError as error:
        raise AssertionError(log.read_text()) from error
    finally:
        for client in clients:
            client.close()
    assert len(per_worker) == 2
    assert sum(per_worker) == 32
    # A hash over 32 connections: a split worse than 4/28 has a chance of about 1 in 50,000.
    assert min(per_worker) >= 4, per_worker


def test_a_dead_worker_is_replaced_and_sigterm_stops_all(
    two_workers: tuple[subprocess.Popen[str], int, Path],
) -> None:
    server, port, log = two_workers
    first = _workers(server)
    os.kill(first[0], signal.SIGKILL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        now = _workers(server)
        if len(now) == 2 and first[0] not in now:
            break
        time.sleep(0.2)
    else:
        pytest.fail(f"no worker replaced {first[0]}:\n{log.read_text()}")
    # A connection the kernel hands to the replacement's socket waits in its backlog until the
    # new process serves: slow to start on a loaded machine, never refused.
    for _ in range(8):
        assert httpx.get(f"http://127.0.0.1:{port}/openapi.json", timeout=60).status_code == 200
    serving = _workers(server)
    server.send_signal(signal.SIGTERM)
    assert server.wait(timeout=60) == 0
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in serving) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in serving if Path(f"/proc/{pid}").exists()]


def test_a_taken_port_is_refused_with_a_message(tmp_path: Path) -> None:
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    try:
        server = _serve(tmp_path, holder.getsockname()[1])
        server.wait(timeout=60)
    finally:
        holder.close()
    stderr = (tmp_path / "server.log").read_text()
    assert server.returncode == 1
    assert "cannot listen on 127.0.0.1:" in stderr
    assert "Address already in use" in stderr

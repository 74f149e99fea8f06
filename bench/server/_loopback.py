"""What every server benchmark needs: a free loopback port and a started server to wait for."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    data: Path,
    port: int,
    *,
    env: Mapping[str, str] | None = None,
    log_level: str = "error",
    workers: int = 1,
    cwd: Path | None = None,
    read_output: bool = True,
) -> subprocess.Popen[str]:
    """``deckkit serve`` on loopback in a clean environment (no inherited DECKKIT_*), rate limit lifted.

    ``env`` adds variables (other settings, or PYTHONPATH to run another tree's server: then give
    a ``cwd`` outside any tree, as ``-m`` puts the working folder first on the path). Its standard
    output is a pipe to read (the first start prints the token) unless ``read_output`` is False.
    """
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DECKKIT_")}
    environment["DECKKIT_RATE_LIMIT"] = "1000000000"
    environment.update(env or {})
    command = [sys.executable, "-m", "deckkit_server.cli", "serve", "--port", str(port)]
    command += ["--data-dir", str(data), "--log-level", log_level, "--workers", str(workers)]
    output = subprocess.PIPE if read_output else subprocess.DEVNULL
    return subprocess.Popen(command, stdout=output, text=True, env=environment, cwd=cwd)


def wait_until_up(
    url: str, server: subprocess.Popen[str] | subprocess.Popen[bytes], timeout: float = 60
) -> None:
    """Block until ``url`` answers HTTP (its OpenAPI document), or fail when the server died or took too long."""
    import httpx

    deadline = time.monotonic() + timeout
    while True:
        try:
            httpx.get(f"{url}/openapi.json")
            return
        except httpx.TransportError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError(f"the server at {url} did not start") from None
            time.sleep(0.1)

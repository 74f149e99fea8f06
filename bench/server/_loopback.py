"""What every server benchmark needs: a free loopback port and a started server to wait for."""

from __future__ import annotations

import socket
import subprocess
import time


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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

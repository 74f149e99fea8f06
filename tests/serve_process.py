"""``deckkit serve`` as a user runs it: the installed command, in a folder of its own, on a free port.

The in-process server of tests/client/live_server.py is quicker; this one is the real thing for
the tests that are about what a user sees: the docs' walkthroughs (tests/docs) and start-up from
an awkward folder. It is stopped by its own process id.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx


@dataclass(frozen=True)
class ServeProcess:
    base_url: str
    token: str
    folder: Path
    output: list[str]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def deckkit_command() -> str:
    """The ``deckkit`` console script of this environment."""
    beside = Path(sys.executable).with_name("deckkit")
    found = str(beside) if beside.exists() else shutil.which("deckkit")
    assert found, "the deckkit command is not installed in this environment (pip install -e .)"
    return found


@contextmanager
def deckkit_serve(
    folder: Path,
    *,
    port: int | None = None,
    command: list[str] | None = None,
    data_dir: Path | None = None,
    timeout: float = 600,
    settings: dict[str, str] | None = None,
) -> Iterator[ServeProcess]:
    """``deckkit serve --port PORT`` (or ``command`` + ``--port PORT``) started in ``folder``.

    Its data folder is ./deckkit-data there unless ``data_dir`` says otherwise. ``timeout`` is
    generous: ``./dev serve`` may install first. ``settings``: ``DECKKIT_*`` variables to set
    (the ambient ones never leak in).
    """
    port = port or free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DECKKIT_")}
    env["DECKKIT_RENDER_WORKERS"] = "1"  # a 2-core machine shared with the rest of the suite
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    if data_dir is not None:
        env["DECKKIT_DATA_DIR"] = str(data_dir)
    env.update(settings or {})
    process = subprocess.Popen(
        [*(command or [deckkit_command(), "serve"]), "--port", str(port)],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    try:
        assert process.stdout is not None
        token = ""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                raise AssertionError("deckkit serve stopped:\n" + "".join(lines))
            lines.append(line)
            found = re.search(r"API token \(shown once, keep it\): (\S+)", line)
            if found:
                token = found.group(1)
            if "Application startup complete" in line:
                break
        else:
            raise AssertionError("deckkit serve did not start in time:\n" + "".join(lines))
        assert token, "the first start printed no API token:\n" + "".join(lines)
        base_url = f"http://127.0.0.1:{port}"
        httpx.get(f"{base_url}/openapi.json", timeout=10).raise_for_status()
        yield ServeProcess(base_url, token, folder, lines)
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stdout is not None:
            lines.extend(process.stdout.readlines())
            process.stdout.close()

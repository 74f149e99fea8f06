"""Who holds a render claim: the claiming process's identity, whether that process is gone, and
whether its render of the session still runs.

A claim records ``host boot-id pid start-time``. After ``kill -9`` and a restart on the same
machine, the recorded process no longer exists (or its pid now belongs to a process that
started later), so the next render takes the claim over at once instead of waiting for it to go
stale. A claim made on another machine cannot be checked from here: it goes stale as before.

A claim of this very process whose render has ended (its release failed: the database was down)
is taken over at once too. The renders under way are kept per process, not per app, because
the claim names the process.
"""

from __future__ import annotations

import contextlib
import functools
import os
import socket
from collections.abc import Iterator
from pathlib import Path

__all__ = ["is_gone", "is_rendering_here", "process_identity", "render_ended_here", "rendering_here"]

_RENDERING_HERE: set[str] = set()
"""Sessions whose render runs in this process now (see the module's docstring)."""


@functools.cache
def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


def _start_time(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (Linux), or None when there is no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may hold spaces: split after the last ')'.
    fields = stat.rsplit(")", 1)[1].split()
    return fields[19] if len(fields) > 19 else None


def process_identity(pid: int | None = None) -> str:
    """``host boot-id pid start-time`` of a process (this one by default)."""
    pid = os.getpid() if pid is None else pid
    return f"{socket.gethostname()} {_boot_id() or '-'} {pid} {_start_time(pid) or '-'}"


def is_gone(owner: str) -> bool:
    """True only when ``owner`` names a process of this machine (this boot) that no longer runs."""
    parts = owner.split(" ")
    if len(parts) != 4 or not parts[2].isdigit() or "-" in (parts[1], parts[3]):
        return False
    host, boot, pid, started = parts
    if host != socket.gethostname() or boot != _boot_id():
        return False  # another machine (or an identity this one cannot check): wait for staleness
    return _start_time(int(pid)) != started


@contextlib.contextmanager
def rendering_here(uuid: str) -> Iterator[None]:
    """While this process renders ``uuid`` under its claim."""
    _RENDERING_HERE.add(uuid)
    try:
        yield
    finally:
        _RENDERING_HERE.discard(uuid)


def is_rendering_here(uuid: str) -> bool:
    return uuid in _RENDERING_HERE


def render_ended_here(owner: str, uuid: str) -> bool:
    """True when ``owner`` is this process and its render of ``uuid`` is over (the claim is left over)."""
    return owner == process_identity() and not is_rendering_here(uuid)

"""Renders in separate processes, one fresh process per render, with a time and a memory limit.

Each render runs in a child forked from a forkserver that has the renderer preloaded, so a
render starts in milliseconds and a crash, a hang or a memory overrun ends only that child:
the server turns it into ``render_succeeded: false`` with a message and keeps serving. The
event loop never renders; it waits for the child in a worker thread.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import resource
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

import anyio

__all__ = ["RenderOutcome", "RenderPool"]

log = logging.getLogger("deckkit_server.worker")


@dataclass(frozen=True, slots=True)
class RenderOutcome:
    succeeded: bool
    pptx: bytes | None = None
    slide_count: int | None = None
    message: str | None = None


def _load(target: str) -> Any:
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def _child(target: str, zip_bytes: bytes, memory_bytes: int, conn: Connection) -> None:
    """Runs in the render process: limit memory, render, send one (kind, payload) message."""
    if memory_bytes > 0:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    try:
        from deckkit.errors import DeckkitError

        render = _load(target)
        result = render(zip_bytes)
        conn.send(("ok", (bytes(result.pptx), int(result.slide_count))))
    except MemoryError:
        conn.send(("memory", None))
    except DeckkitError as error:
        conn.send(("input", str(error)))
    except BaseException as error:  # a renderer bug must not become a stack trace for the user
        conn.send(("bug", f"{type(error).__name__}: {error}\n{traceback.format_exc()}"))
    finally:
        conn.close()


class RenderPool:
    """Runs at most ``workers`` renders at a time in this server process."""

    def __init__(self, *, target: str, workers: int, timeout: float, memory_mb: int) -> None:
        self.target = target
        self.timeout = timeout
        self.memory_bytes = memory_mb * 1024 * 1024
        self.limiter = anyio.CapacityLimiter(max(1, workers))
        self.context = multiprocessing.get_context("forkserver")
        module = target.partition(":")[0]
        # Preloading makes every fork start with the renderer imported (missing modules are skipped).
        self.context.set_forkserver_preload(["deckkit.errors", module])

    async def render(self, zip_bytes: bytes) -> RenderOutcome:
        async with self.limiter:
            return await anyio.to_thread.run_sync(self._render_blocking, zip_bytes, abandon_on_cancel=False)

    def _render_blocking(self, zip_bytes: bytes) -> RenderOutcome:
        receiver, sender = self.context.Pipe(duplex=False)
        process = self.context.Process(
            target=_child, args=(self.target, zip_bytes, self.memory_bytes, sender), daemon=True
        )
        process.start()
        sender.close()
        try:
            if not receiver.poll(self.timeout):
                process.kill()
                return RenderOutcome(False, message=f"the render took longer than {self.timeout:g} seconds and "
                                     "was stopped; split the deck or simplify the data")  # fmt: skip
            try:
                kind, payload = receiver.recv()
            except (EOFError, OSError):
                process.join(5)
                return RenderOutcome(False, message=f"the renderer stopped unexpectedly (exit code "
                                     f"{process.exitcode}); the input may be too large or malformed")  # fmt: skip
        finally:
            receiver.close()
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join()
        if kind == "ok":
            pptx, count = payload
            return RenderOutcome(True, pptx=pptx, slide_count=count)
        if kind == "memory":
            return RenderOutcome(False, message=f"the render needed more than {self.memory_bytes // 2**20} MB of "
                                 "memory and was stopped; reduce the size of the images or the data")  # fmt: skip
        if kind == "input":
            return RenderOutcome(False, message=str(payload))
        log.error("renderer failed: %s", payload)
        first_line = str(payload).splitlines()[0]
        return RenderOutcome(False, message=f"internal renderer error ({first_line}); please report it")

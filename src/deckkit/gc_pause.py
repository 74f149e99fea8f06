"""The cyclic garbage collector paused while deckkit renders, then put back as it was.

Used by ``deckkit.render`` (and ``render_bundle``) and by ``deckkit render``, which pauses it
for its imports too; stdlib only, so the CLI can import it before anything heavy.

A render allocates tens of thousands of container objects that live until it ends (the data
model, the formatted numbers of every chart, the plan). Each burst of allocations starts a
collection, and the oldest generation's walks every object the process holds, its imports and
whatever a notebook keeps: a share of every render, larger in a process holding more. Reference counting still frees everything that is not in a
cycle; cyclic garbage made meanwhile is collected once the collector is back.

Renders may overlap (threads): the first one in pauses the collector, the last one out puts it
back, and only if it was running when the first came in. Code that switches the collector itself
during a render sees it put back as it was before the render.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]

_lock = threading.Lock()
_depth = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with ``gc`` disabled (nestable, thread-safe); restored on the way out, errors too."""
    global _depth, _was_enabled
    with _lock:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _was_enabled:
                gc.enable()

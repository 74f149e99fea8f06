"""A render target for the worker tests: the real renderer, then which upper layers it loaded.

Loaded in render processes (forked from the forkserver that preloads it), so that what the
renderer imports at load time counts as much as what a render imports.
"""

from __future__ import annotations

import sys
from typing import Any

from deckkit.errors import DataError, Problem
from deckkit.renderer import render_bundle

UPPER_LAYERS = ("deckkit.display", "deckkit.notebook", "deckkit.client", "deckkit.template")


def render_and_check_layers(zip_bytes: bytes) -> Any:
    result = render_bundle(zip_bytes)
    loaded = sorted({".".join(m.split(".")[:2]) for m in sys.modules} & set(UPPER_LAYERS))
    if loaded:  # the worker hands this message back as the failed render's
        raise DataError([Problem("", f"a render worker loaded {', '.join(loaded)}")])
    return result

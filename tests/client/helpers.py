"""Helpers shared by the client tests."""

from __future__ import annotations

import inspect
from typing import Any


async def resolve(value: Any) -> Any:
    """Await what an AsyncClient returned; pass through what a Client returned."""
    return await value if inspect.isawaitable(value) else value

"""Time for the server: one injectable clock, and the interface's timestamp format.

Times are kept as integer microseconds since the epoch (UTC) in the store, so SQLite and
PostgreSQL hold exactly the same values and the six fractional digits are never rounded.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime

import deckkit.wire as wire

__all__ = ["Clock", "format_timestamp", "system_clock"]

Clock = Callable[[], int]
"""Returns now, in microseconds since the epoch."""

MICROS = 1_000_000


def system_clock() -> int:
    return time.time_ns() // 1000


def format_timestamp(micros: int | None) -> str | None:
    """``2026-11-22T05:23:35.123456Z`` (six fractional digits, trailing Z), or None."""
    if micros is None:
        return None
    return wire.format_timestamp(to_datetime(micros))


def to_datetime(micros: int) -> datetime:
    return datetime.fromtimestamp(micros // MICROS, tz=UTC).replace(microsecond=micros % MICROS)

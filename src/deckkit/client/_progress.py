"""Progress of long transfers: a callback type, and a tqdm bar for terminals."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["ProgressCallback", "TqdmProgress", "TransferProgress"]


@dataclass(frozen=True, slots=True)
class TransferProgress:
    """One step of a transfer: ``done`` of ``total`` bytes (``total`` is None when unknown)."""

    direction: Literal["upload", "download"]
    done: int
    total: int | None

    @property
    def fraction(self) -> float | None:
        return self.done / self.total if self.total else None


ProgressCallback = Callable[[TransferProgress], None]
"""Called with a :class:`TransferProgress` as each chunk goes up or comes down."""


class TqdmProgress:
    """A progress callback drawing one tqdm bar per transfer on stderr.

    Use it as ``client.render(deck, progress=TqdmProgress())`` and ``close()`` it at the end (or
    use it as a context manager). tqdm is imported only when a bar is first drawn.
    """

    def __init__(self, file: Any = None, disable: bool | None = False) -> None:
        self._file = file if file is not None else sys.stderr
        self._disable = disable
        self._bar: Any = None
        self._direction: str | None = None

    def __call__(self, event: TransferProgress) -> None:
        if self._bar is None or event.direction != self._direction or event.done < self._bar.n:
            self.close()
            # tqdm is optional (the client extra) and loads with the first bar drawn.
            from tqdm import tqdm

            self._direction = event.direction
            self._bar = tqdm(
                total=event.total,
                desc=event.direction,
                unit="B",
                unit_scale=True,
                unit_divisor=1024,
                file=self._file,
                disable=self._disable,
                leave=True,
            )
        self._bar.update(event.done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> TqdmProgress:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

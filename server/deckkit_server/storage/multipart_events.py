"""The multipart parser's callbacks as a list of (kind, payload) events, parts and header bytes counted.

The built-in storage's upload (:mod:`.local_routes`) acts on the events between chunks; the
counts let it refuse a body before its policy is checked (``check`` runs after each count and
may raise, which stops the parser at once).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from python_multipart.multipart import parse_options_header

__all__ = ["MultipartEvents"]


class MultipartEvents:
    """Collects the multipart parser's callbacks as a list of (kind, payload) events.

    Every byte of every part's headers is counted (``header_bytes``) as it arrives, and the
    number of parts too; ``check(self)`` follows each count (the caller's limits, which it
    applies while ``limited``: before the policy is checked).
    """

    def __init__(self, check: Callable[[MultipartEvents], None]) -> None:
        self._check = check
        self.items: list[tuple[str, bytes]] = []
        self._header_field = b""
        self._header_value = b""
        self.headers: dict[bytes, bytes] = {}
        self.header_bytes = 0
        self.parts = 0
        self.limited = True  # until the policy is checked: stop the parser at the limits

    def callbacks(self) -> dict[str, Any]:
        def on_part_begin() -> None:
            self.headers = {}
            self.parts += 1
            self._check(self)

        def count_header(size: int) -> None:
            self.header_bytes += size
            self._check(self)

        def on_header_field(data: bytes, start: int, end: int) -> None:
            count_header(end - start)
            self._header_field += data[start:end]

        def on_header_value(data: bytes, start: int, end: int) -> None:
            count_header(end - start)
            self._header_value += data[start:end]

        def on_header_end() -> None:
            self.headers[self._header_field.lower()] = self._header_value
            self._header_field = self._header_value = b""

        def on_headers_finished() -> None:
            _, options = parse_options_header(self.headers.get(b"content-disposition", b""))
            self.items.append(("part", options.get(b"name", b"")))

        def on_part_data(data: bytes, start: int, end: int) -> None:
            self.items.append(("data", data[start:end]))

        def on_part_end() -> None:
            self.items.append(("end", b""))

        return {
            "on_part_begin": on_part_begin,
            "on_header_field": on_header_field,
            "on_header_value": on_header_value,
            "on_header_end": on_header_end,
            "on_headers_finished": on_headers_finished,
            "on_part_data": on_part_data,
            "on_part_end": on_part_end,
        }

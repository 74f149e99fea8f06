"""Where a downloaded pptx goes: memory or a file, written whole or not at all."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from deckkit.client._progress import ProgressCallback, TransferProgress

__all__ = ["DownloadSink"]


class DownloadSink:
    """Collects one download; ``begin`` starts (again, on a retry) from zero.

    A file target is written to a temporary file beside it and renamed at the end, so that an
    interrupted download never leaves half a pptx under the real name.
    """

    def __init__(self, to: str | os.PathLike[str] | None, progress: ProgressCallback | None) -> None:
        self.target = Path(to) if to is not None else None
        self.progress = progress
        self._buffer = io.BytesIO()
        self._file: io.BufferedWriter | None = None
        self._temp: Path | None = None
        self._done = 0
        self._total: int | None = None

    def begin(self, total: int | None) -> None:
        self.discard()
        self._done, self._total = 0, total
        if self.target is None:
            self._buffer = io.BytesIO()
        else:
            self.target.parent.mkdir(parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(prefix=f".{self.target.name}.", dir=self.target.parent)
            self._temp = Path(name)
            self._file = os.fdopen(handle, "wb")
        self._report()

    def write(self, chunk: bytes) -> None:
        if self._file is not None:
            self._file.write(chunk)
        else:
            self._buffer.write(chunk)
        self._done += len(chunk)
        self._report()

    def finish(self) -> bytes | Path:
        if self.target is None:
            return self._buffer.getvalue()
        assert self._file is not None
        assert self._temp is not None
        self._file.close()
        self._file = None
        os.replace(self._temp, self.target)
        self._temp = None
        return self.target

    def discard(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
        if self._temp is not None:
            self._temp.unlink(missing_ok=True)
            self._temp = None

    def _report(self) -> None:
        if self.progress is not None:
            self.progress(TransferProgress("download", self._done, self._total))


def content_length(headers: object) -> int | None:
    value = getattr(headers, "get", lambda _key: None)("content-length")
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None

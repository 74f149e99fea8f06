"""The tqdm progress callback: one bar per transfer, counting to the total."""

from __future__ import annotations

import io

from deckkit.client import TqdmProgress, TransferProgress


def test_one_bar_per_transfer() -> None:
    out = io.StringIO()
    with TqdmProgress(file=out) as bars:
        for done in (0, 512, 1024):
            bars(TransferProgress("upload", done, 1024))
        first = bars._bar
        assert first.n == 1024
        bars(TransferProgress("download", 0, None))
        bars(TransferProgress("download", 4096, None))
        assert bars._bar is not first
        assert bars._bar.n == 4096
    text = out.getvalue()
    assert "upload" in text
    assert "download" in text
    assert "1.00k/1.00k" in text


def test_a_restarted_transfer_starts_a_new_bar() -> None:
    out = io.StringIO()
    bars = TqdmProgress(file=out)
    bars(TransferProgress("upload", 800, 1000))
    first = bars._bar
    bars(TransferProgress("upload", 0, 1000))  # a retry sends from the first byte again
    assert bars._bar is not first
    bars.close()
    assert bars._bar is None


def test_fraction() -> None:
    assert TransferProgress("upload", 5, 10).fraction == 0.5
    assert TransferProgress("download", 5, None).fraction is None

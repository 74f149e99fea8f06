"""Debian's Chromium for the browser tests: where it is, and the flags that keep it quiet offline."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

# Chromium's own background traffic finds no network here; these flags keep it quiet and fast.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

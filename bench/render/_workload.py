"""The standard workload (``bench/workload/make_workload.py``), built into a folder for a benchmark."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

WORKLOAD = Path(__file__).resolve().parents[1] / "workload"


def build_workload(folder: Path, slides: int) -> None:
    """template.pptx, data.json, images/ and input.zip of ``slides`` slides in ``folder`` (seeded: always the same)."""
    subprocess.run(
        [sys.executable, str(WORKLOAD / "make_workload.py"), str(folder), "--slides", str(slides)],
        check=True,
        capture_output=True,
    )


def read_workload(folder: Path) -> tuple[bytes, dict[str, object], dict[str, bytes]]:
    """The built workload as ``render`` takes it: template bytes, data, media by bundle name."""
    data = json.loads((folder / "data.json").read_text())
    media = {f"images/{p.name}": p.read_bytes() for p in (folder / "images").iterdir()}
    return (folder / "template.pptx").read_bytes(), data, media

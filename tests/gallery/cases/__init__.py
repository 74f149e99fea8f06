"""Gallery cases, one module a topic: ``def case_<name>(workdir: Path) -> GalleryInput``.

Each case returns the arguments of ``deckkit.render(template, data, media)`` and has a one-line
docstring saying what a reviewer must see in the picture.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

GalleryInput = tuple[Path, list[dict[str, Any]], dict[str, bytes]]

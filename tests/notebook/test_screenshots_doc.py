"""docs/notebook.md shows a generated screenshot of every display that scripts/notebook_screenshots.py makes."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_display_has_its_generated_picture_in_the_doc() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "notebook_screenshots", ROOT / "scripts" / "notebook_screenshots.py"
    )
    assert spec is not None
    assert spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    doc = (ROOT / "docs" / "notebook.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\(images/(notebook-[a-z-]+\.png)\)", doc))
    for name in script.displays():
        assert f"notebook-{name}.png" in shown, f"docs/notebook.md does not show the {name} display"
    for picture in shown:
        assert (ROOT / "docs" / "images" / picture).is_file(), picture

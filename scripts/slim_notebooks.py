"""The example notebooks' stored pictures made small, so that the repository stays light.

Run ``python scripts/slim_notebooks.py`` after re-running a notebook (``jupyter nbconvert
--execute --inplace``): every PNG in its outputs (a slide strip's thumbnails and the slides a
click opens, ``result.show()``, chart displays) is stored at most ``MAX_WIDTH`` pixels wide, in
a palette where that looks the same (deckkit.display.palette, which the displays apply already:
a slide of flat colours and anti-aliased text weighs a third to a quarter; a photo keeps its colours).
Re-running the notebook brings the full pictures back; nbval compares pictures as
``data:image/INLINE`` (notebooks/sanitize.cfg), so the slim outputs still compare.
tests/notebook/test_notebook_weight.py fails on a notebook stored without this step.
"""

from __future__ import annotations

import base64
import re
import sys
from pathlib import Path
from typing import Any

from deckkit.display.palette import compact_png

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MAX_WIDTH = 960
"""The widest a stored picture is: the width a notebook shows the largest (result.show(), a click)."""

_PNG_URI = re.compile(r"data:image/png;base64,([A-Za-z0-9+/=]+)")


def is_slim(png: bytes) -> bool:
    """At most MAX_WIDTH wide and in a palette where that looks the same: what :func:`slim_png` stores."""
    return slim_png(png) == png


def slim_png(png: bytes) -> bytes:
    """``png`` at most MAX_WIDTH wide, as a display stores it (deckkit.display.palette)."""
    return compact_png(png, max_width=MAX_WIDTH)


def stored_pngs(notebook: dict[str, Any]) -> list[bytes]:
    """Every PNG in the notebook's outputs: ``image/png`` data and data URIs in HTML."""
    found: list[bytes] = []
    for _, kind, text in _output_texts(notebook):
        found += (
            [base64.b64decode(text)]
            if kind == "image/png"
            else [base64.b64decode(b) for b in _PNG_URI.findall(text)]
        )
    return found


def slim_notebook(notebook: dict[str, Any]) -> None:
    """Every PNG of the notebook's outputs made slim, and its saved widget state dropped, in place."""
    # JupyterLab saves the state of every widget shown (the template browser's: 48 KB of
    # pictures). nbval never reads it (it skips widget outputs: their model ids are random) and
    # a widget needs its kernel anyway; without it a static view shows the output's text.
    notebook.get("metadata", {}).pop("widgets", None)

    def slim_uri(match: re.Match[str]) -> str:
        return "data:image/png;base64," + _b64(slim_png(base64.b64decode(match.group(1))))

    for data, kind, text in _output_texts(notebook):
        if kind == "image/png":
            data[kind] = _b64(slim_png(base64.b64decode(text))) + ("\n" if text.endswith("\n") else "")
        elif "data:image/png;base64," in text:
            slimmed = _PNG_URI.sub(slim_uri, text)
            data[kind] = slimmed.splitlines(keepends=True) if isinstance(data[kind], list) else slimmed


def _output_texts(notebook: dict[str, Any]) -> list[tuple[dict[str, Any], str, str]]:
    """(the output's data, a MIME type, its text) for every text of every cell's outputs."""
    found = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            for kind, value in output.get("data", {}).items():
                text = "".join(value) if isinstance(value, list) else value
                if isinstance(text, str):
                    found.append((output["data"], kind, text))
    return found


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def main(paths: list[str]) -> int:
    # nbformat writes the notebook as Jupyter does (its key order and indent): a small diff.
    import nbformat

    for path in [Path(p) for p in paths] or sorted(NOTEBOOKS.glob("*.ipynb")):
        before = path.stat().st_size
        notebook = nbformat.read(path, as_version=4)
        slim_notebook(notebook)
        nbformat.write(notebook, path)
        print(f"{path.name}: {before / 1024:.0f} KB -> {path.stat().st_size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

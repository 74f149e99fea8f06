"""Render every case, convert the decks with LibreOffice in a few batches, cut pages into PNGs.

LibreOffice costs seconds to start, so the decks are converted many per call, in one batch per
core (each with its own profile: two conversions cannot share one).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from tests.gallery.discover import Case
from tests.readers import assert_readable, convert_all_to_pdf

# 50 dpi: a 13.33in slide is 667 px wide, enough to see a colour, a width or a clipped word.
RESOLUTION = 50


@dataclass
class Rendered:
    case: Case
    pages: list[Path] = field(default_factory=list)
    error: str | None = None


def _deck(case: Case, workdir: Path) -> tuple[Path | None, int, str | None]:
    """Render one case to a .pptx checked by python-pptx and the validator; or why it failed."""
    import deckkit

    casedir = workdir / "cases" / case.topic / case.name
    casedir.mkdir(parents=True, exist_ok=True)
    try:
        template, data, media = case.make(casedir)
    except Exception:
        return None, 0, traceback.format_exc(limit=-3)
    try:
        result = deckkit.render(template, data, media)
        out = workdir / "decks" / f"{case.topic}__{case.name}.pptx"
        out.write_bytes(result.pptx)
        assert_readable(out, template, pages=result.slide_count, libreoffice=False)
    except Exception:
        return None, 0, traceback.format_exc(limit=-3)
    return out, result.slide_count, None


def _pages(pdf: Path, outdir: Path) -> list[Path]:
    prefix = outdir / pdf.stem
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(RESOLUTION), str(pdf), str(prefix)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    found = list(outdir.glob(f"{pdf.stem}-*.png"))
    return sorted(found, key=lambda p: int(p.stem.rsplit("-", 1)[1]))


def render_all(cases: list[Case], workdir: Path, jobs: int | None = None) -> dict[str, Rendered]:
    """Every case's slides as PNGs in workdir/png (or the error that stopped it)."""
    jobs = jobs or max(1, min(2, os.cpu_count() or 1))
    (workdir / "decks").mkdir(parents=True, exist_ok=True)
    (workdir / "pdf").mkdir(exist_ok=True)
    (workdir / "png").mkdir(exist_ok=True)
    results = {case.id: Rendered(case) for case in cases}
    decks: list[tuple[Case, Path, int]] = []
    for case in cases:
        path, count, error = _deck(case, workdir)
        if path is None:
            results[case.id].error = f"rendering failed:\n{error}"
        else:
            decks.append((case, path, count))
    batches = [decks[i::jobs] for i in range(jobs)]

    def convert(batch: list[tuple[Case, Path, int]]) -> None:
        # A deck LibreOffice chokes on must not hide the others: its missing PDF is its error.
        with contextlib.suppress(AssertionError, subprocess.SubprocessError):
            convert_all_to_pdf([path for _, path, _ in batch], workdir / "pdf", timeout=600)

    with ThreadPoolExecutor(jobs) as pool:
        list(pool.map(convert, [b for b in batches if b]))
        converted = []
        for case, path, count in decks:
            pdf = workdir / "pdf" / (path.stem + ".pdf")
            if pdf.exists():
                converted.append((case, pdf, count))
            else:
                results[case.id].error = "LibreOffice did not convert the deck"
        pngs = list(pool.map(lambda item: _pages(item[1], workdir / "png"), converted))
    for (case, _, count), pages in zip(converted, pngs, strict=True):
        results[case.id].pages = pages
        if len(pages) != count:
            results[case.id].error = f"LibreOffice drew {len(pages)} pages for {count} slides"
    return results

"""The three independent readers every rendered file in the tests must satisfy.

1. python-pptx re-opens it;
2. ``tests/ooxml/check.py`` finds no ECMA-376 problem that the template does not already have;
3. LibreOffice converts it to PDF with the expected page count (``./dev test`` installs it; a
   test that asks for this reader fails without it rather than passing with the reader off).

Before them, the package's graph (:mod:`tests.package_graph`): every slide part is in the slide
list, and every part is reached by a relationship.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Sequence
from pathlib import Path

from tests.package_graph import package_graph_problems

CORPUS = Path(__file__).resolve().parent / "corpus" / "decks"


def soffice() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


def reopen_with_python_pptx(path: Path) -> int:
    from pptx import Presentation

    return len(Presentation(str(path)).slides)


def schema_problems(path: Path, baseline: Path | Sequence[Path] | None) -> list[str]:
    """New ECMA-376 problems of path (relative to baseline, Strict templates translated), one line each.

    tests/ooxml/check.py does the checking; without its schemas it raises, so that the reader
    can never be silently off.
    """
    from tests.ooxml.check import new_problems

    return [str(problem) for problem in new_problems(path, baseline)]


def convert_to_pdf(path: Path, outdir: Path, timeout: float = 180) -> Path:
    """Convert with LibreOffice in a private profile (parallel test workers must not share one)."""
    return convert_all_to_pdf([path], outdir, timeout)[0]


def convert_all_to_pdf(paths: list[Path], outdir: Path, timeout: float = 180) -> list[Path]:
    """Convert many decks in one LibreOffice start (it costs seconds), in a private profile."""
    exe = soffice()
    assert exe is not None, "LibreOffice (soffice) is not installed: ./dev test installs libreoffice-impress"
    profile = Path(tempfile.gettempdir()) / f"lo-profile-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    try:
        subprocess.run(
            [
                exe,
                f"-env:UserInstallation=file://{profile}",
                "--headless",
                "--convert-to",
                "pdf",
                "--outdir",
                str(outdir),
                *map(str, paths),
            ],
            check=True,
            capture_output=True,
            timeout=timeout,
        )
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    pdfs = [outdir / (path.stem + ".pdf") for path in paths]
    missing = [p.name for p, pdf in zip(paths, pdfs, strict=True) if not pdf.exists()]
    assert not missing, f"LibreOffice did not convert {', '.join(missing)}"
    return pdfs


def pdf_page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    return int(next(line.split()[1] for line in info.splitlines() if line.startswith("Pages:")))


def assert_readable(
    path: Path | str,
    template: Path | str | Sequence[Path | str] | None,
    *,
    pages: int | None = None,
    libreoffice: bool = True,
) -> None:
    """Fail unless all three readers accept the file (LibreOffice only when asked: it costs seconds).

    ``template``: the template the file was made from, or the templates of a deck made from several.
    """
    path = Path(path)
    baseline = (
        [Path(t) for t in template]
        if isinstance(template, list | tuple)
        else Path(template)
        if template
        else None
    )
    templates = baseline if isinstance(baseline, list) else [baseline] if baseline is not None else []
    graph = package_graph_problems(path, templates)
    assert not graph, "the package holds what it should not:\n" + "\n".join(graph[:30])
    count = reopen_with_python_pptx(path)
    if pages is not None:
        assert count == pages, f"python-pptx sees {count} slides, expected {pages}"
    problems = schema_problems(path, baseline)
    assert not problems, "new ECMA-376 problems:\n" + "\n".join(problems[:30])
    if libreoffice:
        with tempfile.TemporaryDirectory() as out:
            pdf = convert_to_pdf(path, Path(out))
            if pages is not None:
                got = pdf_page_count(pdf)
                assert got == pages, f"LibreOffice rendered {got} pages, expected {pages}"

"""The three independent readers every rendered file in the tests must satisfy.

1. python-pptx re-opens it;
2. ``../shared/tools/ooxml_validate.py OUT --baseline TEMPLATE`` reports no new ECMA-376 problem;
3. LibreOffice (when installed) converts it to PDF with the expected page count.

Before them, the package's graph (:mod:`tests.package_graph`): every slide part is in the slide
list, and every part is reached by a relationship.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

from tests.package_graph import package_graph_problems

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
VALIDATOR = SHARED / "tools" / "ooxml_validate.py"
CORPUS = SHARED / "corpus"


def soffice() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


def reopen_with_python_pptx(path: Path) -> int:
    from pptx import Presentation

    return len(Presentation(str(path)).slides)


def transitional_baseline(template: Path, workdir: Path) -> Path:
    """The template as deckkit reads it: a Strict package translated to Transitional, else itself.

    deckkit writes Strict templates out as Transitional, so their own quirks only show once
    translated; comparing against the untranslated file would count them against the output.
    """
    import zipfile

    from deckkit.ooxml.opc.strict import to_transitional

    with zipfile.ZipFile(template) as source:
        if b"purl.oclc.org" not in source.read("_rels/.rels"):
            return template
        baseline = workdir / ("transitional-" + template.name)
        with zipfile.ZipFile(baseline, "w") as target:
            for name in source.namelist():
                data = source.read(name)
                target.writestr(name, to_transitional(data) if name.endswith((".xml", ".rels")) else data)
    return baseline


def schema_problems(path: Path, baseline: Path | None) -> list[str]:
    """New ECMA-376 problems of path (relative to baseline, Strict templates translated), one line each."""
    if not VALIDATOR.exists():
        return []
    sys.path.insert(0, str(VALIDATOR.parent))
    try:
        import ooxml_validate
    finally:
        sys.path.pop(0)
    known: set[tuple[str, str]] = set()
    if baseline is not None:
        with tempfile.TemporaryDirectory() as work:
            translated = transitional_baseline(baseline, Path(work))
            known = {(ooxml_validate._kind(p), m) for p, m in ooxml_validate.problems(str(translated))}
    return [
        f"{p}: {m}"
        for p, m in ooxml_validate.problems(str(path))
        if (ooxml_validate._kind(p), m) not in known
    ]


def convert_to_pdf(path: Path, outdir: Path, timeout: float = 180) -> Path:
    """Convert with LibreOffice in a private profile (parallel test workers must not share one)."""
    return convert_all_to_pdf([path], outdir, timeout)[0]


def convert_all_to_pdf(paths: list[Path], outdir: Path, timeout: float = 180) -> list[Path]:
    """Convert many decks in one LibreOffice start (it costs seconds), in a private profile."""
    exe = soffice()
    assert exe is not None
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
    path: Path | str, template: Path | str | None, *, pages: int | None = None, libreoffice: bool = True
) -> None:
    """Fail unless all three readers accept the file (LibreOffice only when installed and asked)."""
    path = Path(path)
    graph = package_graph_problems(path)
    assert not graph, "the package holds what it should not:\n" + "\n".join(graph[:30])
    count = reopen_with_python_pptx(path)
    if pages is not None:
        assert count == pages, f"python-pptx sees {count} slides, expected {pages}"
    problems = schema_problems(path, Path(template) if template else None)
    assert not problems, "new ECMA-376 problems:\n" + "\n".join(problems[:30])
    if libreoffice and soffice() is not None:
        with tempfile.TemporaryDirectory() as out:
            pdf = convert_to_pdf(path, Path(out))
            if pages is not None:
                got = pdf_page_count(pdf)
                assert got == pages, f"LibreOffice rendered {got} pages, expected {pages}"

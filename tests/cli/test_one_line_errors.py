"""CLI failures a user causes are one line on stderr, never a traceback (missing files, closed pipes)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from deckkit.cli import main


def _big_template(path: Path) -> Path:
    """Enough tables that the skeleton is far larger than a pipe's buffer (64 KB)."""
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    for _ in range(60):
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        frame = slide.shapes.add_table(12, 8, Inches(0.5), Inches(0.5), Inches(9), Inches(6))
        frame._element.xpath("./*[1]/p:cNvPr")[0].set("descr", "sales")
        for r in range(12):
            for c in range(8):
                frame.table.cell(r, c).text = f"row {r} column {c} sample text"
    buffer = io.BytesIO()
    prs.save(buffer)
    path.write_bytes(buffer.getvalue())
    return path


def test_inspect_into_a_pipe_closed_early_ends_quietly(tmp_path: Path) -> None:
    template = _big_template(tmp_path / "t.pptx")
    done = subprocess.run(
        f"{sys.executable} -m deckkit inspect --skeleton {template} | head -n 3",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout.splitlines() == ["{", '  "slides": [', "    {"]
    assert done.stderr == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["inspect", "missing.pptx"],
        ["inspect", "--skeleton", "missing.pptx"],
        ["validate", "missing.zip"],
        ["render", "missing.zip", "-o", "o.pptx"],
    ],
)
def test_missing_files_are_one_line(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 1
    assert len(err.splitlines()) == 1
    assert "missing." in err
    assert "Traceback" not in err


def test_a_file_that_is_no_pptx_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.pptx"
    path.write_text("not a deck")
    assert main(["inspect", str(path)]) == 1
    assert len(capsys.readouterr().err.splitlines()) == 1

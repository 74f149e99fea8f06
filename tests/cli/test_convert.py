"""``deckkit convert deck.pptx --pdf|--png`` and ``deckkit render ... --pdf PATH --png DIR``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import zipfile
from pathlib import Path

import pytest
from PIL import Image
from tests.readers import pdf_page_count

import deckkit
from deckkit.cli import main

pytestmark = [pytest.mark.slow, pytest.mark.soffice]


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    made = deckkit.Deck(deckkit.examples.template())
    made.add_slide(1, title="Convert me", subtitle="first")
    made.add_slide(1, title="And me", subtitle="second")
    return made.render().save(tmp_path / "deck.pptx")


def test_convert_writes_a_pdf_beside_the_deck(deck: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(deck), "--pdf"]) == 0
    pdf = deck.with_suffix(".pdf")
    assert f"wrote {pdf} (2 pages)" in capsys.readouterr().out
    assert pdf_page_count(pdf) == 2
    text = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    assert "Convert me" in text
    assert "And me" in text


def test_convert_writes_pictures_where_asked(
    deck: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "pictures"
    assert main(["convert", str(deck), "--png", str(folder), "--dpi", "48"]) == 0
    assert f"wrote 2 PNG pictures into {folder}/" in capsys.readouterr().out
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["slide-1.png", "slide-2.png"]
    with Image.open(folder / "slide-1.png") as picture:
        assert picture.size == (640, 360)


def test_convert_without_a_format_says_what_to_give(deck: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(deck)]) == 1
    assert capsys.readouterr().err == "deckkit: say what to write: --pdf [PATH], --png [DIR], or both\n"


def test_convert_refuses_what_is_no_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "numbers.pptx"
    with zipfile.ZipFile(sheet, "w") as z:
        z.writestr("[Content_Types].xml", '<Types><Override ContentType="spreadsheetml.sheet"/></Types>')
    assert main(["convert", str(sheet), "--pdf"]) == 1
    err = capsys.readouterr().err
    assert err == f"deckkit: {sheet} is damaged: it has no main presentation part\n"
    assert not sheet.with_suffix(".pdf").exists()


def test_convert_without_libreoffice_names_the_package(
    deck: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = [f for f in os.environ["PATH"].split(os.pathsep) if f and not (Path(f) / "soffice").exists()]
    monkeypatch.setenv("PATH", os.pathsep.join(path))
    assert main(["convert", str(deck), "--pdf"]) == 1
    err = capsys.readouterr().err
    assert "needs LibreOffice (soffice)" in err
    assert "apt-get install libreoffice-impress" in err
    assert "Traceback" not in err


def test_render_exports_what_it_renders(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "data.json").write_text(
        json.dumps({"slides": [{"template": 1, "title": "Rendered", "subtitle": "then exported"}]})
    )
    out, pdf, pictures = tmp_path / "out.pptx", tmp_path / "out.pdf", tmp_path / "png"
    status = main(
        [
            "render",
            str(deckkit.examples.template()),
            str(tmp_path / "data.json"),
            "-o",
            str(out),
            "--pdf",
            str(pdf),
            "--png",
            str(pictures),
        ]
    )
    assert status == 0
    said = capsys.readouterr().out.splitlines()
    assert said == [
        f"wrote {out} (1 slide)",
        f"wrote {pdf} (1 page)",
        f"wrote 1 PNG picture into {pictures}/",
    ]
    assert pdf_page_count(pdf) == 1
    png = (pictures / "slide-1.png").read_bytes()
    assert Image.open(io.BytesIO(png)).size == (1280, 720)


def test_render_remote_with_an_export_says_how(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bundle = tmp_path / "input.zip"
    bundle.write_bytes(b"PK\x05\x06" + bytes(18))
    status = main(["render", str(bundle), "-o", "out.pptx", "--remote", "--pdf", "out.pdf"])
    assert status == 1
    assert "deckkit convert out.pptx --pdf" in capsys.readouterr().err

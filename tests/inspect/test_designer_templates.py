"""Inspection and skeletons of templates as designers make them (issue 26, point 7): date axes,
keys only in the speaker notes, alt text that describes a picture for screen readers."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from pathlib import Path
from typing import Any

from lxml import etree
from tests.readers import assert_readable
from tests.renderer.chart.kit import fill_pptx
from tests.renderer.chart.templates import build_category
from tests.renderer.core_kit import png_bytes

from deckkit.model import parse_data
from deckkit.renderer import render
from deckkit.template.inspect import Template
from deckkit.template.skeleton import slide_code

MONTHS = [(dt.date(2024, m, 1) - dt.date(1899, 12, 30)).days for m in range(1, 7)]


def _date_template(tmp_path: Path) -> Path:
    template = build_category("column_clustered", tmp_path / "plain.pptx", alt="trend")
    data = {
        "type": "chart",
        "date_labels": MONTHS,
        "axis1": {"series": {"Revenue": {"values": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]}}},
    }
    fill_pptx(template, tmp_path / "template.pptx", {"ppt/charts/chart1.xml": data})
    return tmp_path / "template.pptx"


def _chart_xml(pptx: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        return next(z.read(n).decode() for n in z.namelist() if n.startswith("ppt/charts/chart"))


def test_a_date_axis_is_given_date_labels_and_stays_a_date_axis(tmp_path: Path) -> None:
    template = _date_template(tmp_path)
    skeleton = Template.open(template).skeleton()
    trend = skeleton["slides"][0]["trend"]
    assert trend["date_labels"] == MONTHS
    assert "labels" not in trend
    parse_data(skeleton)
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, skeleton).pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    xml = _chart_xml(out.read_bytes())
    assert "<c:dateAx>" in xml
    assert "<c:catAx>" not in xml


def test_the_python_skeleton_builds_the_date_axis_from_dates(tmp_path: Path) -> None:
    import pandas as pd

    from deckkit.model import Chart

    code = slide_code(Template.open(_date_template(tmp_path)).slide(1))
    frame_line = next(line.strip() for line in code if "pd.DataFrame" in line)
    assert "pd.to_datetime" in frame_line
    scope: dict[str, Any] = {"pd": pd}
    exec(frame_line, scope)
    frame = next(v for v in scope.values() if isinstance(v, pd.DataFrame))
    assert Chart.from_dataframe(frame).date_labels == MONTHS


def _notes_and_pictures(path: Path) -> Path:
    """A slide with {title}, a key only in the speaker notes, and pictures described for screen readers."""
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "{title}"
    slide.notes_slide.notes_text_frame.text = "Say {talking_point} first"
    picture = path.parent / "arrow.png"
    picture.write_bytes(png_bytes())
    for alt in ("Curved arrow", "logo"):
        shape = slide.shapes.add_picture(str(picture), Inches(1), Inches(2), Inches(1), Inches(1))
        shape._element.nvPicPr.cNvPr.set("descr", alt)
    prs.save(str(path))
    return path


def test_keys_in_the_speaker_notes_are_listed_and_filled(tmp_path: Path) -> None:
    template = _notes_and_pictures(tmp_path / "t.pptx")
    places = {p.key: p for p in Template.open(template).slide(1).placeholders}
    assert places["talking_point"].kind == "text"
    assert places["talking_point"].detail == "text in the speaker notes"
    skeleton = Template.open(template).skeleton()
    assert skeleton["slides"][0]["talking_point"] == "talking_point text"
    result = render(template, skeleton, {"images/logo.png": png_bytes()})
    assert result.warnings == []
    with zipfile.ZipFile(io.BytesIO(result.pptx)) as z:
        notes = next(z.read(n) for n in z.namelist() if n.startswith("ppt/notesSlides/notesSlide"))
    assert "Say talking_point text first" in "".join(etree.fromstring(notes).itertext())


def test_alt_text_that_describes_a_picture_is_not_a_key(tmp_path: Path) -> None:
    template = _notes_and_pictures(tmp_path / "t.pptx")
    keys = [p.key for p in Template.open(template).slide(1).placeholders]
    assert "logo" in keys
    assert "Curved arrow" not in keys
    assert "Curved arrow" not in Template.open(template).skeleton()["slides"][0]

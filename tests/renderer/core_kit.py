"""Template builders for the core renderer tests, and a reader of rendered parts with XPath."""

from __future__ import annotations

import io
import posixpath
import zipfile
from typing import Any

from lxml import etree

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "pr": "http://schemas.openxmlformats.org/package/2006/relationships",
    "ct": "http://schemas.openxmlformats.org/package/2006/content-types",
    "p14": "http://schemas.microsoft.com/office/powerpoint/2010/main",
    "ep": "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties",
}
EMU_INCH = 914400


class RenderedPptx:
    """A rendered pptx opened for XPath checks on its parts."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.zip = zipfile.ZipFile(io.BytesIO(data))
        self.names = set(self.zip.namelist())

    def xml(self, name: str) -> etree._Element:
        return etree.fromstring(self.zip.read(name))

    def xpath(self, name: str, path: str) -> list[Any]:
        result = self.xml(name).xpath(path, namespaces=NS)
        assert isinstance(result, list)
        return result

    def rels(self, name: str) -> dict[str, tuple[str, str, str | None]]:
        """rId -> (type, resolved target or URL, TargetMode)."""
        folder, base = posixpath.split(name)
        rels_name = posixpath.join(folder, "_rels", base + ".rels")
        if rels_name not in self.names:
            return {}
        out = {}
        for rel in self.xml(rels_name).iter(f"{{{NS['pr']}}}Relationship"):
            target = rel.get("Target", "")
            if rel.get("TargetMode") != "External":
                target = posixpath.normpath(posixpath.join(folder, target))
            out[rel.get("Id", "")] = (rel.get("Type", "").rsplit("/", 1)[-1], target, rel.get("TargetMode"))
        return out

    def slide_names(self) -> list[str]:
        pres_rels = self.rels("ppt/presentation.xml")
        ids = self.xpath("ppt/presentation.xml", "//p:sldIdLst/p:sldId/@r:id")
        return [pres_rels[rid][1] for rid in ids]

    def slide(self, i: int) -> etree._Element:
        return self.xml(self.slide_names()[i])

    def texts(self, i: int) -> list[str]:
        """Paragraph texts of output slide i (a:br as newline), in document order."""
        out = []
        for p in self.slide(i).iter(f"{{{NS['a']}}}p"):
            parts = []
            for child in p:
                if child.tag == f"{{{NS['a']}}}r":
                    parts.append("".join(child.itertext()))
                elif child.tag == f"{{{NS['a']}}}br":
                    parts.append("\n")
            out.append("".join(parts))
        return out


def new_presentation() -> Any:
    from pptx import Presentation

    return Presentation()


def blank_slide(prs: Any) -> Any:
    return prs.slides.add_slide(prs.slide_layouts[6])


def add_textbox(
    slide: Any, text: str, *, left: float = 1, top: float = 1, width: float = 6, height: float = 1
) -> Any:
    from pptx.util import Inches

    box = slide.shapes.add_textbox(Inches(left), Inches(top), Inches(width), Inches(height))
    box.text_frame.text = text
    return box


def set_runs(shape: Any, runs: list[tuple[str, dict[str, Any]]]) -> None:
    """Make the shape's first paragraph exactly these runs (text, font attributes)."""
    from pptx.util import Pt

    paragraph = shape.text_frame.paragraphs[0]
    for r in list(paragraph.runs):
        paragraph._p.remove(r._r)
    for text, fmt in runs:
        run = paragraph.add_run()
        run.text = text
        if "bold" in fmt:
            run.font.bold = fmt["bold"]
        if "size" in fmt:
            run.font.size = Pt(fmt["size"])
        if "italic" in fmt:
            run.font.italic = fmt["italic"]


def set_alt_text(shape: Any, text: str) -> None:
    shape._element.xpath("./*[1]/p:cNvPr")[0].set("descr", text)


def png_bytes(width: int = 40, height: int = 30, color: tuple[int, int, int] = (200, 30, 30)) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (width, height), color).save(buf, format="PNG")
    return buf.getvalue()


def add_picture(slide: Any, data: bytes, *, left: float = 1, top: float = 1, width: float = 2) -> Any:
    from pptx.util import Inches

    return slide.shapes.add_picture(io.BytesIO(data), Inches(left), Inches(top), Inches(width))


def add_chart(slide: Any, kind: str = "COLUMN_CLUSTERED") -> Any:
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    data = CategoryChartData()
    data.categories = ["A", "B", "C"]
    data.add_series("S1", (1, 2, 3))
    data.add_series("S2", (3, 2, 1))
    return slide.shapes.add_chart(
        getattr(XL_CHART_TYPE, kind), Inches(1), Inches(2), Inches(6), Inches(4), data
    )


def add_table(
    slide: Any, rows: int = 2, cols: int = 2, texts: dict[tuple[int, int], str] | None = None
) -> Any:
    from pptx.util import Inches

    frame = slide.shapes.add_table(rows, cols, Inches(1), Inches(2), Inches(6), Inches(2))
    for (r, c), text in (texts or {}).items():
        frame.table.cell(r, c).text = text
    return frame


def add_notes(slide: Any, text: str) -> None:
    slide.notes_slide.notes_text_frame.text = text


def autofit_box(
    slide: Any,
    text: str,
    *,
    left: float,
    top: float,
    width: float,
    height: float,
    wrap: bool,
    align: str = "l",
    anchor: str = "t",
    autofit: str = "sp",
    font: str = "Calibri",
    size: int = 18,
) -> Any:
    """A python-pptx text box in inches, one run of ``text``, with its wrap, alignment, anchor and auto-fit."""
    from pptx.enum.text import MSO_ANCHOR, MSO_AUTO_SIZE, PP_ALIGN
    from pptx.util import Pt

    box = slide.shapes.add_textbox(
        int(left * EMU_INCH), int(top * EMU_INCH), int(width * EMU_INCH), int(height * EMU_INCH)
    )
    frame = box.text_frame
    frame.word_wrap = wrap
    frame.auto_size = {
        "sp": MSO_AUTO_SIZE.SHAPE_TO_FIT_TEXT,
        "norm": MSO_AUTO_SIZE.TEXT_TO_FIT_SHAPE,
        "none": MSO_AUTO_SIZE.NONE,
    }[autofit]
    frame.vertical_anchor = {"t": MSO_ANCHOR.TOP, "ctr": MSO_ANCHOR.MIDDLE, "b": MSO_ANCHOR.BOTTOM}[anchor]
    paragraph = frame.paragraphs[0]
    paragraph.alignment = {"l": PP_ALIGN.LEFT, "r": PP_ALIGN.RIGHT, "ctr": PP_ALIGN.CENTER}[align]
    run = paragraph.add_run()
    run.text = text
    run.font.name = font
    run.font.size = Pt(size)
    return box

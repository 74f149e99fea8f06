"""Foreign templates (tests/foreign): decks written by PptxGenJS, python-pptx and PowerPoint, filled.

Each case fills one template of the foreign-template matrix, one data shape a slide, chosen to
show what a filled foreign deck risks losing: the designer's colours on added series, labels
and legends, a date axis of 24 months, tables grown by rows and long or right-to-left text.
CJK shapes are left out here: the machine's fonts have no CJK glyphs (the matrix checks them).
"""

from __future__ import annotations

from pathlib import Path

from tests.foreign.matrix import SHAPES_BY_NAME, slides_for, tagged
from tests.gallery.cases import GalleryInput

# template slide -> data shape, for the two script-made sets (same slides: text, columns, stacked
# bars, dated lines, pie, doughnut, scatter, table).
_SCRIPTED = {
    1: "rtl-text",
    2: "more-series",
    3: "renamed-series",
    4: "monthly-24",
    5: "more-categories",
    6: "null-gaps",
    7: "more-series",
    8: "more-rows",
}


def _filled(name: str, picks: list[tuple[int, str]], workdir: Path) -> GalleryInput:
    slides = []
    for number, shape in picks:
        (slide,) = [s for s in slides_for(name, SHAPES_BY_NAME[shape]) if s.data["template"] == number]
        slides.append(slide.data)
    template = workdir / f"{name}.pptx"
    template.write_bytes(tagged(name).data)
    return template, slides, {}


def case_pptxgenjs_templates(workdir: Path) -> GalleryInput:
    """PptxGenJS's templates: Arabic/Hebrew text in the title boxes; columns with two added series in new colours, values on top; stacked bars renamed, white labels kept; lines over 24 months labelled "Jan 24"...; a pie of 7 slices each its own colour, white percentages; a doughnut with two gaps; a scatter with two added groups; the table grown to 7 rows, header filled, rows banded."""
    return _filled("pptxgenjs", sorted(_SCRIPTED.items()), workdir)


def case_python_pptx_templates(workdir: Path) -> GalleryInput:
    """python-pptx's templates, the same shapes: the title layout's placeholders in Arabic/Hebrew; added columns and scatter groups in colours of their own; renamed stacked bars with white bold labels; 24 months on the date axis; a 7-slice pie; a doughnut with gaps; the default table style on 7 rows."""
    return _filled("python-pptx", sorted(_SCRIPTED.items()), workdir)


def case_powerpoint_charts(workdir: Path) -> GalleryInput:
    """PowerPoint 2016's charts: the stacked bars with two added series listed in the legend (all five entries), then the pie of 8 slices (legend of 8) and the columns beside it."""
    return _filled("powerpoint-charts", [(1, "more-series"), (2, "more-categories")], workdir)


def case_powerpoint_stacked_labels(workdir: Path) -> GalleryInput:
    """PowerPoint 2016's stacked bars with labels formatted point by point: two added series with labels like their neighbours' and five legend entries; then long category labels and series names wrapping, every legend entry shown."""
    return _filled("powerpoint-stacked", [(1, "more-series"), (2, "long-text")], workdir)


def case_powerpoint_tables(workdir: Path) -> GalleryInput:
    """PowerPoint 2016's styled tables: three tables grown to six columns, then right-to-left cells, then long text wrapping in the cells (rows taller, tables inside the slide)."""
    return _filled("powerpoint-tables", [(1, "more-columns"), (2, "rtl-text"), (3, "long-text")], workdir)


def case_powerpoint_2007_chart(workdir: Path) -> GalleryInput:
    """PowerPoint 2007's columns over 24 months: a date axis labelled by month, the template's three series colours."""
    return _filled("powerpoint-2007", [(1, "monthly-24")], workdir)

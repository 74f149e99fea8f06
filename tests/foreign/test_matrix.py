"""Foreign templates x data shapes (issue 26): each output passes the readers and shows the data.

Every template of tests/foreign/matrix.py (written by PptxGenJS, python-pptx and PowerPoint) is
filled with every data shape of tests/foreign/shapes.py that applies to it: more and fewer series,
categories, rows and columns, renamed series, long, empty, right-to-left and CJK text, null gaps,
24 monthly dates. A case renders one deck (a slide for each template slide the shape changes);
python-pptx and the schema check read it and its values are checked (caches = workbook = data).
LibreOffice converts one deck a template holding every case's slides (slow).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.renderer import render
from tests.foreign.matrix import SHAPES_BY_NAME, TEMPLATES, cases, slides_for, tagged
from tests.foreign.shapes import SHAPES
from tests.foreign.values import check_deck
from tests.readers import assert_readable

CASES = cases()


def _render(name: str, shapes: list[str], tmp_path: Path, *, libreoffice: bool) -> None:
    filled = [slide for shape in shapes for slide in slides_for(name, SHAPES_BY_NAME[shape])]
    template = tmp_path / f"{name}-template.pptx"
    template.write_bytes(tagged(name).data)
    result = render(template, [slide.data for slide in filled])
    out = tmp_path / f"{name}.pptx"
    out.write_bytes(result.pptx)
    assert_readable(out, template, pages=len(filled), libreoffice=libreoffice)
    check_deck(out, filled)


def test_every_template_meets_every_kind_of_shape() -> None:
    """The matrix is as wide as the issue asks: each shape reaches a template, each template many shapes."""
    assert {shape.name for shape in SHAPES} == {shape for _, shape in CASES}
    for name in TEMPLATES:
        assert sum(1 for template, _ in CASES if template == name) >= 5, name
    engines = {"pptxgenjs", "python-pptx"} | {n for n in TEMPLATES if n.startswith("powerpoint")}
    assert len(engines) >= 4


@pytest.mark.parametrize(("name", "shape"), CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_foreign_template_takes_the_data_shape(name: str, shape: str, tmp_path: Path) -> None:
    _render(name, [shape], tmp_path, libreoffice=False)


@pytest.mark.slow
@pytest.mark.soffice
@pytest.mark.parametrize("name", list(TEMPLATES))
def test_every_shape_of_a_template_opens_in_libreoffice(name: str, tmp_path: Path) -> None:
    _render(name, [shape for template, shape in CASES if template == name], tmp_path, libreoffice=True)

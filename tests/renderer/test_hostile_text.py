"""Text that XML 1.0 cannot hold is a DataError with its path, or (in a key) cleaned; never "a deckkit bug".

Found by tests/fuzz (data_text mutations): a NUL or a lone surrogate (a JSON escape such as
\\ud800) in a title, a table cell, a list, a chart label or a series key reached lxml mid-render.
"""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from deckkit.errors import DataError
from deckkit.renderer import render
from tests.renderer.core_kit import (
    add_chart,
    add_table,
    add_textbox,
    blank_slide,
    new_presentation,
    set_alt_text,
)

BAD = "a\x00b\ud800d"


@pytest.fixture
def template(save_template):
    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, "{title}")
    add_textbox(slide, "{points}", top=3)
    set_alt_text(add_table(slide), "cells")
    set_alt_text(add_chart(blank_slide(prs)), "sales")
    return save_template(prs)


def test_bad_text_values_are_data_errors_with_their_paths(template) -> None:
    data = [
        {
            "template": 1,
            "title": BAD,
            "points": {"type": "list", "values": [BAD]},
            "cells": {"type": "table", "rows": [[BAD, "x"]]},
        }
    ]
    with pytest.raises(DataError) as caught:
        render(template, json.loads(json.dumps(data)))
    paths = [p.path for p in caught.value.problems]
    assert paths == ["slides[0].title", "slides[0].points.values[0]", "slides[0].cells.rows[0][0]"]


def test_a_series_key_xml_cannot_hold_is_cleaned_and_renders(template, check_render) -> None:
    chart = {"type": "chart", "labels": ["a", "b"], "axis1": {"series": {BAD: {"values": [1, 2]}}}}
    result = render(template, json.loads(json.dumps([{"template": 2, "sales": chart}])))
    check_render(result.pptx, template, pages=1)
    with zipfile.ZipFile(io.BytesIO(result.pptx)) as pptx:
        charts = [n for n in pptx.namelist() if n.startswith("ppt/charts/chart")]
        assert "a\ufffdb\ufffdd" in pptx.read(charts[0]).decode("utf-8")

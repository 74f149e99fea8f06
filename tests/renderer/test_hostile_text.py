"""Text that XML 1.0 cannot hold renders (cleaned) instead of failing as "a deckkit bug".

Found by tests/fuzz (data_text mutations): a NUL, a vertical tab or a lone surrogate (a JSON
escape such as \\ud800) in a title, a table cell, a list or a chart label reached lxml mid-render.
"""

from __future__ import annotations

import json

from deckkit.renderer import render
from tests.renderer.core_kit import (
    add_chart,
    add_table,
    add_textbox,
    blank_slide,
    new_presentation,
    set_alt_text,
)

BAD = "a\x00b\x0bc\ud800d"


def test_control_characters_and_lone_surrogates_render(save_template, check_render) -> None:
    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, "{title}")
    add_textbox(slide, "{points}", top=3)
    set_alt_text(add_table(slide), "cells")
    set_alt_text(add_chart(blank_slide(prs)), "sales")
    template = save_template(prs)
    chart = {
        "type": "chart",
        "labels": [BAD, "b"],
        "axis1": {"series": {BAD: {"name": BAD, "values": [1, 2]}}},
    }
    data = [
        {
            "template": 1,
            "title": BAD,
            "points": {"type": "list", "values": [BAD]},
            "cells": {"type": "table", "rows": [[BAD, "x"]]},
        },
        {"template": 2, "sales": chart},
    ]
    result = render(template, json.loads(json.dumps(data)))
    deck = check_render(result.pptx, template, pages=2)
    assert deck.texts(0)[0] == "a\ufffdb\ufffdc\ufffdd"

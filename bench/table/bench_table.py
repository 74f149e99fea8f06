"""Table fill benchmark: deckkit's fill_table against python-pptx filling a table of the same size.

Workloads (rows x columns): 12x5, 200x10, 1000x15, from a 3x3 template table (python-pptx made,
one fill colour per column). Sides, each timed from an already parsed slide and an already
validated Table:

- ``fill``: deckkit's fill_table with string cells (resize, formatting of the template cells,
  sizing);
- ``fill+styles``: every cell an object with font and shape styles, every fourth a data bar
  (images kept in memory by a counting sink);
- ``render``: the whole ``deckkit.render(template, data)`` (data.json parsing and
  validation, planning, filling, writing the pptx) with string cells;
- baseline ``python-pptx``: ``shapes.add_table(rows, cols)`` on a blank slide and ``cell.text``
  for every cell, which is how a table of that size is filled with python-pptx (it has no way to
  add rows to a template table), without serializing.

    python bench/table/bench_table.py [--repeat 5]

Prints the median CPU time of each side and the ratio (python-pptx time / deckkit fill time).
"""

from __future__ import annotations

import argparse
import copy
import io
import statistics
import time
from collections.abc import Callable
from typing import Any

from lxml import etree

WORKLOADS = ((12, 5), (200, 10), (1000, 15))
P = "http://schemas.openxmlformats.org/presentationml/2006/main"


def template() -> bytes:
    from pptx import Presentation
    from pptx.dml.color import RGBColor
    from pptx.util import Inches

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    shape = slide.shapes.add_table(3, 3, Inches(1), Inches(1), Inches(8), Inches(1.2))
    shape._element.find(f"{{{P}}}nvGraphicFramePr/{{{P}}}cNvPr").set("descr", "table")
    for i in range(3):
        for j in range(3):
            cell = shape.table.cell(i, j)
            cell.text = f"r{i}c{j}"
            cell.fill.solid()
            cell.fill.fore_color.rgb = RGBColor.from_string(("DDEBF7", "FCE4D6", "E2EFDA")[j])
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def string_rows(n_rows: int, n_cols: int) -> list[list[Any]]:
    return [[f"{i * n_cols + j:,}" for j in range(n_cols)] for i in range(n_rows)]


def styled_rows(n_rows: int, n_cols: int) -> list[list[Any]]:
    rows: list[list[Any]] = []
    for i in range(n_rows):
        row: list[Any] = []
        for j in range(n_cols):
            cell: dict[str, Any] = {
                "value": f"{i * n_cols + j:,}",
                "styles": {
                    "font": {"bold": j == 0, "color": "#1F3864"},
                    "shape": {"fill": "#F2F2F2", "align": "right"},
                },
            }
            if (i + j) % 4 == 0:
                cell["databar"] = {"ratio": (i % 11) / 10, "color": "accent2"}
            row.append(cell)
        rows.append(row)
    return rows


class CountingSink:
    def __init__(self) -> None:
        self.images: dict[bytes, str] = {}

    def add_image(self, data: bytes, ext: str) -> str:
        return self.images.setdefault(data, f"rId{len(self.images) + 100}")


def median_time(run: Callable[[], None], prepare: Callable[[], None], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        prepare()
        # CPU time of this process: the work is single-threaded, and CPU time stays meaningful on
        # a machine shared with other jobs, where wall time does not.
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    import zipfile

    from pptx import Presentation
    from pptx.util import Inches

    from deckkit.model.elements import Table
    from deckkit.renderer import render
    from deckkit.renderer.table.filler import fill_table

    source = template()
    with zipfile.ZipFile(io.BytesIO(source)) as z:
        slide_xml = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    template_frame = next(slide_xml.iter(f"{{{P}}}graphicFrame"))

    print(
        f"{'workload':>10} {'fill':>10} {'fill+styles':>12} {'render':>10} {'python-pptx':>12} {'ratio':>7}"
    )
    for n_rows, n_cols in WORKLOADS:
        plain = Table.model_validate({"type": "table", "rows": string_rows(n_rows, n_cols)})
        styled = Table.model_validate({"type": "table", "rows": styled_rows(n_rows, n_cols)})
        state: dict[str, Any] = {}

        def fresh_frame(state: dict[str, Any] = state) -> None:
            state["frame"] = copy.deepcopy(template_frame)

        fill = median_time(lambda: fill_table(state["frame"], plain), fresh_frame, args.repeat)  # noqa: B023
        fill_styled = median_time(
            lambda: fill_table(state["frame"], styled, CountingSink()),  # noqa: B023
            fresh_frame,
            args.repeat,
        )
        data = [{"template": 1, "table": {"type": "table", "rows": string_rows(n_rows, n_cols)}}]
        whole = median_time(lambda: render(source, data), lambda: None, args.repeat)  # noqa: B023

        def fresh_presentation(state: dict[str, Any] = state) -> None:
            prs = Presentation()
            state["slide"] = prs.slides.add_slide(prs.slide_layouts[6])

        def python_pptx(state: dict[str, Any] = state, rows: list[list[Any]] = plain.rows) -> None:
            shapes = state["slide"].shapes
            table = shapes.add_table(
                len(rows), len(rows[0]), Inches(1), Inches(1), Inches(8), Inches(5)
            ).table
            for i, row in enumerate(rows):
                for j, value in enumerate(row):
                    table.cell(i, j).text = value

        baseline = median_time(python_pptx, fresh_presentation, args.repeat)
        print(
            f"{f'{n_rows}x{n_cols}':>10} {fill * 1000:>8.1f}ms {fill_styled * 1000:>10.1f}ms "
            f"{whole * 1000:>8.1f}ms {baseline * 1000:>10.1f}ms {baseline / fill:>6.1f}x"
        )


if __name__ == "__main__":
    main()

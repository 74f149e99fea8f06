#!/usr/bin/env python3
"""The standard benchmark workload: a seven-slide template and the data of N output slides.

Usage: python bench/workload/make_workload.py OUTDIR [--slides 200]

Writes into OUTDIR:

- ``template.pptx``: 1 title ``{title}``, subtitle ``{subtitle} | {date}``; 2 ``{heading}`` and a
  bulleted ``{points}``; 3 ``{caption}`` and a 3x5 table ``table``; 4 and 5 ``{chart_title}`` and
  a column chart ``bars`` / a line chart ``lines``; 6 a scatter chart ``scatter``; 7 ``{caption}``
  and a rectangle ``{picture}`` that an image replaces;
- ``images/photo0.png`` .. ``photo3.png``: plain pictures of assorted sizes;
- ``data.json``: N slides going round the seven templates, each with fresh data (8 list items
  on three levels, a 13x5 table with one styled cell, 4 series of 24 points, 3 groups of 150
  scatter points, a picture);
- ``input.zip``: the three above as the service's input zip.

Everything comes from one seeded random generator, so every run (and every machine) measures the
same work: the benchmark figures of bench/README.md are comparable across changes.
"""

from __future__ import annotations

import argparse
import json
import random
import zipfile
from pathlib import Path
from typing import Any

SEED = 20261122
TEMPLATE_SLIDES = 7


def _describe(shape: Any, alt_text: str) -> None:
    """Give a graphic frame or shape its alt text, the key deckkit finds it by."""
    shape._element.xpath("./*[1]/p:cNvPr")[0].set("descr", alt_text)


def write_template(path: Path) -> None:
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData, XyChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    deck = Presentation()
    blank = deck.slide_layouts[6]

    def caption(slide: Any, text: str) -> None:
        box = slide.shapes.add_textbox(Inches(0.5), Inches(0.3), Inches(9), Inches(0.8))
        box.text_frame.text = text

    title = deck.slides.add_slide(deck.slide_layouts[0])
    title.shapes.title.text = "{title}"
    title.placeholders[1].text = "{subtitle} | {date}"

    bullets = deck.slides.add_slide(deck.slide_layouts[1])
    bullets.shapes.title.text = "{heading}"
    bullets.placeholders[1].text_frame.text = "{points}"

    table_slide = deck.slides.add_slide(blank)
    caption(table_slide, "{caption}")
    frame = table_slide.shapes.add_table(3, 5, Inches(0.5), Inches(1.3), Inches(9), Inches(3))
    _describe(frame, "table")
    for row in range(3):
        for column in range(5):
            frame.table.cell(row, column).text = f"r{row}c{column}"

    categories = CategoryChartData()
    categories.categories = ["A", "B", "C"]
    categories.add_series("S1", (1, 2, 3))
    categories.add_series("S2", (2, 3, 4))
    for kind, key in ((XL_CHART_TYPE.COLUMN_CLUSTERED, "bars"), (XL_CHART_TYPE.LINE_MARKERS, "lines")):
        chart_slide = deck.slides.add_slide(blank)
        caption(chart_slide, "{chart_title}")
        chart = chart_slide.shapes.add_chart(kind, Inches(0.5), Inches(1.3), Inches(9), Inches(5), categories)
        _describe(chart, key)

    points = XyChartData()
    series = points.add_series("P")
    series.add_data_point(1, 2)
    series.add_data_point(2, 3)
    scatter_slide = deck.slides.add_slide(blank)
    scatter = scatter_slide.shapes.add_chart(
        XL_CHART_TYPE.XY_SCATTER, Inches(0.5), Inches(1.3), Inches(9), Inches(5), points
    )
    _describe(scatter, "scatter")

    picture_slide = deck.slides.add_slide(blank)
    caption(picture_slide, "{caption}")
    rectangle = picture_slide.shapes.add_shape(1, Inches(1), Inches(1.3), Inches(8), Inches(5))
    rectangle.text_frame.text = "{picture}"
    deck.save(str(path))


def write_images(folder: Path, rng: random.Random) -> list[str]:
    """Four one-colour PNGs; their bundle names (``images/photoN.png``)."""
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for number in range(4):
        size = rng.choice([(800, 600), (1200, 500), (600, 900), (1600, 1200)])
        colour = tuple(rng.randrange(256) for _ in range(3))
        name = f"images/photo{number}.png"
        Image.new("RGB", size, colour).save(folder.parent / name)
        names.append(name)
    return names


def _title(i: int) -> dict[str, Any]:
    return {"template": 1, "title": f"Report {i}", "subtitle": "Quarterly review", "date": "2026-11-22"}


def _bullets(i: int) -> dict[str, Any]:
    items = [{"type": "text", "value": f"Point {j} of slide {i}", "level": j % 3} for j in range(8)]
    return {"template": 2, "heading": f"Highlights {i}", "points": {"type": "list", "values": items}}


def _table(i: int, rng: random.Random) -> dict[str, Any]:
    rows: list[list[Any]] = [["Region", "Q1", "Q2", "Q3", "Q4"]]
    for region in range(12):
        rows.append([f"Region {region}"] + [f"{rng.uniform(0, 1e6):,.0f}" for _ in range(4)])
    rows[3][2] = {
        "value": rows[3][2],
        "styles": {"font": {"bold": True, "color": "red"}},
        "databar": {"ratio": 0.6, "color": "accent2"},
    }
    return {"template": 3, "caption": f"Sales {i}", "table": {"type": "table", "rows": rows}}


def _chart(i: int, template: int, rng: random.Random) -> dict[str, Any]:
    labels = [f"Month {m}" for m in range(24)]
    series = {
        f"s{k}": {"name": f"Series {k}", "values": [round(rng.uniform(0, 100), 2) for _ in labels]}
        for k in range(4)
    }
    key = "bars" if template == 4 else "lines"
    chart = {"type": "chart", "labels": labels, "axis1": {"series": series}}
    return {"template": template, "chart_title": f"Trend {i}", key: chart}


def _scatter(rng: random.Random) -> dict[str, Any]:
    groups = {
        f"g{k}": {
            "name": f"Group {k}",
            "values": [[round(rng.uniform(0, 10), 3), round(rng.uniform(0, 10), 3)] for _ in range(150)],
        }
        for k in range(3)
    }
    return {"template": 6, "scatter": {"type": "scatter-chart", "axis1": {"series": groups}}}


def _picture(i: int, images: list[str], rng: random.Random) -> dict[str, Any]:
    image = {"type": "image", "src": rng.choice(images), "scaling": "contain"}
    return {"template": 7, "caption": f"Picture {i}", "picture": image}


def make_data(slides: int, images: list[str], rng: random.Random) -> dict[str, Any]:
    """data.json of ``slides`` output slides, templates 1..7 in turn."""
    out: list[dict[str, Any]] = []
    for i in range(slides):
        template = i % TEMPLATE_SLIDES + 1
        if template == 1:
            out.append(_title(i))
        elif template == 2:
            out.append(_bullets(i))
        elif template == 3:
            out.append(_table(i, rng))
        elif template in (4, 5):
            out.append(_chart(i, template, rng))
        elif template == 6:
            out.append(_scatter(rng))
        else:
            out.append(_picture(i, images, rng))
    return {"slides": out, "theme": {"colors": {"accent1": "#1F77B4", "accent2": "#FF7F0E"}}}


def build(folder: Path, slides: int = 200) -> Path:
    """Write the workload into folder; the path of its input zip."""
    rng = random.Random(SEED)
    folder.mkdir(parents=True, exist_ok=True)
    write_template(folder / "template.pptx")
    images = write_images(folder / "images", rng)
    (folder / "data.json").write_text(json.dumps(make_data(slides, images, rng), indent=1))
    bundle = folder / "input.zip"
    with zipfile.ZipFile(bundle, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in ["template.pptx", "data.json", *images]:
            archive.write(folder / name, name)
    return bundle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--slides", type=int, default=200)
    args = parser.parse_args()
    bundle = build(args.outdir, args.slides)
    print(f"{bundle}: {args.slides} slides, {bundle.stat().st_size} bytes")


if __name__ == "__main__":
    main()

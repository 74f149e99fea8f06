"""Screenshots of every rich display for docs/notebook.md, taken in headless Chromium.

Run ``PYTHONPATH=src python scripts/notebook_screenshots.py``: each display's ``_repr_html_``
is put in a page styled like a notebook output, Chromium (Debian's package, no download)
screenshots it into docs/images/notebook-<name>.png. The pictures are generated, never edited
by hand; tests/notebook/test_screenshots_doc.py checks that the doc shows every one.
"""

from __future__ import annotations

import io
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]

CLICKS = {"result-enlarged": "details.deckkit-enlarge summary"}
"""name -> what is clicked before that display is shot."""

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin: 0; padding: 12px; font-family: sans-serif; background: #fff; width: 860px; }}
</style></head><body><div id="output">{html}</div></body></html>"""


def _figure_png() -> bytes:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(4, 2.6), dpi=80)
    ax = fig.add_subplot()
    ax.bar(["North", "South", "East"], [15.2, 9.8, 12.1], color="#4472C4")
    ax.set_title("Revenue by region")
    out = io.BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()


def displays() -> dict[str, Callable[[], Any]]:
    """name -> a function returning the object whose display is shot."""
    import warnings

    import pandas as pd

    from deckkit import Chart, Deck, Image, Scatter, Table, examples
    from deckkit.errors import Problem, RenderError
    from deckkit.frames import currency, percent
    from deckkit.notebook.extension import ErrorDisplay

    sales = pd.DataFrame(
        {
            "region": ["North", "South", "East"],
            "revenue": [15234.5, 9800.0, 12050.25],
            "growth": [0.12, -0.03, 0.07],
        }
    )

    def sales_table(frame: pd.DataFrame) -> Table:
        return Table.from_dataframe(
            frame,
            labels={"region": "Region", "revenue": "Revenue", "growth": "Growth"},
            formats={"revenue": currency("$", 0), "growth": percent(0)},
            databars=["revenue"],
            header_styles={"font": {"bold": True, "color": "lt1"}, "shape": {"fill": "accent1"}},
            cell_styles=(frame["growth"] < 0, {"font": {"color": "red"}}),
        )

    table = sales_table(sales)
    monthly = pd.DataFrame(
        {"Revenue": [10.5, 12.0, 11.2, 14.8], "Margin": [0.21, 0.24, 0.19, 0.27]},
        index=["Jan", "Feb", "Mar", "Apr"],
    )
    chart = Chart.from_dataframe(monthly, axis2=["Margin"])
    shops = pd.DataFrame(
        {
            "price": [1, 2, 2.5, 3, 3.5, 4],
            "sold": [90, 70, 64, 40, 33, 21],
            "shop": ["A", "B", "A", "B", "A", "B"],
        }
    )
    scatter = Scatter.from_dataframe(shops, x="price", y="sold", by="shop")

    def deck() -> Deck:
        d = Deck(examples.template())
        d.add_slide(1, title="Quarterly review", subtitle="Prepared with deckkit")
        d.add_slide(2, heading="Sales by region", caption="Revenue in USD", sales=table)
        d.add_slide(
            3, heading="Revenue", revenue=Chart.from_dataframe(monthly[["Revenue"]]), highlights="Up 41%"
        )
        return d

    def result() -> Any:
        d = deck()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            d.add_slide(1, title="Thank you", titel="a typo")
            return d.render()

    def diff() -> Any:
        before = deck().render()
        later = Deck(examples.template())
        later.add_slide(1, title="Quarterly review", subtitle="Prepared with deckkit, revised")
        revised = sales.assign(revenue=[15234.5, 10400.0, 12050.25], growth=[0.12, 0.06, 0.07])
        later.add_slide(2, heading="Sales by region", caption="Revenue in USD", sales=sales_table(revised))
        return later.render().diff(before)

    def previewed_deck() -> Deck:
        d = deck()
        d.preview()
        return d

    error = RenderError(
        [
            Problem("slides[1].sales", "the table has 3 columns; the template table has 4"),
            Problem("slides[2].revenue.axis1.series.Cost", "the template chart has no series Cost"),
        ],
        summary="the data does not fit the template (2 errors)",
    )

    def chart_kinds() -> Deck:
        # Each chart drawn in its template chart's kind: columns, stacked bars, a pie, a combo.
        d = Deck(examples.charts_template())
        by_region = pd.DataFrame(
            {"Revenue": [15.2, 9.8, 12.1], "Cost": [9.1, 7.5, 8.0]}, index=["North", "South", "East"]
        )
        d.add_slide(1, heading="Columns", column=Chart.from_dataframe(by_region, format='"$"#,##0.0'))
        d.add_slide(2, heading="Stacked bars", stacked=Chart.from_dataframe(by_region))
        d.add_slide(5, heading="Pie", pie=Chart.from_dataframe(by_region[["Revenue"]]))
        d.add_slide(
            8, heading="Combo", combo=Chart.from_dataframe(monthly, axis2=["Margin"], axis2_format="0%")
        )
        return d

    def bullets() -> Any:
        from deckkit import List, Text

        return List(
            values=[
                "Plain item",
                Text.markdown("**Revenue** up *12%*, see [the report](https://example.com/q3)"),
                Text(value="A child item", level=1, styles={"font": {"color": "accent2"}}),
            ]
        )

    return {
        "chart-kinds": chart_kinds,
        "list": bullets,
        "result-enlarged": result,
        "result": result,
        "deck": previewed_deck,
        "table": lambda: table,
        "chart": lambda: chart,
        "scatter": lambda: scatter,
        "image": lambda: Image.from_bytes(_figure_png()),
        "template": examples.template_info,
        "error": lambda: ErrorDisplay(error),
        "validation": lambda: deck().validate(),
        "diff": diff,
    }


def main(names: list[str]) -> None:
    """Shoot every display, or only those named (``python scripts/notebook_screenshots.py diff``)."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("Debian's chromium package is needed (apt-get install chromium)")
    IMAGES.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 900, "height": 600})
        for name, make in displays().items():
            if names and name not in names:
                continue
            shown = make()
            html = shown._repr_html_() if hasattr(shown, "_repr_html_") else f"<pre>{shown!r}</pre>"
            source = Path(tmp) / f"{name}.html"
            source.write_text(PAGE.format(html=html), encoding="utf-8")
            page.goto(source.as_uri())
            if name in CLICKS:  # the display after a click (a thumbnail opened large)
                page.locator(CLICKS[name]).first.click()
            page.locator("#output").screenshot(path=str(IMAGES / f"notebook-{name}.png"))
            print(f"docs/images/notebook-{name}.png")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])

"""Chart fill benchmark: deckkit's chart filler (filled_chart_bytes) against python-pptx's replace_data, same run, same charts.

Workloads (categories x series): 12x3, 1000x5, 5000x10, on a clustered column chart whose
embedded workbook python-pptx made. Each side starts from the same template chart and does the
whole job of putting new data into it: deckkit parses the chart part, fills it, edits the
workbook in place and writes the chart part's bytes (the series data spliced in as text, as
a render does); python-pptx's replace_data rewrites the chart XML and
builds a new workbook (with xlsxwriter), then the chart is serialized. Loading the template
presentation and building the input data objects are outside the timings on both sides.

    python bench/chart/bench_chart.py [--repeat 5]

Prints the median time of each side and the ratio (replace_data time / deckkit time).
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
import zipfile
from collections.abc import Callable

from lxml import etree

WORKLOADS = ((12, 3), (1000, 5), (5000, 10))
CHART = "ppt/charts/chart1.xml"


def template() -> bytes:
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData(number_format="#,##0.0")
    data.categories = [f"Month {i + 1}" for i in range(12)]
    for s in range(3):
        data.add_series(f"Series {s + 1}", [float(i * (s + 1)) for i in range(12)])
    slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, 0, 0, Inches(8), Inches(6), data)
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def workload(categories: int, series: int) -> tuple[list[str], dict[str, list[float]]]:
    labels = [f"Category {i + 1}" for i in range(categories)]
    values = {
        f"Series {s + 1}": [float((i * 7 + s * 13) % 101) for i in range(categories)] for s in range(series)
    }
    return labels, values


def median_time(run: Callable[[], None], prepare: Callable[[], None], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        prepare()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench(categories: int, series: int, pptx: bytes, repeat: int) -> tuple[float, float]:
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData

    from deckkit.model.elements import Chart
    from deckkit.renderer.chart.checks import check_chart
    from deckkit.renderer.chart.filler import filled_chart_bytes

    labels, values = workload(categories, series)
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        chart_xml = z.read(CHART)
        workbook = next(z.read(n) for n in z.namelist() if n.endswith(".xlsx"))
    model = Chart.model_validate(
        {
            "type": "chart",
            "labels": labels,
            "axis1": {"series": {k: {"values": v} for k, v in values.items()}},
        }
    )

    def deckkit() -> None:
        root = etree.fromstring(chart_xml)
        assert not check_chart(root, model, "chart")
        filled_chart_bytes(root, model, workbook)  # the part's bytes, as a render writes them

    state: dict[str, object] = {}
    data = CategoryChartData(number_format="#,##0.0")
    data.categories = labels
    for name, vals in values.items():
        data.add_series(name, vals)

    def fresh_chart() -> None:
        state["chart"] = Presentation(io.BytesIO(pptx)).slides[0].shapes[0].chart

    def replace_data() -> None:
        chart = state["chart"]
        chart.replace_data(data)  # type: ignore[attr-defined]
        etree.tostring(chart._chartSpace)  # type: ignore[attr-defined]

    ours = median_time(deckkit, lambda: None, repeat)
    theirs = median_time(replace_data, fresh_chart, repeat)
    return ours, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    pptx = template()
    print(f"{'workload':>10} {'deckkit':>10} {'replace_data':>13} {'ratio':>7}")
    for categories, series in WORKLOADS:
        ours, theirs = bench(categories, series, pptx, args.repeat)
        print(
            f"{categories:>6}x{series:<3} {ours * 1000:>8.1f}ms {theirs * 1000:>11.1f}ms {theirs / ours:>6.1f}x"
        )


if __name__ == "__main__":
    main()

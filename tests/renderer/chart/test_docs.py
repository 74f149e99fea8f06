"""The example of docs/charts.md renders on a bar + line chart with a secondary axis."""

from __future__ import annotations

import json
import re
from pathlib import Path

from deckkit.renderer import render
from tests.renderer.chart.kit import NS, output_series, read_chart
from tests.renderer.chart.templates import build_category

DOC = Path(__file__).resolve().parents[3] / "docs" / "charts.md"


def test_docs_example_renders(tmp_path: Path) -> None:
    block = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None
    slide = json.loads(block.group(1))
    template = build_category("bar_line_secondary", tmp_path / "t.pptx", alt="sales")
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, {"slides": [slide]}).pptx)
    root = read_chart(out, next(n for n in _chart_parts(out))).root
    names = [s.find("c:tx", NS).findtext(".//c:v", namespaces=NS) for s in output_series(root)]
    assert names == ["Revenue", "Costs", "Margin"]
    assert root.xpath(".//c:valAx[c:axPos/@val='r']/c:numFmt/@formatCode", namespaces=NS) == ["0%"]


def _chart_parts(path: Path) -> list[str]:
    import zipfile

    with zipfile.ZipFile(path) as z:
        return [n for n in z.namelist() if re.fullmatch(r"ppt/charts/chart\d+\.xml", n)]

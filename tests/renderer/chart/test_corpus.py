"""Every chart of the shared corpus takes new data (more and fewer categories and series).

Real-world charts come from PowerPoint, LibreOffice and generators: bar, line, area (2-D and
3-D), pie, doughnut, radar, scatter and bubble charts, embedded and linked workbooks. Each one is
filled through check_chart/fill_chart and the result must pass the readers.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from deckkit.renderer.chart.plot import family, plot_groups, series_name
from tests.readers import CORPUS, assert_readable
from tests.renderer.chart.kit import (
    NS,
    assert_structure,
    cache,
    chart_part_names,
    fill_pptx,
    output_series,
    read_chart,
)


def _corpus_decks() -> list[Path]:
    if not CORPUS.exists():
        return []
    decks = []
    for path in sorted(CORPUS.glob("*/*.pptx")):
        try:
            with zipfile.ZipFile(path) as z:
                if any(re.fullmatch(r"ppt/charts/chart\d+\.xml", n) for n in z.namelist()):
                    decks.append(path)
        except zipfile.BadZipFile:
            continue
    return decks


DECKS = _corpus_decks()


def corpus_data(root: Any, more: bool) -> dict[str, Any] | None:
    """New data for a template chart: its own series names first, then new ones."""
    groups = plot_groups(root)
    kind = family(groups)
    if kind not in ("category", "scatter"):
        return None
    axes: dict[str, list[str]] = {"axis1": [], "axis2": []}
    for g in groups:
        axes["axis2" if g.secondary else "axis1"].extend(series_name(s) for s in g.series)
    data: dict[str, Any] = {"type": "chart" if kind == "category" else "scatter-chart"}
    n = 7 if more else 2
    if kind == "category":
        data["labels"] = [f"Category {i + 1}" for i in range(n)]
    for axis, names in axes.items():
        if not names and axis == "axis2":
            continue
        names = names[:1] if not more else [*names, "Added A", "Added B"]
        names = names or ["Added A"]
        series: dict[str, Any] = {}
        for k, name in enumerate(dict.fromkeys(names)):
            if kind == "category":
                series[name] = {"values": [float(k + i + 1) for i in range(n)]}
            else:
                series[name] = {
                    "name": name or f"Series {k + 1}",
                    "values": [[i + 1, (k + 1) * (i + 1)] for i in range(n)],
                }
        data[axis] = {"series": series}
    return data


@pytest.mark.parametrize("more", [True, False], ids=["more", "fewer"])
@pytest.mark.parametrize("deck", DECKS, ids=[d.name[:60] for d in DECKS])
def test_corpus_chart_takes_new_data(deck: Path, more: bool, tmp_path: Path) -> None:
    charts: dict[str, Any] = {}
    for name in chart_part_names(deck):
        data = corpus_data(read_chart(deck, name).root, more)
        if data is not None:
            charts[name] = data
    assert charts, "no fillable chart"
    out = tmp_path / "out.pptx"
    filled = fill_pptx(deck, out, charts)
    for name, part in filled.items():
        assert_structure(part.root)
        data = charts[name]
        expected = list(data["axis1"]["series"]) + list(data.get("axis2", {}).get("series", {}))
        got = output_series(part.root)
        assert len(got) <= len(expected)
        if data["type"] == "chart":
            for ser in got:
                assert cache(ser.find("c:cat", NS)) == data["labels"]
    assert_readable(out, deck, libreoffice=False)


@pytest.mark.slow
@pytest.mark.parametrize("deck", DECKS, ids=[d.name[:60] for d in DECKS])
def test_corpus_chart_opens_in_libreoffice(deck: Path, tmp_path: Path) -> None:
    from tests.readers import soffice

    if soffice() is None:
        pytest.skip("LibreOffice is not installed")
    charts = {
        n: d for n in chart_part_names(deck) if (d := corpus_data(read_chart(deck, n).root, True)) is not None
    }
    out = tmp_path / "out.pptx"
    fill_pptx(deck, out, charts)
    from pptx import Presentation

    assert_readable(out, deck, pages=len(Presentation(str(deck)).slides))

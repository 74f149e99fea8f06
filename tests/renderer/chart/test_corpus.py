"""Every chart of the corpus (tests/corpus/decks) takes new data (more and fewer categories and series).

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

from deckkit.ooxml.chart import family, plot_groups, series_name
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
            assert_series_on_named_axes(part.root, data)
    assert_readable(out, deck, libreoffice=False)


@pytest.mark.slow
@pytest.mark.parametrize("deck", DECKS, ids=[d.name[:60] for d in DECKS])
def test_corpus_chart_opens_in_libreoffice(deck: Path, tmp_path: Path) -> None:
    charts = {
        n: d for n in chart_part_names(deck) if (d := corpus_data(read_chart(deck, n).root, True)) is not None
    }
    out = tmp_path / "out.pptx"
    fill_pptx(deck, out, charts)
    from pptx import Presentation

    assert_readable(out, deck, pages=len(Presentation(str(deck)).slides))


# -- two value axes --------------------------------------------------------------------------------


def value_axis_of(root: Any, ser: Any) -> str:
    """'primary' or 'secondary': read from the axes, independently of the renderer.

    The group's value axis is the c:valAx among its c:axId; the primary one is the first c:valAx
    any group is drawn on, in the plot area's order (PowerPoint writes the primary pair first).
    """
    area = root.find(".//c:plotArea", NS)
    value_axes = [ax.find("c:axId", NS).get("val") for ax in area.findall("c:valAx", NS)]
    drawn = {a.get("val") for g in area if g.tag.endswith("Chart") for a in g.findall("c:axId", NS)}
    primary = next((v for v in value_axes if v in drawn), None)
    own = [a.get("val") for a in ser.getparent().findall("c:axId", NS) if a.get("val") in value_axes]
    return "primary" if not own or own[0] == primary else "secondary"


def assert_series_on_named_axes(root: Any, data: dict[str, Any]) -> None:
    names = {k: "primary" for k in data["axis1"]["series"]}
    names.update({k: "secondary" for k in data.get("axis2", {}).get("series", {})})
    for ser in output_series(root):
        name = ser.find("c:tx", NS).findtext(".//c:v", namespaces=NS)
        if name in names:
            assert value_axis_of(root, ser) == names[name], name


def _two_axis_charts() -> list[tuple[Path, str]]:
    """Corpus category charts drawn on one axis pair by one 2-D bar, line or area group."""
    found = []
    for deck in DECKS:
        for name in chart_part_names(deck):
            groups = plot_groups(read_chart(deck, name).root)
            if len(groups) != 1:
                continue
            g = groups[0]
            if (
                g.kind in ("barChart", "lineChart", "areaChart")
                and g.series
                and g.value_axis is not None
                and g.x_axis is not None
            ):
                found.append((deck, name))
    return found


def add_secondary_group(root: Any) -> None:
    """Give the chart a copy of its group on a secondary axis pair, as PowerPoint writes one.

    The copy comes first among the groups (same type: document order says nothing), the
    secondary pair after the primary pair among the axes: value axis at the right, then a deleted
    category axis.
    """
    import copy

    from lxml import etree

    area = root.find(".//c:plotArea", NS)
    group = plot_groups(root)[0]
    second = copy.deepcopy(group.element)
    taken = max((int(s.find("c:idx", NS).get("val")) for s in root.iterfind(".//c:ser", NS)), default=-1)
    for k, ser in enumerate(second.findall("c:ser", NS)):
        for el in ser.iterfind(".//c:f", NS):
            el.getparent().remove(el)  # the copy reads no cells: literal caches
        for v in ser.iterfind("c:tx//c:v", NS):
            v.text = f"{v.text} (right)"  # names unique in the chart, so the check can tell them apart
        for tag in ("idx", "order"):  # unique in the chart, as PowerPoint numbers them
            ser.find(f"c:{tag}", NS).set("val", str(taken + 1 + k))
    cat2, val2 = copy.deepcopy(group.x_axis), copy.deepcopy(group.value_axis)
    cat2.tag = f"{{{NS['c']}}}catAx" if cat2.tag.endswith("dateAx") else cat2.tag
    ids = {"cat": "77001", "val": "77002"}
    for ax, own, cross in ((cat2, ids["cat"], ids["val"]), (val2, ids["val"], ids["cat"])):
        ax.find("c:axId", NS).set("val", own)
        ax.find("c:crossAx", NS).set("val", cross)
    delete = cat2.find("c:delete", NS)
    if delete is not None:
        delete.set("val", "1")
    pos = val2.find("c:axPos", NS)
    if pos is not None:
        pos.set("val", "r")
    for ax_id, kind in zip(second.findall("c:axId", NS), ("cat", "val"), strict=False):
        ax_id.set("val", ids[kind])
    group.element.addprevious(second)
    last_axis = [ax for ax in area if etree.QName(ax).localname in ("catAx", "valAx", "dateAx", "serAx")][-1]
    last_axis.addnext(val2)
    val2.addnext(cat2)


def _secondary_template(deck: Path, name: str, out: Path) -> Path:
    from lxml import etree

    from tests.renderer.chart.kit import write_parts

    root = read_chart(deck, name).root
    add_secondary_group(root)
    write_parts(
        deck, out, {name: etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)}
    )
    return out


TWO_AXES = _two_axis_charts()


@pytest.mark.parametrize(("deck", "name"), TWO_AXES, ids=[f"{d.name[:50]}-{n[11:]}" for d, n in TWO_AXES])
def test_corpus_chart_on_two_value_axes_takes_data_on_both(deck: Path, name: str, tmp_path: Path) -> None:
    template = _secondary_template(deck, name, tmp_path / "t.pptx")
    root = read_chart(template, name).root
    groups = plot_groups(root)
    assert [g.secondary for g in groups] == [True, False]  # the copy comes first and is secondary
    primary = [series_name(s) for s in groups[1].series]
    secondary = [series_name(s) for s in groups[0].series]
    labels = ["One", "Two", "Three"]
    data = {
        "type": "chart",
        "labels": labels,
        "axis1": {"series": {primary[0] or "P": {"values": [1, 2, 3]}, "New primary": {"values": [4, 5, 6]}}},
        "axis2": {
            "series": {secondary[-1] or "S": {"values": [7, 8, 9]}, "New secondary": {"values": [1, 1, 2]}}
        },
    }
    filled = fill_pptx(template, tmp_path / "o.pptx", {name: data})[name]
    assert_structure(filled.root)
    assert len(output_series(filled.root)) == 4
    assert_series_on_named_axes(filled.root, data)
    assert_readable(tmp_path / "o.pptx", template, libreoffice=False)

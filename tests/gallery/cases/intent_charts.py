"""Issue 16, charts: new series get colours of their own; point and series styles mean what they say."""

from __future__ import annotations

from pathlib import Path

from tests.gallery.cases import GalleryInput
from tests.renderer.chart.intent_kit import accent_chart, chart_data, pie_chart


def case_new_series_beside_a_kept_one(workdir: Path) -> GalleryInput:
    """S2 stays red (accent2); the new N1 is green (accent3), not a second red."""
    template = accent_chart(workdir / "template.pptx")
    data = chart_data({"S2": [0.2, 0.35, 0.4], "N1": [0.3, 0.25, 0.45]})
    return template, [{"template": 1, "chart": data}], {}


def case_new_line_series_beside_a_kept_one(workdir: Path) -> GalleryInput:
    """On the line chart S2 is red and N1 green: two lines, two colours."""
    template = accent_chart(workdir / "template.pptx", "LINE_MARKERS")
    data = chart_data({"S2": [0.2, 0.35, 0.4], "N1": [0.3, 0.25, 0.45]})
    return template, [{"template": 1, "chart": data}], {}


def case_fourteen_series_never_repeat(workdir: Path) -> GalleryInput:
    """Fourteen bars per group, no two alike: six accents, then six darker accents, then two lighter ones."""
    template = accent_chart(workdir / "template.pptx")
    data = chart_data({f"N{i}": [i, i + 1, i + 2] for i in range(1, 15)})
    return template, [{"template": 1, "chart": data}], {}


def case_new_series_skips_point_highlight(workdir: Path) -> GalleryInput:
    """Only S2's middle bar is black (the designer's highlight); the new S3's bars are all one colour."""
    template = accent_chart(workdir / "template.pptx", black_point=(1, 1))
    data = chart_data({"S1": [0.3, 0.45, 0.25], "S2": [0.2, 0.35, 0.4], "S3": [0.25, 0.3, 0.35]})
    return template, [{"template": 1, "chart": data}], {}


def case_one_sided_point_styles(workdir: Path) -> GalleryInput:
    """S1's South bar is blue with a red border; its East bar is black with S1's white border; North is plain blue."""
    template = accent_chart(workdir / "template.pptx")
    styles = {"data_point_styles": [None, {"shape": {"outline": "#FF0000"}}, {"shape": {"fill": "#000000"}}]}
    data = chart_data({"S1": [0.3, 0.45, 0.25], "S2": [0.2, 0.35, 0.4]}, S1=styles)
    return template, [{"template": 1, "chart": data}], {}


def case_pie_series_outline_on_every_slice(workdir: Path) -> GalleryInput:
    """Every slice has a black border; North is red (its point style); South and East keep the designer's accent colours."""
    template = pie_chart(workdir / "template.pptx")
    styles = {
        "styles": {"shape": {"outline": "#000000"}},
        "data_point_styles": [{"shape": {"fill": "#FF0000"}}],
    }
    data = chart_data({"Share": [5, 3, 2]}, Share=styles)
    return template, [{"template": 1, "chart": data}], {}

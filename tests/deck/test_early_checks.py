"""Deck.add_slide checks the slide against the template at once, in Python's words."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import deckkit
from deckkit import Chart, Deck, Image, Table, examples
from deckkit.errors import DataError


def test_slide_number_out_of_range_is_caught_at_add_slide() -> None:
    deck = Deck(examples.template())
    expected = r"slides\[0\].template: template slide 9 does not exist; template.pptx has slides 1 to 5"
    with pytest.raises(DataError, match=expected):
        deck.add_slide(9, title="x")
    assert len(deck) == 0


def test_every_wrong_kind_is_reported_at_once_with_what_to_pass() -> None:
    deck = Deck(examples.template())
    with pytest.raises(DataError) as caught:
        deck.add_slide(5, heading="x", plot="chart.png")
    assert caught.value.messages == [
        "slides[0].plot: `plot` is a picture on template slide 5: pass `Image.from_path('chart.png')` or a "
        "matplotlib figure, not a string"
    ]
    with pytest.raises(DataError) as caught:
        deck.add_slide(3, revenue=Table(rows=[["a"]]), heading=Table(rows=[["b"]]))
    assert [p.path for p in caught.value.problems] == ["slides[0].revenue", "slides[0].heading"]
    assert "pass `Chart.from_dataframe(df)`" in caught.value.messages[0]
    assert "`heading` is text on template slide 3: pass a string" in caught.value.messages[1]


def test_accepted_values_and_delete_pass() -> None:
    deck = Deck(examples.template())
    chart = Chart(labels=["a"], axis1={"series": {"s": {"values": [1]}}})
    deck.add_slide(3, heading=deckkit.List(values=["a", "b"]), revenue=chart, highlights="x")
    deck.add_slide(5, plot=deckkit.Delete(), heading="x")
    assert len(deck) == 2


def test_an_unknown_key_warns_with_the_nearest_key() -> None:
    deck = Deck(examples.template())
    with pytest.warns(deckkit.UnusedKeyWarning, match=r"no key `captoin`; did you mean `caption`\?"):
        deck.add_slide(2, captoin="x")


def test_a_python_pptx_presentation_is_a_template(tmp_path: Path) -> None:
    from pptx import Presentation

    prs = Presentation(str(examples.template()))
    prs.slides[0].shapes.title.text_frame.text = "{headline}"  # the last mile, edited in python-pptx
    deck = Deck(prs)
    deck.add_slide(1, headline="Made with python-pptx", subtitle="x")
    result = deck.render()
    from tests.readers import assert_readable

    out = tmp_path / "out.pptx"
    out.write_bytes(result.pptx)
    assert_readable(out, examples.template(), pages=1, libreoffice=False)
    back = result.presentation()
    assert back.slides[0].shapes.title.text_frame.text == "Made with python-pptx"
    assert isinstance(back, type(prs))
    _ = io, Image


def _zip_with(slides: list[dict[str, object]]) -> bytes:
    import json
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("template.pptx", examples.template_bytes())
        z.writestr("data.json", json.dumps({"slides": slides}))
    return buffer.getvalue()


BAD_SLIDES: list[dict[str, object]] = [
    {"template": 9, "title": "x"},
    {
        "template": 2,
        "heading": "x",
        "caption": "y",
        "trend": {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"values": [1]}}}},
    },
]


def test_validate_runs_the_whole_plan_and_writes_nothing(tmp_path: object) -> None:
    deck = Deck.from_zip(_zip_with(BAD_SLIDES))  # from a zip: not checked slide by slide
    report = deck.validate()
    assert not report.ok
    assert [p.path for p in report.problems] == ["slides[0].template", "slides[1].trend"]
    assert "does not exist" in report.problems[0].message
    good = Deck(examples.template())
    good.add_slide(1, title="x")
    report = good.validate()
    assert report.ok
    assert [p.path for p in report.warnings] == ["slides[0].subtitle"]  # {subtitle} unfilled
    assert "valid, 1 slide" in str(report)


def test_cli_validate_checks_the_zip_against_its_template(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    from deckkit.cli import main

    path = Path(str(tmp_path)) / "in.zip"
    path.write_bytes(_zip_with(BAD_SLIDES))
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"{path}: 2 problems"
    assert err[1].startswith("  slides[0].template: template slide 9 does not exist")
    assert err[2].startswith('  slides[1].trend: no chart with alt text "trend" on template slide 2')

"""Loud by default: deckkit warnings are Python warnings at the user's own line; strict makes them errors."""

from __future__ import annotations

import inspect
import warnings

import pandas as pd
import pytest

import deckkit
from deckkit import Deck, examples
from deckkit.errors import DataError, RenderError
from deckkit.frames import list_from_values, scatter_from_dataframe

pytestmark = pytest.mark.usefixtures("wireframes")


def _two_lines_below() -> int:
    """The caller's line + 2: the warned call sits under a `with pytest.warns(...)` line."""
    frame = inspect.currentframe()
    assert frame is not None
    assert frame.f_back is not None
    return frame.f_back.f_lineno + 2


def test_render_warnings_name_the_users_file_and_line() -> None:
    deck = Deck(examples.template())
    line = _two_lines_below()
    with pytest.warns(deckkit.UnusedKeyWarning, match="did you mean `title`") as early:
        deck.add_slide(1, title="Q3", titel="typo")  # checked against the template at once
    assert (early[0].filename, early[0].lineno) == (__file__, line)
    line = _two_lines_below()
    with pytest.warns(deckkit.RenderWarning) as caught:
        result = deck.render()
    kinds = {type(w.message) for w in caught}
    assert kinds == {deckkit.UnusedKeyWarning, deckkit.UnfilledPlaceholderWarning}
    for record in caught:
        assert record.filename == __file__
        assert record.lineno == line
    typo = next(w.message for w in caught if isinstance(w.message, deckkit.UnusedKeyWarning))
    assert isinstance(typo, deckkit.DeckkitWarning)
    assert typo.problem is not None
    assert typo.problem.path == "slides[0].titel"
    assert len(result.warnings) == 2


def test_many_render_warnings_are_summed_up() -> None:
    deck = Deck(examples.template())
    for _ in range(15):
        deck.add_slide(1, title="Q3")  # {subtitle} unfilled on each
    with pytest.warns(deckkit.RenderWarning) as caught:
        deck.render()
    assert len(caught) == 11
    assert "and 5 more render warnings" in str(caught[-1].message)


def test_dropped_rows_warning_names_the_users_line() -> None:
    line = _two_lines_below()
    with pytest.warns(deckkit.DroppedRowsWarning, match="dropped 1 missing list items") as caught:
        list_from_values(["a", None, "b"])
    assert (caught[0].filename, caught[0].lineno) == (__file__, line)
    frame = pd.DataFrame({"x": [1.0, None], "y": [2.0, 3.0]})
    line = _two_lines_below()
    with pytest.warns(deckkit.DroppedRowsWarning) as caught:
        deckkit.Scatter.from_dataframe(frame, x="x", y="y")  # through the model's classmethod
    assert (caught[0].filename, caught[0].lineno) == (__file__, line)
    assert issubclass(deckkit.DroppedRowsWarning, deckkit.DeckkitWarning)
    _ = scatter_from_dataframe


def test_strict_makes_warnings_errors(strict: None) -> None:
    deck = Deck(examples.template())
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing may be merely warned
        with pytest.raises(RenderError, match=r"slides\[0\].titel: template slide 1 has no key `titel`"):
            deck.add_slide(1, title="Q3", titel="typo")
        deck.add_slide(1, title="Q3")  # {subtitle} left unfilled: a warning, so an error at render
        with pytest.raises(RenderError, match=r"\{subtitle\} on template slide 1 is not filled"):
            deck.render()
        with pytest.raises(DataError, match=r"dropped 1 missing list items.*deckkit.options.strict"):
            list_from_values(["a", None])


def test_options_check_what_is_set() -> None:
    with pytest.raises(TypeError, match="True or False"):
        deckkit.options.strict = "yes"  # type: ignore[assignment]
    with pytest.raises(ValueError, match="auto, libreoffice, wireframe"):
        deckkit.options.previews = "pdf"  # type: ignore[assignment]
    with pytest.raises(AttributeError):
        deckkit.options.strikt = True  # type: ignore[attr-defined]


def test_a_chart_or_table_left_with_sample_data_is_a_warning_or_in_strict_an_error() -> None:
    deck = Deck(examples.template())
    deck.add_slide(3, heading="x", highlights="y")  # the chart "revenue" gets no data
    left = "chart `revenue` on template slide 3 gets no data"
    line = _two_lines_below()
    with pytest.warns(deckkit.DummyDataWarning, match=left) as caught:
        result = deck.render()
    assert (caught[0].filename, caught[0].lineno) == (__file__, line)
    assert "revenue=deckkit.Delete()" in str(caught[0].message)
    assert any("sample values" in w.message for w in result.warnings)
    deck.add_slide(2, heading="x", caption="y", sales=deckkit.Delete())  # deleted: no warning for it
    deckkit.options.strict = True
    try:
        with pytest.raises(RenderError, match="chart `revenue`"):
            deck.render()
    finally:
        deckkit.options.strict = False

"""A notebook user writes one expression per slide: the Deck takes frames, Series and figures as they are."""

from __future__ import annotations

import matplotlib.pyplot as plt

from deckkit import Deck
from tests.frames.conftest import MakeFrame
from tests.frames.templates import frames_template


def test_deck_accepts_frames_series_and_figures(make: MakeFrame) -> None:
    df = make({"region": ["North"], "units": [5]})
    fig, ax = plt.subplots()
    ax.plot([1, 2])
    deck = Deck(frames_template())
    slide = deck.add_slide(1, sales=df, agenda=df["region"], picture=fig)
    assert slide.values["sales"].type == "table"  # type: ignore[union-attr]
    assert slide.values["agenda"].type == "list"  # type: ignore[union-attr]
    picture = slide.values["picture"]
    assert picture.type == "image"  # type: ignore[union-attr]
    assert list(deck.media) == [picture.src]  # type: ignore[union-attr]

"""The kinds of place a key can name on a template slide, and what each accepts: the one registry.

A key lives in text (``{title}`` in a text box) or names a frame by its alt text (a table, a
chart, a picture, a video, or another graphic or shape). Template inspection lists the places of
a template with their kind, the JSON Schema of a template allows what each place accepts,
``Deck.add_slide`` and the renderer word their messages from here, and a renderer filler names
the kinds of place it fills when it registers (``register_filler(Table, places=("table",))``),
checked against ``accepts`` when it loads. Nothing else lists the kinds.

This module imports nothing of deckkit's, so that every layer can read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

__all__ = ["PLACE_KINDS", "PlaceKind", "PlaceKindName", "place_kind"]

PlaceKindName = Literal["text", "table", "chart", "scatter-chart", "picture", "video", "graphic", "shape"]


@dataclass(frozen=True)
class PlaceKind:
    """One kind of place: how messages name it and what data.json may give it."""

    name: PlaceKindName
    noun: str
    """The place in a sentence: "a table"."""
    accepts: tuple[str, ...]
    """The data.json kinds a key of this place may take ("string", "table", "delete", ...)."""
    give: str = ""
    """What data.json gives it, for an error message that says what to do ('' when nothing does)."""
    python: str = ""
    """What Python passes for it, for ``Deck.add_slide``'s checks."""
    sample_values: bool = False
    """The template's sample values stay in it when no key fills it (a warning: dummy data)."""
    listed: bool = True
    """Inspection lists places of this kind. The alt text of a plain shape or a graphic is most
    often a description for screen readers: it is taken for a key only when the data names it."""
    colour: str = "#bbb"
    """Its colour in wireframe previews."""


PLACE_KINDS: Final[dict[str, PlaceKind]] = {
    kind.name: kind
    for kind in (
        PlaceKind(
            "text",
            "text",
            ("string", "text", "list", "image", "video", "delete"),
            python="a string, a List (List.from_values([...])) or an Image",
            colour="#1f77b4",
        ),
        PlaceKind(
            "table",
            "a table",
            ("table", "delete"),
            give=' (give it {"type": "table", "rows": [...]})',
            python="`Table.from_dataframe(df)` or `Table(rows=[[...], ...])`",
            sample_values=True,
            colour="#2ca02c",
        ),
        PlaceKind(
            "chart",
            "a chart",
            ("chart", "delete"),
            give=' (give it {"type": "chart", ...} or {"type": "scatter-chart", ...})',
            python="`Chart.from_dataframe(df)` (one row per label, one column per series)",
            sample_values=True,
            colour="#ff7f0e",
        ),
        PlaceKind(
            "scatter-chart",
            "a scatter chart",
            ("scatter-chart", "delete"),
            give=' (give it {"type": "scatter-chart", ...})',
            python="`Scatter.from_dataframe(df, x=..., y=...)`",
            sample_values=True,
            colour="#ff7f0e",
        ),
        PlaceKind(
            "picture",
            "a picture",
            ("image", "video", "delete"),
            give=' (give it {"type": "image", "src": ...})',
            python="`Image.from_path('chart.png')` or a matplotlib figure",
            colour="#9467bd",
        ),
        PlaceKind(
            "video",
            "a video",
            ("image", "video", "delete"),
            give=' (give it {"type": "video", "src": ...})',
            python="`Video.from_path('clip.mp4')` or `Image.from_path('still.png')`",
            colour="#9467bd",
        ),
        PlaceKind("graphic", "a graphic (SmartArt, object or connector)", ("delete",), listed=False),
        PlaceKind("shape", "a shape", ("image", "video", "delete"), listed=False),
    )
}


def place_kind(name: str) -> PlaceKind:
    """The registered kind ``name`` (a KeyError names the kinds there are)."""
    try:
        return PLACE_KINDS[name]
    except KeyError:
        raise KeyError(f"no place kind {name!r}; the kinds are {', '.join(PLACE_KINDS)}") from None

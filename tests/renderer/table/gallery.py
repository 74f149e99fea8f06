"""A deck of filled tables, one scenario a slide, for LibreOffice and for looking at."""

from __future__ import annotations

from pathlib import Path

from deckkit.model.elements import Table
from deckkit.renderer.table.filler import check_table, fill_table
from tests.renderer.table.pptx_tables import EMU_PER_INCH, EditedDeck, TableSpec, build_template, grid_data

GROUP = (914_400, 914_400, 6_000_000, 3_000_000, 914_400, 914_400, 6_000_000, 3_000_000)


def _bars() -> list[list[object]]:
    rows: list[list[object]] = [["Region", "Share", "Note", "Trend", "Total"]]
    for i, ratio in enumerate([0.0, 0.25, 0.5, 0.75, 1.0] * 2 + [0.5, 0.5]):
        rows.append(
            [
                f"Region {i}",
                {"value": f"{ratio:.0%}", "databar": {"ratio": ratio, "color": "accent2"}},
                f"line one\nline {i}",
                "=",
                str(i * 10),
            ]
        )
    rows[3][2] = {
        "value": "styled",
        "styles": {
            "font": {"bold": True, "color": "#C00000", "size": 9},
            "shape": {"fill": "#FFF2CC", "outline": "#C00000", "align": "center", "vertical_align": "center"},
        },
    }
    rows[4][4] = {
        "value": "no fill",
        "styles": {"shape": {"fill": ""}},
        "databar": {"ratio": 0.5, "color": "#2E75B6"},
    }
    return rows


def _style_bars() -> list[list[object]]:
    # Cells filled by the table style (Medium Style 2 - Accent 1, header row, banded rows).
    rows: list[list[object]] = [["Item", "Share", "Value"]]
    for i, ratio in enumerate([0.1, 0.3, 0.5, 0.7, 0.9, 1.0]):
        rows.append(
            [f"Item {i}", {"value": f"{ratio:.0%}", "databar": {"ratio": ratio, "color": "accent2"}}, str(i)]
        )
    return rows


SCENARIOS: list[tuple[TableSpec, dict[str, object]]] = [
    (TableSpec(3, 4, merges=[(0, 0, 1, 2)], col_widths=[1_400_000] * 4), {"rows": _bars()}),
    (TableSpec(1, 1, cell_fills=False), {"rows": grid_data(12, 8), "horizontal_sizing": "anchor_left"}),
    (
        TableSpec(4, 4, merges=[(0, 0, 1, 2), (1, 0, 2, 2), (1, 3, 2, 1), (3, 1, 1, 3)]),
        {"rows": grid_data(7, 6)},
    ),
    (
        TableSpec(4, 4, merges=[(0, 0, 1, 2), (1, 0, 2, 2), (1, 3, 2, 1), (3, 1, 1, 3)]),
        {"rows": grid_data(4, 3)},
    ),
    (
        TableSpec(3, 3, x=5 * EMU_PER_INCH, y=4 * EMU_PER_INCH),
        {"rows": grid_data(5, 4), "horizontal_sizing": "anchor_right", "vertical_sizing": "anchor_bottom"},
    ),
    (
        TableSpec(3, 3, x=5 * EMU_PER_INCH, y=2 * EMU_PER_INCH, group=GROUP),
        {"rows": grid_data(5, 5), "horizontal_sizing": "anchor_right", "vertical_sizing": "anchor_bottom"},
    ),
    (TableSpec(5, 5), {"rows": grid_data(2, 2), "horizontal_sizing": "fixed", "vertical_sizing": "fixed"}),
    (TableSpec(3, 3, cell_fills=False), {"rows": _style_bars()}),
]


def build_gallery(out_dir: Path) -> tuple[Path, Path]:
    """Template and filled deck of every scenario (one slide each)."""
    template = build_template(out_dir / "gallery-template.pptx", [spec for spec, _ in SCENARIOS])
    deck = EditedDeck(template)
    for number, (spec, data) in enumerate(SCENARIOS, start=1):
        frame = deck.frame(number, spec.name)
        table = Table.model_validate({"type": "table", **data})
        assert check_table(frame, table, f"slides[{number - 1}].tbl") == []
        fill_table(frame, table, deck.sink(number))
    return template, deck.save(out_dir / "gallery.pptx")

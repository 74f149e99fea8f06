"""The switch turns every stencil off: nothing is prepared, and the deck is the same part for part."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest

import deckkit
from deckkit.renderer import render
from deckkit.renderer.chart import plancache
from deckkit.renderer.chart.workbook import prepared
from deckkit.renderer.stencil import switch
from deckkit.renderer.table import prototype

SLIDES: list[dict[str, Any]] = [
    {"template": 2, "heading": "Sales", "sales": {"type": "table", "rows": [["North", "1"], ["South", "2"]]}},
    {
        "template": 3,
        "heading": "Revenue",
        "revenue": {
            "type": "chart",
            "labels": ["Q1", "Q2"],
            "axis1": {"series": {"Revenue": {"values": [1, 2]}}},
        },
    },
] * 2  # copies of each template slide: what stencils are for


def _memos() -> list[int]:
    return [len(plancache._plans), len(prototype._stencils), len(prepared._MEMO)]


def _parts(pptx: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        return {name: z.read(name) for name in z.namelist()}


def _rendered(monkeypatch: pytest.MonkeyPatch, on: bool) -> tuple[dict[str, bytes], list[int]]:
    plancache.clear_plans()
    prototype._stencils.clear()
    prepared._MEMO.clear()
    monkeypatch.setattr(switch.state, "on", on)
    return _parts(render(deckkit.examples.template(), SLIDES).pptx), _memos()


def test_with_the_stencils_off_nothing_is_prepared_and_the_deck_is_the_same(monkeypatch: pytest.MonkeyPatch):
    on, made = _rendered(monkeypatch, True)
    off, none = _rendered(monkeypatch, False)
    assert all(made), made  # the table, the chart's plan and its workbook edit were prepared
    assert none == [0, 0, 0]
    assert off == on

"""One registry of place kinds (deckkit.places): the fillers' registrations hold against it."""

from __future__ import annotations

import pytest

from deckkit.model import element_kind
from deckkit.places import PLACE_KINDS, place_kind
from deckkit.renderer import planning  # noqa: F401  (loads every built-in filler)
from deckkit.renderer.filler import FILLED_PLACES, register_filler


def test_every_kind_a_place_accepts_has_a_filler_that_fills_that_place() -> None:
    declared = {
        (place, element_kind(t.model_construct())) for t, places in FILLED_PLACES.items() for place in places
    }
    for kind in PLACE_KINDS.values():
        for data_kind in kind.accepts:
            filled_as = "text" if data_kind == "string" else data_kind  # a string is filled as a Text
            assert (kind.name, filled_as) in declared, f"{kind.name} accepts {data_kind}: no filler says so"


def test_every_filler_declaration_is_something_the_registry_accepts() -> None:
    for element_type, places in FILLED_PLACES.items():
        kind = element_kind(element_type.model_construct())
        assert any(kind in place_kind(p).accepts for p in places), element_type


def test_a_filler_that_claims_a_place_the_registry_does_not_give_it_fails_to_load() -> None:
    from deckkit.model import Table

    with pytest.raises(AssertionError, match="Table goes to none of"):
        register_filler(Table, places=("picture",))


def test_an_unknown_kind_names_the_kinds_there_are() -> None:
    with pytest.raises(KeyError, match="no place kind 'diagram'; the kinds are text, table"):
        place_kind("diagram")


def test_inspection_lists_only_registered_kinds_that_are_listed() -> None:
    from deckkit import examples

    kinds = {p.kind for s in examples.template_info().slides for p in s.placeholders}
    assert kinds <= {k.name for k in PLACE_KINDS.values() if k.listed}
    assert {"text", "table", "chart", "picture"} <= kinds

"""Links between slides, from every depth (shapes, SmartArt data and drawing, notes, chart shapes,
a layout), land on the first copy of their target or are removed with a warning; the output
never holds a slide its slide list does not name (issue 31)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckkit.cli import main
from deckkit.errors import RenderError
from deckkit.renderer import plan_render, render
from tests.package_graph import package_graph
from tests.readers import convert_all_to_pdf, pdf_page_count, soffice
from tests.renderer.core_kit import RenderedPptx
from tests.renderer.slide_links.decks import MENU, RT_SLIDE, Jump, dangling_relationship_ids, jumps, menu_deck

_SMARTART = {"data", "drawing"}


@pytest.fixture
def menu(save_template) -> Path:
    return save_template(menu_deck())


def _data(order: list[int]) -> list[dict[str, object]]:
    return [{"template": n, **({"title": "Menu"} if n == 1 else {"heading": f"Slide {n}"})} for n in order]


def _checked(check_render, pptx: bytes, template: Path, pages: int) -> RenderedPptx:
    """The readers (and the package graph, through them; LibreOffice in one start for all, see
    the last test), then the slide parts counted against the slide list and every r:id resolved."""
    deck = check_render(pptx, template, pages=pages)
    graph = package_graph(pptx)
    assert len(graph.slide_parts) == len(graph.listed_slides) == pages
    assert graph.unreachable == []
    assert dangling_relationship_ids(pptx) == []
    return deck


def _smartart(deck: RenderedPptx, index: int) -> dict[tuple[str, str], int | None]:
    return {(j.part, j.label): j.target for j in jumps(deck, index) if j.part in _SMARTART}


def _others(deck: RenderedPptx, index: int) -> list[Jump]:
    return sorted(j for j in jumps(deck, index) if j.part not in _SMARTART and j.part != "layout")


def test_the_identity_render_keeps_every_link_on_the_copies(menu: Path, check_render) -> None:
    result = render(menu, _data([1, 2, 3, 4, 5, 6]))
    assert result.warnings == []
    deck = _checked(check_render, result.pptx, menu, 6)
    expected = {(part, text): i + 1 for i, text in enumerate(MENU) for part in _SMARTART}
    assert _smartart(deck, 0) == expected
    assert sorted(j.label for j in jumps(deck, 0) if j.part == "data") == sorted([*MENU, "Team"]), (
        "Team's node carries a link of its own (dgm14:cNvPr)"
    )
    for index in range(1, 6):
        back = [Jump("notes", "Notes Placeholder 2", 0), Jump("slide", "Back", 0)]
        chart = [Jump("chart shapes", "Plans note", 4)] if index == 3 else []
        assert _others(deck, index) == sorted(back + chart)


def test_links_to_slides_left_out_are_removed_with_a_warning(menu: Path, check_render) -> None:
    order = [1, 2, 4]  # leaves out Sales (3), Plans (5) and Team (6)
    result = render(menu, _data(order))
    deck = _checked(check_render, result.pptx, menu, 3)
    assert _smartart(deck, 0) == {
        ("data", "Intro"): 1,
        ("drawing", "Intro"): 1,
        ("data", "Costs"): 2,
        ("drawing", "Costs"): 2,
    }
    texts = [j.label for j in jumps(deck, 0)]
    assert "Sales" not in texts
    for stem in ("data", "drawing"):
        name = next(n for n in deck.names if n.startswith(f"ppt/diagrams/{stem}"))
        assert deck.xpath(name, "//a:t/text()") == list(MENU), "the nodes keep their text"
    assert _others(deck, 2) == [Jump("notes", "Notes Placeholder 2", 0), Jump("slide", "Back", 0)], (
        "the chart's note lost its link to the absent slide 5"
    )
    assert deck.xpath(next(n for n in deck.names if n.startswith("ppt/drawings/")), "//a:t/text()") == [
        "See the plans"
    ]

    def node(text: str, number: int) -> str:
        return (
            f'slides[0]: the link on SmartArt "Menu", node "{text}", jumps to template slide {number}, which is '
            f"not in the output; the link is removed, its text and shape stay (add template slide {number} to "
            "the deck to keep it)"
        )

    assert [str(w) for w in result.warnings] == [
        node("Sales", 3),
        node("Plans", 5),
        node("Team", 6),
        'slides[2]: the link on chart "Chart 3", shape "Plans note", jumps to template slide 5, which is not in '
        "the output; the link is removed, its text and shape stay (add template slide 5 to the deck to keep it)",
    ]
    assert {w.kind for w in result.warnings} == {"dropped link"}
    assert plan_render(menu, _data(order)).warnings == result.warnings, "a dry run warns the same"
    with pytest.raises(RenderError, match=r'node "Sales", jumps to template slide 3'):
        render(menu, _data(order), strict=True)


def test_a_slide_used_twice_is_the_target_of_every_link_as_its_first_copy(menu: Path, check_render) -> None:
    order = [2, 1, 3, 1, 2, 6, 4, 5]  # slide 1 at 1 and 3, slide 2 at 0 and 4
    result = render(menu, _data(order))
    assert result.warnings == []
    deck = _checked(check_render, result.pptx, menu, len(order))
    first = {n: order.index(n) for n in order}
    expected = {(part, text): first[i + 2] for i, text in enumerate(MENU) for part in _SMARTART}
    assert _smartart(deck, 1) == _smartart(deck, 3) == expected
    for index, number in enumerate(order):
        if number != 1:
            assert {j.target for j in _others(deck, index) if j.part != "chart shapes"} == {1}
    assert [j for j in _others(deck, 6) if j.part == "chart shapes"] == [
        Jump("chart shapes", "Plans note", 7)
    ]
    graph = package_graph(result.pptx)
    assert len(set(graph.listed_slides)) == len(order)


def test_a_link_on_a_layout_lands_on_the_first_copy_or_goes(save_template, check_render) -> None:
    template = save_template(menu_deck(home_on_layout=True), "layout.pptx")
    result = render(template, _data([2, 1, 1, 3, 4, 5, 6]))
    assert result.warnings == []
    deck = _checked(check_render, result.pptx, template, 7)
    assert [j for j in jumps(deck, 0) if j.part == "layout"] == [Jump("layout", "Home", 1)]

    result = render(template, _data([2, 3]))
    deck = _checked(check_render, result.pptx, template, 2)
    assert [j for j in jumps(deck, 0) if j.part == "layout"] == []
    assert [(w.path, w.message) for w in result.warnings if "layout" in w.message] == [
        (
            "",
            'the link on shape "Home" in slide layout "Blank" jumps to template slide 1, which is not in the '
            "output; the link is removed, its text and shape stay (add template slide 1 to the deck to keep it)",
        )
    ]
    assert len(result.warnings) == 5, "and each slide's Back and notes links, which jumped to slide 1"


def test_links_in_the_notes_and_on_shapes_name_their_shape(menu: Path, check_render) -> None:
    result = render(menu, _data([2]))
    _checked(check_render, result.pptx, menu, 1)
    tail = (
        "jumps to template slide 1, which is not in the output; the link is removed, its text and shape stay"
    )
    assert [str(w) for w in result.warnings] == [
        f'slides[0]: the link on shape "Back" {tail} (add template slide 1 to the deck to keep it)',
        f'slides[0]: the link in the speaker notes, on shape "Notes Placeholder 2", {tail} '
        "(add template slide 1 to the deck to keep it)",
    ]


def test_a_relationship_no_element_uses_goes_without_a_warning(save_template, check_render) -> None:
    prs = menu_deck()
    prs.slides[1].part.relate_to(prs.slides[2].part, RT_SLIDE)  # named by no element
    template = save_template(prs, "unused.pptx")
    result = render(template, _data([2, 1]))
    deck = _checked(check_render, result.pptx, template, 2)
    assert [w.path for w in result.warnings] == ["slides[1]"] * 4, "only the menu's nodes"
    kinds = sorted(kind for kind, _, _ in deck.rels(deck.slide_names()[0]).values())
    assert kinds == ["notesSlide", "slide", "slideLayout"], "Back's link stays, the unused one goes"


def test_the_cli_prints_the_dropped_links(menu: Path, tmp_path: Path, capsys) -> None:
    data = tmp_path / "data.json"
    data.write_text(json.dumps({"slides": _data([1, 2])}))
    assert main(["render", str(menu), str(data), "-o", str(tmp_path / "out.pptx")]) == 0
    err = capsys.readouterr().err
    assert 'warning: slides[0]: the link on SmartArt "Menu", node "Sales", jumps to template slide 3' in err


@pytest.mark.slow
def test_libreoffice_opens_every_render(menu: Path, tmp_path: Path) -> None:
    """LibreOffice aborted on a deck whose SmartArt reached unlisted template slides."""
    if soffice() is None:
        pytest.skip("LibreOffice is not installed")
    orders = {"identity": [1, 2, 3, 4, 5, 6], "left-out": [1, 2, 4], "twice": [2, 1, 3, 1, 2, 6, 4, 5]}
    paths = []
    for name, order in orders.items():
        paths.append(tmp_path / f"{name}.pptx")
        paths[-1].write_bytes(render(menu, _data(order)).pptx)
    pdfs = convert_all_to_pdf(paths, tmp_path)
    assert [pdf_page_count(pdf) for pdf in pdfs] == [len(order) for order in orders.values()]

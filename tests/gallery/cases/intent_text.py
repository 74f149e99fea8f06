"""Issue 16, text and lists: what the designer wrote around a key, and on its run, survives."""

from __future__ import annotations

from pathlib import Path

from tests.gallery.cases import GalleryInput
from tests.renderer.fill.intent_kit import coloured_link_list, designer_list, linked_sentence, two_keys


def case_list_keeps_heading_and_footer(workdir: Path) -> GalleryInput:
    """Bold "Key points:" on top and italic "Source: internal data" at the bottom stay; items have ● at 24 pt, "Detail" a – at level 1."""
    template = designer_list(workdir / "template.pptx")
    items = ["Revenue grew in every region", {"value": "Detail: North led", "level": 1}, "Costs stayed flat"]
    return template, [{"template": 1, "kp": {"type": "list", "values": items}}], {}


def case_link_on_template_run_carries_onto_value(workdir: Path) -> GalleryInput:
    """All of "Visit example.com now" is one link: "example.com" is underlined in the link colour like the words around it."""
    template = linked_sentence(workdir / "template.pptx")
    return template, [{"template": 1, "site": "example.com"}], {}


def case_values_are_data(workdir: Path) -> GalleryInput:
    """The line reads "{b} | X": the braces inserted by {a} are shown as written, not filled with X."""
    template = two_keys(workdir / "template.pptx")
    return template, [{"template": 1, "a": "{b}", "b": "X"}], {}


def case_vertical_tab_is_a_line_break(workdir: Path) -> GalleryInput:
    """Two lines: "Revenue", then "up 5%" below it (a vertical tab, PowerPoint's soft break)."""
    template = two_keys(workdir / "template.pptx", "{a}")
    return template, [{"template": 1, "a": "Revenue\u000bup 5%"}], {}


def case_coloured_links_keep_their_colour(workdir: Path) -> GalleryInput:
    """The link "Annual report" is orange; "Method" and "Appendix" are dark green links (the prototype's colour), not theme blue."""
    template = coloured_link_list(workdir / "template.pptx")
    link = {
        "value": "Annual report",
        "hyperlink": "https://example.com/report",
        "styles": {"font": {"color": "#E36C0A"}},
    }
    refs = {"type": "list", "values": ["Method", "Appendix"]}
    return template, [{"template": 1, "link": link, "refs": refs}], {}

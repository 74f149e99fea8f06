"""Links between slides: a SmartArt menu whose nodes jump to slides the deck leaves out."""

from __future__ import annotations

from pathlib import Path

from tests.gallery.cases import GalleryInput
from tests.renderer.slide_links.decks import menu_deck


def case_smartart_links_to_slides_left_out(workdir: Path) -> GalleryInput:
    """Five blue blocks; only "Intro" is an underlined link, "Sales" to "Team" are plain white text; page 2 reads "Slide 2"."""
    path = workdir / "template.pptx"
    menu_deck().save(str(path))
    return path, [{"template": 1, "title": "Menu"}, {"template": 2, "heading": "Slide 2"}], {}

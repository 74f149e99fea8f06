"""Several templates in one deck: slides of an appendix template keep its master, theme and table styles."""

from __future__ import annotations

from pathlib import Path

from tests.gallery.cases import GalleryInput
from tests.renderer.several_templates_kit import appendix_template, base_template, with_styled_table


def case_slides_of_another_template_keep_its_look(workdir: Path) -> GalleryInput:
    """Pages 1 and 4 white with black titles, an orange logo top left and a blue bar; pages 2 and 3 navy with white titles (appendix.pptx's master), page 2's bar orange (its theme's accent 1), page 3 the same orange logo."""
    path = workdir / "template.pptx"
    path.write_bytes(base_template(logo=True))
    slides = [
        {"template": 1, "title": "Quarterly review", "subtitle": "Q3 2026"},
        {"template": "templates/appendix.pptx#1", "heading": "Appendix A", "points": "Method and sources"},
        {"template": "templates/appendix.pptx#2", "caption": "The same logo, stored once"},
        {"template": 1, "title": "Thank you", "subtitle": "Questions?"},
    ]
    return path, slides, {"templates/appendix.pptx": appendix_template()}


def case_another_template_s_table_keeps_its_custom_style(workdir: Path) -> GalleryInput:
    """Page 1 white with a blue bar (the base, which defines no table style); page 2 navy with a 4 x 3 table in appendix.pptx's own style: a red header row in bold white, odd body rows (North, East) amber, even ones (South) pale cream, dark text. Without the style copied into the deck the table has none of these fills."""
    path = workdir / "template.pptx"
    path.write_bytes(base_template())
    slides = [
        {"template": 1, "title": "Quarterly review", "subtitle": "Q3 2026"},
        {"template": "templates/appendix.pptx#3", "label": "Sales by region"},
    ]
    return path, slides, {"templates/appendix.pptx": with_styled_table(appendix_template())}

"""Several templates in one deck: slides of an appendix template keep its master and theme."""

from __future__ import annotations

from pathlib import Path

from tests.gallery.cases import GalleryInput
from tests.renderer.several_templates_kit import appendix_template, base_template


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

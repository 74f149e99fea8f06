"""ValidationReport: "valid" or "does not render", with every problem and warning listed."""

from __future__ import annotations

from deckkit.display.html import box, esc, problems_html
from deckkit.display_hook import HTML
from deckkit.template.validate import ValidationReport

__all__ = ["validation_html"]


@HTML.register("deckkit.template.validate.ValidationReport")
def validation_html(report: ValidationReport) -> str:
    head = "valid" if report.ok else "does not render"
    body = problems_html(report.problems, heading="problems", color="#a94442") + problems_html(
        report.warnings
    )
    return box(f"{esc(report.what)}: {head}, {report.slide_count} slides", body)

"""ValidationReport: "valid" or "does not render", with every problem and warning listed."""

from __future__ import annotations

from deckkit.display.html import box, esc, problems_html
from deckkit.display_hook import HTML
from deckkit.template.validate import ValidationReport

__all__ = ["validation_html"]


@HTML.register("deckkit.template.validate.ValidationReport")
def validation_html(report: ValidationReport) -> str:
    # The same headline as str(report) and ``deckkit validate``: never "valid" alone while warnings stand.
    head = report.headline() if report.ok else f"does not render, {report.headline()}"
    body = problems_html(report.problems, heading="problems", color="#a94442") + problems_html(
        report.warnings
    )
    return box(f"{esc(report.what)}: {esc(head)}", body)

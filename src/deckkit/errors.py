"""deckkit's one exception tree.

    DeckkitError
    ├── DataError          data.json (or a Deck) breaks the format: every problem, each with its path
    ├── BundleError        the input zip is unsafe, too large, or lacks a file it must hold
    ├── TemplateError      template.pptx cannot be used (not a zip, encrypted, legacy .ppt, no slides)
    ├── RenderError        the data does not fit the template: every problem, each with its path
    ├── ConversionError    LibreOffice or poppler is missing, or a PDF/PNG conversion failed or timed out
    │   └── PreviewUnavailableError  the same, for slide previews (thumbnails fall back to wireframes)
    ├── ClientConfigError  the client has no base URL or token (deckkit.client)
    └── APIError           talking to the session API failed (deckkit.client)
        ├── APIConnectionError ── APITimeoutError
        ├── APIResponseValidationError
        ├── RenderFailed   the render ran and failed; ``render_message`` says why
        └── APIStatusError  one class per status: BadRequestError 400, AuthenticationError 401,
                            PermissionDeniedError 403, NotFoundError 404, ConflictError 409,
                            PayloadTooLargeError 413, RateLimitError 429, InternalServerError 5xx

And one warning tree (Python warnings, shown at the user's own line; ``deckkit.options.strict``
turns them into the errors named beside them)::

    DeckkitWarning
    ├── RenderWarning               the render went through, but not all as asked (RenderError)
    │   ├── UnusedKeyWarning        a key the template slide does not have (a typo: ``titel=``)
    │   ├── UnfilledPlaceholderWarning  a {key} on the slide that the data leaves as it is
    │   ├── DummyDataWarning        a template chart or table left with the designer's sample data
    │   ├── OffSlideWarning         a table or picture that now reaches past the slide's edge
    │   ├── OverlapWarning          a table or text box that grew onto another shape of the slide
    │   ├── TextOverflowWarning     text that runs out of its box (or off the slide), unfixed by auto-fit
    │   ├── DroppedLinkWarning      a link to a template slide the output leaves out, removed
    │   └── ExternalLinkWarning     the template links to a file or address outside the deck
    └── DroppedRowsWarning          rows left out of a frame for a missing value (DataError)

Every error a user can meet is one of these; its ``str()`` is the message to show, without a
stack trace. Errors that gather several problems keep them in ``problems`` so that tools (the
CLI, the server, the notebook) can list them one per line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "BundleError",
    "ConversionError",
    "DataError",
    "DeckkitError",
    "DeckkitWarning",
    "DroppedLinkWarning",
    "DroppedRowsWarning",
    "DummyDataWarning",
    "ExternalLinkWarning",
    "OffSlideWarning",
    "OverlapWarning",
    "PreviewUnavailableError",
    "Problem",
    "RenderError",
    "RenderWarning",
    "TemplateError",
    "TextOverflowWarning",
    "UnfilledPlaceholderWarning",
    "UnusedKeyWarning",
    "WarningKind",
    "problems_text",
]

WarningKind = Literal[
    "",
    "unused key",
    "unfilled placeholder",
    "dummy data",
    "off slide",
    "overlap",
    "text overflow",
    "dropped link",
    "external link",
]
"""What a renderer warning is about, set where the warning is made (``deckkit.warn`` maps it to a
RenderWarning class); "" for errors and for warnings of no particular kind."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong, where it is (``slides[3].sales.rows[2][1]``) and what to do about it."""

    path: str
    message: str
    # Not part of equality: two problems with the same path and message are the same problem.
    kind: WarningKind = field(default="", compare=False)

    def __str__(self) -> str:
        # A message that starts with its path (a template refused: "brand.pptx is password-protected")
        # names it already: "brand.pptx: brand.pptx is ..." would say it twice.
        if not self.path or self.message.startswith(self.path + " "):
            return self.message
        return f"{self.path}: {self.message}"


# A short listing of problems (a repr) names at most this many, each cut at this many
# characters: a summary that grows with the deck would defeat its purpose.
MAX_PROBLEMS_LISTED = 5
MAX_PROBLEM_CHARS = 160


def problems_text(problems: Sequence[Problem], *, heading: str = "warnings") -> str:
    """The problems as a short plain-text listing, bounded in size whatever their count ('' for none)."""
    if not problems:
        return ""
    lines = []
    for p in problems[:MAX_PROBLEMS_LISTED]:
        text = str(p)
        lines.append("  " + (text if len(text) <= MAX_PROBLEM_CHARS else text[: MAX_PROBLEM_CHARS - 1] + "…"))
    more = len(problems) - MAX_PROBLEMS_LISTED
    if more > 0:
        lines.append(f"  … and {more} more")
    count = len(problems)
    return "\n".join([f"{count} {heading if count != 1 else heading.rstrip('s')}:", *lines])


class DeckkitError(Exception):
    """Base of every error deckkit raises on purpose."""


class _ProblemsError(DeckkitError):
    """An error made of one or more located problems, all reported at once."""

    problems: tuple[Problem, ...]

    def __init__(self, problems: Iterable[Problem] | str, *, summary: str | None = None) -> None:
        if isinstance(problems, str):
            problems = [Problem("", problems)]
        self.problems = tuple(problems)
        self.summary = summary
        super().__init__(self._text())

    def _text(self) -> str:
        lines = [str(p) for p in self.problems]
        if len(lines) == 1:
            # One problem says it all; a summary would only bury it.
            return lines[0]
        head = self.summary or f"{len(lines)} problems"
        return "\n".join([head + ":", *("  " + line for line in lines)])

    @property
    def messages(self) -> Sequence[str]:
        return [str(p) for p in self.problems]


class DataError(_ProblemsError):
    """data.json does not follow the format; ``problems`` lists every violation with its path."""


class BundleError(DeckkitError):
    """The input zip cannot be accepted (unsafe names, too large, missing or mislabelled files)."""


class TemplateError(DeckkitError):
    """template.pptx cannot be used as a template."""

    def naming(self, file: str) -> TemplateError:
        """The same refusal naming the file it came from: the messages call the template by its
        name in an input zip, ``template.pptx``, which is the wrong file when it was given by path."""
        text = str(self)
        if file == "template.pptx" or not text.startswith("template.pptx "):
            return self
        return TemplateError(file + text.removeprefix("template.pptx"))


class RenderError(_ProblemsError):
    """The data does not fit the template; nothing was written. ``problems`` lists every one."""

    @classmethod
    def misfit(cls, problems: Sequence[Problem]) -> RenderError:
        """The error of a render that these problems (or, when strict, warnings) stopped."""
        count = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
        return cls(problems, summary=f"the data does not fit the template ({count})")


ConversionCause = Literal["missing", "timeout", "failed"]


class ConversionError(DeckkitError, RuntimeError):
    """A PDF or PNG conversion could not be made (see :mod:`deckkit.office`).

    ``cause``: ``"missing"`` (LibreOffice or poppler is not installed: the message names the
    Debian package), ``"timeout"`` (stopped when its time was up) or ``"failed"``.
    """

    def __init__(self, message: str, *, cause: ConversionCause = "failed") -> None:
        super().__init__(message)
        self.cause: ConversionCause = cause


class PreviewUnavailableError(ConversionError):
    """No picture of the slides for a preview: LibreOffice or pdftoppm is missing, or the
    conversion failed (see :mod:`deckkit.preview`).

    Also a ``RuntimeError``, which it was before it joined the tree.
    """


# warnings -------------------------------------------------------------------------------------


class DeckkitWarning(UserWarning):
    """Base of every warning deckkit gives; ``problem`` holds its path and message."""

    problem: Problem | None = None


class RenderWarning(DeckkitWarning):
    """The render went through, but something was not used or not filled as the data asked."""


class UnusedKeyWarning(RenderWarning):
    """The data gives a key that its template slide does not have (often a typo)."""


class UnfilledPlaceholderWarning(RenderWarning):
    """A ``{key}`` on the template slide gets no value and stays in the deck as written."""


class DummyDataWarning(RenderWarning):
    """A template chart or table gets no data and keeps the designer's sample values."""


class OffSlideWarning(RenderWarning):
    """A table grew, or a picture was placed, past the slide's bottom or right edge."""


class OverlapWarning(RenderWarning):
    """A table that grew with its rows, or a text box resized to fit its text, now covers another
    shape of the slide that it did not cover in the template."""


class TextOverflowWarning(RenderWarning):
    """Filled text runs out of its box (or its box off the slide), and the box's auto-fit (its
    own or inherited) does not fix it: no auto-fit, shrunk as far as PowerPoint goes, or grown
    past the slide's edge."""


class DroppedLinkWarning(RenderWarning):
    """A link (on a shape, a SmartArt node, in the notes) jumps to a template slide that is not in
    the output: the link is removed, its text and shape stay."""


class ExternalLinkWarning(RenderWarning):
    """The output carries a link of the template to something outside the deck (a linked picture,
    workbook or OLE object, a ``file:`` link) that PowerPoint may fetch or open where the deck is
    opened. A template whose custom document property ``deckkit-external-links`` is ``allow``
    renders quietly."""


class DroppedRowsWarning(DeckkitWarning):
    """Rows were left out because a value the element needs is missing (NaN, None, NaT, null)."""

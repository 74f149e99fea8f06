"""RenderedDeck: what ``client.render(deck)`` gives back, the pptx and the session that made it."""

from __future__ import annotations

import os
from pathlib import Path

from deckkit.client._exceptions import APIError, RenderFailed
from deckkit.client._types import RenderResponse, Session, SessionState, _Lenient
from deckkit.display_hook import Displayable
from deckkit.errors import Problem, problems_text
from deckkit.warn import problem_from_wire

__all__ = ["RenderedDeck"]


class RenderedDeck(Displayable, _Lenient):
    """What ``client.render(deck)`` gives back: the pptx and the session that made it.

    ``content`` is empty when the render failed and ``raise_on_failure=False`` was passed;
    ``session.render_message`` then says why.
    """

    session: Session
    content: bytes = b""
    download_url: str | None = None
    path: Path | None = None
    pdf: bytes | None = None
    """The deck's PDF, when the render asked for one (``formats=["pdf"]``) and it was made."""
    pdf_download_url: str | None = None
    pdf_message: str | None = None
    """Why the PDF asked for was not made (the deck itself succeeded)."""

    @property
    def slide_count(self) -> int | None:
        return self.session.render_slide_count

    @property
    def warnings(self) -> list[Problem]:
        """What the render warned about, as a local render's ``RenderResult.warnings``."""
        return [problem_from_wire(w.code, w.path, w.message) for w in self.session.render_warnings]

    @property
    def succeeded(self) -> bool:
        return self.session.state is SessionState.SUCCEEDED

    def __repr__(self) -> str:
        # Never the pptx bytes: a notebook would print megabytes.
        where = f", path={str(self.path)!r}" if self.path is not None else ""
        pdf = f", pdf=<{len(self.pdf)} bytes>" if self.pdf is not None else ""
        listed = problems_text(self.warnings)  # as a local RenderResult's repr lists them
        return (
            f"RenderedDeck(uuid={self.session.uuid!r}, state={self.session.state.value!r}, "
            f"slide_count={self.slide_count!r}, content=<{len(self.content)} bytes>{pdf}{where})"
        ) + (f"\n{listed}" if listed else "")

    def save_pdf(self, path: str | os.PathLike[str]) -> Path:
        """Write the PDF to ``path`` and return it; says why when there is none."""
        if self.pdf is None:
            why = self.pdf_message or 'none was asked: render with formats=["pdf"]'
            raise APIError(f"session {self.session.uuid} has no PDF: {why}")
        target = Path(path)
        target.write_bytes(self.pdf)
        return target

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the pptx to ``path`` and return it."""
        if not self.succeeded:
            raise RenderFailed(RenderResponse(session=self.session, download_url=None))
        target = Path(path)
        target.write_bytes(self.content)
        return target

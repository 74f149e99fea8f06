"""What a file that should be a PowerPoint presentation really is, in the words of its user.

A template that is not a .pptx is usually another document saved under the wrong name, or the
wrong file picked: "a Word document (.docx)" says what to do, a content type does not. Read from
the bytes alone (a zip's ``[Content_Types].xml`` or ``mimetype``, a file's first bytes), so it
costs nothing until a template is refused.
"""

from __future__ import annotations

import io
import re
import zipfile

__all__ = ["describe", "describe_content_type", "not_powerpoint"]

# The main part's content type of an Office Open XML package, by the word that names its kind.
_OFFICE = (
    ("wordprocessingml", "a Word document (.docx)"),
    ("spreadsheetml", "an Excel workbook (.xlsx)"),
    ("ms-excel", "an Excel workbook (.xlsm)"),
    ("ms-word", "a Word document (.docm)"),
    ("visio", "a Visio drawing (.vsdx)"),
)
_OPEN_DOCUMENT = {
    "application/vnd.oasis.opendocument.presentation": "an OpenDocument presentation (.odp)",
    "application/vnd.oasis.opendocument.text": "an OpenDocument text (.odt)",
    "application/vnd.oasis.opendocument.spreadsheet": "an OpenDocument spreadsheet (.ods)",
    "application/vnd.apple.keynote": "a Keynote presentation (.key)",
}
_MAGIC = (
    (b"%PDF", "a PDF document"),
    (b"\x89PNG", "a PNG picture"),
    (b"\xff\xd8\xff", "a JPEG picture"),
    (b"GIF8", "a GIF picture"),
    (b"{\\rtf", "a rich-text document (.rtf)"),
)
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def describe_content_type(content_type: str) -> str | None:
    """'a Word document (.docx)' for a Word package's main content type; None when unknown."""
    for word, kind in _OFFICE:
        if word in content_type:
            return kind
    return None


def _describe_zip(data: bytes) -> str | None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            if "mimetype" in names:
                mimetype = archive.read("mimetype").decode("ascii", "replace").strip()
                return _OPEN_DOCUMENT.get(mimetype, f"a document of type {mimetype}")
            if "[Content_Types].xml" in names:
                types = archive.read("[Content_Types].xml").decode("utf-8", "replace")
                if "presentationml" in types:
                    return None
                for word, kind in _OFFICE:
                    if re.search(rf'ContentType="[^"]*{word}[^"]*main', types):
                        return kind
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, KeyError):
        pass
    return None  # some other zip: the package reader says what it lacks


def _looks_like_text(head: bytes) -> bool:
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(c.isprintable() or c in "\r\n\t" for c in text)


def describe(data: bytes) -> str | None:
    """What the bytes are when they are not a .pptx ('a Word document (.docx)'); None for a
    PowerPoint package, or a file of no kind this module knows."""
    if data.startswith(b"PK"):
        return _describe_zip(data) if zipfile.is_zipfile(io.BytesIO(data)) else "a damaged zip file"
    if data.startswith(_OLE):
        for stream, kind in (
            ("WordDocument", "a legacy Word document (.doc)"),
            ("Workbook", "a legacy Excel workbook (.xls)"),
            ("PowerPoint Document", "a legacy PowerPoint file (.ppt)"),
        ):
            if stream.encode("utf-16-le") in data:
                return kind
        return None
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    head = data[:2048].lstrip()
    if not head:
        return "an empty file"
    if head[:1] in (b"{", b"[") and _looks_like_text(head):
        return "a JSON file (data.json given where the template goes?)"
    if _looks_like_text(head[:2000]):
        return "a text file"
    return None


def not_powerpoint(name: str, kind: str) -> str:
    """The message for a template that is something else, saying what to do."""
    return (
        f"{name} is {kind}, not a PowerPoint file: the template must be a presentation saved as .pptx "
        "(PowerPoint: File > Save As > PowerPoint Presentation; LibreOffice, Keynote and Google "
        "Slides export .pptx too)"
    )

"""A template from a deck PowerPoint wrote, whose placeholders inherit their auto-fit.

``v2FxTestFiles_bvt_O12Typical.pptx`` (Open-XML-SDK's test assets, tests/corpus/decks/NOTICE.md)
is a typical PowerPoint 2007 deck: its slides' placeholders have an empty ``<a:bodyPr/>`` and
inherit "shrink text on overflow" (``<a:normAutofit/>``) from the master's title and body
placeholders. Its slide 2 ("Text Only Slide") becomes a template: ``{title}`` in its title,
``{items}`` in its bulleted body.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

DECK = Path(__file__).parents[2] / "corpus" / "decks" / "open-xml-sdk" / "v2FxTestFiles_bvt_O12Typical.pptx"
ITEMS = [f"Item {n}: a point the analyst wants on the slide, in a full sentence" for n in range(1, 15)]


def text_only_template(folder: Path, body_pr: str = "<a:bodyPr/>") -> Path:
    """Slide 2 of the deck with ``{title}`` and one ``{items}`` paragraph (its own bodyPr as given)."""
    out = io.BytesIO()
    with zipfile.ZipFile(DECK) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "ppt/slides/slide2.xml":
                xml = data.decode()
                xml = xml.replace(">Text Only Slide<", ">{title}<")
                body = re.search(
                    r'(<p:cNvPr id="3" name="Rectangle 3"/>.*?<p:txBody>)(.*?)(</p:txBody>)', xml, re.S
                )
                assert body is not None
                paragraph = '<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>{items}</a:t></a:r></a:p>'
                xml = xml[: body.start(2)] + body_pr + "<a:lstStyle/>" + paragraph + xml[body.end(2) :]
                data = xml.encode()
            target.writestr(item, data)
    path = folder / "template.pptx"
    path.write_bytes(out.getvalue())
    return path

"""Templates a designer would build, for the text and list intent tests and their gallery cases."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lxml import etree

from tests.renderer.core_kit import NS, add_textbox, blank_slide, new_presentation

A = NS["a"]


def _a(tag: str) -> str:
    return f"{{{A}}}{tag}"


def _paragraph(frame: Any, text: str, *, first: bool = False) -> Any:
    p = frame.paragraphs[0] if first else frame.add_paragraph()
    run = p.add_run() if not p.runs else p.runs[0]
    run.text = text
    return p


def set_bullet(p: Any, char: str | None) -> None:
    """Give a paragraph a bullet character (or buNone for None), in schema order."""
    p_pr = p._p.get_or_add_pPr()
    for old in p_pr.findall(_a("buNone")) + p_pr.findall(_a("buChar")):
        p_pr.remove(old)
    if char is None:
        p_pr.append(etree.Element(_a("buNone")))
        return
    p_pr.set("marL", str(342900 * (int(p_pr.get("lvl", "0")) + 1)))
    p_pr.set("indent", "-342900")
    bu = etree.SubElement(p_pr, _a("buChar"))
    bu.set("char", char)


def designer_list(path: Path) -> Path:
    """A text box: "Key points:" (bold, no bullet), {kp} (● 24 pt), "sub bullet" (level 1, –), a footer (italic)."""
    from pptx.util import Inches, Pt

    prs = new_presentation()
    slide = blank_slide(prs)
    box = add_textbox(slide, "", left=0.5, top=0.5, width=9, height=5)
    frame = box.text_frame
    frame.word_wrap = True
    heading = _paragraph(frame, "Key points:", first=True)
    heading.runs[0].font.bold = True
    heading.runs[0].font.size = Pt(20)
    set_bullet(heading, None)
    key = _paragraph(frame, "{kp}")
    key.runs[0].font.size = Pt(24)
    set_bullet(key, "●")
    sub = _paragraph(frame, "sub bullet")
    sub.level = 1
    sub.runs[0].font.size = Pt(16)
    set_bullet(sub, "–")
    footer = _paragraph(frame, "Source: internal data")
    footer.runs[0].font.italic = True
    footer.runs[0].font.size = Pt(12)
    set_bullet(footer, None)
    box.top = Inches(0.5)
    prs.save(str(path))
    return path


def linked_sentence(path: Path, url: str = "https://example.com/home") -> Path:
    """A text box "Visit {site} now" whose single run links to url."""
    from pptx.util import Pt

    prs = new_presentation()
    slide = blank_slide(prs)
    box = add_textbox(slide, "Visit {site} now", width=8)
    run = box.text_frame.paragraphs[0].runs[0]
    run.font.size = Pt(28)
    run.hyperlink.address = url
    prs.save(str(path))
    return path


def two_keys(path: Path, text: str = "{a} | {b}") -> Path:
    prs = new_presentation()
    slide = blank_slide(prs)
    add_textbox(slide, text, width=8)
    prs.save(str(path))
    return path


def coloured_link_list(path: Path) -> Path:
    """A text box {link} and, below, a list {refs} whose prototype run is a dark green link."""
    from pptx.dml.color import RGBColor
    from pptx.util import Pt

    prs = new_presentation()
    slide = blank_slide(prs)
    box = add_textbox(slide, "{link}", width=8)
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(28)
    refs = add_textbox(slide, "{refs}", top=2.5, width=8, height=2)
    run = refs.text_frame.paragraphs[0].runs[0]
    run.font.size = Pt(24)
    run.font.color.rgb = RGBColor(0x00, 0x80, 0x3C)
    run.hyperlink.address = "https://example.com/refs"
    prs.save(str(path))
    return path

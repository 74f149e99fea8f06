"""Assemble a planned deck: clone each template slide, fill the copy, rebuild the presentation.

Each output slide is a clone of its template slide (with its own notes and charts), located again
and filled in place by the fillers its plan names; presentation.xml, sections and docProps
follow; the package writes only what is reachable.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

from lxml import etree

from deckkit.errors import DeckkitError, Problem, RenderError
from deckkit.model import DeckData, List, Text, format_path
from deckkit.ooxml.geometry import DEFAULT_SLIDE_SIZE, slide_size
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.adopt import Adoption, SharedBinaries
from deckkit.ooxml.opc.content_types import MEDIA_CONTENT_TYPES
from deckkit.ooxml.opc.package import Package
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT
from deckkit.ooxml.opc.zip_writer import BackgroundPacker
from deckkit.renderer.external_links import external_link_warnings
from deckkit.renderer.fill.autofit import TextMeasure, fit_text_boxes
from deckkit.renderer.fill.masterstyles import MasterStyles, default_text_style
from deckkit.renderer.fill.notes import fill_notes
from deckkit.renderer.fill.theme import apply_theme_colors
from deckkit.renderer.filler import LocatedSlide, OutputSlide, key_site
from deckkit.renderer.overlap import created_overlaps
from deckkit.renderer.planning import SlidePlan
from deckkit.renderer.presentation import rebuild_presentation
from deckkit.renderer.slide_links import SlideLink, SlideLinks
from deckkit.renderer.stencil.slide_keys import SlideKeys
from deckkit.renderer.templates import OneTemplate

__all__ = ["SlideMedia", "assemble"]

# Targets a filled slide may stop using (a deleted chart, a replaced picture): dropped when unused.
_PRUNABLE = frozenset({RT.CHART, RT.IMAGE, RT.HYPERLINK, RT.VIDEO, RT.MEDIA, RT.AUDIO, RT.OLE_OBJECT})


class SlideMedia:
    """The SlideSink of one output slide: new media parts, shared by identical bytes."""

    def __init__(self, package: Package, slide: Part, shared: dict[tuple[str, str], Part]) -> None:
        self._package = package
        self._slide = slide
        self._shared = shared

    def _media_part(self, data: bytes, ext: str, stem: str) -> Part:
        ext = ext.lower().lstrip(".")
        key = (stem, hashlib.sha1(data).hexdigest())
        part = self._shared.get(key)
        if part is None:
            content_type = MEDIA_CONTENT_TYPES.get(ext, "application/octet-stream")
            part = self._package.new_part(content_type, blob=data, name_hint=f"ppt/media/{stem}.{ext}")
            self._shared[key] = part
        return part

    def add_image(self, data: bytes, ext: str) -> str:
        part = self._media_part(data, ext, "image")
        return self._slide.rels.find(RT.IMAGE, part) or self._slide.rels.add(RT.IMAGE, part)

    def add_video(self, data: bytes, ext: str) -> tuple[str, str]:
        part = self._media_part(data, ext, "media")
        return self._slide.rels.add(RT.VIDEO, part), self._slide.rels.add(RT.MEDIA, part)

    def add_external_video(self, url: str) -> str:
        return self._slide.rels.add(RT.VIDEO, url, external=True)

    def add_hyperlink(self, url: str) -> str:
        return self._slide.rels.add(RT.HYPERLINK, url, external=True)


def assemble(
    package: Package,
    deck: DeckData,
    plans: list[SlidePlan],
    slide_links: Sequence[SlideLink],
    media: Mapping[str, bytes],
    warnings: list[Problem] | None = None,
) -> bytes:
    """The pptx of a plan that had no problems; what filling finds (a table that leaves the
    slide) is added to ``warnings``. ``slide_links`` are the plan's (links between slides land
    on the copies or go, as :mod:`deckkit.renderer.slide_links` says)."""
    shared: dict[tuple[str, str], Part] = {}
    size = slide_size(package.presentation.xml)
    outputs: list[tuple[Part, Part]] = []  # (template slide, output slide)
    packer = BackgroundPacker()
    locator = SlideKeys()  # each template slide located once, its copies by position
    # What auto-fit reads from each master, read once, and the deck's default text style.
    masters = MasterStyles(default_text_style(package.presentation.xml))
    links = SlideLinks(slide_links)
    adoptions = _adoptions(package, plans)
    for index, plan in enumerate(plans):
        copies: dict[int, Part] = {}
        adopt = adoptions[id(plan.source)] if plan.source is not None else None
        copy = package.clone(plan.template, memo=copies, adopt=adopt)
        if adopt is not None:
            adopt.comment_authors.take(copies.values())
            adopt.table_styles.take(copies.values())
        try:
            output = OutputSlide(copy, SlideMedia(package, copy, shared), media, size)
            output.text_height = TextMeasure(copy, masters)
            _fill_slide(output, plan, index, locator, masters)
            if warnings is not None:
                warnings.extend(output.warnings)
        except DeckkitError:
            raise
        except Exception as e:  # a filler's bug must still reach the user as a located message
            raise RenderError(
                [
                    Problem(
                        f"slides[{index}]",
                        f"could not be filled from template slide {plan.number} ({type(e).__name__}: {e}); "
                        "this is a deckkit bug, please report it with the template",
                    )
                ]
            ) from e
        links.settle(plan.template, copies)
        for part in copies.values():  # the slide, its notes and charts: done, serialized now
            part.freeze(packer)
        outputs.append((plan.template, copy))
    packer.flush()
    for adoption in adoptions.values():
        adoption.list_masters()
    rebuild_presentation(package, outputs)
    copied = {id(adoption.source): adoption for adoption in adoptions.values()}

    def in_output(part: Part) -> Part | None:  # a layout or master: itself, or its copy
        adoption = copied.get(id(part.source))
        return adoption.copy_of(part) if adoption is not None else part if part.source is package else None

    links.land(outputs, in_output)
    if deck.theme is not None and deck.theme.colors is not None:
        apply_theme_colors(package, deck.theme.colors)
    if warnings is not None:
        firsts: dict[int, tuple[OneTemplate, int]] = {}
        for index, plan in enumerate(plans):
            if plan.source is not None:
                firsts.setdefault(id(plan.source), (plan.source, index))
        warnings.extend(external_link_warnings(package, list(firsts.values())))
    return package.write()


def _adoptions(package: Package, plans: list[SlidePlan]) -> dict[int, Adoption]:
    """What each other template the slides come from gives the deck (by id of its OneTemplate)."""
    adoptions: dict[int, Adoption] = {}
    binaries: SharedBinaries | None = None
    for plan in plans:
        if plan.source is not None and id(plan.source) not in adoptions:
            binaries = binaries or SharedBinaries(package)
            adoptions[id(plan.source)] = Adoption(package, plan.source.package, binaries)
    return adoptions


def _fill_slide(
    output: OutputSlide, plan: SlidePlan, index: int, locator: SlideKeys, masters: MasterStyles
) -> None:
    if not plan.operations:
        return
    fill_notes(
        output.part, [(op.key, op.value) for op in plan.operations if isinstance(op.value, Text | List)]
    )
    located = LocatedSlide(output.part, plan.number, locator.locate(plan.template, output.part.xml))
    removed = False
    typed_into: list[tuple[etree._Element, str]] = []  # text boxes whose text changed, and its data path
    for op in plan.operations:
        site = key_site(located, op.key, format_path(["slides", index, op.key]))
        op.filler.fill(site, op.value, output)
        removed = removed or op.filler.removes_shapes
        if isinstance(op.value, Text | List):
            typed_into += [(occ.shape, site.path) for occ in site.text if occ.cell is None]
    output.warnings += fit_text_boxes(
        typed_into,
        output.part,
        masters,
        output.slide_size or DEFAULT_SLIDE_SIZE,
        output.grown,
        output.list_items,
    )
    # Once every shape has its final size: what the fill grew onto another shape.
    output.warnings += created_overlaps(output.part, output.grown)
    if removed:
        _prune_relationships(output.part)
    # A paragraph's occurrences list one another (a cycle): broken here, they go with the slide
    # instead of keeping its tree alive until the garbage collector runs, which a render pauses.
    for occurrences in located.placeholders.text.values():
        for occ in occurrences:
            occ.neighbours = []


_IN_R = qn("r:")  # relationship ids are attributes in this namespace


def _prune_relationships(slide: Part) -> None:
    """Drop relationships to pictures, charts and links the filled slide no longer uses."""
    used: set[str] = set()
    for el in slide.xml.iter():
        if isinstance(el.tag, str):
            for name, val in el.attrib.items():
                if str(name).startswith(_IN_R):
                    used.add(str(val))
    for rel in slide.rels:
        if rel.reltype in _PRUNABLE and rel.rid not in used:
            slide.rels.remove(rel.rid)

"""Structure-aware mutations of real decks and their data, for the render fuzz test.

A mutation knows what a pptx is made of: zip entries, relationships, content types, the
attributes and elements of XML parts, embedded workbooks; and what data.json is made of: types,
sizes, depth, numbers, text. Each is one seeded, reproducible step that says what it did, so a
failing example is replayed from its seed and read from its description.
"""

from __future__ import annotations

import io
import json
import random
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

Entries = dict[str, bytes]

_PR = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_CT = "{http://schemas.openxmlformats.org/package/2006/content-types}"
_RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
_REL_TYPES = [
    _RT + t for t in ("slide", "slideLayout", "chart", "image", "package", "notesSlide", "hyperlink", "theme")
]
_CONTENT_TYPES = [
    "application/vnd.openxmlformats-officedocument.presentationml.slide+xml",
    "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/xml",
    "image/png",
    "",
    "text/plain",
]
_ODD_TARGETS = [
    "",
    "../../../../etc/passwd",
    "/ppt/nowhere.xml",
    "https://example.com/x",
    "media/../../x.png",
    "%2e%2e/slides/slide1.xml",
    "slides/slide1.xml#frag",
    "a" * 300,
    "/",
    ".",
]
_ODD_VALUES = [
    "",
    "-1",
    "0",
    "1",
    "99999999999999999999",
    "abc",
    "1e400",
    "NaN",
    "-2147483649",
    "rId999",
    "x" * 2000,
    "\u00e9\u4e2d",
    "true",
    "#ZZZZZZ",
    " 5 ",
]
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=True)


@dataclass
class Example:
    """One input: template entries, the data (parsed, or as text once a text mutation broke it), media."""

    entries: Entries
    data: Any
    media: dict[str, bytes]
    data_text: str | None = None
    steps: list[str] = field(default_factory=list)
    methods: dict[str, int] = field(default_factory=dict)  # entry -> zip method other than deflate

    def template(self) -> bytes:
        return write_zip(self.entries, self.methods)

    def bundle(self) -> bytes:
        files = {"template.pptx": self.template(), "data.json": self.text().encode("utf-8", "surrogatepass")}
        files.update(self.media)
        return write_zip(files, {})

    def text(self) -> str:
        return self.data_text if self.data_text is not None else json.dumps(self.data)


def read_zip(raw: bytes) -> Entries:
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def write_zip(entries: Entries, methods: dict[str, int]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(
                zipfile.ZipInfo(name, (2000, 1, 1, 0, 0, 0)), data, methods.get(name, zipfile.ZIP_DEFLATED)
            )
    return out.getvalue()


def _xml_names(entries: Entries, suffix: tuple[str, ...] = (".xml",)) -> list[str]:
    return sorted(n for n in entries if n.endswith(suffix))


def _edit_xml(entries: Entries, name: str, edit: Callable[[etree._Element], str | None]) -> str | None:
    try:
        root = etree.fromstring(entries[name], _PARSER)
    except etree.XMLSyntaxError:
        return None
    said = edit(root)
    if said is not None:
        entries[name] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    return said


class Mutator:
    """Seeded mutations; each returns a description, or None when it found nothing to change."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def mutate(self, example: Example, count: int) -> None:
        template_steps = [
            self.drop_part,
            self.garble_part,
            self.rel_target,
            self.rel_type,
            self.rel_id,
            self.rel_mode,
            self.content_type,
            self.attribute,
            self.element,
            self.alt_text,
            self.compression,
            self.embedded,
        ]
        data_steps = [
            self.data_type,
            self.data_size,
            self.data_depth,
            self.data_number,
            self.data_text,
            self.data_keys,
            self.json_text,
        ]
        for _ in range(count):
            step = self.rng.choice(template_steps + data_steps)
            said = step(example)
            if said is not None:
                example.steps.append(f"{step.__name__}: {said}")

    # -- the template's zip and relationships ------------------------------------------------

    def drop_part(self, ex: Example) -> str | None:
        name = self.rng.choice(sorted(ex.entries))
        del ex.entries[name]
        return name

    def garble_part(self, ex: Example) -> str | None:
        names = _xml_names(ex.entries, (".xml", ".rels"))
        if not names:
            return None
        name = self.rng.choice(names)
        data = ex.entries[name]
        cut = self.rng.randrange(len(data) + 1)
        how = self.rng.choice(["truncate", "flip", "insert"])
        if how == "truncate":
            ex.entries[name] = data[:cut]
        elif how == "flip" and data:
            at = min(cut, len(data) - 1)
            ex.entries[name] = data[:at] + bytes([data[at] ^ 0x20]) + data[at + 1 :]
        else:
            ex.entries[name] = (
                data[:cut] + self.rng.choice([b"<", b"&", b"\x00", b"]]>", b"&co;", b"\xff"]) + data[cut:]
            )
        return f"{how} {name} at {cut}"

    def _relationship(self, ex: Example) -> tuple[str, int] | None:
        names = _xml_names(ex.entries, (".rels",))
        if not names:
            return None
        name = self.rng.choice(names)
        count = ex.entries[name].count(b"<Relationship ")
        return (name, self.rng.randrange(count)) if count else None

    def _edit_rel(
        self, ex: Example, change: Callable[[etree._Element, list[etree._Element]], str]
    ) -> str | None:
        found = self._relationship(ex)
        if found is None:
            return None
        name, index = found

        def edit(root: etree._Element) -> str | None:
            rels = root.findall(f"{_PR}Relationship")
            return f"{name}: {change(rels[index], rels)}" if index < len(rels) else None

        return _edit_xml(ex.entries, name, edit)

    def rel_target(self, ex: Example) -> str | None:
        def change(rel: etree._Element, rels: list[etree._Element]) -> str:
            target = self.rng.choice([*_ODD_TARGETS, self.rng.choice(rels).get("Target", "")])
            rel.set("Target", target)
            return f"{rel.get('Id')} -> {target[:40]!r}"

        return self._edit_rel(ex, change)

    def rel_type(self, ex: Example) -> str | None:
        def change(rel: etree._Element, _: list[etree._Element]) -> str:
            kind = self.rng.choice([*_REL_TYPES, "urn:nothing"])
            rel.set("Type", kind)
            return f"{rel.get('Id')} type {kind.rsplit('/', 1)[-1]}"

        return self._edit_rel(ex, change)

    def rel_id(self, ex: Example) -> str | None:
        def change(rel: etree._Element, rels: list[etree._Element]) -> str:
            new = self.rng.choice(["", "rId1", rels[0].get("Id", ""), "rId99999999999999999999", "x y"])
            old = rel.get("Id")
            rel.set("Id", new)
            return f"{old} id -> {new!r}"

        return self._edit_rel(ex, change)

    def rel_mode(self, ex: Example) -> str | None:
        def change(rel: etree._Element, _: list[etree._Element]) -> str:
            if rel.get("TargetMode"):
                del rel.attrib["TargetMode"]
                return f"{rel.get('Id')} internal"
            rel.set("TargetMode", self.rng.choice(["External", "Internal", "bogus"]))
            return f"{rel.get('Id')} mode {rel.get('TargetMode')}"

        return self._edit_rel(ex, change)

    def content_type(self, ex: Example) -> str | None:
        def edit(root: etree._Element) -> str | None:
            items = list(root)
            if not items:
                return None
            item = self.rng.choice(items)
            if self.rng.random() < 0.3:
                root.remove(item)
                return f"removed {item.get('PartName') or item.get('Extension')}"
            kind = self.rng.choice(_CONTENT_TYPES)
            item.set("ContentType", kind)
            return f"{item.get('PartName') or item.get('Extension')} is {kind!r}"

        return (
            _edit_xml(ex.entries, "[Content_Types].xml", edit)
            if "[Content_Types].xml" in ex.entries
            else None
        )

    # -- XML inside parts --------------------------------------------------------------------

    def _part_element(self, ex: Example, edit: Callable[[etree._Element], str | None]) -> str | None:
        names = [n for n in _xml_names(ex.entries) if n.startswith("ppt/")]
        if not names:
            return None
        name = self.rng.choice(names)

        def pick(root: etree._Element) -> str | None:
            elements = [e for e in root.iter() if isinstance(e.tag, str)]
            said = edit(self.rng.choice(elements))
            return f"{name}: {said}" if said else None

        return _edit_xml(ex.entries, name, pick)

    def attribute(self, ex: Example) -> str | None:
        def edit(el: etree._Element) -> str | None:
            local = etree.QName(el).localname
            if el.attrib and self.rng.random() < 0.8:
                key = self.rng.choice(sorted(el.attrib))
                if self.rng.random() < 0.25:
                    del el.attrib[key]
                    return f"<{local}> lost {etree.QName(key).localname}"
                value = self.rng.choice(_ODD_VALUES)
                el.set(key, value)
                return f"<{local} {etree.QName(key).localname}={value[:20]!r}>"
            key = self.rng.choice(
                [
                    "val",
                    "id",
                    "idx",
                    "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id",
                ]
            )
            el.set(key, self.rng.choice(_ODD_VALUES))
            return f"<{local}> gained {etree.QName(key).localname}"

        return self._part_element(ex, edit)

    def element(self, ex: Example) -> str | None:
        def edit(el: etree._Element) -> str | None:
            parent = el.getparent()
            if parent is None:
                return None
            how = self.rng.choice(["remove", "duplicate", "empty"])
            if how == "remove":
                parent.remove(el)
            elif how == "duplicate":
                el.addnext(etree.fromstring(etree.tostring(el)))
            else:
                for child in list(el):
                    el.remove(child)
                el.text = None
            return f"{how} <{etree.QName(el).localname}>"

        return self._part_element(ex, edit)

    def alt_text(self, ex: Example) -> str | None:
        """Name a random shape after a data key, so tables, charts and pictures meet the wrong values."""
        keys = sorted({k for s in _slides(ex.data) for k in s if k != "template"}) or ["k"]

        def edit(el: etree._Element) -> str | None:
            found = [e for e in el.getroottree().iter("{*}cNvPr")]
            if not found:
                return None
            target = self.rng.choice(found)
            key = self.rng.choice(keys)
            target.set("descr", key)
            return f"alt text {key!r} on {target.get('name')!r}"

        return self._part_element(ex, edit)

    def compression(self, ex: Example) -> str | None:
        name = self.rng.choice(sorted(ex.entries))
        ex.methods[name] = self.rng.choice([zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA, zipfile.ZIP_STORED])
        return f"{name} method {ex.methods[name]}"

    def embedded(self, ex: Example) -> str | None:
        names = sorted(n for n in ex.entries if n.endswith(".xlsx"))
        if not names:
            return None
        name = self.rng.choice(names)
        try:
            inner = Example(read_zip(ex.entries[name]), {}, {})
        except (zipfile.BadZipFile, ValueError, EOFError):
            return None
        step = self.rng.choice([self.drop_part, self.garble_part, self.attribute_any, self.rel_target])
        said = step(inner)
        ex.entries[name] = inner.template()
        return f"{name}: {step.__name__} {said}"

    def attribute_any(self, ex: Example) -> str | None:
        names = _xml_names(ex.entries)
        if not names:
            return None
        name = self.rng.choice(names)

        def edit(root: etree._Element) -> str | None:
            elements = [e for e in root.iter() if isinstance(e.tag, str) and e.attrib]
            if not elements:
                return None
            el = self.rng.choice(elements)
            key = self.rng.choice(sorted(el.attrib))
            el.set(key, self.rng.choice(_ODD_VALUES))
            return f"{name} <{etree.QName(el).localname} {etree.QName(key).localname}>"

        return _edit_xml(ex.entries, name, edit)

    # -- data.json -----------------------------------------------------------------------------

    def _node(self, ex: Example) -> tuple[Any, Any] | None:
        """A random (container, key) in the data."""
        found: list[tuple[Any, Any]] = []
        stack = [ex.data]
        while stack:
            node = stack.pop()
            items = (
                node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
            )
            for key, child in items:
                found.append((node, key))
                stack.append(child)
        return self.rng.choice(found) if found else None

    def _replace(self, ex: Example, make: Callable[[Any], Any], what: str) -> str | None:
        found = self._node(ex)
        if found is None:
            return None
        node, key = found
        node[key] = make(node[key])
        return f"{what} at {key!r}"

    def data_type(self, ex: Example) -> str | None:
        choices = [
            0,
            -1,
            1.5,
            True,
            None,
            "text",
            [],
            {},
            [1, 2],
            {"type": "table", "rows": [["a"]]},
            {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"values": [1]}}}},
            {"type": "image", "src": "images/photo0.png"},
            {"delete": True},
            {"type": "list", "values": ["a", {"value": "b", "level": 8}]},
        ]
        return self._replace(ex, lambda _: self.rng.choice(choices), "type")

    def data_size(self, ex: Example) -> str | None:
        def grow(value: Any) -> Any:
            if isinstance(value, list) and value:
                return value * self.rng.choice([2, 50, 400])
            if isinstance(value, str):
                return value * self.rng.choice([100, 5000])
            return [value] * 300

        return self._replace(ex, grow, "size")

    def data_depth(self, ex: Example) -> str | None:
        def nest(value: Any) -> Any:
            for _ in range(self.rng.choice([3, 40])):
                value = [value] if self.rng.random() < 0.5 else {"k": value}
            return value

        return self._replace(ex, nest, "depth")

    def data_number(self, ex: Example) -> str | None:
        numbers = [0, -0.0, 10**25, -(10**19), 1e308, -1e308, 5e-324, 2**63, 0.1, 1e16 + 1, -5]
        return self._replace(ex, lambda _: self.rng.choice(numbers), "number")

    def data_text(self, ex: Example) -> str | None:
        texts = [
            "\x00\x01\x1f",
            "\ud800",
            "a\nb\tc",
            "{title}",
            "&co;",
            "<p:sld/>",
            "]]>",
            "\u202e\ufeff",
            "https://" + "x" * 3000,
            "",
            " ",
            "\U0001f600" * 50,
            "a\x0bb",
        ]
        strings = self._string_nodes(ex)
        if strings and self.rng.random() < 0.8:  # mostly where text already is, so it reaches the fillers
            node, key = self.rng.choice(strings)
            node[key] = self.rng.choice(texts)
            return f"text at {key!r}"
        return self._replace(ex, lambda _: self.rng.choice(texts), "text")

    def _string_nodes(self, ex: Example) -> list[tuple[Any, Any]]:
        found: list[tuple[Any, Any]] = []
        stack = [ex.data]
        while stack:
            node = stack.pop()
            items = (
                node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
            )
            for key, child in items:
                if isinstance(child, str) and key != "src":
                    found.append((node, key))
                stack.append(child)
        return found

    def data_keys(self, ex: Example) -> str | None:
        slides = _slides(ex.data)
        if not slides:
            return None
        slide = self.rng.choice(slides)
        how = self.rng.choice(["template", "unknown", "drop"])
        if how == "template":
            slide["template"] = self.rng.choice([0, -1, 1, 2, 7, 99, "1", 1.0, None])
        elif how == "unknown":
            slide[self.rng.choice(["", " ", "{x}", "a" * 500, "type", "\u00e9"])] = "v"
        elif slide:
            slide.pop(self.rng.choice(sorted(slide)), None)
        return f"{how} on a slide"

    def json_text(self, ex: Example) -> str | None:
        text = ex.text()
        cut = self.rng.randrange(len(text) + 1)
        ex.data_text = text[:cut] + self.rng.choice(["", "}", "]", ",", "NaN", "\x00", '"']) + text[cut + 1 :]
        return f"text edited at {cut}"


def _slides(data: Any) -> list[dict[str, Any]]:
    slides = data.get("slides") if isinstance(data, dict) else data
    return [s for s in slides if isinstance(s, dict)] if isinstance(slides, list) else []

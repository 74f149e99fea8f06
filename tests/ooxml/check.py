"""The second reader of every rendered file: is the package sound, and is its XML valid ECMA-376?

Two kinds of check, both on the zip as written:

- the package: a zip with safe, unique entry names; ``[Content_Types].xml`` gives every part a
  content type and names no missing part; relationship ids are unique per part and internal
  targets exist; every ``r:id``/``r:embed``/``r:link`` a part uses is one of its relationships;
  slide ids are unique;
- the XML: slides, layouts, masters, notes slides, charts, themes, ``presentation.xml``, the
  relationship parts and ``[Content_Types].xml`` are validated against the ECMA-376 schemas in
  ``schemas/`` (Part 4 Transitional, Part 2 OPC; see ``schemas/NOTICE.md``). Markup
  compatibility is reduced first, as a reader that knows no extension would: each
  ``mc:AlternateContent`` becomes its ``mc:Fallback``, and namespaces marked ``mc:Ignorable`` that
  ECMA-376 does not define are dropped.

:func:`new_problems` is what tests use: a template's own quirks (PowerPoint writes a few) are not
held against its output, so problems already present in the template, by kind of part and
message, are left out. A Strict template is compared as deckkit reads it, translated to
Transitional.

Missing schemas are an error, never a silent pass: a check that cannot run must fail the test.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree

SCHEMAS = Path(__file__).resolve().parent / "schemas"
TRANSITIONAL = SCHEMAS / "OfficeOpenXML-XMLSchema-Transitional"
OPC = SCHEMAS / "OpenPackagingConventions-XMLSchema"

_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"
_PML = "http://schemas.openxmlformats.org/presentationml/2006/main"
_DML = "http://schemas.openxmlformats.org/drawingml/2006/main"
_CHART = "http://schemas.openxmlformats.org/drawingml/2006/chart"

# The schema a part is validated against, by the namespace of its root element.
SCHEMA_OF_ROOT = {
    _PML: TRANSITIONAL / "pml.xsd",
    _CHART: TRANSITIONAL / "dml-chart.xsd",
    _DML: TRANSITIONAL / "dml-main.xsd",
    _RELS: OPC / "opc-relationships.xsd",
    _TYPES: OPC / "opc-contentTypes.xsd",
}
# Namespaces the schemas above define: an mc:Ignorable one of these is kept and validated.
_DEFINED = {
    _PML,
    _DML,
    _CHART,
    _R,
    _RELS,
    _TYPES,
    "http://schemas.openxmlformats.org/drawingml/2006/chartDrawing",
    "http://schemas.openxmlformats.org/drawingml/2006/picture",
    "http://schemas.openxmlformats.org/drawingml/2006/diagram",
    "http://www.w3.org/XML/1998/namespace",
}
_VALIDATED = re.compile(
    r"ppt/(slides|slideLayouts|slideMasters|notesSlides|charts|theme)/[^/]+\.xml"
    r"|ppt/presentation\.xml|.*\.rels|\[Content_Types\]\.xml"
)


class SchemasMissingError(RuntimeError):
    """The ECMA-376 schemas are not where the check expects them."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a package: the part (or ``(zip)``) and what is wrong with it."""

    part: str
    message: str

    @property
    def kind(self) -> tuple[str, str]:
        """The problem with part numbers blurred: slide3's problem is slide7's problem too."""
        return re.sub(r"\d+", "N", self.part), self.message

    def __str__(self) -> str:
        return f"{self.part}: {self.message}"


@cache
def _schema(path: Path) -> etree.XMLSchema:
    if not path.is_file():
        raise SchemasMissingError(
            f"the ECMA-376 schema {path} is missing: tests/ooxml/schemas comes with the repository "
            "(restore it with git checkout -- tests/ooxml/schemas)"
        )
    return etree.XMLSchema(etree.parse(str(path)))


def ensure_schemas() -> None:
    """Load every schema the check uses, or raise :class:`SchemasMissingError` naming the first absent."""
    for path in SCHEMA_OF_ROOT.values():
        _schema(path)


def _plain(message: str) -> str:
    """A schema message without what changes from file to file (line numbers, quoted values)."""
    message = re.sub(r"line \d+", "", message)
    return re.sub(r"(: |value )'[^']*'", r"\1'…'", message)


def _without_extensions(root: etree._Element) -> etree._Element:
    """The tree as a reader that understands no extension sees it (ECMA-376 Part 3)."""
    ignorable: set[str] = set()
    for element in root.iter(tag=etree.Element):
        for prefix in (element.get(f"{{{_MC}}}Ignorable") or "").split():
            if prefix in element.nsmap:
                ignorable.add(element.nsmap[prefix])
    for choice in list(root.iter(f"{{{_MC}}}AlternateContent")):
        parent = choice.getparent()
        assert parent is not None
        at = parent.index(choice)
        parent.remove(choice)
        fallback = choice.find(f"{{{_MC}}}Fallback")
        for offset, child in enumerate(list(fallback) if fallback is not None else []):
            parent.insert(at + offset, child)
    dropped = ignorable - _DEFINED
    for element in list(root.iter(tag=etree.Element)):
        parent = element.getparent()
        if etree.QName(element).namespace in dropped and parent is not None:
            parent.remove(element)
            continue
        for name in list(element.attrib):
            if name.startswith("{") and name[1:].partition("}")[0] in dropped | {_MC}:
                del element.attrib[name]
    return root


def _zip_problems(names: list[str]) -> Iterator[Problem]:
    if len(names) != len(set(names)):
        yield Problem("(zip)", "duplicate entry names")
    for name in names:
        if name.startswith("/") or "\\" in name or ".." in name.split("/"):
            yield Problem("(zip)", f"unsafe entry name {name!r}")


def _content_type_problems(trees: dict[str, etree._Element], names: set[str]) -> Iterator[Problem]:
    types = trees.get("[Content_Types].xml")
    if types is None:
        yield Problem("[Content_Types].xml", "missing")
        return
    extensions = {d.get("Extension", "").lower() for d in types.iter(f"{{{_TYPES}}}Default")}
    overridden = {o.get("PartName", "").lstrip("/") for o in types.iter(f"{{{_TYPES}}}Override")}
    for part in sorted(overridden - names):
        yield Problem("[Content_Types].xml", f"override for missing part /{part}")
    for name in sorted(names):
        if name.endswith("/") or name == "[Content_Types].xml" or name in overridden:
            continue
        leaf = name.rsplit("/", 1)[-1]
        if (leaf.rsplit(".", 1)[-1].lower() if "." in leaf else "") not in extensions:
            yield Problem(name, "part has no content type")


def _relationship_problems(trees: dict[str, etree._Element], names: set[str]) -> Iterator[Problem]:
    for rels_name, rels in trees.items():
        if not rels_name.endswith(".rels"):
            continue
        folder = posixpath.dirname(posixpath.dirname(rels_name))
        source = posixpath.join(folder, posixpath.basename(rels_name)[: -len(".rels")])
        relationships = list(rels.iter(f"{{{_RELS}}}Relationship"))
        ids = [r.get("Id") for r in relationships]
        if len(ids) != len(set(ids)):
            yield Problem(rels_name, "duplicate relationship Id")
        for relationship in relationships:
            if relationship.get("TargetMode") == "External":
                continue
            target = relationship.get("Target", "")
            if target.startswith("/"):
                resolved = target.lstrip("/")
            else:
                resolved = posixpath.normpath(posixpath.join(folder, target))
            if resolved not in names:
                yield Problem(rels_name, f"relationship target missing: {target}")
        if source not in trees:
            continue
        known = set(ids)
        for element in trees[source].iter(tag=etree.Element):
            for attribute, value in element.attrib.items():
                if attribute.startswith(f"{{{_R}}}") and value and value not in known:
                    yield Problem(source, f"{etree.QName(attribute).localname}={value} has no relationship")


def _slide_id_problems(trees: dict[str, etree._Element]) -> Iterator[Problem]:
    for name, root in trees.items():
        if root.tag == f"{{{_PML}}}presentation":
            ids = [s.get("id") for s in root.iter(f"{{{_PML}}}sldId")]
            if len(ids) != len(set(ids)):
                yield Problem(name, "duplicate slide id")


def _schema_problems(trees: dict[str, etree._Element]) -> Iterator[Problem]:
    for name, root in trees.items():
        path = SCHEMA_OF_ROOT.get(etree.QName(root).namespace or "")
        if path is None or not _VALIDATED.fullmatch(name):
            continue
        schema = _schema(path)
        if not schema.validate(_without_extensions(root)):
            for error in schema.error_log:
                yield Problem(name, _plain(error.message))


def check_package(package: Path | bytes) -> list[Problem]:
    """Everything wrong with the package (a path or its bytes), in a stable order."""
    data = package if isinstance(package, bytes) else package.read_bytes()
    ensure_schemas()
    if not zipfile.is_zipfile(io.BytesIO(data)):
        return [Problem("(zip)", "not a zip package")]
    found: list[Problem] = []
    trees: dict[str, etree._Element] = {}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        found.extend(_zip_problems(names))
        for name in names:
            if name.endswith((".xml", ".rels")):
                try:
                    trees[name] = etree.fromstring(archive.read(name))
                except etree.XMLSyntaxError as error:
                    found.append(Problem(name, f"not well-formed XML: {error}"))
    present = set(names)
    found.extend(_content_type_problems(trees, present))
    found.extend(_relationship_problems(trees, present))
    found.extend(_slide_id_problems(trees))
    found.extend(_schema_problems(trees))
    return found


def _as_transitional(template: bytes) -> bytes:
    """A Strict (ISO/IEC 29500) package translated as deckkit reads it; any other unchanged."""
    from deckkit.ooxml.opc.strict import to_transitional

    with zipfile.ZipFile(io.BytesIO(template)) as source:
        if b"purl.oclc.org" not in source.read("_rels/.rels"):
            return template
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as target:
            for name in source.namelist():
                data = source.read(name)
                target.writestr(name, to_transitional(data) if name.endswith((".xml", ".rels")) else data)
    return out.getvalue()


def new_problems(
    package: Path | bytes, baseline: Path | bytes | Sequence[Path | bytes] | None
) -> list[Problem]:
    """The package's problems that the baseline (the template it came from, or the templates of a
    deck made from several) does not have."""
    known: set[tuple[str, str]] = set()
    baselines = [baseline] if isinstance(baseline, Path | bytes) else list(baseline or [])
    for template in baselines:
        data = template if isinstance(template, bytes) else template.read_bytes()
        known |= {p.kind for p in check_package(_as_transitional(data))}
    return [p for p in check_package(package) if p.kind not in known]


def distinct(problems: Iterable[Problem]) -> list[Problem]:
    """One problem of each kind, in order (a broken layout repeats on every slide)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for problem in problems:
        if problem.kind not in seen:
            seen.add(problem.kind)
            out.append(problem)
    return out

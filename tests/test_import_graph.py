"""No circle in the import graph: no module reaches itself through the modules it imports, and no
sub-package (of deckkit or of deckkit_server, at any depth) through its siblings.

Every import counts: at the top of a module, inside a function and under TYPE_CHECKING (grimp
reads them all, as import-linter does for the layer contracts in pyproject.toml). Importing
``a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py`` first: a module outside a package that
imports one of its modules imports the package's ``__init__`` too, and a circle through one
fails at import time as any other.
"""

from __future__ import annotations

import grimp


def _imported_by(graph: grimp.ImportGraph, module: str) -> list[str]:
    """What importing ``module`` runs: the modules it imports and the packages above them that
    it is not inside of itself (their ``__init__`` runs first)."""
    found = set(graph.find_modules_directly_imported_by(module))
    for imported in list(found):
        parts = imported.split(".")
        for depth in range(1, len(parts)):
            package = ".".join(parts[:depth])
            if not (module == package or module.startswith(package + ".")):
                found.add(package)
    return sorted(found)


def _circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(_imported_by(graph, root)))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            module, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(_imported_by(graph, child))))
                elif child in on_stack:
                    low[module] = min(low[module], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_module_imports_itself_through_others() -> None:
    graph = grimp.build_graph("deckkit", "deckkit_server")
    assert _circles(graph) == []


def _sibling_circles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """Circles between the children of ``package`` (modules and sub-packages, each standing for
    everything inside it), then within each child package in turn."""
    children = sorted(graph.find_children(package))
    edges: dict[str, set[str]] = {child: set() for child in children}
    for child in children:
        inside = {child} | graph.find_descendants(child)
        for module in inside:
            for imported in graph.find_modules_directly_imported_by(module):
                other = next((c for c in children if imported == c or imported.startswith(c + ".")), None)
                if other is not None and other != child:
                    edges[child].add(other)
    found = [circle for circle in _strongly_connected(edges) if len(circle) > 1]
    for child in children:
        if graph.find_children(child):
            found += _sibling_circles(graph, child)
    return found


def _strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """The components of a small graph: nodes that reach each other."""
    reach: dict[str, set[str]] = {}
    for start in edges:
        seen, todo = {start}, [start]
        while todo:
            for nxt in edges[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        reach[start] = seen
    components = {frozenset(n for n in reach[node] if node in reach[n]) for node in edges}
    return sorted(sorted(component) for component in components)


def test_no_package_reaches_itself_through_its_siblings() -> None:
    graph = grimp.build_graph("deckkit", "deckkit_server")
    assert _sibling_circles(graph, "deckkit") + _sibling_circles(graph, "deckkit_server") == []

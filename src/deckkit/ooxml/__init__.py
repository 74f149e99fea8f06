"""The OOXML library under everything that reads or writes a deck, and nothing above it.

- ``opc``: the package as parts (open lazily, clone a slide with what it owns, write what is
  reachable), relationships, content types, part names, Strict read as Transitional;
- ``namespaces``: every namespace URI once, and ``qn("a:t")`` for a Clark name;
- ``locate``: where a key lives on a slide (text, alt text, inherited placeholder frames);
- ``geometry``: ``Box`` and ``xfrm_box``, the one reader of ``a:xfrm``;
- ``chart``: the reading half of charts (plot groups, their kind, axes and series names);
- ``safexml``, ``xml_children``, ``xml_copy``, ``xml_escape``: parsing safely, child lookups,
  copies and character data.

The renderer (``deckkit.renderer``) and template inspection (``deckkit.template``) import it;
it imports neither, so importing it never starts the render engine.
"""

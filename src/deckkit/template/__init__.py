"""What a template expects, and whether data fits it: inspection, previews, schema, checks.

- ``inspect``: :class:`Template`, its slides, the keys on each and what each accepts, skeletons;
- ``preview``: slide pictures through LibreOffice, a wireframe SVG always;
- ``schema``: the JSON Schema of data.json for one template;
- ``skeleton``: a template's skeleton as ready-to-run Python;
- ``early_checks``: the checks ``Deck.add_slide`` makes at once;
- ``validate``: "would this render?", through the renderer's own plan.

What each kind of place accepts is read from one registry, :mod:`deckkit.places`. The modules
are imported one by one (inspecting a template does not load the renderer; validating does).
"""

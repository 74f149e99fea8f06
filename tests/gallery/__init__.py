"""The gallery: what deckkit draws, slide by slide, compared with reviewed golden pictures.

Cases live in ``cases/<topic>.py`` as ``case_<name>(workdir) -> GalleryInput``; each rendered
slide becomes ``golden/<topic>/<name>-<page>.png``. ``./dev gallery`` regenerates the goldens
and the contact sheet ``docs/gallery/index.html`` that a person reviews before committing.
"""

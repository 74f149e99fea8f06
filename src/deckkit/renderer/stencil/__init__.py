"""Stencils: work done once on a template, replayed on each copy of it.

A render fills many copies of few template slides, charts, tables and workbooks. What a fill does
that depends only on the template (where the keys are, how a chart's series map onto its plot
groups, a table cell's text around its value, a workbook sheet's text around its cells) is made
once into a *stencil* and replayed on each copy; the copies then differ only in their data.

This package owns the mechanics, so that a filler declares only what varies:

- :mod:`.switch`: ``DECKKIT_STENCILS=off`` fills every copy by the general path (the suite runs
  both ways, and the output must be the same);
- :mod:`.replay`: the one verify-or-fall-back: a stencil that cannot be made, or does not fit a
  copy, hands that copy to the general path;
- :mod:`.memo`: stencils kept by what they were made of, found by identity: for one render,
  between renders (bounded), or while a workbook's read lives;
- :mod:`.markers`: marker texts no template or data holds, cut out of serialized text and
  spliced over with the data's texts;
- :mod:`.positions`: elements of a template found again on a copy by their child indexes;
- :mod:`.slide_keys`: a template slide's keys, located once and replayed on each copy.
"""

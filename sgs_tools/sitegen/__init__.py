"""Catalog (validated data + compiled effects) → Markdown pages, SVG faces, a built site.

One module per topic: ``markup`` (escaping), ``links`` (page paths and linked rules text),
``face`` (SVG card faces), ``odds`` (samurai probabilities), ``glossary``, ``rulestext``
(an effect's text block), ``words`` (data values in English), and one module per
kind of page (``home``, ``modes``, ``rules``, ``cards``, ``generals``, ``indexes``,
``dslref``, ``samurai``). ``pages`` joins them into ``{path: text}``; ``build`` writes the
build folder, the mkdocs config and runs mkdocs-material.
"""

"""A compiled effect → its rules text block on a page: en / zh / ko lines and the DSL source."""

from __future__ import annotations

from sgs_tools.sitegen.context import SiteData
from sgs_tools.sitegen.links import LANG_NAMES, LANGS
from sgs_tools.sitegen.markup import fenced


def effect_block(site: SiteData, effect_id: str, from_page: str,
                 source: str | None = None) -> str:
    """Rules text in three languages (linked), then the DSL in a folded box.

    ``source`` is the effect text from the data, shown when it did not compile.
    """
    compiled = site.effects.compiled.get(effect_id)
    if compiled is None:
        if not source:
            return "*No effect text yet.*\n"
        return ("*This effect's text does not compile yet; its source:*\n\n"
                + fenced(source, "text"))
    lines = []
    for lang in LANGS:
        text = site.linker.text(compiled, lang, from_page)
        lines.append(f'- <span class="sgs-lang">{LANG_NAMES[lang]}</span> {text}')
    dsl = "\n".join("    " + line if line else "" for line in
                    fenced(compiled.text, "text").splitlines())
    return "\n".join(lines) + "\n\n??? note \"Effect DSL\"\n\n" + dsl + "\n"

"""A compiled effect → its rules text block on a page: en / zh / ko lines and the DSL source."""

from __future__ import annotations

from sgs_tools.sitegen.context import SiteData
from sgs_tools.sitegen.glossary import RULES_PAGE, mark_terms
from sgs_tools.sitegen.links import HTML_LANG, LANG_NAMES, LANGS, rel
from sgs_tools.sitegen.markup import fenced


def effect_block(site: SiteData, effect_id: str, from_page: str,
                 source: str | None = None) -> str:
    """Rules text in three languages (linked; each paragraph marked with its ``lang``, Chinese
    and Korean glossary terms with tooltips in their language), then the DSL, folded.

    ``source`` is the effect text from the data, shown when it did not compile.
    """
    compiled = site.effects.compiled.get(effect_id)
    if compiled is None:
        if not source:
            return "*No effect text yet.*\n"
        return ("*This effect's text does not compile yet; its source:*\n\n"
                + fenced(source, "text"))
    # a raw-HTML link: mkdocs does not rewrite it, so it names the built page
    rules = rel(from_page, RULES_PAGE).removesuffix(".md") + ".html"
    lines = ['<div class="sgs-texts" markdown>']
    for lang in LANGS:
        text = mark_terms(site.linker.text(compiled, lang, from_page), lang, rules)
        lines.append(f'<p class="sgs-text" lang="{HTML_LANG[lang]}" markdown="span">'
                     f'<span class="sgs-lang" lang="{HTML_LANG[lang]}">{LANG_NAMES[lang]}</span> '
                     f"{text}</p>")
    lines.append("</div>")
    dsl = "\n".join("    " + line if line else "" for line in
                    fenced(compiled.text, "text").splitlines())
    return "\n".join(lines) + "\n\n??? note \"Effect DSL\"\n\n" + dsl + "\n"

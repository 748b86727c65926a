"""The glossary (``glossary.TERMS``, ``glossary.TAGS``) + mode facts → the rules page."""

from __future__ import annotations

from sgs_tools.sitegen.context import SiteData
from sgs_tools.sitegen.glossary import LOCAL_TIPS, TAGS, TERMS, term_number
from sgs_tools.sitegen.links import lang_span, mode_page, rel
from sgs_tools.sitegen.markup import md, table

PAGE = "rules.md"


def turn_summary(site: SiteData) -> str:
    """Which modes use which turn structure, from their phase lists."""
    rows = []
    for mode in site.cat.modes.values():
        phases = mode.raw.get("phases") or []
        names = [md((p.get("name") or {}).get("en") or p.get("id", "?"))
                 for p in phases if isinstance(p, dict)]
        if names:
            rows.append([f"[{md(mode.name.en or mode.name.zh)}]"
                         f"({rel(PAGE, mode_page(mode.id))})", " → ".join(names)])
    if not rows:
        return ""
    return ("Each mode lists its own turn. In the Sanguosha modes a turn runs through its "
            "phases in order; a skill or card may skip a phase or add to it.\n\n"
            + table(["Mode", "Phases"], rows))


def rules_markdown(site: SiteData) -> str:
    """The rules page, numbered like a comprehensive rules document: sections 1, 2, 3;
    rules 2.1, 2.2 …; paragraphs 2.1.a, 2.1.b …. Anchors are ids (#distance,
    #distance-a), so links stay valid when a rule is added and the numbers move."""
    parts = ["# Rules and glossary\n",
             "Short explanations of the words the rules text on this site uses, in our own "
             "words, numbered so that they can be cited (rule 2.3, paragraph 2.3.a). Hover a "
             "dotted word anywhere on the site to see its one-line meaning and its rule "
             "number; in Chinese and Korean text the word also links here. Each mode's page "
             "gives its exact numbers.\n",
             "## 1 Turns {#turns}\n", turn_summary(site),
             "## 2 Terms {#terms}\n",
             table(["Rule", "English", "中文", "한국어"],
                   [[f"[{term_number(t.id)}](#{t.id})", f"[{md(t.en)}](#{t.id})",
                     lang_span(md(t.zh), "zh"), lang_span(md(t.ko), "ko")] for t in TERMS])]
    for term in TERMS:
        number = term_number(term.id)
        parts.append(f"### {number} {md(term.en[:1].upper() + term.en[1:])} · "
                     f"{lang_span(md(term.zh), 'zh')} · {lang_span(md(term.ko), 'ko')} "
                     f"{{#{term.id}}}\n")
        parts.append(f"*{md(term.tip)}*\n")
        zh_tip, ko_tip = LOCAL_TIPS[term.id]
        parts.append(f'<span lang="zh-Hans">{md(zh_tip)}</span><br>'
                     f'<span lang="ko">{md(ko_tip)}</span>\n')
        for letter, note in zip("abcdefghijklmnopqrstuvwxyz", term.note, strict=False):
            parts.append(f"**{number}.{letter}** {note}\n{{: #{term.id}-{letter} }}\n")
    parts.append("## 3 Skill tags {#skill-tags}\n")
    parts.append(table(["Rule", "Tag", "中文", "한국어", "Meaning"],
                       [[f'<span id="tag-{tag}">3.{i}</span>', md(en), lang_span(md(zh), "zh"),
                         lang_span(md(ko), "ko"), md(tip)]
                        for i, (tag, (en, zh, ko, tip)) in enumerate(TAGS.items(), 1)]))
    return "\n".join(parts)


"""The glossary (``glossary.TERMS``, ``glossary.TAGS``) + mode facts → the rules page."""

from __future__ import annotations

from sgs_tools.sitegen.context import SiteData
from sgs_tools.sitegen.glossary import TAGS, TERMS
from sgs_tools.sitegen.links import mode_page, rel
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
    parts = ["# Rules and glossary\n",
             "Short explanations of the words the rules text on this site uses, in our own "
             "words. Hover a dotted word anywhere on the site to see its one-line meaning. "
             "Each mode's page gives its exact numbers.\n",
             "## Turns {#turns}\n", turn_summary(site),
             "## Terms {#terms}\n",
             table(["English", "中文", "한국어"],
                   [[f"[{md(t.en)}](#{t.id})", md(t.zh), md(t.ko)] for t in TERMS])]
    for term in TERMS:
        parts.append(f"### {md(term.en[:1].upper() + term.en[1:])} · {md(term.zh)} · "
                     f"{md(term.ko)} {{#{term.id}}}\n")
        parts.append(f"*{md(term.tip)}*\n")
        parts.extend(f"{note}\n" for note in term.note)
    parts.append("## Skill tags {#skill-tags}\n")
    parts.append(table(["Tag", "中文", "한국어", "Meaning"],
                       [[md(en), md(zh), md(ko), md(tip)] for en, zh, ko, tip in TAGS.values()]))
    return "\n".join(parts)

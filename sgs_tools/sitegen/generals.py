"""A general → its page: SVG face, kingdom, health, skills (anchored by id), companions, sets."""

from __future__ import annotations

from sgs_tools.data.model import General, Skill, SkillRef
from sgs_tools.dsl.effects import granting
from sgs_tools.sitegen.context import GENDERS, SiteData, trio
from sgs_tools.sitegen.face import face, health_label
from sgs_tools.sitegen.glossary import TAGS
from sgs_tools.sitegen.links import general_page, lang_span, rel
from sgs_tools.sitegen.markup import code, html, md, table
from sgs_tools.sitegen.rulestext import effect_block


def health(general: General) -> str:
    if general.halves is not None:
        return (f"{md(health_label(general))}: yin-yang halves (阴阳鱼); two halves make one "
                "HP when both generals are added up")
    return f"{general.hp} HP ({general.hp} 勾玉)"


def tag_badges(skill: Skill) -> str:
    badges = []
    for tag in skill.tags:
        en, zh, _ko, tip = TAGS.get(tag, (tag, "", "", ""))
        badges.append(f'<span class="sgs-tag sgs-hint" tabindex="0" title="{html(tip)}" '
                      f'data-hint="{html(tip)}">{md(en)} {md(zh)}</span>')
    return " ".join(badges)


def facts(site: SiteData, general: General, page: str) -> list[list[str]]:
    rows = [["Kingdom", f'<span class="sgs-kingdom" style="--sgs-kingdom: '
                        f'{html(site.kingdom_style(general.kingdom)[0])}">'
                        f"{trio(*site.kingdom(general.kingdom))}</span>"],
            ["Health", health(general)],
            ["Gender", trio(*GENDERS.get(general.gender, (general.gender, None, None)))],
            ["Set", site.set_label(general.set)]]
    if general.also_in:
        rows.append(["Also in", ", ".join(site.set_label(s) for s in general.also_in)])
    if general.edition:
        rows.append(["Edition", md(general.edition)])
    if general.lord is not None:
        rows.append(["Lord", "yes" if general.lord else "no"])
    if general.companions:
        rows.append(["Companions (珠联璧合)",
                     ", ".join(site.general_link(c, page) for c in general.companions)])
    modes = site.modes_of_general.get(general.id, [])
    rows.append(["Modes", ", ".join(site.mode_link(m, page) for m in modes) or "none"])
    return rows


def skill_section(site: SiteData, general: General, skill: Skill, page: str,
                  granted: bool = False) -> str:
    heading = " · ".join(md(p) for p in (skill.name.en, skill.name.zh, skill.name.ko) if p)
    out = [f"### {heading} {{#{skill.id}}}\n"]
    badges = tag_badges(skill)
    meta = [badges] if badges else []
    if granted:
        meta.append(granted_by(site, general, skill, page))
    shared = shared_with(site, general, skill, page)
    if shared:
        meta.append(shared)
    if meta:
        out.append(" — ".join(meta) + "\n")
    out.append(effect_block(site, skill.id, page, skill.effect))
    return "\n".join(out)


def granted_by(site: SiteData, general: General, skill: Skill, page: str) -> str:
    """'Not a starting skill: granted by Self-Reliance.' — each skill whose effect grants
    it (gain_skill), linked to its section (on this page when it is the general's own)."""
    own = {s.id for s in site.skills_of(general)}
    links = []
    for source in granting(site.effects).get(skill.id, []):
        found = site.cat.skills.get(source)
        if found is None:
            continue
        name = md(found.name.en or found.name.zh)
        if source in own:
            links.append(f"[{name}](#{source})")
        else:
            links.append(site.general_skill_link(found.owner, source, page))
    return "Not a starting skill: granted by " + (", ".join(links) or "no skill") + "."


def shared_with(site: SiteData, general: General, skill: Skill, page: str) -> str:
    """'Shared skill. Other generals with it: A (defined there), B.' — every other general
    with the skill once, linked to the skill on its page; never the page's own general."""
    others = [g for g in site.users_of_skill.get(skill.id, []) if g != general.id]
    if skill.owner != general.id and skill.owner in site.cat.generals:
        others = [skill.owner] + [g for g in others if g != skill.owner]
    if not others:
        return ""
    links = [site.general_skill_link(g, skill.id, page)
             + (" (defined there)" if g == skill.owner else "") for g in others]
    return "Shared skill. Other generals with it: " + ", ".join(links) + "."


def compare_cell(site: SiteData, general: General, page: str) -> str:
    """A general's skills for the comparison table: each name (linked to its section)
    and its English rules text, one per line."""
    out = []
    for skill in site.skills_of(general):
        name = md(skill.name.en or skill.name.zh)
        link = f"[{name}]({rel(page, general_page(general.id), skill.id)})"
        compiled = site.effects.compiled.get(skill.id)
        text = site.linker.text(compiled, "en", page) if compiled else "*no effect text yet*"
        out.append(f"**{link}** {md(skill.name.zh)}: {text}")
    return "<br>".join(out) or "no skills"


def versions(site: SiteData, general: General, page: str) -> str:
    """Links to the general's other versions and a table comparing them side by side."""
    ids = site.versions.get(general.id)
    if not ids:
        return ""
    gens = [general] + [site.cat.generals[g] for g in ids if g != general.id]
    links = [f"- {site.general_link(g.id, page)}: {site.set_label(g.set)}"
             + (f", {md(g.edition)} edition" if g.edition else "") for g in gens[1:]]
    heads = ["", f"**{md(site.general_name(general))}** (this page)"]
    heads += [site.general_link(g.id, page) for g in gens[1:]]
    rows = [["Set", *[site.set_name(g.set) for g in gens]],
            ["Kingdom", *[site.kingdom_cell(g.kingdom) for g in gens]],
            ["Health", *[health(g) for g in gens]],
            ["Skills", *[compare_cell(site, g, page) for g in gens]]]
    return ("## Other versions {#general-versions}\n\n" + "\n".join(links) + "\n\n"
            "### Versions compared {#versions-compared}\n\n"
            '<div class="sgs-compare" markdown>\n\n' + table(heads, rows) + "\n</div>\n")


def edition_note(general: General) -> str:
    if not general.edition:
        return ""
    return (f"*The rules text on this page follows the {md(general.edition)} edition of "
            "this general; later printings and online versions may word or balance it "
            "differently.*\n")


def general_markdown(site: SiteData, general: General) -> str:
    page = general_page(general.id)
    skills = site.skills_of(general)
    svg = face(general, skills, site.kingdom_style(general.kingdom),
               site.kingdom(general.kingdom)[0])
    parts = [f"# {md(site.general_title(general))}\n",
             f'<div class="sgs-face-box" data-search-exclude>{svg}</div>\n',
             table(["General", md(site.general_name(general))],
                   [*facts(site, general, page), ["Id", code(general.id)]]),
             "## Skills {#general-skills}\n"]
    if not general.skills:
        parts.append("This general has no skills.\n")
    for entry in general.skills:
        skill = site.cat.skills.get(entry.id) if isinstance(entry, SkillRef) else entry
        if skill is not None:
            parts.append(skill_section(site, general, skill, page))
    for granted in general.granted:  # skills it does not start with (钟会's 排异)
        parts.append(skill_section(site, general, granted, page, granted=True))
    name = general.name
    parts += ["## Names {#general-names}\n",
              table(["中文", "English", "한국어"],
                    [[lang_span(md(name.zh), "zh"), md(name.en or ""),
                      lang_span(md(name.ko or ""), "ko")]])]
    note = edition_note(general)
    if note:
        parts.insert(3, note)
    other = versions(site, general, page)
    if other:
        parts.append(other)
    parts.append(f"[All generals]({rel(page, 'generals/index.md')})\n")
    return "\n".join(parts)

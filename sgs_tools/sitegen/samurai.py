"""The samurai variant's rules block → sections: houses, commands, money, ninja, war, units.

Also draws the ninja-odds chart (inline SVG) and the exact war-dice table from ``odds``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sgs_tools.sitegen import odds
from sgs_tools.sitegen.context import SiteData, trio
from sgs_tools.sitegen.markup import html, md, table
from sgs_tools.sitegen.words import names_of, w

PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
           "#9c755f")


def _names(raw: Any, fallback: str) -> str:
    return trio(*names_of(raw, fallback))


def houses(raw: dict[str, Any]) -> str:
    out = []
    if raw.get("houses_per_player"):
        out.append(f"- Each player runs {md(raw['houses_per_player'])} houses.")
    limits = raw.get("row_limits") or {}
    if limits:
        out.append("- A house holds at most " + ", ".join(
            f"{md(n)} {md(k)}" for k, n in limits.items()) + " cards.")
    if raw.get("hand_limit"):
        out.append(f"- Hand limit: {md(raw['hand_limit'])} cards"
                   + (f", checked {w(raw['limits_checked'])}" if raw.get("limits_checked")
                      else "") + "; the excess goes straight to the discard pile.")
    daimyo = raw.get("daimyo") or {}
    if daimyo:
        out.append("- The daimyo (大名) sits in the first samurai seat of the first row."
                   if daimyo.get("seat") else "- Each house has a daimyo (大名).")
        if daimyo.get("replaced_on_death"):
            out.append("- When a daimyo dies another samurai of the house takes the seat at "
                       "once" + (" (if none is left, the next samurai drawn does)"
                                 if daimyo.get("none_left") else "") + ".")
        retire = daimyo.get("retire") or {}
        if retire:
            out.append("- A daimyo may retire during their owner's own turn; the retired "
                       "card is discarded" + (", but not while shogun"
                                              if retire.get("not_while_shogun") else "") + ".")
    guard = raw.get("house_guard") or {}
    if guard:
        out.append("- A samurai with the daimyo's crest is a house guard; each guard makes "
                   f"ninja actions against the house {md(guard.get('ninja_defence', 1))} in 6 "
                   "less likely.")
    if raw.get("house_needs_samurai"):
        out.append("- A house left without samurai loses all its cards.")
    honor = raw.get("honor") or {}
    if honor:
        target = honor.get("target") or {}
        rounding = ", fractions rounded down" if honor.get("rounding") == "floor" else ""
        out.append(f"- Honor: the target is set between {md(target.get('min', '?'))} and "
                   f"{md(target.get('max', '?'))}; honor comes from "
                   f"{w(honor.get('sources'))}{rounding}.")
    return "\n".join(out) + "\n"


def commands(raw: dict[str, Any]) -> str:
    out = [f"A player has {md(raw.get('base', '?'))} commands a turn, "
           f"+{md(raw.get('per_castle', 0))} per castle, between "
           f"{md(raw.get('min', '?'))} and {md(raw.get('max', '?'))}.\n"]
    rows = []
    for kind in raw.get("kinds") or []:
        if not isinstance(kind, dict):
            continue
        notes = []
        if kind.get("pay_cost"):
            notes.append("pay the cost of " + w(kind["pay_cost"]))
        if kind.get("discounts"):
            notes.append("discounts: " + w(kind["discounts"]))
        rows.append([_names(kind.get("name"), str(kind.get("id", "?"))),
                     f"{md(kind.get('commands', 1))} per {md(kind.get('per', 'use'))}",
                     "; ".join(notes)])
    if rows:
        out.append(table(["Command", "Costs", "Notes"], rows))
    return "\n".join(out)


def money(raw: dict[str, Any]) -> str:
    out = []
    if raw.get("unused_command"):
        out.append(f"Each unused command earns {md(raw['unused_command'])} money.")
    if raw.get("spend_on"):
        out.append(f"Money buys {w(raw['spend_on'])} only.")
    if raw.get("rounding") == "floor":
        out.append("Fractions of money are dropped.")
    return " ".join(out) + "\n"


def ninja_section(raw: dict[str, Any]) -> str:
    actions = odds.ninja_actions(raw)
    mods = odds.modifiers_of(raw)
    out = ["One samurai performs the action and a die is rolled"
           + ("; on a failure that samurai is discarded" if raw.get("on_failure") ==
              "actor_discarded" else "") + ".\n"]
    rows = []
    for action in actions:
        name = _names(action.name, action.id)
        note = ("cannot target " + w(list(action.excludes))) if action.excludes else ""
        rows.append([name, f"{action.chance_in_six} in 6",
                     odds.percent(Fraction(action.chance_in_six, 6)), note])
    if rows:
        out.append(table(["Action", "Chance", "%", "Notes"], rows))
    if mods:
        out.append("Modifiers: " + "; ".join(
            md(m.source.replace("_", " ")) + (f" ×{m.multiply}" if m.multiply != 1 else "")
            + (f" {m.add_in_six:+d} in 6".replace("-", "−") if m.add_in_six else "")
            + (f" per {md(m.per)}" if m.per else "") for m in mods)
            + ". Here a multiplier applies before any addition, and a chance stays between "
              "0 and 6 in 6.\n")
    if actions:
        out += ["### Ninja odds under each modifier {#ninja-odds}\n", ninja_chart(raw),
                ninja_table(raw)]
    return "\n".join(out)


def ninja_table(raw: dict[str, Any]) -> str:
    actions = odds.ninja_actions(raw)
    cases = odds.scenarios(odds.modifiers_of(raw))
    head = ["Action", *[md(s.label) for s in cases]]
    rows = []
    for action in actions:
        cells = [md(action.name.get("en") or action.id)]
        for case in cases:
            p = case.chance(action.chance_in_six)
            cells.append(f"{p.numerator}/{p.denominator} ({odds.percent(p, 0)})"
                         if p else "0")
        rows.append(cells)
    return table(head, rows)


def ninja_chart(raw: dict[str, Any]) -> str:
    """Grouped bars: one group per ninja action, one bar per modifier case; a case under
    which every action has no chance draws no bars and is left out (the table keeps it)."""
    actions = odds.ninja_actions(raw)
    cases = [case for case in odds.scenarios(odds.modifiers_of(raw))
             if any(case.chance(a.chance_in_six) for a in actions)]
    left, top, plot_h, bar_w, gap = 44, 14, 180, 12, 18
    group_w = bar_w * len(cases) + gap
    longest = max((len(case.label) for case in cases), default=0)
    width = max(left + group_w * len(actions) + 10, left + 24 + int(6.4 * longest))
    legend_h = 16 * len(cases) + 8
    height = top + plot_h + 46 + legend_h
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" role="img" class="sgs-chart" '
             f'font-family="sans-serif" font-size="11">',
             "<title>Ninja success chance by action and modifier</title>"]
    for pct in range(0, 101, 25):
        y = top + plot_h - plot_h * pct / 100
        parts.append(f'<line x1="{left}" x2="{width - 6}" y1="{y:.1f}" y2="{y:.1f}" '
                     'stroke="#ccc" stroke-width="1"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" '
                     f'fill="#444">{pct}%</text>')
    for i, action in enumerate(actions):
        x0 = left + gap / 2 + i * group_w
        for j, case in enumerate(cases):
            p = case.chance(action.chance_in_six)
            h = plot_h * float(p)
            x = x0 + j * bar_w
            parts.append(f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{bar_w - 1}" '
                         f'height="{h:.1f}" fill="{PALETTE[j % len(PALETTE)]}">'
                         f"<title>{html(action.name.get('en') or action.id)}, "
                         f"{html(case.label)}: {p.numerator}/{p.denominator}</title></rect>")
        label = action.name.get("en") or action.id
        words = label.split()
        mid = x0 + bar_w * len(cases) / 2
        for k, line in enumerate((" ".join(words[:2]), " ".join(words[2:]))):
            if line:
                parts.append(f'<text x="{mid:.1f}" y="{top + plot_h + 16 + 12 * k}" '
                             f'text-anchor="middle" fill="#222">{html(line)}</text>')
    ly = top + plot_h + 46
    for j, case in enumerate(cases):
        parts.append(f'<rect x="{left}" y="{ly + 16 * j}" width="10" height="10" '
                     f'fill="{PALETTE[j % len(PALETTE)]}"/>')
        parts.append(f'<text x="{left + 16}" y="{ly + 16 * j + 9}" fill="#222">'
                     f"{html(case.label)}</text>")
    parts.append("</svg>")
    return f'<div class="sgs-chart-box" data-search-exclude>{"".join(parts)}</div>\n'


def war_section(raw: dict[str, Any], dice_in_box: int | None) -> str:
    divisor = int(raw.get("dice_divisor") or 3)
    rounding = str(raw.get("dice_rounding") or "floor")
    tie = str(raw.get("tie") or "defender")
    out = []
    if raw.get("target"):
        out.append(f"A war is declared against a {w(raw['target'])}"
                   + (", house against house" if raw.get("per_house") else "") + ".")
    part = raw.get("participants") or {}
    if part:
        out.append("Each side fights with at most " + ", ".join(
            f"{md(n)} {md(k)}" for k, n in part.items()) + " cards.")
    if raw.get("attack_sum"):
        out.append("Attack strength adds up: " + w(raw["attack_sum"]) + ".")
    if raw.get("defence_sum"):
        out.append("Defence strength adds up: " + w(raw["defence_sum"]) + ".")
    out.append(f"Each side rolls one die per {divisor} strength"
               f" ({'rounded down' if rounding == 'floor' else md(rounding)}); the higher "
               f"pip total wins and a tie goes to the {md(tie)}.")
    if raw.get("loser_discards"):
        out.append(f"The loser discards the {w(raw['loser_discards'])}.")
    if raw.get("attacker_wins"):
        out.append(f"A winning attacker may {w(raw['attacker_wins'])}.")
    text = " ".join(out) + "\n\n"
    top = dice_in_box or 7
    strengths = [[str(s), str(odds.dice_for(s, divisor, rounding))]
                 for s in range(0, divisor * (top + 1), divisor)]
    text += "**Strength → dice**\n\n" + table(["Strength (at least)", "Dice"], strengths)
    text += ("\n### War odds by dice count {#war-odds}\n\n"
             "The chance that the attacker wins, enumerating every roll exactly "
             f"(rows: attacker's dice; columns: defender's dice; ties go to the {md(tie)}). "
             "Hover or tap a cell for the exact fraction.\n\n")
    head = ["Attacker \\\\ defender", *[str(d) for d in range(0, top + 1)]]
    rows = []
    for a in range(0, top + 1):
        cells = [f"**{a}**"]
        for d in range(0, top + 1):
            p = odds.war_win(a, d, tie)
            cells.append(f'<span class="sgs-hint" tabindex="0" '
                         f'title="{p.numerator}/{p.denominator}" '
                         f'data-hint="{p.numerator}/{p.denominator}">'
                         f"{odds.percent_label(p)}</span>")
        rows.append(cells)
    text += '<div class="sgs-scroll" markdown>\n\n' + table(head, rows) + "\n</div>\n"
    small = [[str(a), str(d), f"{odds.war_win(a, d, tie)}"]
             for a in range(1, 4) for d in range(1, 4)]
    text += "\n??? note \"Exact fractions for small armies\"\n\n" + "\n".join(
        "    " + line for line in table(["Attacker dice", "Defender dice", "P(attacker wins)"],
                                        small).splitlines()) + "\n"
    return text


def units(raw: list[Any]) -> str:
    rows = []
    for unit in raw:
        if not isinstance(unit, dict):
            continue
        bonus = unit.get("bonus") or {}
        kind = bonus.get("kind")
        if kind == "matched":
            against = bonus.get("against") or []
            if against:
                text = f"+{md(bonus.get('value', 1))} against " + w(against)
            else:
                text = (f"+{md(bonus.get('value', 1))} against all but "
                        + w(bonus.get("against_all_except") or []))
        elif kind == "advance":
            text = (f"{w(bonus.get('when'))}: {md(bonus.get('chance_in_six', 1))} in 6 to "
                    f"remove {md(bonus.get('removes', 1))} attacking card before the war")
        elif kind == "none":
            text = "none"
        else:
            text = w(bonus)
        rows.append([_names(unit.get("name"), str(unit.get("id", "?"))), text])
    return table(["Unit", "Bonus"], rows)


def ability_sentence(raw: dict[str, Any]) -> str:
    """A samurai ability's numbers as an English sentence (escaped): '+1 war strength
    when attacking a castle'; keys this page does not know are listed after it."""
    clauses = []
    rest = dict(raw)
    if "war_bonus" in rest:
        bonus = rest.pop("war_bonus")
        amount = "its own value" if bonus == "card_value" else f"+{md(bonus)}"
        clause = f"{amount} war strength" if bonus != "card_value" else \
            "adds its own value to war strength"
        if rest.get("per"):
            clause += f" for each {w(rest.pop('per')).replace('of card unit', 'of its unit type')}"
        if rest.get("when"):
            clause += f" when {w(rest.pop('when'))}"
        clauses.append(clause)
    if "discount" in rest:
        what = w(rest.pop("applies_to")) if rest.get("applies_to") else "cards"
        clauses.append(f"pays {md(rest.pop('discount'))} less for a {what}")
    if "money_per_turn" in rest:
        rounding = " (rounded down)" if rest.pop("rounding", None) == "floor" else ""
        clauses.append(f"+{md(rest.pop('money_per_turn'))} money each turn{rounding}")
    if "chance_multiplier" in rest:
        clauses.append(f"multiplies its ninja chances by {md(rest.pop('chance_multiplier'))}")
    if rest.get("scope"):
        clauses.append(f"applies to {w(rest.pop('scope')).replace('own', 'its own')}")
    text = "; ".join(clauses)
    text = text[:1].upper() + text[1:] + "." if text else ""
    if rest:
        text += (" " if text else "") + "; ".join(
            f"{md(k.replace('_', ' ').capitalize())}: {w(v)}" for k, v in rest.items()) + "."
    return text


def abilities(raw: list[Any]) -> str:
    rows = []
    for ability in raw:
        if not isinstance(ability, dict):
            continue
        rest = {k: v for k, v in ability.items() if k not in ("id", "name")}
        rows.append([_names(ability.get("name"), str(ability.get("id", "?"))),
                     ability_sentence(rest)])
    return table(["Ability", "Effect"], rows)


DECLARATIONS = {"shogun": "declare themselves shogun", "war": "declare war"}


def declarations(raw: Any) -> str:
    """'At the end of a turn a player may declare themselves shogun or declare war.'"""
    items = raw if isinstance(raw, list) else [raw]
    phrases = [DECLARATIONS.get(str(d), f"declare {w(d)}") for d in items]
    joined = (", ".join(phrases[:-1]) + " or " + phrases[-1]) if len(phrases) > 1 \
        else phrases[0]
    return f"At the end of a turn a player may {joined}.\n"


def markdown(site: SiteData, raw: dict[str, Any], mode_raw: dict[str, Any], page: str) -> str:
    """The samurai sections of the samurai mode page."""
    dice = (mode_raw.get("components") or {}).get("dice")
    out = ["## Houses, daimyo and honor {#samurai-houses}\n", houses(raw)]
    handled = {"houses_per_player", "row_limits", "hand_limit", "limits_checked", "daimyo",
               "house_guard", "house_needs_samurai", "honor"}
    blocks = (("commands", "Commands", commands), ("money", "Money", money),
              ("ninja", "Ninja", ninja_section))
    for key, title, render in blocks:
        if isinstance(raw.get(key), dict):
            handled.add(key)
            out += [f"## {title} {{#samurai-{key}}}\n", render(raw[key])]
    if raw.get("declarations"):
        handled.add("declarations")
        out += ["## Declarations {#samurai-declarations}\n",
                declarations(raw["declarations"])]
    shogun = raw.get("shogun")
    if isinstance(shogun, dict):
        handled.add("shogun")
        out += ["## Shogun {#samurai-shogun}\n",
                f"The shogun card is worth {md(shogun.get('honor', '?'))} honor and sits beside "
                "the daimyo; it scores if still held at the owner's next turn. Declaring "
                "shogun against a sitting shogun means war.\n"]
    if isinstance(raw.get("war"), dict):
        handled.add("war")
        out += ["## War {#samurai-war}\n",
                war_section(raw["war"], dice if isinstance(dice, int) else None)]
    if isinstance(raw.get("units"), list):
        handled.add("units")
        out += ["## Unit types {#samurai-units}\n", units(raw["units"])]
    if isinstance(raw.get("abilities"), list):
        handled.add("abilities")
        out += ["## Samurai abilities {#samurai-abilities}\n", abilities(raw["abilities"])]
    rest = {k: v for k, v in raw.items() if k not in handled}
    if rest:
        out += ["## More samurai rules {#samurai-more}\n",
                "\n".join(f"- {md(k.replace('_', ' ').capitalize())}: {w(v)}"
                          for k, v in rest.items()) + "\n"]
    return "\n".join(out)

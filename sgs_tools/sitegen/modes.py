"""A mode (modes/*.yaml) → its page: every structured rule as tables and sentences.

The sentences are ours, built from the data's keys and values; each known key has a
small renderer, and keys no renderer knows yet are listed under "Other data" so that
nothing in the data is silently left off the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from sgs_tools.data.model import Mode
from sgs_tools.sitegen import samurai
from sgs_tools.sitegen.context import CARD_TYPES, SiteData, trio
from sgs_tools.sitegen.links import deck_page, lang_span, mode_page, rel
from sgs_tools.sitegen.markup import code, fenced, md, table
from sgs_tools.sitegen.words import count_list, counted, names_of, w

DEATH_ZONES = ("hand", "equipment", "judgement", "pile")
"""The zones a mode's ``death.discard`` may list (the mode schema's), in the page's order."""


class ModePage:
    """Builds one mode's page, section by section."""

    def __init__(self, site: SiteData, mode: Mode) -> None:
        self.site = site
        self.mode = mode
        self.raw = mode.raw
        self.page = mode_page(mode.id)
        self.role_names = {rid: names_of(n, rid) for rid, n in
                           ((self.raw.get("roles") or {}).get("names") or {}).items()}

    # -- helpers ------------------------------------------------------------------------
    def role(self, role_id: str) -> str:
        return md(self.role_names.get(role_id, (role_id.replace("_", " "), None, None))[0])

    def card(self, card_id: str) -> str:
        return self.site.card_link(card_id, self.page)

    # -- sections -----------------------------------------------------------------------
    def overview(self) -> str:
        raw = self.raw
        rows = []
        players = raw.get("players") or {}
        if players:
            rows.append(["Players", f"{md(players.get('min', '?'))}–{md(players.get('max', '?'))}"])
        if raw.get("based_on"):
            taken = (f"; this page shows the sections it takes from it: "
                     f"{', '.join(md(k) for k in self.mode.inherited)}"
                     if self.mode.inherited else "")
            rows.append(["Based on", self.site.mode_link(str(raw["based_on"]), self.page)
                         + f" (rules not repeated here follow that mode{taken})"])
        mode_decks = self.site.cat.decks_of(self.mode)  # an expansion's decks join too
        if mode_decks:
            decks = []
            for deck_id in mode_decks:
                deck = self.site.cat.decks.get(deck_id)
                size = f" ({counted(deck.size, 'card')})" if deck else ""
                target = deck_page(deck_id) if deck else "cards/index.md"
                decks.append(f"[{self.site.deck_name(deck_id)}]"
                             f"({rel(self.page, target)}){size}")
            rows.append(["Decks", ", ".join(decks)])
        pool = raw.get("generals") or {}
        sets = self.site.mode_sets(self.mode)
        if sets:
            generals = self.site.cat.pool(self.mode)
            browse = "[listed below](#mode-pool)"
            if len(sets) == 1:
                text = (f"{self.site.set_label(sets[0])} "
                        f"({counted(len(generals), 'general')}, {browse})")
            else:
                text = "; ".join(f"{self.site.set_label(s)}: "
                                 f"{sum(1 for g in generals if s in g.sets)}" for s in sets)
                text += f" ({counted(len(generals), 'general')} in all, {browse})"
            rows.append(["General sets", text])
        if pool.get("per_player"):
            rows.append(["Generals per player", md(pool["per_player"])])
        positions = pool.get("positions") or []
        if positions:
            rows.append(["Positions", ", ".join(trio(*names_of(p.get("name"), p.get("id", "?")))
                                                 for p in positions if isinstance(p, dict))])
        if self.mode.kingdoms:
            # with the kingdoms of the expansions joining the mode
            rows.append(["Kingdoms", ", ".join(
                trio(*self.site.kingdom(k)) + (" (expansion)" if k in self.site.cat.kingdoms
                                                else "")
                for k in self.site.cat.mode_kingdoms(self.mode))])
        if raw.get("precedence"):
            rows.append(["Precedence", " > ".join(md(p) for p in raw["precedence"])
                         + " (see [priority](" + rel(self.page, "rules.md", "priority") + "))"])
        rows.append(["Reference engine", self.engine()])
        return table(["Mode", md(self.mode.name.en or self.mode.name.zh)],
                     [*rows, ["Id", code(self.mode.id)]])

    def engine(self) -> str:
        """Whether ``sgs simulate`` plays the mode, and the skills and cards the engine
        cannot run (the Library's engine gaps)."""
        played, sources, gaps = self.site.engine_support(self.mode)
        head = "plays this mode" if played else "does not play this mode"
        effects = f"{len(sources)} skill{'s' if len(sources) != 1 else ''} and cards"
        if not gaps:
            return f"{head}; all {effects} run from their hooks (0 engine gaps)"
        shown = ", ".join(f"{code(s)} ({', '.join(md(w) for w in words)})"
                          for s, words in list(gaps.items())[:10])
        more = f" and {len(gaps) - 10} more" if len(gaps) > 10 else ""
        return (f"{head}; {len(gaps)} of its {effects} use words it cannot run "
                f"({len(gaps)} engine gap{'s' if len(gaps) != 1 else ''}): {shown}{more}")

    def components(self, raw: dict[str, Any]) -> str:
        labels = {"game_cards": "Game cards", "ex_cards": "EX cards", "card_types": "By type",
                  "ex_by_type": "EX cards by type", "generals": "General cards",
                  "generals_by_kingdom": "Generals by kingdom", "role_cards": "Role cards",
                  "hp_cards": "HP cards", "careerist_cards": "Careerist cards",
                  "dice": "Dice", "chips": "Chips"}
        rows = [[md(labels.get(k, k.replace("_", " ").capitalize())),
                 count_list(v, self._component_name(k))] for k, v in raw.items()]
        return table(["Component", "Count"], rows)

    def _component_name(self, key: str) -> Callable[[str], str] | None:
        """How to name the ids a component count is broken down by (unescaped)."""
        if key == "generals_by_kingdom":
            return lambda k: self.site.kingdom(k)[0]
        if key == "role_cards":
            return lambda r: self.role_names.get(r, (r.replace("_", " "), None, None))[0]
        if key in ("card_types", "ex_by_type"):
            return lambda t: CARD_TYPES.get(t, (t.replace("_", " "),))[0]
        return None

    def setup(self, raw: dict[str, Any]) -> str:
        out = []
        if "starting_hand" in raw:
            out.append(f"Each player starts with {md(raw['starting_hand'])} cards in hand.")
        if "first_player" in raw:
            out.append(f"The first turn goes to {w(raw['first_player'])}.")
        if "turn_order" in raw:
            out.append(f"Turns pass {w(raw['turn_order'])} around the table.")
        rest = {k: v for k, v in raw.items()
                if k not in ("starting_hand", "first_player", "turn_order")}
        out += [f"{md(k.replace('_', ' ').capitalize())}: {w(v)}." for k, v in rest.items()]
        return " ".join(out) + "\n"

    def roles(self, raw: dict[str, Any]) -> str:
        ids = list(raw.get("ids") or [])
        public = set(raw.get("public") or [])
        rows = [[md(r), trio(*self.role_names.get(r, (r, None, None))),
                 "face up" if r in public else "hidden"] for r in ids]
        out = [table(["Role", "Names", "Shown"], rows)]
        renamed = [r for r in ids if self.role_names.get(r, (r,))[0].lower()
                   not in (r, r.replace("_", " "))]
        for r in renamed:
            out.append(f"In this mode the {md(r.replace('_', ' '))} role is called "
                       f"{trio(*self.role_names[r])}.\n")
        for key, title in (("table", "Roles dealt per player count"),
                           ("alternative_table", "Alternative deal")):
            deal = raw.get(key) or {}
            if not deal:
                continue
            out.append(f"**{title}**\n")
            head = ["Players", *[self.role(r) for r in ids]]
            body = [[md(n), *[md((row or {}).get(r, 0)) for r in ids]]
                    for n, row in deal.items()]
            out.append(table(head, body))
        return "\n".join(out)

    def factions(self, raw: dict[str, Any]) -> str:
        names = raw.get("names") or {}
        rows = [[md(f), trio(*names_of(names.get(f), f))] for f in raw.get("ids") or []]
        return ("Players whose revealed generals share a kingdom form one faction.\n\n"
                + table(["Faction", "Names"], rows))

    def careerist(self, raw: dict[str, Any]) -> str:
        name = trio(*names_of(raw.get("name"), "careerist"))
        limit = (f"{w(raw.get('threshold', 'more_than_half'))} "
                 f"{w(raw.get('of', 'total_players'))}")
        out = [f"A careerist ({name}) plays for themselves. A kingdom becomes too crowded "
               f"when it would hold {limit}; the player whose reveal would do that becomes "
               "a careerist instead."]
        if raw.get("later_reveals") == "careerist":
            out.append("Anyone revealing that kingdom later becomes a careerist too.")
        if raw.get("each_own_faction"):
            out.append("Careerists are not allies of one another: each is a faction alone.")
        text = " ".join(out) + "\n"
        deal = raw.get("table") or {}
        if deal:
            text += "\n" + table(["Players", "Careerist from the … reveal of one kingdom"],
                                 [[md(n), f"{md(k)}{_ordinal(k)}"] for n, k in deal.items()])
        return text

    def reveal(self, raw: dict[str, Any]) -> str:
        out = []
        if "hidden_general_has" in raw:
            has = raw["hidden_general_has"] or []
            out.append("- A hidden general gives its player " + (
                "nothing: no skills, no gender and no kingdom." if not has
                else f"only: {w(has)}."))
        if raw.get("timings"):
            out.append("- A player may reveal " + " or ".join(w(t) for t in raw["timings"]) + ".")
        gender = raw.get("gender") or {}
        if gender:
            out.append("- Gender: " + "; ".join(
                f"{md(k.replace('_', ' '))} → {w(v)}" for k, v in gender.items()) + ".")
        if raw.get("kingdom_from"):
            out.append(f"- A player's kingdom is that of {w(raw['kingdom_from'])}.")
        return "\n".join(out) + "\n"

    def health(self, raw: dict[str, Any]) -> str:
        out = []
        if raw.get("yin_yang"):
            out.append("- Health is counted in yin-yang halves ([阴阳鱼]("
                       + rel(self.page, "rules.md", "halves") + ")).")
        if raw.get("max_hp_from"):
            out.append(f"- Max HP comes from {w(raw['max_hp_from'])}.")
        if raw.get("max_hp_cap"):
            out.append("- HP never rises above max HP.")
        bonus = raw.get("lord_bonus") or {}
        if bonus:
            out.append(f"- The lord's max HP is +{md(bonus.get('max_hp', 1))}"
                       + (f" in games of {md(bonus['min_players'])} or more players"
                          if bonus.get("min_players") else "") + ".")
        lone = raw.get("lone_half") or {}
        if lone:
            draw = lone.get("draw", 1)
            drawn = counted(draw, "card") if isinstance(draw, int) else f"{md(draw)} cards"
            out.append(f"- A half left over after pairing draws {drawn}, "
                       f"{w(lone.get('when', 'once'))}.")
        first = raw.get("first_game") or {}
        if first:
            out.append("- For a first game: " + "; ".join(_first_game(first)) + ".")
        known = {"yin_yang", "max_hp_from", "max_hp_cap", "lord_bonus", "lone_half",
                 "first_game"}
        out += [f"- {md(k.replace('_', ' ').capitalize())}: {w(v)}." for k, v in raw.items()
                if k not in known]
        return "\n".join(out) + "\n"

    def companions(self, raw: dict[str, Any]) -> str:
        options = [("draw " + md(o["draw"]) + " cards") if "draw" in o else
                   ("recover " + md(o["recover"]) + " HP") if "recover" in o else w(o)
                   for o in raw.get("choose_one") or [] if isinstance(o, dict)]
        when = raw.get("when", "both_revealed_first_time")
        head = ("The first time both of a player's generals are face up and they are "
                f"[companions]({rel(self.page, 'rules.md', 'companions')})"
                if when == "both_revealed_first_time" else
                f"When [companions]({rel(self.page, 'rules.md', 'companions')}) meet "
                f"({w(when)})")
        return f"{head}, their player chooses one: " + " or ".join(options) + ".\n"

    def phases(self, phases: list[Any]) -> str:
        rows = []
        for i, phase in enumerate(phases, 1):
            if not isinstance(phase, dict):
                continue
            en, zh, ko = names_of(phase.get("name"), str(phase.get("id", "?")))
            rows.append([str(i), md(en), md(zh or ""), md(ko or ""), self._phase_rules(phase)])
        return table(["#", "Phase", "中文", "한국어", "Rules"], rows)

    def _phase_rules(self, phase: dict[str, Any]) -> str:
        out = []
        for key, value in phase.items():
            if key in ("id", "name"):
                continue
            if key == "draw":
                out.append(f"draw {md(value)} cards")
            elif key == "use_limits" and isinstance(value, dict):
                out += [f"{self.card(c)} at most "
                        + (counted(n, "time") if isinstance(n, int) else f"{md(n)} times")
                        for c, n in value.items()]
            elif key == "hand_limit":
                out.append(f"hand limit: {w(value)}")
            elif key == "judge_order" and isinstance(value, list):
                out.append("judged in order: " + ", ".join(self.card(c) for c in value))
            elif key == "judge_order":
                out.append(f"judged {w(value)}")
            elif key == "judgement_area_same_card":
                out.append(f"at most {md(value)} card of each name in a judgement zone")
            else:
                out.append(f"{md(key.replace('_', ' '))}: {w(value)}")
        return "; ".join(out)

    def distance(self, raw: dict[str, Any]) -> str:
        out = []
        if "base_attack_range" in raw:
            out.append(f"- [Attack range]({rel(self.page, 'rules.md', 'attack_range')}) "
                       f"without a weapon: {md(raw['base_attack_range'])}.")
        if "min_distance" in raw:
            out.append(f"- No [distance]({rel(self.page, 'rules.md', 'distance')}) is less "
                       f"than {md(raw['min_distance'])}.")
        if raw.get("dead_seats_ignored"):
            out.append("- Seats of dead characters are skipped when counting.")
        known = {"base_attack_range", "min_distance", "dead_seats_ignored"}
        out += [f"- {md(k.replace('_', ' ').capitalize())}: {w(v)}." for k, v in raw.items()
                if k not in known]
        return "\n".join(out) + "\n"

    def selection(self, raw: dict[str, Any]) -> str:
        out = []
        for who, rule in raw.items():
            if not isinstance(rule, dict):
                continue
            label = {"lord": "The lord", "others": "Every other player",
                     "everyone": "Every player",
                     "lord_alternative": "The lord (experienced players' variant)"}.get(
                who, md(who.replace("_", " ").capitalize()))
            bits = []
            fixed = rule.get("fixed") or []
            if fixed:
                bits.append("the fixed choices " + ", ".join(
                    self.site.general_link(g, self.page) for g in fixed))
            if rule.get("random"):
                by_count = rule.get("random_by_players") or {}
                extra = (" (" + ", ".join(f"{md(v)} at {md(n)} players"
                                          for n, v in by_count.items()) + ")") if by_count else ""
                bits.append(f"{md(rule['random'])} random generals{extra}")
            sentence = f"- {label} is dealt " + (" plus ".join(bits) or "generals")
            if rule.get("keep"):
                sentence += f" and keeps {md(rule['keep'])}"
            if rule.get("same_kingdom"):
                sentence += " of one kingdom"
            if rule.get("reveal"):
                sentence += f", {w(rule['reveal'])}"
            out.append(sentence + ".")
        return "\n".join(out) + "\n"

    def death(self, raw: dict[str, Any]) -> str:
        out = []
        if "dying_at_hp" in raw:
            out.append(f"- A character is [dying]({rel(self.page, 'rules.md', 'dying')}) at "
                       f"{md(raw['dying_at_hp'])} HP or less.")
        if raw.get("rescue_card"):
            out.append(f"- They are saved with {self.card(str(raw['rescue_card']))}.")
        if raw.get("reveal"):
            out.append(f"- On death they reveal {w(raw['reveal'])}.")
        if isinstance(raw.get("discard"), list):
            gone = [z for z in raw["discard"] if isinstance(z, str)]
            kept = [z for z in DEATH_ZONES if z not in gone]
            if not gone:
                out.append("- Their cards stay where they are.")
            elif not kept:
                out.append(f"- All their cards are discarded: {w(gone)}.")
            else:
                out.append(f"- Their cards are discarded from: {w(gone)}; what is in "
                           f"their {w(kept)} stays with them.")
        return "\n".join(out) + "\n"

    def rewards(self, rewards: list[Any]) -> str:
        rows = []
        for r in rewards:
            if not isinstance(r, dict):
                continue
            killer = r.get("killer")
            killer_text = ("anyone" if killer in (None, "any") else
                           self.role(str(killer)) if killer in self.role_names else w(killer))
            victim = f"a {self.role(str(r['victim']))}" if "victim" in r else "someone"
            if "relation" in r:  # the relation describes the killer
                relation = w(r["relation"])
                killer_text += ", " + relation[:1].lower() + relation[1:] + ","
            when = f"{killer_text} kills {victim}"
            who = [when[:1].upper() + when[1:]]
            rows.append(["; ".join(who), self._reward(r.get("effect"), r)])
        return table(["When", "Reward or penalty"], rows)

    def _reward(self, effect: Any, reward: dict[str, Any]) -> str:
        if not isinstance(effect, dict):
            return w(effect)
        if effect.get("none"):
            return "nothing"
        out = []
        if "draw" in effect:
            draw = effect["draw"]
            out.append(f"the killer draws {counted(draw, 'card')}" if isinstance(draw, int)
                       else f"the killer draws {w(draw)}")
            if effect.get("includes_victim"):
                out.append("the victim counts")
            elif "includes_victim" in effect:
                out.append("the victim does not count")
        if "discard" in effect:
            zones = [w(z) for z in effect["discard"] or []]
            listed = (", ".join(zones[:-1]) + " and " + zones[-1]) if len(zones) > 1 else (
                "".join(zones))
            out.append(f"the killer discards every card in their {listed}")
        out += [f"{md(k.replace('_', ' '))}: {w(v)}" for k, v in effect.items()
                if k not in ("draw", "discard", "includes_victim")]
        return "; ".join(out)

    def victory(self, raw: dict[str, Any]) -> str:
        out = []
        if raw.get("ends"):
            out.append(f"The game ends {w(raw['ends'])}.")
        if raw.get("checked_when"):
            out.append(f"Victory is checked {w(raw['checked_when'])}.")
        if raw.get("hidden_survivors") == "revealed_when_decided":
            out.append("When the survivors still hidden could only reveal one faction, "
                       "they are revealed and that faction wins.")
        elif raw.get("hidden_survivors"):
            out.append(f"Survivors still hidden: {w(raw['hidden_survivors'])}.")
        rows = []
        for side in raw.get("sides") or []:
            if not isinstance(side, dict):
                continue
            members = ", ".join(self.role(r) for r in side.get("roles") or [])
            faction_names = (self.raw.get("factions") or {}).get("names") or {}
            factions = ", ".join(md(names_of(faction_names[f], f)[0]) if f in faction_names
                                 else w(f) for f in side.get("factions") or [])
            members = members or factions or "each player"
            team = ("together (the dead share the win)" if side.get("team")
                    else "alone")
            if side.get("requires_revealed"):
                team += "; only revealed players"
            # (a side that lists factions is won by one of them: the faction is the winner)
            ids = [str(f) for f in side.get("factions") or []] or [str(side.get("id", ""))]
            shown = ", ".join(f"`{x}`" if re.fullmatch(r"[a-z0-9_]+", x) else md(x)
                              for x in ids)
            rows.append([members, team, self._condition(side.get("condition")), shown])
        return (" ".join(out) + "\n\n" if out else "") + table(
            ["Who", "Wins", "When", "Side id (scenarios' winner)"], rows)

    def _condition(self, cond: Any) -> str:
        if not isinstance(cond, dict):
            return w(cond)
        out = []
        for key, value in cond.items():
            if key == "all_dead":
                out.append("no " + " or ".join(self.role(r) for r in value)
                           + " is left alive")
            elif key == "unless":
                out.append("unless " + self._condition(value))
            elif key == "sole_survivor":
                who = f"the {self.role(value)}" if value in self.role_names else w(value)
                out.append(f"{who} is the only one left alive")
            elif key == "only_faction_alive":
                out.append("theirs is the only faction left alive")
            elif key == "honor_at_least":
                out.append(f"a player's honor reaches {w(value)}")
            else:
                out.append(f"{md(key.replace('_', ' '))}: {w(value)}")
        return ", ".join(out)

    def other(self, raw: dict[str, Any]) -> str:
        import yaml

        text = yaml.safe_dump(raw, allow_unicode=True, sort_keys=False)
        return ("These rules are in the data but this page does not describe them in words "
                "yet:\n\n" + fenced(text, "yaml"))

    # -- the page -----------------------------------------------------------------------
    def sections(self) -> list[tuple[str, str, Callable[[Any], str]]]:
        return [
            ("components", "Components", self.components),
            ("setup", "Setup", self.setup),
            ("roles", "Roles", self.roles),
            ("factions", "Factions", self.factions),
            ("careerist", "Careerists (野心家)", self.careerist),
            ("reveal", "Hidden generals and revealing", self.reveal),
            ("health", "Health", self.health),
            ("companions", "Companions (珠联璧合)", self.companions),
            ("phases", "A turn, phase by phase", self.phases),
            ("distance", "Distance and attack range", self.distance),
            ("selection", "Choosing generals", self.selection),
            ("death", "Dying and death", self.death),
            ("rewards", "Rewards and penalties", self.rewards),
            ("victory", "Victory", self.victory),
        ]

    def pool(self) -> str:
        """This mode's own general pool (its sets and the expansions joining it)."""
        generals = self.site.cat.pool(self.mode)
        if not generals:
            return ""
        rows = []
        for g in sorted(generals, key=lambda g: (g.kingdom, g.id)):
            health = str(g.hp) if g.hp is not None else f"{(g.halves or 0) / 2:g}"
            skills = ", ".join(self.site.skill_link(s.id, self.page) if s.owner == g.id
                               else md(s.name.en or s.name.zh) for s in self.site.skills_of(g))
            rows.append([self.site.general_link(g.id, self.page),
                         lang_span(md(g.name.zh), "zh"), lang_span(md(g.name.ko or ""), "ko"),
                         self.site.kingdom_cell(g.kingdom), health, skills])
        return ("## General pool {#mode-pool}\n\n"
                f"The {counted(len(generals), 'general')} this mode plays with.\n\n"
                '<div class="sgs-scroll" data-search-exclude markdown>\n\n'
                + table(["General", "中文", "한국어", "Kingdom", "HP", "Skills"], rows)
                + "\n</div>\n")

    def markdown(self) -> str:
        name = self.mode.name
        title = " · ".join(p for p in (name.en, name.zh, name.ko) if p)
        parts = [f"# {md(title)}\n", self.overview()]
        handled = {"kind", "id", "name", "players", "based_on", "decks", "generals",
                   "kingdoms", "precedence"}
        for key, heading, render in self.sections():
            value = self.raw.get(key)
            handled.add(key)
            if value is None or value == {} or value == []:
                continue
            parts.append(f"## {heading} {{#mode-{key}}}\n")
            parts.append(render(value))
        if isinstance(self.raw.get("samurai"), dict):
            handled.add("samurai")
            parts.append(samurai.markdown(self.site, self.raw["samurai"], self.raw, self.page))
        pool = self.pool()
        if pool:
            parts.append(pool)
        rest = {k: v for k, v in self.raw.items() if k not in handled}
        if rest:
            parts += ["## Other data {#mode-other}\n", self.other(rest)]
        return "\n".join(parts)


def _ordinal(n: Any) -> str:
    if not isinstance(n, int):
        return ""
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _first_game(raw: dict[str, Any]) -> list[str]:
    out = []
    for key, value in raw.items():
        if key == "use_skills" and value is False:
            out.append("play without skills")
        elif key == "use_generals" and value is False:
            out.append("play without generals")
        elif key == "prefer_general_hp":
            out.append(f"prefer generals with {md(value)} HP")
        elif key == "exclude_ranks":
            out.append("leave out the cards ranked " + ", ".join(md(v) for v in value))
        elif key == "max_hp":
            out.append(f"everyone has {md(value)} max HP")
        elif key == "lord_max_hp" and isinstance(value, dict):
            out.append(f"the lord has {md(value.get('value'))} max HP"
                       + (f" from {md(value['min_players'])} players"
                          if value.get("min_players") else ""))
        else:
            out.append(f"{md(key.replace('_', ' '))}: {w(value)}")
    return out


def mode_markdown(site: SiteData, mode: Mode) -> str:
    return ModePage(site, mode).markdown()

"""The text of every file `sgs new` writes. Names and texts from the user are escaped by
:func:`sgs_tools.scaffold.scalar`; ids are checked slugs before they get here."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sgs_tools.scaffold import comment, modeline, names, scalar

SCHEMAS = "schemas"
"""The folder of an expansion that holds its exported JSON Schemas."""
BUILD = "sgs-site"
"""Where `sgs build` and `sgs site build` write outside a checkout."""


@dataclass
class SkillSpec:
    id: str
    name: dict[str, str]
    tags: list[str] = field(default_factory=list)


@dataclass
class GeneralSpec:
    id: str
    name: dict[str, str]
    set: str
    kingdom: str
    gender: str
    hp: int | None
    halves: int | None
    skills: list[SkillSpec]


def starter_effect(skill: SkillSpec) -> str:
    """A small working effect that agrees with the skill's tags: a place to start."""
    if "awakening" in skill.tags:
        return "awaken at start of start when hp == 1:\n  lose_max_hp 1\n  draw 2\n"
    if "limited" in skill.tags:
        return "action, once per game:\n  draw 2\n"
    return "draw_count +1\n"


def skill_block(skill: SkillSpec, indent: str) -> str:
    """One skill as an item of a general's ``skills:`` list, at ``indent`` (the dash's)."""
    inner = indent + "  "
    body = "".join(f"{inner}  {line}\n" for line in starter_effect(skill).splitlines())
    return (f"{indent}- id: {skill.id}\n"
            f"{inner}name: {names(skill.name)}\n"
            f"{inner}tags: [{', '.join(skill.tags)}]\n"
            f"{inner}# A starter effect: replace it with the skill's own (see 'sgs words').\n"
            f"{inner}effect: |\n{body}")


def general_yaml(spec: GeneralSpec, target: Path, schemas: Path) -> str:
    health = f"hp: {spec.hp}" if spec.hp is not None else f"halves: {spec.halves}"
    shown = spec.name.get("en") or spec.name["zh"]
    out = [modeline(target, schemas / "general.schema.json"),
           comment(f"{shown}: written with 'sgs new general'."),
           "kind: general\n",
           f"id: {spec.id}\n",
           f"name: {names(spec.name)}\n",
           f"set: {spec.set}\n",
           f"kingdom: {spec.kingdom}\n",
           f"gender: {spec.gender}\n",
           f"{health}\n",
           "skills:\n" if spec.skills else "skills: []\n"]  # none yet: 'sgs new skill' adds
    out += [skill_block(skill, "  ") for skill in spec.skills]
    return "".join(out)


def scenario_yaml(general: str, skill: SkillSpec, mode: str, target: Path,
                  schemas: Path, guozhan: tuple[str, str, str] | None = None) -> str:
    """A scenario that passes with the starter effect; edit it along with the effect.
    With ``guozhan`` (a partner for the general and two generals for the other seat),
    the table is Guozhan's: two generals a seat, the new one face up as main general."""
    name = skill.name.get("en") or skill.name["zh"]
    head = [modeline(target, schemas / "scenario.schema.json"),
            comment(f"A starter scenario for {name} ({skill.id}): it passes with the starter "
                    "effect.\nChange it to show what the skill really does, then run "
                    "'sgs test'."),
            "kind: scenario\n",
            f"name: {scalar(f'{name} works')}\n",
            f"mode: {mode}\n",
            "seats:\n"]

    def seats(extra: str = "") -> list[str]:
        if guozhan is None:
            return [f"  - {{general: {general}, role: lord, {extra}skills: [{skill.id}]}}\n",
                    "  - {role: rebel}\n"]
        partner, first, second = guozhan
        return [f"  - {{generals: [{general}, {partner}], revealed: [true, false]"
                f"{', ' + extra.rstrip(', ') if extra else ''}}}\n",
                f"  - {{generals: [{first}, {second}]}}\n"]

    if "awakening" in skill.tags:
        return "".join([
            *head,
            *seats("hp: 1, "),
            "start: {seat: 0, phase: start}\n",
            "phases: [start]\n",
            "expect:\n",
            "  events:\n",
            f"    - {{e: skill, seat: 0, skill: {skill.id}}}\n",
            "  state:\n",
            "    seats:\n",
            "      0: {hand: 2}\n"])
    if "limited" in skill.tags:
        return "".join([
            *head,
            *seats(),
            "start: {seat: 0, phase: play}\n",
            "phases: [play]\n",
            f"defaults: {{play: {skill.id}}}\n",
            "expect:\n",
            "  events:\n",
            f"    - {{e: skill, seat: 0, skill: {skill.id}, times: 1}}\n",
            "  state:\n",
            "    seats:\n",
            "      0: {hand: 2}\n"])
    return "".join([
        *head,
        *seats(),
        "start: {seat: 0, phase: draw}\n",
        "phases: [draw]\n",
        "expect:\n",
        "  events:\n",
        "    - {e: draw, seat: 0}\n",
        "  state:\n",
        "    seats:\n",
        "      0: {hand: 3}\n"])


def card_item(card_id: str, name: dict[str, str], card_type: str, subtype: str | None,
              attack_range: int | None, indent: str = "  ") -> str:
    inner = indent + "  "
    lines = [f"{indent}- id: {card_id}\n", f"{inner}name: {names(name)}\n",
             f"{inner}type: {card_type}\n"]
    if subtype:
        lines.append(f"{inner}subtype: {subtype}\n")
    if attack_range is not None:
        lines.append(f"{inner}range: {attack_range}\n")
    return "".join(lines)


def cards_yaml(set_id: str, target: Path, schemas: Path) -> str:
    return "".join([modeline(target, schemas / "card.schema.json"),
                    comment("The cards of this expansion; their copies are in deck.yaml."),
                    "kind: cards\n", f"set: {set_id}\n", "cards:\n"])


def deck_yaml(deck_id: str, name: dict[str, str], target: Path, schemas: Path) -> str:
    return "".join([modeline(target, schemas / "deck.schema.json"),
                    comment("Every copy with its suit and rank: it joins the draw pile of "
                            "the modes expansion.yaml names."),
                    "kind: deck\n", f"id: {deck_id}\n", f"name: {names(name)}\n",
                    "cards:\n"])


def deck_copy(card_id: str, suit: str, rank: str, indent: str = "  ") -> str:
    shown = rank if rank.isdigit() else scalar(rank)  # 2-10 are numbers, A/J/Q/K letters
    return f"{indent}- {{card: {card_id}, suit: {suit}, rank: {shown}}}\n"


def expansion_yaml(exp_id: str, name: dict[str, str], modes: list[str], version: str,
                   target: Path, schemas: Path) -> str:
    return "".join([modeline(target, schemas / "expansion.schema.json"),
                    comment("This expansion: its generals are in generals/, its cards in "
                            "cards/, its scenarios in tests/."),
                    "kind: expansion\n", f"id: {exp_id}\n", f"name: {names(name)}\n",
                    f"version: {scalar(version)}\n",
                    f"modes: [{', '.join(modes)}]\n"])


GITIGNORE = f"""\
# Written by 'sgs new expansion'.
# The rules site 'sgs build' and 'sgs site build' write
/{BUILD}/
/hooks.json
# Caches (sgs validate's too, though it ignores itself)
.sgs-cache/
__pycache__/
.pytest_cache/
.mypy_cache/
.ruff_cache/
.cache/
# Editors and environments
.venv/
.idea/
.vscode/
*.swp
.DS_Store
"""


def precommit_config(repo: str, rev: str) -> str:
    return f"""\
# Written by 'sgs new expansion'. Run 'pre-commit install' once; every commit is then
# validated and its scenarios run. The hooks run the 'sgs' you installed
# (pip install sgs-tools), so they work offline.
repos:
  - repo: {repo}
    rev: {rev}
    hooks:
      - id: sgs-validate
      - id: sgs-test
"""


def workflow(python: str = "3.12") -> str:
    """A GitHub Actions workflow: annotations, SARIF for code scanning, tests, a simulation."""
    return f"""\
# Written by 'sgs new expansion': check every push and pull request.
name: sgs
on:
  push:
  pull_request:
permissions:
  contents: read
  security-events: write
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "{python}"
      - name: Install sgs-tools
        run: pip install sgs-tools
      - name: Validate (annotations on the changed lines)
        run: sgs validate --format github
      - name: Validate (SARIF for code scanning)
        if: always()
        run: sgs validate --format sarif > sgs.sarif || true
      - name: Upload SARIF
        if: always()
        uses: github/codeql-action/upload-sarif@v3
        with:
          sarif_file: sgs.sarif
          category: sgs-validate
      - name: Scenario tests
        run: sgs test --format github
      - name: A short simulation
        run: sgs simulate --games 200 --seed 1 --workers 2
"""


def _markdown(text: str) -> str:
    """``text`` as literal Markdown inline text: HTML and every punctuation mark that could
    start markup are escaped."""
    return "".join(f"\\{ch}" if ch in "\\`*_{}[]()#+-.!|~>" else
                   {"<": "&lt;", "&": "&amp;"}.get(ch, ch) for ch in text)


def readme(exp_id: str, name: dict[str, str]) -> str:
    title = _markdown(name.get("en") or name["zh"])
    return f"""\
# {title}

An expansion for [sgs-tools](https://pypi.org/project/sgs-tools/) (`{exp_id}`).

| folder | what |
|---|---|
| `expansion.yaml` | the expansion's id, names and the modes it joins |
| `generals/` | one general per file (`sgs new general`, `sgs new skill GENERAL`) |
| `cards/` | card definitions (`cards.yaml`) and their copies (`deck.yaml`) (`sgs new card`) |
| `tests/` | scenario tests, run by `sgs test` |
| `schemas/` | JSON Schemas the files' first lines point at, for editors |

Run from this folder:

```sh
sgs validate          # schemas, cross-references, every effect
sgs test              # the scenarios in tests/
sgs simulate --games 200
sgs build             # the rules site, in {BUILD}/html
sgs words draw        # the effect DSL's words
sgs diff main         # the rules text changed since the branch 'main'
```

CI: `.github/workflows/sgs.yml` validates (annotations and code scanning), tests and
simulates on every push; `.pre-commit-config.yaml` runs the same checks before a commit.
"""

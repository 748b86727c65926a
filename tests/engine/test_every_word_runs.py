"""Every vocabulary word and every event/timing pair the checker accepts runs through the
engine at least once and does something observable (issue 13: what the checker accepts
must run as written or be refused).

Each probe in ``tests/engine/word_probes.py`` is a small effect on a scripted table: it
becomes one skill of one general of a generated expansion, its table is a scenario played
by the reference engine, and its expectations (log events, state) must hold with no
engine gap. The probes together must cover every word of the Sanguosha vocabulary (every
file but the samurai variant's, which its own engine runs and tests): actions, modifiers,
event/timing pairs, phase timings, selectors, quantities, functions, attributes and the
values of the card and table enums. A word added to the vocabulary without a probe fails
``test_every_word_has_a_probe``; a probe claiming a word its effect does not use fails
``test_probes_use_the_words_they_claim``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from sgs_tools import project
from sgs_tools.data.loader import loads
from sgs_tools.dsl.vocabulary import TIMINGS, registry, vocabulary_files
from sgs_tools.engine.library import Library, walk_words
from sgs_tools.scenario.runner import run_file
from tests.engine.word_probes import PROBES, Probe

MODES = frozenset(m for _, m, _ in vocabulary_files() if m and m != "samurai")
ENUMS = ("card_type", "zone", "nature", "suit", "color", "kingdom", "gender", "period",
         "general_slot", "use_limit", "limit", "amount", "phase")


def vocabulary_words() -> set[str]:
    """Every word of the Sanguosha vocabulary, as ``category:word`` keys."""
    reg = registry(MODES)
    out = {f"action:{w}" for w in reg.actions} | {f"modifier:{w}" for w in reg.modifiers}
    for name, event in reg.events.items():
        out |= {f"event:{name}:{t}" for t in event.timings}
    out |= {f"phase:{p}:{edge}" for p in reg.enums.get("phase", {})
            for edge in ("start", "end")}
    out |= {f"selector:{w}" for w in reg.selectors}
    out |= {f"quantity:{w}" for w in reg.quantities}
    out |= {f"function:{w}" for w in reg.functions}
    out |= {f"card_word:{w}" for w in reg.card_words}
    out |= {f"attribute:{t}.{a}" for t, attrs in reg.attributes.items() for a in attrs}
    out |= {f"enum:{t}:{v}" for t in ENUMS for v in reg.enums.get(t, {})}
    return out


def ident(probe: Probe) -> str:
    return "p_" + re.sub(r"[^a-z0-9]+", "_", probe.covers[0].lower()).strip("_")


def general_yaml(probe: Probe, set_id: str) -> str:
    gid = ident(probe)
    health = "halves: 8\ncompanions: []\n" if probe.mode == "guozhan" else f"hp: {probe.hp}\n"
    body = "".join(f"        {line}\n" for line in probe.effect.strip("\n").splitlines())
    return (f"kind: general\nid: {gid}\nname: {{zh: 探{gid}, en: Probe {gid}, ko: 탐{gid}}}\n"
            f"set: {set_id}\nkingdom: {probe.kingdom}\ngender: {probe.gender}\n{health}"
            f"{probe.extra + chr(10) if probe.extra else ''}"
            f"skills:\n  - id: {gid}\n    name: {{zh: 探, en: Probe, ko: 탐}}\n"
            f"    tags: {probe.tags}\n    effect: |\n{body}")


def card_yaml(probe: Probe) -> str:
    cid = ident(probe)
    body = "".join(f"      {line}\n" for line in probe.effect.strip("\n").splitlines())
    fields = "".join(f"    {line}\n" for line in probe.card.splitlines())
    return (f"  - id: {cid}\n    name: {{zh: 探{cid}, en: Probe {cid}, ko: 탐{cid}}}\n"
            f"{fields}    effect: |\n{body}")


@pytest.fixture(scope="module")
def probed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Library, Path]:
    root = tmp_path_factory.mktemp("probes")
    (root / "generals").mkdir()
    (root / "tests").mkdir()
    for mode in ("identity", "guozhan"):
        sub = root / "generals" / mode
        sub.mkdir()
        (sub / "expansion.yaml").write_text(
            f"kind: expansion\nid: probes_{mode}\nname: {{zh: 探, en: Probes, ko: 탐}}\n"
            f'version: "1.0"\nmodes: [{mode}]\n', encoding="utf-8")
        for probe in PROBES:
            if probe.mode == mode and not probe.card:
                (sub / f"{ident(probe)}.yaml").write_text(
                    general_yaml(probe, f"probes_{mode}"), encoding="utf-8")
        cards = [card_yaml(p) for p in PROBES if p.mode == mode and p.card]
        if cards:
            (sub / "cards.yaml").write_text(
                f"kind: cards\nset: probes_{mode}\ncards:\n{''.join(cards)}", encoding="utf-8")
    lib = project.library(data=[root / "generals" / "identity",
                                root / "generals" / "guozhan"])
    assert lib.problems == [], lib.problems[:5]
    return lib, root


def test_every_word_has_a_probe() -> None:
    covered = {w for p in PROBES for w in p.covers}
    missing = sorted(vocabulary_words() - covered)
    assert missing == [], f"{len(missing)} words no probe runs: {missing}"
    unknown = sorted(covered - vocabulary_words())
    assert unknown == [], f"probes claim words the vocabulary does not have: {unknown}"


def used_words(hooks: list[dict[str, Any]]) -> set[str]:
    """The ``category:word`` keys one skill's compiled hooks use."""
    out: set[str] = set()
    for hook in hooks:
        event, timing = hook.get("event"), hook.get("timing")
        phase = (hook.get("filter") or {}).get("phase")
        if event in ("phase_start", "phase_end") and phase:
            out.add(f"phase:{phase}:{'start' if event == 'phase_start' else 'end'}")
        elif event and timing in TIMINGS:
            out.add(f"event:{event}:{timing}")
        for category, word in walk_words(hook):
            if category == "predicate":
                out |= {f"selector:{word}", f"enum:card_type:{word}", f"enum:suit:{word}",
                        f"enum:color:{word}", f"enum:kingdom:{word}", f"enum:gender:{word}"}
            else:
                out.add(f"{category}:{word}")
        text = json.dumps(hook)
        out |= {f"enum:{t}:{v}" for t in ENUMS for v in registry(MODES).enums.get(t, {})
                if f'"{v}"' in text}
        out |= {f"card_word:{w}" for w in registry(MODES).card_words if f'"{w}"' in text}
        out |= {f"attribute:{t}.{a}" for t, attrs in registry(MODES).attributes.items()
                for a in attrs if f'"{a}"' in text}
    return out


def test_probes_use_the_words_they_claim(probed: tuple[Library, Path]) -> None:
    lib, _root = probed
    wrong = {}
    for probe in PROBES:
        compiled = lib.effects.compiled[ident(probe)].hooks
        claimed = set(probe.covers) - used_words(compiled)
        if claimed:
            wrong[ident(probe)] = sorted(claimed)
    assert wrong == {}


def scenario_text(probe: Probe) -> str:
    data: dict[str, Any] = loads(probe.base()).data
    table: dict[str, Any] = loads(probe.table).data if probe.table.strip() else {}
    patches = {**(table.pop("patch", None) or {}), **(probe.patch or {})}
    data.update(table)
    for seat, patch in patches.items():
        data["seats"][int(seat)] = {**data["seats"][int(seat)], **patch}
    gid = ident(probe)
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    return text.replace("PROBE", gid)


@pytest.mark.parametrize("probe", PROBES, ids=lambda p: p.covers[0])
def test_the_probe_runs_and_does_what_it_says(probe: Probe,
                                              probed: tuple[Library, Path]) -> None:
    lib, root = probed
    path = root / "tests" / f"{ident(probe)}.yaml"
    path.write_text(scenario_text(probe), encoding="utf-8")
    outcome, _doc = run_file(lib, path, path.name)
    assert outcome.problems == [], "\n".join(
        [f"{p.location.line}: {p.message} ({p.hint})" for p in outcome.problems]
        + [path.read_text(encoding="utf-8")])

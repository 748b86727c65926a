"""The mapping table (``mapping.yaml``): vocabulary words → FreeKill events and room calls."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml


@dataclass(frozen=True)
class Mapping:
    events: dict[str, dict[str, dict[str, Any]]]
    phases: dict[str, str]
    card_filters: dict[str, Any]
    cards: dict[str, str]
    zones: dict[str, str]
    quantities: dict[str, str]
    states: dict[str, str]
    selector_filters: dict[str, str]
    selector_nouns: dict[str, str]
    actions: dict[str, dict[str, Any]]
    natures: dict[str, str]
    modifiers: dict[str, dict[str, Any]]
    periods: dict[str, str]
    helpers: dict[str, str]
    attributes: list[str]
    areas: dict[str, str]
    card_attributes: dict[str, dict[str, str]]
    values: dict[str, dict[str, str]]
    var_kinds: dict[str, str]
    functions: dict[str, str]
    selector_roles: dict[str, str]
    until_marks: dict[str, str]
    unmapped: dict[str, str]

    def words(self) -> dict[str, list[str]]:
        """Every mapped word by section (for the README's and a test's inventory)."""
        return {
            "events": sorted(f"{e}.{t}" for e, ts in self.events.items() for t in ts),
            "actions": sorted(self.actions),
            "modifiers": sorted(self.modifiers),
            "selectors": sorted(set(self.selector_nouns) | set(self.selector_filters)),
            "quantities": sorted(self.quantities),
        }


def parse(text: str) -> Mapping:
    raw = yaml.safe_load(text)
    if not isinstance(raw, dict) or raw.get("kind") != "freekill-mapping":
        raise ValueError("not a FreeKill mapping table (kind: freekill-mapping)")
    natures = {("null" if k is None else str(k)): str(v)
               for k, v in (raw.get("natures") or {}).items()}
    return Mapping(
        events=raw.get("events") or {}, phases=raw.get("phases") or {},
        card_filters=raw.get("card_filters") or {}, cards=raw.get("cards") or {},
        zones=raw.get("zones") or {}, quantities=raw.get("quantities") or {},
        states=raw.get("states") or {}, selector_filters=raw.get("selector_filters") or {},
        selector_nouns=raw.get("selector_nouns") or {}, actions=raw.get("actions") or {},
        natures=natures, modifiers=raw.get("modifiers") or {},
        periods=raw.get("periods") or {}, helpers=raw.get("helpers") or {},
        areas=raw.get("areas") or {}, attributes=list(raw.get("attributes") or []),
        card_attributes=raw.get("card_attributes") or {}, values=raw.get("values") or {},
        var_kinds=raw.get("var_kinds") or {}, functions=raw.get("functions") or {},
        selector_roles=raw.get("selector_roles") or {},
        until_marks=raw.get("until_marks") or {}, unmapped=raw.get("unmapped") or {})


@lru_cache(maxsize=1)
def load() -> Mapping:
    """The bundled mapping table."""
    text = resources.files("sgs_tools.export.freekill").joinpath("mapping.yaml").read_text(
        encoding="utf-8")
    return parse(text)

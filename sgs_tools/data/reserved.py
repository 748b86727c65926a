"""Ids the site cannot give a page of their own: ``index`` (a general, card, deck or mode
with that id would replace the list page of its folder).

``sgs validate`` calls ``reserved_id_problems`` (so a data file is refused where it is
written, not when the site is built). It is a rule about ids, so it lives with the data,
below the site that keeps the names; tests/sitegen/test_reserved.py pins that the site's
page paths (sgs_tools/sitegen/links.py) agree with ``FOLDERS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_tools.errors import Problem

if TYPE_CHECKING:
    from sgs_tools.data.catalog import Catalog

RESERVED_IDS = frozenset({"index"})
"""Page names each folder of the site keeps for itself (generals/index.md, …)."""

FOLDERS = {"general": "generals", "card": "cards", "deck": "decks", "mode": "modes"}
"""The site folder of each kind of data with a page per item."""


def reserved_id_problems(cat: Catalog) -> list[Problem]:
    """A problem at the id of every general, card, deck or mode named ``index``."""
    out = []
    for kind, items in (("general", cat.generals), ("card", cat.cards),
                        ("deck", cat.decks), ("mode", cat.modes)):
        for item_id, item in items.items():
            if item_id in RESERVED_IDS:
                folder = FOLDERS[kind]
                out.append(Problem(
                    item.origin.where("id"), "reserved-id",
                    f"{kind} id {item_id!r} is reserved: the site's page "
                    f"{folder}/{item_id}.html lists every {kind}",
                    "choose another id (for example, add a set prefix)"))
    return out

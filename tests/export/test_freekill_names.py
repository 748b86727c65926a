"""Hostile names inside FreeKill: every general, skill and card name of the breaker
expansion, translated by FreeKill's real core and put into a game-log line by its own log
formatter (which pastes names into Qt rich text with ``string.gsub``), reads back as typed:
no markup of a name becomes markup, and no ``%`` in a name breaks the formatter."""

from __future__ import annotations

import html
import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from sgs_tools.export.freekill import crosscheck as cc
from sgs_tools.export.freekill.build import build
from tests.conftest import TESTS

BREAKERS = TESTS / "export" / "data" / "breakers"
PROBE = """\
package.path = "harness/?.lua;" .. package.path
fk = require "fk_stub"
__os = os; __io = io; __package = package
dofile("lua/freekill.lua")
local CB = require "client.clientbase"
Config = Config or {}
for _, lang in ipairs({ "zh_CN", "en_US" }) do
  Config.language = lang
  for _, name in ipairs({ NAMES }) do
    local ok, text = pcall(CB.parseMsg, nil, { type = "[%arg]", arg = name })
    __io.write(lang, "\\t", name, "\\t", tostring(ok), "\\t", (tostring(text):gsub("\\n", " ")),
             "\\n")
  end
end
"""
LOG = re.compile(r'^\[<font color="#0598BC"><b>(.*)</b></font>\]$')


def _names() -> dict[tuple[str, str], str]:
    """(FreeKill language, our id) → the name as the breaker data spells it."""
    general = yaml.safe_load((BREAKERS / "generals" / "breaker.yaml").read_text("utf-8"))
    cards = yaml.safe_load((BREAKERS / "cards" / "cards.yaml").read_text("utf-8"))
    things = [general, *general["skills"], *cards["cards"]]
    return {(fk, t["id"]): t["name"][ours] for t in things
            for fk, ours in (("zh_CN", "zh"), ("en_US", "en"))}


def test_names_read_back_from_freekills_log_formatter(
        freekill_home: Path, tmp_path: Path) -> None:
    res, report = build([BREAKERS], "brk")
    assert res is not None, report
    fk = {**res.generals, **res.skills, **res.cards}
    wanted = {key: name for key, name in _names().items() if key[1] in fk}
    assert {key[1] for key in wanted} == {"breaker", "shatter", "shard"}
    tree = cc.scratch(freekill_home, tmp_path / "freekill")
    cc.install(res, tree)
    names = ", ".join(f'"{fk[i]}"' for i in ("breaker", "shatter", "shard"))
    (tree / "names_probe.lua").write_text(PROBE.replace("NAMES", names), encoding="utf-8")
    proc = subprocess.run([cc.LUA, "names_probe.lua"], cwd=tree, capture_output=True,
                          text=True, timeout=300, env=dict(os.environ, FK_QUIET="1"))
    assert proc.returncode == 0, proc.stderr[-2000:]
    back = {}
    for line in proc.stdout.splitlines():
        lang, name, ok, text = line.split("\t")
        assert ok == "true", f"{lang} {name}: {text}"
        m = LOG.match(text)
        assert m is not None, f"{lang} {name}: the name's markup escaped: {text}"
        assert "<" not in m.group(1), f"{lang} {name}: markup in the name: {text}"
        back[(lang, name)] = html.unescape(m.group(1))
    assert back == {(lang, fk[i]): name for (lang, i), name in wanted.items()}


@pytest.mark.parametrize("key", ["brk__breaker", "brk__shatter", "brk__shard"])
def test_names_are_entities_in_the_translation_tables(key: str) -> None:
    res, report = build([BREAKERS], "brk", tests=False)
    assert res is not None, report
    init = res.files["init.lua"]
    rows = re.findall(rf'^  \["{key}"\] = (.*),$', init, re.M)
    assert len(rows) == 2  # zh and en
    for row in rows:
        assert "<" not in row and "%" not in row, row

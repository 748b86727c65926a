"""Issue 13's data fixes stay fixed: the Guan Yu / Zhang Fei companion pair (cited),
sources named by what they are, 倾城's chooser, 神速's distance clause."""

from __future__ import annotations

import re
from pathlib import Path

from sgs_tools import paths
from sgs_tools.dsl.effects import explain
from tests.dsl.test_bundled import bundled


def test_companion_pairs_are_mutual_and_include_guan_yu_and_zhang_fei() -> None:
    cat = bundled().catalog
    pairs = {(g.id, c) for g in cat.generals.values() for c in g.companions}
    assert ("gz_guanyu", "gz_zhangfei") in pairs
    assert {(b, a) for a, b in pairs} == pairs
    text = (paths.bundled_root() / "generals" / "guozhan" / "gz_guanyu.yaml").read_text(
        encoding="utf-8")
    assert "QSanguosha-For-Hegemony" in text and "FreeKill" in text


def test_data_files_name_their_sources_by_what_they_are() -> None:
    root = paths.bundled_root()
    bad = []
    for folder in ("cards", "generals", "modes"):
        for path in sorted((root / folder).rglob("*.yaml")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(r"\b[Ss]eeds?\b(?! of Animosity)|/work/|\bFACTS\b|\b00[0-3]\b", line):
                    bad.append(f"{Path(path).relative_to(root)}:{n}")
    assert bad == []


def test_qingcheng_lets_zou_shi_choose_the_hidden_general() -> None:
    effects = bundled().effects
    assert effects is not None
    compiled = effects.compiled["gz_qingcheng"]
    assert "由你选择的" in explain(compiled, effects.names, "zh")
    assert "of your choosing" in explain(compiled, effects.names, "en")
    steps = [s for hook in compiled.hooks for s in hook["steps"]]
    hide = next(s for s in steps if s["do"] == "hide_general")
    assert hide["args"].get("chooser") == {"var": "you"}


def test_shensu_slashes_have_no_distance_limit() -> None:
    effects = bundled().effects
    assert effects is not None
    compiled = effects.compiled["gz_shensu"]
    assert explain(compiled, effects.names, "zh").count("（无距离限制）") == 2
    assert explain(compiled, effects.names, "en").count("with no distance limit") == 2

"""Run an exported package inside FreeKill's real Lua core (a scratch copy of its tree).

FreeKill is test equipment here: it is found through ``FREEKILL_HOME`` (a folder holding
its Lua core and the headless harness, see ../shared/freekill/README.md), copied to a
scratch folder, and only run — none of its code is part of this project.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from sgs_tools.export.freekill.build import write
from sgs_tools.export.freekill.package import ExportResult

LUA = "lua5.4"
_TAP = re.compile(r"^(ok|not ok)\s+\d+\s+(\S+)")


def freekill_home() -> Path | None:
    """FREEKILL_HOME if it holds FreeKill's Lua core and the headless harness."""
    home = os.environ.get("FREEKILL_HOME")
    if not home:
        return None
    path = Path(home)
    if not (path / "lua" / "freekill.lua").is_file() or \
            not (path / "harness" / "run_skill_tests.lua").is_file():
        return None
    return path


def missing_reason() -> str | None:
    """Why FreeKill cannot run here (None when it can)."""
    if shutil.which(LUA) is None:
        return f"{LUA} is not installed (apt-get install lua5.4)"
    if not os.environ.get("FREEKILL_HOME"):
        return "FREEKILL_HOME is not set (point it at a FreeKill Lua tree, ../shared/freekill)"
    if freekill_home() is None:
        return (f"FREEKILL_HOME={os.environ['FREEKILL_HOME']} holds no FreeKill Lua core "
                "(lua/freekill.lua) and harness (harness/run_skill_tests.lua)")
    return None


def scratch(home: Path, dest: Path) -> Path:
    """A private copy of the FreeKill tree to install packages into."""
    shutil.copytree(home, dest, ignore=shutil.ignore_patterns(".git"))
    return dest


def install(res: ExportResult, tree: Path) -> Path:
    out = tree / "packages" / res.package
    write(res, out)
    return out


def install_probe(tree: Path) -> None:
    """Our probe package (lua/probe): in whole games it logs every card used or played
    and every skill that takes effect, so a check can see what was really in play."""
    from importlib import resources

    src = resources.files("sgs_tools.export.freekill").joinpath("lua", "probe")
    dest = tree / "packages" / "sgs_probe"
    (dest / "skills").mkdir(parents=True, exist_ok=True)
    for rel in ("init.lua", "skills/sgs_probe.lua"):
        (dest / rel).write_text(src.joinpath(*rel.split("/")).read_text(encoding="utf-8"),
                                encoding="utf-8")


@dataclass
class TestRun:
    returncode: int
    results: dict[str, bool] = field(default_factory=dict)  # Test<skill>.test<skill><i>
    failures: dict[str, str] = field(default_factory=dict)  # name → message
    crit: list[str] = field(default_factory=list)
    output: str = ""

    @property
    def passed(self) -> int:
        return sum(self.results.values())


def run_tests(tree: Path, *, timeout: float = 900) -> TestRun:
    """FreeKill's skill-test runner (every package's addTest tests), TAP output parsed."""
    env = dict(os.environ, FK_QUIET="1")
    proc = subprocess.run([LUA, "harness/run_skill_tests.lua", "-o", "tap"], cwd=tree,
                          env=env, capture_output=True, text=True, timeout=timeout,
                          errors="replace")
    run = TestRun(proc.returncode, output=proc.stdout + proc.stderr)
    current = None
    for line in proc.stdout.splitlines():
        m = _TAP.match(line)
        if m:
            current = m.group(2)
            run.results[current] = m.group(1) == "ok"
            continue
        if current is not None and line.startswith("#") and not run.results[current]:
            msg = line.lstrip("# ").rstrip()
            if msg and not msg.startswith(("Starting class", "Started on", "Ran ")):
                run.failures[current] = (run.failures.get(current, "") + " " + msg).strip()
    run.crit = [line for line in (proc.stdout + proc.stderr).splitlines()
                if line.startswith("[crit]")]
    return run


def test_name(fk_skill: str, index: int) -> str:
    """The name FreeKill's runner gives a skill's index-th addTest test."""
    return f"Test{fk_skill}.test{fk_skill}{index}"


@dataclass
class GameRun:
    seed: int
    returncode: int
    over: bool
    crit: list[str]
    output: str
    uses: dict[str, int] = field(default_factory=dict)  # card name → times used/played
    skills: dict[str, int] = field(default_factory=dict)  # skill → times it took effect


def run_game(tree: Path, generals: list[str], seed: int, *, players: int = 5,
             timeout: float = 300) -> GameRun:
    """One whole AI-vs-AI role-mode game with these generals forced into the seats."""
    env = dict(os.environ, FK_QUIET="1", FK_GENERALS=",".join(generals))
    try:
        proc = subprocess.run([LUA, "harness/full_game.lua", str(players), str(seed)],
                              cwd=tree, env=env, capture_output=True, text=True,
                              timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired:
        return GameRun(seed, -1, False, ["timed out"], "")
    text = proc.stdout + proc.stderr
    crit = [line for line in text.splitlines() if line.startswith("[crit]")]
    run = GameRun(seed, proc.returncode, "game over=true" in text, crit, text)
    for line in text.splitlines():  # the probe's lines, when it is installed
        kind, _, name = line.removeprefix("[warn] sgs-probe ").partition(" ")
        if line.startswith("[warn] sgs-probe ") and kind in ("use", "skill"):
            table = run.uses if kind == "use" else run.skills
            table[name] = table.get(name, 0) + 1
    return run


SWAP_NOTE = "-- sgs-tools cross-check: our exported skill under FreeKill's name, FreeKill's tests\n"


def swap(tree: Path, ours: ExportResult, names: list[str]) -> list[str]:
    """Replace FreeKill's own standard skills ``names`` with ours (exported unprefixed),
    keeping FreeKill's tests; returns the names swapped."""
    skills = tree / "packages" / "standard" / "pkg" / "skills"
    done = []
    for name in names:
        theirs = skills / f"{name}.lua"
        mine = ours.files.get(f"skills/{name}.lua")
        if not theirs.is_file() or mine is None:
            continue
        theirs.rename(skills / f"{name}.fk")
        (skills / f"{name}.sgs").write_text(mine, encoding="utf-8")
        rel = "packages/standard/pkg/skills"
        theirs.write_text(
            SWAP_NOTE
            + f'local ours = dofile("{rel}/{name}.sgs")\n'
            + f'local theirs = dofile("{rel}/{name}.fk")\n'
            + "ours.tests = theirs.tests\n"
            + "return ours\n", encoding="utf-8")
        done.append(name)
    return done


def freekill_tested_skills(tree: Path) -> list[str]:
    """FreeKill's standard skills that ship their own addTest tests."""
    skills = tree / "packages" / "standard" / "pkg" / "skills"
    return sorted(p.stem for p in skills.glob("*.lua")
                  if "addTest(" in p.read_text(encoding="utf-8", errors="replace"))

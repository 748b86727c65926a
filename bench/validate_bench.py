"""Benchmark `sgs validate` against check-jsonschema on many generated general files.

What it measures
----------------
Whole subprocesses (interpreter start-up, imports, YAML, schema checks and output
included), best of ``--repeat`` runs, wall-clock seconds and CPU seconds (user + system of
the process and all its workers, from ``os.wait4``), and the peak memory three ways: the
summed RSS of the process tree (conservative: a page forked workers share with their
parent counts in each) and its summed PSS, both sampled every 20 ms from /proc, and the
largest single process's ``ru_maxrss`` (exact, from ``os.wait4``). sgs_tools is compiled
to bytecode first, as an installed package is (see :func:`compile_bytecode`):

a. ``sgs validate generals`` *cold*: the cache folder (``.sgs-cache``) is deleted before
   each run, so every file is loaded, schema-checked, every effect parsed (in worker
   processes above 400 files), checked and compiled, and the cache is written;
b. ``sgs validate generals`` *warm*: the same tree again with the cache in place;
c. ``check-jsonschema --schemafile sgs_tools/data/schemas/general.schema.json <N files>``
   (PyPI ``check-jsonschema``): schema checks only, no cache of its own for local schemas.

Besides the N generated files sgs also loads the ~100 bundled files and cross-checks
everything, so it does strictly more work. The N files (default 2000) are distinct, valid
generals: varied kingdom, gender, health, titles, companions; one to four skills each with
a distinct id **and a distinct effect text** (``effect_text``: triggers, conditions, loops,
targets), so every effect is really parsed, checked and compiled — a tree of generals
without effects would flatter any validator. Both tools must report the files clean.

How to run
----------
From the checkout (the sgs under test is this checkout's, run as
``python -c "from sgs_tools.cli.main import run; run()"`` with PYTHONPATH set)::

    python bench/validate_bench.py                      # 2000 files, best of 3
    python bench/validate_bench.py --files 50000 --repeat 1 --no-peer   # memory at scale
    python bench/validate_bench.py --json bench.json

If ``check-jsonschema`` is not installed (``pip install check-jsonschema``) that peer is
skipped with a message. The script uses only the standard library.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
SCHEMA = ROOT / "sgs_tools" / "data" / "schemas" / "general.schema.json"

KINGDOMS = ("wei", "shu", "wu", "qun", "god")
GENDERS = ("male", "female")
TAG_CHOICES: tuple[tuple[str, ...], ...] = (
    (), (), (), ("locked",), ("limited",), ("awakening",), ("locked", "array"),
    ("head",), ("deputy",), ("transform",),
)
ZH_CHARS = "曹刘孙司马诸葛关张赵黄魏夏侯甄郭荀许典徐吕貂蝉华佗袁绍董卓周瑜陆逊甘宁太史慈"
ZH_SKILL = "奸雄护驾反馈鬼才刚烈突袭裸衣天妒遗计倾国仁德激将武圣咆哮龙胆铁骑集智奇才"
TITLES = ("魏武帝", "乱世的枭雄", "江东的小霸王", "万夫不当", "龙战于野", "")
PACKAGES = ("sgs-tools", "jsonschema", "check-jsonschema", "PyYAML", "ruamel.yaml",
            "ruamel.yaml.clib", "referencing", "rpds-py", "typer", "click")


@dataclass
class Timing:
    """The runs of one tool: wall-clock seconds, CPU seconds, peak memory (bytes)."""

    tool: str
    command: list[str]
    runs: list[float]
    cpu: list[float] = field(default_factory=list)
    peak: list[int] = field(default_factory=list)
    pss: list[int] = field(default_factory=list)
    maxrss: list[int] = field(default_factory=list)

    @property
    def best(self) -> float:
        return min(self.runs)

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def best_cpu(self) -> float:
        return min(self.cpu) if self.cpu else float("nan")

    @property
    def max_peak(self) -> int:
        return max(self.peak) if self.peak else 0

    @property
    def max_pss(self) -> int:
        return max(self.pss) if self.pss else 0

    @property
    def max_maxrss(self) -> int:
        return max(self.maxrss) if self.maxrss else 0


def _zh(seed: int, chars: str, length: int) -> str:
    return "".join(chars[(seed * 7 + k * 13) % len(chars)] for k in range(length))


def _flow(items: list[str]) -> str:
    return "[" + ", ".join(items) + "]"


EFFECT_HEADS = ("after take_damage:", "at start of play:", "at end of play:",
                "at start of draw:", "action, once per phase:", "action, once per turn:",
                "at start of finish:", "at end of finish:")
EFFECT_STEPS = ("draw {n}", "may draw {n}", "if hp > {n}:\n    draw 1",
                "repeat {n}:\n    draw 1", "discard {n} hand cards", "lose_hp {n}",
                "if hp < {n}:\n    recover 1", "pick 1 other as t{n}\n  damage 1 to t{n}")


SLOT = len(EFFECT_STEPS) * 9
"""A step and its number."""
EFFECT_SPACE = len(EFFECT_HEADS) * SLOT * SLOT * (SLOT + 1)


def effect_text(u: int) -> str:
    """The u-th generated effect: a trigger and two or three steps, each with a number.

    ``u`` is scrambled, then read in mixed radix as (head, step 1, step 2, step 3 or none),
    so every u below EFFECT_SPACE (about 3 million) gives a different text, and the texts
    vary in shape as real effects do (conditions, loops, targets), not in one number only.
    """
    u = (u * 1_000_003) % EFFECT_SPACE  # a bijection: neighbours get unrelated shapes
    u, head = divmod(u, len(EFFECT_HEADS))
    u, first = divmod(u, SLOT)
    u, second = divmod(u, SLOT)
    third = u % (SLOT + 1)
    slots = [first, second] + ([third - 1] if third else [])
    steps = ["  " + EFFECT_STEPS[slot // 9].format(n=slot % 9 + 1) for slot in slots]
    return EFFECT_HEADS[head] + "\n" + "\n".join(steps) + "\n"


def general_yaml(i: int) -> str:
    """The text of the i-th (1-based) generated general file; valid and cross-check clean."""
    gid = f"bench_g{i:05d}"
    kingdom = KINGDOMS[i % len(KINGDOMS)]
    gender = GENDERS[(i // 3) % len(GENDERS)]
    lines = [
        f"# Generated by bench/validate_bench.py: benchmark general {i}.",
        "kind: general",
        f"id: {gid}",
        f"name: {{zh: {_zh(i, ZH_CHARS, 2 + i % 2)}, en: Bench General {i}, ko: 벤치 {i}}}",
    ]
    title = TITLES[i % len(TITLES)]
    if title:
        lines.append(f"title: {{zh: {title}}}")
    lines.append("set: bench")
    if i % 4 == 0:
        lines.append("also_in: [bench_extra]")
    lines.append("edition: first")
    lines.append(f"kingdom: {kingdom}")
    lines.append(f"gender: {gender}")
    guozhan = i % 5 == 0
    if guozhan:
        lines.append(f"halves: {3 + i % 4}")
    else:
        lines.append(f"hp: {3 + i % 3}")
    if i % 6 == 0 and i > 1:
        lines.append(f"companions: [bench_g{i - 1:05d}]")
    has_lord = i % 7 == 0 and not guozhan
    if has_lord:
        lines.append("lord: true")
    lines.append("skills:")
    count = 1 + i % 4
    for k in range(1, count + 1):
        tags = list(TAG_CHOICES[(i + k) % len(TAG_CHOICES)])
        if has_lord and k == count:
            tags = ["lord"]
        if tags and tags != ["lord"]:
            tags = [t for t in tags if t in ("head", "deputy")]  # the text decides the rest
        lines += [
            f"  - id: bench_s{i:05d}_{k}",
            f"    name: {{zh: {_zh(i + k, ZH_SKILL, 2)}, en: Bench Skill {i}.{k},"
            f" ko: 기술 {i}.{k}}}",
            f"    tags: {_flow(tags)}",
            "    effect: |",
            *("      " + line for line in effect_text(i * 4 + k).splitlines()),
        ]
        if (i + k) % 3 == 0:
            lines.append(f"    notes: benchmark skill {k} of general {i}")
    if i % 5 == 2 and i > 2:
        lines.append(f"  - bench_s{i - 1:05d}_1")
    if i % 9 == 0:
        lines.append(f"notes: generated general number {i}")
    return "\n".join(lines) + "\n"


def write_generals(folder: Path, count: int) -> list[Path]:
    """Write ``count`` general files into ``folder/generals``, and ``folder/expansion.yaml``
    declaring their set (as an expansion maintainer's repository does, so no general is in
    "no pool"; it names no mode, as the generals mix whole and half health); return the
    generals' paths."""
    out_dir = folder / "generals"
    out_dir.mkdir(parents=True)
    (folder / "expansion.yaml").write_text(
        "kind: expansion\nid: bench\nname: {zh: 基准, en: Benchmark, ko: 벤치}\n"
        'version: "1.0"\n', encoding="utf-8")
    files: list[Path] = []
    for i in range(1, count + 1):
        path = out_dir / f"bench_g{i:05d}.yaml"
        path.write_text(general_yaml(i), encoding="utf-8")
        files.append(path)
    return files


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


def _fail(what: str, done: subprocess.CompletedProcess[str]) -> None:
    sys.stderr.write(f"{what} failed (exit {done.returncode}):\n"
                     f"{done.stdout[-2000:]}{done.stderr[-2000:]}\n")
    raise SystemExit(1)


def confirm_sgs(sgs: list[str], cwd: Path, folder: str, count: int) -> int:
    """Run ``sgs validate -f json`` once; insist the generated files are clean.

    Returns the number of files sgs checked: the generated ones (the report counts the
    files named on the command line) plus the bundled ones it loads behind them and the
    expansion file beside them.
    """
    from sgs_tools import paths

    done = _run([*sgs, "validate", "--format", "json", folder], cwd)
    try:
        report: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        _fail("sgs validate", done)
        raise  # unreachable: _fail exits
    if done.returncode != 0 or not report.get("ok") or report.get("problems"):
        _fail("sgs validate (the generated files should be clean)", done)
    checked = int(report["files_checked"])
    if checked < count:
        sys.stderr.write(f"sgs checked {checked} files, expected at least {count}\n")
        raise SystemExit(1)
    return checked + len(paths.bundled_files()) + 1  # and the expansion.yaml beside them


def _tree_memory(pid: int) -> tuple[int, int]:
    """The summed resident memory (RSS) and proportional set size (PSS) of a process and
    its descendants (Linux /proc). The RSS sum counts a page that forked workers share with
    their parent once per process, so it is the larger, conservative figure; PSS splits
    each shared page between the processes sharing it (what the tree really holds)."""
    rss = pss = 0
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/smaps_rollup", encoding="ascii", errors="replace") as fh:
                for line in fh:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1]) * 1024
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1]) * 1024
            with open(f"/proc/{p}/task/{p}/children", encoding="ascii") as fh:
                stack.extend(int(c) for c in fh.read().split())
        except (OSError, ValueError):
            continue
    return rss, pss


@dataclass
class Run:
    """One timed run: wall and CPU seconds, and its memory three ways."""

    wall: float
    cpu: float
    peak_rss: int
    """The largest summed RSS of the process tree, sampled every 20 ms."""
    peak_pss: int
    """The largest summed PSS of the process tree, sampled likewise."""
    maxrss: int
    """The largest peak RSS of any one process of the tree (``ru_maxrss`` from
    ``os.wait4``, as ``getrusage(RUSAGE_CHILDREN)`` gives it: exact, not sampled, but
    per process)."""
    done: subprocess.CompletedProcess[str]


def measure(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> Run:
    """Run ``command``: wall seconds, CPU seconds (itself and its workers), peak memory.

    The child is reaped with ``os.wait4``, whose resource usage is that child's and its
    reaped descendants' (its workers) alone: user + system CPU seconds, and ``ru_maxrss``,
    the peak RSS of the largest single process among them."""
    import threading

    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    peak = [0, 0]
    stop = threading.Event()
    chunks: dict[str, list[str]] = {"out": [], "err": []}

    def sample() -> None:
        while not stop.is_set():
            rss, pss = _tree_memory(proc.pid)
            peak[0], peak[1] = max(peak[0], rss), max(peak[1], pss)
            stop.wait(0.02)

    def drain(stream: Any, into: list[str]) -> None:
        into.append(stream.read())

    threads = [threading.Thread(target=sample, daemon=True),
               threading.Thread(target=drain, args=(proc.stdout, chunks["out"]), daemon=True),
               threading.Thread(target=drain, args=(proc.stderr, chunks["err"]), daemon=True)]
    for thread in threads:
        thread.start()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    stop.set()
    for thread in threads:
        thread.join()
    cpu = usage.ru_utime + usage.ru_stime
    maxrss = usage.ru_maxrss * 1024  # kilobytes on Linux
    if not peak[0]:  # no /proc: the largest single process instead
        peak[0] = peak[1] = maxrss
    done = subprocess.CompletedProcess(command, proc.returncode, "".join(chunks["out"]),
                                       "".join(chunks["err"]))
    return Run(elapsed, cpu, peak[0], peak[1], maxrss, done)


def time_runs(tool: str, command: list[str], cwd: Path, repeat: int,
              env: dict[str, str] | None = None, before: Any = None) -> Timing:
    """Run ``command`` ``repeat`` times (``before()`` ahead of each), each must exit 0."""
    timing = Timing(tool, command, [])
    for _ in range(repeat):
        if before is not None:
            before()
        run = measure(command, cwd, env)
        if run.done.returncode != 0:
            _fail(tool, run.done)
        timing.runs.append(run.wall)
        timing.cpu.append(run.cpu)
        timing.peak.append(run.peak_rss)
        timing.pss.append(run.peak_pss)
        timing.maxrss.append(run.maxrss)
    return timing


MEMORY_GOAL = 500_000_000
"""Issue 15: at most 0.5 GB at 50,000 generals (checked against the tree's summed RSS)."""


def compile_bytecode() -> None:
    """Compile sgs_tools' modules to bytecode (``__pycache__``, ignored by git), as
    ``pip install`` does for an installed sgs-tools and did for check-jsonschema: where
    ``PYTHONDONTWRITEBYTECODE`` is set, a checkout would otherwise compile every module
    it imports again on every run, a cost no installed tool pays."""
    done = _run([sys.executable, "-m", "compileall", "-q", str(ROOT / "sgs_tools")], ROOT)
    if done.returncode != 0:
        _fail("compiling sgs_tools to bytecode", done)


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def environment() -> dict[str, Any]:
    """Python, machine and package versions, as seen by this interpreter."""
    probe = _run([sys.executable, "-c", "import yaml; print(yaml.__with_libyaml__)"], ROOT)
    libyaml = probe.stdout.strip() == "True" if probe.returncode == 0 else None
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "packages": {name: _version(name) for name in PACKAGES},
        "pyyaml_libyaml": libyaml,
    }


def _format_table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(w) for cell, w in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells))
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time `sgs validate` (cold and warm) against check-jsonschema on "
                    "generated general files; report CPU time and peak memory too.")
    parser.add_argument("--files", type=int, default=2000, metavar="N",
                        help="how many general files to generate (default: 2000)")
    parser.add_argument("--repeat", type=int, default=3, metavar="R",
                        help="timed runs per tool; the best is reported (default: 3)")
    parser.add_argument("--no-peer", action="store_true",
                        help="skip check-jsonschema (for memory runs at scale)")
    parser.add_argument("--json", type=Path, metavar="FILE",
                        help="also write the figures to FILE as JSON")
    parser.add_argument("--keep", action="store_true",
                        help="keep the generated folder and print where it is")
    args = parser.parse_args(argv)
    if not 1 <= args.files <= 99_999:
        parser.error("--files must be between 1 and 99999")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    count: int = args.files
    repeat: int = args.repeat

    sgs = [sys.executable, "-c", "from sgs_tools.cli.main import run; run()"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("SGS_NO_CACHE", None)
    env.pop("SGS_CACHE_DIR", None)
    cjs_exe = None if args.no_peer else shutil.which("check-jsonschema")
    if cjs_exe is None and not args.no_peer:
        print("check-jsonschema is not installed (pip install check-jsonschema); "
              "skipping that peer.")

    machine = environment()
    compile_bytecode()
    tmp = Path(tempfile.mkdtemp(prefix="sgs-bench-"))
    try:
        files = write_generals(tmp, count)
        rel_files = [str(p.relative_to(tmp)) for p in files]
        folder = "generals"
        cache = tmp / folder / ".sgs-cache"
        os.environ["PYTHONPATH"] = str(ROOT)
        checked = confirm_sgs(sgs, tmp, folder, count)
        print(f"generated {count} general files ({sum(1 + i % 4 for i in range(1, count + 1))}"
              f" skills with distinct effects) in {tmp / folder}; `sgs validate` reports "
              f"them clean ({checked} files checked, {checked - count} of them bundled)")

        cjs: list[str] | None = None
        if cjs_exe is not None:
            cjs = [cjs_exe, "--schemafile", str(SCHEMA), *rel_files]
            done = _run(cjs, tmp)  # the warm-up doubles as the validity check
            if done.returncode != 0:
                _fail("check-jsonschema (the generated files should be valid)", done)
            print("check-jsonschema reports them valid")

        command = [*sgs, "validate", folder]
        timings = [time_runs("sgs validate (cold)", command, tmp, repeat, env,
                             before=lambda: shutil.rmtree(cache, ignore_errors=True)),
                   time_runs("sgs validate (warm)", command, tmp, repeat, env)]
        if cjs is not None:
            timings.append(time_runs("check-jsonschema", cjs, tmp, repeat))
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    rows: list[tuple[str, ...]] = [("tool", "best wall s", "median wall s", "best CPU s",
                                    "peak MB (tree RSS)", "tree PSS", "one process")]
    for t in timings:
        rows.append((t.tool, f"{t.best:.3f}", f"{t.median:.3f}", f"{t.best_cpu:.3f}",
                     f"{t.max_peak / 1e6:.0f}", f"{t.max_pss / 1e6:.0f}",
                     f"{t.max_maxrss / 1e6:.0f}"))
    print()
    print(f"{count} generated files, best of {repeat} runs "
          f"(Python {machine['python']}, {machine['cpus']} CPUs, load average "
          f"{os.getloadavg()[0]:.1f} at the end)")
    print(_format_table(rows))
    ratios: dict[str, float] = {}
    if cjs is not None:
        peer = timings[-1]
        for t in timings[:-1]:
            key = "cold" if "cold" in t.tool else "warm"
            ratios[f"{key}_wall"] = peer.best / t.best
            ratios[f"{key}_cpu"] = peer.best_cpu / t.best_cpu
            print(f"check-jsonschema / {t.tool}: {peer.best / t.best:.2f}x wall, "
                  f"{peer.best_cpu / t.best_cpu:.2f}x CPU")
    print(f"sgs also checks {checked - count} bundled files and cross-checks everything; "
          "CPU time counts every worker process. Memory: the summed RSS and PSS of the "
          "process tree sampled every 20 ms, and the largest single process's ru_maxrss.")
    cold = timings[0]
    print(f"memory goal (at most {MEMORY_GOAL / 1e9:.1f} GB, meant at 50,000 generals): "
          f"cold peak tree RSS {cold.max_peak / 1e9:.3f} GB at {count} files: "
          f"{'met' if cold.max_peak <= MEMORY_GOAL else 'NOT met'}")
    if cjs is not None:
        for key, goal in (("cold", 3.0), ("warm", 10.0)):
            cpu, wall = ratios[f"{key}_cpu"], ratios[f"{key}_wall"]
            print(f"{key} goal ({goal:.0f}x check-jsonschema): {cpu:.2f}x CPU "
                  f"({'met' if cpu >= goal else 'NOT met'}), {wall:.2f}x wall "
                  f"({'met' if wall >= goal else 'NOT met'})")

    if args.json is not None:
        figures: dict[str, Any] = {
            "files": count,
            "repeat": repeat,
            "sgs_files_checked": checked,
            "results": [
                {"tool": t.tool,
                 "command": [*t.command[:3], f"<{count} files>"]
                 if t.tool == "check-jsonschema" else t.command,
                 "runs_s": t.runs, "cpu_s": t.cpu, "peak_bytes": t.peak,
                 "peak_pss_bytes": t.pss, "maxrss_bytes": t.maxrss,
                 "best_s": t.best, "median_s": t.median, "best_cpu_s": t.best_cpu}
                for t in timings
            ],
            "ratios_check_jsonschema_over_sgs": ratios,
            "load_average": os.getloadavg(),
            "environment": machine,
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

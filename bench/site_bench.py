"""Benchmark `sgs site build` (strict mkdocs-material build) as the number of generals grows.

What it measures
----------------
For each size N (default 0, 100, 250, 500, 1000) the script writes N generated general
files (``set: bench``, two or three skills each, effect text in the DSL, companions) into a
temporary folder, then times, in this process:

a. validate: loading and checking the bundled data plus the N files, compiling effects;
b. pages: generating every Markdown page and writing the build folder;
c. mkdocs: the ``mkdocs build --strict`` subprocess, wall-clock and CPU (user + sys);

and prints a table. N counts generated generals *on top of* the bundled data (about 90
generals and 124 cards), so the page count is the bundled site's plus N. The generated
generals are in no mode's pool, which changes nothing for the build.

The machine may be shared: the CPU columns are the steadier figures when other work runs
(the load average is printed); on an idle machine the total CPU is close to the wall time.

How to run
----------
From the checkout, with the site extra installed (``pip install -e '.[site]'``)::

    python bench/site_bench.py                     # sizes 0 100 250 500 1000, best of 1
    python bench/site_bench.py --sizes 500 --repeat 3 --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sgs_tools import paths  # noqa: E402
from sgs_tools.project import validate  # noqa: E402
from sgs_tools.sitegen.build import Layout, prepare, run_mkdocs  # noqa: E402
from sgs_tools.sitegen.pages import generate  # noqa: E402

KINGDOMS = ("wei", "shu", "wu", "qun")
SURNAMES = "曹刘孙司马诸葛关张赵黄夏侯甄郭荀许典徐吕华袁董周陆甘太史"
GIVEN = "操备权懿亮羽飞云忠惇姬嘉彧褚韦晃布佗绍卓瑜逊宁慈"
SKILL_CHARS = "奸雄护驾反馈鬼才刚烈突袭裸衣天妒遗计倾国仁德激将武圣咆哮龙胆铁骑集智奇才"
KO = "가나다라마바사아자차카타파하"
EFFECTS = (
    "after take_damage:\n  may draw 1",
    "distance -1 to others",
    "view red card as slash",
    "at start of draw:\n  may draw 1",
    "after take_damage:\n  may choose source\n  then source draws 1",
)


@dataclass
class Row:
    generated: int
    generals: int
    pages: int
    validate_s: float
    pages_s: float
    mkdocs_wall_s: float
    mkdocs_cpu_s: float
    cpu_s: float = 0.0
    """CPU time of all three steps (this process and its children): the steadier figure
    on a shared machine, and close to the wall time on an idle one."""

    @property
    def total_s(self) -> float:
        return self.validate_s + self.pages_s + self.mkdocs_wall_s


def general_yaml(i: int, n: int) -> str:
    zh = SURNAMES[i % len(SURNAMES)] + GIVEN[(i // len(SURNAMES)) % len(GIVEN)] + str(i)
    ko = KO[i % len(KO)] + KO[(i * 7) % len(KO)] + str(i)
    skills = []
    for k in range(2 + i % 2):
        effect = EFFECTS[(i + k) % len(EFFECTS)]
        if effect.startswith("after take_damage:\n  may choose"):
            effect = EFFECTS[0]
        body = "\n".join("      " + line for line in effect.splitlines())
        skill_zh = SKILL_CHARS[(i + k) % len(SKILL_CHARS)] + SKILL_CHARS[(i * 3 + k) %
                                                                       len(SKILL_CHARS)]
        skills.append(f"  - id: bench_s{i:04d}_{k}\n"
                      f"    name: {{zh: {skill_zh}{i}, en: Bench skill {i} {k}, ko: 기술{i}{k}}}\n"
                      f"    tags: []\n    effect: |\n{body}\n")
    companion = f"companions: [bench_g{(i + 1) % n:04d}]\n" if n > 1 and i % 5 == 0 else ""
    return (f"kind: general\nid: bench_g{i:04d}\n"
            f"name: {{zh: {zh}, en: Bench General {i}, ko: {ko}}}\n"
            f"set: bench\nkingdom: {KINGDOMS[i % 4]}\ngender: {'male' if i % 3 else 'female'}\n"
            f"hp: {3 + i % 2}\n{companion}skills:\n" + "".join(skills))


def write_generals(folder: Path, n: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        (folder / f"bench_g{i:04d}.yaml").write_text(general_yaml(i, n), encoding="utf-8")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(n: int, work: Path) -> Row:
    data = work / f"data{n}"
    write_generals(data / "generals", n)
    cpu_start = time.process_time() + children_cpu()
    start = time.perf_counter()
    result = validate([data] if n else None)
    validate_s = time.perf_counter() - start
    if not result.ok or result.effects is None:
        raise SystemExit("generated data has problems:\n" + "\n".join(
            f"{p.location}: {p.message}" for p in result.problems[:10]))
    layout = Layout.make(paths.bundled_root() / "site", work / f"build{n}", work / f"html{n}")
    start = time.perf_counter()
    generated = generate(result.catalog, result.effects)
    prepare(layout, generated)
    pages_s = time.perf_counter() - start
    cpu = children_cpu()
    start = time.perf_counter()
    code, output = run_mkdocs(layout)
    wall = time.perf_counter() - start
    if code != 0:
        raise SystemExit(f"mkdocs failed for n={n}:\n{output[-3000:]}")
    total_cpu = time.process_time() + children_cpu() - cpu_start
    return Row(n, len(result.catalog.generals), len(generated.pages), validate_s, pages_s,
               wall, children_cpu() - cpu, total_cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[0, 100, 250, 500, 1000])
    parser.add_argument("--repeat", type=int, default=1, help="best of this many runs")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="sgs-site-bench-") as tmp:
        for n in args.sizes:
            runs = [run(n, Path(tmp) / f"r{r}") for r in range(args.repeat)]
            rows.append(min(runs, key=lambda row: row.total_s))
    print(f"site build, strict mkdocs-material; {os.cpu_count()} CPUs; "
          f"python {sys.version.split()[0]}")
    load = os.getloadavg()[0]
    print(f"load average at the end: {load:.1f}")
    head = ("generated", "generals", "pages", "validate s", "pages s", "mkdocs s",
            "mkdocs cpu s", "total s", "total cpu s")
    print(" | ".join(head))
    print(" | ".join("---" for _ in head))
    for row in rows:
        print(f"{row.generated} | {row.generals} | {row.pages} | {row.validate_s:.2f} | "
              f"{row.pages_s:.2f} | {row.mkdocs_wall_s:.2f} | {row.mkdocs_cpu_s:.2f} | "
              f"{row.total_s:.2f} | {row.cpu_s:.2f}")
    if args.json:
        args.json.write_text(json.dumps([asdict(r) | {"total_s": r.total_s} for r in rows],
                                        indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()

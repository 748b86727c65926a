"""Benchmark the schemas in a real editor: yaml-language-server over stdio, as VS Code runs it.

Measures, with the pinned server the editor tests use (``.ci/run`` installs it; or
``npm install --prefix .cache/yaml-language-server yaml-language-server@1.25.0``):

a. start-up: launching the server and the LSP ``initialize`` handshake;
b. first diagnostics: opening a general file until its diagnostics arrive (the schema is
   loaded and compiled then: what a designer waits for on opening the first file);
c. a mistake: diagnostics of an edited file once the schema is loaded (each keystroke);
d. every bundled data file and scenario opened at once, until all diagnostics are in;
e. completion of a kingdom value.

Best of ``--repeat`` runs for b–e (a fresh server per run for a and b).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sgs_tools import paths  # noqa: E402
from tests.editor.lsp import VERSION, Client, missing_reason  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    reason = missing_reason()
    if reason is not None:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2
    general = ROOT / "generals" / "standard" / "caocao.yaml"
    text = general.read_text(encoding="utf-8")
    files = [*paths.bundled_files(), *sorted((ROOT / "tests" / "scenarios").glob("*.yaml"))]
    best: dict[str, float] = {}

    def keep(name: str, seconds: float) -> None:
        best[name] = min(best.get(name, seconds), seconds)

    for _ in range(args.repeat):
        started = time.perf_counter()
        client = Client(ROOT)
        keep("start", time.perf_counter() - started)
        try:
            started = time.perf_counter()
            assert client.diagnostics(general) == []
            keep("first", time.perf_counter() - started)
            started = time.perf_counter()
            assert client.diagnostics(general, text.replace("kingdom: wei", "kingdom: weii"))
            keep("mistake", time.perf_counter() - started)
            started = time.perf_counter()
            found = client.diagnostics_of_all(files)
            keep("all", time.perf_counter() - started)
            assert not any(found.values())
            line = next(i for i, ln in enumerate(text.splitlines(), 1)
                        if ln.startswith("kingdom:"))
            started = time.perf_counter()
            items = client.completion(general, text.replace("kingdom: wei", "kingdom: "),
                                      line, 10)
            keep("completion", time.perf_counter() - started)
            assert items
        finally:
            client.shutdown()
    print(f"yaml-language-server {VERSION}, best of {args.repeat}")
    print(f"a. start-up and initialize:        {best['start'] * 1000:7.0f} ms")
    print(f"b. first diagnostics (cold schema): {best['first'] * 1000:7.0f} ms")
    print(f"c. diagnostics after an edit:       {best['mistake'] * 1000:7.0f} ms")
    print(f"d. all {len(files)} bundled files:          {best['all']:7.2f} s "
          f"({len(files) / best['all']:.0f} files/s)")
    print(f"e. completion of a kingdom:         {best['completion'] * 1000:7.0f} ms "
          "(opening the file included)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

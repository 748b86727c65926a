"""A designer's expansion in a temporary folder: generals whose skills are written in the
DSL, and scenarios played against them through `sgs test`, as a designer would."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner, Result

from sgs_tools.cli.main import app


def expansion(root: Path, set_id: str, generals: dict[str, str],
              modes: str = "[identity]") -> Path:
    """Write an expansion folder: ``generals`` maps a general id to the YAML of its
    ``skills:`` list (indented two spaces)."""
    (root / "generals").mkdir(parents=True, exist_ok=True)
    (root / "tests").mkdir(exist_ok=True)
    (root / "expansion.yaml").write_text(
        f"kind: expansion\nid: {set_id}\nname: {{zh: 测试, en: Test, ko: 테스트}}\n"
        f'version: "1.0"\nmodes: {modes}\n', encoding="utf-8")
    for gid, skills in generals.items():
        (root / "generals" / f"{gid}.yaml").write_text(
            f"kind: general\nid: {gid}\nname: {{zh: 试{gid}, en: {gid.title()}, ko: 시{gid}}}\n"
            f"set: {set_id}\nkingdom: shu\ngender: female\nhp: 4\nskills:\n{skills}",
            encoding="utf-8")
    return root


def skill(sid: str, effect: str, tags: str = "[]") -> str:
    """One entry of a general's ``skills:`` list."""
    body = "".join(f"        {line}\n" if line else "\n" for line in effect.splitlines())
    return (f"  - id: {sid}\n    name: {{zh: 技{sid}, en: {sid.title()}, ko: 기{sid}}}\n"
            f"    tags: {tags}\n    effect: |\n{body}")


def run(root: Path, scenarios: dict[str, str]) -> Result:
    """Write the scenarios beside the expansion and run them with `sgs test`."""
    paths = []
    for name, text in scenarios.items():
        path = root / "tests" / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return CliRunner().invoke(app, ["test", *paths])

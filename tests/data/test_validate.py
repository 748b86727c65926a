"""validate(): file collection, other kinds of YAML, and no crash past the loader."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sgs_tools import paths
from sgs_tools.errors import UsageError
from sgs_tools.project import check_file, validate


def test_scenario_files_beside_data_get_their_format_checked(tmp_path: Path) -> None:
    """validate checks a scenario's format (playing it is sgs test's job)."""
    (tmp_path / "s.yaml").write_text("kind: scenario\nname: x\n", encoding="utf-8")
    problems = validate([tmp_path]).problems
    assert [p.message for p in problems] == ["a scenario needs 'seats': a list of seats"]
    (tmp_path / "s.yaml").write_text("kind: scenario\nseats: [{general: liubei}]\n",
                                     encoding="utf-8")
    assert [p.message for p in validate([tmp_path]).problems] == [
        "a table has at least two seats"]
    (tmp_path / "s.yaml").write_text("kind: scenario\nseats: [{general: liubei}, {}]\n",
                                     encoding="utf-8")
    assert validate([tmp_path]).problems == []


def test_an_unreadable_file_does_not_cascade(tmp_path: Path) -> None:
    """A cards file that does not parse: the deck naming its cards is not blamed too."""
    import shutil

    from tests.conftest import EXAMPLES

    exp = tmp_path / "exp"
    shutil.copytree(EXAMPLES / "positive" / "expansion", exp)
    cards = exp / "cards" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "cards: [\n", encoding="utf-8")
    problems = validate([exp]).problems
    assert [p.code for p in problems] == ["yaml-syntax"], problems


def test_empty_folder_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        validate([tmp_path])


def test_a_file_given_twice_is_checked_once(tmp_path: Path) -> None:
    general = tmp_path / "G.YAML"
    general.write_text("kind: general\nid: twice_given\nname: {zh: 二}\nset: x\n"
                       "kingdom: wei\ngender: male\nhp: 3\nskills: []\n", encoding="utf-8")
    result = validate([general, tmp_path])
    assert result.problems == []


SAMPLES = [p for p in paths.bundled_files()[::5]]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.sampled_from(SAMPLES), st.data())
def test_mutated_files_never_crash_the_schema_stage(tmp_path: Path, src: Path,
                                                    data: st.DataObject) -> None:
    lines = src.read_text(encoding="utf-8").splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        if not lines:
            break
        i = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["drop", "dup", "value", "indent"]))
        if op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "value" and ":" in lines[i]:
            key = lines[i].split(":", 1)[0]
            value = data.draw(st.sampled_from(["[]", "{}", "1.5", "-3", "''", "~", "[a, 1]",
                                               "{x: 1}", "true", "5.0", "99999999999"]))
            lines[i] = f"{key}: {value}"
        elif op == "indent":
            lines[i] = "  " + lines[i]
    path = tmp_path / "m.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    doc, problems, kind = check_file(path)
    assert doc.path
    assert all(p.location.line >= 0 for p in problems)
    if kind is not None and not problems:
        validate([path])  # the model and cross-checks accept what the schema accepted

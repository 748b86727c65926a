"""One line count for the whole tool (issue 15): data files count lines as libyaml does,
effect text as lark does, and every reported position lies inside its text."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from sgs_tools.data.loader import Document, load_file, loads
from sgs_tools.dsl.parse import EffectSyntaxError, parse
from sgs_tools.errors import LoadError
from sgs_tools.lines import effect_lines, file_line_col, file_lines

BREAKS = ["\n", "\r\n", "\r", "\x85", "\u2028", "\u2029"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["k", "key", "测试", "a b"]),
                          st.text(alphabet="xyz 测\f\v", max_size=6),
                          st.sampled_from(BREAKS)), min_size=1, max_size=8))
def test_file_line_col_agrees_with_yaml_marks(rows: list[tuple[str, str, str]]) -> None:
    text = "".join(f"{key}{i}: v{value.strip()}{brk}" for i, (key, value, brk) in
                   enumerate(rows))
    try:
        tokens = list(yaml.scan(text, Loader=yaml.SafeLoader))  # pure-Python marks: chars
    except yaml.YAMLError:
        return
    lines = file_lines(text)
    for token in tokens:
        mark = token.start_mark
        if mark.index >= len(text):
            continue
        line, col = file_line_col(text, mark.index)
        assert (line, col) == (mark.line + 1, mark.column + 1), (token, text)
        assert lines[line - 1][col - 1] == text[mark.index]


def test_splitlines_breaks_that_yaml_does_not_count_stay_on_their_line() -> None:
    doc = Document("x", "a: 1 # \f form feed\nb: 2\n", None)
    assert doc.line_text(2) == "b: 2"  # str.splitlines would make \f a line of its own


def test_binary_file_and_not_utf8_positions_count_every_yaml_line_break(
        tmp_path: Path) -> None:
    for brk in BREAKS:
        text = f"kind: general{brk}id: x # \f{brk}name: \x00"
        try:
            loads(text, "x.yaml")
        except LoadError as exc:
            p = exc.problem
            assert (p.code, p.location.line, p.location.col) == ("binary-file", 3, 7), brk
        else:
            raise AssertionError("a NUL byte is refused")
        path = tmp_path / "f.yaml"
        path.write_bytes(text.replace("\x00", "").encode() + b"\xff")
        try:
            load_file(path, "f.yaml")
        except LoadError as exc:
            p = exc.problem
            assert (p.code, p.location.line, p.location.col) == ("not-utf8", 3, 7), brk
        else:
            raise AssertionError("a 0xff byte is refused")


def test_a_character_yaml_refuses_is_located() -> None:
    try:
        loads("a: 1\nb: 测\x0c\n", "x.yaml")
    except LoadError as exc:
        p = exc.problem
        assert (p.code, p.location.line, p.location.col) == ("yaml-syntax", 2, 5)
        assert "U+000C" in p.message
    else:
        raise AssertionError("a form feed is not YAML")


EFFECT_ODD = ["\f", "\r", "\x85", "\u2028", "\u2029", "\v", "\x1c"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["after take_damage:", "  draw 1", "  draw 12345678901",
                                 "  if hp > 1:", "    draw 2", "action:", ""]),
                min_size=1, max_size=6),
       st.lists(st.tuples(st.integers(0, 200), st.sampled_from(EFFECT_ODD)), max_size=3))
def test_effect_errors_lie_inside_the_text(rows: list[str],
                                           odd: list[tuple[int, str]]) -> None:
    text = "\n".join(rows) + "\n"
    for at, ch in odd:
        at = at % (len(text) + 1)
        text = text[:at] + ch + text[at:]
    try:
        parse(text)
    except EffectSyntaxError as exc:
        p = exc.problem
        lines = effect_lines(text.replace("\r\n", "\n")) or [""]
        assert 1 <= p.line <= len(lines) + 1, (p, text)
        if p.line <= len(lines):
            assert 1 <= p.col <= len(lines[p.line - 1]) + 1, (p, text)

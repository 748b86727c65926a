"""The strict YAML loader: positions, YAML 1.2 scalars, and every kind of refusal."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sgs_tools import paths
from sgs_tools.data import loader
from sgs_tools.data.loader import decode, load_file, loads
from sgs_tools.errors import LoadError


def code_of(text: str) -> tuple[str, int, int]:
    with pytest.raises(LoadError) as info:
        loads(text, "t.yaml")
    p = info.value.problem
    return p.code, p.location.line, p.location.col


def test_positions_of_nodes_and_keys() -> None:
    doc = loads("kind: general\nskills:\n  - id: a\n    tags: [x, y]\n", "t.yaml")
    assert doc.nodes[("skills", 0, "tags", 1)] == (4, 15)
    assert doc.keys[("skills", 0, "tags")] == (4, 5)
    assert str(doc.where(("skills", 0, "missing"))) == "t.yaml:3:5"
    assert str(doc.where(("skills", 0, "tags"), key=True)) == "t.yaml:4:5"


def test_yaml_12_scalars() -> None:
    data = loads("a: on\nb: yes\nc: true\nd: 1:20\ne: 2001-01-01\nf: 0o17\n"
                 "g: ~\nh: 0x1F\ni: 1.5\nj: .inf\n4: k\n", "t.yaml").data
    assert data == {"a": "on", "b": "yes", "c": True, "d": "1:20", "e": "2001-01-01",
                    "f": 15, "g": None, "h": 31, "i": 1.5, "j": float("inf"), "4": "k"}


def test_aliases_within_bounds_are_expanded() -> None:
    assert loads("a: &x [1, 2]\nb: *x\n", "t.yaml").data == {"a": [1, 2], "b": [1, 2]}


@pytest.mark.parametrize(("text", "expected"), [
    ("a: 1\na: 2\n", ("duplicate-key", 2, 1)),
    ("{a: 1, a: 2}", ("duplicate-key", 1, 8)),
    ("", ("empty-file", 1, 1)),
    ("# just a comment\n", ("empty-file", 1, 1)),
    ("- 1\n", ("not-mapping", 1, 1)),
    ("just text\n", ("not-mapping", 1, 1)),
    ("a:\n\tb: 1\n", ("tab-indent", 2, 1)),
    ("a: [1\n", ("yaml-syntax", 2, 1)),
    ("a: !!binary aGk=\n", ("unsupported-tag", 1, 4)),
    ("a: !custom 1\n", ("unsupported-tag", 1, 4)),
    ("? [a]\n: 1\n", ("complex-key", 1, 3)),
    ("a: &x [*x]\n", ("too-deep", 1, 4)),
    ("a: 1\n---\nb: 2\n", ("yaml-syntax", 2, 1)),
    ("a: b\x00\n", ("binary-file", 1, 5)),
])
def test_refusals_are_located(text: str, expected: tuple[str, int, int]) -> None:
    assert code_of(text) == expected


def test_billion_laughs_fails_fast() -> None:
    rows = ["a: &a [" + ", ".join(["lol"] * 10) + "]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        rows.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    code, _, _ = code_of("\n".join(rows) + "\n")
    assert code == "alias-bomb"


def test_deep_nesting_is_refused() -> None:
    code, _, _ = code_of("a: " + "[" * 200 + "]" * 200 + "\n")
    assert code == "too-deep"


def test_not_utf8_names_the_line() -> None:
    with pytest.raises(LoadError) as info:
        decode(b"a: 1\nb: caf\xe9\n", "t.yaml")
    p = info.value.problem
    assert (p.code, p.location.line, p.location.col) == ("not-utf8", 2, 7)


def test_utf16_and_bom() -> None:
    with pytest.raises(LoadError):
        decode("a: 1".encode("utf-16"), "t.yaml")
    assert decode(b"\xef\xbb\xbfa: 1", "t.yaml") == "a: 1"


def test_oversized_file_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a: " + b"x" * (loader.MAX_BYTES + 1))
    with pytest.raises(LoadError) as info:
        load_file(big)
    assert info.value.problem.code == "too-large"


def test_unreadable_path_is_an_io_error(tmp_path: Path) -> None:
    with pytest.raises(LoadError) as info:
        load_file(tmp_path / "missing.yaml")
    assert info.value.problem.code == "io-error"


def _never_crashes(raw: bytes) -> None:
    try:
        doc = loads(decode(raw, "f.yaml"), "f.yaml")
    except LoadError as exc:
        assert exc.problem.code
        assert exc.problem.location.path == "f.yaml"
    else:
        assert isinstance(doc.data, dict)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_never_crash(raw: bytes) -> None:
    _never_crashes(raw)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab:-[]{}&*!|>'\"#?,\n\t %@`0.~")), max_size=200))
def test_random_yaml_punctuation_never_crashes(text: str) -> None:
    _never_crashes(text.encode("utf-8"))


VALID = [p.read_bytes() for p in paths.bundled_files()[::7]]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VALID), st.data())
def test_mutated_valid_files_never_crash(raw: bytes, data: st.DataObject) -> None:
    buf = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 6))):
        op = data.draw(st.sampled_from(["flip", "insert", "delete", "truncate"]))
        pos = data.draw(st.integers(0, max(len(buf) - 1, 0)))
        if op == "flip" and buf:
            buf[pos] = data.draw(st.integers(0, 255))
        elif op == "insert":
            buf[pos:pos] = data.draw(st.sampled_from(
                [b"\t", b":", b"- ", b"&a ", b"*a", b"\n  ", b"{", b"]", b"\x00", b"\xff"]))
        elif op == "delete" and buf:
            del buf[pos]
        elif op == "truncate":
            del buf[pos:]
    _never_crashes(bytes(buf))

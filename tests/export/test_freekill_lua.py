"""Lua text from data: every string literal and comment survives any input."""

from __future__ import annotations

import subprocess

from hypothesis import given, settings
from hypothesis import strategies as st

from sgs_tools.export.freekill import lua
from tests.export.conftest import need

BREAKERS = ['"', "'", "]]", "]=]", "[[", "[==[", "--", "--[[", "\\", "\\n", "\n", "\r\n",
            "\t", "\0", "\x1b", "end", "%s", "${x}", "</title><script>", "刚烈", "강렬", "😀",
            '"]] .. os.exit(1) .. [["']


def test_string_escapes_every_breaker() -> None:
    for text in BREAKERS:
        out = lua.string(text)
        assert out.startswith('"') and out.endswith('"')
        body = out[1:-1]
        assert "\n" not in body and "\r" not in body and "\0" not in body
        # no unescaped quote inside
        assert '"' not in body.replace('\\"', "").replace("\\\\", "")


def test_comment_keeps_every_line_commented() -> None:
    text = "a\n--[[ long\n]] b\x00\nend"
    out = lua.comment(text)
    for line in out.splitlines():
        assert line.startswith("-- ") or line == "--"
        assert not line.startswith("--[")


def _roundtrip(texts: list[str]) -> list[str]:
    """What Lua reads back from our literals (one Lua process for the batch)."""
    lua_bin = need("lua5.4")
    program = "local t = {\n" + "".join(f"  {lua.string(x)},\n" for x in texts) + "}\n"
    program += 'for _, s in ipairs(t) do io.write(#s, ":", s) end\n'
    proc = subprocess.run([lua_bin, "-"], input=program.encode("utf-8"), capture_output=True,
                          timeout=60, check=True)
    data = proc.stdout
    out = []
    while data:
        size, _, rest = data.partition(b":")
        n = int(size)
        out.append(rest[:n].decode("utf-8"))
        data = rest[n:]
    return out


def test_breakers_read_back_exactly_in_lua() -> None:
    assert _roundtrip(BREAKERS) == BREAKERS


@settings(max_examples=30, deadline=None)  # one Lua process per example
@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",))), min_size=1,
                max_size=20))
def test_any_text_reads_back_exactly_in_lua(texts: list[str]) -> None:
    assert _roundtrip(texts) == texts


def test_lone_surrogate_is_replaced_not_crashing() -> None:
    assert lua.string("a\ud800b") == '"a\\u{FFFD}b"'

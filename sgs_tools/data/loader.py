"""YAML file → plain JSON-model data plus the line and column of every node and key.

The loader is strict where PyYAML is lax: YAML 1.2 booleans only (``on`` stays a string),
no timestamps or sexagesimal numbers, duplicate keys are errors, alias expansion is bounded
("billion laughs" fails fast), oversized, non-UTF-8, empty, tab-indented and non-mapping
files are refused with a located message. It never lets a Python traceback escape for bad
input: every failure is a :class:`LoadError` carrying one :class:`Problem`.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from sgs_tools.errors import LoadError, Location, Problem
from sgs_tools.lines import file_line_col, file_lines

MAX_BYTES = 1024 * 1024
"""Files larger than this are refused before parsing."""
MAX_ALIAS_NODES = 10_000
"""How many nodes may be produced by expanding aliases in one file."""
MAX_DEPTH = 64
"""How deeply collections may nest."""
MAX_DIGITS = 18
"""Whole numbers longer than this are refused (game data never needs them)."""

JsonPath = tuple[str | int, ...]

_BaseLoader: type[yaml.SafeLoader]
try:
    _BaseLoader = yaml.CSafeLoader  # type: ignore[assignment]
    HAVE_LIBYAML = True
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _BaseLoader = yaml.SafeLoader
    HAVE_LIBYAML = False

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"


class _Yaml12Loader(_BaseLoader):  # type: ignore[misc,valid-type]
    """A composer-only loader whose implicit scalar types are YAML 1.2's core schema."""


_Yaml12Loader.yaml_implicit_resolvers = {}
_CORE_RESOLVERS: list[tuple[str, str, str]] = [
    (_BOOL, r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    (_NULL, r"^(?:~|null|Null|NULL|)$", "~nN"),
    (_INT, r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        _FLOAT,
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+0123456789.",
    ),
]
for _tag, _pattern, _first in _CORE_RESOLVERS:
    _Yaml12Loader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))
_Yaml12Loader.add_implicit_resolver(_NULL, re.compile(r"^$"), [""])

_PLAIN_TAGS: dict[str, str] = {}
"""Plain scalar → its tag, as resolved so far: keys and words repeat in every file, and
PyYAML's resolver tries its patterns on each one again. The first few thousand are kept
(the keys and words of the files read first, the bundled ones): a larger table would
mostly hold names that never come again, alive after their files are freed."""
_RESOLVE = _Yaml12Loader.resolve


def _resolve(self: Any, kind: Any, value: Any, implicit: Any) -> Any:
    """The loader's resolver, remembering plain scalars (the loader has no path resolvers,
    so a plain scalar's tag depends on its text alone)."""
    if kind is yaml.ScalarNode and implicit[0]:
        tag = _PLAIN_TAGS.get(value)
        if tag is None:
            tag = _RESOLVE(self, kind, value, implicit)
            if len(_PLAIN_TAGS) < 8_192 and len(value) < 64:
                _PLAIN_TAGS[value] = tag
        return tag
    return _RESOLVE(self, kind, value, implicit)


_Yaml12Loader.resolve = _resolve


_NO_POSITIONS: dict[JsonPath, tuple[int, int]] = {}
"""The (empty, never written) position tables of every released document."""


@dataclass
class Document:
    """One loaded file: its data, its text (for carets), and where each node and key sits."""

    path: str
    text: str
    data: Any
    nodes: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)
    keys: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)

    def compact(self) -> None:
        """Drop the position tables (most of a document's memory, for validating tens of
        thousands of files); :meth:`where` rebuilds them from the text on first use."""
        self.nodes, self.keys = {}, {}
        self.__dict__.pop("_lines", None)
        self.__dict__["_compact"] = True

    def release(self) -> None:
        """Keep only the text, compressed (a few times smaller): the data and the positions
        are read from it again on first use. For validating tens of thousands of files, of
        which only the few with problems are looked at again."""
        if self.__dict__.get("data") is None or "_packed" in self.__dict__:
            return  # a file that did not load keeps its text for its carets
        self.compact()
        self.nodes = self.keys = _NO_POSITIONS  # where() makes new tables, never fills these
        text = self.__dict__.pop("text")
        del self.__dict__["data"]
        self.__dict__["_packed"] = zlib.compress(text.encode("utf-8"), 1)

    def __getattr__(self, name: str) -> Any:
        """``text`` and ``data`` of a released document, restored on first use."""
        packed = self.__dict__.get("_packed")
        if packed is None or name not in ("text", "data"):
            raise AttributeError(name)
        text = zlib.decompress(packed).decode("utf-8")
        self.__dict__["text"] = text
        if name == "text":
            return text
        self.__dict__["data"] = loads(text, self.path, require_mapping=False,
                                      positions=False).data
        return self.__dict__["data"]

    def where(self, path: JsonPath, *, key: bool = False) -> Location:
        """The location of the value at ``path`` (or of its key), or of its nearest parent."""
        if self.__dict__.get("_compact"):
            self.__dict__["_compact"] = False
            try:
                fresh = loads(self.text, self.path, require_mapping=False)
                self.nodes, self.keys = fresh.nodes, fresh.keys
            except LoadError:  # pragma: no cover - the text loaded once already
                pass
        table = self.keys if key else self.nodes
        p = tuple(path)
        while True:
            if p in table:
                line, col = table[p]
                return Location(self.path, line, col)
            if key:
                table = self.nodes
                key = False
                continue
            if not p:
                return Location(self.path, 1, 1)
            p = p[:-1]

    def line_text(self, line: int) -> str:
        lines = self.lines
        return lines[line - 1] if 0 < line <= len(lines) else ""

    @property
    def lines(self) -> list[str]:
        cached: list[str] | None = self.__dict__.get("_lines")
        if cached is None:
            cached = file_lines(self.text)
            self.__dict__["_lines"] = cached
        return cached


def _fail(path: str, code: str, message: str, line: int = 0, col: int = 0,
          hint: str | None = None, text: str | None = None) -> LoadError:
    return LoadError(Problem(Location(path, line, col), code, message, hint), text)


def _line_col(text: str, index: int) -> tuple[int, int]:
    return file_line_col(text, index)


def decode(raw: bytes, path: str) -> str:
    """Bytes → text, insisting on UTF-8 (a UTF-8 byte-order mark is allowed and dropped)."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise _fail(path, "not-utf8", "file is UTF-16; save it as UTF-8", 1, 1)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8", errors="replace")
        line, col = _line_col(good, len(good))
        raise _fail(
            path, "not-utf8",
            f"byte 0x{raw[exc.start]:02x} at offset {exc.start} is not valid UTF-8",
            line, col, "save the file as UTF-8", raw.decode("utf-8", errors="replace"),
        ) from None


def _tab_problem(text: str, path: str, upto_line: int) -> LoadError | None:
    for number, line in enumerate(file_lines(text)[:upto_line], start=1):
        stripped = line.lstrip(" ")
        if stripped.startswith("\t"):
            col = len(line) - len(stripped) + 1
            return _fail(path, "tab-indent", "tab character used for indentation",
                         number, col, "YAML indents with spaces only")
    return None


class _Builder:
    """Turns a composed node graph into plain data, recording positions as it goes."""

    def __init__(self, doc: Document, positions: bool = True) -> None:
        self.doc = doc
        self.positions = positions
        self.alias_nodes = 0
        self.seen: set[int] = set()

    def build(self, node: yaml.Node, path: JsonPath, depth: int, aliased: bool) -> Any:
        if depth > MAX_DEPTH:
            raise self._err(node, "too-deep", f"nesting deeper than {MAX_DEPTH} levels")
        if id(node) in self.seen:
            aliased = True
        self.seen.add(id(node))
        if aliased:
            self.alias_nodes += 1
            if self.alias_nodes > MAX_ALIAS_NODES:
                raise self._err(
                    node, "alias-bomb",
                    f"aliases expand to more than {MAX_ALIAS_NODES} nodes",
                    "this looks like a 'billion laughs' file; write the data out instead",
                )
        if self.positions:
            mark = node.start_mark
            self.doc.nodes.setdefault(path, (mark.line + 1, mark.column + 1))
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ:
                raise self._err(node, "unsupported-tag", f"unsupported tag {node.tag!r}")
            if not self.positions:  # no path is recorded: none is made
                return [self.build(item, path, depth + 1, aliased) for item in node.value]
            return [self.build(item, (*path, i), depth + 1, aliased)
                    for i, item in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            if node.tag != _MAP:
                raise self._err(node, "unsupported-tag", f"unsupported tag {node.tag!r}")
            return self._mapping(node, path, depth, aliased)
        raise self._err(node, "yaml-syntax", "unknown YAML node")  # pragma: no cover

    def _mapping(self, node: yaml.MappingNode, path: JsonPath, depth: int,
                 aliased: bool) -> dict[str, Any]:
        out: dict[str, Any] = {}
        first_seen: dict[str, yaml.Node] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise self._err(key_node, "complex-key", "mapping keys must be plain scalars")
            key = str(key_node.value)
            if key in first_seen:
                first = first_seen[key].start_mark
                raise self._err(
                    key_node, "duplicate-key",
                    f"duplicate key {key!r} (first defined at line {first.line + 1})",
                    "each key may appear once in a mapping",
                )
            first_seen[key] = key_node
            if self.positions:
                mark = key_node.start_mark
                self.doc.keys.setdefault((*path, key), (mark.line + 1, mark.column + 1))
                out[key] = self.build(value_node, (*path, key), depth + 1, aliased)
            else:
                out[key] = self.build(value_node, path, depth + 1, aliased)
        return out

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        tag, value = node.tag, node.value
        if tag == _STR:
            return value
        if tag == _NULL:
            return None
        if tag == _BOOL:
            if value.lower() not in ("true", "false"):
                raise self._err(node, "bad-number", f"{value!r} is not a boolean",
                                "write true or false")
            return value.lower() == "true"
        if tag == _INT:
            digits = value.lstrip("+-")
            if len(digits) > MAX_DIGITS:
                raise self._err(node, "bad-number", f"number is too long ({len(digits)} digits)",
                                f"at most {MAX_DIGITS} digits")
            try:
                if digits.startswith("0o"):
                    return int(value.replace("0o", "", 1), 8)
                if digits.startswith("0x"):
                    return int(value.replace("0x", "", 1), 16)
                return int(value)
            except ValueError:
                raise self._err(node, "bad-number", f"{value!r} is not a whole number") from None
        if tag == _FLOAT:
            low = value.lower()
            if low.endswith(".inf"):
                return float("-inf") if low.startswith("-") else float("inf")
            if low == ".nan":
                return float("nan")
            if len(value) > 64:
                raise self._err(node, "bad-number", "number is too long")
            try:
                return float(value)
            except ValueError:
                raise self._err(node, "bad-number", f"{value!r} is not a number") from None
        raise self._err(node, "unsupported-tag", f"unsupported tag {tag!r}",
                        "only plain YAML scalars, lists and mappings are allowed")

    def _err(self, node: yaml.Node, code: str, message: str,
             hint: str | None = None) -> LoadError:
        mark = node.start_mark
        return _fail(self.doc.path, code, message, mark.line + 1, mark.column + 1, hint)


def loads(text: str, path: str = "<string>", *, require_mapping: bool = True,
          positions: bool = True) -> Document:
    """Parse YAML text into a :class:`Document`; raise :class:`LoadError` on any problem.

    With ``positions=False`` the position tables are left empty (the document is compact,
    as after :meth:`Document.compact`): most files checked have no problem, and the first
    :meth:`Document.where` reads the positions from the text."""
    try:
        return _loads(text, path, require_mapping, positions)
    except LoadError as exc:
        if exc.text is None:
            exc.text = text
        raise


def _flow_depth_problem(text: str, path: str) -> LoadError | None:
    """libyaml composes recursively in C: refuse very deep flow nesting before it does."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None  # not even that many brackets in the whole text
    depth = best = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            best = max(best, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
    if best <= MAX_DEPTH:
        return None
    # Brackets inside quoted strings also count above: confirm with the event stream.
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_Yaml12Loader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    mark = event.start_mark
                    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
                    return _fail(path, "too-deep", f"nesting deeper than {MAX_DEPTH} levels",
                                 line, col)
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        return None  # the composer reports the syntax error with its location
    return None


_SYNTAX_HINTS = (
    ("mapping values are not allowed", "a value holding ': ' needs quotes (\"…\"), and a "
     "key needs a space after its ':'"),
    ("could not find expected ':'", "each line of a mapping reads 'key: value'; check this "
     "line's indentation, and quotes left open on the line above"),
    ("expected <block end>", "this line's indentation does not line up with the lines "
     "around it: indent items of one list or mapping alike, with spaces"),
    ("did not find expected key", "this line's indentation does not line up with the lines "
     "around it, or a quote or bracket above is left open"),
    ("found undefined alias", "'*' starts an alias in YAML: quote a value that starts "
     "with '*'"),
    ("found character that cannot start any token", "a value starting with '@', '`' or '%' "
     "needs quotes"),
    ("found unexpected end of stream", "a quote or bracket is left open"),
    ("did not find expected ',' or", "a flow list or mapping ([…] or {…}) needs ',' between "
     "items and its closing bracket"),
    ("while scanning a quoted scalar", "a quote is left open"),
    ("found unknown escape character", "in double quotes a backslash starts an escape: "
     "double it (\\\\) or use single quotes"),
)


def _syntax_hint(message: str) -> str:
    """A help line for a YAML syntax error, by what libyaml said."""
    for needle, hint in _SYNTAX_HINTS:
        if needle in message:
            return hint
    return ("check this line and the one above: indentation (spaces only), quotes and "
            "brackets left open, and ': ' or ' #' inside a value (which need quotes)")


def _loads(text: str, path: str, require_mapping: bool, positions: bool = True) -> Document:
    doc = Document(path=path, text=text, data=None)
    deep = _flow_depth_problem(text, path)
    if deep is not None:
        raise deep
    if "\x00" in text:
        line, col = _line_col(text, text.index("\x00"))
        raise _fail(path, "binary-file", "file contains a NUL byte; is it really YAML?",
                    line, col)
    try:
        node = yaml.compose(text, Loader=_Yaml12Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        col = mark.column + 1 if mark else 0
        tab = _tab_problem(text, path, max(line, 1))
        if tab is not None:
            raise tab from None
        message = exc.problem or str(exc)
        if exc.context:
            where = exc.context_mark
            started = f" that starts at line {where.line + 1}" if where is not None else ""
            message = f"{message} ({exc.context}{started})"
        raise _fail(path, "yaml-syntax", message, line, col, _syntax_hint(message)) from None
    except yaml.reader.ReaderError as exc:
        index = exc.position
        if HAVE_LIBYAML:  # libyaml counts bytes of the UTF-8 text
            index = len(text.encode("utf-8")[:index].decode("utf-8", errors="ignore"))
        line, col = _line_col(text, min(max(index, 0), len(text)))
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise _fail(path, "yaml-syntax",
                    f"character U+{char:04X} is not allowed in YAML ({exc.reason})",
                    line, col, "remove it, or write it as an escape in a double-quoted "
                    "string") from None
    except yaml.YAMLError as exc:
        raise _fail(path, "yaml-syntax", str(exc).splitlines()[0], 1, 1) from None
    except RecursionError:
        raise _fail(path, "too-deep", "nesting is too deep to read", 1, 1) from None
    if node is None:
        raise _fail(path, "empty-file", "file holds no data", 1, 1,
                    "a data file is a YAML mapping with at least a 'kind' key")
    try:
        doc.data = _Builder(doc, positions).build(node, (), 0, False)
    except RecursionError:
        raise _fail(path, "too-deep", "nesting is too deep to read", 1, 1) from None
    if require_mapping and not isinstance(doc.data, dict):
        what = type(doc.data).__name__ if doc.data is not None else "null"
        what = {"list": "a list", "str": "a string", "int": "a number",
                "float": "a number", "bool": "a boolean"}.get(what, what)
        mark = node.start_mark
        raise _fail(path, "not-mapping", f"top level is {what}, not a mapping",
                    mark.line + 1, mark.column + 1,
                    "a data file is a YAML mapping with at least a 'kind' key")
    if not positions:
        doc.compact()
    return doc


def load_file(path: Path | str, display: str | None = None,
              max_bytes: int = MAX_BYTES, *, positions: bool = True) -> Document:
    """Read and parse one file, refusing oversized, non-UTF-8 and unreadable ones."""
    p = Path(path)
    shown = display or str(p)
    try:
        size = p.stat().st_size
        if size > max_bytes:
            raise _fail(shown, "too-large",
                        f"file is {size:,} bytes; the limit is {max_bytes:,}", 0, 0)
        raw = p.read_bytes()
    except OSError as exc:
        raise _fail(shown, "io-error", f"cannot read file: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        raise _fail(shown, "too-large", f"file is over {max_bytes:,} bytes", 0, 0)
    return loads(decode(raw, shown), shown, positions=positions)

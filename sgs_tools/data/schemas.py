"""Kind name → JSON Schema (draft 2020-12) and one reused validator; schema errors → Problems."""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sgs_tools.errors import Problem

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator, ValidationError

    from sgs_tools.data.loader import Document, JsonPath

KINDS: dict[str, str] = {
    "cards": "card",
    "deck": "deck",
    "general": "general",
    "mode": "mode",
    "expansion": "expansion",
}
"""The value of a file's ``kind:`` key → the stem of its schema file."""


def schema_dir() -> Path:
    return Path(str(resources.files("sgs_tools.data") / "schemas"))


def schema_files() -> list[Path]:
    return sorted(schema_dir().glob("*.schema.json"))


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema called ``name`` (card, deck, general, mode, expansion)."""
    with open(schema_dir() / f"{name}.schema.json", encoding="utf-8") as fh:
        loaded: dict[str, Any] = json.load(fh)
    return loaded


def inline_refs(node: Any, root: dict[str, Any], seen: tuple[str, ...] = ()) -> Any:
    """Replace local ``#/$defs/…`` references by their targets (keeping sibling keywords).

    The validator then never resolves references at run time, which makes validating
    thousands of files about twice as fast. Recursive references are left in place.
    """
    if isinstance(node, list):
        return [inline_refs(n, root, seen) for n in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/") and ref not in seen:
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        merged = {k: v for k, v in node.items() if k != "$ref"}
        inlined = inline_refs(target, root, (*seen, ref))
        if isinstance(inlined, dict):
            return {**inlined, **{k: inline_refs(v, root, seen) for k, v in merged.items()}}
    return {k: (v if k == "$defs" else inline_refs(v, root, seen)) for k, v in node.items()}


@cache
def validator(name: str) -> Draft202012Validator:
    """One validator per schema, built once and reused for every file."""
    from jsonschema import Draft202012Validator, validators

    # YAML gives whole numbers as int; a float such as 5.0 is not an integer here.
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _c, v: isinstance(v, int) and not isinstance(v, bool))
    strict = validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator, type_checker=checker)
    raw = without_editor_only(schema(name))
    return strict(inline_refs(raw, raw))  # type: ignore[no-any-return]


OPEN_ENUM = "editor-only enum:"
"""A ``$comment`` starting with this marks an ``enum`` an expansion may add to (kingdoms):
editors list the values, `sgs validate` takes any slug and checks it against the catalog."""
SLUG = "^[a-z][a-z0-9_]*(?!\\n)$"


def without_editor_only(node: Any) -> Any:
    """``node`` without what only editors use: the ``allOf`` entries marked
    ``editor-only:`` in their ``$comment`` (rules `sgs validate` checks itself with a better
    message, such as a general's health), and the ``oneOf`` beside an ``enum`` that only
    describes each value (its last branch, ``not`` the enum, makes it refuse nothing; it
    would cost time on every file); an enum marked ``editor-only enum:`` becomes any slug."""
    if isinstance(node, list):
        return [without_editor_only(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: without_editor_only(v) for k, v in node.items()}
    if str(out.get("$comment", "")).startswith(OPEN_ENUM):
        # The listed values are the base game's; a project adds its own (an expansion's
        # kingdoms), which only the catalog knows: `sgs validate` checks them there.
        for key in ("enum", "oneOf", "enumDescriptions", "markdownEnumDescriptions"):
            out.pop(key, None)
        out.update(type="string", pattern=SLUG)
        return out
    branches = out.get("oneOf")
    if ("enum" in out and isinstance(branches, list) and branches
            and branches[-1].get("not") == {"enum": out["enum"]}):
        del out["oneOf"]
    if isinstance(out.get("allOf"), list):
        kept = [e for e in out["allOf"] if not (
            isinstance(e, dict) and str(e.get("$comment", "")).startswith("editor-only:"))]
        if kept:
            out["allOf"] = kept
        else:
            del out["allOf"]
    return out


def suggest(word: str, choices: list[str] | set[str], cutoff: float = 0.75) -> str | None:
    """A "did you mean" hint for a misspelt name, or None."""
    close = difflib.get_close_matches(word, sorted(choices), n=1, cutoff=cutoff)
    return f"did you mean {close[0]!r}?" if close else None


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return f"number {value}"
    if isinstance(value, str):
        return f"string {value!r}"
    if isinstance(value, list):
        return "a list"
    return "a mapping"


_TYPE_WORDS = {"object": "a mapping", "array": "a list", "string": "a string",
               "integer": "a whole number", "number": "a number", "boolean": "true or false",
               "null": "null"}


def _leaf(error: ValidationError) -> ValidationError:
    """For anyOf/oneOf failures, the most relevant error among the alternatives."""
    from jsonschema.exceptions import best_match

    while error.validator in ("anyOf", "oneOf") and error.context:
        # Prefer the alternative whose type matched: it explains the real mistake.
        typed = [e for e in error.context if e.validator != "type"]
        pool = typed or error.context
        chosen = best_match(pool)
        if chosen is None or chosen is error:
            break
        if not typed and len({id(e.schema) for e in pool}) > 1:
            return error
        error = chosen
    return error


def _refused_key(error: ValidationError, doc: Document, path: JsonPath,
                 root: Any) -> tuple[JsonPath, str | None]:
    """The path of the key a ``"key": false`` property refused (jsonschema gives the path
    of its mapping only, and the schema path of the ``properties`` holding it), and the
    ``$comment`` of the rule that refused it, as a hint."""
    node: Any = root
    why: str | None = None
    try:
        for step in error.schema_path:
            node = node[step]
            if isinstance(node, dict) and isinstance(node.get("$comment"), str):
                why = node["$comment"]
        owner: Any = doc.data
        for step in path:
            owner = owner[step]
    except (KeyError, IndexError, TypeError):
        return path, None
    if isinstance(node, dict) and isinstance(owner, dict):
        refused = [k for k, v in node.items() if v is False and k in owner]
        if len(refused) == 1:
            return (*path, refused[0]), why
    return path, None


def _problems(error: ValidationError, doc: Document, root: Any = None) -> list[Problem]:
    # Within "one of these forms", the leaf error sees only one form (say the letters of a
    # rank); the property's own description names them all, so it makes the better hint.
    forms = (error.schema.get("description") if error.validator in ("anyOf", "oneOf")
             and isinstance(error.schema, dict) else None)
    error = _leaf(error)
    instance: Any = error.instance
    value: Any = error.validator_value
    path: JsonPath = tuple(error.absolute_path)
    kind = error.validator
    sch: Any = error.schema
    props = sch.get("properties", {}) if isinstance(sch, dict) else {}
    if kind == "required":
        missing = [k for k in value if k not in instance]
        owner = f"{path[-1]!r} is " if path and isinstance(path[-1], str) else ""
        return [Problem(doc.where(path, key=True), "missing-key",
                        f"{owner}missing required key {k!r}", f"add '{k}:'") for k in missing]
    if kind == "additionalProperties":
        patterns = sch.get("patternProperties", {})
        extra = [k for k in instance if k not in props and not patterns]
        return [Problem(doc.where((*path, k), key=True), "unknown-key",
                        f"unknown key {k!r}", suggest(k, set(props))
                        or f"allowed keys: {', '.join(sorted(props))}") for k in extra]
    if kind in ("enum", "const"):
        allowed = value if kind == "enum" else [value]
        words = [str(a) for a in allowed]
        hint = (suggest(str(instance), words) or forms
                or f"expected one of: {', '.join(words)}")
        if kind == "const":
            hint = f"expected {allowed[0]!r}"
        return [Problem(doc.where(path), "bad-value",
                        f"{_describe(instance)} is not allowed here", hint)]
    if kind == "type":
        want = value
        wants = [want] if isinstance(want, str) else list(want)
        expected = " or ".join(_TYPE_WORDS.get(w, w) for w in wants)
        return [Problem(doc.where(path), "wrong-type",
                        f"expected {expected}, found {_describe(instance)}")]
    if kind == "pattern":
        readable = sch.get("patternErrorMessage") if isinstance(sch, dict) else None
        if readable and not str(readable).startswith("an id "):
            return [Problem(doc.where(path), "bad-value",
                            f"{_describe(instance)} is not allowed here", str(readable))]
        return [Problem(doc.where(path), "bad-id",
                        f"{_describe(instance)} is not a valid id",
                        "ids are lowercase letters, digits and '_', starting with a letter")]
    if kind == "false" or error.schema is False:
        path, why = _refused_key(error, doc, path, root)
        return [Problem(doc.where(path, key=True), "unknown-key",
                        f"key {path[-1]!r} is not allowed here" if path else "not allowed",
                        why)]
    if kind == "not" and value == {} and path:  # a key refused outright ({"not": {}})
        why = sch.get("description") if isinstance(sch, dict) else None
        return [Problem(doc.where(path, key=True), "unknown-key",
                        f"key {path[-1]!r} is not allowed here", why)]
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return [Problem(doc.where(path), "out-of-range", error.message, forms)]
    if kind == "dependentRequired":
        out = []
        for key, needs in (value or {}).items():
            if isinstance(instance, dict) and key in instance:
                for need in needs:
                    if need not in instance:
                        out.append(Problem(doc.where(path), "missing-key",
                                           f"{key!r} needs {need!r} as well",
                                           f"add '{need}:' beside '{key}:'"))
        return out
    if kind in ("uniqueItems",):
        return [Problem(doc.where(path), "duplicate-item", "list has a repeated item")]
    if kind in ("anyOf", "oneOf"):
        titles = [s.get("title") or s.get("$ref", "?").rsplit("/", 1)[-1]
                  for s in value if isinstance(s, dict)]
        return [Problem(doc.where(path), "wrong-shape",
                        f"{_describe(instance)} matches none of the allowed forms",
                        f"expected {' or '.join(titles)}" if titles else None)]
    return [Problem(doc.where(path), "schema", error.message)]


@cache
def quick_check(name: str) -> Callable[[Any], bool] | None:
    """A fast yes/no check for the schema called ``name`` (sgs_tools.data.fastschema), or
    None if that schema cannot be compiled into one."""
    from sgs_tools.data.fastschema import compile_validator

    return compile_validator(validator(name))


def check(doc: Document, name: str) -> list[Problem]:
    """Every schema problem in ``doc``, located at the offending node or key. A valid
    document is recognised by the quick check; jsonschema explains the others."""
    quick = quick_check(name)
    if quick is not None and quick(doc.data):
        return []
    out: list[Problem] = []
    checker = validator(name)
    for error in checker.iter_errors(doc.data):
        out.extend(_problems(error, doc, checker.schema))
    return out

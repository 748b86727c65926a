"""JSON Schema (draft 2020-12, the keywords our schemas use) → one fast yes/no check.

Most files checked are valid, and jsonschema spends most of its time proving it: about half
a millisecond per general file. This module compiles a schema once into nested Python
closures that only answer "is this instance valid?", several times faster. It never
explains: where it says no, :func:`sgs_tools.data.schemas.check` asks jsonschema, whose
errors become the problems, exactly as before. It must never say yes where jsonschema
says no, so it compiles only keywords it implements with jsonschema's own semantics (its
equality, uniqueness and type rules); a schema with any other validating keyword is not
compiled (``compile_validator`` returns None) and every file goes to jsonschema.
tests/data/test_fastschema.py compares both on the bundled data, the example files and
mutated files.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]

class _Unsupported(Exception):
    pass


def _is_int(value: Any) -> bool:
    # as schemas.validator() redefines "integer": a YAML whole number, never a bool
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": _is_int,
    "number": _is_number,
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def _always(_value: Any) -> bool:
    return True


def _never(_value: Any) -> bool:
    return False


def _every(tests: list[Check]) -> Check:
    return lambda v: all(t(v) for t in tests)


def _some(tests: list[Check]) -> Check:
    return lambda v: any(t(v) for t in tests)


def _one(tests: list[Check]) -> Check:
    return lambda v: sum(1 for t in tests if t(v)) == 1


def _bound(applies: Check, test: Callable[[Any, Any], bool], limit: Any) -> Check:
    return lambda v: not applies(v) or test(v, limit)


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _is_list(value: Any) -> bool:
    return isinstance(value, list)


def _is_dict(value: Any) -> bool:
    return isinstance(value, dict)


_BOUNDS: dict[str, tuple[Check, Callable[[Any, Any], bool]]] = {
    "minLength": (_is_str, lambda v, n: len(v) >= n),
    "maxLength": (_is_str, lambda v, n: len(v) <= n),
    "minimum": (_is_number, lambda v, n: v >= n),
    "maximum": (_is_number, lambda v, n: v <= n),
    "exclusiveMinimum": (_is_number, lambda v, n: v > n),
    "exclusiveMaximum": (_is_number, lambda v, n: v < n),
    "minItems": (_is_list, lambda v, n: len(v) >= n),
    "maxItems": (_is_list, lambda v, n: len(v) <= n),
    "minProperties": (_is_dict, lambda v, n: len(v) >= n),
    "maxProperties": (_is_dict, lambda v, n: len(v) <= n),
}
"""Keyword → (which instances it applies to, the test with the schema's number)."""


class _Compiler:
    def __init__(self, root: Any, validating: frozenset[str]) -> None:
        self.root = root
        self.validating = validating
        self.refs: dict[str, Check] = {}

    def ref(self, ref: str) -> Check:
        if not ref.startswith("#/"):
            raise _Unsupported(f"remote $ref {ref!r}")
        found = self.refs.get(ref)
        if found is not None:
            return found
        slot: list[Check] = []
        self.refs[ref] = lambda v: slot[0](v)  # recursive references compile once
        target: Any = self.root
        for part in ref[2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        slot.append(self.schema(target))
        return self.refs[ref]

    def schema(self, node: Any) -> Check:
        from jsonschema._utils import equal, uniq

        if node is True:
            return _always
        if node is False:
            return _never
        if not isinstance(node, dict):
            raise _Unsupported(f"schema {node!r}")
        unsupported = (set(node) & self.validating) - _KNOWN
        if unsupported:  # jsonschema validates it and this module does not: let it
            raise _Unsupported(f"keywords {sorted(unsupported)}")
        checks: list[Check] = []
        types = node.get("type")
        if types is not None:
            names = [types] if isinstance(types, str) else list(types)
            if not all(isinstance(t, str) and t in _TYPES for t in names):
                raise _Unsupported(f"type {types!r}")
            tests = [_TYPES[t] for t in names]
            checks.append(tests[0] if len(tests) == 1 else _some(tests))
        if "enum" in node:
            allowed = list(node["enum"])
            hashable = all(isinstance(a, str) for a in allowed)
            if hashable:
                strings = frozenset(allowed)
                checks.append(lambda v: (v in strings) if isinstance(v, str)
                              else any(equal(v, a) for a in allowed))
            else:
                checks.append(lambda v: any(equal(v, a) for a in allowed))
        if "const" in node:
            const = node["const"]
            checks.append(lambda v: equal(v, const))
        if "pattern" in node:
            search = re.compile(node["pattern"]).search
            checks.append(lambda v: not isinstance(v, str) or search(v) is not None)
        for key, (applies, test) in _BOUNDS.items():
            if key in node:
                checks.append(_bound(applies, test, node[key]))
        if node.get("uniqueItems") is True:
            checks.append(lambda v: not isinstance(v, list) or uniq(v))
        if "items" in node:
            item = self.schema(node["items"])
            checks.append(lambda v: not isinstance(v, list) or all(item(x) for x in v))
        if "required" in node:
            required = tuple(node["required"])
            checks.append(lambda v: not isinstance(v, dict) or all(k in v for k in required))
        if "dependentRequired" in node:
            needs = {k: tuple(v) for k, v in node["dependentRequired"].items()}
            checks.append(lambda v: not isinstance(v, dict) or all(
                all(n in v for n in need) for k, need in needs.items() if k in v))
        if "propertyNames" in node:
            name_check = self.schema(node["propertyNames"])
            checks.append(lambda v: not isinstance(v, dict) or all(name_check(k) for k in v))
        if any(k in node for k in ("properties", "patternProperties", "additionalProperties")):
            checks.append(self.object_members(node))
        if "allOf" in node:
            checks.append(_every([self.schema(sub) for sub in node["allOf"]]))
        if "anyOf" in node:
            checks.append(_some([self.schema(sub) for sub in node["anyOf"]]))
        if "oneOf" in node:
            checks.append(_one([self.schema(sub) for sub in node["oneOf"]]))
        if "not" in node:
            negated = self.schema(node["not"])
            checks.append(lambda v: not negated(v))
        if "if" in node:
            condition = self.schema(node["if"])
            then = self.schema(node["then"]) if "then" in node else _always
            otherwise = self.schema(node["else"]) if "else" in node else _always
            checks.append(lambda v: then(v) if condition(v) else otherwise(v))
        if "$ref" in node:
            checks.append(self.ref(node["$ref"]))
        if not checks:
            return _always
        return checks[0] if len(checks) == 1 else _every(checks)

    def object_members(self, node: dict[str, Any]) -> Check:
        props = {k: self.schema(s) for k, s in (node.get("properties") or {}).items()}
        patterns = [(re.compile(p).search, self.schema(s))
                    for p, s in (node.get("patternProperties") or {}).items()]
        extra = node.get("additionalProperties", True)
        rest = None if extra is True else self.schema(extra)

        def check(v: Any) -> bool:
            if not isinstance(v, dict):
                return True
            for key, value in v.items():
                test = props.get(key)
                matched = test is not None
                if matched and not test(value):  # type: ignore[misc]
                    return False
                for search, sub in patterns:
                    if search(key) is not None:
                        matched = True
                        if not sub(value):
                            return False
                if not matched and rest is not None and not rest(value):
                    return False
            return True

        return check


_KNOWN = frozenset({
    "type", "enum", "const", "pattern", "minLength", "maxLength", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "uniqueItems", "items",
    "minProperties", "maxProperties", "required", "dependentRequired", "propertyNames",
    "properties", "patternProperties", "additionalProperties", "allOf", "anyOf", "oneOf",
    "not", "if", "then", "else", "$ref",
})
"""The validating keywords compiled here."""


_SAMPLES: tuple[Any, ...] = (0, 1, -3, 2.5, 5.0, True, False, None, "", "x", [], [1], {}, {"a": 1})


def compile_validator(validator: Any) -> Check | None:
    """A yes/no check for a jsonschema validator's schema, or None if the schema uses a
    keyword not compiled here or the validator's type rules are not the ones above."""
    for name, test in _TYPES.items():
        if any(validator.is_type(sample, name) != test(sample) for sample in _SAMPLES):
            return None
    validating = frozenset(type(validator).VALIDATORS)
    try:
        return _Compiler(validator.schema, validating).schema(validator.schema)
    except (_Unsupported, KeyError, TypeError, re.error):
        return None

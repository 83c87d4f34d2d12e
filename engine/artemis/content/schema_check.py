"""Validating a located document against a JSON Schema, one `Problem` per error.

All errors are collected (``iter_errors``); a oneOf/anyOf error is replaced by its most useful
sub-error (``best_match``). Schema nodes marked with ``$comment: artemis:...`` give the error a
more specific code (unknown operation, quantity, parameter, ...), and every message names the
offending key or value at its own line and column.
"""

from __future__ import annotations

from typing import Any

from jsonschema import Draft7Validator
from jsonschema.exceptions import ValidationError, best_match

from artemis.content.yamlio import Document
from artemis.problems import Problem, did_you_mean, pointer

_TYPE_NAMES = {
    "string": ("a string", '"text"'),
    "integer": ("a whole number", "2"),
    "number": ("a number", "2"),
    "boolean": ("true or false", "true"),
    "array": ("a list", "[a, b]"),
    "object": ("a mapping", "{key: value}"),
    "null": ("nothing", "~"),
}

_MARK_UNKNOWN_KEY = {
    "artemis:effect-step": ("E207", "unknown effect operation"),
    "artemis:quantity": ("E209", "unknown quantity"),
    "artemis:target": ("E214", "unknown event target"),
}
_MARK_ENUM = {
    "artemis:param": ("E210", "unknown rule parameter"),
    "artemis:game-event": ("E211", "unknown game event"),
    "artemis:colonist-type": ("E213", "unknown colonist type"),
    "artemis:target": ("E214", "unknown event target"),
}


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= 60 else text[:57] + "..."


def schema_problems(doc: Document, validator: Draft7Validator) -> list[Problem]:
    """Every schema error of ``doc`` as located problems, sorted by position."""
    out: list[Problem] = []
    for error in validator.iter_errors(doc.data):
        out.extend(_convert(doc, _deepest(error)))
    seen: set = set()
    unique = []
    for p in sorted(out, key=lambda p: (p.line, p.column, p.code)):
        key = (p.line, p.column, p.code, p.message)
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return unique


def _deepest(error: ValidationError) -> ValidationError:
    while error.validator in ("oneOf", "anyOf", "allOf") and error.context:
        # a one-key map that names an unknown key fails every branch: report the key
        best = best_match(error.context)
        if best is None:
            break
        error = best
    return error


def _mark(error: ValidationError) -> str:
    schema = error.schema if isinstance(error.schema, dict) else {}
    return str(schema.get("$comment", ""))


def _convert(doc: Document, error: ValidationError) -> list[Problem]:
    path = tuple(error.absolute_path)
    v = error.validator
    schema = error.schema if isinstance(error.schema, dict) else {}
    mark = _mark(error)
    inst = error.instance

    def at(p: tuple, code: str, message: str, hint: str = "", key: bool = False) -> Problem:
        line, col = doc.position(p, key=key)
        return Problem(doc.file, line, col, pointer(p), code, message, hint)

    if v == "additionalProperties" and isinstance(inst, dict):
        allowed = list(schema.get("properties", {}))
        extras = [k for k in inst if k not in allowed]
        code, what = _MARK_UNKNOWN_KEY.get(mark, ("E203", "unknown key"))
        return [at((*path, k), code, f"{what} '{k}'", did_you_mean(k, allowed), key=True)
                for k in extras]
    if v == "required":
        missing = [k for k in error.validator_value if isinstance(inst, dict) and k not in inst]
        where = _where(path)
        return [at(path, "E202", f"missing field '{k}'{where}", _example_for(schema, k))
                for k in missing]
    if v in ("minProperties", "maxProperties") and mark == "artemis:effect-step":
        names = ", ".join(inst) if isinstance(inst, dict) else ""
        msg = ("an effect step needs an operation" if v == "minProperties"
               else f"an effect step holds one operation, found {len(inst)}: {names}")
        return [at(path, "E208", msg, "write each operation as its own list entry: "
                   "[{gain: {energy: 1}}, {vp: 1}]")]
    if v in ("minProperties", "maxProperties") and mark in _MARK_UNKNOWN_KEY:
        code, what = _MARK_UNKNOWN_KEY[mark]
        return [at(path, "E206", f"a {what.split()[-1]} is a one-key map, found "
                   f"{len(inst) if isinstance(inst, dict) else 0} keys",
                   "for example {held: {item: badges}}")]
    if v in ("enum", "const"):
        allowed = error.validator_value if v == "enum" else [error.validator_value]
        code, what = _MARK_ENUM.get(mark, ("E204", "value"))
        shown = _show(inst)
        if code == "E204":
            msg = f"{shown} is not allowed here"
        else:
            msg = f"{what} {shown}"
        hint = did_you_mean(inst, [str(a) for a in allowed]) if allowed else ""
        return [at(path, code, msg, hint)]
    if v == "type":
        want = error.validator_value
        wants = want if isinstance(want, list) else [want]
        name, example = _TYPE_NAMES.get(wants[0], (str(wants[0]), ""))
        hint = f"expected {name}, for example {example}" if example else f"expected {name}"
        if "string" in wants and path in doc.texts:
            hint = f"quote it: \"{doc.texts[path]}\" (YAML read it as {_kind(inst)})"
        return [at(path, "E201", f"expected {name}, got {_kind(inst)} {_show(inst)}", hint)]
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = error.validator_value
        rel = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
               "exclusiveMaximum": "less than"}[v]
        return [at(path, "E205", f"{_show(inst)} is out of range: must be {rel} {bound}",
                   f"use a number {rel} {bound}")]
    if v in ("minItems", "maxItems", "minProperties", "maxProperties", "minLength"):
        n = len(inst) if hasattr(inst, "__len__") else 0
        bound = error.validator_value
        rel = "at least" if v.startswith("min") else "at most"
        unit = "characters" if v == "minLength" else "entries"
        return [at(path, "E206", f"{n} {unit}, must be {rel} {bound}",
                   schema.get("description", ""))]
    if v == "oneOf" and "set" in str(schema.get("oneOf", "")):
        return [at(path, "E206", "a modify gives exactly one of 'set' or 'add'",
                   "for example {param: outfitter_bonus, add: 1}")]
    if v == "pattern":
        return [at(path, "E204", f"{_show(inst)} does not match the required form",
                   schema.get("description", ""))]
    return [at(path, "E219", error.message, schema.get("description", ""))]


def _where(path: tuple) -> str:
    return f" in {pointer(path)}" if path else ""


def _example_for(schema: dict, key: str) -> str:
    prop = schema.get("properties", {}).get(key, {})
    if isinstance(prop, dict):
        ex = prop.get("examples")
        if ex:
            return f"add {key}: {ex[0]}"
        desc = prop.get("description")
        if desc:
            return f"add {key}: {desc}"
    return f"add the field '{key}'"

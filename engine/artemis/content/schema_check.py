"""Validating a located document against a JSON Schema, one `Problem` per error.

All errors are collected (``iter_errors``); a oneOf/anyOf error is replaced by its most useful
sub-error (``best_match``). Schema nodes marked with ``$comment: artemis:...`` give the error a
more specific code (unknown operation, quantity, parameter, ...); a game's own word for its
events rides on the mark (``artemis:game-event:window``: E211 "unknown window 'x'", every
allowed name in the hint when none is close), as do a game's own list of words and its code
(``artemis:enum:E213:colonist type``: E213 "unknown colonist type 'x'"), and every message
names the offending key or value at its own line and column.
"""

from __future__ import annotations

from typing import Any

from jsonschema import Draft7Validator
from jsonschema.exceptions import ValidationError, best_match

from artemis.content.flowtext import flow_text
from artemis.content.problems import Problem, did_you_mean, pointer
from artemis.content.yamlio import Document
from artemis.util.plural import counted

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
    if isinstance(value, bool) or value is None:
        return flow_text(value)  # as YAML writes it: true, false, ~
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= 60 else text[:57] + "..."


def describe(value: Any) -> str:
    """A value for a message: its kind, then the value itself (``a string 'x'``)."""
    return _kind(value) if value is None or isinstance(value, list | dict) else (
        f"{_kind(value)} {_show(value)}")


MAX_PROBLEMS = 50  # problems listed per file; the rest are counted in one E299 line


def schema_problems(doc: Document, validator: Draft7Validator,
                    limit: int = MAX_PROBLEMS) -> list[Problem]:
    """The schema errors of ``doc`` as located problems, sorted by position: at most
    ``limit``, then one E299 problem "... and N more problems in FILE" (`cap_problems`).

    jsonschema's errors are read only until ``limit`` problems are found, and an error naming
    many keys (300,000 unknown keys) is converted only for its first ``limit`` keys, so a huge
    document costs no more than a small one here."""
    out: list[Problem] = []
    more = 0
    stopped = False
    for error in validator.iter_errors(doc.data):
        if len(out) >= limit:
            stopped = True  # the count of the rest is unknown: reading them is the cost
            break
        found, skipped = _convert(doc, _deepest(error), validator.schema, limit - len(out))
        out.extend(found)
        more += skipped
    seen: set = set()
    unique = []
    for p in sorted(out, key=lambda p: (p.line, p.column, p.code)):
        key = (p.line, p.column, p.code, p.message)
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return cap_problems(unique, doc.file, limit, more, stopped)


def cap_problems(problems: list[Problem], file: str, limit: int = MAX_PROBLEMS,
                 more: int = 0, unknown_more: bool = False) -> list[Problem]:
    """``problems`` cut to the first ``limit``, then one E299 problem counting the rest
    (``more`` problems already left out are added; ``unknown_more``: some were not counted,
    the line says "more" without a number). A list within the limit is returned as it is."""
    extra = max(0, len(problems) - limit) + more
    if not extra and not unknown_more:
        return problems
    kept = problems[:limit]
    if unknown_more:
        count = f"at least {extra + 1}" if extra else "more"
        message = f"... and {count} more problems in {file}".replace("more more", "more")
    else:
        message = f"... and {extra} more problems in {file}"
    last = kept[-1] if kept else None
    return [*kept, Problem(file, last.line if last else 0, last.column if last else 0, "",
                           "E299", message, f"only the first {limit} problems are listed: "
                           "fix these and check again")]


def _deepest(error: ValidationError) -> ValidationError:
    while error.validator in ("oneOf", "anyOf", "allOf") and error.context:
        if error.validator == "oneOf" and _only_required(error.validator_value):
            break  # {set} | {add}: _convert reports "exactly one of", not a missing field
        context = error.context
        if _mark(error) == "artemis:target":
            if not isinstance(error.instance, dict):
                break  # a bare name or a wrong type: _convert reports it as a target
            # a map is the keyed form: report its own error, not "expected a string"
            context = [e for e in context if list(e.relative_schema_path)[:1] != [0]] or context
        # a branch whose type the value does not have (the list form, for a mapping) says
        # nothing useful: report the error of the branch of the value's own shape ("7 is out
        # of range" at the face), which best_match, preferring shallow errors, would not
        wrong = {e.relative_schema_path[0] for e in context
                 if e.validator == "type" and not e.path and e.relative_schema_path}
        context = [e for e in context if list(e.relative_schema_path)[:1] and
                   e.relative_schema_path[0] not in wrong] or context
        # a one-key map that names an unknown key fails every branch: report the key
        best = best_match(context)
        if best is None:
            break
        error = best
    return error


def _only_required(branches: Any) -> bool:
    return isinstance(branches, list) and bool(branches) and all(
        isinstance(b, dict) and set(b) == {"required"} for b in branches)


def _mark(error: ValidationError) -> str:
    schema = error.schema if isinstance(error.schema, dict) else {}
    return str(schema.get("$comment", ""))


def _convert(doc: Document, error: ValidationError, root: dict | None = None,
             limit: int = MAX_PROBLEMS) -> tuple[list[Problem], int]:
    """The problems for one error (at most ``limit``) and how many more it holds."""
    found = _convert_all(doc, error, root, limit)
    if isinstance(found, tuple):
        return found
    return found[:limit], max(0, len(found) - limit)


def _convert_all(doc: Document, error: ValidationError, root: dict | None,
                 limit: int) -> list[Problem] | tuple[list[Problem], int]:
    path = tuple(error.absolute_path)
    v = error.validator
    schema = error.schema if isinstance(error.schema, dict) else {}
    mark = _mark(error)
    inst = error.instance

    def at(p: tuple, code: str, message: str, hint: str = "", key: bool = False) -> Problem:
        line, col = doc.position(p, key=key)
        return Problem(doc.file, line, col, pointer(p), code, message, hint)

    if v == "oneOf" and mark == "artemis:target":
        return [_target(at, path, schema, inst, root)]
    if v == "additionalProperties" and isinstance(inst, dict):
        allowed = list(schema.get("properties", {}))
        extras = [k for k in inst if k not in allowed]
        code, what = _MARK_UNKNOWN_KEY.get(mark, ("E203", "unknown key"))
        # did_you_mean costs a difflib search: only for the keys that are listed
        return ([at((*path, k), code, f"{what} '{k}'", did_you_mean(k, allowed), key=True)
                 for k in extras[:limit]], max(0, len(extras) - limit))
    if v == "required":
        missing = [k for k in error.validator_value if isinstance(inst, dict) and k not in inst]
        allowed = list(schema.get("properties", {}))
        misspelt: list[Problem] = []
        if allowed and isinstance(inst, dict):
            # a misspelt key ('slot' for 'slots') is reported once, as the unknown key
            # (the keys an E203 lists: the first MAX_PROBLEMS unknown ones)
            unknown = [k for k in inst if k not in allowed][:MAX_PROBLEMS]
            near = {did_you_mean(k, allowed): k for k in unknown}
            hints = {k: f"did you mean '{k}'?" for k in missing}
            if schema.get("additionalProperties") is not False:
                # no additionalProperties error will name it (a board row, whose keys depend
                # on its table): name it here, or nothing at all would be reported
                misspelt = [at((*path, near[hints[k]]), "E203",
                               f"unknown key '{near[hints[k]]}'", hints[k], key=True)
                            for k in missing if hints[k] in near]
            missing = [k for k in missing if hints[k] not in near]
        where = _where(path)
        return misspelt + [at(path, "E202", f"missing field '{k}'{where}",
                              _example_for(schema, k, root)) for k in missing]
    if v in ("minProperties", "maxProperties") and mark == "artemis:effect-step":
        names = ", ".join(inst) if isinstance(inst, dict) else ""
        msg = ("an effect step needs an operation" if v == "minProperties"
               else f"an effect step holds one operation, found {len(inst)}: {names}")
        return [at(path, "E208", msg, "write each operation as its own list entry: "
                   f"[{_step_example(root)}, {{vp: 1}}]")]
    if v in ("minProperties", "maxProperties") and mark in _MARK_UNKNOWN_KEY:
        code, what = _MARK_UNKNOWN_KEY[mark]
        quantity = _quantity_example(root)
        example = (f"{{players_with_most: {quantity}}}" if mark == "artemis:target"
                   else quantity)
        return [at(path, "E206", f"a {what.split()[-1]} is a one-key map, found "
                   f"{len(inst) if isinstance(inst, dict) else 0} keys",
                   f"for example {example}")]
    if v in ("enum", "const"):
        allowed = error.validator_value if v == "enum" else [error.validator_value]
        code, what = _MARK_ENUM.get(mark, ("E204", "value"))
        if mark.startswith("artemis:enum:"):  # a game's own list, its own code and word
            _, _, code, word = mark.split(":", 3)
            what = f"unknown {word}"
        named = mark.startswith("artemis:game-event:")
        if named:  # a game's own word for its events: "artemis:game-event:window"
            code, what = "E211", f"unknown {mark.split(':', 2)[2]}"
        shown = _show(inst)
        if code == "E204":
            msg = f"{shown} is not allowed here"
        else:
            msg = f"{what} {shown}"
        hint = did_you_mean(flow_text(inst), [flow_text(a) for a in allowed]) if allowed else ""
        if named and not hint and allowed:  # nothing close: name them all
            hint = "expected one of: " + ", ".join(flow_text(a) for a in allowed)
        return [at(path, code, msg, hint)]
    if v == "type":
        want = error.validator_value
        wants = want if isinstance(want, list) else [want]
        name, example = _TYPE_NAMES.get(wants[0], (str(wants[0]), ""))
        if schema.get("examples"):
            example = flow_text(schema["examples"][0])
        if mark == "artemis:effect-step":
            example = _step_example(root)
            name = "a mapping {operation: parameters}"
        hint = f"expected {name}, for example {example}" if example else f"expected {name}"
        text = doc.texts.get(path)
        if inst is None and not text:
            hint = f"write a value after the colon: {name}, for example {example}"
        elif "string" in wants and text is not None:
            hint = f"quote it: \"{text}\" (YAML read it as {_kind(inst)})"
        # the field's name first: the line and column point at the value, not at its key
        field = f"'{path[-1]}': " if path and isinstance(path[-1], str) else ""
        return [at(path, "E201", f"{field}expected {name}, got {describe(inst)}", hint)]
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
        if v in ("minItems", "maxItems") and schema.get("minItems") == schema.get("maxItems"):
            rel = "exactly"  # as the hint (the schema's description) says: "Exactly two ..."
        unit = ("character", "characters") if v == "minLength" else ("entry", "entries")
        what = f"'{path[-1]}'" if path and isinstance(path[-1], str) else "this list"
        return [at(path, "E206", f"{what} has {counted(n, *unit)}, must have {rel} {bound}",
                   schema.get("description", ""))]
    if v == "oneOf" and "set" in str(schema.get("oneOf", "")):
        return [at(path, "E206", "a modify gives exactly one of 'set' or 'add'",
                   f"for example {{param: {_param_example(root)}, add: 1}}")]
    if v == "pattern":
        return [at(path, "E204", f"{_show(inst)} does not match the required form",
                   schema.get("description", ""))]
    return [at(path, "E219", error.message, schema.get("description", ""))]


def _quantity_example(root: dict | None) -> str:
    """A quantity in the game's words: the first example its schema gives (`Registry`)."""
    examples = ((root or {}).get("definitions", {}).get("quantity") or {}).get("examples")
    return flow_text(examples[0]) if examples else "{QUANTITY: {...}}"


def _step_example(root: dict | None) -> str:
    """An effect step in the game's words: ``gain`` of one of the first item its schema lists
    (the Project: "{gain: {energy: 1}}")."""
    items = ((root or {}).get("definitions", {}).get("items") or {}).get("properties") or {}
    return f"{{gain: {{{next(iter(items), 'ITEM')}: 1}}}}"


def _param_example(root: dict | None) -> str:
    """A rule parameter a ``modify`` may add to: the first example the game's schema gives
    (`Registry`: its first whole-number parameter of a player), else PARAMETER."""
    examples = ((root or {}).get("definitions", {}).get("param") or {}).get("examples")
    return examples[0] if examples else "PARAMETER"


def _target(at, path: tuple, schema: dict, inst: Any, root: dict | None = None) -> Problem:
    """An event target that is neither a known bare name nor a one-key map."""
    branches = schema.get("oneOf", [])
    bare = [n for b in branches for n in b.get("enum", [])]
    keyed = [n for b in branches for n in b.get("properties", {})]
    example = f"{{players_with_most: {_quantity_example(root)}}}"
    if isinstance(inst, str) and inst in keyed:
        return at(path, "E214", f"event target '{inst}' needs a quantity",
                  f"write {{{inst}: QUANTITY}}, for example "
                  f"{example.replace('players_with_most', inst)}")
    if isinstance(inst, str):
        return at(path, "E214", f"unknown event target '{inst}'",
                  did_you_mean(inst, bare + keyed))
    return at(path, "E201", f"expected an event target, got {describe(inst)}",
              f"a target is {' or '.join(bare)}, or a one-key map such as {example}")


def _where(path: tuple) -> str:
    return f" in {pointer(path)}" if path else ""


def _example_for(schema: dict, key: str, root: dict | None = None) -> str:
    prop = schema.get("properties", {}).get(key, {})
    ref = prop.get("$ref", "") if isinstance(prop, dict) else ""
    if root and ref.startswith("#/definitions/"):
        prop = root.get("definitions", {}).get(ref.split("/")[-1], prop)
    if isinstance(prop, dict):
        ex = prop.get("examples")
        if ex:
            return f"add {key}: {flow_text(ex[0])}"
        desc = prop.get("description")
        if desc:
            return f"add {key} ({desc.rstrip('.')})"
    return f"add the field '{key}'"

"""Partial matchers in a scenario's expected values (docs/scenarios.md, Matchers).

A mapping whose keys are all matcher names (`MATCHERS`: ``includes``, ``excludes``, ``length``,
``sum``, ``count``, ``matches``, ``at_least``, ``at_most``) states something about the value
instead of being compared with it; every matcher of the mapping must hold. The names follow
Jest and hamcrest (``arrayContaining``/``has_items``, ``toHaveLength``/``has_length``,
``matches_regexp``, ``greater_than_or_equal_to``), and no key of a game's view uses them (a
test checks it), so a mapping of them never means a mapping of the view. ``count: {where:
ITEM, is: N}`` counts the entries of a list that ITEM matches (a mapping: only its keys).

`matcher_problems(value)` checks the arguments when the file is read; `mismatch(matcher,
actual, same)` says why a value does not match (``same(expected, actual)`` compares a listed
item, with the runner's rules), or None.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from artemis.scenario.schema import MATCHERS


def is_matcher(value) -> bool:
    """Whether ``value`` is a matcher: a non-empty mapping whose keys are all matcher names."""
    return isinstance(value, dict) and bool(value) and all(k in MATCHERS for k in value)


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def matcher_problems(value, path: tuple = ()) -> list[tuple[tuple, str, str]]:
    """Every bad matcher inside ``value``: (path, message, hint). A mapping that mixes matcher
    names and other keys is one (it would silently be a mapping of keys)."""
    out: list[tuple[tuple, str, str]] = []
    if isinstance(value, list):
        for i, item in enumerate(value):
            out += matcher_problems(item, (*path, i))
        return out
    if not isinstance(value, dict):
        return out
    named = [k for k in value if k in MATCHERS]
    if named and len(named) != len(value):
        other = next(k for k in value if k not in MATCHERS)
        return [((*path, other), f"'{other}' beside the matcher '{named[0]}': a mapping is "
                 "either matchers or keys of the view", "put the matchers in a mapping of "
                 "their own, under the key they check")]
    if not named:
        for k, v in value.items():
            out += matcher_problems(v, (*path, k))
        return out
    for name, arg in value.items():
        at = (*path, name)
        if name in ("includes", "excludes"):
            if not isinstance(arg, (list, str)):
                out.append((at, f"{name} takes a list of items (or a text), got "
                            f"{json.dumps(arg)}", f"for example {name}: [send:none]"))
            elif isinstance(arg, list):
                out += matcher_problems(arg, at)
        elif name in ("length", "sum"):
            if not (_number(arg) or is_matcher(arg)):
                out.append((at, f"{name} takes a number or a matcher, got {json.dumps(arg)}",
                            f"for example {name}: 2 or {name}: {{at_least: 1}}"))
            elif isinstance(arg, dict):
                out += matcher_problems(arg, at)
        elif name == "count":
            out += _count_problems(arg, at)
        elif name == "matches":
            if not isinstance(arg, str):
                out.append((at, f"matches takes a regular expression (a text), got "
                            f"{json.dumps(arg)}", "for example matches: '^send:'"))
            else:
                try:
                    re.compile(arg)
                except re.error as exc:
                    out.append((at, f"not a regular expression: {exc}",
                                "Python's re syntax; quote the text in YAML"))
        elif not _number(arg):  # at_least, at_most
            out.append((at, f"{name} takes a number, got {json.dumps(arg)}",
                        f"for example {name}: 1"))
    return out


def _count_problems(arg, at: tuple) -> list[tuple[tuple, str, str]]:
    """The problems of ``count``'s argument: {where: ITEM, is: N}, N a number or a matcher."""
    hint = "for example count: {where: {KEY: VALUE}, is: 2} (the items whose KEY is VALUE)"
    if not isinstance(arg, dict):
        return [(at, f"count takes {{where: ITEM, is: N}}, got {json.dumps(arg)}", hint)]
    other = [k for k in arg if k not in ("where", "is")]
    if other:
        return [((*at, other[0]), f"count has no '{other[0]}': it takes where and is", hint)]
    missing = [k for k in ("where", "is") if k not in arg]
    if missing:
        return [(at, f"count needs '{missing[0]}': {{where: ITEM, is: N}}", hint)]
    out = matcher_problems(arg["where"], (*at, "where"))
    number = arg["is"]
    if not (_number(number) or is_matcher(number)):
        out.append(((*at, "is"), f"count's is takes a number or a matcher, got "
                    f"{json.dumps(number)}", "for example is: 2 or is: {at_least: 1}"))
    elif isinstance(number, dict):
        out += matcher_problems(number, (*at, "is"))
    return out


def mismatch(matcher: dict, actual, same: Callable) -> str | None:
    """Why ``actual`` does not match ``matcher`` (the first matcher, in the order written,
    that fails), or None when every one holds."""
    for name, arg in matcher.items():
        why = _CHECKS[name](arg, actual, same)
        if why is not None:
            return why
    return None


def _show(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def _items(arg) -> list:
    return arg if isinstance(arg, list) else [arg]


def _has(actual, item, same) -> bool:
    if isinstance(actual, str):
        return isinstance(item, str) and item in actual
    if isinstance(actual, dict):
        return isinstance(item, str) and item in actual
    return any(same(item, a) for a in actual)


def _includes(arg, actual, same) -> str | None:
    if not isinstance(actual, (list, dict, str)):
        return f"a list, mapping or text including {_show(arg)}"
    missing = [i for i in _items(arg) if not _has(actual, i, same)]
    return f"to include {_show(missing[0])}" if missing else None


def _excludes(arg, actual, same) -> str | None:
    if not isinstance(actual, (list, dict, str)):
        return f"a list, mapping or text excluding {_show(arg)}"
    present = [i for i in _items(arg) if _has(actual, i, same)]
    return f"not to include {_show(present[0])}" if present else None


def _count(name: str, arg, got, same) -> str | None:
    if is_matcher(arg):
        why = mismatch(arg, got, same)
        return f"a {name} {why} (the {name} is {got})" if why else None
    return None if same(arg, got) else f"a {name} of {_show(arg)} (the {name} is {got})"


def _length(arg, actual, same) -> str | None:
    if not isinstance(actual, (list, dict, str)):
        return "a list, mapping or text (to have a length)"
    return _count("length", arg, len(actual), same)


def _sum(arg, actual, same) -> str | None:
    values = list(actual.values()) if isinstance(actual, dict) else actual
    if not isinstance(values, list) or not all(map(_number, values)):
        return "numbers to add up (a list or a mapping of numbers)"
    return _count("sum", arg, sum(values), same)


def _count_where(arg, actual, same) -> str | None:
    where = arg["where"]
    if not isinstance(actual, list):
        return f"a list (to count its entries where {_show(where)})"
    got = sum(1 for a in actual if same(where, a))
    if is_matcher(arg["is"]):
        why = mismatch(arg["is"], got, same)
        return (f"a count where {_show(where)} {why} (the count is {got})" if why else None)
    word = "entry" if arg["is"] == 1 else "entries"
    return None if same(arg["is"], got) else (
        f"{_show(arg['is'])} {word} where {_show(where)} (the count is {got})")


def _matches(arg, actual, same) -> str | None:
    if not isinstance(actual, str):
        return f"a text matching /{arg}/"
    return None if re.search(arg, actual) else f"to match /{arg}/"


def _at_least(arg, actual, same) -> str | None:
    if not _number(actual):
        return f"a number at least {arg}"
    return None if actual >= arg else f"at least {arg}"


def _at_most(arg, actual, same) -> str | None:
    if not _number(actual):
        return f"a number at most {arg}"
    return None if actual <= arg else f"at most {arg}"


_CHECKS: dict[str, Callable] = {
    "includes": _includes, "excludes": _excludes, "length": _length, "sum": _sum,
    "count": _count_where, "matches": _matches, "at_least": _at_least, "at_most": _at_most,
}

"""The fast path of `artemis.content.yamlio.parse`: libyaml's C parser, through PyYAML.

ruamel.yaml's pure-Python parser costs about 40 times as much as libyaml for the same text, so
the common document (plain mappings, lists and scalars, no tag, anchor, alias or directive, one
document) is read from libyaml's event stream, building the same plain values and positions as
yamlio's ``_Builder``. Anything else, including every error, returns None and the caller parses
the text again with ruamel.yaml, which reports it: the codes, messages, lines and columns of
every problem stay those of the full parser.

Plain scalars are resolved with the YAML 1.2 rules ruamel.yaml applies (``yes`` and ``on`` stay
strings), by the same regular expressions (``_RESOLVERS``, checked against ruamel's by
tests/test_yaml_fast.py). The limits hold while events stream in: nesting deeper than
`MAX_DEPTH` or more than `MAX_NODES` nodes stop the fast path before anything is composed, so no
recursion and no quadratic scan happen here.
A text with anchors or aliases is read to its end here all the same, counting the alias uses:
more than `MAX_ALIAS_NODES` is refused at once (E109, as the full parser would after composing
the text in pure Python, seconds for 200,000 aliases); fewer go to the full parser.
"""

from __future__ import annotations

import re
from typing import Any

from artemis.content.yamlio import (
    _STD,
    MAX_ALIAS_NODES,
    MAX_DEPTH,
    MAX_NODES,
    Document,
    YamlProblem,
    _Builder,
    _problem,
)

_STR = _STD + "str"

# ruamel.yaml's YAML 1.2 implicit resolvers (ruamel/yaml/resolver.py), by first character, in
# its order; a plain scalar matching none is a string
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_FLOAT = re.compile(r"""^(?:
     [-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?
    |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)
    |[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?
    |[-+]?\.(?:inf|Inf|INF)
    |\.(?:nan|NaN|NAN))$""", re.X)
_INT = re.compile(r"""^(?:[-+]?0b[0-1_]+
    |[-+]?0o?[0-7_]+
    |[-+]?[0-9_]+
    |[-+]?0x[0-9a-fA-F_]+)$""", re.X)
_MERGE = re.compile(r"^(?:<<)$")
_NULL = re.compile(r"""^(?: ~
    |null|Null|NULL
    | )$""", re.X)
_TIMESTAMP = re.compile(r"""^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]
    |[0-9][0-9][0-9][0-9] -[0-9][0-9]? -[0-9][0-9]?
    (?:[Tt]|[ \t]+)[0-9][0-9]?
    :[0-9][0-9] :[0-9][0-9] (?:\.[0-9]*)?
    (?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$""", re.X)
_VALUE = re.compile(r"^(?:=)$")
_YAML = re.compile(r"^(?:!|&|\*)$")

_RESOLVERS: dict[str, list[tuple[str, re.Pattern]]] = {}
for _tag, _rx, _first in (
        ("bool", _BOOL, "tTfF"), ("float", _FLOAT, "-+0123456789."),
        ("int", _INT, "-+0123456789"), ("merge", _MERGE, "<"), ("null", _NULL, ["~", "n", "N", ""]),
        ("timestamp", _TIMESTAMP, "0123456789"), ("value", _VALUE, "="), ("yaml", _YAML, "!&*")):
    for _ch in _first:
        _RESOLVERS.setdefault(_ch, []).append((_STD + _tag, _rx))


def resolve(value: str) -> str:
    """The tag ruamel.yaml (YAML 1.2) gives the plain scalar ``value``."""
    for tag, rx in _RESOLVERS.get(value[:1], ()):
        if rx.match(value):
            return tag
    return _STR


class _Scalar:
    """The little of a ruamel ScalarNode that ``_Builder.scalar`` reads."""

    __slots__ = ("tag", "value", "start_mark")

    def __init__(self, tag: str, value: str, start_mark):
        self.tag, self.value, self.start_mark = tag, value, start_mark


_parser_class: Any = None


def available() -> bool:
    """True when PyYAML with libyaml is installed (else every text takes the full parser)."""
    global _parser_class
    if _parser_class is None:
        try:
            from yaml import events
            from yaml._yaml import CParser
        except ImportError:  # no PyYAML, or PyYAML built without libyaml
            _parser_class = False
        else:
            _parser_class = (CParser, events)
    return _parser_class is not False


def parse(text: str, file: str) -> Document | None:
    """``text`` (one non-empty YAML document, BOM removed) as a `Document`, or None when the
    text needs the full parser: a syntax error, a tag, an anchor or alias, a directive, a key
    that is not a scalar, a duplicate key, several documents, or a limit passed."""
    if not available() or "\x85" in text or "\u2028" in text or "\u2029" in text:
        return None  # YAML 1.1 (libyaml) reads these as line breaks, 1.2 (ruamel) does not
    CParser, ev = _parser_class
    try:
        return _build(CParser(text), ev, file)
    except _TooManyAliases as exc:
        # every alias is at least one node: ruamel would refuse it too (E109), after composing
        # the whole text in pure Python (seconds for 200,000 aliases); refuse it now
        raise _problem(file, "E109", f"aliases expand to more than {MAX_ALIAS_NODES} nodes",
                       "write the values out instead of nesting aliases", *exc.at,
                       exc.path) from None
    except (_Fallback, YamlProblem, UnicodeError):  # UnicodeError: a lone surrogate
        return None
    except Exception as exc:  # libyaml's errors (yaml.YAMLError and kin): ruamel reports them
        if type(exc).__module__.startswith("yaml"):
            return None
        raise


class _Fallback(Exception):
    """The text needs the full parser."""


class _TooManyAliases(Exception):
    """More alias uses than `MAX_ALIAS_NODES`; ``at`` and ``path`` are those of the list or
    mapping holding the first alias past the limit."""

    def __init__(self, at: tuple[int, int], path: tuple):
        self.at, self.path = at, path
        super().__init__(f"too many aliases at {at}")


def _build(parser, ev, file: str) -> Document:
    get = parser.get_event
    scalar_ev, map_ev, seq_ev = ev.ScalarEvent, ev.MappingStartEvent, ev.SequenceStartEvent
    end_evs = (ev.MappingEndEvent, ev.SequenceEndEvent)
    alias_ev = ev.AliasEvent
    # anchors and aliases need the full parser, but their number is counted here first: a
    # text with more alias uses than MAX_ALIAS_NODES is refused without composing it
    aliases = 0
    full = False
    if type(get()) is not ev.StreamStartEvent:
        raise _Fallback
    start = get()
    if type(start) is not ev.DocumentStartEvent or start.version or start.tags:
        raise _Fallback
    doc = Document(file, None)
    values, keys = doc.values, doc.keys
    builder = _Builder(doc)  # for scalars other than plain strings: the same conversion
    # one frame per open collection: [container, path, is_mapping, key, key_path, key_end]
    stack: list[list] = []
    nodes = 0
    root: Any = None
    while True:
        e = get()
        t = type(e)
        if t in end_evs:
            frame = stack.pop()
            if frame[3] is not None:
                raise _Fallback  # a key without a value: libyaml and ruamel disagree
            if not stack:
                root = frame[0]
                break
            continue
        if t is alias_ev:
            aliases += 1
            if aliases > MAX_ALIAS_NODES and stack:
                raise _TooManyAliases(values.get(stack[-1][1], (1, 1)), stack[-1][1])
            full = True
            if not stack:
                raise _Fallback
            frame = stack[-1]
            if frame[2]:  # in a mapping: a key, or the value after one
                if frame[3] is None:
                    raise _Fallback  # an alias as a key
                frame[0][frame[3]] = None  # a stand-in: the full parser builds the value
                frame[3] = None
            else:
                frame[0].append(None)  # keeps the indexes (and so the paths) of what follows
            continue
        if t is not scalar_ev and t is not map_ev and t is not seq_ev:
            raise _Fallback  # an event out of place
        if e.tag is not None:
            raise _Fallback
        if e.anchor is not None:
            full = True
        nodes += 1
        if nodes > MAX_NODES or len(stack) > MAX_DEPTH:
            raise _Fallback
        mark = e.start_mark
        if stack:
            frame = stack[-1]
            parent_path = frame[1]
            if frame[2]:  # a mapping
                if frame[3] is None:  # this event is a key
                    if t is not scalar_ev:
                        raise _Fallback
                    value = e.value
                    tag = resolve(value) if e.implicit[0] else _STR
                    if tag == _STR and value.isascii():
                        key = value
                    else:
                        if tag == _STD + "merge":
                            raise _Fallback
                        key = builder.scalar(_Scalar(tag, value, mark), parent_path)
                        if not isinstance(key, str):
                            key = value
                    kpath = (*parent_path, key)
                    if kpath in keys:
                        raise _Fallback  # a duplicate key (E106)
                    keys[kpath] = (mark.line + 1, mark.column + 1)
                    frame[3], frame[4], frame[5] = key, kpath, e.end_mark
                    continue
                key, path, key_end = frame[3], frame[4], frame[5]
                frame[3] = None
            else:
                key, key_end = len(frame[0]), None
                path = (*parent_path, key)
        elif t is scalar_ev:
            raise _Fallback  # a scalar document: never content, and ruamel may read it as none
        else:
            key, path, key_end = None, (), None
        if t is scalar_ev:
            value = e.value
            tag = resolve(value) if e.implicit[0] else _STR
            if value == "" and not e.style and key_end is not None:
                # `key:` with nothing after: placed just after the key's colon, as _Builder does
                values[path] = (key_end.line + 1, key_end.column + 2)
            else:
                values[path] = (mark.line + 1, mark.column + 1)
            if tag == _STR and value.isascii():
                node: Any = value
            else:
                node = builder.scalar(_Scalar(tag, value, mark), path)
        else:
            values[path] = (mark.line + 1, mark.column + 1)
            node = {} if t is map_ev else []
        if stack:
            frame = stack[-1]
            if frame[2]:
                frame[0][key] = node
            else:
                frame[0].append(node)
        if t is not scalar_ev:
            stack.append([node, path, t is map_ev, None, None, None])
    if type(get()) is not ev.DocumentEndEvent or type(get()) is not ev.StreamEndEvent:
        raise _Fallback  # more than one document (E111)
    if full:
        raise _Fallback  # anchors and aliases: ruamel's _Builder expands and bounds them
    doc.data = root
    return doc
